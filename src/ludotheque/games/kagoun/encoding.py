"""Kagoun as tensors for learners (docs/rules/kagoun.md, "Tensors for learners"): a fixed-size
vector built from one seat's observation only, and a dense action index.

Seats are seen from the viewer: slot 0 is the viewer (a spectator sees from seat 0), slot k the
seat k places after it. A card is one of 52 (``parse_card``); a card's line (its end a or b) one
of 104. Actions: a capture, steal or defence names a position of the viewer's hand (sorted by
card), the end laid, the target card and the target's line; the other kinds keep their card or
relative seat; chance outcomes (cards drawn or taken) are no seat's decision and have no index.
"""

# mypyc: compile

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from . import actions as A
from .components import DECK_SIZE
from .game import MAX_ROUNDS
from .notation import parse_card, parse_line
from .observe import KagounObservation
from .rules import ANNOUNCED_NAMES, TASK_NAMES
from .scoring import ALL_COLOURS_BONUS
from .state import KagounState

MAX_PLAYERS: Final = 4
LINES: Final = 2 * DECK_SIZE
#: Hand positions an attack or a defence may name: a hand holds three cards after the draw
#: (HAND_LIMIT) and at most five were seen in random play; a larger hand raises.
HAND_SLOTS: Final = 8

_LINK: Final = HAND_SLOTS * 2 * DECK_SIZE * 2  # per kind: hand position, end, target, line
_LINK_BASES: Final = {A.CAPTURE: 0, A.STEAL: _LINK, A.DEFEND: 2 * _LINK}
_CHAIN: Final = 3 * _LINK  # + card * 4 + side * 2 + turned
_SCRAP: Final = _CHAIN + DECK_SIZE * 4
_DROP: Final = _SCRAP + DECK_SIZE
_CLEAR: Final = _DROP + DECK_SIZE
_TAKE_FROM: Final = _CLEAR + DECK_SIZE  # + relative seat
_PLAIN: Final = _TAKE_FROM + MAX_PLAYERS  # kagoun, consolidate, discard, pass, stop
ACTIONS: Final = _PLAIN + 5

_ANNOUNCED: Final = len(ANNOUNCED_NAMES) + 1 + 2 * LINES + MAX_PLAYERS  # kind, replay, target, card, victim
_PER_SEAT: Final = (1 + 1 + 1 + 1 + 1  # present, hand size, points, active, called
                    + 2 * LINES  # pairs: upper lines, lower lines
                    + 2 * DECK_SIZE  # chain cards, turned ones
                    + _ANNOUNCED
                    + DECK_SIZE)  # targets this seat defends
SIZE: Final = (5 * DECK_SIZE  # own hand, river, discard, stolen, loose
               + MAX_PLAYERS * _PER_SEAT
               + 2 * LINES  # the viewer's own defences: its cards' lines, the targets' lines
               + 2  # pile size, round
               + len(TASK_NAMES) + 1 + (MAX_PLAYERS + 1)  # task (or none), whose task (or none)
               + (MAX_PLAYERS + 2) + MAX_PLAYERS + (MAX_PLAYERS + 1)  # to act, first, winner
               + (MAX_PLAYERS - 1)  # players
               + HAND_SLOTS * DECK_SIZE)  # the hand by position, as attacks and defences name it


#: What a seat remembers beyond its observation (memory.py): per seat slot, the cards it knows
#: lie hidden with that seat; whether the pile was made from a reshuffled discard, and its cards.
MEMORY_SIZE: Final = MAX_PLAYERS * DECK_SIZE + 1 + DECK_SIZE


def observation_size(options: Mapping[str, Any] | None = None) -> int:
    return SIZE


def memory_size(options: Mapping[str, Any] | None = None) -> int:
    return MEMORY_SIZE


