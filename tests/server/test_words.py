"""The web table's own words: prompts without terminal notation, seats numbered from 1, bots named."""

from __future__ import annotations

import random

from ludotheque.core.registry import get_game
from ludotheque.renderers import renderer_for
from ludotheque.server.store import SeatRow
from ludotheque.server.views import seat_names
from ludotheque.server.words import web_prompt


def test_web_prompt_leaves_out_the_terminal_notation() -> None:
    assert web_prompt("choose the colour to fight next (battle C)") == "Choose the colour to fight next"
    assert web_prompt("choisissez la couleur du prochain combat (battle C)") == \
        "Choisissez la couleur du prochain combat"
    assert web_prompt("piochez ou arrêtez-vous (stop)") == "Piochez ou arrêtez-vous"
    assert web_prompt("draw a card (you lost a fight)") == "Draw a card (you lost a fight)"


def sentences(prompt: str) -> list[str]:
    """A prompt's aside in front, if any ("(Last round) Choose..."), and the rest."""
    return prompt[1:].split(") ", 1) if prompt.startswith("(") else [prompt]


def test_every_prompt_the_table_shows_starts_with_a_capital() -> None:
    """The page shows a prompt as a sentence of its own (Gargon's and Kagoun's start in lower
    case, for the lines that put them after a seat's name): every prompt of a few random games of
    each game, in both languages."""
    from ludotheque.core.game import CHANCE
    from ludotheque.server.views import build_view

    for game_id in ("gargon", "drakon", "kagoun"):
        game, renderer, seen = get_game(game_id), renderer_for(get_game(game_id)), set()
        for seed in range(3):
            state = game.new_state(game.resolve_options({}), seed)
            seats = [SeatRow(seat, "human") for seat in range(state.players)]
            rng = random.Random(seed)
            while not state.is_terminal:
                if state.to_act != CHANCE:
                    for lang in ("en", "fr"):
                        seen.add(build_view(state, renderer, seats, state.to_act, lang)["prompt"])
                state.apply(rng.choice(state.legal_actions()))
        lower = sorted(prompt for prompt in seen if not all(part[:1].isupper() for part in sentences(prompt)))
        assert len(seen) > 5 and lower == [], (game_id, lower[:5])


def test_seats_are_numbered_from_one_and_bots_have_names() -> None:
    renderer = renderer_for(get_game("gargon"))
    seats = [SeatRow(0, "human"), SeatRow(1, "bot", "random"), SeatRow(2, "bot", "heuristic"),
             SeatRow(3, "bot", "heuristic"), SeatRow(4, "human", name="Zoé")]
    assert seat_names(renderer, seats, "en") == ["Seat 1", "Random bot", "Heuristic bot 1", "Heuristic bot 2",
                                                 "Zoé"]
    assert seat_names(renderer, seats, "fr") == ["Joueur 1", "Robot aléatoire", "Robot heuristique 1",
                                                 "Robot heuristique 2", "Zoé"]


def test_a_table_waiting_for_chance_says_so_in_french_words() -> None:
    """Issue 34: « En attente de le hasard » read as a slip; French contracts it: « du hasard »."""
    from ludotheque.core.game import CHANCE
    from ludotheque.server.views import build_view

    game = get_game("kagoun")
    state = game.new_state({"players": 2}, seed=1)
    rng = random.Random(0)
    while state.to_act != CHANCE:  # (a card is drawn within the first moves)
        state.apply(rng.choice(state.legal_actions()))
    seats = [SeatRow(0, "human"), SeatRow(1, "human")]
    renderer = renderer_for(game)
    assert build_view(state, renderer, seats, 0, "fr")["prompt"] == "En attente du hasard"
    assert build_view(state, renderer, seats, 0, "en")["prompt"] == "Waiting for chance"
