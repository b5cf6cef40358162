"""Learner steps per CPU second of ``ludotheque.adapters.vector`` (N games in one process) against
a Gymnasium ``SyncVectorEnv`` of the same N ``LudothequeEnv``, per game, in one run; beside them
PettingZoo's ``leduc_holdem_v4`` (its observation read at each step, through ``last()``) and
OpenSpiel's C++ ``hearts`` with its information-state tensor read at each decision (like with
like: a learner reads a tensor at every step; hearts without it for scale).

The engine's share alone is the floor of every environment over these games: the rules, chance,
the bots, the seat's observation, its tensor's entries and its legal actions' dense indices, in a
plain loop that writes no array; a vector env can go no faster than it.

Every row is a learner's decision: its observation and mask built, the opponents' moves
(random bots) and chance in between. The learner's own action is drawn uniformly among the legal
ones by this script, outside the time counted for the environments (as a learner's policy would
draw it: drawing from a 64 x 5,365 Kagoun mask took about a third of a vector step). A
``SyncVectorEnv`` step that only resets a finished game (Gymnasium's next-step auto-reset) is not
counted.

    .venv/bin/python benchmarks/vector_speed.py [--envs 64] [--seconds 5] [--rounds 5] [--only G]
    .venv/bin/python benchmarks/vector_speed.py --profile GAME   # where a vector step goes

The vector env and the ``SyncVectorEnv`` of a game are measured in alternating chunks.
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import pstats
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from _report import report_and_exit

COMMAND = "benchmarks/vector_speed.py"


def pick(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly drawn legal index per row (an all-zero row gives 0)."""
    return (rng.random(masks.shape) * masks).argmax(axis=1)


def per_cpu_second(seconds: float, step: Callable[[], int]) -> float:
    """Steps per CPU second of this process, ``step`` called (returning its steps) for ``seconds``."""
    steps, cpu = run_for(seconds, step)
    return steps / cpu


def run_for(seconds: float, step: Callable[[], int]) -> tuple[int, float]:
    """(steps, CPU seconds) of ``step`` called for ``seconds`` of CPU."""
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        steps += step()
    return steps, time.process_time() - start


#: One step of a batch of environments: (learner steps, CPU seconds spent in the environments).
EnvStep = Callable[[], tuple[int, float]]


def vector_stepper(game_id: str, envs: int, observation_format: str = "dense") -> EnvStep:
    """One step of the vector env (its learner steps)."""
    from ludotheque.adapters.vector import VectorEnv

    vector = VectorEnv(game_id, envs, observation_format=observation_format)
    _, infos = vector.reset(seed=0)
    rng = np.random.default_rng(0)

    def step() -> tuple[int, float]:
        nonlocal infos
        actions = pick(infos["action_mask"], rng)
        start = time.process_time()
        _, _, _, _, infos = vector.step(actions)
        return envs, time.process_time() - start

    return step


def sync_stepper(game_id: str, envs: int) -> EnvStep:
    """One step of a ``SyncVectorEnv`` of ``LudothequeEnv`` (its learner steps: a finished
    game's next step only resets it)."""
    from gymnasium.vector import SyncVectorEnv

    from ludotheque.adapters.gymnasium import LudothequeEnv

    sync = SyncVectorEnv([functools.partial(LudothequeEnv, game_id) for _ in range(envs)])
    _, infos = sync.reset(seed=0)
    rng = np.random.default_rng(0)
    ended = np.zeros(envs, bool)

    def step() -> tuple[int, float]:
        nonlocal infos, ended
        learners = envs - int(ended.sum())
        actions = pick(infos["action_mask"], rng)
        start = time.process_time()
        _, _, terminations, truncations, infos = sync.step(actions)
        spent = time.process_time() - start
        ended = terminations | truncations
        return learners, spent

    return step


def floor_stepper(game_id: str, envs: int) -> EnvStep:
    """The engine's own share of a learner step, which every environment over it pays, and
    nothing else: the learner's move played, chance drawn and the random bots' moves, then what
    a learner must be shown (the seat's observation, its tensor's non-zero entries, its legal
    actions by dense index). No array is written, no adapter is called."""
    from ludotheque.adapters.table import Table, deal_bots, seat_bot_names
    from ludotheque.core.bot import ask
    from ludotheque.core.tensors import action_indices

    tables = [Table(game_id) for _ in range(envs)]
    game, players = tables[0].game, tables[0].players
    names = seat_bot_names(game, players, 0, "random")
    encoding = tables[0].encoding
    generator = np.random.default_rng(0)
    bots: list[Any] = [None] * envs
    legal: list[list[int]] = [[] for _ in range(envs)]
    rng = random.Random(0)

    def learner_turn(k: int) -> None:
        """Game k played on to the learner's turn (dealt again at its end), and shown to it."""
        table = tables[k]
        while True:
            state = table.state
            while state.to_act is not None and state.to_act != 0:
                table.play_trusted(ask(bots[k][state.to_act], state, state.to_act))
            if state.to_act == 0:
                break
            table.reset(int(generator.integers(1 << 62)))
            bots[k] = deal_bots(game, table.options, names, generator)
        observation = state.observe(0)
        legal[k] = state.legal_actions()
        action_indices(encoding, observation, legal[k])
        encoding.encode_nonzero(observation)

    for k in range(envs):
        tables[k].reset(k)
        bots[k] = deal_bots(game, tables[k].options, names, generator)
        learner_turn(k)

    def step() -> tuple[int, float]:
        chosen = [actions[rng.randrange(len(actions))] for actions in legal]
        start = time.process_time()
        for k, action in enumerate(chosen):
            tables[k].play_trusted(action)
            learner_turn(k)
        return envs, time.process_time() - start

    return step


