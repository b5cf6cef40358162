"""What a search sees of each engine: random playouts in this process (``sample_action`` or
``sample_chance``, then ``apply_trusted``, the deal included), in actions per CPU second, against
OpenSpiel's C++ ``hearts`` played the same way from Python in alternating chunks. The ratio is the
game's actions/s over hearts' of the same round; the table gives the range over the rounds.

    .venv/bin/python benchmarks/engine_speed.py [--rounds 3] [--seconds 1.0] [--players 4] [--only G]

Issue 18's target: every game at >= 0.5x hearts (the search spends its time there). Needs the
optional OpenSpiel extra (``make bench``). Figures only; never fails.
"""

from __future__ import annotations

import argparse
import random
import time

from _hearts import hearts_playouts
from _report import report_and_exit
from rich.console import Console
from rich.table import Table

from ludotheque.compiled import status
from ludotheque.core.game import CHANCE, sample_chance
from ludotheque.core.registry import game_ids, get_game


def hearts_actions_per_second(seconds: float) -> float:
    played = hearts_playouts(seconds)
    if played is None:
        raise SystemExit("OpenSpiel is needed for the reference: make bench")
    return played[1] / played[2]


def game_actions_per_second(game_id: str, players: int, seconds: float, first_seed: int) -> float:
    game, rng, actions, seed = get_game(game_id), random.Random(first_seed), 0, first_seed
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_state({"players": players}, seed)
        seed += 1
        while not state.is_terminal:
            state.apply_trusted(sample_chance(state, rng) if state.to_act == CHANCE
                                else state.sample_action(rng))
            actions += 1
    return actions / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds of each chunk")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--only", choices=game_ids())
    args = parser.parse_args()
    console = Console()
    console.print(f"build: {status}; {args.rounds} rounds of {args.seconds} CPU s per chunk")
    games = [args.only] if args.only else game_ids()
    ratios: dict[str, list[float]] = {g: [] for g in games}
    speeds: dict[str, list[float]] = {g: [] for g in games}
    hearts: list[float] = []
    for round_ in range(args.rounds):
        for game_id in games:
            reference = hearts_actions_per_second(args.seconds)
            speed = game_actions_per_second(game_id, args.players, args.seconds, 1000 * round_)
            hearts.append(reference)
            speeds[game_id].append(speed)
            ratios[game_id].append(speed / reference)
    table = Table(title=f"random playouts, {args.players} players, actions per CPU second")
    for column in ("game", "actions/s", "x hearts", "target"):
        table.add_column(column, justify="right" if column != "game" else "left")
    for game_id in games:
        table.add_row(game_id, f"{min(speeds[game_id]):,.0f}–{max(speeds[game_id]):,.0f}",
                      f"{min(ratios[game_id]):.2f}–{max(ratios[game_id]):.2f}", ">= 0.5")
    table.add_row("hearts (OpenSpiel C++)", f"{min(hearts):,.0f}–{max(hearts):,.0f}", "1", "")
    console.print(table)


if __name__ == "__main__":
    report_and_exit(main)
