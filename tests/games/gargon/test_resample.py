"""Resampling for information-set search: every position a seat cannot tell apart from the real
one comes out, about equally often, and nothing it sees changes."""

from __future__ import annotations

import random
from collections import Counter
from math import factorial

from ludotheque.games.gargon import GAME, GargonState

#: Seat 0 sees its own hand; hidden from it: the red 9 and blue 2 of seat 1's hand, seat 1's won
#: blue 1 (face down), seat 2's red 1, and the piles' red 7, blue 4 and blue 8.
SETUP = {
    "hands": [["R5", "R3"], ["R9", "B2"], ["R1"]],
    "piles": [["R7", "B4"], ["B8"]],
    "won": [[], ["B1"], []],
    "first_player": 0,
}


def hidden_from_seat_0(state: GargonState) -> tuple[object, ...]:
    """Where the cards seat 0 cannot see lie, in a resampled position."""
    won_1 = [c * 16 + v for c, values in enumerate(state.won[1]) for v in values]
    return (tuple(state.hand_cards(1)), tuple(state.hand_cards(2)), tuple(won_1),
            tuple(map(tuple, state.piles)))


def test_every_consistent_position_comes_out_about_equally_often() -> None:
    state = GAME.state_from_setup(SETUP, {"players": 3})
    rng = random.Random(11)
    counts = Counter(hidden_from_seat_0(state.resample(0, rng)) for _ in range(6000))
    # three red values over three places, four blue values over four places
    assert len(counts) == factorial(3) * factorial(4)
    assert hidden_from_seat_0(state) in counts
    expected = 6000 / len(counts)
    assert min(counts.values()) > expected / 3 and max(counts.values()) < expected * 2


def test_colours_stay_where_their_backs_are() -> None:
    state = GAME.state_from_setup(SETUP, {"players": 3})
    for seed in range(50):
        other = state.resample(0, random.Random(seed))
        assert [[c >> 4 for c in pile] for pile in other.piles] == [[c >> 4 for c in p] for p in state.piles]
        for seat in range(3):
            assert [len(v) for v in other.hands[seat]] == [len(v) for v in state.hands[seat]]
            assert [len(v) for v in other.won[seat]] == [len(v) for v in state.won[seat]]
        assert other.hands[0] == state.hands[0]


def test_the_resampled_position_forgets_the_deal_seed() -> None:
    state = GAME.new_state({"players": 4}, seed=5)
    assert state.seed == 5
    assert state.resample(2, random.Random(0)).seed is None


def test_open_variant_won_piles_are_not_redrawn() -> None:
    state = GAME.state_from_setup(SETUP, {"players": 3, "variant": "open"})
    for seed in range(30):
        other = state.resample(0, random.Random(seed))
        assert other.won == state.won
