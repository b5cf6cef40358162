"""Several server processes on one PostgreSQL: any of them serves any table, each action is played
once, every page hears of every action whichever process played it, bots are moved by exactly one
process, and a process killed mid-game leaves the others playing on. On the PostgreSQL that
``.ci/services`` starts (skipped without one, failed in CI)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets.sync.client

from ludotheque.cli.testing import CliRunner
from ludotheque.core.game import CHANCE
from ludotheque.core.record import GameRecord, replay
from ludotheque.server.bus import LocalBus
from ludotheque.server.errors import ApiError
from ludotheque.server.process import ServerProcess
from ludotheque.server.service import TableService
from ludotheque.server.store import Store, StoreError
from ludotheque.server.table import Table

from .conftest import Page, TableDriver


class Seat:
    """A seat's page on one server: its socket and what it rebuilt from the messages."""

    def __init__(self, server: ServerProcess, table: str, token: str | None, chat: bool = False) -> None:
        self._open = contextlib.ExitStack()
        url = f"{server.ws_url}/ws/tables/{table}"
        self.socket = self._open.enter_context(websockets.sync.client.connect(url))
        self.socket.send(json.dumps({"type": "hello", "token": token, "chat": chat}))
        self.page = Page(lambda: str(self.socket.recv(timeout=20)))
        assert self.page.receive()["type"] == "view"

    @property
    def view(self) -> dict[str, Any]:
        assert self.page.view is not None
        return self.page.view

    def reach(self, version: int) -> None:
        while self.view["version"] < version:
            self.page.receive()

    def close(self) -> None:
        self._open.close()


def _settled(base: str, table: str, at_least: int, timeout: float = 30.0) -> dict[str, Any]:
    """The table at step ``at_least`` or later, once a human is to act or the game is over (the
    process answering has heard of every action, and the bots have moved)."""
    deadline = time.monotonic() + timeout
    while True:
        summary = httpx.get(f"{base}/api/tables/{table}").json()
        kinds = [s["kind"] for s in summary["seats"]]
        if summary["version"] >= at_least and (summary["terminal"] or kinds[summary["to_act"]] == "human"):
            return dict(summary)
        assert time.monotonic() < deadline, f"the bots did not move: {summary['to_act']} to act"
        time.sleep(0.02)


def _play(seats: dict[int | None, Seat], base: str, table: str, rng: random.Random,
          until: int = 10_000) -> dict[str, Any]:
    """Each human seat acts on its own socket, whichever process serves it; every page follows."""
    played = 0
    while True:
        summary = _settled(base, table, played)
        for seat in seats.values():
            seat.reach(summary["version"])
        if summary["terminal"] or summary["version"] >= until:
            return summary
        actor = seats[summary["to_act"]]
        legal = actor.view["legal"]
        if not legal:  # a person's only legal action: the table plays it for them (played.py)
            played = summary["version"] + 1
            continue
        actor.socket.send(json.dumps({"type": "action", "action": rng.choice(legal)["action"],
                                      "version": summary["version"]}))
        played = summary["version"] + 1
        actor.reach(played)


def _check_record(base: str, table: str, seats: dict[int | None, Seat]) -> None:
    record = GameRecord.from_json(httpx.get(f"{base}/api/tables/{table}/record").json())
    final = replay(record)
    assert final.scores() == record.result["scores"]  # type: ignore[index]
    for seat in seats.values():
        assert seat.view["terminal"] and seat.view["scores"]["totals"] == final.scores()
        assert seat.view["version"] == len(record.actions)


@pytest.fixture(scope="module")
def two_servers(module_pg_url: str, module_servers: Callable[..., ServerProcess]) -> list[ServerProcess]:
    """Two processes on one database, shared by the tests that neither kill nor stop them (each
    works at tables of its own)."""
    return [module_servers(module_pg_url), module_servers(module_pg_url)]


