"""Notation round-trips, is case-insensitive and refuses bad input clearly."""

from __future__ import annotations

import pytest

from ludotheque.core.errors import NotationError
from ludotheque.games.kagoun import GAME
from ludotheque.games.kagoun.actions import CHAIN, MAX_ACTION


def test_every_action_round_trips() -> None:
    for action in range(MAX_ACTION):
        try:
            text = GAME.action_to_text(action)
        except NotationError:
            assert action < CHAIN  # only codes pairing a card with itself have no text
            continue
        assert GAME.parse_action(text) == action, text
        assert GAME.parse_action(text.upper()) == action, text


@pytest.mark.parametrize("text", ["capture M1a G2b", "steal E1b G2a", "defend K1a G2a",
                                  "chain D1 right", "chain D1~ left", "scrap D1", "drop M1",
                                  "card M1", "clear M1", "take 2", "kagoun", "consolidate",
                                  "discard", "pass", "stop"])
def test_documented_examples_parse(text: str) -> None:
    assert GAME.action_to_text(GAME.parse_action(text)) == text


@pytest.mark.parametrize("text", ["", "capture", "capture M1 G2", "capture M3a G2b",
                                  "capture M1a M1b", "chain D1 up", "take 5", "drop", "pass now",
                                  "fly away", "steal M1c G2a"])
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_action(text)
    with pytest.raises(NotationError):
        GAME.action_to_text(-1)
