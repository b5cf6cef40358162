"""Gargon notation: cards ``R14``, ``V0`` (``R?`` for a card seen from its back) and actions
``play C [C [C]]``, ``pass``, ``draw 1``/``draw 2``, ``stop``, ``battle C``. The ints behind the
actions are in ``actions.py``.
"""

# mypyc: compile

from __future__ import annotations

from typing import Final

from ...core.errors import NotationError
from .actions import BATTLE, DRAW, PASS, PLAY, STOP, checked_play_cards, play_action
from .components import COLOUR_LETTERS, HIDDEN, NUM_COLOURS, NUM_VALUES

#: Every card's text by its code (the faces, then the backs of each colour).
_CARD_TEXTS: Final = [f"{COLOUR_LETTERS[card >> 4]}{card & 15}" for card in range(HIDDEN)] + [
    letter + "?" for letter in COLOUR_LETTERS[:NUM_COLOURS]]


def card_text(card: int) -> str:
    """``R14``; a face-down card of known colour is ``R?``."""
    if 0 <= card < len(_CARD_TEXTS):
        return _CARD_TEXTS[card]  # (every view writes every card it shows: looked up, not formatted)
    if card >= HIDDEN:
        return COLOUR_LETTERS[card - HIDDEN] + "?"
    return f"{COLOUR_LETTERS[card >> 4]}{card & 15}"


def parse_colour(text: str) -> int:
    index = COLOUR_LETTERS.find(text.strip().upper()) if len(text.strip()) == 1 else -1
    if index < 0:
        raise NotationError(f"{text!r} is not a colour; colours are {', '.join(COLOUR_LETTERS)}")
    return index


def parse_card(text: str) -> int:
    """``r14`` or ``R14`` to a card; raises NotationError for anything else."""
    word = text.strip().upper()
    if len(word) < 2 or word[0] not in COLOUR_LETTERS or not (word[1:].isascii() and word[1:].isdigit()):
        raise NotationError(
            f"{text!r} is not a card; write a colour letter ({COLOUR_LETTERS}) and a value, e.g. R14"
        )
    value = int(word[1:])
    if value >= NUM_VALUES or (len(word) > 2 and word[1] == "0"):
        raise NotationError(f"{text!r} is not a card; values go from 0 to {NUM_VALUES - 1}")
    return int(COLOUR_LETTERS.index(word[0]) * NUM_VALUES + value)


def action_to_text(action: int) -> str:
    """Canonical text of an action."""
    if action >= PLAY:
        cards = checked_play_cards(action)
        if cards:
            return "play " + " ".join(card_text(c) for c in cards)
    if action == PASS:
        return "pass"
    if action == STOP:
        return "stop"
    if DRAW <= action < DRAW + 2:
        return f"draw {action - DRAW + 1}"
    if BATTLE <= action < BATTLE + NUM_COLOURS:
        return f"battle {COLOUR_LETTERS[action - BATTLE]}"
    raise NotationError(f"{action} is not a Gargon action")


def parse_action(text: str) -> int:
    """Text to action, case-insensitive; raises NotationError saying what is expected."""
    if not isinstance(text, str):
        raise NotationError(f"an action is text, got {text!r}")
    words = text.split()
    if not words:
        raise NotationError("empty action; write play, pass, draw, stop or battle")
    verb, args = words[0].lower(), words[1:]
    if verb == "play":
        if not 1 <= len(args) <= 3:
            raise NotationError("play takes one to three cards, e.g. 'play R14 R0 V3'")
        cards = [parse_card(a) for a in args]
        if len(cards) == 3 and len({c >> 4 for c in cards}) == 1:
            raise NotationError("three cards of one colour can never be played")
        zero_or_repeat = [c for c in set(cards) if cards.count(c) > (2 if c & 15 == 0 else 1)]
        if zero_or_repeat:
            raise NotationError(f"there is only one {card_text(zero_or_repeat[0])}")
        return play_action(cards)
    if verb in ("pass", "stop"):
        if args:
            raise NotationError(f"{verb} takes nothing after it")
        return PASS if verb == "pass" else STOP
    if verb == "draw":
        if len(args) != 1 or args[0] not in ("1", "2"):
            raise NotationError("draw takes the pile: 'draw 1' or 'draw 2'")
        return DRAW + int(args[0]) - 1
    if verb == "battle":
        if len(args) != 1:
            raise NotationError("battle takes one colour letter, e.g. 'battle R'")
        return BATTLE + parse_colour(args[0])
    raise NotationError(f"unknown action {words[0]!r}; actions are play, pass, draw, stop, battle")