def test_two_processes_play_one_table_whose_seats_are_on_both(two_servers: list[ServerProcess]) -> None:
    a, b = two_servers
    kinds = ["human", "human", "bot:random", "human"]
    created = httpx.post(f"{a.url}/api/tables", json={"game": "gargon", "seats": kinds}).json()
    table = created["id"]
    tokens = {s["seat"]: s["url"].split("#token=")[1] for s in created["seats"] if s["kind"] == "human"}
    seats = {0: Seat(a, table, tokens[0]), 1: Seat(b, table, tokens[1]), 3: Seat(b, table, tokens[3]),
             None: Seat(a, table, None)}
    try:
        # presence crosses processes: the spectator on A sees seats 1 and 3 of B connected
        deadline = time.monotonic() + 10
        while [s["connected"] for s in seats[None].view["seats"]] != [True, True, True, True]:
            assert time.monotonic() < deadline, seats[None].view["seats"]
            seats[None].page.receive()
        _play(seats, a.url, table, random.Random(1))
        _check_record(b.url, table, seats)
        public = [httpx.get(f"{server.url}/api/tables/{table}").json() for server in (a, b)]
        assert public[0] == public[1], [[s["connected"] for s in p["view"]["seats"]] for p in public]
    finally:
        for seat in seats.values():
            seat.close()


def test_a_process_killed_mid_game_leaves_the_other_playing(
        pg_url: str, start_server: Callable[..., ServerProcess]) -> None:
    a, b = start_server(pg_url), start_server(pg_url)  # (servers of its own: it kills one)
    created = httpx.post(f"{a.url}/api/tables", json={"game": "gargon", "seats": [
        "human", "bot:random", "human", "bot:heuristic"]}).json()  # A created it: A moves its bots
    table = created["id"]
    tokens = {s["seat"]: s["url"].split("#token=")[1] for s in created["seats"] if s["kind"] == "human"}
    seats = {0: Seat(a, table, tokens[0]), 2: Seat(b, table, tokens[2])}
    rng = random.Random(2)
    try:
        before = _play(seats, b.url, table, rng, until=30)
        assert not before["terminal"]
        a.kill()  # kill -9: its sockets, its connections and its bot leases die with it
        seats[0].close()
        seats[0] = Seat(b, table, tokens[0])  # the page reconnects, through the other process
        # nothing lost; a person's forced move (played for them) and the bots' answer to it may
        # have come since ``before`` was read, before or after the kill
        assert seats[0].view["version"] >= before["version"]
        _play(seats, b.url, table, rng)
        _check_record(b.url, table, seats)
    finally:
        for seat in seats.values():
            seat.close()


def test_serve_with_workers_shares_one_port(pg_url: str, start_server: Callable[..., ServerProcess]) -> None:
    server = start_server(pg_url, workers=2)
    kinds = ["human", "human", "bot:random", "bot:random"]
    # (a short game: Kagoun's first three rounds, chance drawing on either worker too)
    body = {"game": "kagoun", "seats": kinds, "options": {"max_rounds": 3}}
    created = httpx.post(f"{server.url}/api/tables", json=body).json()
    table = created["id"]
    tokens = {s["seat"]: s["url"].split("#token=")[1] for s in created["seats"] if s["kind"] == "human"}
    seats = {seat: Seat(server, table, token) for seat, token in tokens.items()}  # on either worker
    try:
        _play(seats, server.url, table, random.Random(3))
        _check_record(server.url, table, seats)
    finally:
        for seat in seats.values():
            seat.close()


