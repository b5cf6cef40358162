"""Imitation of the game's heuristic: the warm start of a training run (``ludotheque train
--imitate N``, ``learn/loop.py``'s generation 0).

N games of the game's ``heuristic`` bot in every seat, each decision with a choice kept as a
sample (``learn/samples.py``): the mover's information state, its legal actions, a policy target
with all its weight on the heuristic's move, and the game's outcome as the value target. With
probability ``explore`` the move played is another one, drawn uniformly among the legal ones,
while the target stays the heuristic's: the network also learns what the heuristic does in
positions its own play never reaches (as DAgger does), which the network will reach.

The heuristic answers in well under a millisecond where a search takes tens: a network first
taught to play as it does starts generation 1 from the game's own knowledge, not from nothing.
Actors run this in other processes, numpy only, as self-play.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..bots.evaluators import shares
from ..bots.registry import make_bot
from ..core.registry import get_game
from ..sim.match import bot_seed
from ..sim.runner import game_seed
from .samples import Samples
from .selfplay import Rows, choices

#: The share of moves played at random (the target stays the heuristic's move).
EXPLORE = 0.15
#: The bot imitated: every game has one by this name.
TEACHER = "heuristic"


@dataclass(frozen=True)
class ImitationJob:
    """An imitation phase's games, as sent to actors (plain data)."""

    game_id: str
    options: dict[str, Any]
    seed: int
    explore: float = EXPLORE


def imitation_game(job: ImitationJob, index: int) -> Samples:
    """Game ``index`` of ``job``: its samples."""
    game = get_game(job.game_id)
    options = game.resolve_options(job.options)
    seed = game_seed(job.seed, index)
    state = game.new_state(options, seed)
    rng = random.Random(seed)  # chance and the moves played at random, never a bot's
    teachers = [make_bot(game.spec.id, TEACHER, bot_seed(seed, seat)) for seat in range(state.players)]
    for seat, teacher in enumerate(teachers):
        teacher.reset(game, options, seat)
    rows = Rows()
    for decision in choices(state, rng):
        legal = decision.legal
        taught = teachers[decision.seat].choose(decision)
        rows.add(game, options, state, decision, [1.0 if action == taught else 0.0 for action in legal])
        decision.close()
        state.apply_trusted(rng.choice(legal) if rng.random() < job.explore else taught)
    return rows.samples(shares(state))


def imitation_chunk(job: ImitationJob, start: int, stop: int) -> list[tuple[int, Samples]]:
    """Games ``start`` to ``stop - 1`` of ``job``, each with its index (what a backend runs)."""
    return [(index, imitation_game(job, index)) for index in range(start, stop)]
