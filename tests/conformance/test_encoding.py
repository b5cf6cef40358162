"""The tensors every game declaring an ``encoding`` (``Game.encoding``) gives learners, checked
over random playouts through the protocol only: declared sizes, no leak of what a seat does not
see, and a dense action index one-to-one over the legal actions."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from ludotheque.core import CHANCE, Game
from ludotheque.core.tensors import action_indices

from .test_conformance import Case, positions


def nonzero_entries(tensor: Sequence[float]) -> dict[int, float]:
    """``{index: value}`` of the tensor's non-zero entries (found by numpy: a Drakon tensor has
    91,461 entries, a few hundred of them non-zero)."""
    dense = np.asarray(tensor, dtype=np.float64)
    at = np.flatnonzero(dense)
    return dict(zip(at.tolist(), dense[at].tolist(), strict=True))


def _encoding(game: Game) -> Any:
    encoding = game.encoding()
    if encoding is None:
        pytest.skip(f"{game.id} declares no encoding")
    return encoding


def test_tensors_have_the_declared_size(case: Case) -> None:
    game, options, _ = case
    encoding = _encoding(game)
    size = encoding.observation_size(game.resolve_options(options))
    assert size > 0
    for index, state in enumerate(positions(case)):
        if index % 5 and not state.is_terminal:
            continue
        for seat in range(state.players):
            tensor = encoding.encode(state.observe(seat))
            assert len(tensor) == size
            assert set(map(type, tensor)) == {float} and math.isfinite(sum(tensor))  # no inf, no nan
            if hasattr(encoding, "encode_nonzero"):  # the sparse form says the same
                nonzero = encoding.encode_nonzero(state.observe(seat))
                assert nonzero == nonzero_entries(tensor)  # no zero listed (a sparse learner reads them)
            if hasattr(encoding, "encode_memory_nonzero"):  # the memory's sparse form too
                memory = encoding.encode_memory(state, seat)
                listed = encoding.encode_memory_nonzero(state, seat)
                assert {k: v for k, v in listed.items() if v} == nonzero_entries(memory)


def test_a_tensor_does_not_change_when_only_others_hidden_things_change(case: Case) -> None:
    """Positions a seat cannot tell apart (``resample``: every hidden thing of the others drawn
    again) give that seat the same tensor; and somewhere in a game of hidden information the
    others' tensors do change across them (so what is redrawn is really hidden from the seat)."""
    game, _, _ = case
    encoding = _encoding(game)
    rng = random.Random(11)
    others_changed = False
    for index, state in enumerate(positions(case)):
        if index % 4 or state.is_terminal:
            continue
        for seat in range(state.players):
            mine = encoding.encode(state.observe(seat))
            for _ in range(3):
                twin = state.resample(seat, rng)
                assert encoding.encode(twin.observe(seat)) == mine, f"seat {seat} sees a change"
                others_changed = others_changed or any(
                    encoding.encode(twin.observe(o)) != encoding.encode(state.observe(o))
                    for o in range(state.players) if o != seat)
    if game.spec.hidden_information:
        assert others_changed, "resampling never changed another seat's tensor"


def _info_state(encoding: Any, state: Any, seat: int) -> tuple[Any, list[float]]:
    """The information-state tensor: the observation's (its non-zero entries when the encoding
    offers them, which the size test checks against the whole), then what the seat remembers."""
    observation = state.observe(seat)
    seen = encoding.encode_nonzero(observation) if hasattr(encoding, "encode_nonzero") \
        else encoding.encode(observation)
    memory = encoding.encode_memory(state, seat) if hasattr(encoding, "encode_memory") else []
    return seen, list(memory)


def test_an_information_state_does_not_change_when_only_others_hidden_things_change(case: Case) -> None:
    """The information-state tensor (observation, then memory: ``encode_memory``) has its declared
    size, is the same in positions the seat cannot tell apart even from what it saw earlier
    (``resample(remember=True)``), while the others' change somewhere."""
    game, options, _ = case
    encoding = _encoding(game)
    resolved = game.resolve_options(options)
    size = encoding.memory_size(resolved) if hasattr(encoding, "memory_size") else 0
    rng = random.Random(12)
    others_changed = False
    for index, state in enumerate(positions(case)):
        if index % 4 or state.is_terminal:
            continue
        known = [_info_state(encoding, state, seat) for seat in range(state.players)]
        for seat, mine in enumerate(known):
            assert len(mine[1]) == size and set(map(type, mine[1])) <= {float}
            for _ in range(2):
                twin = state.resample(seat, rng, remember=True)
                assert _info_state(encoding, twin, seat) == mine, f"seat {seat}'s information state changed"
                others_changed = others_changed or any(
                    _info_state(encoding, twin, o) != known[o] for o in range(state.players) if o != seat)
    if game.spec.hidden_information:
        assert others_changed, "resampling never changed another seat's information state"


def test_the_memory_tells_apart_what_the_observation_does_not(game: Game) -> None:
    """Somewhere in a few random games, a position drawn again *without* the seat's memory
    (``resample(remember=False)``) looks the same to the seat's observation but not to its
    memory: the information state holds what the seat was shown and no longer sees."""
    encoding = _encoding(game)
    if not hasattr(encoding, "encode_memory"):
        pytest.skip(f"{game.id} declares no memory")
    rng = random.Random(13)
    for seed in range(6):
        for index, state in enumerate(positions((game, {}, seed))):
            if index % 3 or state.is_terminal:
                continue
            for seat in range(state.players):
                mine = _info_state(encoding, state, seat)
                if any(mine[1]):
                    twin = _info_state(encoding, state.resample(seat, rng), seat)
                    if twin[0] == mine[0] and twin[1] != mine[1]:
                        return
    pytest.fail("the memory never held anything the observation did not show")


def test_the_dense_index_is_one_to_one_over_the_legal_actions(case: Case) -> None:
    game, options, _ = case
    encoding = _encoding(game)
    size = encoding.action_size(game.resolve_options(options))
    checked = 0
    for state in positions(case):
        if state.is_terminal or state.to_act == CHANCE:
            continue
        observation = state.observe(state.to_act)
        legal = state.legal_actions()
        dense = [encoding.action_index(observation, action) for action in legal]
        assert all(isinstance(i, int) and 0 <= i < size for i in dense)
        assert len(set(dense)) == len(legal), "two legal actions share a dense index"
        assert action_indices(encoding, observation, legal) == dense  # (in one call, if declared)
        checked += 1
    assert checked
