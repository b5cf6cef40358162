"""How long a game of Gargon lasts (docs/rules/gargon.md, "How long a game lasts")."""

from __future__ import annotations

import random

import pytest

from ludotheque.games.gargon import GAME
from ludotheque.games.gargon.components import DECK_SIZE
from ludotheque.games.gargon.game import game_length_bound


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_dealt_games_keep_within_the_bound(players: int) -> None:
    dealt = game_length_bound(players, DECK_SIZE - 10 * players)
    assert dealt < GAME.max_game_length({"players": players}) <= GAME.spec.max_game_length
    for seed in range(5):
        state = GAME.new_state({"players": players}, seed)
        rng = random.Random(seed)
        actions = 0
        while not state.is_terminal:
            state.apply(state.sample_action(rng))
            actions += 1
        assert actions <= dealt


def test_a_set_up_with_full_piles_is_bounded_too() -> None:
    """Hands of one card, every other card in the piles: more draws than any deal allows."""
    colours = "WBVRYG"
    cards = [f"{c}{v}" for c in colours for v in (0, 0, *range(1, 16))]
    setup = {"hands": [[cards[0]], [cards[1]], [cards[2]], [cards[3]], [cards[4]]],
             "piles": [cards[5:53], cards[53:]]}
    state = GAME.state_from_setup(setup, {"players": 5})
    rng = random.Random(1)
    actions = 0
    while not state.is_terminal:
        state.apply(state.sample_action(rng))
        actions += 1
    assert actions <= GAME.max_game_length({"players": 5})
