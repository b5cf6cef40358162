"""Drakon's actions in parts, for boards (``ludotheque.choices``), as the observation names
things: cells ``[x, y]``, rooms and heroes by name (``"find"``, ``"knight"``), arrows ``"NE"``,
tiles of the hand as it lists them (``"find NE"``). A room laid, swapped in or moved says which
tile it is and how many quarter turns clockwise it lies from that tile as shown (the hand's
drawing, or the Moving room as it lies), so that a board turns tiles without geometry of its own.
Nothing is tried beyond the legal actions: the board offers only them."""

# mypyc: compile

from __future__ import annotations

from functools import lru_cache
from typing import Any

from . import actions as A
from .components import EFFECTS, FIGURES, kind_of, kind_text
from .geometry import CELLS, NO_CELL, PATTERN_MASKS, arrows_text, pattern_of, rotate, xy
from .observe import DrakonObservation

_WORDS = {A.F_PASS: "pass", A.F_STAY: "stay", A.F_END: "end", A.F_KEEP: "keep", A.F_LET: "let",
          A.F_DWARF: "dwarf", A.F_DRAW: "draw"}
_CELLS = {A.F_MOVE: "move", A.F_HARP: "harp", A.F_DESTROY: "destroy", A.F_DRAKON: "drakon",
          A.F_AMAZON: "amazon", A.F_WIZARD: "wizard"}
_DEGREES = (0, 90, 180, -90)


def _cell(cell: int) -> list[int] | None:
    return None if cell in (CELLS, NO_CELL) else list(xy(cell))


def _turn(shown: int, arrows: int) -> int:
    """The fewest quarter turns clockwise from ``shown`` to ``arrows``."""
    return next(q for q in range(4) if rotate(shown, q) == arrows)


def action_parts(action: int, observation: DrakonObservation | None = None) -> dict[str, Any]:
    """``{"kind": "place", "room": "find", "cell": [1, 0], "arrows": "ES", "tile": "find NE",
    "turn": 1}`` (also ``exchange``; ``relocate`` has no ``tile``: it turns the Moving room as it
    lies); ``{"kind": "move", "cell": [0, 1]}`` (``harp``, ``destroy``, ``drakon``, ``amazon``,
    ``wizard``); ``{"kind": "rotate", "cell": [1, 0], "degrees": 90}``; ``{"kind": "mind" |
    "push", "figure": "knight", "cell": [0, 1] or None (it stays)}``; ``{"kind": "map", "seat":
    2}``; ``{"kind": "hero" | "thief", "figure": "dwarf"}``; ``{"kind": "swap", "value": 1}``;
    ``{"kind": "discard", "tile": "find NE"}``; ``{"kind": "pass"}`` and the other words.
    Shared between calls: read-only (``ludotheque.choices`` copies it into each entry)."""
    family, a, b, _ = A.decode(action)
    if family == A.F_RELOCATE:  # the only parts that depend on the dungeon
        assert observation is not None, "relocating the Moving room needs the dungeon"
        lying = observation.room_at(observation.step_cell) & 15
        return {"kind": "relocate", "room": "moving", "cell": _cell(b), "arrows": arrows_text(a),
                "turn": _turn(lying, a)}
    return _fixed_parts(action)


@lru_cache(maxsize=1 << 15)
def _fixed_parts(action: int) -> dict[str, Any]:
    """The parts of an action that says all of itself (every one but ``relocate``), made once:
    a decision lists the same placements again and again (shared: read-only, as ``action_parts``
    says)."""
    family, a, b, c = A.decode(action)
    if family in _WORDS:
        return {"kind": _WORDS[family]}
    if family in _CELLS:
        return {"kind": _CELLS[family], "cell": _cell(a)}
    if family in (A.F_PLACE, A.F_EXCHANGE):
        return {"kind": "place" if family == A.F_PLACE else "exchange", "room": EFFECTS[a], "cell": _cell(c),
                "arrows": arrows_text(b), "tile": kind_text(kind_of(a, b)),
                "turn": _turn(PATTERN_MASKS[pattern_of(b)], b)}
    if family == A.F_ROTATE:
        return {"kind": "rotate", "cell": _cell(a), "degrees": _DEGREES[b]}
    if family in (A.F_MIND, A.F_PUSH):
        return {"kind": "mind" if family == A.F_MIND else "push", "figure": FIGURES[a], "cell": _cell(b)}
    if family == A.F_MAP:
        return {"kind": "map", "seat": a}
    if family in (A.F_HERO, A.F_THIEF):
        return {"kind": "hero" if family == A.F_HERO else "thief", "figure": FIGURES[a]}
    if family == A.F_SWAP:
        return {"kind": "swap", "value": a}
    if family == A.F_DISCARD:
        return {"kind": "discard", "tile": kind_text(a)}
    if family == A.F_COIN:
        return {"kind": "coin", "value": a}
    return {"kind": "tile", "tile": kind_text(a)}