def alternated(seconds: float, rounds: int, steppers: list[EnvStep]) -> list[float]:
    """Steps per CPU second of each environment, measured in ``rounds`` alternating chunks of
    ``seconds / rounds`` CPU seconds each (a shared machine's load drifts: each sees the same
    drift); only the environments' own time counts (``EnvStep``)."""
    steps, cpu = [0] * len(steppers), [0.0] * len(steppers)
    for _ in range(rounds):
        for k, stepper in enumerate(steppers):
            start = time.process_time()
            while time.process_time() - start < seconds / rounds:
                more, spent = stepper()
                steps[k] += more
                cpu[k] += spent
    return [s / c for s, c in zip(steps, cpu, strict=True)]


def leduc_rate(seconds: float) -> float | str:
    try:
        from pettingzoo.classic import leduc_holdem_v4
    except ImportError as missing:
        return f"not run (needs {missing.name})"
    env = leduc_holdem_v4.env()
    rng = np.random.default_rng(0)

    def episode() -> int:
        env.reset(seed=int(rng.integers(1 << 30)))
        steps = 0
        for _agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            action = None
            if not (termination or truncation):
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
                steps += 1
            env.step(action)
        return steps

    return per_cpu_second(seconds, episode)


def hearts_rate(seconds: float, read_tensor: bool) -> float | str:
    try:
        import pyspiel
    except ImportError:
        return "not run (needs open-spiel)"
    game = pyspiel.load_game("hearts")
    rng = random.Random(0)

    def episode() -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if read_tensor:
                state.information_state_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
        return steps

    return per_cpu_second(seconds, episode)


def profile(game_id: str, envs: int) -> None:
    """Where the vector env's time goes: 30 steps under cProfile, the top functions."""
    from ludotheque.adapters.vector import VectorEnv

    vector = VectorEnv(game_id, envs)
    _, infos = vector.reset(seed=0)
    rng = np.random.default_rng(0)
    profiler = cProfile.Profile()
    for _ in range(30):
        actions = pick(infos["action_mask"], rng)
        profiler.enable()
        _, _, _, _, infos = vector.step(actions)
        profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=64, help="games stepped together")
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per measure")
    parser.add_argument("--rounds", type=int, default=5, help="alternating chunks per measure")
    parser.add_argument("--only", help="one game")
    parser.add_argument("--profile", metavar="GAME", help="profile the vector env on GAME instead")
    args = parser.parse_args()
    if args.profile:
        profile(args.profile, args.envs)
        return

    import ludotheque.compiled
    from ludotheque.core import game_ids, get_game

    rows: list[tuple[str, Any, str]] = []
    for game_id in game_ids():
        if get_game(game_id).encoding() is None or args.only not in (None, game_id):
            continue
        steppers = [vector_stepper(game_id, args.envs), sync_stepper(game_id, args.envs),
                    floor_stepper(game_id, args.envs)]
        sparse = get_game(game_id).encoding().__dict__.get("max_nonzero") is not None
        if sparse:  # a large tensor with few non-zero entries
            steppers.append(vector_stepper(game_id, args.envs, "sparse"))
        rates = alternated(args.seconds, args.rounds, steppers)
        vector, sync, floor = rates[0], rates[1], rates[2]
        rows.append((f"{game_id}: vector env x{args.envs}", vector, f"{vector / sync:.2f}x the sync"))
        rows.append((f"{game_id}: SyncVectorEnv of {args.envs} LudothequeEnv", sync, ""))
        if sparse:
            rows.append((f"{game_id}: vector env x{args.envs}, sparse", rates[3],
                         f"{rates[3] / sync:.2f}x"))
        rows.append((f"{game_id}: the engine's share alone (no env)", floor,
                     f"{floor / sync:.2f}x the sync: no env over this engine goes faster"))
    rows.append(("PettingZoo leduc_holdem_v4 (observation read)", leduc_rate(args.seconds), ""))
    rows.append(("OpenSpiel hearts (C++), information-state tensor read",
                 hearts_rate(args.seconds, True), "like with like"))
    rows.append(("OpenSpiel hearts (C++), no tensor read", hearts_rate(args.seconds, False), ""))
    width = max(len(name) for name, _, _ in rows)
    print(f"$ python {' '.join([COMMAND, *sys.argv[1:]])}   ({ludotheque.compiled.status})")
    print(f"{'environment':<{width}}  learner steps per CPU second")
    for name, value, note in rows:
        figure = f"{value:>10,.0f}" if isinstance(value, float) else value
        print(f"{name:<{width}}  {figure}  {note}")


if __name__ == "__main__":
    report_and_exit(main)
