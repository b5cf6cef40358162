"""Gargon notation: cards ``R14``, ``V0`` (``R?`` for a card seen from its back) and actions
``play C [C [C]]``, ``pass``, ``draw 1``/``draw 2``, ``stop``, ``battle C``.

Actions are ints with a stable meaning (their index): a few fixed codes, then one code per
multiset of one to three cards, built from the cards in canonical order (colours W B V R Y G,
then value descending).
"""

from __future__ import annotations

from collections.abc import Iterable

from ...core.errors import NotationError
from .components import COLOUR_LETTERS, HIDDEN, NUM_COLOURS, NUM_VALUES

PASS = 0
STOP = 1
DRAW = 2  # DRAW + 0: draw from pile 1; DRAW + 1: from pile 2
BATTLE = 4  # BATTLE + colour
PLAY = 16  # PLAY + code of the cards (see play_action)

_RADIX = NUM_COLOURS * NUM_VALUES + 1  # 97: rank + 1, 0 for "no card"
MAX_ACTION = PLAY + _RADIX * _RADIX * _RADIX  # one past the largest action index


def card_text(card: int) -> str:
    """``R14``; a face-down card of known colour is ``R?``."""
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


def _rank(card: int) -> int:
    """Position of a card in canonical order: colour, then value descending."""
    return (card >> 4) * NUM_VALUES + (NUM_VALUES - 1 - (card & 15))


def _card_of_rank(rank: int) -> int:
    return (rank // NUM_VALUES) * NUM_VALUES + (NUM_VALUES - 1 - rank % NUM_VALUES)


def canonical(cards: Iterable[int]) -> list[int]:
    """Cards in canonical order: colours W B V R Y G, then value descending."""
    return sorted(cards, key=_rank)


def play_action(cards: Iterable[int]) -> int:
    """The action playing these one to three cards (any order)."""
    code = 0
    ranks = sorted(_rank(c) for c in cards)
    ranks += [-1] * (3 - len(ranks))  # missing cards count as 0
    for rank in ranks:
        code = code * _RADIX + rank + 1
    return PLAY + code


def play_cards(action: int) -> list[int]:
    """The cards of a play action, in canonical order."""
    code = action - PLAY
    ranks = [code // (_RADIX * _RADIX), code // _RADIX % _RADIX, code % _RADIX]
    return [_card_of_rank(r - 1) for r in ranks if r]


def checked_play_cards(action: int) -> list[int]:
    """The cards of a play action; empty when ``action`` is not the index of a play (out of
    range, or not built by ``play_action``), so that no stray int passes for a play."""
    if not PLAY <= action < MAX_ACTION:
        return []
    cards = play_cards(action)
    return cards if cards and play_action(cards) == action else []


def is_play(action: int) -> bool:
    return action >= PLAY


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
