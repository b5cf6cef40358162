"""Helpers for Kagoun's rule tests: positions from explicit set-ups on a test deck, notation
played in order.

The test deck (``deck-test.json``, given inline to each set-up as its ``cards``) is plain on purpose: every
card has halves Y|B, line a = Y with force 1, line b = B with force 1, so that ``X1a`` over
``K1b`` is valid with strength 2 and ``X1a`` over ``K1a`` is not. A few letters differ:
C (line a force 5), D (Draw at a), E (Take at a), F (Replay at a), G (Defend at a), H (halves
G|G, lines G), and S..Y carry the halves of 003's scoring example (S R|Y, T Y|G, U G|R, V R|G,
W G|B, X B|R, Y R|Y; line a the left half, line b the right half).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from ludotheque.core.game import CHANCE
from ludotheque.games.kagoun import GAME
from ludotheque.games.kagoun.position import KagounPosition

#: The test deck's data, given inline to every set-up (``cards``).
TEST_DECK: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parent / "deck-test.json").read_text("utf-8"))

PositionFn = Callable[..., KagounPosition]
PlayFn = Callable[..., KagounPosition]


def make_position(hands: Sequence[str], river: str = "", pairs: Sequence[str] | None = None,
                  chains: Sequence[str] | None = None, discard: str = "", pile: str | None = None,
                  first_player: int = 0, active: list[bool] | None = None,
                  **options: Any) -> KagounPosition:
    """Hands, river and discard as strings of cards ("A1 B1"); pairs per seat as "A1a/K1b
    B1a/K2b"; chains per seat as "L1 M1~"."""
    n = len(hands)
    setup: dict[str, Any] = {
        "hands": [h.split() for h in hands],
        "river": river.split(),
        "pairs": [[p.split("/") for p in s.split()] for s in (pairs or [""] * n)],
        "chains": [c.split() for c in (chains or [""] * n)],
        "discard": discard.split(),
        "first_player": first_player,
        "cards": TEST_DECK,
    }
    if pile is not None:
        setup["pile"] = pile.split()
    if active is not None:
        setup["active"] = active
    state = GAME.state_from_setup(setup, options)
    assert isinstance(state, KagounPosition)
    return state


def rest_of(*placed: str) -> str:
    """Every card not named in ``placed`` (strings of cards or lines), as one string."""
    used = {word[:2] for text in placed for word in text.replace("/", " ").split()}
    return " ".join(f"{chr(65 + i)}{c}" for i in range(26) for c in (1, 2)
                    if f"{chr(65 + i)}{c}" not in used)


def play_texts(state: KagounPosition, *texts: str) -> KagounPosition:
    for text in texts:
        state.apply_text(text)
    return state


def draw_any(state: KagounPosition) -> KagounPosition:
    """Play out chance events with their first outcome."""
    while state.to_act == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    return state


@pytest.fixture
def position() -> PositionFn:
    return make_position


@pytest.fixture
def play() -> PlayFn:
    return play_texts


@pytest.fixture
def rest() -> Callable[..., str]:
    return rest_of
