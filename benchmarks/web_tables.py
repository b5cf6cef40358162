"""Many concurrent tables on the web table, played over websockets on loopback.

    .venv/bin/python benchmarks/web_tables.py [--tables 50] [--players 4] [--seconds 20]
        [--warmup 5] [--rate 0] [--db URL] [--servers 1] [--searchers 0] [--sqlite-sync full|normal]

Real ``ludotheque serve`` processes run as children (a fresh SQLite file unless ``--db`` is given:
every action is committed before it is announced; ``--servers 2`` needs PostgreSQL, and seat i of
each table connects to server i mod 2, so every action crosses processes). Each table has only
human seats; every seat is a websocket client that keeps its page as the browser does (a whole
view, then updates) and, on its turn, sends a random legal action: at once, or (``--rate R``) so
that its table plays R actions a second. A table whose game ends is replaced by a new one, so
``--tables`` stay busy. Reported:

- actions per second over all tables (each one checked, stored, and sent to every seat), after a
  warm-up (tables made, every seat connected) that is played but not measured;
- latency from an action sent to the update with the next step received on the same socket
  (p50, p90, p99, max): the server's queueing, checking, the commit, building the update, sending;
- the servers' CPU time per action;
- what their writers stored meanwhile (``/api/health``): moves, commits, the moves a commit and
  its time, and how much of the run the writer was busy committing (near 100%: the disk's syncs
  set the pace);
- the reference: OpenSpiel's C++ ``hearts`` played out at random in this process (games/s), before
  the servers start and after they stop, and actions/s as a ratio to their mean (the machine's
  pace cancels out).

``--searchers N`` adds tables of Gargon where N search bots (``bot:ismcts``, 0.5 s a move, no
bot delay) think without pause in the servers' worker processes meanwhile: what they cost the
people's tables.

The clients run in this process (one asyncio loop) and share the 2 cores with the servers, so the
figures are a lower bound for the servers alone. This script only prints; it never fails a build.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets
from rich.console import Console

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _hearts import hearts_playouts  # noqa: E402
from _report import report_and_exit  # noqa: E402

from ludotheque.server.process import ServerProcess  # noqa: E402


@dataclass
class Tally:
    """What the seats saw; latencies count only from ``since`` (after the warm-up: every seat
    connected and the first whole views sent)."""

    since: float = 0.0
    latencies: list[float] = field(default_factory=list)
    games: int = 0
    refused: int = 0
    syncs: int = 0

    def answered(self, sent_at: float) -> None:
        if sent_at >= self.since:
            self.latencies.append(time.perf_counter() - sent_at)


def apply(view: dict[str, Any], update: dict[str, Any]) -> dict[str, Any]:
    """The page's view after an update (docs/web.md)."""
    return {**view, **update["set"], "observation": {**view["observation"], **update["observation"]},
            "log": view["log"] + update["log"], "version": update["version"]}


class Pace:
    """One table's rhythm: at most ``rate`` actions a second (0: as fast as the seats can)."""

    def __init__(self, rate: float) -> None:
        self.gap = 1.0 / rate if rate else 0.0
        self.next = time.monotonic() + random.random() * self.gap  # tables start out of step

    async def wait(self) -> None:
        if self.gap:
            delay = self.next - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            self.next = max(self.next + self.gap, time.monotonic())


async def play_seat(ws_base: str, table: str, token: str, rng: random.Random, pace: Pace, tally: Tally,
                    deadline: float) -> bool:
    """One seat: keep the page, play random legal actions; True once the game is over."""
    async with websockets.connect(f"{ws_base}/ws/tables/{table}", max_size=None, compression=None) as socket:
        await socket.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
        view: dict[str, Any] | None = None
        sent_at: float | None = None
        sent_version = -1
        while time.monotonic() < deadline:
            try:
                text = await asyncio.wait_for(socket.recv(), timeout=deadline - time.monotonic())
            except TimeoutError:
                return False
            message = json.loads(text)
            kind = message.get("type")
            if kind == "view":
                view = message
            elif kind == "update":
                if view is None or message["base"] != view["version"]:
                    tally.syncs += 1
                    await socket.send('{"type": "sync"}')
                    continue
                view = apply(view, message)
            elif kind == "refused":
                tally.refused += 1
                sent_at = None
                continue
            else:
                continue
            assert view is not None
            if sent_at is not None and view["version"] > sent_version:
                tally.answered(sent_at)
                sent_at = None
            if view["terminal"]:
                return True
            if len(view["legal"]) > 1 and sent_at is None:  # (the table plays a one-choice decision)
                await pace.wait()
                choice = view["legal"][rng.randrange(len(view["legal"]))]["action"]
                sent_version = view["version"]
                sent_at = time.perf_counter()
                await socket.send(json.dumps({"type": "action", "action": choice, "version": sent_version}))
    return False


