"""What a search knows of Kagoun (games/kagoun/search.py): the actions worth a look leave out a
call under 10 points and an invalid pairing, never everything; the playout move calls once the
chain wins."""

from __future__ import annotations

import random

from ludotheque.games.kagoun import GAME
from ludotheque.games.kagoun.actions import CHAIN, KAGOUN, unlink
from ludotheque.games.kagoun.search import rollout, worth_searching

from .conftest import PlayFn, PositionFn

EXAMPLE = "S1 T1 U1 V1 W1 X1 Y1"  # 003's scoring example: 12 points


def test_the_search_looks_at_no_losing_call_and_no_invalid_pairing(position: PositionFn) -> None:
    state = position(["A1 H1 B1", "B2 I1 I2"], river="K1 H2")
    legal, worth = state.legal_actions(), worth_searching(state)
    assert KAGOUN in legal and KAGOUN not in worth and set(worth) < set(legal)
    deck = state.deck
    assert all(deck.valid(*unlink(a)[1:]) for a in worth if a < CHAIN)
    assert any(not deck.valid(*unlink(a)[1:]) for a in legal if a < CHAIN)


def test_a_winning_chain_calls_in_playouts(position: PositionFn, play: PlayFn) -> None:
    state = position(["A1 H1 B1", "B2 I1 I2"], river="K1 H2", chains=[EXAMPLE, ""])
    assert KAGOUN in worth_searching(state) and rollout(state, random.Random(1)) == KAGOUN


def test_something_is_always_worth_a_look() -> None:
    """Over whole random games, every decision keeps at least one action, and only legal ones."""
    from ludotheque.core.game import CHANCE, sample_chance

    for seed in range(3):
        state = GAME.new_state({"players": 2 + seed}, seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            if state.to_act == CHANCE:
                state.apply(sample_chance(state, rng))
                continue
            worth = worth_searching(state)
            assert worth and set(worth) <= set(state.legal_actions())
            state.apply(rollout(state, rng))
    assert GAME.search_knowledge() is not None
