"""What a search needs to know of Gargon beyond the protocol: which plays deserve a look.

A first player may lay several hundred plays (one to three cards in one to three colours), and
uniformly random playouts place cards so badly that a playout says little of a position. The
search looks only at the heuristic's best few plays of a placing decision (``place_scores``, from
the seat's own view of the drawn position, with no memory of earlier rounds); its playouts place
the heuristic's best of a few plays drawn at random, and draw, pass and fight at random.
"""

# mypyc: compile

from __future__ import annotations

from random import Random

from ...core.draws import randbelow
from .components import HIDDEN
from .heuristic import FOLLOW_RATE, _View, place_scores
from .observe import GargonObservation, observe
from .phase import Phase
from .state import GargonState

BREADTH = 6  # plays searched per placing decision: the heuristic's best
SAMPLE = 6  # plays a playout's placing move chooses among


def _scored(state: GargonState, legal: list[int]) -> list[tuple[float, int]]:
    observation = observe(state, state.to_act)
    return place_scores(_View(observation, _face_up(observation)), legal, [FOLLOW_RATE] * state.n)


def _face_up(observation: GargonObservation) -> set[int]:
    """The non-zero cards the seat sees face up now (what the heuristic would have remembered)."""
    seen: set[int] = set()
    for zone in (observation.discard, *observation.in_play, *observation.won):
        seen.update(card for card in zone if card < HIDDEN and card & 15)
    return seen


def worth_searching(state: GargonState) -> list[int]:
    """The heuristic's best ``BREADTH`` plays when placing; every legal action otherwise."""
    legal = state.legal_actions()
    if state.phase != Phase.PLACE or len(legal) <= BREADTH:
        return legal
    ranked = sorted(_scored(state, legal), key=lambda pair: -pair[0])
    return [action for _, action in ranked[:BREADTH]]


def rollout(state: GargonState, rng: Random) -> int:
    """A placing move: the heuristic's best of ``SAMPLE`` plays drawn at random; else random."""
    legal = state.legal_actions()
    if state.phase != Phase.PLACE or len(legal) == 1:
        return legal[randbelow(rng, len(legal))]
    if len(legal) > SAMPLE:
        legal = [legal[randbelow(rng, len(legal))] for _ in range(SAMPLE)]
    best = max(_scored(state, legal), key=lambda pair: pair[0])
    return best[1]
