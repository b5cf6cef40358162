"""Does a policy learn? A small policy (PyTorch, CPU: an MLP over the seat's observation tensor,
its logits masked to the legal dense actions) trained by REINFORCE in the Gymnasium adapter, seat
0 against the project's bots, measured against random AND heuristic bots beside fixed-rule
baselines on the same held-out deals: the untrained policy, the highest legal index, the lowest
legal index, uniformly random legal moves. Win rates with 95% Wilson intervals and the fair share
(1/players); a trained policy's gain is its difference to the best baseline against the same
bots, with Newcombe's interval::

    .venv/bin/python benchmarks/learning_baselines.py [--games kagoun:2,gargon:3] [--minutes 3]
        [--opponents random,heuristic] [--train-against random,heuristic] [--eval 200] [--seed 0]

A high win rate against random bots alone proves nothing: in Kagoun a fixed rule wins nearly
every game there. Here rather than in examples/: it is a measurement (docs/research.md); a
researcher copies ``Policy``, ``play`` and ``update``, which hold the whole method.
"""

from __future__ import annotations

import argparse
import copy
import shlex
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import torch
from torch import nn

from ludotheque.cli.progress import progress_bar
from ludotheque.sim.stats import proportion_difference, wilson

HIDDEN = 128
#: Deals of the evaluations start here, far from the training deals (drawn above 2,000,000).
HELD_OUT = 1_000_000
#: Where the feature scale is measured (random games).
SCALE_DEALS = 10_000

#: A fixed rule: the action to play from the observation and the legal mask.
Rule = Callable[[np.ndarray, np.ndarray], int]


class Policy(nn.Module):
    """Logits over the dense actions from two ReLU layers over the scaled tensor; illegal
    actions are masked out (they can never be drawn, greedily or not). PyTorch's default
    initialisation: the untrained policy is a fixed, arbitrary rule, measured as a baseline."""

    def __init__(self, observations: int, actions: int, scale: np.ndarray | None = None) -> None:
        super().__init__()
        self.net = nn.Sequential(nn.Linear(observations, HIDDEN), nn.ReLU(),
                                 nn.Linear(HIDDEN, HIDDEN), nn.ReLU(), nn.Linear(HIDDEN, actions))
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
        env.action_space.seed(seed + game)
        done = False
        while not done:
            seen.append(np.abs(observation))
            observation, _, done, _, info = env.step(env.action_space.sample(info["action_mask"]))
    return np.maximum(1.0, np.max(seen, axis=0))


# The fixed-rule baselines: each makes the rule for one deal from the deal's seed.

def lowest_index(seed: int) -> Rule:
    return lambda observation, mask: int(np.flatnonzero(mask)[0])


def highest_index(seed: int) -> Rule:
    return lambda observation, mask: int(np.flatnonzero(mask)[-1])


def uniformly_random(seed: int) -> Rule:
    """A legal action drawn uniformly, from a generator seeded by the deal (repeatable)."""
    rng = np.random.default_rng(seed)
    return lambda observation, mask: int(rng.choice(np.flatnonzero(mask)))


def greedy(policy: Policy) -> Callable[[int], Rule]:
    """The policy's most likely legal action, whatever the deal."""
    def rule(observation: np.ndarray, mask: np.ndarray) -> int:
        with torch.no_grad():
            logits = policy(torch.as_tensor(observation)[None], torch.as_tensor(mask.astype(bool))[None])
        return int(logits[0].argmax())
    return lambda seed: rule


def reward_of(env: Any, rule: Rule, seed: int) -> float:
    """The learner's reward at the end of deal ``seed``, every learner move chosen by ``rule``."""
    observation, info = env.reset(seed=seed)
    done, reward = False, 0.0
    while not done:
        observation, reward, done, _, info = env.step(rule(observation, info["action_mask"]))
    return float(reward)


def wins(env: Any, baseline: Callable[[int], Rule], deals: Sequence[int],
         advance: Callable[[int], None] = lambda games: None) -> int:
    """Games won (a reward above 0: a shared win counts) on ``deals``."""
    won = 0
    for seed in deals:
        won += reward_of(env, baseline(seed), seed) > 0
        advance(1)
    return won


def difference_interval(won_a: int, games_a: int, won_b: int, games_b: int) -> tuple[float, float]:
    """Newcombe's 95% interval (hybrid score, his method 10) on rate a − rate b, from each rate's
    Wilson interval (``sim.stats.proportion_difference``). It treats the two as independent: on
    the same deals, whose luck both share, it is wider than the truth (conservative)."""
    found = proportion_difference(won_a, games_a, won_b, games_b)
    return found["low"], found["high"]


@dataclass
class Training:
    """A trained policy and what it took."""

    opponent: str
    policy: Policy
    games: int
    updates: int
    minutes: float
    curve: list[tuple[float, int, float]]  # (minutes, games, win rate of the last 160 games)


def train(env: Any, opponent: str, start: Policy, minutes: float, seed: int, batch: int = 16,
          rate: float = 1e-3, say: Callable[[str], None] = print) -> Training:
    """REINFORCE against ``opponent`` (``env``'s bots) from a copy of ``start`` for ``minutes``,
    on deals drawn from ``seed``; a line of the learning curve every 30 s."""
    policy = copy.deepcopy(start)
    optimizer = torch.optim.Adam(policy.parameters(), lr=rate)
    rng = np.random.default_rng(seed)
    baseline, games, updates, began = 0.0, 0, 0, time.perf_counter()
    recent: deque[bool] = deque(maxlen=160)
    curve: list[tuple[float, int, float]] = []
    last = began
    while time.perf_counter() - began < minutes * 60:
        episodes = [play(env, policy, int(rng.integers(2_000_000, 1 << 30)), greedy=False)
                    for _ in range(batch)]
        loss = update(policy, optimizer, episodes, baseline)
        for episode in episodes:
            recent.append(episode.reward > 0)
            baseline += 0.05 * (episode.reward - baseline)
        games, updates = games + len(episodes), updates + 1
        if time.perf_counter() - last > 30:
            last = time.perf_counter()
            curve.append(((last - began) / 60, games, sum(recent) / len(recent)))
            say(f"  {curve[-1][0]:4.1f} of {minutes:g} min  {games:6,} games  last 160 (sampled): "
                f"{curve[-1][2]:.1%}  loss {loss:+.3f}")
    return Training(opponent, policy, games, updates, (time.perf_counter() - began) / 60, curve)


