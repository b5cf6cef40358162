"""What a search needs to know of Gargon beyond the protocol: which plays deserve a look.

A first player may lay several hundred plays (one to three cards in one to three colours), and
uniformly random playouts place cards so badly that a playout says little of a position. The
search looks only at the heuristic's best few plays of a placing decision (``place_scores``, from
the seat's own view of the drawn position, the won cards seen); its playouts play the
heuristic's moves, a placing seat choosing the best of a few plays drawn at random.

Beliefs (``plausibility``): a seat sees the backs of the cards placed before it this round, not
their values. A drawn position is as plausible as the plays those seats made would be from the
hands it gives them: each play is weighed by how close the heuristic scores it to that seat's
best play then (``exp(BELIEF * (score - best))``), so positions in which the seats before placed
high cards where they wanted to win come first.
"""

# mypyc: compile

from __future__ import annotations

import math
from random import Random

from ...core.draws import randbelow
from . import rules
from .actions import play_action
from .components import NUM_COLOURS
from .heuristic import FOLLOW_RATE, Sight, _View, draw_choice, fight_first, place_scores
from .observe import face_up
from .phase import Phase
from .position import GargonPosition
from .rules import MAX_DRAWS_PER_PASS
from .state import FIGHT, PLACE, GargonState

BREADTH = 6  # plays searched per placing decision: the heuristic's best
SAMPLE = 6  # plays a playout's placing move chooses among (more: as strong, half as fast)
# win share by which a searched move must beat the heuristic's to be played (0.1 at 0.1 s a
# move gained 5.7 points over none; at 1 s, 0.05 won 40.4% of 400 games, 0.1 39.1%)
MARGIN = 0.05
BELIEF = 1.0  # how sharply a play scored below the best makes a drawn position less plausible
OTHERS_BY_POLICY = True  # the others play the heuristic from their drawn hands, out of the tree


PHASES = tuple(phase.label for phase in Phase)


def _scored(state: GargonState, legal: list[int]) -> list[tuple[float, int]]:
    return place_scores(_view(state), legal, [FOLLOW_RATE] * state.n)


def _view(state: GargonState) -> _View:
    """The heuristic's view of the seat to act, with the won cards seen."""
    seat = state.to_act
    assert seat is not None
    return _View(sight_of(state, seat), _won_cards(state))


def sight_of(state: GargonState, seat: int) -> Sight:
    """What ``seat`` sees of ``state``, read straight from it: the same as
    ``Sight.of(observe(state, seat))`` (a test compares them), without building an observation
    at every playout move. Values come only from zones ``observe`` shows the seat."""
    revealed, won_up = face_up(state)
    in_sight = list(state.discard)
    for s in range(state.n):
        for zone, shown in ((state.in_play[s], revealed), (state.won[s], won_up), (state.hands[s], False)):
            if shown or s == seat:
                in_sight += [colour * 16 + value for colour, values in enumerate(zone) for value in values]
    tops = [[card >> 4 for card in reversed(pile[-MAX_DRAWS_PER_PASS:])] for pile in state.piles]
    return Sight(seat, state.n, state.amulets, state.hands[seat], state.won[seat],
                 [[len(values) for values in zone] for zone in state.hands],
                 [[len(values) for values in zone] for zone in state.in_play],
                 [[len(values) for values in zone] for zone in state.won], in_sight, tops,
                 (len(state.piles[0]), len(state.piles[1])), state.final_round, state.first,
                 state.shape, tuple([c for c in range(NUM_COLOURS) if state.round_colours >> c & 1]),
                 PHASES[state.phase], state.drawn)


def _won_cards(state: GargonState) -> list[int]:
    """The non-zero cards of the won piles: every seat saw them face up in their fight (a
    position drawn with the seat's memory keeps them where they are). The view adds the cards
    in sight itself."""
    return [colour * 16 + value for pile in state.won for colour, values in enumerate(pile)
            for value in values if value]


def worth_searching(state: GargonState) -> list[int]:
    """The heuristic's best ``BREADTH`` plays when placing; every legal action otherwise."""
    legal = state.legal_actions()
    if state.phase != PLACE or len(legal) <= BREADTH:
        return legal
    ranked = sorted(_scored(state, legal), key=lambda pair: -pair[0])
    return [action for _, action in ranked[:BREADTH]]


def rollout(state: GargonState, rng: Random) -> int:
    """The heuristic's move from the seat's view of the drawn position, a placing seat choosing
    among ``SAMPLE`` plays drawn at random (so that playouts differ and stay cheap)."""
    return _heuristic_move(state, rng)


def favourite(state: GargonState) -> int:
    """The heuristic's move from the seat's view (the same in every position drawn for it): the
    search plays it unless it finds a move better by ``MARGIN``."""
    return _heuristic_move(state, None)


def _heuristic_move(state: GargonState, rng: Random | None) -> int:
    """The heuristic's move; with ``rng``, a placing seat's among ``SAMPLE`` plays drawn."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.to_act
    assert seat is not None
    if state.phase == FIGHT:  # every card in play lies face up, values descending
        highest = [[values[0] if values else -1 for values in zone] for zone in state.in_play]
        return fight_first(seat, highest, legal)
    view = _view(state)
    if state.phase != PLACE:
        return draw_choice(view, legal)
    if rng is not None and len(legal) > SAMPLE:
        legal = [legal[randbelow(rng, len(legal))] for _ in range(SAMPLE)]
    return max(place_scores(view, legal, [FOLLOW_RATE] * state.n), key=lambda pair: pair[0])[1]


def plausibility(state: GargonState, seat: int) -> float:
    """How plausible the plays of the seats that placed before ``seat`` this round are in
    ``state``, a position drawn for ``seat`` (1: each played the heuristic's best play)."""
    if state.phase != PLACE or state.placed == 0:
        return 1.0
    n = state.n
    order = [(state.first + k) % n for k in range(n)]
    log_weight = 0.0
    for k in range(state.placed):
        placer = order[k]
        if placer == seat:
            break
        cards = [c * 16 + v for c, values in enumerate(state.in_play[placer]) for v in values]
        if not cards:
            continue  # a pass: the cards drawn since hide the hand it passed with
        before = _before_placing(state, order, k)
        legal = rules.legal_actions(before)
        if len(legal) < 2:
            continue
        scored = _scored(before, legal)
        played = play_action(cards)
        best = max(score for score, _ in scored)
        chosen = [score for score, action in scored if action == played]
        if not chosen:  # cannot happen: the cards came from that hand, in the round's shape
            return 0.0
        log_weight += BELIEF * (chosen[0] - best)
    return math.exp(log_weight)


def _before_placing(state: GargonState, order: list[int], k: int) -> GargonState:
    """``state`` as it was when the ``k``-th seat of the round was to place: the cards placed
    since (its own too) back in their hands."""
    before = GargonPosition(state.game, state.options, state.amulets, state)
    for j in range(k, state.placed):
        placer = order[j]
        for colour in range(NUM_COLOURS):
            values = before.hands[placer][colour]
            values += before.in_play[placer][colour]
            values.sort(reverse=True)
            before.in_play[placer][colour] = []
        before.passed[placer] = False
    colours = 0
    for j in range(k):
        for colour in range(NUM_COLOURS):
            if before.in_play[order[j]][colour]:
                colours |= 1 << colour
    before.placed, before.to_act, before.round_colours = k, order[k], colours
    return before
