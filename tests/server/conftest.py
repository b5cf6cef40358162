"""Fixtures of the web-table tests: an app on a fresh database (SQLite, and PostgreSQL when one is
configured through LUDOTHEQUE_TEST_PG_URL) and small helpers to drive tables over HTTP."""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy
from fastapi.testclient import TestClient
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from ludotheque.server import create_app
from ludotheque.server.accounts import COOKIE
from ludotheque.server.process import ServerProcess
from ludotheque.server.store import Store, _normalise_url, metadata


def _own_schema(url: str | None) -> str | None:
    """Under pytest-xdist each worker works in a schema of its own of the test database (the
    tests empty the database they use: two workers must not share one), named after the worker
    and the checkout (two checkouts' runs at once on one machine must not share one either)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not url or not worker:
        return url
    schema = f"{worker}_{hashlib.sha256(str(Path(__file__).resolve()).encode()).hexdigest()[:8]}".lower()
    return _in_schema(url, schema)


def _in_schema(url: str, schema: str) -> str:
    """``url`` working in ``schema`` of its database (made if missing)."""
    engine = sqlalchemy.create_engine(_normalise_url(url))
    with engine.begin() as connection:
        connection.execute(sqlalchemy.text(f'CREATE SCHEMA IF NOT EXISTS "{schema}"'))
    engine.dispose()
    return f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"


PG_URL = _own_schema(os.environ.get("LUDOTHEQUE_TEST_PG_URL"))
#: Seconds a driver leaves the table to play a seat's only legal action for it (server/played.py)
#: before playing it itself (a server without forced moves, or a long bot delay).
FORCED_WAIT = 3.0


def pg_url_or_skip() -> str:
    """The test PostgreSQL server; skipped when none is configured (CI requires one)."""
    if not PG_URL:
        if os.environ.get("LUDOTHEQUE_REQUIRE_PG") == "1":
            pytest.fail("LUDOTHEQUE_REQUIRE_PG=1 but LUDOTHEQUE_TEST_PG_URL is not set")
        pytest.skip("no PostgreSQL configured (set LUDOTHEQUE_TEST_PG_URL)")
    return PG_URL


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.db'}"
    url = pg_url_or_skip()
    store = Store(url)
    metadata.drop_all(store.engine)
    store.close()
    return url


@pytest.fixture
def pg_url() -> str:
    """A fresh, empty PostgreSQL database."""
    url = pg_url_or_skip()
    store = Store(url)
    metadata.drop_all(store.engine)
    store.close()
    return url


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The app on a fresh SQLite file, bots moving at once (even after a move that may be taken back)."""
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", bot_delay=0.0, undo_wait=0.0)
    with TestClient(app) as test_client:
        yield test_client


def behind_proxy(app: Any) -> Any:
    """``app`` as uvicorn serves it behind a trusted proxy: a request's ``X-Forwarded-For`` is the
    address of its client (server/clients.py notes it with the seats it uses)."""
    return ProxyHeadersMiddleware(app, trusted_hosts="*")


def from_address(address: str) -> dict[str, str]:
    """The headers of a request from ``address``, to an app ``behind_proxy``."""
    return {"x-forwarded-for": address}


def token_of(url: str) -> str:
    return url.split("#token=", 1)[1]