def rate_text(won: int, games: int) -> str:
    low, high = wilson(won, games)
    return f"{won / games:.1%} [{low:.1%}, {high:.1%}]"


def gain_text(won: int, best: int, games: int) -> str:
    low, high = difference_interval(won, games, best, games)
    return f"{(won - best) / games * 100:+.1f} points [{low * 100:+.1f}, {high * 100:+.1f}]"


BASELINES: dict[str, Callable[[int], Rule]] = {
    "highest legal index": highest_index,
    "lowest legal index": lowest_index,
    "uniformly random legal": uniformly_random,
}


def measure_game(game: str, players: int, args: argparse.Namespace) -> list[str]:
    """Baselines and trained policies of one game against each opponent: the table's lines."""
    from ludotheque.adapters.gymnasium import LudothequeEnv

    def env_against(opponent: str) -> LudothequeEnv:
        return LudothequeEnv(game, seat=0, opponents=opponent, players=players,
                             information_state=args.information_state)

    envs = {opponent: env_against(opponent) for opponent in args.opponents}
    torch.manual_seed(args.seed)
    shape_env = envs[args.opponents[0]]
    untrained = Policy(shape_env.observation_space.shape[0], int(shape_env.action_space.n),
                       feature_scale(env_against("random"), 5, seed=SCALE_DEALS))
    deals = range(HELD_OUT + args.seed * args.eval, HELD_OUT + (args.seed + 1) * args.eval)
    rows = {**BASELINES, "untrained policy (greedy)": greedy(untrained)}
    won: dict[tuple[str, str], int] = {}
    for opponent, env in envs.items():
        with progress_bar(len(rows) * len(deals), f"{game} baselines against {opponent}") as advance:
            for name, baseline in rows.items():
                won[name, opponent] = wins(env, baseline, deals, advance)
    trained: list[Training] = []
    for index, opponent in enumerate(args.train_against):
        print(f"{game}: training against {opponent} for {args.minutes:g} min", flush=True)
        training = train(env_against(opponent), opponent, untrained, args.minutes,
                         args.seed * 1000 + index, args.batch, args.rate)
        trained.append(training)
        name = f"trained against {opponent}"
        for against, env in envs.items():
            with progress_bar(len(deals), f"{game} {name}, against {against}") as advance:
                won[name, against] = wins(env, greedy(training.policy), deals, advance)

    games = len(deals)
    head = f"seat 0 of {players}, {game}, {games} held-out deals (fair share {1 / players:.0%})"
    lines = [f"| {head} | " + " | ".join(f"against {o}" for o in envs) + " |",
             "|---|" + "---|" * len(envs)]
    for name in rows:
        lines.append(f"| {name} | " + " | ".join(rate_text(won[name, o], games) for o in envs) + " |")
    best = {o: max(rows, key=lambda name: won[name, o]) for o in envs}
    lines.append("| best baseline | " + " | ".join(best[o] for o in envs) + " |")
    for training in trained:
        name = f"trained against {training.opponent}"
        lines.append(f"| **{name}** ({training.minutes:.1f} min, {training.games:,} games) | "
                     + " | ".join(f"**{rate_text(won[name, o], games)}**" for o in envs) + " |")
        lines.append("| gain over the best baseline | "
                     + " | ".join(gain_text(won[name, o], won[best[o], o], games) for o in envs) + " |")
    return lines


def game_and_players(text: str) -> tuple[str, int]:
    game, _, players = text.partition(":")
    return game.strip(), int(players or 2)


def names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="kagoun:2", type=lambda t: [game_and_players(g) for g in names(t)],
                        help="GAME:PLAYERS, comma-separated, measured one after another")
    parser.add_argument("--minutes", type=float, default=3.0, help="training time of each trained policy")
    parser.add_argument("--opponents", default="random,heuristic", type=names,
                        help="bots every row is measured against")
    parser.add_argument("--train-against", default=None, type=names,
                        help="bots a policy is trained against, one policy each (default: --opponents; "
                             "empty: baselines only)")
    parser.add_argument("--eval", type=int, default=200, help="held-out deals of each measure")
    parser.add_argument("--seed", type=int, default=0, help="the network's, the deals' and training's")
    parser.add_argument("--batch", type=int, default=16, help="games per update")
    parser.add_argument("--rate", type=float, default=1e-3, help="Adam's step size")
    parser.add_argument("--information-state", action="store_true",
                        help="observe the information-state tensor (the observation, then memory)")
    args = parser.parse_args()
    if args.train_against is None:
        args.train_against = args.opponents

    torch.set_num_threads(1)  # a shared machine
    for game, players in args.games:
        began = time.perf_counter()
        lines = measure_game(game, players, args)
        print(f"\n{game}, {players} players: {(time.perf_counter() - began) / 60:.1f} min\n")
        print("\n".join(lines), flush=True)
    print("\n.venv/bin/python " + shlex.join(sys.argv))


if __name__ == "__main__":
    from _report import report_and_exit

    report_and_exit(main)
