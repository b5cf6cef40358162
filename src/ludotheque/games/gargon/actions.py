"""Gargon's actions as ints, the one encoder the rules, the notation and the bots share.

A few fixed codes, then one code per multiset of one to three cards: ``PLAY + code`` where the
code packs the cards' ranks + 1 in canonical order (colours W B V R Y G, then value descending)
as three digits in base ``RADIX`` (0 for "no card"). One multiset of cards is one action
whatever order a player names them in.
"""

# mypyc: compile

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .components import NUM_COLOURS, NUM_VALUES

PASS: Final = 0
STOP: Final = 1
DRAW: Final = 2  # DRAW + 0: draw from pile 1; DRAW + 1: from pile 2
BATTLE: Final = 4  # BATTLE + colour
PLAY: Final = 16  # PLAY + code of the cards (see play_action)

RADIX: Final = NUM_COLOURS * NUM_VALUES + 1  # 97: rank + 1, 0 for "no card"
RADIX2: Final = RADIX * RADIX
MAX_ACTION: Final = PLAY + RADIX * RADIX2  # one past the largest action index


def rank(card: int) -> int:
    """Position of a card in canonical order: colour, then value descending."""
    return (card >> 4) * NUM_VALUES + (NUM_VALUES - 1 - (card & 15))


def card_of_rank(position: int) -> int:
    return (position // NUM_VALUES) * NUM_VALUES + (NUM_VALUES - 1 - position % NUM_VALUES)


def canonical(cards: Iterable[int]) -> list[int]:
    """Cards in canonical order: colours W B V R Y G, then value descending."""
    return sorted(cards, key=rank)


def play_action(cards: Iterable[int]) -> int:
    """The action playing these one to three cards (any order)."""
    code = 0
    ranks = sorted([rank(c) for c in cards])  # (a list: a generator costs more compiled)
    for position in ranks:
        code = code * RADIX + position + 1
    for _ in range(3 - len(ranks)):  # missing cards count as 0
        code *= RADIX
    return PLAY + code


def play_cards(action: int) -> list[int]:
    """The cards of a play action, in canonical order."""
    code = action - PLAY
    ranks = [code // RADIX2, code // RADIX % RADIX, code % RADIX]
    return [card_of_rank(r - 1) for r in ranks if r]


def checked_play_cards(action: int) -> list[int]:
    """The cards of a play action; empty when ``action`` is not the index of a play (out of
    range, or not built by ``play_action``), so that no stray int passes for a play."""
    if not PLAY <= action < MAX_ACTION:
        return []
    code = action - PLAY
    first, second, third = code // RADIX2, code // RADIX % RADIX, code % RADIX
    # what play_action writes: ranks + 1 in canonical order, none after a missing card (0); the
    # same test as play_action(play_cards(action)) == action, without making the play again (a
    # board asks it of every selection of the hand at every decision)
    if first == 0 or (second == 0 and third != 0) or 0 < second < first or 0 < third < second:
        return []
    return [card_of_rank(r - 1) for r in (first, second, third) if r]


def is_play(action: int) -> bool:
    return action >= PLAY
