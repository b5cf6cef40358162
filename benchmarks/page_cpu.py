"""What a table page costs Chromium per update: its renderer's main thread per move it draws.

    .venv/bin/python benchmarks/page_cpu.py [--game gargon] [--moves 40] [--pace 0.6] [--reduced both]

A real ``ludotheque serve`` (a fresh SQLite file, no bot delay); a table of people only (gargon
4, kagoun 2, drakon 3 seats unless ``--players``), seat 0's link opened in headless Debian
chromium, and every seat (seat 0 too) played over the HTTP API with seeded random choices, one
``--pace`` seconds apart (a move's slides and fades end within it; the pulse of the seat to act,
4.8 s, does not). Chromium's own counters (CDP ``Performance.getMetrics``: TaskDuration, the main
thread's CPU time ThreadTime, ScriptDuration, LayoutDuration, RecalcStyleDuration) are read before
and after the moves and divided by the updates the page received (its socket's ``update`` and
``view`` messages): milliseconds per update, with reduced motion off (animations included: what
they cost between two moves) and on. The page's idle cost (its timers, a pulse still running) is
measured apart, on the same page for 2 s once the moves are done, in ms/s. A game that ends is
followed by a new table. This script only prints; it never fails a build.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import report_and_exit  # noqa: E402

from ludotheque.server.process import ServerProcess  # noqa: E402

PLAYERS = {"gargon": 4, "kagoun": 2, "drakon": 3}
#: Chromium's counters of the page's renderer (seconds, summed over its life): its main thread's
#: tasks, and of them script, layout and style; ThreadTime is the main thread's CPU time
METRICS = ("TaskDuration", "ThreadTime", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration")
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def metrics(cdp: Any) -> dict[str, float]:
    got = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return {name: float(got.get(name, 0.0)) for name in METRICS}


def new_table(http: httpx.Client, game: str, players: int) -> tuple[str, dict[int, str]]:
    created = http.post("/api/tables", json={"game": game, "seats": ["human"] * players}).json()
    return created["id"], {s["seat"]: s["url"].split("#token=", 1)[1] for s in created["seats"]}


def play(http: httpx.Client, table: str, tokens: dict[int, str], rng: random.Random) -> bool:
    """One decision of the seat to act (random, seeded); False once the game is over. A seat with
    one legal action is left to the table, which plays it (server/forced.py)."""
    for _ in range(500):
        summary = http.get(f"/api/tables/{table}").json()
        if summary["terminal"]:
            return False
        token = tokens.get(summary["to_act"])
        view = http.post(f"/api/tables/{table}/view", json={"token": token}).json() if token else None
        if view and view["to_act"] == view["seat"] and len(view["legal"]) > 1:
            answer = http.post(f"/api/tables/{table}/actions", json={
                "token": token, "action": rng.choice(view["legal"])["action"], "version": view["version"]})
            if answer.status_code == 200:
                return True
        time.sleep(0.01)  # chance or a forced move on its way
    return False


class Watched:
    """Seat 0's page of a new table, its updates counted and Chromium's counters at hand."""

    def __init__(self, context: Any, http: httpx.Client, game: str, players: int) -> None:
        self.table, self.tokens = new_table(http, game, players)
        http.post(f"/api/tables/{self.table}/name", json={"token": self.tokens[0], "name": "Page"})
        self.updates = 0
        self.page = context.new_page()
        self.page.on("websocket", lambda socket: socket.on("framereceived", self.count))
        self.page.goto(f"{http.base_url}/t/{self.table}#token={self.tokens[0]}")
        self.page.wait_for_function("() => document.body.dataset.version !== undefined", polling=100)
        time.sleep(0.5)  # the first view drawn
        self.cdp = context.new_cdp_session(self.page)
        self.cdp.send("Performance.enable")
        self.start, self.updates = metrics(self.cdp), 0

    def count(self, payload: Any) -> None:
        if isinstance(payload, str) and json.loads(payload).get("type") in ("update", "view"):
            self.updates += 1

    def spent(self) -> dict[str, float]:
        now = metrics(self.cdp)
        return {name: now[name] - self.start[name] for name in METRICS}


def measure(browser: Any, base: str, game: str, players: int, moves: int, pace: float, reduced: bool,
            seed: int) -> dict[str, float]:
    """One row: the page's CPU per update over ``moves`` decisions (new tables as games end)."""
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-GB",
                                  reduced_motion="reduce" if reduced else "no-preference")
    rng = random.Random(seed)
    spent = dict.fromkeys(METRICS, 0.0)
    updates = played = 0
    with httpx.Client(base_url=base, timeout=30) as http:
        watched = Watched(context, http, game, players)
        while played < moves:
            if play(http, watched.table, watched.tokens, rng):
                played += 1
                time.sleep(pace)
                continue
            time.sleep(max(pace, 0.6))  # the game is over: its page counted, another table
            for name, value in watched.spent().items():
                spent[name] += value
            updates += watched.updates
            watched.page.close()
            watched = Watched(context, http, game, players)
        time.sleep(max(pace, 0.6))  # the last move's animations end
        last = watched.spent()
        time.sleep(2.0)  # the page left alone: its timers' own cost
        idle = watched.spent()["TaskDuration"] - last["TaskDuration"]
    context.close()
    updates += watched.updates
    row = {name: 1000 * (spent[name] + last[name]) / max(updates, 1) for name in METRICS}
    row.update(updates=updates, idle_ms_per_s=1000 * idle / 2.0)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(PLAYERS), action="append",
                        help="a game (again for more; default: all three)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--moves", type=int, default=40, help="decisions played per row")
    parser.add_argument("--pace", type=float, default=0.6, help="seconds between decisions")
    parser.add_argument("--rounds", type=int, default=1, help="runs of each row (the figures are the median)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reduced", choices=("both", "off", "on"), default="both",
                        help="reduced motion off, on, or a row of each")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    games = args.game or ["gargon", "kagoun", "drakon"]
    motions = {"both": (False, True), "off": (False,), "on": (True,)}[args.reduced]
    out = Table(title=f"Chromium CPU per update, {args.moves} decisions a row, {args.pace} s apart")
    for column in ("game", "reduced motion", "updates", "task ms", "CPU ms", "script ms", "layout ms",
                   "style ms", "idle ms/s"):
        out.add_column(column, justify="right")
    with tempfile.TemporaryDirectory() as name, sync_playwright() as playwright, \
            ServerProcess(f"sqlite:///{Path(name) / 'tables.db'}", 0.0, Path(name) / "server.log") as server:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for game, reduced in ((game, reduced) for game in games for reduced in motions):
            players = args.players or PLAYERS[game]
            runs = [measure(browser, server.url, game, players, args.moves, args.pace, reduced, args.seed + r)
                    for r in range(args.rounds)]
            row = {key: sorted(run[key] for run in runs)[len(runs) // 2] for key in runs[0]}
            out.add_row(game, "on" if reduced else "off", f"{row['updates']:.0f}",
                        *(f"{row[name]:.1f}" for name in METRICS), f"{row['idle_ms_per_s']:.1f}")
        browser.close()
    Console().print(out)


if __name__ == "__main__":
    report_and_exit(main)
