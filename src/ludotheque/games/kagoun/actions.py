"""Kagoun's actions as ints, the one encoder the rules, the notation and the bots share.

Attacks and defences name a hand card, its end laid beside the target, the target and the
target's line: ``base + ((card * 2 + u) * 52 + target) * 2 + ln``. The other codes name one card,
one seat, or nothing.
"""

# mypyc: compile

from __future__ import annotations

from typing import Final

from .components import DECK_SIZE

LINK: Final = DECK_SIZE * 2 * DECK_SIZE * 2  # 10816 codes per kind of pairing

CAPTURE: Final = 0
STEAL: Final = CAPTURE + LINK
DEFEND: Final = STEAL + LINK
CHAIN: Final = DEFEND + LINK  # + card * 4 + side * 2 + turned (side 0 left, 1 right)
SCRAP: Final = CHAIN + DECK_SIZE * 4  # + upper card of the pair given up
DROP: Final = SCRAP + DECK_SIZE  # + hand card
CARD: Final = DROP + DECK_SIZE  # + card: a chance outcome (drawn from the pile, or taken)
CLEAR: Final = CARD + DECK_SIZE  # + river card an eliminated seat discards
TAKE_FROM: Final = CLEAR + DECK_SIZE  # + seat robbed by Take
KAGOUN: Final = TAKE_FROM + 4
CONSOLIDATE: Final = KAGOUN + 1
DISCARD: Final = KAGOUN + 2
PASS: Final = KAGOUN + 3
STOP: Final = KAGOUN + 4
MAX_ACTION: Final = STOP + 1  # one past the largest action index

LEFT: Final = 0
RIGHT: Final = 1


def link(base: int, card: int, u: int, target: int, ln: int) -> int:
    return base + ((card * 2 + u) * DECK_SIZE + target) * 2 + ln


def unlink(action: int) -> tuple[int, int, int, int, int]:
    """(base, card, u, target, ln) of a capture, steal or defence."""
    base = CAPTURE if action < STEAL else STEAL if action < DEFEND else DEFEND
    code = action - base
    ln, code = code % 2, code // 2
    target, code = code % DECK_SIZE, code // DECK_SIZE
    return base, code // 2, code % 2, target, ln


def chain_action(card: int, side: int, turned: int) -> int:
    return CHAIN + card * 4 + side * 2 + turned


def chain_parts(action: int) -> tuple[int, int, int]:
    """(card, side, turned) of a chain action."""
    code = action - CHAIN
    return code // 4, code // 2 % 2, code % 2