@pytest.mark.parametrize("game", ["gargon", "kagoun"])
def test_bots_and_chance_are_moved_by_exactly_one_process(pg_url: str, monkeypatch: pytest.MonkeyPatch,
                                                          game: str) -> None:
    """Two services (two processes' worth: a store, a bus and bot leases each) over one database:
    humans act through either; every bot move was thought, and every chance outcome drawn, by
    exactly one of them (Kagoun draws during play)."""
    thought: list[tuple[str, int]] = []  # (the process, the revision a bot's move was thought at)
    drawn: list[tuple[str, int]] = []
    real_play, real_draw = Table._play_planned, Table.chance_outcome

    async def noting_play(self: Table, revision: int, seat: int, action: Any) -> bool:
        if seat in self.bots:  # (not chance, nor a person's only legal move, played by the table)
            thought.append((self.floor.bots.owner, revision))  # type: ignore[attr-defined]
        return await real_play(self, revision, seat, action)

    def counting_draw(self: Table) -> int:
        drawn.append((self.id, self.step))
        return real_draw(self)

    monkeypatch.setattr(Table, "_play_planned", noting_play)
    monkeypatch.setattr(Table, "chance_outcome", counting_draw)

    async def scenario() -> None:
        stores = [Store(pg_url), Store(pg_url)]
        services = [TableService(store, bot_delay=0.0) for store in stores]
        for name, service in zip("ab", services, strict=True):
            service.bots.owner = name  # type: ignore[attr-defined]
            await service.start()
        # (Kagoun's round cap ends the game sooner: its random games then give the bots 2 to 20 moves,
        # most often 8 to 12, and as many draws: what each was thought and drawn by tells as much)
        options = {"max_rounds": 8} if game == "kagoun" else {}
        table, _ = await services[0].create(game, options, ["human", "bot:random", "human", "bot:random"])
        rng = random.Random(4)
        while True:
            await asyncio.sleep(0.01)
            here = services[rng.randrange(2)]  # each human action through either process
            live = await here.get(table.id)
            if live.finished:
                break
            if live.state.to_act not in (0, 2):
                continue
            legal = live.state.legal_texts()
            with contextlib.suppress(ApiError):  # stale: the other process had moved meanwhile
                await live.act(live.state.to_act, rng.choice(legal), live.step, "en")
        # a table is played before its move is stored (and taken back if the write fails): the last
        # move may still be on its way to the store when a process's game is over
        for _ in range(1000):
            loaded = stores[0].load(table.id)
            if loaded is not None and loaded[0].finished:
                break
            await asyncio.sleep(0.01)
        assert loaded is not None and loaded[0].finished
        row, moves = loaded
        movers = _seats_of(row.game, row.options, row.seed, moves)
        # (a move may be thought twice, by the same process, when its write failed on a busy
        # machine; the table has no undo here, so its revision is its step)
        bot_steps = {step for step, seat in enumerate(movers) if seat in (1, 3)}
        assert {revision for _, revision in thought} == bot_steps and len(bot_steps) >= 2
        owners = {revision: {owner for owner, r in thought if r == revision} for revision in bot_steps}
        assert all(len(who) == 1 for who in owners.values()), owners
        chance_steps = [step for step, seat in enumerate(movers) if seat == CHANCE]
        assert sorted(step for _, step in drawn) == chance_steps
        assert (game == "kagoun") == bool(chance_steps)
        for service in services:
            await service.close()
        for store in stores:
            store.close()

    asyncio.run(scenario())


def test_an_action_heard_while_the_store_is_read_is_played_too(pg_url: str) -> None:
    """A catch-up reads the store; an action another process stores just after that read is heard
    during it. The notice is kept and played: nothing else would ever bring the table to it (the
    lost notice that once left pages waiting for the next action)."""
    async def scenario() -> None:
        stores = [Store(pg_url), Store(pg_url)]
        services = [TableService(store, bot_delay=0.0) for store in stores]
        for service in services:
            await service.start()
        created, _ = await services[0].create("gargon", {"first_player": 0}, ["human"] * 3)
        here, there = await services[0].get(created.id), await services[1].get(created.id)
        read, go = threading.Event(), threading.Event()
        real_read = stores[1].actions_since

        def slow_read(table_id: str, step: int) -> tuple[int, list[str]]:
            answer = real_read(table_id, step)
            read.set()
            go.wait(10)  # (the read is done: what is stored from now on, it has not seen)
            return answer

        stores[1].actions_since = slow_read  # type: ignore[method-assign]
        there.catch_up_soon(ask_store=True)
        assert await asyncio.to_thread(read.wait, 10)
        await here.act(0, here.state.legal_texts()[0], 0, "en")
        deadline = time.monotonic() + 10
        while 0 not in there.heard:  # the notice is here while the read is not over
            assert time.monotonic() < deadline, "the other process never heard the action"
            await asyncio.sleep(0.01)
        go.set()
        while there.revision < 1:
            assert time.monotonic() < deadline + 5, "the action heard during the read was lost"
            await asyncio.sleep(0.01)
        assert there.game.record.actions == here.game.record.actions
        for service in services:
            await service.close()
        for store in stores:
            store.close()

    asyncio.run(scenario())


