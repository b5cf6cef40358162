"""Helpers for Gargon's rule tests: positions from explicit set-ups, notation played in order,
and a check that a refused action leaves everything as it was.

They are fixtures (not importable functions) so that other test folders may have their own
``conftest.py`` without clashing module names.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest

from ludotheque.core.errors import IllegalActionError
from ludotheque.games.gargon import GAME, GargonState
from ludotheque.games.gargon.components import COMPONENTS
from ludotheque.games.gargon.notation import card_text

#: Cards given as one string ("R14 R0 B12") or as a sequence of card texts.
Cards = str | Sequence[str]

PositionFn = Callable[..., GargonState]
PlayFn = Callable[..., GargonState]
RefusedFn = Callable[..., str]


def cards_of(cards: Cards) -> list[str]:
    return cards.split() if isinstance(cards, str) else list(cards)


def make_position(
    hands: Sequence[Cards],
    piles: Sequence[Cards] = ("", ""),
    won: Sequence[Cards] | None = None,
    first_player: int = 0,
    **options: Any,
) -> GargonState:
    """A position from an explicit set-up (piles top first), with its public log switched on."""
    setup: dict[str, Any] = {
        "hands": [cards_of(h) for h in hands],
        "piles": [cards_of(p) for p in piles],
        "first_player": first_player,
    }
    if won is not None:
        setup["won"] = [cards_of(w) for w in won]
    options.setdefault("players", len(hands))
    state = GAME.state_from_setup(setup, options)
    state.log = []
    return state


def make_deal(hands: Sequence[Cards], first_player: int = 0, **options: Any) -> GargonState:
    """A full table: the given hands, every other card of the deck in two piles of equal size.

    The piles hold the remaining cards in the deck's fixed order (pile 1 the first half), so
    the position is as complete as a real deal and draws never run out in a short scenario.
    """
    taken = [card for hand in hands for card in cards_of(hand)]
    rest = [card_text(c) for c in COMPONENTS.deck]
    for text in taken:
        rest.remove(text)
    half = len(rest) // 2
    return make_position(hands, (rest[:half], rest[half:]), first_player=first_player, **options)


def play_all(state: GargonState, *actions: str | Iterable[str]) -> GargonState:
    """Apply actions in notation through the validating entry point ("a; b" or separate args)."""
    for item in actions:
        texts = item.split(";") if isinstance(item, str) else list(item)
        for text in texts:
            if text.strip():
                state.apply_text(text.strip())
    return state


def snapshot(state: GargonState) -> dict[str, Any]:
    """Every field of the state (deep copies), the public log included (not the scores' cache,
    filled when they are first asked for)."""
    return {
        name: copy.deepcopy(getattr(state, name))
        for name in ("to_act", *GargonState.__slots__)
        if name != "final_scores"
    }


def observations(state: GargonState) -> list[dict[str, Any]]:
    """What every seat and a spectator see, as JSON."""
    return [state.observe(seat).to_json() for seat in [*range(state.n), None]]


def assert_refused(state: GargonState, action: str | int) -> str:
    """The action raises IllegalActionError and changes nothing; returns the English message."""
    before, seen = snapshot(state), observations(state)
    legal = state.legal_texts()
    code = GAME.parse_action(action) if isinstance(action, str) else action
    with pytest.raises(IllegalActionError) as caught:
        state.apply(code)
    assert snapshot(state) == before
    assert observations(state) == seen
    assert caught.value.legal == legal  # the error says what is allowed instead
    assert state.refusal(code) == str(caught.value)
    return str(caught.value)


def won_texts(state: GargonState, seat: int) -> list[str]:
    """A seat's won pile in canonical order (colours W B V R Y G, values descending)."""
    return [card_text(c * 16 + v) for c in range(6) for v in sorted(state.won[seat][c], reverse=True)]


def hand_texts(state: GargonState, seat: int) -> list[str]:
    return [card_text(c) for c in state.hand_cards(seat)]


def random_positions(seeds: Iterable[int], players: int = 4) -> Iterable[GargonState]:
    """Every position of random games (one per seed): a wide sample of reachable positions."""
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.new_state({"players": players}, seed=seed)
        while not state.is_terminal:
            yield state
            state = state.clone()
            state.apply_trusted(rng.choice(state.legal_actions()))
        yield state


@pytest.fixture
def position() -> PositionFn:
    return make_position


@pytest.fixture
def deal() -> PositionFn:
    return make_deal


@pytest.fixture
def play() -> PlayFn:
    return play_all


@pytest.fixture
def refused() -> RefusedFn:
    return assert_refused


@pytest.fixture
def won_of() -> Callable[[GargonState, int], list[str]]:
    return won_texts


@pytest.fixture
def hand_of() -> Callable[[GargonState, int], list[str]]:
    return hand_texts


@pytest.fixture
def state_snapshot() -> Callable[[GargonState], dict[str, Any]]:
    return snapshot


@pytest.fixture
def random_states() -> Callable[..., Iterable[GargonState]]:
    return random_positions
