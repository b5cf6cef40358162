"""A random game played to its end, its actions counted as a whole and per turn or round (what
the games' length bounds are checked against)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ludotheque.core.game import CHANCE, State, sample_chance


def count_actions(state: State, rng: random.Random,
                  period: Callable[[Any], int]) -> tuple[int, dict[int, int]]:
    """Play ``state`` out at random; its actions, and how many fell in each ``period(state)``."""
    actions = 0
    per: dict[int, int] = {}
    while not state.is_terminal:
        at = period(state)
        state.apply(sample_chance(state, rng) if state.to_act == CHANCE else state.sample_action(rng))
        actions += 1
        per[at] = per.get(at, 0) + 1
    return actions, per
