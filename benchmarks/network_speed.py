"""What the networks cost (issue 35, item 5): per game at its shipped widths, the numpy forward
that plays (``bots/network.py``) in positions evaluated a second at batches of 1, 8 and 256, and
the PyTorch learner (``learn/learner.py``) in training samples a second at batches of 256, on
the CPU and, when there is one, on the GPU. Inputs are real information states of random games.
Figures only; never fails.

    .venv/bin/python benchmarks/network_speed.py [--seconds 2] [--only kagoun] [--threads N]

``--threads``: torch's CPU threads (default: torch's own choice); numpy plays on one thread
(``bots/network.py`` sets it so unless the user chose).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

from ludotheque.bots.network import Network
from ludotheque.core.game import CHANCE, sample_chance
from ludotheque.core.registry import get_game
from ludotheque.core.tensors import information_state

PLAYERS = {"gargon": 4, "drakon": 3, "kagoun": 2}


def positions(game_id: str, count: int) -> list[tuple[list[int], list[float], list[int], int]]:
    """``count`` decisions of random games: the mover's information state, its legal actions'
    dense indices and the mover."""
    game = get_game(game_id)
    options = game.resolve_options({"players": PLAYERS[game_id]})
    encoding = game.encoding()
    rng = random.Random(0)
    found: list[tuple[list[int], list[float], list[int], int]] = []
    seed = 0
    while len(found) < count:
        state = game.new_state(options, seed)
        seed += 1
        while state.to_act is not None and len(found) < count:
            if state.to_act == CHANCE:
                state.apply_trusted(sample_chance(state, rng))
                continue
            seat = state.to_act
            observation = state.observe(seat)
            indices, values = information_state(encoding, options, state, seat, observation)
            legal = [encoding.action_index(observation, a) for a in state.legal_actions()]
            found.append((list(indices), list(values), legal, seat))
            state.apply_trusted(state.sample_action(rng))
    return found


def rate(work: Callable[[], int], seconds: float) -> float:
    """Items a second of ``work`` (it returns how many it did), run for ``seconds``."""
    work()  # warm up
    done, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        done += work()
    return done / (time.perf_counter() - started)


def row(game_id: str, seconds: float, devices: list[str]) -> str:
    """One game's line of the table."""
    import torch

    from ludotheque.learn.learner import Learner
    from ludotheque.learn.nets import build
    from ludotheque.learn.samples import Samples

    game = get_game(game_id)
    options = game.resolve_options({"players": PLAYERS[game_id]})
    net = build(game, options)
    arrays = net.arrays()
    network = Network({"game": game_id, "options": options, "trained": {}, **net.sizes()}, arrays)
    rows = positions(game_id, 512)
    inputs = [(np.asarray(i, dtype=np.int64), np.asarray(v, dtype=np.float32)) for i, v, _, _ in rows]

    def forward(batch: int) -> Callable[[], int]:
        def work() -> int:
            start = random.randrange(len(inputs) - batch + 1)
            network.forward(inputs[start:start + batch])
            return batch
        return work

    players = PLAYERS[game_id]
    samples = Samples.from_rows([(i, v) for i, v, _, _ in rows], [legal for _, _, legal, _ in rows],
                                [[1.0 / len(legal)] * len(legal) for _, _, legal, _ in rows],
                                [[1.0 / players] * players for _ in rows], players)
    draws = np.random.default_rng(0)

    def training(device: str) -> Callable[[], int]:
        learner = Learner(build(game, options), torch.device(device))

        def work() -> int:
            learner.step(samples.rows(draws.integers(0, len(samples), 256)))
            return 256
        return work

    evals = [rate(forward(batch), seconds) for batch in (1, 8, 256)]
    trains = [rate(training(device), seconds) for device in devices]
    size = sum(a.nbytes for a in arrays.values()) / 1e6
    return (f"| {game_id} | {network.input_size:,} | {network.action_size:,} | {size:.1f} | "
            + " | ".join(f"{r:,.0f}" for r in evals + trains) + " |")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--only", default=None)
    parser.add_argument("--threads", type=int, default=None)
    args = parser.parse_args()
    import torch

    if args.threads:
        torch.set_num_threads(args.threads)
    devices = ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
    print(f"torch {torch.__version__}, {torch.get_num_threads()} CPU threads; devices: {', '.join(devices)}")
    print("| game | inputs | actions | MB | numpy evals/s, batch 1 | batch 8 | batch 256 | "
          + " | ".join(f"train samples/s ({d}, batch 256)" for d in devices) + " |")
    print("| --- | --- | --- | --- | --- | --- | --- | " + " | ".join("---" for _ in devices) + " |")
    for game_id in [args.only] if args.only else sorted(PLAYERS):
        print(row(game_id, args.seconds, devices), flush=True)


if __name__ == "__main__":
    main()