class TableDriver:
    """Drives tables of one app over HTTP, as a client would."""

    def __init__(self, client: TestClient) -> None:
        self.client = client

    def create(self, seats: list[str], game: str = "gargon", table: dict[str, Any] | None = None,
               **options: Any) -> tuple[str, dict[int, str]]:
        """A table (``table``: more of its fields, e.g. ``undo``, ``clock``); returns its id and
        the token of each human seat."""
        body = {"game": game, "options": options, "seats": seats, **(table or {})}
        response = self.client.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        body = response.json()
        return body["id"], {s["seat"]: token_of(s["url"]) for s in body["seats"] if s["kind"] == "human"}

    def name(self, table: str, token: str, name: str, address: str | None = None,
             session: str | None = None) -> Any:
        """Name ``token``'s seat (from ``address``, to an app ``behind_proxy``; ``session``: the
        cookie of a browser signed in as a claimed name)."""
        headers = from_address(address) if address else {}
        if session is not None:
            headers["cookie"] = f"{COOKIE}={session}"
        return self.client.post(f"/api/tables/{table}/name", json={"token": token, "name": name},
                                headers=headers or None)

    def claim(self, name: str, address: str = "10.99.0.1") -> str:
        """Claim ``name`` (accounts.py): the session cookie of a browser signed in as it (the
        client's own cookies are left as they were)."""
        answer = self.client.post("/api/accounts", json={"name": name, "password": "correct horse"},
                                  headers=from_address(address))
        assert answer.status_code == 201, answer.text
        session = answer.cookies[COOKIE]
        self.client.cookies.delete(COOKIE)
        return str(session)

    def view(self, table: str, token: str | None, lang: str = "en") -> dict[str, Any]:
        if token is None:
            response = self.client.get(f"/api/tables/{table}", params={"lang": lang})
            assert response.status_code == 200, response.text
            return dict(response.json()["view"])
        response = self.client.post(f"/api/tables/{table}/view", json={"token": token, "lang": lang})
        assert response.status_code == 200, response.text
        return dict(response.json())

    def wait_for(self, table: str, token: str, seats: set[int] | None = None,
                 timeout: float = 20.0) -> dict[str, Any]:
        """``token``'s view once one of ``seats`` (default: its own) is to act, or at the end."""
        deadline = time.monotonic() + timeout
        while True:
            current = self.view(table, token)
            wanted = {current["seat"]} if seats is None else seats
            if current["terminal"] or current["to_act"] in wanted:
                return current
            if time.monotonic() > deadline:
                raise AssertionError(f"waited too long: {current['to_act']} to act")
            time.sleep(0.01)

    def moved_on(self, table: str, token: str | None, version: int, timeout: float = FORCED_WAIT) -> bool:
        """Whether the table leaves ``version`` within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while self.view(table, token)["version"] == version:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.01)
        return True

    def play(self, table: str, token: str, action: str, version: int) -> Any:
        return self.client.post(f"/api/tables/{table}/actions",
                                json={"token": token, "action": action, "version": version})

    def decide(self, table: str, token: str, mine: dict[str, Any], action: str) -> Any | None:
        """Play ``action`` from ``mine`` (``token``'s view, its seat to act). A decision with one
        legal action is the table's to play (forced moves): it is played here only if the table
        has not played it within FORCED_WAIT, and a refusal then (it just did) is no failure.
        Returns the answer, or None when the table played it."""
        forced = len(mine["legal"]) == 1
        if forced and self.moved_on(table, token, mine["version"]):
            return None
        response = self.play(table, token, action, mine["version"])
        if forced and response.status_code == 409:
            return None
        assert response.status_code == 200, response.text
        return response

    def undo(self, table: str, token: str, version: int) -> Any:
        return self.client.post(f"/api/tables/{table}/undo", json={"token": token, "version": version})

    def replaced_move(self, table: str, tokens: dict[int, str]) -> tuple[str, int]:
        """At a Gargon table of three people with undo, seat 2 first to act: seat 2 plays, seat 0
        chooses its answer, seat 2 takes its move back and plays another: the same step again, on
        another position. Returns seat 0's answer (legal on both positions) and the version it was
        chosen on."""
        first = self.view(table, tokens[2])
        moves = [e["action"] for e in first["legal"] if e["action"].startswith("play")]
        assert self.play(table, tokens[2], moves[0], first["version"]).status_code == 200
        seen = self.view(table, tokens[0])
        back = self.undo(table, tokens[2], seen["version"])
        assert back.status_code == 200, back.text
        again = self.play(table, tokens[2], moves[-1], back.json()["version"])
        assert again.status_code == 200, again.text
        now = {e["action"] for e in self.view(table, tokens[0])["legal"]}
        answer = next(e["action"] for e in seen["legal"] if e["action"] in now)
        return answer, seen["version"]

    def settled(self, table: str, tokens: dict[int, str], timeout: float = 20.0) -> dict[str, Any]:
        """The spectator's view once the table waits for a decision of one of ``tokens``' seats
        (two legal actions or more: it does not move until then), or at the end; forced moves
        (one legal action) are left to the table on the way (see ``decide``)."""
        deadline = time.monotonic() + timeout
        while True:
            current = self.view(table, None)
            to_act = current["to_act"]
            if current["terminal"]:
                return current
            if to_act in tokens:
                mine = self.view(table, tokens[to_act])
                if mine["version"] == current["version"] and len(mine["legal"]) > 1:
                    return current
                if mine["version"] == current["version"] and mine["legal"]:
                    self.decide(table, tokens[to_act], mine, mine["legal"][0]["action"])
            if time.monotonic() > deadline:
                raise AssertionError(f"waited too long: {to_act} to act")
            time.sleep(0.01)

    def play_turn(self, table: str, tokens: dict[int, str], pick: Callable[[list[Any]], Any]) -> bool:
        """The seat to act (all seats human) plays ``pick(legal)`` once the table waits for its
        decision (forced moves are the table's); False once the game is over."""
        current = self.settled(table, tokens)
        if current["terminal"]:
            return False
        token = tokens[current["to_act"]]
        action = pick(self.view(table, token)["legal"])["action"]
        response = self.play(table, token, action, current["version"])
        assert response.status_code == 200, response.text
        return True

    def play_out(self, table: str, tokens: dict[int, str]) -> dict[str, Any]:
        """Play every human seat (first legal action) until the end; returns the last view seen."""
        while True:
            current = self.wait_for(table, next(iter(tokens.values())), set(tokens))
            if current["terminal"]:
                return current
            token = tokens[current["to_act"]]
            mine = self.view(table, token)
            if mine["to_act"] == mine["seat"]:  # (else the table played a forced move meanwhile)
                self.decide(table, token, mine, mine["legal"][0]["action"])


@pytest.fixture
def tables(client: TestClient) -> TableDriver:
    return TableDriver(client)


def apply_update(view: dict[str, Any], update: dict[str, Any]) -> dict[str, Any]:
    """An update applied to the view it is based on, as the table page does (docs/web.md)."""
    assert update["base"] == view["version"], (update["base"], view["version"])
    return {**view, **update["set"], "observation": {**view["observation"], **update["observation"]},
            "log": view["log"] + update["log"], "version": update["version"]}


class Page:
    """What a table page holds: the last whole view with every update and presence applied, and
    every message as it came (text and decoded)."""

    def __init__(self, receive_text: Callable[[], str]) -> None:
        self.receive_text = receive_text
        self.view: dict[str, Any] | None = None
        self.messages: list[tuple[str, dict[str, Any]]] = []

    def receive(self) -> dict[str, Any]:
        text = self.receive_text()
        message = json.loads(text)
        self.messages.append((text, message))
        if message["type"] == "view":
            self.view = message
        elif message["type"] == "update":
            assert self.view is not None, "an update before any view"
            self.view = apply_update(self.view, message)
        elif message["type"] == "presence":
            assert self.view is not None
            self.view = {**self.view, "seats": [{**s, "connected": s["kind"] == "bot" or s["seat"] in
                                                 message["connected"]} for s in self.view["seats"]]}
        return dict(message)

    def catch_up(self, version: int) -> None:
        """Read messages until the view is at ``version`` (forced moves send updates of their own)."""
        while self.view is None or self.view["version"] < version:
            self.receive()

    def until(self, kind: str) -> dict[str, Any]:
        """The next message of ``kind`` (others are applied on the way)."""
        while True:
            message = self.receive()
            if message["type"] == kind:
                return message


@pytest.fixture(scope="module")
def module_pg_url(request: pytest.FixtureRequest) -> str:
    """A fresh, empty PostgreSQL database for a whole module's shared servers: a schema of the
    module's own, so that the ``pg_url`` tests beside them (which empty theirs) leave it alone."""
    pg_url_or_skip()
    base = os.environ["LUDOTHEQUE_TEST_PG_URL"]
    place = f"{Path(__file__).resolve()}:{request.module.__name__}:{os.environ.get('PYTEST_XDIST_WORKER')}"
    url = _in_schema(base, f"m_{hashlib.sha256(place.encode()).hexdigest()[:12]}")
    store = Store(url)
    metadata.drop_all(store.engine)
    store.close()
    return url


@pytest.fixture(scope="module")
def module_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[..., ServerProcess]]:
    """``start_server`` for a whole module: servers that its tests share (tests that kill or stop
    a server keep their own), stopped after the module, whose logs then tell of no bug."""
    folder = tmp_path_factory.mktemp("servers")
    started: list[ServerProcess] = []

    def start(db_url: str, bot_delay: float = 0.0) -> ServerProcess:
        server = ServerProcess(db_url, bot_delay, folder / f"server{len(started)}.log").start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()
    for server in started:
        log = server.log_path.read_text(errors="replace") if server.log_path else ""
        assert "Traceback" not in log and "ERROR" not in log, log[-3000:]
