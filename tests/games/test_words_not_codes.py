"""Words, not codes (issue 34): every legal action's label and every logged event of random games
reads, in English and French, without the notation's codes (cells, card ids, colour letters);
the notation itself (what a client sends back, records, the terminal's typed commands) keeps them."""

from __future__ import annotations

import random

import pytest

from ludotheque.core.game import start_log
from ludotheque.core.registry import get_game

from ..web.tables import notation_codes

#: (game, players, seeds, actions per game at most): a few short random games, under a second each.
GAMES = [("drakon", 3, (1, 2), 120), ("kagoun", 3, (1, 2), 200), ("gargon", 4, (1, 2), 200)]


@pytest.mark.parametrize(("game_id", "players", "seeds", "steps"), GAMES)
def test_labels_and_events_of_random_games_name_no_code(game_id: str, players: int,
                                                       seeds: tuple[int, ...], steps: int) -> None:
    game = get_game(game_id)
    words = game.words()
    rng = random.Random(0)
    found: set[str] = set()
    labels = 0
    for seed in seeds:
        state = game.new_state({"players": players}, seed=seed)
        log = start_log(state)
        for _ in range(steps):
            if state.is_terminal:
                break
            seat = state.to_act
            observation = state.observe(seat if seat is not None and seat >= 0 else None)
            legal = state.legal_actions()
            for lang in ("en", "fr"):
                texts = [words.action_label(a, observation, lang) for a in legal]
                labels += len(texts)
                found.update(code for text in texts for code in notation_codes(text))
            state.apply(rng.choice(legal))
        for event in log or []:
            for lang in ("en", "fr"):
                found.update(notation_codes(words.describe_event(event, lang)))
    assert labels > 100
    assert not found, sorted(found)[:20]


def test_the_check_finds_the_codes_players_met() -> None:
    """The scan finds what issue 34 measured (so that it can fail)."""
    for text in ("Lay Find a coin (N) at -1,0", "emplacement libre 2,1", "capture S2a P1a (✗)",
                 "card G2", "play W3 B12 R0", "draw 1 (top V?)", "bla0 ble3"):
        assert notation_codes(text), text
    for text in ("Move to the room 2 north, 1 east of the Start", "délai 0,5 s", "Heuristic bot 3"):
        assert not notation_codes(text), text
