"""Games over days by mail (server/mail.py): a claimed name that gave an address is mailed when
it is their turn at a turn-based table, and reminded a day later, through a real SMTP server
(aiosmtpd's, on this machine); a bad address or --smtp URL is refused clearly."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from email import message_from_bytes
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from ludotheque.server import create_app
from ludotheque.server.hosting import Hosting
from ludotheque.server.mail import parse_smtp

from .conftest import TableDriver, behind_proxy

PUBLIC = "https://ludo.example.org"


class Inbox:
    """What the SMTP server received: (recipients, message)."""

    def __init__(self) -> None:
        self.mails: list[tuple[list[str], Any]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 (aiosmtpd's name)
        self.mails.append((list(envelope.rcpt_tos), message_from_bytes(envelope.content)))
        return "250 OK"

    def wait(self, count: int, timeout: float = 15.0) -> list[tuple[list[str], Any]]:
        deadline = time.monotonic() + timeout
        while len(self.mails) < count:
            assert time.monotonic() < deadline, f"{len(self.mails)} mails of {count}"
            time.sleep(0.05)
        return self.mails


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    handler = Inbox()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    yield handler, port
    controller.stop()


def test_a_claimed_name_is_mailed_on_its_turn_and_reminded_a_day_later(tmp_path: Path,
                                                                         inbox: tuple[Inbox, int]) -> None:
    mails, port = inbox
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    hosting = Hosting(smtp=f"smtp://127.0.0.1:{port}?from=ludo@example.org", public_url=PUBLIC)
    with TestClient(behind_proxy(create_app(url, bot_delay=0.0, hosting=hosting))) as client:
        tables = TableDriver(client)
        session = tables.claim("Zoé")
        signed_in = {"cookie": f"ludo_session={session}"}
        bad = client.put("/api/session/email", json={"email": "zoé at home"}, headers=signed_in)
        assert bad.status_code == 400 and bad.json()["code"] == "bad_email"
        assert client.put("/api/session/email", json={"email": "z@example.org"}).status_code == 401
        given = client.put("/api/session/email", json={"email": "zoe@example.org"}, headers=signed_in)
        assert given.json() == {"name": "Zoé", "email": "zoe@example.org", "mails": True}
        table, tokens = tables.create(["human", "human", "bot:random"], first_player=1,
                                      table={"clock": {"mode": "days", "seconds": 3 * 86_400}})
        assert tables.name(table, tokens[0], "Zoé", session=session).status_code == 200
        view = tables.view(table, tokens[1])
        played = client.post(f"/api/tables/{table}/actions", json={
            "token": tokens[1], "action": view["legal"][0]["action"], "version": view["version"]})
        assert played.status_code == 200, played.text
        tables.wait_for(table, tokens[0])  # (the bot played on to Zoé)
        (to, mail), = mails.wait(1)
        assert to == ["zoe@example.org"] and "your turn" in mail["Subject"] and "Gargon" in mail["Subject"]
        body = mail.get_payload(decode=True).decode()
        assert f"{PUBLIC}/" in body and "à vous de jouer" in body and tokens[0] not in body
        # a day later the move still waits: one reminder (and not two at the next look)
        engine = create_engine(url)
        with engine.begin() as db:
            db.execute(text("UPDATE ludo_actions SET at = at - 90000"))
            db.execute(text("UPDATE ludo_tables SET created = created - 90000"))
        engine.dispose()
        service = client.app.app.state.service  # type: ignore[attr-defined]
        client.portal.call(service.remind)  # type: ignore[union-attr]
        client.portal.call(service.remind)  # type: ignore[union-attr]
        (_, reminder) = mails.wait(2)[1]
        assert "still waits" in reminder["Subject"]
        time.sleep(0.3)
        assert len(mails.mails) == 2


@pytest.mark.parametrize("url", ["http://mail.example.org", "smtp://mail.example.org", "smtp://?from=a@b.c"])
def test_a_bad_smtp_url_says_what_it_takes(url: str) -> None:
    with pytest.raises(ValueError, match="--smtp"):
        parse_smtp(url)
