"""003 Contrôle de victoire: the chain's complete large symbols score (OQ 44(a))."""

from __future__ import annotations

from ludotheque.games.kagoun.components import COLOUR_LETTERS, parse_deck
from ludotheque.games.kagoun.scoring import chain_score, colours_score, junctions

from .conftest import TEST_DECK

Y, B, G, R = (COLOUR_LETTERS.index(c) for c in "YBGR")


def chain_of(text: str) -> list[tuple[int, int]]:
    return [((ord(w[0]) - 65) * 2 + int(w[1]) - 1, int(w.endswith("~"))) for w in text.split()]


def test_rulebook_example_scores_12() -> None:
    """One yellow, one blue, two green, two red complete symbols: 1 + 1 + 4 + 4 + 2 = 12."""
    deck = parse_deck(TEST_DECK, "test")
    chain = chain_of("S1 T1 U1 V1 W1 X1 Y1")
    assert sorted(junctions(deck, chain)) == sorted([Y, G, R, G, B, R])
    assert chain_score(deck, chain) == 12
    assert colours_score([Y, B, G, G, R, R]) == 12


def test_outer_halves_never_count() -> None:
    deck = parse_deck(TEST_DECK, "test")
    assert chain_score(deck, chain_of("S1")) == 0  # one card: two halves, nothing complete
    assert chain_score(deck, chain_of("S1 T1")) == 1  # one yellow junction
    # the example's outer halves (red, yellow) would make 17 if they counted
    assert chain_score(deck, chain_of("S1 T1 U1 V1 W1 X1 Y1")) != 17


def test_repeated_colour_is_worth_two_each() -> None:
    assert colours_score([R]) == 1
    assert colours_score([R, R]) == 4
    assert colours_score([R, R, R]) == 6  # reading 44(a), not 44(c)'s 9
    assert colours_score([Y, B, G, R]) == 4 + 2  # the bonus once
    assert colours_score([Y, B, G, R, Y, B, G, R]) == 16 + 2
