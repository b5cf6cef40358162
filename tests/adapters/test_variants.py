"""The encodings hold under the games' variants too (the conformance suite plays the default
options): a whole game of each through the PettingZoo adapter, which refuses an encoding that
gives two legal actions one index, and checks sizes and masks at every step."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

from ludotheque.adapters.pettingzoo import env  # noqa: E402
from ludotheque.core import get_game  # noqa: E402

VARIANTS = [
    ("drakon", {"players": 3, "heroes": True}),
    ("drakon", {"players": 4, "teams": True, "heroes": True}),
    ("drakon", {"players": 2, "couple": True}),
    ("drakon", {"players": 3, "escape": True, "map_room": "random", "fixed_value": True}),
    ("gargon", {"players": 3, "variant": "open"}),
    ("kagoun", {"players": 4, "capture_ties": "first", "reconsolidation": "ends"}),
]


@pytest.mark.parametrize(("variant_game", "options"), VARIANTS,
                         ids=[f"{g}-{'-'.join(o)}" for g, o in VARIANTS])
def test_a_variant_plays_through_its_encoding(variant_game: str, options: dict[str, object]) -> None:
    e = env(variant_game, **options)
    sizes = get_game(variant_game).encoding()
    e.reset(seed=11)
    steps = 0
    for agent in e.agent_iter():
        observation, _, termination, truncation, _ = e.last()
        assert observation["observation"].shape == (sizes.observation_size(options),)
        if termination or truncation:
            e.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.sum() == len(e.unwrapped.table.state.legal_actions())
        e.step(e.action_space(agent).sample(mask))
        steps += 1
    assert steps > 0
