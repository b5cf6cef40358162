"""Scenario positions for Drakon's rule tests, written as a player would set them up.

Helpers are fixtures (not importable functions) so that other test folders may have their own
``conftest.py`` without clashing module names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from ludotheque.games.drakon import GAME
from ludotheque.games.drakon.position import DrakonPosition


def make_position(rooms: Sequence[str] = (), *, hands: Sequence[Sequence[str]] | None = None,
             heroes: Sequence[str] | None = None, pile: Sequence[str] = (), players: int = 2,
             drakon: str | None = None, purses: Sequence[Sequence[int]] | None = None,
             treasure: Sequence[int] | None = None, first: int = 0,
             figures: Sequence[str] | None = None, abilities: bool = False, **options: Any
             ) -> DrakonPosition:
    """Start at 0,0 (four arrows) plus ``rooms`` ("find 1,0 NE" ...); empty hands unless given;
    every hero on Start unless given (``heroes``: their rooms); seat ``first`` to play;
    ``abilities``: the Heroes! variant, with ``figures`` for the heroes."""
    setup: dict[str, Any] = {
        "rooms": ["start 0,0 NESW", *rooms],
        "hands": [list(h) for h in hands] if hands is not None else [[] for _ in range(players)],
        "pile": list(pile),
        "first_player": first,
    }
    if heroes is not None:
        setup["heroes"] = list(heroes)
    if drakon is not None:
        setup["drakon"] = drakon
    if figures is not None:
        setup["figures"] = list(figures)
    if purses is not None:
        setup["purses"] = [list(p) for p in purses]
    if treasure is not None:
        setup["treasure"] = list(treasure)
    if abilities:
        options["heroes"] = True
    state = GAME.state_from_setup(setup, {"players": players, **options})
    assert isinstance(state, DrakonPosition)
    return state


@pytest.fixture
def position() -> Any:
    """``position(rooms, hands=..., heroes=..., ...)``: an explicit Drakon position."""
    return make_position