def _seats_of(game_id: str, options: dict[str, Any], seed: int, moves: list[str]) -> list[int]:
    """The seat that played each action."""
    from ludotheque.core.registry import get_game

    state = get_game(game_id).new_state(options, seed)
    seats = []
    for text in moves:
        seats.append(state.to_act)
        state.apply_text(text)
    return seats


def test_sqlite_serves_one_process_and_says_so(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    result = CliRunner().invoke(["serve", "--db", db, "--workers", "2"])
    assert result.exit_code == 1 and "SQLite serves one process" in result.output
    holder = LocalBus(Store(db))  # a server already on this file
    with pytest.raises(StoreError, match="already served by another process"):
        LocalBus(Store(db))
    result = CliRunner().invoke(["serve", "--db", db, "--port", "1"])
    assert result.exit_code == 1 and "already served" in result.output and "Traceback" not in result.output
    asyncio.run(holder.close())
    LocalBus(Store(db))  # free again


def test_a_rematch_seat_claimed_through_one_process_opens_in_the_other(pg_url: str) -> None:
    async def scenario() -> None:
        stores = [Store(pg_url), Store(pg_url)]
        a, b = (TableService(store, bot_delay=0.0) for store in stores)
        for service in (a, b):
            await service.start()
        table, tokens = await a.create("gargon", {}, ["human", "bot:random", "human"])
        rng = random.Random(5)
        while not table.finished:
            seat = table.state.to_act
            if seat in tokens and table.forced_move is None:  # (forced moves are the table's)
                await table.act(seat, rng.choice(table.state.legal_texts()), table.step, "en")
            await asyncio.sleep(0.001)
        new_id, token0 = await a.rematch(table, tokens[0])
        again = await b.get(new_id)  # b reads the new table now: seat 2 still unclaimed
        assert again.row.seats[2].token_hash is None
        same_id, token2 = await a.rematch(table, tokens[2])  # seat 2 claims its place through a
        assert same_id == new_id
        assert await b.seat_of(again, token2) == 2 and await b.seat_of(again, token0) == 0
        for service in (a, b):
            await service.close()
        for store in stores:
            store.close()

    asyncio.run(scenario())


def test_a_name_chosen_through_one_process_shows_on_the_pages_of_another(
        two_servers: list[ServerProcess]) -> None:
    first, second = two_servers
    body = {"game": "gargon", "seats": ["human", "human", "bot:random"]}
    created = httpx.post(f"{first.url}/api/tables", json=body)
    assert created.status_code == 201
    table = created.json()["id"]
    tokens = [s["url"].split("#token=")[1] for s in created.json()["seats"] if s["kind"] == "human"]
    watcher = Seat(second, table, tokens[1])  # a page served by the other process
    try:
        named = httpx.post(f"{first.url}/api/tables/{table}/name", json={"token": tokens[0], "name": "Zoé"})
        assert named.status_code == 200
        deadline = time.monotonic() + 10
        while watcher.view["seats"][0]["name"] != "Zoé":
            assert time.monotonic() < deadline, "the other process did not hear of the name"
            watcher.page.receive()
        assert httpx.get(f"{second.url}/api/tables/{table}").json()["view"]["seats"][0]["name"] == "Zoé"
    finally:
        watcher.close()


def test_what_is_said_through_one_process_reaches_the_pages_of_another_that_read_its_room(
        two_servers: list[ServerProcess]) -> None:
    first, second = two_servers
    created = httpx.post(f"{first.url}/api/tables", json={"game": "gargon", "seats": ["human"] * 3})
    table = created.json()["id"]
    tokens = [s["url"].split("#token=")[1] for s in created.json()["seats"]]
    pages = {"seat 0 on A": Seat(first, table, tokens[0], chat=True),
             "seat 1 on B": Seat(second, table, tokens[1], chat=True),
             "spectator on A": Seat(first, table, None, chat=True),
             "spectator on B": Seat(second, table, None, chat=True)}

    def said(page: str) -> list[tuple[str, str]]:
        return [(m["room"], m["text"]) for m in pages[page].page.until("chat")["messages"]]

    try:
        for page in pages.values():
            assert page.page.until("chat")["reset"]
        pages["spectator on B"].socket.send(json.dumps({"type": "chat", "text": "<i>psst</i>"}))
        for page in ("spectator on B", "spectator on A"):
            assert said(page) == [("spectators", "<i>psst</i>")]
        pages["seat 0 on A"].socket.send(json.dumps({"type": "chat", "text": "hello"}))
        for page in pages:  # everyone's next line: the players never heard the spectators' room
            assert said(page) == [("players", "hello")], page
    finally:
        for page in pages.values():
            page.close()


def test_a_move_taken_back_through_one_process_is_taken_back_on_the_pages_of_another(
        two_servers: list[ServerProcess]) -> None:
    first, second = two_servers
    body = {"game": "gargon", "seats": ["human", "human", "human"], "options": {"first_player": 0},
            "undo": True}
    created = httpx.post(f"{first.url}/api/tables", json=body)
    assert created.status_code == 201
    table = created.json()["id"]
    tokens = [s["url"].split("#token=")[1] for s in created.json()["seats"]]
    watcher = Seat(second, table, tokens[1])  # a page served by the other process
    try:
        start = watcher.view
        first_move = httpx.post(f"{first.url}/api/tables/{table}/view", json={"token": tokens[0]}).json()
        action = first_move["legal"][0]["action"]
        played = httpx.post(f"{first.url}/api/tables/{table}/actions",
                            json={"token": tokens[0], "action": action, "version": 0})
        assert played.status_code == 200
        watcher.reach(1)
        undone = httpx.post(f"{first.url}/api/tables/{table}/undo", json={"token": tokens[0], "version": 1})
        assert undone.status_code == 200, undone.text
        assert undone.json() == {"version": 2}  # a new revision, never an old one again
        deadline = time.monotonic() + 10
        while watcher.view["version"] != 2:
            assert time.monotonic() < deadline, "the other process did not hear of the undo"
            watcher.page.receive()
        assert watcher.view["log"] == start["log"]
        # the other process plays on from there: seat 0 again, now through the second process
        other_move = first_move["legal"][-1]["action"]
        again = httpx.post(f"{second.url}/api/tables/{table}/actions",
                           json={"token": tokens[0], "action": other_move, "version": 2})
        assert again.status_code == 200, again.text
        assert httpx.get(f"{first.url}/api/tables/{table}").json()["version"] >= 3
        watcher.reach(3)
    finally:
        watcher.close()


def test_an_answer_chosen_on_a_position_taken_back_is_refused_by_the_other_process(
        two_servers: list[ServerProcess]) -> None:
    """Seat 2 played, took it back and played something else through one process; seat 0's answer
    chosen on the first position (the same step) is stale through the other, socket or HTTP."""
    first, second = two_servers
    body = {"game": "gargon", "seats": ["human"] * 3, "options": {"first_player": 2}, "undo": True}
    created = httpx.post(f"{first.url}/api/tables", json=body).json()
    table = created["id"]
    tokens = {s["seat"]: s["url"].split("#token=")[1] for s in created["seats"]}
    page = Seat(second, table, tokens[0])  # seat 0's page, served by the other process
    try:
        with httpx.Client(base_url=first.url) as http:
            answer, version = TableDriver(http).replaced_move(table, tokens)  # type: ignore[arg-type]
        page.reach(version + 2)  # the other process heard the move, the undo and the new move
        page.socket.send(json.dumps({"type": "action", "action": answer, "version": version}))
        refused = page.page.receive()
        assert refused["type"] == "refused" and refused["code"] == "stale", refused
        over_http = httpx.post(f"{second.url}/api/tables/{table}/actions",
                               json={"token": tokens[0], "action": answer, "version": version})
        assert over_http.status_code == 409 and over_http.json()["code"] == "stale"
        versions = [httpx.get(f"{s.url}/api/tables/{table}").json()["version"] for s in two_servers]
        assert versions == [version + 2] * 2
    finally:
        page.close()
