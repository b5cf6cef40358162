"""Drakon's notation: every action, chance outcome and choice as short text that round-trips.

Cells are ``x,y`` from Start (east and north positive); arrows are the sides a room points
through as it lies, ``N E S W``; a tile is its room and its arrows (``find NE``). Examples:
``place find 1,0 NE``, ``move 0,1``, ``harp 2,1``, ``destroy -1,0``, ``drakon 0,2``,
``relocate 3,1 NS``, ``exchange map 1,1 NES``, ``rotate 1,0 90`` (clockwise; ``-90``, ``180``),
``mind knight 0,-1`` (``mind knight stay`` when it cannot move), ``map 2`` (seat 2's hand),
``hero dwarf`` (Couple), ``stay``, ``pass``; chance: ``coin 2``, ``tile wind NS``. Heroes!:
``amazon 1,0``, ``wizard 0,1``, ``push knight 0,1`` (``push knight stay``), ``thief knight``,
``swap 1`` (the Thief's coin of 1 gold), ``dwarf`` then ``discard find NE`` ... ``draw``,
``keep`` or ``let`` (the Knight), ``end`` (the turn, ability unused).
"""

# mypyc: compile

from __future__ import annotations

from functools import lru_cache
from typing import Final

from ...core.errors import NotationError
from . import actions as A
from .components import EFFECTS, FIGURES, kind_text, parse_kind
from .geometry import CELLS, NO_CELL, arrows_text, cell_of, parse_arrows, xy

_TURNS: Final = {"90": 1, "180": 2, "-90": 3, "270": 3}
_TURN_TEXT: Final = ("", "90", "180", "-90")


def cell_text(cell: int) -> str:
    x, y = xy(cell)
    return f"{x},{y}"


def parse_cell(text: str) -> int:
    parts = text.strip("()").split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        cell = cell_of(int(parts[0]), int(parts[1]))
    except ValueError:
        raise NotationError(f"a room is written x,y (from Start, east and north); got {text!r}") from None
    if cell == NO_CELL:
        raise NotationError(f"{text} is beyond the edge of the table")
    return cell


def room_text(room: int) -> str:
    """A room as it lies: ``find NE``."""
    return f"{EFFECTS[room >> 4]} {arrows_text(room & 15)}".rstrip()


_WORDS: Final[dict[int, str]] = {A.F_PASS: "pass", A.F_STAY: "stay", A.F_END: "end", A.F_KEEP: "keep",
                 A.F_LET: "let", A.F_DWARF: "dwarf", A.F_DRAW: "draw"}
_CODES: Final[dict[str, int]] = {"pass": A.PASS, "stay": A.STAY, "end": A.END, "keep": A.KEEP, "let": A.LET,
                 "dwarf": A.DWARF, "draw": A.DRAW}


@lru_cache(maxsize=1 << 15)
def action_to_text(action: int) -> str:
    """An action's notation, written once per action: a decision lists a hundred placements or
    more, most of them listed at the decisions before it."""
    family, a, b, c = A.decode(action)
    if family in _WORDS:
        return _WORDS[family]
    if family in (A.F_THIEF, A.F_PUSH) and a >= len(FIGURES):
        raise NotationError(f"{action} is not an action of Drakon")
    if family == A.F_SWAP:
        return f"swap {a}"
    if family == A.F_THIEF:
        return f"thief {FIGURES[a]}"
    if family == A.F_DISCARD:
        return f"discard {kind_text(a)}"
    if family == A.F_AMAZON:
        return f"amazon {cell_text(a)}"
    if family == A.F_WIZARD:
        return f"wizard {cell_text(a)}"
    if family == A.F_PUSH:
        return f"push {FIGURES[a]} {'stay' if b == CELLS else cell_text(b)}"
    if family == A.F_COIN:
        return f"coin {a}"
    if family == A.F_TILE:
        return f"tile {kind_text(a)}"
    if family == A.F_MAP:
        return f"map {a}"
    if family in (A.F_HERO, A.F_MIND) and a >= len(FIGURES):
        raise NotationError(f"{action} is not an action of Drakon")
    if family == A.F_HERO:
        return f"hero {FIGURES[a]}"
    if family == A.F_MOVE:
        return f"move {cell_text(a)}"
    if family == A.F_HARP:
        return f"harp {cell_text(a)}"
    if family == A.F_DESTROY:
        return f"destroy {cell_text(a)}"
    if family == A.F_DRAKON:
        return f"drakon {cell_text(a)}"
    if family == A.F_ROTATE:
        return f"rotate {cell_text(a)} {_TURN_TEXT[b]}"
    if family == A.F_MIND:
        return f"mind {FIGURES[a]} {'stay' if b == CELLS else cell_text(b)}"
    if family == A.F_RELOCATE:
        return f"relocate {cell_text(b)} {arrows_text(a)}".rstrip()
    if family in (A.F_PLACE, A.F_EXCHANGE):
        verb = "place" if family == A.F_PLACE else "exchange"
        return f"{verb} {EFFECTS[a]} {cell_text(c)} {arrows_text(b)}".rstrip()
    raise NotationError(f"{action} is not an action of Drakon")


