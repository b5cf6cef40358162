"""Drakon as tensors for learners (docs/rules/drakon.md, "Tensors for learners"): a fixed-size
vector built from one seat's observation only, and a dense action index.

The table is a fixed square of CELLS cells (geometry.py), so both are laid out as planes over
it, as for Go: the observation holds one plane per feature of a cell (a room, its effect, its
arrows, whose hero, Drakon) then the scalars; an action is a plane (what is done: move, place
the viewer's i-th tile turned q quarters, push figure f ...) and a cell. Seats are seen from the
viewer (slot 0; a spectator sees from seat 0). Codes below MOVE (pass, stay, choices of a seat,
figure, value or kind) keep their index; chance outcomes never reach a seat's index.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from . import actions as A
from .components import EFFECTS, FIGURES, NUM_KINDS, kind_of
from .geometry import CELLS, NO_CELL, orientations, pattern_of
from .observe import DrakonObservation
from .steps import NAMES

MAX_PLAYERS: Final = 6
#: Tiles a hand may name in a placement: hands hold one to three tiles in play (five seen at
#: most with the Dwarf's draws); a larger hand raises.
HAND_SLOTS: Final = 6
NUM_FIGURES: Final = len(FIGURES)

# -- actions: the fixed codes, the twelve "cannot move" choices, then planes of CELLS ----------
_STAYS: Final = A.MOVE  # MIND, then PUSH, of each figure that cannot move
_PLANES: Final = _STAYS + 2 * NUM_FIGURES
_CELL_PLANES: Final = {A.F_MOVE: 0, A.F_HARP: 1, A.F_DESTROY: 2, A.F_DRAKON: 3, A.F_AMAZON: 4,
                       A.F_WIZARD: 5}
_ROTATE: Final = 6  # + quarters - 1
_MIND: Final = 9  # + figure
_PUSH: Final = _MIND + NUM_FIGURES  # + figure
_RELOCATE: Final = _PUSH + NUM_FIGURES  # + quarters from the pattern's canonical arrows
_PLACE: Final = _RELOCATE + 4  # + hand slot * 4 + quarters
_EXCHANGE: Final = _PLACE + HAND_SLOTS * 4
PLANES: Final = _EXCHANGE + HAND_SLOTS * 4
ACTIONS: Final = _PLANES + PLANES * CELLS

# -- the observation: planes of CELLS, then scalars ---------------------------------------------
_ROOM: Final = 0  # a room lies there
_EFFECT: Final = 1  # + effect
_ARROW: Final = _EFFECT + len(EFFECTS)  # + side (N E S W)
_HERO: Final = _ARROW + 4  # + relative seat of the hero's player
_FIGURE: Final = _HERO + MAX_PLAYERS  # + figure standing there
_DRAKON: Final = _FIGURE + NUM_FIGURES
_STEP_CELL: Final = _DRAKON + 1  # the Moving room
OBS_PLANES: Final = _STEP_CELL + 1
_STEPS: Final = sorted(set(NAMES.values()) | {"ability", "over"})
_PER_SEAT: Final = 1 + 1 + 1 + 1 + 3 + 1  # present, tiles, coins, gold (when seen), 1/2/3 coins, seen
SCALARS: Final = (NUM_KINDS  # own tiles
                  + MAX_PLAYERS * _PER_SEAT
                  + len(_STEPS) + (MAX_PLAYERS + 1) + (NUM_FIGURES + 1)  # step, its seat, hero
                  + (MAX_PLAYERS + 2) + MAX_PLAYERS  # to act (chance, over), first player
                  + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1  # turn, pile, treasure, gone, goal, coins?,
                  + NUM_FIGURES  # escape, heroes variant; abilities spent
                  + (MAX_PLAYERS - 1))  # players
SIZE: Final = OBS_PLANES * CELLS + SCALARS


def observation_size(options: Mapping[str, Any] | None = None) -> int:
    return SIZE


def action_size(options: Mapping[str, Any] | None = None) -> int:
    return ACTIONS


def encode(observation: DrakonObservation) -> list[float]:
    """The viewer's tensor (field by field in docs/rules/drakon.md)."""
    out = [0.0] * SIZE
    for at, value in encode_nonzero(observation).items():
        out[at] = value
    return out


