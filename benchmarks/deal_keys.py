"""What dealing from a key costs (core/seeds.py): each game's ``new_state`` from a small seed (the
Mersenne Twister, as the simulator deals) and from a 128-bit key (as the web table deals), and
one chance draw from a key's stream (as the web table draws during play).

    .venv/bin/python benchmarks/deal_keys.py [--deals N]

Times are microseconds of CPU per deal or draw, the best of 5 rounds. This script only measures
and prints (exit status 0).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from _report import report_and_exit
from rich.console import Console
from rich.table import Table

from ludotheque.core import CHANCE, get_game
from ludotheque.core.game import sample_chance
from ludotheque.core.seeds import KeyedRandom, new_seed

GAMES = {"gargon": 4, "drakon": 4, "kagoun": 3}


def best_us(run: Callable[[int], object], n: int) -> float:
    """Microseconds per call of ``run(i)`` for i in range(n), the best of 5 rounds."""
    best = float("inf")
    for _ in range(5):
        began = time.process_time()
        for i in range(n):
            run(i)
        best = min(best, time.process_time() - began)
    return best / n * 1e6


def measure(game_id: str, players: int, keys: list[int]) -> tuple[float, float, float | None]:
    """µs per deal from a seed, per deal from a key, per chance draw from a key (None: the game
    draws no chance during play)."""
    game, options, n = get_game(game_id), {"players": players}, len(keys)
    seeded = best_us(lambda i: game.new_state(options, i), n)
    keyed = best_us(lambda i: game.new_state(options, keys[i]), n)
    state, rng = game.new_state(options, 1), random.Random(1)
    while not state.is_terminal and state.to_act != CHANCE:  # a position where chance draws
        state.apply_trusted(state.sample_action(rng))
    if state.to_act != CHANCE:
        return seeded, keyed, None
    return seeded, keyed, best_us(lambda i: sample_chance(state, KeyedRandom(keys[i], "chance", i)), n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    args = parser.parse_args()
    keys = [new_seed() for _ in range(args.deals)]
    table = Table(title=f"new_state from a seed and from a key, µs per deal ({args.deals} deals, best of 5)")
    for column in ("game", "players", "seed (MT)", "key (HMAC)", "extra", "chance draw (key)"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for game_id, players in GAMES.items():
        seeded, keyed, chance = measure(game_id, players, keys)
        table.add_row(game_id, str(players), f"{seeded:.1f}", f"{keyed:.1f}", f"{keyed - seeded:+.1f}",
                      "—" if chance is None else f"{chance:.1f}")
    Console().print(table)


if __name__ == "__main__":
    report_and_exit(main)
