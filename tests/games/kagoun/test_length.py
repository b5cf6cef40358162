"""How long a game of Kagoun lasts (docs/rules/kagoun.md, "How long a game lasts"): at most
``max_rounds`` rounds, each within ``round_bound`` of its players and Replay actions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludotheque.core.game import CHANCE, sample_chance
from ludotheque.games.kagoun import GAME
from ludotheque.games.kagoun.game import MAX_GAME_LENGTH, round_bound

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
        rng = random.Random(seed)
        actions, per_round = 0, {}
        while not state.is_terminal:
            at = state.round
            state.apply(sample_chance(state, rng) if state.to_act == CHANCE else state.sample_action(rng))
            actions += 1
            per_round[at] = per_round.get(at, 0) + 1
        assert state.round <= rounds
        assert max(per_round.values()) <= round_bound(options["players"], options["players"] * per_seat)
        assert actions <= bound


def test_without_a_round_cap_the_spec_cap_is_all_there_is() -> None:
    assert GAME.max_game_length({"max_rounds": 0}) == GAME.spec.max_game_length
    assert GAME.max_game_length({}) == 200 * round_bound(3, 15) == 492_600
