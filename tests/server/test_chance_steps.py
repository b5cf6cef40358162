"""Tables whose server stopped (kill -9 or SIGTERM) while chance was to draw: whoever holds them
next draws at once, exactly once: a restarted process, or the other process on PostgreSQL."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from ludotheque.core.game import CHANCE
from ludotheque.core.registry import get_game
from ludotheque.server.process import ServerProcess, play_to_chance
from ludotheque.server.service import SWEEP_SECONDS
from ludotheque.server.store import Store

#: Seconds a table may take to move on: a sweep, a start and a draw, on a busy 2-core machine
#: (alone: 0.1-0.2 s after a restart, 1.3-2.0 s after a takeover; beside the rest of the suite on
#: 2 cores, one takeover once took more than 10 s). A table that never moves on still fails.
MOVE_ON_SECONDS = SWEEP_SECONDS + 20.0
#: The bot delay of a server that must not draw before it is stopped.
NEVER = 600.0


def _stop(server: ServerProcess, how: str) -> None:
    server.kill() if how == "kill" else server.stop()  # SIGKILL, or SIGTERM


def _waiting(base: str) -> dict[str, int]:
    """A Drakon and a Kagoun table at ``base`` waiting for chance: their versions then."""
    rng = random.Random(21)
    return dict(play_to_chance(base, game, 3, rng) for game in ("drakon", "kagoun"))


def _moved_on(base: str, waiting: dict[str, int], since: float) -> float:
    """Seconds from ``since`` until every table in ``waiting`` has drawn (read in the lobby, which
    reads the store: nobody opens the tables meanwhile)."""
    while True:
        rows = httpx.get(f"{base}/api/tables", params={"limit": 100}).json()["tables"]
        by_id: dict[str, Any] = {row["id"]: row for row in rows}
        if all(by_id[t]["version"] > v and by_id[t]["to_act"] != CHANCE for t, v in waiting.items()):
            return time.monotonic() - since
        stuck = {t: by_id[t]["to_act"] for t in waiting}
        assert time.monotonic() - since < MOVE_ON_SECONDS, f"still waiting for chance: {stuck}"
        time.sleep(0.05)


def _drawn_once(db_url: str, waiting: dict[str, int]) -> None:
    """Every stored action was played where it belongs: a chance outcome only at a chance step
    (drawn twice, the second would fall on someone's turn), and the row's step is their number."""
    store = Store(db_url)
    try:
        for table_id in waiting:
            loaded = store.load(table_id)
            assert loaded is not None
            row, moves = loaded
            assert row.step == len(moves)
            state = get_game(row.game).new_state(row.options, row.seed)
            for text in moves:
                state.apply_text(text)  # refused if a chance outcome came at a seat's turn
    finally:
        store.close()


@pytest.mark.parametrize("how", ["kill", "term"])
def test_a_table_stopped_at_a_chance_step_draws_once_the_server_restarts(
        start_server: Callable[..., ServerProcess], tmp_path: Path, how: str) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    server = start_server(db, bot_delay=NEVER)
    waiting = _waiting(server.url)
    _stop(server, how)
    server = start_server(db)
    _moved_on(server.url, waiting, time.monotonic())
    _drawn_once(db, waiting)


@pytest.mark.parametrize("how", ["kill", "term"])
def test_a_process_stopped_at_a_chance_step_leaves_the_draw_to_the_other(
        pg_url: str, start_server: Callable[..., ServerProcess], how: str) -> None:
    first = start_server(pg_url, bot_delay=NEVER)  # holds the draws' leases and never draws
    second = start_server(pg_url)
    waiting = _waiting(first.url)
    for table_id, version in waiting.items():  # the other process holds the tables too, and waits
        assert httpx.get(f"{second.url}/api/tables/{table_id}").json()["version"] == version
    time.sleep(SWEEP_SECONDS)
    assert all(httpx.get(f"{second.url}/api/tables/{t}").json()["version"] == v for t, v in waiting.items())
    stopped = time.monotonic()
    _stop(first, how)
    _moved_on(second.url, waiting, stopped)
    _drawn_once(pg_url, waiting)
