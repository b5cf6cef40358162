"""Gargon as tensors for learners (docs/rules/gargon.md, "Tensors for learners"): a fixed-size
vector built from one seat's observation only, and a dense action index.

Seats are seen from the viewer: slot 0 is the viewer (a spectator sees from seat 0), slot k the
seat k places after it. A card is one of 96 kinds (colour * 16 + value); a card seen only from
its back counts in its colour. Actions: the ten fixed codes keep their index (pass, stop, draw
from pile 1 or 2, a battle in each colour), then a play is the set of one to three positions
of the viewer's hand (in canonical order: colour, then value descending; of two equal 0s the
first), numbered in the combinatorial number system.
"""

# mypyc: compile

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any, Final

from .actions import PLAY, play_cards
from .components import COMPONENTS, DECK_SIZE, HIDDEN, NUM_COLOURS, NUM_VALUES
from .observe import GargonObservation
from .phase import Phase
from .rules import SHAPES
from .state import GargonState

MAX_PLAYERS: Final = 5
KINDS: Final = NUM_COLOURS * NUM_VALUES  # 96
#: Hand positions a play may name. Hands hold 8 cards at the deal and rarely pass 14 (random and
#: heuristic play); a hand past this bound raises rather than index a play wrongly.
HAND_SLOTS: Final = 24
FIXED: Final = PLAY  # codes below PLAY keep their index
PILE_TOP: Final = 3  # the colours of the top backs of each pile shown one by one

_SLOT_SETS: Final = [s for size in (1, 2, 3) for s in combinations(range(HAND_SLOTS), size)]
_SLOT_INDEX: Final = {slots: FIXED + k for k, slots in enumerate(_SLOT_SETS)}

_ZONE: Final = KINDS + NUM_COLOURS  # a zone: counts of each kind, then backs per colour
_PER_SEAT: Final = 3 * _ZONE + 2 + 1  # hand, in play, won; passed, present; pending draws
_PHASES: Final = len(Phase)
_PHASE_INDEX: Final = {phase.label: k for k, phase in enumerate(Phase)}
SIZE: Final = (KINDS  # own hand
               + MAX_PLAYERS * _PER_SEAT
               + 2 * (PILE_TOP * NUM_COLOURS + NUM_COLOURS + 1)  # piles
               + KINDS  # discard
               + _PHASES + (MAX_PLAYERS + 1) + MAX_PLAYERS  # phase, to act (or none), first
               + len(SHAPES) + NUM_COLOURS  # the round's shape, colours played this round
               + 1 + 1 + NUM_VALUES + (MAX_PLAYERS - 2))  # drawn, final round, amulets, players


#: What a seat remembers beyond its observation: each seat slot's won pile, card by card.
MEMORY_SIZE: Final = MAX_PLAYERS * KINDS


def observation_size(options: Mapping[str, Any] | None = None) -> int:
    return SIZE


def memory_size(options: Mapping[str, Any] | None = None) -> int:
    return MEMORY_SIZE


def encode_memory(state: GargonState, seat: int) -> list[float]:
    """What ``seat`` remembers that its observation no longer shows: every won pile's cards
    (face down in the standard variant, but each was won face up in a fight every seat watched:
    resample.py), per seat slot. The same for every seat, and all a seat was shown and then hid."""
    out = [0.0] * MEMORY_SIZE
    n = state.n
    for slot in range(n):
        for colour, values in enumerate(state.won[(seat + slot) % n]):
            for value in values:
                out[slot * KINDS + colour * NUM_VALUES + value] += 1.0
    return out


def shape(options: Mapping[str, Any] | None = None) -> dict[str, tuple[int, ...]]:
    return {"vector": (SIZE,)}


def memory_shape(options: Mapping[str, Any] | None = None) -> dict[str, tuple[int, ...]]:
    return {"memory": (MEMORY_SIZE,)}


