"""Reinforcement against the game's heuristic: the second half of a training run's warm start
(``ludotheque train --reinforce N``, ``learn/loop.py``), after the imitation.

The network plays one seat, rotated from game to game, against the game's ``heuristic`` bot in
every other seat. At each of its decisions with a choice it draws its move from its policy (the
softmax of its legal actions' logits); the game's outcome is its reward. Rounds of ``ROUND`` games
alternate with a proximal policy optimisation update (PPO, Schulman et al. 2017: the clipped
ratio of the new policy to the one that played, ``learner.Learner.reinforce``), so the policy
moves towards the moves that won more than its value head expected.

The imitation alone plays as the heuristic does, without its tie-breaks, and loses to it; this
is where the network's own play starts to count (``benchmarks/README.md``, "Reinforcement").
The actors play in other processes, numpy only, as self-play: a row's advantage is worked out
there from the value head's estimates along the game (GAE, ``LAMBDA``), and the learner gets
plain arrays.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..bots.evaluators import shares
from ..bots.network import softmax
from ..bots.registry import make_bot
from ..core.registry import get_game
from ..sim.match import bot_seed
from ..sim.runner import game_seed
from .imitation import TEACHER
from .networks import network_of
from .samples import Samples
from .selfplay import Rows, choices

Floats = npt.NDArray[np.float32]

#: Games of a round: played with one network, then one update.
ROUND = 128
#: GAE's lambda: how far along the game an advantage looks (1: the outcome alone, minus the value).
LAMBDA = 0.95


@dataclass(frozen=True)
class ReinforceJob:
    """A round's games, as sent to actors (plain data and the network's bytes)."""

    game_id: str
    options: dict[str, Any]
    seed: int
    network: bytes


@dataclass(frozen=True)
class Played:
    """The learning seat's decisions of some games: its samples (the policy target all on the
    move it played, the value target the game's outcome), with the log-probability the policy
    gave that move, and its advantage; and the seat's share of each game's win."""

    samples: Samples
    log_probs: Floats
    advantages: Floats
    shares: Floats

    def __len__(self) -> int:
        return len(self.samples)

    @classmethod
    def concat(cls, parts: list[Played], players: int) -> Played:
        return cls(Samples.concat([p.samples for p in parts], players),
                   np.concatenate([p.log_probs for p in parts]).astype(np.float32),
                   np.concatenate([p.advantages for p in parts]).astype(np.float32),
                   np.concatenate([p.shares for p in parts]).astype(np.float32))


def advantages(values: list[float], outcome: float, lam: float = LAMBDA) -> list[float]:
    """GAE(``lam``) along one seat's decisions: each step's estimate of the seat's share of the
    win against the next step's (the outcome after the last), no discount."""
    found = [0.0] * len(values)
    running = 0.0
    for step in reversed(range(len(values))):
        after = outcome if step == len(values) - 1 else values[step + 1]
        running = after - values[step] + lam * running
        found[step] = running
    return found


def reinforce_game(job: ReinforceJob, index: int) -> Played:
    """Game ``index`` of ``job``: the network at seat ``index % players``, the heuristic elsewhere."""
    game = get_game(job.game_id)
    options = game.resolve_options(job.options)
    network = network_of(job.network, game, options)
    seed = game_seed(job.seed, index)
    state = game.new_state(options, seed)
    players = state.players
    me = index % players
    rng = random.Random(seed)  # chance and the network's draws
    others = {seat: make_bot(game.spec.id, TEACHER, bot_seed(seed, seat)) for seat in range(players)
              if seat != me}
    for seat, bot in others.items():
        bot.reset(game, options, seat)
    rows, log_probs, values = Rows(), [], []
    for decision in choices(state, rng):
        if decision.seat != me:
            action = others[decision.seat].choose(decision)
        else:
            rows.add(game, options, state, decision, [0.0] * len(decision.legal))
            logits, value = network.forward([rows.entries[-1]])
            chances = softmax(logits[0, rows.legal[-1]].astype(np.float64))
            pick = rng.choices(range(len(chances)), weights=chances.tolist())[0]
            rows.visits[-1][pick] = 1.0
            log_probs.append(float(np.log(chances[pick])))
            values.append(float(softmax(value[0])[0]))
            action = decision.legal[pick]
        decision.close()
        state.apply_trusted(action)
    outcome = shares(state)
    return Played(rows.samples(outcome), np.asarray(log_probs, np.float32),
                  np.asarray(advantages(values, outcome[me]), np.float32),
                  np.asarray([outcome[me]], np.float32))


def reinforce_chunk(job: ReinforceJob, start: int, stop: int) -> list[tuple[int, Played]]:
    """Games ``start`` to ``stop - 1`` of ``job``, each with its index (what a backend runs)."""
    return [(index, reinforce_game(job, index)) for index in range(start, stop)]
