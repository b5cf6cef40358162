"""Kagoun's score (003 Contrôle): only the chain's complete large symbols count, that is its
junctions; a colour with n of them gives n when n = 1 and 2n when n >= 2 (OQ 44(a)); all four
colours add 2."""

# mypyc: compile

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .components import NUM_COLOURS, Deck

ALL_COLOURS_BONUS: Final = 2


def counts_score(counts: Sequence[int]) -> int:
    """Points of a chain with ``counts[colour]`` complete symbols of each colour."""
    total = sum(c if c == 1 else 2 * c for c in counts)
    return total + (ALL_COLOURS_BONUS if all(counts) else 0)


def colours_score(junctions: Sequence[int]) -> int:
    """Points of a chain whose complete symbols have these colours."""
    counts = [0] * NUM_COLOURS
    for colour in junctions:
        counts[colour] += 1
    return counts_score(counts)


def junctions(deck: Deck, chain: Sequence[tuple[int, int]]) -> list[int]:
    """Colour of each junction, left to right (touching halves match in a chain)."""
    return [deck.face(card, turned)[1] for card, turned in chain[:-1]]


def chain_score(deck: Deck, chain: Sequence[tuple[int, int]]) -> int:
    return colours_score(junctions(deck, chain))