def encode_memory(state: KagounState, seat: int) -> list[float]:
    """What ``seat`` remembers that its observation no longer shows (memory.py, what
    ``resample(seat, rng, remember=True)`` keeps): the cards Take showed it going into a hand,
    by the holder's seat slot, and the reshuffled discard the pile was made from."""
    out = [0.0] * MEMORY_SIZE
    n = state.n
    for holder, card in state.known[seat]:
        out[((holder - seat) % n) * DECK_SIZE + card] = 1.0
    if state.reshuffled is not None:
        at = MAX_PLAYERS * DECK_SIZE
        out[at] = 1.0
        for card in state.reshuffled:
            out[at + 1 + card] = 1.0
    return out


def shape(options: Mapping[str, Any] | None = None) -> dict[str, tuple[int, ...]]:
    return {"vector": (SIZE,)}


def memory_shape(options: Mapping[str, Any] | None = None) -> dict[str, tuple[int, ...]]:
    return {"memory": (MEMORY_SIZE,)}


#: A chain's points: each of its junctions (one fewer than its cards) gives at most 2, and all
#: four colours 2 more (scoring.py).
_MOST_POINTS: Final = 2.0 * (DECK_SIZE - 1) + ALL_COLOURS_BONUS


def bounds(options: Mapping[str, Any] | None = None) -> tuple[list[float], list[float]]:
    """Each feature's lowest and highest value: a card is in a zone once (1), a hand or the pile
    holds at most the deck, a chain scores at most _MOST_POINTS, the round is at most the
    ``max_rounds`` cap (its largest, MAX_ROUNDS, when the cap is off: 0)."""
    rounds = float((options or {}).get("max_rounds", MAX_ROUNDS) or MAX_ROUNDS)
    seat = [1.0, float(DECK_SIZE), _MOST_POINTS] + [1.0] * (_PER_SEAT - 3)
    high = [1.0] * (5 * DECK_SIZE) + seat * MAX_PLAYERS + [1.0] * (2 * LINES)
    high += [float(DECK_SIZE), rounds] + [1.0] * (SIZE - len(high) - 2)
    return [0.0] * SIZE, high


def memory_bounds(options: Mapping[str, Any] | None = None) -> tuple[list[float], list[float]]:
    return [0.0] * MEMORY_SIZE, [1.0] * MEMORY_SIZE


def action_size(options: Mapping[str, Any] | None = None) -> int:
    return ACTIONS


def _line(text: str) -> int:
    """A card's line as one index, ``card * 2 + end``."""
    card, end = parse_line(text)
    return card * 2 + end


def encode(observation: KagounObservation) -> list[float]:
    """The viewer's tensor (field by field in docs/rules/kagoun.md)."""
    out = [0.0] * SIZE
    for at, value in encode_nonzero(observation).items():
        out[at] = value
    return out


