"""How long a game of Kagoun lasts (docs/rules/kagoun.md, "How long a game lasts"): at most
``max_rounds`` rounds, each within ``round_bound`` of its players and Replay actions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludotheque.core.errors import OptionsError
from ludotheque.games.kagoun import GAME
from ludotheque.games.kagoun.game import MAX_GAME_LENGTH, round_bound

from ..lengths import count_actions

READINGS: list[dict[str, Any]] = [
    {"players": 2}, {"players": 3}, {"players": 4},
    {"players": 3, "replay_limit": "seat", "reconsolidation": "ends"},
    {"players": 4, "capture_ties": "first", "reconsolidation_choice": "best", "stalemate": "most_points"},
]


IDS = ["-".join(f"{k}={v}" for k, v in o.items()) for o in READINGS]


@pytest.mark.parametrize("options", READINGS, ids=IDS)
def test_random_games_keep_within_the_bound_of_their_options(options: dict[str, Any]) -> None:
    for seed, rounds in ((5, 200), (6, 3)):  # whole games, and games cut by the round cap
        opts = {**options, "max_rounds": rounds}
        bound = GAME.max_game_length(opts)
        assert bound <= MAX_GAME_LENGTH == GAME.spec.max_game_length
        per_seat = 1 if options.get("replay_limit") == "seat" else 5  # the deck's Replay cards
        assert bound == rounds * round_bound(options["players"], options["players"] * per_seat)
        state = GAME.new_state(opts, seed)
        actions, per_round = count_actions(state, random.Random(seed), lambda s: int(s.round))
        assert state.round <= rounds
        assert max(per_round.values()) <= round_bound(options["players"], options["players"] * per_seat)
        assert actions <= bound


def test_without_a_round_cap_no_bound_is_given() -> None:
    with pytest.raises(OptionsError, match="no length bound") as refused:
        GAME.max_game_length({"max_rounds": 0})
    assert refused.value.option == "max_rounds"
    assert GAME.max_game_length({}) == 200 * round_bound(3, 15) == 492_600
