"""Seat numbers and names agree everywhere (issue 17, item 9): a Drakon label that names another
player names them as the table does, and reads as players' words (no parentheses within
parentheses)."""

from __future__ import annotations

from typing import Any

from ludotheque.games.drakon import GAME, render

NAMES = ["Zoé", "Heuristic bot 1", "Léa"]


def labels(state: Any, lang: str) -> list[str]:
    obs = state.observe(state.to_act)
    return [render.action_label(GAME.parse_action(t), obs, lang, names=NAMES) for t in state.legal_texts()]


def test_the_map_room_names_the_seat_it_robs(position: Any) -> None:
    state = position(["map 1,0 N"], players=3, hands=[[], ["find N", "find N", "wind NS"], []])
    state.apply_text("move 1,0")
    assert labels(state, "en") == ["Take a tile at random from Heuristic bot 1's hand"]
    assert labels(state, "fr") == ["Prendre une tuile au hasard dans la main de Heuristic bot 1"]


def test_the_thief_names_the_player_he_robs(position: Any) -> None:
    state = position(["room 1,0 N"], abilities=True, figures=["thief", "knight"],
                     purses=[[1, 0, 0], [0, 0, 1]], treasure=[0, 1, 0])
    assert "Steal a coin from Heuristic bot 1 (the Knight)" in labels(state, "en")
    assert "Voler une pièce à Heuristic bot 1 (le Chevalier)" in labels(state, "fr")


def test_a_move_names_the_room_without_parentheses_within_parentheses(position: Any) -> None:
    state = position(["steal-left 1,0 NS"], hands=[[], []])
    moves = [label for label in labels(state, "en") if label.startswith("Move to")]
    assert moves == ["Move to the room 1 east of the Start — Steal a coin, clockwise"]
    assert "Aller vers la salle à 1 à l'est du Départ — Vol de pièce, sens horaire" in labels(state, "fr")
