"""What a search needs to know of Gargon beyond the protocol: which plays deserve a look.

A first player may lay several hundred plays (one to three cards in one to three colours), and
uniformly random playouts place cards so badly that a playout says little of a position. The
search looks only at the heuristic's best few plays of a placing decision (``place_scores``, from
the seat's own view of the drawn position, the won cards seen); its playouts play the
heuristic's moves, a placing seat choosing the best of a few plays drawn at random.
"""

# mypyc: compile

from __future__ import annotations

from random import Random

from ...core.draws import randbelow
from .components import HIDDEN
from .heuristic import FOLLOW_RATE, _View, battle_choice, draw_choice, place_scores
from .observe import GargonObservation, observe
from .phase import Phase
from .state import GargonState

BREADTH = 6  # plays searched per placing decision: the heuristic's best
SAMPLE = 6  # plays a playout's placing move chooses among (more: as strong, half as fast)


def _scored(state: GargonState, legal: list[int]) -> list[tuple[float, int]]:
    observation = observe(state, state.to_act)
    return place_scores(_View(observation, _seen(state, observation)), legal, [FOLLOW_RATE] * state.n)


def _seen(state: GargonState, observation: GargonObservation) -> set[int]:
    """The non-zero cards every seat has seen face up: those in sight now, and the won ones
    (shown in their fight; a position drawn with the seat's memory keeps them where they are)."""
    seen: set[int] = set()
    for zone in (observation.discard, *observation.in_play):
        seen.update(card for card in zone if card < HIDDEN and card & 15)
    for pile in state.won:
        for colour, values in enumerate(pile):
            seen.update(colour * 16 + value for value in values if value)
    return seen


def worth_searching(state: GargonState) -> list[int]:
    """The heuristic's best ``BREADTH`` plays when placing; every legal action otherwise."""
    legal = state.legal_actions()
    if state.phase != Phase.PLACE or len(legal) <= BREADTH:
        return legal
    ranked = sorted(_scored(state, legal), key=lambda pair: -pair[0])
    return [action for _, action in ranked[:BREADTH]]


def rollout(state: GargonState, rng: Random) -> int:
    """The heuristic's move from the seat's view of the drawn position, a placing seat choosing
    among ``SAMPLE`` plays drawn at random (so that playouts differ and stay cheap)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    observation = observe(state, state.to_act)
    view = _View(observation, _seen(state, observation))
    if state.phase == Phase.FIGHT:
        return battle_choice(view, legal)
    if state.phase != Phase.PLACE:
        return draw_choice(view, legal)
    if len(legal) > SAMPLE:
        legal = [legal[randbelow(rng, len(legal))] for _ in range(SAMPLE)]
    return max(place_scores(view, legal, [FOLLOW_RATE] * state.n), key=lambda pair: pair[0])[1]