def _arrows(text: str) -> int:
    try:
        return parse_arrows(text)
    except ValueError as exc:
        raise NotationError(str(exc)) from None


def _figure(text: str) -> int:
    if text not in FIGURES:
        raise NotationError(f"a hero is one of {', '.join(FIGURES)}; got {text!r}")
    return FIGURES.index(text)


def _number(text: str, low: int, high: int, what: str) -> int:
    if not text.lstrip("-").isdigit() or not low <= int(text) <= high:
        raise NotationError(f"{what} must be a whole number from {low} to {high}; got {text!r}")
    return int(text)


def parse_action(text: str) -> int:
    """Text to action (case and spacing do not matter); raises NotationError with the reason."""
    words = text.lower().split()
    if not words:
        raise NotationError("empty action: try place, move, pass or one of the rooms' choices")
    verb, rest = words[0], words[1:]
    count = len(rest)
    if verb in _CODES and count == 0:
        return _CODES[verb]
    if verb == "swap" and count == 1:
        return A.SWAP + _number(rest[0], 1, 3, "a coin's value") - 1
    if verb == "thief" and count == 1:
        return A.THIEF + _figure(rest[0])
    if verb == "discard" and count in (1, 2):
        try:
            return A.DISCARD + parse_kind(" ".join(rest))
        except ValueError as exc:
            raise NotationError(str(exc)) from None
    if verb in ("amazon", "wizard") and count == 1:
        return (A.AMAZON if verb == "amazon" else A.WIZARD) + parse_cell(rest[0])
    if verb == "push" and count == 2:
        return A.push(_figure(rest[0]), CELLS if rest[1] == "stay" else parse_cell(rest[1]))
    if verb == "coin" and count == 1:
        return A.COIN + _number(rest[0], 1, 3, "a coin's value") - 1
    if verb == "tile" and count in (1, 2):
        try:
            return A.TILE + parse_kind(" ".join(rest))
        except ValueError as exc:
            raise NotationError(str(exc)) from None
    if verb == "map" and count == 1:
        return A.MAP + _number(rest[0], 0, 5, "a seat")
    if verb == "hero" and count == 1:
        return A.HERO + _figure(rest[0])
    cells = {"move": A.MOVE, "harp": A.HARP, "destroy": A.DESTROY, "drakon": A.DRAKON}
    if verb in cells and count == 1:
        return cells[verb] + parse_cell(rest[0])
    if verb == "rotate" and count == 2:
        if rest[1] not in _TURNS:
            raise NotationError(f"a room turns 90, 180 or -90 degrees; got {rest[1]!r}")
        return A.rotate(parse_cell(rest[0]), _TURNS[rest[1]])
    if verb == "mind" and count == 2:
        cell = CELLS if rest[1] == "stay" else parse_cell(rest[1])
        return A.mind(_figure(rest[0]), cell)
    if verb == "relocate" and count in (1, 2):
        return A.relocate(_arrows(rest[1]) if count == 2 else 0, parse_cell(rest[0]))
    if verb in ("place", "exchange") and count in (2, 3):
        if rest[0] not in EFFECTS:
            raise NotationError(f"a room is one of {', '.join(EFFECTS)}; got {rest[0]!r}")
        effect, cell = EFFECTS.index(rest[0]), parse_cell(rest[1])
        arrows = _arrows(rest[2]) if count == 3 else 0
        build = A.place if verb == "place" else A.exchange
        return build(effect, arrows, cell)
    raise NotationError(f"not a Drakon action: {text.strip()!r}")