def encode_nonzero(observation: DrakonObservation) -> dict[int, float]:
    """The same tensor as its non-zero entries by position: a few hundred of 89,061, what an
    adapter writes into a zeroed array instead of converting the whole list."""
    o = observation
    n = o.players
    me = 0 if o.seat is None else o.seat
    out: dict[int, float] = {}

    def rel(seat: int) -> int:
        return (seat - me) % n

    for cell, room in o.rooms:
        out[_ROOM * CELLS + cell] = 1.0
        out[(_EFFECT + (room >> 4)) * CELLS + cell] = 1.0
        for side in range(4):
            if room >> side & 1:
                out[(_ARROW + side) * CELLS + cell] = 1.0
    for figure, seat, cell in o.heroes:
        if cell != NO_CELL:
            out[(_HERO + rel(seat)) * CELLS + cell] = 1.0
            out[(_FIGURE + figure) * CELLS + cell] = 1.0
    if o.drakon != NO_CELL:
        out[_DRAKON * CELLS + o.drakon] = 1.0
    if o.step_cell != NO_CELL:
        out[_STEP_CELL * CELLS + o.step_cell] = 1.0
    at = OBS_PLANES * CELLS
    for kind in o.hand:
        out[at + kind] = out.get(at + kind, 0.0) + 1.0
    at += NUM_KINDS
    for slot in range(n):
        seat = (me + slot) % n
        purse = o.purse_of[seat]
        gold, coins = o.gold[purse], o.purse_coins[purse]
        fields = [1.0, float(o.hand_sizes[seat]), float(o.coins[purse]),
                  0.0 if gold is None else float(gold),
                  *((0.0, 0.0, 0.0) if coins is None else map(float, coins)), float(gold is not None)]
        out.update((at + k, value) for k, value in enumerate(fields))
        at += _PER_SEAT
    at += (MAX_PLAYERS - n) * _PER_SEAT
    out[at + _STEPS.index(o.step)] = 1.0
    at += len(_STEPS)
    out[at + (MAX_PLAYERS if o.step_seat is None else rel(o.step_seat))] = 1.0
    at += MAX_PLAYERS + 1
    out[at + (NUM_FIGURES if o.step_hero < 0 else o.step_hero)] = 1.0
    at += NUM_FIGURES + 1
    to_act = MAX_PLAYERS + 1 if o.to_act is None else MAX_PLAYERS if o.to_act < 0 else rel(o.to_act)
    out[at + to_act] = 1.0
    at += MAX_PLAYERS + 2
    out[at + rel(o.first_player)] = 1.0
    at += MAX_PLAYERS
    fields = [float(o.turn), float(o.pile), float(o.treasure), float(o.gone), float(o.goal),
              float(o.count_coins), float(o.escape), float(o.with_heroes)]
    out.update((at + k, value) for k, value in enumerate(fields))
    at += 8
    for figure in o.abilities_used:
        out[at + figure] = 1.0
    at += NUM_FIGURES
    out[at + n - 2] = 1.0
    return out


#: Per arrows mask: quarter turns from its pattern's canonical arrows (the first of its
#: distinct turns), and its pattern.
_QUARTERS: Final = [orientations(pattern_of(arrows)).index(arrows) for arrows in range(16)]
_KIND: Final = [[kind_of(effect, arrows) for arrows in range(16)] for effect in range(len(EFFECTS))]


def _slot(observation: DrakonObservation, effect: int, arrows: int) -> int:
    slot = observation.hand.index(_KIND[effect][arrows])  # hands are sorted: the first tile
    if slot >= HAND_SLOTS:
        raise ValueError(f"a hand of {len(observation.hand)} tiles: placements name at most {HAND_SLOTS}")
    return slot


def action_index(observation: DrakonObservation, action: int) -> int:
    """The dense index of ``action``, legal for the viewer (the seat to act)."""
    if action < A.MOVE:
        return action
    family, a, b, c = A.decode(action)
    if family in _CELL_PLANES:
        plane, cell = _CELL_PLANES[family], a
    elif family == A.F_ROTATE:
        plane, cell = _ROTATE + b - 1, a
    elif family in (A.F_MIND, A.F_PUSH):
        first = _MIND if family == A.F_MIND else _PUSH
        if b == CELLS:  # the figure cannot move
            return _STAYS + (0 if family == A.F_MIND else NUM_FIGURES) + a
        plane, cell = first + a, b
    elif family == A.F_RELOCATE:
        plane, cell = _RELOCATE + _QUARTERS[a], b
    elif family in (A.F_PLACE, A.F_EXCHANGE):
        first = _PLACE if family == A.F_PLACE else _EXCHANGE
        plane, cell = first + _slot(observation, a, b) * 4 + _QUARTERS[b], c
    else:
        raise ValueError(f"{action} is no decision of a seat")
    return _PLANES + plane * CELLS + cell

