"""Tables stopped at a chance step: how long until the game goes on, and whether any stays stuck.

    .venv/bin/python benchmarks/chance_restarts.py [--tables 6] [--rounds 2] [--bot-delay 0.8]
        [--pg URL]

Each round, for each way of stopping a server (``kill -9``, then SIGTERM):

- *restart* (SQLite): a server with a bot delay too long to ever draw holds ``--tables`` tables
  (Drakon and Kagoun, 3 people each, played at random over HTTP) that wait for chance; it is
  stopped, a new server starts on the same file, and the time from its start to each table's
  draw is measured;
- *takeover* (PostgreSQL, with ``--pg`` or ``LUDOTHEQUE_TEST_PG_URL``): two servers, the first
  holding the draws' leases and never drawing, the second holding half of the tables in memory;
  the first is stopped, and the time from then to each table's draw is measured.

Times are to a table's first draw after the stop: from the moment the restarted server answers
(its start-up is shown apart), or from the moment the first process is stopped. A table is
"stuck" if 30 s later chance is still to act (Kagoun draws several times in a row). Every stored action
is then replayed by the rules: a chance outcome drawn twice would fall on a seat's turn and be
refused. The store is read directly, so that nobody opens a table and the sweep alone is measured.
This script only prints; it never fails a build.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.table import Table
from sqlalchemy import select

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import report_and_exit  # noqa: E402

from ludotheque.core.game import CHANCE  # noqa: E402
from ludotheque.core.registry import get_game  # noqa: E402
from ludotheque.server.process import ServerProcess, call, play_to_chance  # noqa: E402
from ludotheque.server.store import Store, tables  # noqa: E402

STUCK_AFTER = 30.0
NEVER = 3600.0


@dataclass
class Tally:
    kills: int = 0
    tables: int = 0
    chance_steps: int = 0  # chance outcomes drawn after the stop, over every table
    stuck: int = 0
    twice: int = 0  # tables whose stored actions do not replay (an outcome drawn twice)
    seconds: list[float] = field(default_factory=list)  # until the first draw
    startup: list[float] = field(default_factory=list)  # of the restarted server, until it answers


def stop(server: ServerProcess, how: str) -> None:
    server.kill() if how == "kill" else server.stop()


def waiting_tables(base: str, count: int, rng: random.Random) -> dict[str, int]:
    return dict(play_to_chance(base, ("drakon", "kagoun")[i % 2], 3, rng) for i in range(count))


def watch(store: Store, waiting: dict[str, int], since: float, tally: Tally) -> None:
    """Time each table's first draw from ``since``, wait for every draw in a row, then check every
    stored action."""
    pending, drawing = dict(waiting), set(waiting)
    while (pending or drawing) and time.monotonic() - since < STUCK_AFTER:
        with store.engine.connect() as db:
            rows = db.execute(select(tables.c.id, tables.c.step, tables.c.to_act)
                              .where(tables.c.id.in_(list(waiting)))).all()
        for table_id, step, to_act in rows:
            if table_id in pending and step > pending[table_id]:
                tally.seconds.append(time.monotonic() - since)
                del pending[table_id]
            if step > waiting[table_id] and to_act != CHANCE:
                drawing.discard(table_id)
        time.sleep(0.02)
    tally.kills += 1
    tally.tables += len(waiting)
    tally.stuck += len(drawing)
    for table_id, chance_at in waiting.items():
        loaded = store.load(table_id)
        assert loaded is not None
        row, moves = loaded
        state = get_game(row.game).new_state(row.options, row.seed)
        try:
            for index, text in enumerate(moves):
                tally.chance_steps += index >= chance_at and state.to_act == CHANCE
                state.apply_text(text)
        except Exception:
            tally.twice += 1


def restart_round(how: str, count: int, bot_delay: float, rng: random.Random, tally: Tally) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{Path(folder) / 'tables.db'}"
        with ServerProcess(db, NEVER) as first:
            waiting = waiting_tables(first.url, count, rng)
            stop(first, how)
        started = time.monotonic()
        with ServerProcess(db, bot_delay):
            tally.startup.append(time.monotonic() - started)
            store = Store(db)
            watch(store, waiting, time.monotonic(), tally)
            store.close()


def takeover_round(how: str, count: int, bot_delay: float, pg: str, rng: random.Random, tally: Tally) -> None:
    store = Store(pg)
    with ServerProcess(pg, NEVER) as first, ServerProcess(pg, bot_delay) as second:
        waiting = waiting_tables(first.url, count, rng)
        for table_id in list(waiting)[::2]:  # held in the second process's memory too
            call(f"{second.url}/api/tables/{table_id}")
        stopped = time.monotonic()
        stop(first, how)
        watch(store, waiting, stopped, tally)
    store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--bot-delay", type=float, default=0.8)
    parser.add_argument("--pg", default=os.environ.get("LUDOTHEQUE_TEST_PG_URL"))
    args = parser.parse_args()
    rng = random.Random(21)
    tallies: dict[tuple[str, str], Tally] = {}
    for _ in range(args.rounds):
        for how in ("kill", "term"):
            restarts = tallies.setdefault(("restart", how), Tally())
            restart_round(how, args.tables, args.bot_delay, rng, restarts)
            if args.pg:
                takeover_round(how, args.tables, args.bot_delay, args.pg, rng,
                               tallies.setdefault(("takeover", how), Tally()))
    out = Table(title=f"Tables stopped at a chance step (bot delay {args.bot_delay} s)")
    for column in ("case", "signal", "stops", "tables", "chance steps drawn", "stuck", "drawn twice",
                   "first draw: median s", "max s", "start-up s"):
        out.add_column(column)
    for (case, how), tally in tallies.items():
        seconds = tally.seconds or [float("nan")]
        startup = f"{statistics.median(tally.startup):.2f}" if tally.startup else "-"
        out.add_row(case, "SIGKILL" if how == "kill" else "SIGTERM", str(tally.kills), str(tally.tables),
                    str(tally.chance_steps), str(tally.stuck), str(tally.twice),
                    f"{statistics.median(seconds):.2f}", f"{max(seconds):.2f}", startup)
    Console(width=140).print(out)
    if not args.pg:
        print("(no PostgreSQL: set LUDOTHEQUE_TEST_PG_URL or --pg for the takeover rows)")


if __name__ == "__main__":
    report_and_exit(main)
