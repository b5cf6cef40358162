"""Many concurrent tables on one web server, played over websockets on loopback.

    .venv/bin/python benchmarks/web_tables.py [--tables 20] [--players 4] [--db URL] [--seconds 30]

A real ``ludotheque serve`` runs in a child process (a fresh SQLite file unless ``--db`` is given:
every action is committed before it is announced). Each table has only human seats; every seat is a
websocket client that, on its turn, answers at once with a random legal action. Reported:

- actions per second over all tables (the server's throughput, each action stored and broadcast);
- latency from an action sent to the view with the next version received on the same socket
  (p50, p90, p99, max): validation, the database commit, building every seat's view, and sending;
- games finished.

The clients run in this process (one asyncio loop) and share the 2 cores with the server, so the
figures are a lower bound for the server alone. This script only prints; it never fails a build.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets
from rich.console import Console
from rich.progress import Progress

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import report_and_exit  # noqa: E402

from ludotheque.server.process import ServerProcess  # noqa: E402


async def play_seat(base: str, table: str, token: str, rng: random.Random, latencies: list[float],
                    deadline: float, progress: Progress, task: int) -> bool:
    """One seat: play random legal actions until the end (True) or the deadline (False)."""
    async with websockets.connect(f"ws://{base}/ws/tables/{table}", max_size=None) as socket:
        await socket.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
        sent_at: float | None = None
        sent_version = -1
        while time.monotonic() < deadline:
            try:
                text = await asyncio.wait_for(socket.recv(), timeout=deadline - time.monotonic())
            except TimeoutError:
                return False
            message = json.loads(text)
            if message.get("type") == "refused":
                raise RuntimeError(f"refused: {message}")
            if message.get("type") != "view":
                continue
            if sent_at is not None and message["version"] > sent_version:
                latencies.append(time.perf_counter() - sent_at)
                progress.advance(task)
                sent_at = None
            if message["terminal"]:
                return True
            if message["legal"] and sent_at is None:
                choice = message["legal"][rng.randrange(len(message["legal"]))]["action"]
                sent_version = message["version"]
                sent_at = time.perf_counter()
                await socket.send(json.dumps({"type": "action", "action": choice, "version": sent_version}))
    return False


async def run(base: str, tables: int, players: int, seconds: float, seed: int) -> None:
    async with httpx.AsyncClient(base_url=f"http://{base}") as http:
        created = []
        for _ in range(tables):
            answer = await http.post("/api/tables", json={"game": "gargon", "seats": ["human"] * players})
            answer.raise_for_status()
            created.append(answer.json())
    rng = random.Random(seed)
    latencies: list[float] = []
    deadline = time.monotonic() + seconds
    console = Console()
    with Progress(console=console) as progress:
        task = progress.add_task(f"{tables} tables × {players} seats", total=None)
        start = time.perf_counter()
        jobs = [play_seat(base, t["id"], s["url"].split("#token=")[1], random.Random(rng.random()), latencies,
                          deadline, progress, task) for t in created for s in t["seats"]]
        finished = await asyncio.gather(*jobs)
        elapsed = time.perf_counter() - start
    games = sum(finished) // players
    ms = sorted(x * 1000 for x in latencies)

    def pct(p: float) -> float:
        return ms[min(len(ms) - 1, int(p / 100 * len(ms)))]

    console.print(f"[bold]{len(ms)} actions in {elapsed:.1f} s: {len(ms) / elapsed:,.0f} actions/s[/] "
                  f"({tables} concurrent tables of {players}, {games} games finished)")
    console.print(f"latency action → update (ms): p50 {pct(50):.1f} · p90 {pct(90):.1f} · "
                  f"p99 {pct(99):.1f} · max {ms[-1]:.1f} · mean {statistics.fmean(ms):.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=30.0, help="stop after this long")
    parser.add_argument("--db", default=None, help="SQLAlchemy URL (default: a fresh SQLite file)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or f"sqlite:///{Path(folder) / 'bench.db'}"
        with ServerProcess(db, bot_delay=0.0) as server:
            base = server.url.removeprefix("http://")
            Console().print(f"server {server.url}, database {db.split('@')[-1]}")
            asyncio.run(run(base, args.tables, args.players, args.seconds, args.seed))


if __name__ == "__main__":
    report_and_exit(main)
