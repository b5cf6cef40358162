"""Drakon's actions as ints, the one encoder the rules, the notation and the bots share.

Fixed codes first, then blocks of one code per cell (see ``geometry``): an action names what
is done and where, never which physical tile (identical tiles are one action). Chance outcomes
(a coin's value, a tile's kind) are actions too, taken at ``to_act == CHANCE``.
"""

# mypyc: compile

from __future__ import annotations

from typing import Final

from .components import NUM_EFFECTS, NUM_KINDS
from .geometry import CELLS

PASS: Final[int] = 0
STAY: Final[int] = 1  # leave the Moving room where it is
COIN: Final[int] = 2  # COIN + value - 1: chance gives a coin of that value
TILE: Final[int] = 8  # TILE + kind: chance gives a tile of that kind
MAP: Final[int] = TILE + NUM_KINDS  # MAP + seat: take a tile at random from that seat's hand
HERO: Final[int] = MAP + 8  # HERO + figure: the Couple variant's hero to act first this round
# Heroes! (004, «Règle optionnelle: Héros!»)
END: Final[int] = HERO + 6  # end the turn without using one's hero's ability
KEEP: Final[int] = END + 1  # the Knight keeps the coin
LET: Final[int] = END + 2  # the Knight lets it go
DWARF: Final[int] = END + 3  # the Dwarf starts discarding
DRAW: Final[int] = END + 4  # the Dwarf draws
SWAP: Final[int] = END + 6  # SWAP + value - 1: the Thief swaps a coin of his of that value
THIEF: Final[int] = SWAP + 3  # THIEF + figure: the Thief robs that hero's player
DISCARD: Final[int] = THIEF + 6  # DISCARD + kind: the Dwarf discards a tile of that kind
MOVE: Final[int] = 256  # MOVE + cell: the hero moves to that room
HARP: Final[int] = MOVE + CELLS  # HARP + cell: pulled onto that Magic harp (a choice between two)
DESTROY: Final[int] = HARP + CELLS
DRAKON: Final[int] = DESTROY + CELLS  # set Drakon down, or move him, to that room
ROTATE: Final[int] = DRAKON + CELLS  # ROTATE + (quarters - 1) * CELLS + cell, quarters clockwise
MIND: Final[int] = ROTATE + 3 * CELLS  # MIND + figure * (CELLS + 1) + cell (CELLS: it cannot move)
RELOCATE: Final[int] = MIND + 6 * (CELLS + 1)  # RELOCATE + arrows * CELLS + cell
PLACE: Final[int] = RELOCATE + 16 * CELLS  # PLACE + (effect * 16 + arrows) * CELLS + cell
EXCHANGE: Final[int] = PLACE + NUM_EFFECTS * 16 * CELLS  # as PLACE
AMAZON: Final[int] = EXCHANGE + NUM_EFFECTS * 16 * CELLS  # AMAZON + cell: her extra move
WIZARD: Final[int] = AMAZON + CELLS  # WIZARD + cell: his move through any side
PUSH: Final[int] = WIZARD + CELLS  # PUSH + figure * (CELLS + 1) + cell (CELLS: it cannot move)
MAX_ACTION: Final[int] = PUSH + 6 * (CELLS + 1)

# Families, as ``decode`` returns them.
F_NONE: Final[int] = -1
F_PASS: Final[int] = 0
F_STAY: Final[int] = 1
F_COIN: Final[int] = 2
F_TILE: Final[int] = 3
F_MAP: Final[int] = 4
F_HERO: Final[int] = 5
F_MOVE: Final[int] = 6
F_HARP: Final[int] = 7
F_DESTROY: Final[int] = 8
F_DRAKON: Final[int] = 9
F_ROTATE: Final[int] = 10
F_MIND: Final[int] = 11
F_RELOCATE: Final[int] = 12
F_PLACE: Final[int] = 13
F_EXCHANGE: Final[int] = 14
F_END: Final[int] = 15
F_KEEP: Final[int] = 16
F_LET: Final[int] = 17
F_DWARF: Final[int] = 18
F_DRAW: Final[int] = 19
F_SWAP: Final[int] = 20
F_THIEF: Final[int] = 21
F_DISCARD: Final[int] = 22
F_AMAZON: Final[int] = 23
F_WIZARD: Final[int] = 24
F_PUSH: Final[int] = 25

