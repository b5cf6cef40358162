"""What the web table's "take back a move" costs, per game: how long ``core.undo.reveals`` takes
to decide whether a move showed its player something hidden (the table decides once per step,
for the mover's view only, and only at tables that allow taking moves back), and how many of a
game's moves could be taken back at all.

    .venv/bin/python benchmarks/undo_check.py [--games N] [--players P] [--seed S]

Every move of N random games (seeded S, S+1, ...) of each game is checked from the position it
was played in. This script only measures and prints (exit status 0).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from rich.console import Console
from rich.table import Table

from ludotheque.core import CHANCE, get_game
from ludotheque.core.game import sample_chance
from ludotheque.core.undo import reveals

GAMES = {"gargon": 4, "drakon": 4, "kagoun": 3}


def measure(game_id: str, players: int, games: int, seed: int) -> tuple[list[float], int, int]:
    """Milliseconds per check, moves that may be taken back, moves checked."""
    game = get_game(game_id)
    times: list[float] = []
    free = checked = 0
    for index in range(games):
        rng = random.Random(seed + index)
        state = game.new_state({"players": players}, seed + index)
        while not state.is_terminal:
            if state.to_act == CHANCE:
                state.apply_trusted(sample_chance(state, rng))
                continue
            action = state.sample_action(rng)
            started = time.perf_counter()
            shown = reveals(state, action, state.to_act, random.Random(index))
            times.append((time.perf_counter() - started) * 1000)
            checked += 1
            free += not shown
            state.apply_trusted(action)
    return times, free, checked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=None, help="default: 4, 4 and 3")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    table = Table(title=f"core.undo.reveals over {args.games} random games each")
    for column in ("game", "players", "moves checked", "may be taken back", "mean ms", "p95 ms", "max ms"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for game_id, players in GAMES.items():
        players = args.players or players
        times, free, checked = measure(game_id, players, args.games, args.seed)
        times.sort()
        table.add_row(game_id, str(players), str(checked), f"{free / checked:.0%}",
                      f"{statistics.fmean(times):.2f}", f"{times[int(0.95 * (len(times) - 1))]:.2f}",
                      f"{times[-1]:.2f}")
    Console().print(table)


if __name__ == "__main__":
    main()
