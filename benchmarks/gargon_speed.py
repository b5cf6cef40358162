"""How fast Gargon plays: random playouts of 4-player games in one process, against OpenSpiel's
C++ ``hearts`` driven from Python in the same run (when the optional extra ``bench`` is installed).

    .venv/bin/python benchmarks/gargon_speed.py [--games N] [--seconds S] [--profile]

Rows (each runs N games, or stops early once S seconds of its time are spent; hearts runs 5 N).
Times are this process's CPU time (``time.process_time``), so other programs sharing the cores
hardly move the figures; Gargon trusted and hearts also run in alternating chunks, so that
what remains of such noise hits both alike:

- trusted: ``legal_actions`` + a random choice + ``apply_trusted`` (what searches and simulators
  use); the deal (``new_state``) is inside the timing, as hearts' chance deal is.
- validated: the same with ``apply`` (every action checked, as for players and replays).
- play_game (random / heuristic bots): ``ludotheque.sim.match.play_game`` with observations for
  every decision and the record kept.
- OpenSpiel hearts: ``legal_actions`` + random choice + ``apply_action``, chance nodes sampled
  from ``chance_outcomes``.

The target (issue 2, section 7): Gargon trusted games/s >= 0.15 x hearts games/s. This script
measures and prints; it never fails a build (exit status 0 whatever it finds).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from _report import report_and_exit
from rich import box
from rich.console import Console
from rich.table import Table

from ludotheque.bots import make_bot
from ludotheque.games.gargon import GAME
from ludotheque.sim.match import bot_seed, play_game

TARGET = 0.15  # Gargon games/s over hearts games/s
OPTIONS = {"players": 4}
HEARTS_GAMES = 5  # hearts games per Gargon game asked for
LEGEND = """\
  CPU s      CPU time of this process
  trusted    legal_actions + random choice + apply_trusted (the deal included)
  validated  the same with apply (each action checked)
  bots       sim.match.play_game: an observation per decision, the record kept
  hearts     OpenSpiel's C++ hearts from Python: legal_actions + random choice
             + apply_action; chance nodes drawn from chance_outcomes"""
INSTALL_HINT = "make bench  (or: .venv/bin/pip install -e '.[bench]')"


@dataclass
class Meter:
    """One measure: plays games 0, 1, 2 ... (``one_game(seed)`` returns its number of actions),
    in chunks, adding up games, actions and time, until ``games`` are done or ``seconds`` spent."""

    name: str
    one_game: Callable[[int], int]
    target: int
    budget: float
    games: int = 0
    actions: int = 0
    seconds: float = 0.0

    @property
    def done(self) -> bool:
        return self.games >= self.target or self.seconds >= self.budget

    def warm_up(self) -> None:
        for seed in range(3):
            self.one_game(10_000_000 + seed)

    def run(self, chunk: int) -> None:
        start = time.process_time()
        for _ in range(min(chunk, self.target - self.games)):
            self.actions += self.one_game(self.games)
            self.games += 1
            if self.seconds + time.process_time() - start >= self.budget:
                break
        self.seconds += time.process_time() - start

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0


def interleave(meters: list[Meter], chunks: int = 10) -> None:
    """Run the meters in alternating chunks, so that a machine busy with something else for a
    while slows them alike and their ratio stays fair."""
    for meter in meters:
        meter.warm_up()
    while not all(m.done for m in meters):
        for meter in meters:
            if not meter.done:
                meter.run(max(1, meter.target // chunks))


def gargon_playout(validated: bool) -> Callable[[int], int]:
    """A random playout from ``seed``, through ``apply`` (validated) or ``apply_trusted``."""

    def one_game(seed: int) -> int:
        rng = random.Random(seed)
        state = GAME.new_state(OPTIONS, seed)
        apply = state.apply if validated else state.apply_trusted
        actions = 0
        while state.to_act is not None:
            legal = state.legal_actions()
            apply(legal[rng.randrange(len(legal))])
            actions += 1
        return actions

    return one_game


gargon_trusted = gargon_playout(validated=False)


def gargon_bots(name: str) -> Callable[[int], int]:
    def one_game(seed: int) -> int:
        bots = [make_bot("gargon", name, bot_seed(seed, seat)) for seat in range(OPTIONS["players"])]
        return len(play_game("gargon", OPTIONS, bots, seed).record.actions)

    return one_game


def load_hearts() -> Any | None:
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel.load_game("hearts")


def hearts_playout(game: Any) -> Callable[[int], int]:
    def one_game(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                if outcomes[0][1] == outcomes[-1][1]:  # hearts' deal: uniform, the fast path
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                else:
                    actions_, weights = zip(*outcomes, strict=True)
                    state.apply_action(rng.choices(actions_, weights)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
        return actions

    return one_game


def table(figures: list[Meter]) -> Table:
    out = Table(title="Random playouts, 4 players, one process", box=box.SIMPLE_HEAD, padding=(0, 1))
    for column in ("measure", "games", "actions", "CPU s", "games/s", "actions/s", "act/game"):
        out.add_column(column, justify="left" if column == "measure" else "right", no_wrap=True)
    for f in figures:
        out.add_row(f.name, str(f.games), str(f.actions), f"{f.seconds:.2f}", f"{f.games_per_s:,.1f}",
                    f"{f.actions_per_s:,.0f}", f"{f.actions / max(1, f.games):.1f}")
    return out


def profile(games: int, console: Console) -> None:
    """Where trusted random playouts spend their time (cProfile, top functions by own time)."""
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(games):
        gargon_trusted(seed)
    profiler.disable()
    console.print(f"\n[bold]cProfile of {games} trusted playouts[/] (own time, top 15):")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=1000,
                        help="Gargon games per measure (default 1000; bots rows play fewer, hearts "
                             f"{HEARTS_GAMES} times more)")
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="time budget per measure: stops early after this (default 10)")
    parser.add_argument("--profile", action="store_true", help="also profile the trusted playouts")
    args = parser.parse_args(argv)
    console = Console() if sys.stdout.isatty() else Console(width=100)  # files and pipes: no wrapping
    games, seconds = max(1, args.games), max(0.1, args.seconds)
    hearts = load_hearts()
    speed = [Meter("Gargon trusted", gargon_trusted, games, seconds)]
    if hearts is not None:
        # hearts plays about seven times faster: more games keep its timing as long as Gargon's
        speed.append(Meter("hearts (OpenSpiel)", hearts_playout(hearts), games * HEARTS_GAMES, seconds))
    others = [
        Meter("Gargon validated", gargon_playout(validated=True), games, seconds),
        Meter("Gargon bots: random", gargon_bots("random"), max(1, games // 2), seconds),
        Meter("Gargon bots: heuristic", gargon_bots("heuristic"), max(1, games // 4), seconds),
    ]
    with console.status("measuring Gargon" + (" and hearts, interleaved" if hearts else "") + "..."):
        interleave(speed)
    with console.status("measuring Gargon with validation and with bots..."):
        for meter in others:
            interleave([meter])
    figures = [speed[0], *others, *speed[1:]]
    console.print(table(figures))
    console.print(LEGEND)
    gargon = figures[0]
    if hearts is None:
        console.print("OpenSpiel (pyspiel) is not installed: the hearts comparison is skipped.\n"
                      f"Install it with: {INSTALL_HINT}")
    else:
        ratio = gargon.games_per_s / speed[1].games_per_s
        verdict = "[green]met[/]" if ratio >= TARGET else "[red]not met[/]"
        console.print(f"Gargon / hearts games/s = {gargon.games_per_s:,.1f} / {speed[1].games_per_s:,.1f}"
                      f" = [bold]{ratio:.3f}[/] (target >= {TARGET}): {verdict}")
    if args.profile:
        profile(min(games, 300), console)
    return 0


if __name__ == "__main__":
    report_and_exit(main)
