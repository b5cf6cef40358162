"""Steps per second of the research adapters (docs/research.md), per game, beside PettingZoo's
own classic environments and OpenSpiel's C++ ``hearts`` driven from Python, in one run:

- PettingZoo AEC: one environment, uniformly drawn legal actions (observation and mask built at
  every step, as a learner reads them);
- Gymnasium vectorised: ``AsyncVectorEnv`` with one learner env per worker process (the others
  random bots), stepped together;
- OpenSpiel: the registered Python game, random playouts through ``pyspiel``.

    .venv/bin/python benchmarks/adapters_speed.py [--seconds S] [--workers N]
"""

from __future__ import annotations

import argparse
import functools
import importlib
import time
from collections.abc import Callable

import numpy as np
from _report import report_and_exit


def timed(seconds: float, run: Callable[[], int]) -> float:
    """Steps per second of ``run`` (one episode per call, returning its steps) for ``seconds``."""
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += run()
    return steps / (time.perf_counter() - start)


def aec_episode(env: object, rng: np.random.Generator) -> int:
    env.reset(seed=int(rng.integers(1 << 30)))  # type: ignore[attr-defined]
    steps = 0
    for _agent in env.agent_iter():  # type: ignore[attr-defined]
        observation, _, termination, truncation, _ = env.last()  # type: ignore[attr-defined]
        action = None
        if not (termination or truncation):
            legal = np.flatnonzero(observation["action_mask"])
            action = int(rng.choice(legal))
            steps += 1
        env.step(action)  # type: ignore[attr-defined]
    return steps


def spiel_episode(game: object, rng: np.random.Generator) -> int:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            steps += 1
    return steps


def _learner_env(game_id: str, seed: int) -> object:
    from ludotheque.adapters.gymnasium import LudothequeEnv

    return LudothequeEnv(game_id, seat=0, opponents="random")


def vector_steps(game_id: str, workers: int, seconds: float) -> float:
    """Learner steps per second over ``workers`` environments stepped together."""
    from gymnasium.vector import AsyncVectorEnv

    envs = AsyncVectorEnv([functools.partial(_learner_env, game_id, k) for k in range(workers)])
    rng = np.random.default_rng(0)
    try:
        _, infos = envs.reset(seed=1)
        steps, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            masks = infos["action_mask"]
            # a finished game's mask is empty: its next step only resets it (autoreset)
            actions = np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks])
            _, _, _, _, infos = envs.step(actions)
            steps += workers
        return steps / (time.perf_counter() - start)
    finally:
        envs.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measure")
    parser.add_argument("--workers", type=int, default=2, help="processes of the vector env")
    args = parser.parse_args()

    import pyspiel

    from ludotheque.adapters import openspiel
    from ludotheque.adapters.pettingzoo import env
    from ludotheque.core import game_ids, get_game

    rng = np.random.default_rng(0)
    rows: list[tuple[str, str]] = []

    def measure(name: str, episode: Callable[[], int]) -> None:
        rows.append((name, f"{timed(args.seconds, episode):,.0f}"))

    for game_id in game_ids():
        if get_game(game_id).encoding() is None:
            continue
        measure(f"{game_id} PettingZoo AEC", lambda g=game_id: aec_episode(env(g), rng))
        rows.append((f"{game_id} Gymnasium x{args.workers} processes",
                     f"{vector_steps(game_id, args.workers, args.seconds):,.0f}"))
        measure(f"{game_id} OpenSpiel (Python game)",
                functools.partial(spiel_episode, openspiel.load(game_id), rng))
    for name in ("texas_holdem_v4", "leduc_holdem_v4", "connect_four_v3", "tictactoe_v3"):
        try:  # PettingZoo's classic games need rlcard (card games) and pygame
            module = importlib.import_module(f"pettingzoo.classic.{name}")
        except ImportError as missing:
            rows.append((f"PettingZoo {name}", f"not run (needs {missing.name})"))
            continue
        measure(f"PettingZoo {name}", lambda m=module: aec_episode(m.env(), rng))
    hearts = pyspiel.load_game("hearts")
    measure("OpenSpiel hearts (C++)", functools.partial(spiel_episode, hearts, rng))
    width = max(len(name) for name, _ in rows)
    print(f"{'environment':<{width}}  steps/s (decisions of a seat)")
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


if __name__ == "__main__":
    report_and_exit(main)
