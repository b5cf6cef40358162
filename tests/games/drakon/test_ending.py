"""How a Drakon game ends, in words (issue 34 part 5): each way it ends (the goal reached, counted in
gold or in coins; the Évasion variant's escape; nobody able to act; the turn limit) says why the
winners won and with what, and the score sheet adds each purse's coins up to its gold."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ludotheque.core.game import CHANCE, sample_chance
from ludotheque.games.drakon import GAME, render
from ludotheque.games.drakon.observe import DrakonObservation
from ludotheque.renderers import end_words, renderer_for

NAMES = ["Ana", "Bo"]


def over(ending: str, **fields: object) -> DrakonObservation:
    """A spectator's view of a 2-player game Ana won as ``ending`` says: her purse 1 + 2 + 3 +
    3 + 3 = 12 gold in five coins, Bo's 2 + 2 = 4 (the view at the end shows every purse)."""
    setup = {"rooms": ["start 0,0 NESW"], "hands": [["find N"], ["room N"]]}
    start = GAME.state_from_setup(setup).observe(None)
    return replace(start, winners=(0,), ending=ending, purse_of=(0, 1), coins=(5, 2), gold=(12, 4),
                   purse_coins=((1, 1, 3), (0, 2, 0)), **fields)


@pytest.mark.parametrize(("ending", "fields", "en", "fr"), [
    ("goal", {"goal": 10}, "the goal of 10 gold reached first (12 gold)",
     "objectif de 10 pièces d'or atteint en premier (or : 12)"),
    ("goal", {"goal": 5, "count_coins": True}, "the goal of 5 coins reached first (5 coins)",
     "objectif de 5 pièces atteint en premier (5 pièces)"),
    ("escape", {"goal": 8, "escape": True},
     "escaped from the lair: the goal of 8 gold reached (12 gold), then an Escape or a Teleport room",
     "évasion de l'antre : objectif de 8 pièces d'or atteint (or : 12), puis une salle Évasion ou "
     "Téléportation"),
    ("stuck", {}, "nobody could lay a room or move a hero any more: the most gold wins (12 gold)",
     "plus personne ne pouvait poser de salle ni bouger : le plus d'or l'emporte (or : 12)"),
    ("limit", {}, "the turn limit was reached: the most gold wins (12 gold)",
     "la limite de tours est atteinte : le plus d'or l'emporte (or : 12)"),
])
def test_each_way_a_game_ends_says_why(ending: str, fields: dict[str, object], en: str, fr: str) -> None:
    obs = over(ending, **fields)
    assert render.end_reason(obs, "en", NAMES) == en
    assert render.end_reason(obs, "fr", NAMES) == fr
    assert render.winners_text(obs, "en", NAMES) == "Winner: Ana"


def test_the_sheet_adds_each_purses_coins_up_to_its_gold() -> None:
    headers, rows = render.score_sheet(over("goal", goal=10), "fr", NAMES)
    assert headers == ["", "Ana", "Bo"]
    assert rows == [["Pièces", "5", "2"], ["Or", "1 + 2 + 3 + 3 + 3 = 12", "2 + 2 = 4"],
                    ["Résultat", "gagne", "—"]]


def test_a_played_game_tells_each_seat_whether_it_won() -> None:
    rng = random.Random(3)
    state = GAME.new_state({"players": 3, "goal": 4}, seed=3)
    while not state.is_terminal:
        chance = state.to_act == CHANCE
        state.apply(sample_chance(state, rng) if chance else rng.choice(state.legal_actions()))
    words = renderer_for(GAME)
    won = state.winners()
    for seat in range(3):
        end = end_words(words, state, state.observe(seat), seat, "en")
        mine = "You share the win" if len(won) > 1 else "You won"
        assert end["won"] == won and end["outcome"] == (mine if seat in won else "You lost")
        assert end["reason"] == render.end_reason(state.observe(seat), "en") != ""
