"""The leaderboard's read time as finished tables pile up.

    .venv/bin/python benchmarks/web_leaderboard.py [--tables 100,2000] [--db URL]

Fills a fresh database (SQLite unless ``--db``) with finished Gargon tables of two named people
from distinct clients and a heuristic bot, a random winner each, written straight to the store
(no game is played: the leaderboard reads only seats and results). Reported for each size, each
the median of 20 reads (``Leaderboards.standings``, what ``GET /api/leaderboard/{game}`` runs in
a thread): rating every finished table again (a process's first read, and what every read cost
before ratings were kept up), a read when no table finished since, and a read after one more
table finished. This script only prints; it never fails a build.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from sqlalchemy import update

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import report_and_exit  # noqa: E402

from ludotheque.server.leaderboard import Leaderboards  # noqa: E402
from ludotheque.server.store import SeatRow, Store, TableRow, metadata, tables  # noqa: E402

PEOPLE = [f"Player {n}" for n in range(40)]


def add_finished(store: Store, count: int, pick: random.Random, first: int) -> None:
    """``count`` finished tables, in one transaction."""
    with store.engine.begin() as db:
        for number in range(first, first + count):
            ann, bob = pick.sample(PEOPLE, 2)
            seats = [SeatRow(0, "human", name=ann, client=f"a{number}"),
                     SeatRow(1, "human", name=bob, client=f"b{number}"), SeatRow(2, "bot", "heuristic")]
            row = TableRow(f"t{number:07}", "gargon", 1, {"players": 3}, 7, seats, finished=True)
            store._insert_table(db, row)
            db.execute(update(tables).where(tables.c.id == row.id).values(
                result={"winners": [pick.randrange(3)]}, finished_at=time.time()))


def median_ms(read: Callable[[], object], before: Callable[[], object] | None = None) -> float:
    times = []
    for _ in range(20):
        if before is not None:
            before()
        began = time.perf_counter()
        read()
        times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times)


def measure(store: Store, pick: random.Random, held: int) -> tuple[float, float, float, int]:
    """With ``held`` finished tables: the three medians (ms), and the tables held after them."""
    again = median_ms(lambda: Leaderboards(store).standings("gargon", "en"))
    kept = Leaderboards(store)
    kept.standings("gargon", "en")
    quiet = median_ms(lambda: kept.standings("gargon", "en"))

    def one_more() -> None:
        nonlocal held
        add_finished(store, 1, pick, held)
        held += 1

    after_one = median_ms(lambda: kept.standings("gargon", "en"), one_more)
    return again, quiet, after_one, held


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="100,2000", help="sizes, comma-separated")
    parser.add_argument("--db", default=None, help="SQLAlchemy URL (default: a fresh SQLite file)")
    args = parser.parse_args()
    console = Console()
    with tempfile.TemporaryDirectory() as folder:
        url = args.db or f"sqlite:///{Path(folder) / 'bench.db'}"
        store = Store(url)
        metadata.drop_all(store.engine)  # (a database given: emptied first)
        store.close()
        store = Store(url)
        pick, held = random.Random(1), 0
        for size in sorted(int(n) for n in args.tables.split(",")):
            add_finished(store, size - held, pick, held)
            again, quiet, after_one, held = measure(store, pick, size)
            console.print(f"{size} finished tables: every table rated again {again:.1f} ms; kept up: "
                          f"{quiet:.2f} ms with nothing new, {after_one:.2f} ms after one more finished")
        store.close()


if __name__ == "__main__":
    report_and_exit(main)
