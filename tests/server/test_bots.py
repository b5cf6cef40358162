"""Bots think in worker threads with a time limit: a bot thinking for seconds delays no other table,
and a bot that runs out of time or fails has the game's heuristic bot play for it, counted."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludotheque.bots.ismcts import IsmctsBot
from ludotheque.bots.registry import GENERAL
from ludotheque.core.bot import Bot
from ludotheque.core.game import CHANCE, Action, Observation, sample_chance
from ludotheque.core.registry import get_game
from ludotheque.games.gargon.components import HIDDEN
from ludotheque.server import create_app
from ludotheque.server.bot_moves import BotMoves
from ludotheque.server.table import Table
from ludotheque.server.workers import BOT, SearchWorkers

from .conftest import TableDriver

release = threading.Event()  # the slow bot thinks until this is set (or 20 s pass)


class SlowBot(Bot):
    """Thinks far longer than the web table allows."""

    name = "slow"

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        release.wait(20)
        return legal[0]


class BrokenBot(Bot):
    name = "broken"

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        raise RuntimeError("a bug in a bot")


@pytest.fixture(autouse=True, scope="module")
def _slow_and_broken_bots() -> Iterator[None]:
    """Two bots for these tests only: registered at import, they would sit beside the real ones
    in every test that lists the bots (xdist imports every test file in every worker)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(GENERAL, "slow", SlowBot)
        patch.setitem(GENERAL, "broken", BrokenBot)
        yield


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[TableDriver]:
    """An app whose bots may think 0.5 s a move."""
    release.clear()
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", bot_delay=0.0, bot_seconds=0.5)
    with TestClient(app) as client:
        yield TableDriver(client)
    release.set()


def test_a_bot_thinking_long_delays_no_other_table(tables: TableDriver) -> None:
    slow, _ = tables.create(["bot:slow", "human", "human"], first_player=0)
    other, tokens = tables.create(["human"] * 3, first_player=0)
    started = time.monotonic()
    for _ in range(3):  # while the slow bot thinks, the other table plays on
        view = tables.view(other, tokens[0])
        token = tokens[view["to_act"]]
        legal = tables.view(other, token)["legal"]
        assert tables.play(other, token, legal[0]["action"], view["version"]).status_code == 200
    assert time.monotonic() - started < 1.0
    assert tables.client.get(f"/api/tables/{slow}").json()["version"] == 0  # still thinking
    deadline = time.monotonic() + 10
    while tables.client.get(f"/api/tables/{slow}").json()["version"] == 0:  # its time ran out: a move
        assert time.monotonic() < deadline
        time.sleep(0.05)


def test_a_bot_out_of_time_or_broken_has_the_heuristic_play_for_it(tables: TableDriver,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="ludotheque.server"):
        for kind in ["bot:slow", "bot:broken"]:
            table, _ = tables.create([kind, "human", "human"], first_player=0)
            deadline = time.monotonic() + 10
            while (summary := tables.client.get(f"/api/tables/{table}").json())["version"] == 0:
                assert time.monotonic() < deadline, f"{kind} never moved"
                time.sleep(0.05)
            assert summary["to_act"] == 1  # the bot's seat played, once
    messages = " ".join(r.getMessage() for r in caplog.records)
    assert "took more than 0.5 s" in messages and "bot broken at seat 0 failed" in messages
    assert messages.count("the heuristic bot played for it") == 2
    health = tables.client.get("/api/health").json()
    assert health["bot_fallbacks"] == {"heuristic": 2}
    assert health["bot_fallback_causes"] == {"late": 1, "failed": 1}
    writer = health["writer"]  # the two moves stored, in one commit or two
    assert writer["moves"] == 2 and 1 <= writer["commits"] <= 2 and writer["busy_seconds"] > 0


