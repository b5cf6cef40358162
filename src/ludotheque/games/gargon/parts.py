"""Gargon's actions in parts, for boards (``ludotheque.choices``): a play's cards, a pile, a
colour, as the observation names them (``"R14"``, pile 0 or 1, ``"R"``); and the plays a board
lets the seat to act try: every choice of one to three cards of its hand."""

# mypyc: compile

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations
from typing import Any, Final

from .actions import BATTLE, DRAW, PASS, STOP, is_play, play_action, play_cards
from .components import COLOUR_LETTERS
from .notation import card_text
from .observe import GargonObservation
from .phase import LABELS, Phase

_WORDS = {PASS: "pass", STOP: "stop"}
_PLACING: Final = LABELS[Phase.PLACE]  # the observation's phase while a seat places


def action_parts(action: int, observation: GargonObservation | None = None) -> dict[str, Any]:
    """``{"kind": "play", "cards": ["R14", "R0"]}``, ``{"kind": "draw", "pile": 0}``,
    ``{"kind": "battle", "colour": "R"}``, ``{"kind": "pass"}``, ``{"kind": "stop"}``. Shared
    between calls: read-only (``ludotheque.choices`` copies it into each entry)."""
    return _parts(action)


@lru_cache(maxsize=4096)
def _parts(action: int) -> dict[str, Any]:
    """An action's parts, made once (they depend on nothing else)."""
    if is_play(action):
        return {"kind": "play", "cards": [card_text(c) for c in play_cards(action)]}
    if action in _WORDS:
        return {"kind": _WORDS[action]}
    if DRAW <= action < DRAW + 2:
        return {"kind": "draw", "pile": action - DRAW}
    return {"kind": "battle", "colour": COLOUR_LETTERS[action - BATTLE]}


def tried_actions(observation: GargonObservation) -> Iterator[int]:
    """While the seat places: each distinct play of one to three cards of its hand (two 0s of a
    colour make one card twice), whether the rules allow it or not."""
    if observation.phase != _PLACING or observation.to_act != observation.seat:
        return
    hand = observation.hand
    seen: set[int] = set()
    for size in (1, 2, 3):
        for cards in combinations(hand, size):
            action = play_action(cards)
            if action not in seen:
                seen.add(action)
                yield action
