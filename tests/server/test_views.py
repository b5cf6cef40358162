"""The views a table sends (server/views.py), built without a server: the log is described once in
a spectator's words and again only for the seats an event is about (the game's ``event_seats``),
and every seat reads the same log, line for line, as if it had been described for it alone."""

from __future__ import annotations

import copy
import functools
import random
from typing import Any

import pytest

from ludotheque.core.game import CHANCE, sample_chance
from ludotheque.core.registry import game_ids, get_game
from ludotheque.renderers import renderer_for
from ludotheque.server.played import PlayedGame
from ludotheque.server.store import SeatRow
from ludotheque.server.views import TableViews, seat_names

#: The games whose words say which seats an event is about.
ABOUT = [g for g in game_ids() if getattr(renderer_for(get_game(g)), "event_seats", None) is not None]


def _played(game_id: str, players: int, seed: int) -> PlayedGame:
    """A whole game played at random by a table of people (every seat's log with what it gained)."""
    game, rng = get_game(game_id), random.Random(seed)
    played = PlayedGame(functools.partial(game.new_state, {"players": players}, seed), renderer_for(game),
                        list(range(players)), seed, False)
    while not played.finished:
        state = played.state
        chance = state.to_act == CHANCE
        played.play(sample_chance(state, rng) if chance else rng.choice(state.legal_actions()))
    return played


@pytest.mark.parametrize("game_id", ABOUT)
def test_an_event_not_about_a_seat_reads_as_a_spectator_reads_it(game_id: str) -> None:
    game = get_game(game_id)
    renderer = renderer_for(game)
    checked = 0
    for players in range(game.spec.min_players, game.spec.max_players + 1):
        played = _played(game_id, players, seed=players)
        seats = [SeatRow(s, "human") for s in range(players)]
        for lang in ("en", "fr"):
            names = seat_names(renderer, seats, lang)
            for event in played.log:
                about = renderer.event_seats(event)
                public = renderer.describe_event(event, lang, names, None)
                for seat in range(players):
                    if seat not in about:
                        assert renderer.describe_event(event, lang, names, seat) == public, (event, seat)
                        checked += 1
    assert checked > 100


class Unshared:
    """A game's words without ``event_seats``: every seat's log described for it alone."""

    def __init__(self, words: Any) -> None:
        self.words = words

    def __getattr__(self, name: str) -> Any:
        if name == "event_seats":
            raise AttributeError(name)
        return getattr(self.words, name)


@pytest.mark.parametrize("game_id", game_ids())
def test_each_seat_reads_the_log_as_if_described_for_it_alone(game_id: str) -> None:
    game = get_game(game_id)
    players = min(4, game.spec.max_players)
    played = _played(game_id, players, seed=7)
    alone = copy.copy(played)
    alone.renderer = Unshared(played.renderer)
    seats = [SeatRow(s, "human") for s in range(players)]
    shared, unshared = TableViews(played, seats, {}, 0), TableViews(alone, seats, {}, 0)
    for lang in ("en", "fr"):
        for seat in [None, *range(players)]:
            assert shared.log_lines(seat, lang) == unshared.log_lines(seat, lang), (seat, lang)
            assert len(shared.log_lines(seat, lang)) >= len(played.log)