def test_a_bot_thinks_on_a_copy_and_sees_only_its_observation(tables: TableDriver,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Any] = []

    class Watching(Bot):
        name = "watching"

        def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
            seen.append((threading.current_thread().name, observation))
            return legal[-1]

    monkeypatch.setitem(GENERAL, "watching", Watching)  # (for this test only)
    table, _ = tables.create(["bot:watching", "human", "human"], first_player=0)
    deadline = time.monotonic() + 10
    while not seen:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    thread, observation = seen[0]
    assert thread.startswith("ludotheque-bot")  # not the event loop's thread
    assert observation.seat == 0
    assert not any(c >= HIDDEN for c in observation.hands[0])  # its own hand, face up
    assert all(c >= HIDDEN for c in observation.hands[1])  # the others' hands, backs only


def test_search_bots_think_in_worker_processes(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Two search bots move first at a table of Gargon: their moves come from worker processes,
    sent only a position drawn again from their seat's view (none played at random for want of
    an answer), and they are named in words."""
    caplog.set_level(logging.WARNING, logger="ludotheque.server")
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", bot_delay=0.0)
    with TestClient(app) as client:
        tables = TableDriver(client)
        table, tokens = tables.create(["human", "bot:ismcts", "bot:ismcts"], first_player=1)
        view = tables.wait_for(table, tokens[0], timeout=60.0)
        assert view["to_act"] == 0 and len(view["log"]) >= 2
        assert [s["name"] for s in view["seats"]][1:] == ["Search bot 1", "Search bot 2"]
        assert app.state.service.bots.workers.pool is not None  # the process pool was used
        assert client.get("/api/health").json()["bot_fallbacks"] == {}
    assert not [r for r in caplog.records if "played for it" in r.getMessage()]


def test_a_table_whose_bots_failed_to_move_is_moved_again_later(tables: TableDriver,
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    """An unforeseen failure while moving a table's bots (here: drawing its chance once) is logged
    and tried again after a pause, instead of leaving the table frozen until a restart."""
    failures = []
    real = Table.chance_outcome

    def fails_once(self: Table) -> Any:
        if not failures:
            failures.append(self.id)
            raise RuntimeError("a bug while drawing")
        return real(self)

    monkeypatch.setattr(Table, "chance_outcome", fails_once)
    with caplog.at_level(logging.ERROR, logger="ludotheque.server"):
        for _ in range(10):  # a random game of Kagoun may end before its first draw: another then
            table, _ = tables.create(["bot:random", "bot:random"], game="kagoun", players=2)
            deadline = time.monotonic() + 20
            while not tables.client.get(f"/api/tables/{table}").json()["terminal"]:
                assert time.monotonic() < deadline, "the table stayed frozen"
                time.sleep(0.05)
            if failures:
                break
    assert failures == [table]
    assert "moving its bots failed; trying again in 2 s" in caplog.text


def test_a_bot_starts_each_move_from_its_own_stream(tables: TableDriver,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot sent to a worker process is sent whole, its random generator included: the stream it
    starts a move from is derived from the table's key and the step, so no two moves of a bot
    start from the same stream (they all did, while the generator never advanced here)."""
    streams: list[tuple[int, Any]] = []
    real = BotMoves.move

    async def noting(self: BotMoves, bot: Bot, state: Any, seat: int, table_id: str) -> Action:
        streams.append((seat, bot.rng.getstate()))
        return await real(self, bot, state, seat, table_id)

    monkeypatch.setattr(BotMoves, "move", noting)
    expected: set[tuple[int, str]] = set()
    moves = 0
    while moves <= 4:  # a random game of Kagoun may end in a move or two: another table then
        table, _ = tables.create(["bot:random", "bot:random"], game="kagoun", players=2)
        deadline = time.monotonic() + 20
        while not tables.client.get(f"/api/tables/{table}").json()["terminal"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        live = tables.client.app.state.service.tables[table]  # type: ignore[attr-defined]
        steps = [(seat, step) for step, seat in enumerate(_movers(live.game.record)) if seat >= 0]
        moves += len(steps)
        expected |= {(seat, repr(random.Random(f"{live.bot_seed(seat)}:move:{step}").getstate()))
                     for seat, step in steps}
    # each move thought from its step's own stream (a move thought again, after a write that
    # failed on a busy machine, from the same one), and every move's stream a new one
    assert len(expected) == moves
    assert {(seat, repr(state)) for seat, state in streams} == expected


def _movers(record: Any) -> list[int]:
    """Who acted at each step of ``record`` (CHANCE for a draw)."""
    state = record.start()
    movers = []
    for text in record.actions:
        movers.append(state.to_act)
        state.apply(state.game.parse_action(text))
    return movers


def test_a_search_bot_that_waited_for_a_busy_worker_still_answers_by_its_time() -> None:
    """A search bot asked while the only worker is busy longer than the bot's own time answers by
    its deadline (its time counted from when it was asked, plus BOT_GRACE), not with its whole
    time after the wait: no fallback plays for it (without the deadline it would answer 2.2 s +
    2 s after it was asked, past its 3 s)."""
    game = get_game("gargon")
    state, rng = game.new_state({"players": 3}, seed=2), random.Random(2)
    while state.to_act == CHANCE or len(state.legal_actions()) < 2:
        state.apply(sample_chance(state, rng) if state.to_act == CHANCE else state.legal_actions()[0])
    seat = state.to_act
    assert seat is not None
    bot = IsmctsBot(seed=1, seconds=2.0)
    bot.reset(game, state.options, seat)

    async def scenario() -> Action:
        moves = BotMoves(processes=1)
        try:
            await moves.workers.run(BOT, time.sleep, 0)  # the worker process is up
            busy = asyncio.ensure_future(moves.workers.run(BOT, time.sleep, 2.2))
            await asyncio.sleep(0.05)
            action = await moves.move(bot, state, seat, "t")
            await busy
            assert not moves.fallbacks, moves.fallbacks
            return action
        finally:
            moves.close()

    assert asyncio.run(scenario()) in state.legal_actions()


@pytest.mark.parametrize(("game_id", "players"), [("gargon", 3), ("drakon", 2), ("kagoun", 2)])
def test_the_expert_plays_a_whole_game_at_the_table_in_worker_processes(
        game_id: str, players: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The expert (a search guided by a network, here a small untrained one of its own and few
    walks a move) plays every seat of a whole game: each move thought in a worker process, which
    reads the network from its file (the bot travels without its weights), none played for it."""
    from ludotheque.bots.expert import ExpertBot

    from ..bots.conftest import write_network

    game = get_game(game_id)
    options = game.resolve_options({"players": players})
    network = write_network(tmp_path / "net.npz", game, options)
    monkeypatch.setitem(GENERAL, "expert-test", lambda seed: ExpertBot(seed, 4, network=str(network)))
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", bot_delay=0.0)
    with TestClient(app) as client:
        tables = TableDriver(client)
        table, _ = tables.create(["bot:expert-test"] * players, game=game_id, players=players)
        deadline = time.monotonic() + 120
        while not client.get(f"/api/tables/{table}").json()["terminal"]:
            assert time.monotonic() < deadline, "the experts did not finish their game"
            time.sleep(0.1)
        assert app.state.service.bots.workers.pool is not None  # thought in worker processes
        assert client.get("/api/health").json()["bot_fallbacks"] == {}


class SlowToStart(SearchWorkers):
    """Worker processes that take a second to start (as on a loaded machine)."""

    def _pool(self) -> ProcessPoolExecutor:
        if self.pool is None:
            self.pool = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"),
                                            initializer=time.sleep, initargs=(1.0,))
        return self.pool


def test_the_first_search_of_a_server_is_not_timed_while_its_workers_start() -> None:
    """A hint (or a search bot's move) asked of a fresh server waits for the worker processes to
    start before its own time runs: with a limit shorter than their start, a hint is still
    answered (it was 503 "busy"), and the next one does not wait for a start."""

    async def scenario() -> tuple[int, int]:
        moves = BotMoves(processes=1)
        moves.workers = SlowToStart(1)
        moves.seconds = 0.5
        try:
            first = await moves.search(os.getpid)
            began = time.monotonic()
            second = await moves.search(os.getpid)
            assert time.monotonic() - began < 0.5  # the processes were up
            return first, second
        finally:
            moves.close()

    first, second = asyncio.run(scenario())
    assert first == second != os.getpid()  # in the worker process, the same one
