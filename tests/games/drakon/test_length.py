"""How long a game of Drakon lasts (docs/rules/drakon.md, "How long a game lasts"): at most
``turn_limit`` turns of at most TURN_BOUND actions each, chance draws included."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludotheque.games.drakon import GAME
from ludotheque.games.drakon.game import MAX_GAME_LENGTH, TURN_BOUND
from ludotheque.games.drakon.rules import MAX_TURN_STEPS

from ..lengths import count_actions
from .test_properties import IDS, VARIANTS


@pytest.mark.parametrize("options", VARIANTS, ids=IDS)
def test_random_games_keep_within_the_bound_of_their_options(options: dict[str, Any]) -> None:
    for seed, limit in ((3, 400), (4, 12)):  # a whole game, and one cut by a short turn limit
        opts = {**options, "turn_limit": limit}
        bound = GAME.max_game_length(opts)
        assert bound == limit * TURN_BOUND <= MAX_GAME_LENGTH == GAME.spec.max_game_length
        state = GAME.new_state(opts, seed)
        actions, per_turn = count_actions(state, random.Random(seed), lambda s: int(s.turns))
        assert state.turns <= limit
        assert max(per_turn.values()) <= TURN_BOUND
        assert actions <= bound


def test_the_longest_turn_is_cut_after_turn_bound_actions(position: Any) -> None:
    """The software cut the bound rests on: a turn that has run MAX_TURN_STEPS actions (as a
    chain of Mind control rooms could) ends with its next one, whatever was still to come."""
    state = position(["mind 1,0 N", "mind 1,1 E", "room 0,1 E"], heroes=["0,0", "0,1"])
    state.apply_text("move 1,0")  # seat 0 enters Mind control: its choice is due
    assert state.to_act == 0 and state.turns == 1
    chained = state.clone()
    chained.apply(chained.legal_actions()[0])  # the rival is sent into Mind control in turn
    assert chained.to_act == 1 and chained.turns == 1  # its player's choice, same turn
    state.turn_steps = MAX_TURN_STEPS  # as if the turn had run this long
    state.apply(state.legal_actions()[0])  # action TURN_BOUND of the turn: the last
    assert state.turns == 2 and state.to_act == 1
    assert TURN_BOUND == MAX_TURN_STEPS + 1


def test_the_bound_follows_the_turn_limit() -> None:
    assert GAME.max_game_length({}) == 400 * TURN_BOUND == 80_400
    assert GAME.max_game_length({"turn_limit": 2000}) == GAME.spec.max_game_length
