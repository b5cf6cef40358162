"""Kagoun's words name players as the table names them."""

from __future__ import annotations

from ludotheque.games.kagoun import GAME, render
from ludotheque.games.kagoun.actions import CHAIN, TAKE_FROM, unlink
from ludotheque.games.kagoun.components import load_deck


def test_take_names_the_player_robbed_as_the_table_does() -> None:
    names = ["Zoé", "Heuristic bot 1", "Heuristic bot 2"]
    assert render.action_label(TAKE_FROM + 1, None, "en", names=names) == "take a card from Heuristic bot 1"
    french = render.action_label(TAKE_FROM + 2, None, "fr", names=names)
    assert french == "prendre une carte à Heuristic bot 2"
    assert render.action_label(TAKE_FROM + 1, None, "en") == "take a card from Seat 2"


def test_a_pairing_names_cards_as_the_board_draws_them_and_says_whether_it_holds() -> None:
    """Issue 34: "capture S2a P1a (✗)" became the cards' letters, their ends' symbols and forces."""
    state = GAME.new_state({"players": 3}, seed=1)
    observation = state.observe(state.to_act)
    deck = load_deck(observation.deck)
    invalid = next(a for a in range(CHAIN) if not deck.valid(*unlink(a)[1:]) and unlink(a)[1] != unlink(a)[3])
    _, card, u, target, ln = unlink(invalid)
    en = render.action_label(invalid, observation, "en")
    assert en.startswith(f"capture {render.line_words(deck, target, ln)} "
                         f"with {render.line_words(deck, card, u)}")
    assert en.endswith(": not a valid pairing") and "✗" not in en
    fr = render.action_label(invalid, observation, "fr")
    assert fr.startswith("capturer ") and fr.endswith(" : appariement non valide")
    assert render.line_words(deck, 0, 0) == "A (blue end, force 1)"  # A1a: one blue small symbol
    assert render.card_words(deck, 0, "fr") == "A (bleu/jaune, forces 1 et 2)"
    # the terminal lists the notation, as it is typed
    assert render.action_label(invalid, observation, "en", markup=True).endswith("(✗)")
