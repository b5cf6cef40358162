"""Gargon's search knowledge (games/gargon/search.py) reads a seat's sight straight from a position
for speed: it must be exactly what the seat's observation shows, and the playout move the
heuristic's from that observation."""

from __future__ import annotations

import random

import pytest

from ludotheque.core.game import CHANCE, sample_chance
from ludotheque.games.gargon import GAME, GargonState
from ludotheque.games.gargon.heuristic import FOLLOW_RATE, Sight, _View, battle_choice, place_scores
from ludotheque.games.gargon.search import _won_cards, favourite, sight_of
from ludotheque.games.gargon.state import FIGHT, PLACE

FIELDS = ("me", "n", "amulets", "hand", "my_won", "hand_counts", "play_counts", "won_counts",
          "tops", "pile_sizes", "final_round", "first_player", "shape", "round_colours", "phase",
          "drawn")


def decisions(players: int, variant: str, seed: int) -> list[GargonState]:
    """Every decision with a choice in a random game."""
    state = GAME.new_state({"players": players, "variant": variant}, seed)
    rng = random.Random(seed)
    met = []
    while not state.is_terminal:
        if state.to_act == CHANCE:
            state.apply_trusted(sample_chance(state, rng))
            continue
        if len(state.legal_actions()) > 1:
            met.append(state.clone())
        state.apply_trusted(state.sample_action(rng))
    return met


@pytest.mark.parametrize(("players", "variant"), [(3, "standard"), (4, "standard"), (5, "open")])
def test_a_seats_sight_read_from_the_position_is_what_its_observation_shows(
        players: int, variant: str) -> None:
    checked = 0
    for seed in range(3):
        for state in decisions(players, variant, seed):
            seat = state.to_act
            assert seat is not None
            read, shown = sight_of(state, seat), Sight.of(state.observe(seat))
            for field in FIELDS:
                assert getattr(read, field) == getattr(shown, field), field
            assert sorted(read.in_sight) == sorted(shown.in_sight)
            if state.phase == FIGHT:
                continue
            seen = _won_cards(state)
            views = _View(read, seen), _View(shown, seen)
            assert views[0].ranked == views[1].ranked and views[0].unseen == views[1].unseen
            if state.phase == PLACE:
                legal = state.legal_actions()
                rates = [FOLLOW_RATE] * players
                assert place_scores(views[0], legal, rates) == place_scores(views[1], legal, rates)
            checked += 1
    assert checked > 100


def test_the_playout_fights_as_the_heuristic_does() -> None:
    checked = 0
    for seed in range(6):
        for state in decisions(4, "standard", seed):
            if state.phase == FIGHT:
                seat = state.to_act
                assert seat is not None
                assert favourite(state) == battle_choice(state.observe(seat), state.legal_actions())
                checked += 1
    assert checked > 20
