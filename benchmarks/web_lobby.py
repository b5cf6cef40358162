"""Memory and the lobby after many finished tables.

    .venv/bin/python benchmarks/web_lobby.py [--tables 10000] [--at-once 200] [--db URL]

A real ``ludotheque serve`` (a fresh SQLite file unless ``--db`` is given) plays ``--tables``
whole games of three random bots, ``--at-once`` at a time, with no delay. Reported: how long the
games took, the server's resident memory before and after (finished tables leave memory a few
seconds after their end; the store keeps them), and the time of ``GET /api/tables`` then: the
first page, the first page of finished tables, and the 20th page (following ``next``), each the
median of 20 calls. This script only prints; it never fails a build.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
from rich.console import Console

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import report_and_exit  # noqa: E402

from ludotheque.server.process import ServerProcess  # noqa: E402
from ludotheque.server.service import FINISHED_LINGER  # noqa: E402


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def play_games(http: httpx.AsyncClient, tables: int, at_once: int, console: Console) -> float:
    """Start ``tables`` bot games, ``at_once`` at a time; the seconds they all took."""
    start = time.perf_counter()
    started = 0
    while started < tables:
        wave = min(at_once, tables - started)
        for _ in range(wave):
            answer = await http.post("/api/tables", json={"game": "gargon", "seats": ["bot:random"] * 3})
            answer.raise_for_status()
        started += wave
        while (await http.get("/api/tables", params={"status": "open", "limit": 1})).json()["tables"]:
            await asyncio.sleep(0.2)
        console.print(f"{started} games over after {time.perf_counter() - start:.0f} s", end="\r")
    console.print()
    return time.perf_counter() - start


async def lobby_ms(http: httpx.AsyncClient, params: dict[str, str | int], pages: int = 1) -> float:
    """Median time (ms) of reading ``pages`` lobby pages from the first."""
    times = []
    for _ in range(20):
        began = time.perf_counter()
        query = dict(params)
        for _ in range(pages):
            page = (await http.get("/api/tables", params=query)).json()
            query["before"] = page["next"]
        times.append((time.perf_counter() - began) * 1000 / pages)
    return statistics.median(times)


async def run(server: ServerProcess, tables: int, at_once: int) -> None:
    console = Console()
    assert server.process is not None
    pid = server.process.pid
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
        before = rss_mb(pid)
        took = await play_games(http, tables, at_once, console)
        peak = rss_mb(pid)
        await asyncio.sleep(FINISHED_LINGER + 2)  # the last finished tables leave memory
        after = rss_mb(pid)
        held = (await http.get("/api/health")).json()["tables_in_memory"]
        first = await lobby_ms(http, {})
        over = await lobby_ms(http, {"status": "over"})
        deep = await lobby_ms(http, {}, pages=20)
        total = len((await http.get("/api/tables", params={"limit": 200})).json()["tables"])
    console.print(f"[bold]{tables} games of 3 random bots in {took:.0f} s[/] ({tables / took:.1f} games/s)")
    console.print(f"server memory (RSS): {before:.0f} MB at start, {peak:.0f} MB at the last game's end, "
                  f"{after:.0f} MB once finished tables left memory ({held} tables in memory)")
    console.print(f"GET /api/tables (50 a page; median of 20): first page {first:.1f} ms, first page of "
                  f"finished tables {over:.1f} ms, pages 1-20 {deep:.1f} ms a page ({total} on a 200 page)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--at-once", type=int, default=200)
    parser.add_argument("--db", default=None, help="SQLAlchemy URL (default: a fresh SQLite file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or f"sqlite:///{Path(folder) / 'bench.db'}"
        with ServerProcess(db, bot_delay=0.0) as server:
            Console().print(f"server {server.url}, database {db.split('@')[-1]}")
            asyncio.run(run(server, args.tables, args.at_once))


if __name__ == "__main__":
    report_and_exit(main)