#: Fixed codes with no field.
_PLAIN: Final[dict[int, int]] = {PASS: F_PASS, STAY: F_STAY, END: F_END, KEEP: F_KEEP, LET: F_LET,
                 DWARF: F_DWARF, DRAW: F_DRAW}

#: The families naming one cell, by their first code.
CELL_FAMILIES: Final[tuple[tuple[int, int], ...]] = (
    (MOVE, F_MOVE), (HARP, F_HARP), (DESTROY, F_DESTROY), (DRAKON, F_DRAKON))


#: Families of one small field: (first code, how many, family).
_SMALL: Final[tuple[tuple[int, int, int], ...]] = (
    (COIN, 3, F_COIN), (TILE, NUM_KINDS, F_TILE), (MAP, 6, F_MAP), (HERO, 6, F_HERO),
    (SWAP, 3, F_SWAP), (THIEF, 6, F_THIEF), (DISCARD, NUM_KINDS, F_DISCARD))


def place(effect: int, arrows: int, cell: int) -> int:
    return PLACE + (effect * 16 + arrows) * CELLS + cell


def exchange(effect: int, arrows: int, cell: int) -> int:
    return EXCHANGE + (effect * 16 + arrows) * CELLS + cell


def relocate(arrows: int, cell: int) -> int:
    return RELOCATE + arrows * CELLS + cell


def rotate(cell: int, quarters: int) -> int:
    return ROTATE + (quarters - 1) * CELLS + cell


def mind(figure: int, cell: int) -> int:
    """Mind control of ``figure``'s hero to ``cell`` (CELLS: it has no move and stays)."""
    return MIND + figure * (CELLS + 1) + cell


def push(figure: int, cell: int) -> int:
    """The Barbarian pushes ``figure``'s hero to ``cell`` (CELLS: it cannot move)."""
    return PUSH + figure * (CELLS + 1) + cell


def decode(action: int) -> tuple[int, int, int, int]:
    """``(family, a, b, c)``: the family and its fields (unused ones 0); F_NONE when ``action``
    is no action of Drakon.

    PLACE/EXCHANGE: (effect, arrows, cell); RELOCATE: (arrows, cell, 0); ROTATE: (cell,
    quarters, 0); MIND: (figure, cell, 0); cell families: (cell, 0, 0); COIN: (value, 0, 0);
    TILE: (kind, 0, 0); MAP: (seat, 0, 0); HERO: (figure, 0, 0); SWAP: (value, 0, 0); THIEF:
    (figure, 0, 0); DISCARD: (kind, 0, 0); AMAZON, WIZARD: (cell, 0, 0); PUSH: (figure, cell,
    0)."""
    if action < 0 or action >= MAX_ACTION:
        return F_NONE, 0, 0, 0
    if action >= AMAZON:
        if action >= PUSH:
            figure, cell = divmod(action - PUSH, CELLS + 1)
            return F_PUSH, figure, cell, 0
        if action >= WIZARD:
            return F_WIZARD, action - WIZARD, 0, 0
        return F_AMAZON, action - AMAZON, 0, 0
    if action >= PLACE:
        family, base = (F_EXCHANGE, EXCHANGE) if action >= EXCHANGE else (F_PLACE, PLACE)
        room, cell = divmod(action - base, CELLS)
        return family, room >> 4, room & 15, cell
    if action >= RELOCATE:
        arrows, cell = divmod(action - RELOCATE, CELLS)
        return F_RELOCATE, arrows, cell, 0
    if action >= MIND:
        figure, cell = divmod(action - MIND, CELLS + 1)
        return F_MIND, figure, cell, 0
    if action >= ROTATE:
        quarters, cell = divmod(action - ROTATE, CELLS)
        return F_ROTATE, cell, quarters + 1, 0
    if action >= MOVE:
        for base, family in reversed(CELL_FAMILIES):
            if action >= base:
                return family, action - base, 0, 0
    if action in _PLAIN:
        return _PLAIN[action], 0, 0, 0
    for base, size, family in _SMALL:
        if base <= action < base + size:
            return family, action - base + (1 if family in (F_COIN, F_SWAP) else 0), 0, 0
    return F_NONE, 0, 0, 0
