"""OpenSpiel's ``rl_environment.Environment`` (what its RL agents step: every seat's information
state tensor read at every step, as a list) on each game, random legal actions, in steps per
CPU second (of this process: other programs on the machine count less), beside OpenSpiel's C++
``hearts`` stepped the same way in the same process, in alternating rounds; the ratio's range.

    .venv/bin/python benchmarks/openspiel_speed.py [--seconds S] [--rounds R] [--only G]
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from _report import report_and_exit


def rl_steps_per_second(game: object, seconds: float, seed: int = 0) -> float:
    """Agent steps per CPU second of ``rl_environment.Environment`` on ``game`` for ``seconds``."""
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(game, seed=seed)
    rng = np.random.default_rng(seed)
    steps, start = 0, time.process_time()
    time_step = env.reset()
    while time.process_time() - start < seconds:
        if time_step.last():
            time_step = env.reset()
            continue
        player = time_step.observations["current_player"]
        legal = time_step.observations["legal_actions"][player]
        time_step = env.step([int(rng.choice(legal))])
        steps += 1
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds a measure (default 3)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (default 3)")
    parser.add_argument("--only", help="one game id")
    args = parser.parse_args()
    import pyspiel

    from ludotheque.adapters import openspiel
    from ludotheque.adapters.openspiel import PREFIX
    from ludotheque.core import game_ids, get_game

    games = [game_id for game_id in game_ids() if get_game(game_id).encoding() is not None
             and (args.only is None or game_id == args.only)]
    rates: dict[str, list[float]] = {game_id: [] for game_id in games}
    for _ in range(args.rounds):
        hearts = rl_steps_per_second(pyspiel.load_game("hearts"), args.seconds)
        for game_id in games:
            rates[game_id].append(rl_steps_per_second(openspiel.load(game_id), args.seconds) / hearts)
        print(f"round: hearts (C++, information state read) {hearts:,.0f} steps per CPU second")
    print(f"{'game':<26} {'ratio to hearts (min .. max)':>30}")
    for game_id, ratios in rates.items():
        print(f"{PREFIX + game_id:<26} {min(ratios):>14.3f} .. {max(ratios):.3f}")

if __name__ == "__main__":
    report_and_exit(main)
