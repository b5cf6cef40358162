"""A small learning agent that shows the adapters work, in PyTorch (the ``learn`` extra, CPU): a
policy network (an MLP over the seat's observation tensor, its logits masked to the legal dense
actions) trained by REINFORCE with a running baseline and an entropy bonus in the Gymnasium
adapter, seat 0 against the project's random bots, for a few minutes. It reports the win rate
before and after training with 95% (Wilson) intervals, on the same held-out deals, and the
learning curve:

    .venv/bin/python benchmarks/learn_against_random.py [--game kagoun] [--players 2] [--minutes 4]

Here rather than in examples/: it is a measurement (figures with intervals, docs/research.md),
sharing the benchmarks' interval and reporting helpers; a researcher copies ``Policy``,
``play`` and ``update``, which hold the whole method.
"""

from __future__ import annotations

import argparse
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import torch
from torch import nn

HIDDEN = 128


class Policy(nn.Module):
    """Logits over the dense actions from two ReLU layers over the scaled tensor; illegal
    actions are masked out (they can never be drawn, greedily or not)."""

    def __init__(self, observations: int, actions: int, scale: np.ndarray | None = None) -> None:
        super().__init__()
        self.net = nn.Sequential(nn.Linear(observations, HIDDEN), nn.ReLU(),
                                 nn.Linear(HIDDEN, HIDDEN), nn.ReLU(), nn.Linear(HIDDEN, actions))
        nn.init.zeros_(self.net[-1].weight)  # the untrained policy: uniform over the legal actions
        nn.init.zeros_(self.net[-1].bias)
        self.register_buffer("scale", torch.ones(observations) if scale is None
                             else torch.as_tensor(scale, dtype=torch.float32))

    def forward(self, observations: torch.Tensor, masks: torch.Tensor) -> torch.Tensor:
        logits = self.net(observations / self.scale)
        return logits.masked_fill(~masks, -1e9)


@dataclass
class Episode:
    """One game from the learner's seat: what it saw, could do and did, and its reward."""

    observations: list[np.ndarray] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    reward: float = 0.0
    info: dict[str, Any] = field(default_factory=dict)


def play(env: Any, policy: Policy, seed: int, greedy: bool) -> Episode:
    """A whole game: actions drawn from the policy (or its most likely legal one)."""
    episode = Episode()
    observation, info = env.reset(seed=seed)
    done = False
    while not done:
        mask = info["action_mask"].astype(bool)
        with torch.no_grad():
            logits = policy(torch.as_tensor(observation)[None], torch.as_tensor(mask)[None])[0]
        drawn = logits.argmax() if greedy else torch.distributions.Categorical(logits=logits).sample()
        action = int(drawn)
        episode.observations.append(observation)
        episode.masks.append(mask)
        episode.actions.append(action)
        observation, episode.reward, done, _, info = env.step(action)
    episode.info = info
    return episode


def update(policy: Policy, optimizer: torch.optim.Optimizer, episodes: list[Episode], baseline: float,
           entropy_bonus: float = 0.01) -> float:
    """One REINFORCE step over ``episodes``: each action's log-probability times its game's
    reward less the baseline, plus an entropy bonus; returns the loss."""
    observations = torch.as_tensor(np.array([o for e in episodes for o in e.observations]))
    masks = torch.as_tensor(np.array([m for e in episodes for m in e.masks]))
    actions = torch.as_tensor([a for e in episodes for a in e.actions])
    advantages = torch.as_tensor([e.reward - baseline for e in episodes for _ in e.actions],
                                 dtype=torch.float32)
    distribution = torch.distributions.Categorical(logits=policy(observations, masks))
    loss = -(distribution.log_prob(actions) * advantages).mean()
    loss = loss - entropy_bonus * distribution.entropy().mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return float(loss.detach())


def feature_scale(env: Any, games: int, seed: int) -> np.ndarray:
    """Each feature's largest size in a few random games (at least 1): the network's input scale."""
    seen = []
    for game in range(games):
        observation, info = env.reset(seed=seed + game)
        done = False
        while not done:
            seen.append(np.abs(observation))
            observation, _, done, _, info = env.step(env.action_space.sample(info["action_mask"]))
    return np.maximum(1.0, np.max(seen, axis=0))


def wins(env: Any, policy: Policy | None, games: int, seed: int) -> int:
    """Games won on deals ``seed ..``, greedily (``policy`` None: uniformly random legal moves)."""
    won = 0
    for game in range(games):
        if policy is None:
            observation, info = env.reset(seed=seed + game)
            env.action_space.seed(seed + game)
            done, reward = False, 0.0
            while not done:
                observation, reward, done, _, info = env.step(env.action_space.sample(info["action_mask"]))
        else:
            reward = play(env, policy, seed + game, greedy=True).reward
        won += reward > 0
    return won


def main() -> None:
    from ludotheque.adapters.gymnasium import LudothequeEnv
    from ludotheque.sim.stats import wilson

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kagoun")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=4.0, help="training time")
    parser.add_argument("--eval", type=int, default=400, help="games of each evaluation (held-out deals)")
    parser.add_argument("--batch", type=int, default=16, help="games per update")
    parser.add_argument("--rate", type=float, default=1e-3, help="Adam's step size")
    parser.add_argument("--information-state", action="store_true",
                        help="observe the information-state tensor (the observation, then memory)")
    args = parser.parse_args()

    torch.set_num_threads(1)  # a shared machine
    torch.manual_seed(0)
    rng = np.random.default_rng(0)
    env = LudothequeEnv(args.game, seat=0, opponents="random", players=args.players,
                        information_state=args.information_state)
    policy = Policy(env.observation_space.shape[0], int(env.action_space.n),
                    feature_scale(env, 5, seed=10_000))
    optimizer = torch.optim.Adam(policy.parameters(), lr=args.rate)
    held_out = 1_000_000

    def rate(won: int) -> str:
        low, high = wilson(won, args.eval)
        return f"{won / args.eval:.1%} [{low:.1%}, {high:.1%}]"

    print(f"{args.game}, {args.players} players, seat 0 against random bots; {args.eval} held-out deals, "
          f"fair share {1 / args.players:.0%}")
    print(f"uniformly random legal moves: {rate(wins(env, None, args.eval, held_out))}")
    print(f"untrained policy (greedy):    {rate(wins(env, policy, args.eval, held_out))}")
    baseline, games, updates, start = 0.0, 0, 0, time.perf_counter()
    recent: deque[bool] = deque(maxlen=160)
    print("minutes  games  win rate of the last 160 training games (sampled actions)  loss")
    last_report = start
    while time.perf_counter() - start < args.minutes * 60:
        batch = [play(env, policy, int(rng.integers(2_000_000, 1 << 30)), greedy=False)
                 for _ in range(args.batch)]
        loss = update(policy, optimizer, batch, baseline)
        for episode in batch:
            recent.append(episode.reward > 0)
            baseline += 0.05 * (episode.reward - baseline)
        games, updates = games + len(batch), updates + 1
        if time.perf_counter() - last_report > 30:
            last_report = time.perf_counter()
            print(f"{(last_report - start) / 60:7.1f}  {games:5,}  {sum(recent) / len(recent):.1%}"
                  f"{'':51}{loss:+.3f}")
    print(f"trained policy (greedy):      {rate(wins(env, policy, args.eval, held_out))} "
          f"after {games:,} training games, {updates:,} updates, {args.minutes:g} min")


if __name__ == "__main__":
    from _report import report_and_exit

    report_and_exit(main)