async def keep_table(http: httpx.AsyncClient, ws_bases: list[str], players: int, rate: float,
                     rng: random.Random, tally: Tally, deadline: float) -> None:
    """One busy table: when its game ends, a new one takes its place."""
    while time.monotonic() < deadline:
        answer = await http.post("/api/tables", json={"game": "gargon", "seats": ["human"] * players})
        answer.raise_for_status()
        created = answer.json()
        pace = Pace(rate)
        seats = [play_seat(ws_bases[s["seat"] % len(ws_bases)], created["id"], s["url"].split("#token=")[1],
                           random.Random(rng.random()), pace, tally, deadline) for s in created["seats"]]
        if all(await asyncio.gather(*seats)):
            tally.games += 1


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of processes (and their children: workers), from /proc."""
    total = 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += sum(int(x) for x in fields[11:15]) / ticks  # utime stime cutime cstime
    return total


async def run(servers: list[ServerProcess], tables: int, players: int, seconds: float, rate: float,
              seed: int, warmup: float, searchers: int = 0) -> float | None:
    """Play the tables; print what was measured, and return the actions a second (None: none)."""
    console = Console()
    rng = random.Random(seed)
    tally = Tally(since=time.perf_counter() + warmup)
    pids = [s.process.pid for s in servers if s.process is not None]
    async with httpx.AsyncClient(base_url=servers[0].url, timeout=30) as http:
        while searchers > 0:  # tables of search bots only, thinking all along
            seats = min(4, max(3, searchers))
            answer = await http.post("/api/tables", json={"game": "gargon", "seats": ["bot:ismcts"] * seats})
            answer.raise_for_status()
            searchers -= seats
        deadline = time.monotonic() + warmup + seconds
        ws_bases = [s.ws_url for s in servers]
        playing = asyncio.gather(*(keep_table(http, ws_bases, players, rate, random.Random(rng.random()),
                                              tally, deadline) for _ in range(tables)))
        await asyncio.sleep(warmup)
        writers_before = await writers(servers)
        cpu_before, start, mine = cpu_seconds(pids), time.perf_counter(), time.process_time()
        await playing
        elapsed, cpu = time.perf_counter() - start, cpu_seconds(pids) - cpu_before
        clients_cpu = time.process_time() - mine
        stored = {key: sum(w[key] for w in await writers(servers)) - sum(w[key] for w in writers_before)
                  for key in ("commits", "moves", "busy_seconds")}
    ms = sorted(x * 1000 for x in tally.latencies)
    if not ms:
        console.print("[red]no action was answered[/]")
        return None

    def pct(p: float) -> float:
        return ms[min(len(ms) - 1, int(p / 100 * len(ms)))]

    pace = f"{rate:g} action/s per table" if rate else "as fast as they can"
    console.print(f"[bold]{len(ms)} actions in {elapsed:.1f} s: {len(ms) / elapsed:,.0f} actions/s[/] "
                  f"({tables} tables of {players}, {pace}; {tally.games} games finished; "
                  f"{len(servers)} server process{'es' if len(servers) > 1 else ''})")
    console.print(f"latency action → update (ms): p50 {pct(50):.1f} · p90 {pct(90):.1f} · "
                  f"p99 {pct(99):.1f} · max {ms[-1]:.1f} · mean {statistics.fmean(ms):.1f}")
    console.print(f"CPU: servers {cpu:.1f} s ({1000 * cpu / len(ms):.2f} ms per action), clients "
                  f"{clients_cpu:.1f} s, over {elapsed:.1f} s on {os.cpu_count()} cores; "
                  f"refused {tally.refused}, resyncs {tally.syncs}")
    if stored["commits"]:
        console.print(f"stored: {stored['moves']:,} moves in {stored['commits']:,} commits "
                      f"({stored['moves'] / stored['commits']:.1f} a commit, "
                      f"{1000 * stored['busy_seconds'] / stored['commits']:.2f} ms each); the writer busy "
                      f"{100 * stored['busy_seconds'] / elapsed / len(servers):.0f}% of the time")
    return len(ms) / elapsed


async def writers(servers: list[ServerProcess]) -> list[dict[str, float]]:
    """What each server's writer has stored so far (``/api/health``)."""
    out = []
    for server in servers:
        async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
            answer = await http.get("/api/health")
            answer.raise_for_status()
            out.append(answer.json()["writer"])
    return out


def hearts_per_second() -> float | None:
    """The reference's games a second in this process, with no server running (so it does not
    depend on what the servers are still doing)."""
    hearts = hearts_playouts(1.5)
    return None if hearts is None else hearts[0] / hearts[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=20.0, help="measure this long")
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="seconds first played but not measured (tables made, seats connected)")
    parser.add_argument("--rate", type=float, default=0.0, help="actions a second per table (0: flat out)")
    parser.add_argument("--db", default=None, help="SQLAlchemy URL (default: a fresh SQLite file)")
    parser.add_argument("--servers", type=int, default=1, help="server processes on the database")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--searchers", type=int, default=0, help="search bots thinking meanwhile")
    parser.add_argument("--sqlite-sync", choices=("full", "normal"), default="full",
                        help="serve's --sqlite-sync: how SQLite syncs each commit (default full)")
    args = parser.parse_args()
    before = hearts_per_second()
    with tempfile.TemporaryDirectory() as folder, contextlib.ExitStack() as stack:
        db = args.db or f"sqlite:///{Path(folder) / 'bench.db'}"
        if args.db and args.db.startswith("postgres"):
            from ludotheque.server.store import Store, metadata

            store = Store(args.db)  # a fresh database: the figures do not depend on earlier runs
            metadata.drop_all(store.engine)
            store.close()
        extra = ("--sqlite-sync", args.sqlite_sync) if db.startswith("sqlite") else ()
        servers = [stack.enter_context(ServerProcess(db, bot_delay=0.0, extra=extra))
                   for _ in range(args.servers)]
        Console().print(f"servers {', '.join(s.url for s in servers)}, database {db.split('@')[-1]}")
        actions = asyncio.run(run(servers, args.tables, args.players, args.seconds, args.rate, args.seed,
                                  args.warmup, args.searchers))
    after = hearts_per_second()
    if actions is not None and before is not None and after is not None:
        mean = (before + after) / 2
        Console().print(f"reference: OpenSpiel hearts {before:,.0f} games/s before the servers, {after:,.0f} "
                        f"after; actions/s ÷ hearts games/s (their mean) = [bold]{actions / mean:.3f}[/]")


if __name__ == "__main__":
    report_and_exit(main)
