"""What a search needs to know of Drakon beyond the protocol: which few actions deserve a look.

A Drakon turn offers dozens of placements (every tile, turned four ways, on every free side) and
the search cannot try them all in a second; most lay a room where it helps a rival. The search
looks only at the heuristic's best few actions of each decision (``heuristic.scored_actions``,
from the seat's own view of the drawn position). Its playouts play the heuristic's best of a few
legal actions drawn at random, and stop after ``PLAYOUT_MOVES``: the gold then says who is
likelier to win (``evaluate``).
"""

# mypyc: compile

from __future__ import annotations

import math
from random import Random

from ...core.draws import randbelow
from .heuristic import scored_actions
from .observe import observe
from .state import DrakonState

BREADTH = 4  # actions searched per decision: the heuristic's best
SAMPLE = 6  # legal actions a playout move chooses among
PLAYOUT_MOVES = 30  # a playout stops after this many moves and the position is judged by its gold
GOLD_WEIGHT = 0.5


def _ranked(state: DrakonState) -> list[int]:
    legal = state.legal_actions()
    if len(legal) <= 1:
        return legal
    scored = sorted(scored_actions(observe(state, state.to_act), legal), key=lambda pair: -pair[0])
    return [action for _, action in scored]


def worth_searching(state: DrakonState) -> list[int]:
    """The heuristic's best ``BREADTH`` legal actions."""
    return _ranked(state)[:BREADTH]


def rollout(state: DrakonState, rng: Random) -> int:
    """The heuristic's best of a few legal actions drawn at random (all of them when few): a
    playout move costs a few scores, not one for every placement."""
    legal = state.legal_actions()
    if len(legal) > SAMPLE:
        legal = [legal[randbelow(rng, len(legal))] for _ in range(SAMPLE)]
    elif len(legal) == 1:
        return legal[0]
    scored = scored_actions(observe(state, state.to_act), legal)
    best = scored[0]
    for pair in scored:
        if pair[0] > best[0]:
            best = pair
    return best[1]

def evaluate(state: DrakonState) -> list[float]:
    """Each seat's chance to win a position left unfinished after ``PLAYOUT_MOVES``: richer
    purses are likelier winners (a share of ``exp(GOLD_WEIGHT * gold)``)."""
    weights = [math.exp(GOLD_WEIGHT * state.gold(state.purse_of[seat])) for seat in range(state.n)]
    total = sum(weights)
    return [weight / total for weight in weights]
