"""How fast ``ludotheque simulate`` runs as a whole process (start-up, deal, bots, records,
statistics), against OpenSpiel's C++ ``hearts`` driven from Python in this process.

    .venv/bin/python benchmarks/simulate_speed.py [--game G] [--rounds R] [--games N] [--src DIR]

Each round runs, one after the other: hearts random playouts in this process; then, each as a
child process, ``ludotheque simulate G --players 4`` (G: ``--game``, default gargon) with random
bots (N games, compiled build, then pure Python with LUDOTHEQUE_PURE=1), with heuristic bots
(N/10 games), and one game alone (start-up). Speeds are CPU time (user + system) of the child,
and of this process for hearts, so that other programs sharing the machine move them little;
wall-clock times are shown too. The ratio is the game's games/s over hearts games/s of the same
round; the table gives the range over the rounds.

``--src DIR`` runs the command from another checkout's ``src`` (``PYTHONPATH=DIR``), to measure
an older version with the same interpreter. Targets (issue 7): random >= 0.4 x hearts compiled
and >= 0.12 x in pure Python; heuristic >= 3 x the games/s before the issue; one game <= 200 ms.
This script measures and prints; it never fails a build.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _hearts import hearts_playouts
from _report import report_and_exit
from rich import box
from rich.console import Console
from rich.table import Table

HEARTS_SECONDS = 3.0  # CPU seconds of hearts per round


@dataclass
class Figure:
    """One measure over several rounds: games/s by CPU, wall seconds, and the ratio to hearts."""

    name: str
    games: int
    rates: list[float] = field(default_factory=list)
    walls: list[float] = field(default_factory=list)
    cpus: list[float] = field(default_factory=list)
    ratios: list[float] = field(default_factory=list)


def hearts_rate(seconds: float) -> float | None:
    """Random hearts playouts for ``seconds`` of CPU time: games per CPU second (None without
    OpenSpiel)."""
    played = hearts_playouts(seconds)
    return None if played is None else played[0] / played[2]


def run_child(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Run the command; returns (CPU seconds of the child, wall seconds)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise RuntimeError(f"{' '.join(args)} failed: {done.stderr.strip()[-500:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--game", default="gargon", help="the game (default gargon)")
    parser.add_argument("--games", type=int, default=1000, help="games with random bots (default 1000)")
    parser.add_argument("--src", help="run the command from this checkout's src folder instead")
    parser.add_argument("--no-pure", action="store_true", help="skip the pure Python row")
    args = parser.parse_args(argv)
    console = Console() if sys.stdout.isatty() else Console(width=110)
    env = dict(os.environ)
    env.pop("LUDOTHEQUE_PURE", None)
    if args.src:
        env["PYTHONPATH"] = str(Path(args.src).resolve())
    command = [sys.executable, "-m", "ludotheque", "simulate", args.game, "--players", "4", "--seed", "1"]
    games = max(1, args.games)
    heuristic_games = max(1, games // 10)
    rows: list[tuple[Figure, list[str], dict[str, str]]] = [
        (Figure("random bots, compiled", games), ["--games", str(games), "--bots", "random"], env),
        (Figure("heuristic bots, compiled", heuristic_games),
         ["--games", str(heuristic_games), "--bots", "heuristic"], env),
        (Figure("one game (start-up)", 1), ["--games", "1", "--bots", "random"], env),
    ]
    if not args.no_pure:
        pure = {**env, "LUDOTHEQUE_PURE": "1"}
        rows.insert(1, (Figure("random bots, pure Python", games),
                        ["--games", str(games), "--bots", "random"], pure))
    hearts: list[float] = []
    for round_ in range(max(1, args.rounds)):
        with console.status(f"round {round_ + 1}: hearts..."):
            rate = hearts_rate(HEARTS_SECONDS)
        if rate is not None:
            hearts.append(rate)
        for figure, extra, child_env in rows:
            with console.status(f"round {round_ + 1}: {figure.name}..."):
                cpu, wall = run_child(command + extra, child_env)
            figure.cpus.append(cpu)
            figure.walls.append(wall)
            figure.rates.append(figure.games / cpu)
            if rate is not None:
                figure.ratios.append(figure.games / cpu / rate)
    console.print(report(rows, hearts, args.src, args.game))
    if not hearts:
        console.print("OpenSpiel is not installed (make bench installs it): no hearts ratio.")
    return 0


def span(values: list[float], fmt: str) -> str:
    if not values:
        return "—"
    low, high = min(values), max(values)
    return format(low, fmt) if format(low, fmt) == format(high, fmt) else f"{low:{fmt}}–{high:{fmt}}"


def report(rows: list[tuple[Figure, list[str], dict[str, str]]], hearts: list[float], src: Any,
           game: str) -> Table:
    title = f"ludotheque simulate {game} --players 4, whole process" + (f" (from {src})" if src else "")
    table = Table(title=title, box=box.SIMPLE_HEAD, padding=(0, 1), title_justify="left")
    for column in ("measure", "games", "CPU s", "wall s", "games/s (CPU)", "× hearts"):
        table.add_column(column, justify="left" if column == "measure" else "right", no_wrap=True)
    for figure, _, _ in rows:
        table.add_row(figure.name, str(figure.games), span(figure.cpus, ".3f"), span(figure.walls, ".3f"),
                      span(figure.rates, ",.1f"), span(figure.ratios, ".3f"))
    table.add_row("hearts (OpenSpiel C++), in process", "", "", "", span(hearts, ",.0f"), "1")
    return table


if __name__ == "__main__":
    report_and_exit(main)
