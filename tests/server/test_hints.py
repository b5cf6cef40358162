"""Hints (issue 18 item 5): at a table created with ``hints`` the person to act may ask what the
search would play; nobody else, at no other table, on no other position; and a game played with
hints is not rated."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludotheque.server import create_app
from ludotheque.server.limits import HINTS_RETRY

from .conftest import TableDriver, behind_proxy


@pytest.fixture
def client(client: TestClient) -> TestClient:
    """The app, its hints given all the time they take: these tests are about what a hint says,
    and a search in a niced worker of a loaded 2-core machine may take longer than a bot's move
    (the workers' start no longer counts against a hint: test_bots.py)."""
    client.app.state.service.bots.seconds = 60.0  # type: ignore[attr-defined]
    return client


def ask(client: TestClient, table: str, token: str, version: int, lang: str = "en") -> Any:
    return client.post(f"/api/tables/{table}/hint", json={"token": token, "version": version},
                       headers={"accept-language": lang})


def name(client: TestClient, table: str, token: str, chosen: str) -> Any:
    return client.post(f"/api/tables/{table}/name", json={"token": token, "name": chosen})


def first_decision(tables: Any, table: str, token: str) -> dict[str, Any]:
    """The seat's view at its first decision with two legal actions or more."""
    while True:
        mine = tables.wait_for(table, token)
        assert not mine["terminal"]
        if len(mine["legal"]) > 1:
            return mine
        tables.decide(table, token, mine, mine["legal"][0]["action"])


def test_the_player_to_act_gets_a_legal_move_with_its_win_chance(client: TestClient, tables: Any) -> None:
    table, tokens = tables.create(["human", "bot:heuristic", "bot:heuristic"], table={"hints": True})
    mine = first_decision(tables, table, tokens[0])
    assert mine["hints"] is True
    answer = ask(client, table, tokens[0], mine["version"], "fr")
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    labels = {e["action"]: e["label"] for e in tables.view(table, tokens[0], "fr")["legal"]}
    assert hint["action"] in labels and hint["label"] == labels[hint["action"]]
    assert 0.0 <= hint["chance"] <= 1.0 and hint["version"] == mine["version"]
    stale = ask(client, table, tokens[0], mine["version"] - 1)
    assert stale.status_code == 409 and stale.json()["code"] == "stale"


def test_a_hint_the_search_takes_too_long_over_is_503_busy_and_the_next_one_comes(
        client: TestClient, tables: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint comes within a bot's move time (bot_moves.py): past it, 503 ``busy`` in the
    player's language, the table where it was; the search given up on does not keep the next
    hint from coming."""
    table, tokens = tables.create(["human", "bot:heuristic", "bot:heuristic"], table={"hints": True})
    mine = first_decision(tables, table, tokens[0])
    bots = client.app.state.service.bots  # type: ignore[attr-defined]
    with monkeypatch.context() as patch:
        patch.setattr(bots, "seconds", 0.001)
        late = ask(client, table, tokens[0], mine["version"], "fr")
    assert late.status_code == 503 and late.json()["code"] == "busy", late.text
    assert "trop de temps" in late.json()["detail"]
    assert tables.view(table, tokens[0])["version"] == mine["version"]
    answer = ask(client, table, tokens[0], mine["version"])
    assert answer.status_code == 200, answer.text
    assert answer.json()["action"] in {e["action"] for e in mine["legal"]}


def test_no_hint_at_a_table_without_hints_nor_for_a_seat_not_to_act(client: TestClient, tables: Any) -> None:
    table, tokens = tables.create(["human", "bot:heuristic", "bot:heuristic"])
    mine = first_decision(tables, table, tokens[0])
    assert mine["hints"] is False
    off = ask(client, table, tokens[0], mine["version"], "fr")
    assert off.status_code == 409 and off.json()["code"] == "hints_off" and "conseils" in off.json()["detail"]
    table, tokens = tables.create(["human", "human", "human"], table={"hints": True})
    to_act = tables.view(table, None)["to_act"]
    other = next(seat for seat in tokens if seat != to_act)
    version = tables.view(table, tokens[other])["version"]
    refused = ask(client, table, tokens[other], version)
    assert refused.status_code == 409 and refused.json()["code"] == "hint_not_your_turn"
    stranger = ask(client, table, "x" * 43, version)
    assert stranger.status_code in (403, 422)


def test_a_game_played_with_hints_is_not_rated(tmp_path: Path) -> None:
    """Two people from two clients (a game that counts, but for its hints)."""
    with TestClient(behind_proxy(create_app(f"sqlite:///{tmp_path / 'tables.db'}", bot_delay=0.0))) as client:
        tables = TableDriver(client)
        for hints, people in ((True, ("Ann", "Abe")), (False, ("Bea", "Ben"))):
            table, tokens = tables.create(["human", "human", "bot:heuristic"], table={"hints": hints})
            for seat, person in enumerate(people):
                session = tables.claim(person)
                named = tables.name(table, tokens[seat], person, f"10.0.0.{seat + 1}", session)
                assert named.status_code == 200
            tables.play_out(table, tokens)
        names = {row["name"] for row in client.get("/api/leaderboard/gargon").json()["standings"]}
        assert {"Bea", "Ben"} <= names and not {"Ann", "Abe"} & names


def test_a_second_hint_while_one_is_thought_is_refused_with_a_time_to_come_back(
        client: TestClient, tables: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """One hint at a time per client address and per table (limits.py): another, asked while the
    search thinks, is 429 with Retry-After at once, not queued; then hints are given again."""
    table, tokens = tables.create(["human", "bot:heuristic", "bot:heuristic"], table={"hints": True})
    mine = first_decision(tables, table, tokens[0])
    bots = client.app.state.service.bots  # type: ignore[attr-defined]
    thinking, release = threading.Event(), threading.Event()
    real = bots.search

    async def slow(job: Any, *args: Any) -> Any:
        thinking.set()
        await asyncio.to_thread(release.wait, 30)
        return await real(job, *args)

    with monkeypatch.context() as patch, ThreadPoolExecutor(1) as pool:
        patch.setattr(bots, "search", slow)
        first = pool.submit(ask, client, table, tokens[0], mine["version"])
        assert thinking.wait(30)
        second = ask(client, table, tokens[0], mine["version"], "fr")
        assert second.status_code == 429 and second.json()["code"] == "queue_full"
        assert second.headers["retry-after"] == str(HINTS_RETRY) and "réessayez" in second.json()["detail"]
        release.set()
        assert first.result(60).status_code == 200
    assert ask(client, table, tokens[0], mine["version"]).status_code == 200