def encode_nonzero(observation: KagounObservation) -> dict[int, float]:
    """The same tensor as its non-zero entries by position (no zero among them): a few dozen of
    3,276, what an adapter writes into a zeroed array instead of converting the whole list."""
    o = observation
    n = o.players
    me = 0 if o.seat is None else o.seat
    out: dict[int, float] = {}

    def rel(seat: int) -> int:
        return (seat - me) % n

    for zone, cards in enumerate((o.hand, o.river, o.discard, o.stolen, o.loose)):
        for name in cards:
            k = zone * DECK_SIZE + parse_card(name)
            out[k] = out.get(k, 0.0) + 1.0
    base = 5 * DECK_SIZE
    for slot in range(n):
        seat = (me + slot) % n
        at = base + slot * _PER_SEAT
        for k, value in enumerate((1.0, float(o.hand_sizes[seat]), float(o.points[seat]),
                                   float(o.active[seat]), float(o.called[seat]))):
            if value:
                out[at + k] = value
        at += 5
        for upper, lower in o.pairs[seat]:
            out[at + _line(upper)] = 1.0
            out[at + LINES + _line(lower)] = 1.0
        at += 2 * LINES
        for name in o.chains[seat]:
            out[at + parse_card(name[:2])] = 1.0
            if name.endswith("~"):
                out[at + DECK_SIZE + parse_card(name[:2])] = 1.0
        at += 2 * DECK_SIZE
        announced = o.announced[seat]
        if announced is not None:
            out[at + ANNOUNCED_NAMES.index(announced["action"])] = 1.0
            if announced["replay"]:
                out[at + len(ANNOUNCED_NAMES)] = float(announced["replay"])
            lines = at + len(ANNOUNCED_NAMES) + 1
            if announced.get("target") is not None:
                out[lines + _line(announced["target"])] = 1.0
                out[lines + 2 * LINES + rel(announced["victim"])] = 1.0
            if announced.get("card") is not None:
                out[lines + LINES + _line(announced["card"])] = 1.0
        at += _ANNOUNCED
        for defence in o.defences:
            if defence["seat"] == seat:
                out[at + parse_card(defence["target"])] = 1.0
    at = base + MAX_PLAYERS * _PER_SEAT
    for defence in o.defences:
        if defence["card"] is not None:
            out[at + _line(defence["card"])] = 1.0
            out[at + LINES + _line(defence["line"])] = 1.0
    at += 2 * LINES
    if o.pile_size:
        out[at] = float(o.pile_size)
    if o.round:
        out[at + 1] = float(o.round)
    at += 2
    out[at + (TASK_NAMES.index(o.phase) if o.phase else len(TASK_NAMES))] = 1.0
    at += len(TASK_NAMES) + 1
    out[at + (MAX_PLAYERS if o.phase_seat is None else rel(o.phase_seat))] = 1.0
    at += MAX_PLAYERS + 1
    to_act = MAX_PLAYERS + 1 if o.to_act is None else MAX_PLAYERS if o.to_act < 0 else rel(o.to_act)
    out[at + to_act] = 1.0
    at += MAX_PLAYERS + 2
    out[at + rel(o.first_player)] = 1.0
    at += MAX_PLAYERS
    out[at + (MAX_PLAYERS if o.winner is None else rel(o.winner))] = 1.0
    at += MAX_PLAYERS + 1
    out[at + n - 2] = 1.0
    at += MAX_PLAYERS - 1
    # the card at each position of the sorted hand: a dense attack names a position, and a learner
    # would otherwise have to sort the hand's 52 entries itself to know which card it lays
    for slot, card in enumerate(sorted(parse_card(name) for name in o.hand)[:HAND_SLOTS]):
        out[at + slot * DECK_SIZE + card] = 1.0
    return out


#: The last observation indexed and its hand sorted by card: an adapter indexes every legal
#: action of one observation in a row (the observation is held, so its identity is not reused).
_last_hand: list[Any] = [None, []]


def _sorted_hand(observation: KagounObservation) -> list[int]:
    if _last_hand[0] is not observation:
        _last_hand[:] = [observation, sorted(parse_card(name) for name in observation.hand)]
    hand: list[int] = _last_hand[1]
    return hand


def action_indices(observation: KagounObservation, actions: list[int]) -> list[int]:
    """The dense index of each of ``actions`` (``action_index``), in one call: a decision lists
    up to a few hundred."""
    return [action_index(observation, action) for action in actions]


def action_index(observation: KagounObservation, action: int) -> int:
    """The dense index of ``action``, legal for the viewer (the seat to act)."""
    if action < A.CHAIN:
        base, card, u, target, ln = A.unlink(action)
        hand = _sorted_hand(observation)
        slot = hand.index(card)
        if slot >= HAND_SLOTS:
            raise ValueError(f"a hand of {len(hand)} cards: attacks name at most {HAND_SLOTS} positions")
        return _LINK_BASES[base] + ((slot * 2 + u) * DECK_SIZE + target) * 2 + ln
    if action < A.SCRAP:
        return _CHAIN + action - A.CHAIN
    if action < A.CARD:  # scrap, drop
        return _SCRAP + action - A.SCRAP
    if A.CLEAR <= action < A.TAKE_FROM:
        return _CLEAR + action - A.CLEAR
    if A.TAKE_FROM <= action < A.KAGOUN:
        me = 0 if observation.seat is None else observation.seat
        return _TAKE_FROM + (action - A.TAKE_FROM - me) % observation.players
    if A.KAGOUN <= action < A.MAX_ACTION:
        return _PLAIN + action - A.KAGOUN
    raise ValueError(f"{action} is a chance outcome, no seat's decision")
