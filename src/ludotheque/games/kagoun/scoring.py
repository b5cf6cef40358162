"""Kagoun's score (003 Contrôle): only the chain's complete large symbols count, that is its
junctions; a colour with n of them gives n when n = 1 and 2n when n >= 2 (OQ 44(a)); all four
colours add 2."""

# mypyc: compile

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from .components import COLOUR_LETTERS, NUM_COLOURS, Deck

ALL_COLOURS_BONUS: Final = 2


def colour_points(count: int) -> int:
    """Points of ``count`` complete symbols of one colour."""
    return count if count == 1 else 2 * count


def bonus(counts: Sequence[int]) -> int:
    """What a chain with ``counts[colour]`` complete symbols of each colour earns beyond them."""
    return ALL_COLOURS_BONUS if all(counts) else 0


def counts_score(counts: Sequence[int]) -> int:
    """Points of a chain with ``counts[colour]`` complete symbols of each colour."""
    return sum(colour_points(c) for c in counts) + bonus(counts)


def colour_counts(junctions: Sequence[int]) -> list[int]:
    """How many of these complete symbols each colour has."""
    counts = [0] * NUM_COLOURS
    for colour in junctions:
        counts[colour] += 1
    return counts


def colours_score(junctions: Sequence[int]) -> int:
    """Points of a chain whose complete symbols have these colours."""
    return counts_score(colour_counts(junctions))


def junctions(deck: Deck, chain: Sequence[tuple[int, int]]) -> list[int]:
    """Colour of each junction, left to right (touching halves match in a chain)."""
    return [deck.face(card, turned)[1] for card, turned in chain[:-1]]


def chain_score(deck: Deck, chain: Sequence[tuple[int, int]]) -> int:
    return colours_score(junctions(deck, chain))


def chain_sheet(deck: Deck, chain: Sequence[tuple[int, int]]) -> dict[str, Any]:
    """A chain counted for players: ``{"colours": [{"colour": "G", "junctions": 2, "points": 4}],
    "bonus": 0, "total": 4}`` (colours with a complete symbol, in the deck's order)."""
    counts = colour_counts(junctions(deck, chain))
    colours = [{"colour": COLOUR_LETTERS[c], "junctions": n, "points": colour_points(n)}
               for c, n in enumerate(counts) if n]
    return {"colours": colours, "bonus": bonus(counts), "total": counts_score(counts)}