#: The deck's copies of each kind (two 0s of a colour), and its cards of each colour.
_COPIES: Final = [float(COMPONENTS.deck.count(kind)) for kind in range(KINDS)]
_OF_COLOUR: Final = [float(sum(1 for card in COMPONENTS.deck if card // NUM_VALUES == colour))
                     for colour in range(NUM_COLOURS)]
_MOST_AMULETS: Final = 5.0  # on a card (components.py)


def bounds(options: Mapping[str, Any] | None = None) -> tuple[list[float], list[float]]:
    """Each feature's lowest and highest value: a count of cards is bounded by the deck (its
    copies of a kind, its cards of a colour, its size), a flag by 1."""
    zone = _COPIES + _OF_COLOUR
    seat = zone * 3 + [1.0, 1.0, float(DECK_SIZE)]
    pile = [1.0] * (PILE_TOP * NUM_COLOURS) + _OF_COLOUR + [float(DECK_SIZE)]
    flags = [1.0] * (_PHASES + (MAX_PLAYERS + 1) + MAX_PLAYERS + len(SHAPES) + NUM_COLOURS)
    high = (_COPIES + seat * MAX_PLAYERS + pile * 2 + _COPIES + flags
            + [float(DECK_SIZE), 1.0] + [_MOST_AMULETS] * NUM_VALUES + [1.0] * (MAX_PLAYERS - 2))
    return [0.0] * SIZE, high


def memory_bounds(options: Mapping[str, Any] | None = None) -> tuple[list[float], list[float]]:
    return [0.0] * MEMORY_SIZE, _COPIES * MAX_PLAYERS


def action_size(options: Mapping[str, Any] | None = None) -> int:
    return FIXED + len(_SLOT_SETS)


def _zone(out: dict[int, float], at: int, cards: tuple[int, ...]) -> None:
    for card in cards:
        k = at + (KINDS + card - HIDDEN if card >= HIDDEN else card)
        out[k] = out.get(k, 0.0) + 1.0


def encode(observation: GargonObservation) -> list[float]:
    """The viewer's tensor (field by field in docs/rules/gargon.md)."""
    out = [0.0] * SIZE
    for at, value in encode_nonzero(observation).items():
        out[at] = value
    return out


def encode_nonzero(observation: GargonObservation) -> dict[int, float]:
    """The same tensor as its non-zero entries by position: a few dozen of 1,835, what an
    adapter writes into a zeroed array instead of converting the whole list. (A plain dict read
    with ``get`` and counts of a pile's backs kept in a list: compiled, twice as fast as a
    ``defaultdict`` written card by card.)"""
    o = observation
    n = o.players
    me = 0 if o.seat is None else o.seat
    out: dict[int, float] = {}
    for card in o.hand:
        out[card] = out.get(card, 0.0) + 1.0
    at = KINDS
    for slot in range(MAX_PLAYERS):
        if slot < n:
            seat = (me + slot) % n
            _zone(out, at, o.hands[seat])
            _zone(out, at + _ZONE, o.in_play[seat])
            _zone(out, at + 2 * _ZONE, o.won[seat])
            if o.passed[seat]:
                out[at + 3 * _ZONE] = 1.0
            out[at + 3 * _ZONE + 1] = 1.0
            draws = o.pending_draws.count(seat)
            if draws:
                out[at + 3 * _ZONE + 2] = float(draws)
        at += _PER_SEAT
    for pile in o.piles:
        depth = 0
        for card in pile:
            if depth == PILE_TOP:
                break
            out[at + depth * NUM_COLOURS + card - HIDDEN] = 1.0
            depth += 1
        at += PILE_TOP * NUM_COLOURS
        counts = [0] * NUM_COLOURS
        for card in pile:
            counts[card - HIDDEN] += 1
        for colour in range(NUM_COLOURS):
            if counts[colour]:
                out[at + colour] = float(counts[colour])
        if pile:
            out[at + NUM_COLOURS] = float(len(pile))
        at += NUM_COLOURS + 1
    _zone(out, at, o.discard)
    at += KINDS
    out[at + _PHASE_INDEX[o.phase]] = 1.0
    at += _PHASES
    out[at + (MAX_PLAYERS if o.to_act is None or o.to_act < 0 else (o.to_act - me) % n)] = 1.0
    at += MAX_PLAYERS + 1
    out[at + (o.first_player - me) % n] = 1.0
    at += MAX_PLAYERS
    if o.shape:
        out[at + SHAPES.index(o.shape)] = 1.0
    at += len(SHAPES)
    for colour in o.round_colours:
        out[at + colour] = 1.0
    at += NUM_COLOURS
    if o.drawn:
        out[at] = float(o.drawn)
    if o.final_round:
        out[at + 1] = 1.0
    at += 2
    for value, amulets in enumerate(o.amulets[:NUM_VALUES]):
        if amulets:
            out[at + value] = float(amulets)
    at += NUM_VALUES
    out[at + n - 3] = 1.0
    return out


def action_indices(observation: GargonObservation, actions: list[int]) -> list[int]:
    """The dense index of each of ``actions`` (``action_index``), in one call: a decision lists
    up to a few hundred."""
    return [action_index(observation, action) for action in actions]


def action_index(observation: GargonObservation, action: int) -> int:
    """The dense index of ``action``, legal for the viewer (the seat to act)."""
    if action < FIXED:
        return action
    hand = observation.hand
    used: list[int] = []
    for card in play_cards(action):  # canonical order, as the hand
        slot = next(k for k, held in enumerate(hand) if held == card and k not in used)
        used.append(slot)
    if used[-1] >= HAND_SLOTS:
        raise ValueError(f"a hand of {len(hand)} cards: plays name at most {HAND_SLOTS} positions")
    return _SLOT_INDEX[tuple(used)]
