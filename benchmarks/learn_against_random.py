"""A small learning agent that shows the adapters work: a policy network (one hidden layer, in
NumPy) trained by REINFORCE with a running baseline in the Gymnasium adapter, seat 0 against the
project's random bots, for a few minutes; its win rate (greedy: the most likely legal action)
before and after training on the same held-out deals, and the learning curve.

    .venv/bin/python benchmarks/learn_against_random.py [--game kagoun] [--players 2] [--minutes 4]
"""

from __future__ import annotations

import argparse
import time
from collections import deque

import numpy as np
import numpy.typing as npt
from _report import report_and_exit

Array = npt.NDArray[np.float64]


class Policy:
    """Masked softmax over the dense actions, from a ReLU layer over the scaled tensor."""

    def __init__(self, observations: int, actions: int, hidden: int, rng: np.random.Generator) -> None:
        self.p = {"W1": rng.normal(0, 1 / np.sqrt(observations), (observations, hidden)),
                  "b1": np.zeros(hidden), "W2": np.zeros((hidden, actions)), "b2": np.zeros(actions)}
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.p.items()}
        self.scale = np.ones(observations)
        self.updates = 0

    def __call__(self, observation: Array, mask: npt.NDArray[np.int8]) -> tuple[Array, Array, Array]:
        x = observation / self.scale
        h = np.maximum(0.0, x @ self.p["W1"] + self.p["b1"])
        logits = np.where(mask.astype(bool), h @ self.p["W2"] + self.p["b2"], -1e9)
        probabilities = np.exp(logits - logits.max())
        return x, h, probabilities / probabilities.sum()

    def ascend(self, grads: dict[str, Array], rate: float) -> None:
        """One Adam step up the gradient."""
        self.updates += 1
        for key, grad in grads.items():
            m, v = self.moments[key]
            m[:] = 0.9 * m + 0.1 * grad
            v[:] = 0.999 * v + 0.001 * grad ** 2
            m_hat, v_hat = m / (1 - 0.9 ** self.updates), v / (1 - 0.999 ** self.updates)
            self.p[key] += rate * m_hat / (np.sqrt(v_hat) + 1e-8)


def win_rate(env: object, policy: Policy, games: int, seed: int) -> float:
    wins = 0
    for game in range(games):
        observation, info = env.reset(seed=seed + game)  # type: ignore[attr-defined]
        done, reward = False, 0.0
        while not done:
            _, _, probabilities = policy(observation, info["action_mask"])
            observation, reward, done, _, info = env.step(int(np.argmax(probabilities)))  # type: ignore[attr-defined]
        wins += reward > 0
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kagoun")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=4.0, help="training time")
    parser.add_argument("--eval", type=int, default=200, help="games of each evaluation")
    parser.add_argument("--batch", type=int, default=16, help="episodes per update")
    args = parser.parse_args()

    from ludotheque.adapters.gymnasium import LudothequeEnv

    env = LudothequeEnv(args.game, seat=0, opponents="random", players=args.players)
    rng = np.random.default_rng(0)
    policy = Policy(env.observation_space.shape[0], int(env.action_space.n), 64, rng)
    seen = []  # the scale of each feature, from a few random games
    for game in range(5):
        observation, info = env.reset(seed=10_000 + game)
        done = False
        while not done:
            seen.append(observation)
            observation, _, done, _, info = env.step(env.action_space.sample(info["action_mask"]))
    policy.scale = np.maximum(1.0, np.abs(np.array(seen)).max(axis=0))

    held_out = 1_000_000
    before = win_rate(env, policy, args.eval, held_out)
    print(f"{args.game}, {args.players} players, seat 0 against random bots")
    print(f"win rate before training: {before:.1%} ({args.eval} games, greedy)")
    baseline, episodes, start = 0.0, 0, time.perf_counter()
    recent: deque[bool] = deque(maxlen=160)
    print("minutes  episodes  win rate of the last 160 training games (sampled actions)")
    last_report = start
    while time.perf_counter() - start < args.minutes * 60:
        grads = {k: np.zeros_like(v) for k, v in policy.p.items()}
        for _ in range(args.batch):
            observation, info = env.reset(seed=int(rng.integers(1 << 30)))
            done, reward, steps = False, 0.0, []
            while not done:
                x, h, probabilities = policy(observation, info["action_mask"])
                action = int(rng.choice(len(probabilities), p=probabilities))
                steps.append((x, h, probabilities, action))
                observation, reward, done, _, info = env.step(action)
            episodes += 1
            recent.append(reward > 0)
            advantage = reward - baseline
            baseline += 0.05 * (reward - baseline)
            for x, h, probabilities, action in steps:  # gradient of log p(action) times advantage
                g = -probabilities
                g[action] += 1.0
                g *= advantage
                grads["W2"] += np.outer(h, g)
                grads["b2"] += g
                dh = (policy.p["W2"] @ g) * (h > 0)
                grads["W1"] += np.outer(x, dh)
                grads["b1"] += dh
        policy.ascend(grads, 3e-3)
        if time.perf_counter() - last_report > 30:
            last_report = time.perf_counter()
            print(f"{(last_report - start) / 60:7.1f}  {episodes:8,}  {sum(recent) / len(recent):.1%}")
    after = win_rate(env, policy, args.eval, held_out)
    print(f"win rate after {episodes:,} training games ({args.minutes:g} min): {after:.1%} "
          f"(the same {args.eval} deals, greedy)")


if __name__ == "__main__":
    report_and_exit(main)
