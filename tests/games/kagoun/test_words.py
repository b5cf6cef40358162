"""Kagoun's words name players as the table names them."""

from __future__ import annotations

from ludotheque.games.kagoun import render
from ludotheque.games.kagoun.actions import TAKE_FROM


def test_take_names_the_player_robbed_as_the_table_does() -> None:
    names = ["Zoé", "Heuristic bot 1", "Heuristic bot 2"]
    assert render.action_label(TAKE_FROM + 1, None, "en", names=names) == "take 1 (Heuristic bot 1)"
    assert render.action_label(TAKE_FROM + 2, None, "fr", names=names) == "prendre 3 (Heuristic bot 2)"
    assert render.action_label(TAKE_FROM + 1, None, "en") == "take 1 (Seat 2)"
