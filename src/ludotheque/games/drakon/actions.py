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

PASS: Final = 0
STAY: Final = 1  # leave the Moving room where it is
COIN: Final = 2  # COIN + value - 1: chance gives a coin of that value
TILE: Final = 8  # TILE + kind: chance gives a tile of that kind
MAP: Final = TILE + NUM_KINDS  # MAP + seat: take a tile at random from that seat's hand
HERO: Final = MAP + 8  # HERO + figure: the Couple variant's hero to act first this round
# Heroes! (004, «Règle optionnelle: Héros!»)
END: Final = HERO + 6  # end the turn without using one's hero's ability
KEEP: Final = END + 1  # the Knight keeps the coin
LET: Final = END + 2  # the Knight lets it go
DWARF: Final = END + 3  # the Dwarf starts discarding
DRAW: Final = END + 4  # the Dwarf draws
SWAP: Final = END + 6  # SWAP + value - 1: the Thief swaps a coin of his of that value
THIEF: Final = SWAP + 3  # THIEF + figure: the Thief robs that hero's player
DISCARD: Final = THIEF + 6  # DISCARD + kind: the Dwarf discards a tile of that kind
MOVE: Final = 256  # MOVE + cell: the hero moves to that room
HARP: Final = MOVE + CELLS  # HARP + cell: pulled onto that Magic harp (a choice between two)
DESTROY: Final = HARP + CELLS
DRAKON: Final = DESTROY + CELLS  # set Drakon down, or move him, to that room
ROTATE: Final = DRAKON + CELLS  # ROTATE + (quarters - 1) * CELLS + cell, quarters clockwise
MIND: Final = ROTATE + 3 * CELLS  # MIND + figure * (CELLS + 1) + cell (CELLS: it cannot move)
RELOCATE: Final = MIND + 6 * (CELLS + 1)  # RELOCATE + arrows * CELLS + cell
PLACE: Final = RELOCATE + 16 * CELLS  # PLACE + (effect * 16 + arrows) * CELLS + cell
EXCHANGE: Final = PLACE + NUM_EFFECTS * 16 * CELLS  # as PLACE
AMAZON: Final = EXCHANGE + NUM_EFFECTS * 16 * CELLS  # AMAZON + cell: her extra move
WIZARD: Final = AMAZON + CELLS  # WIZARD + cell: his move through any side
PUSH: Final = WIZARD + CELLS  # PUSH + figure * (CELLS + 1) + cell (CELLS: it cannot move)
MAX_ACTION: Final = PUSH + 6 * (CELLS + 1)

# Families, as ``decode`` returns them.
F_NONE: Final = -1
F_PASS: Final = 0
F_STAY: Final = 1
F_COIN: Final = 2
F_TILE: Final = 3
F_MAP: Final = 4
F_HERO: Final = 5
F_MOVE: Final = 6
F_HARP: Final = 7
F_DESTROY: Final = 8
F_DRAKON: Final = 9
F_ROTATE: Final = 10
F_MIND: Final = 11
F_RELOCATE: Final = 12
F_PLACE: Final = 13
F_EXCHANGE: Final = 14
F_END: Final = 15
F_KEEP: Final = 16
F_LET: Final = 17
F_DWARF: Final = 18
F_DRAW: Final = 19
F_SWAP: Final = 20
F_THIEF: Final = 21
F_DISCARD: Final = 22
F_AMAZON: Final = 23
F_WIZARD: Final = 24
F_PUSH: Final = 25

#: Fixed codes with no field.
_PLAIN: Final = {PASS: F_PASS, STAY: F_STAY, END: F_END, KEEP: F_KEEP, LET: F_LET,
                 DWARF: F_DWARF, DRAW: F_DRAW}

#: The families naming one cell, by their first code.
CELL_FAMILIES: Final = ((MOVE, F_MOVE), (HARP, F_HARP), (DESTROY, F_DESTROY), (DRAKON, F_DRAKON))


#: Families of one small field: (first code, how many, family).
_SMALL: Final = ((COIN, 3, F_COIN), (TILE, NUM_KINDS, F_TILE), (MAP, 6, F_MAP), (HERO, 6, F_HERO),
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
