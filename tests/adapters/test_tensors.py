"""Each game's tensor as the adapters give it (adapters/tensors.py): the shape it declares
(Drakon's planes hold a room where the docs say), finite bounds every value of random positions
lies within, and the sparse and normalised forms saying what the dense one says."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest

from ludotheque.adapters.gymnasium import LudothequeEnv
from ludotheque.adapters.table import Table
from ludotheque.adapters.tensors import Tensors, scatter
from ludotheque.games.drakon.geometry import REACH, xy


def random_positions(table: Table, seed: int, every: int) -> Iterator[Table]:
    """Every ``every``-th position of a random game at ``table`` (chance drawn by the table)."""
    rng = random.Random(seed)
    table.reset(seed)
    moves = 0
    while True:
        if moves % every == 0 or table.to_act is None:
            yield table
        if table.to_act is None:
            return
        legal = table.state.legal_actions()
        table.play_action(legal[rng.randrange(len(legal))])
        moves += 1


def test_drakon_planes_reshape_to_the_cells_of_the_table() -> None:
    """``planes[p, x + 24, y + 24]``: plane 0 a room, 1 + effect its room's effect, 19-22 its
    arrows N E S W (docs/rules/drakon.md; docs/research.md, "Shapes, bounds and sparse observations")."""
    table = Table("drakon", {"players": 3})
    assert table.tensors.shape == {"planes": (37, 49, 49), "scalars": (224,)}
    for state in random_positions(table, 5, 1):
        if len(state.state.observe(0).rooms) >= 4:
            break
    observation = table.state.observe(0)
    planes = table.tensor(0)[:37 * 49 * 49].reshape(37, 49, 49)
    for cell, room in observation.rooms:
        x, y = xy(cell)
        row, col = x + REACH, y + REACH
        assert planes[0, row, col] == 1.0
        assert planes[1 + (room >> 4), row, col] == 1.0
        arrows = [side for side in range(4) if planes[19 + side, row, col]]
        assert arrows == [side for side in range(4) if room >> side & 1]
    assert planes[0].sum() == len(observation.rooms) >= 4
    assert planes[0, REACH, REACH] == 1.0  # Start, at (0, 0)


def test_every_value_lies_within_the_declared_bounds(game_players: tuple[str, int]) -> None:
    game_id, players = game_players
    table = Table(game_id, {"players": players}, information_state=True)
    tensors = table.tensors
    assert np.isfinite(tensors.low).all() and np.isfinite(tensors.high).all()
    assert (tensors.low <= 0).all() and (tensors.low < tensors.high).all()
    assert sum(int(np.prod(part)) for part in tensors.shape.values()) == tensors.size
    row = np.empty(tensors.size, dtype=np.float32)
    seen_high = np.zeros(tensors.size, dtype=np.float32)
    for seed in range(2):
        for position in random_positions(table, seed, 7):
            for seat in range(players):
                tensors.write(row, position.encoding, position.state, seat)
                outside = np.flatnonzero((row < tensors.low) | (row > tensors.high))
                assert not outside.size, f"features {outside[:5]} = {row[outside[:5]]}"
                assert np.count_nonzero(row) <= tensors.max_nonzero  # the sparse form's K
                np.maximum(seen_high, row, out=seen_high)
    # the bounds are not loose by orders of magnitude where a count was seen at all
    assert (seen_high > 0).sum() > 10


def test_the_sparse_form_scattered_is_the_dense_one(game_id: str) -> None:
    table = Table(game_id, {}, information_state=True)
    sparse = Tensors(table.encoding, table.options, True, "sparse")
    normalised = Tensors(table.encoding, table.options, True, "normalised")
    for position in random_positions(table, 3, 11):
        for seat in range(table.players):
            dense = position.tensor(seat)
            entries = sparse.of(position.encoding, position.state, seat)
            assert entries["indices"].shape == entries["values"].shape == (sparse.max_nonzero,)
            assert np.array_equal(scatter(entries["indices"], entries["values"], sparse.size), dense)
            scaled = normalised.of(position.encoding, position.state, seat)
            assert np.allclose(scaled, normalised.normaliser(dense))
            assert 0.0 <= scaled.min() and scaled.max() <= 1.0
            values = normalised.normaliser.sparse(entries["indices"], entries["values"])
            assert np.allclose(scatter(entries["indices"], values, sparse.size), scaled)


def test_drakon_sparse_is_a_few_hundred_entries_not_89061() -> None:
    e = LudothequeEnv("drakon", observation_format="sparse")
    observation, _ = e.reset(seed=2)
    assert e.observation_space.contains(observation)
    assert observation["indices"].shape == (e.table.tensors.max_nonzero,)
    assert e.table.tensors.max_nonzero < 1_000 < e.table.tensors.size


def test_an_unknown_format_is_refused() -> None:
    with pytest.raises(ValueError, match="observation_format"):
        LudothequeEnv("kagoun", observation_format="coo")


# PettingZoo's api_test notes a Dict observation space (the observation and its action mask), as
# its own classic games have (exempt there by name)
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array",
                            "ignore:Observation space for each agent probably should be")
@pytest.mark.parametrize("observation_format", ["sparse", "normalised"])
def test_each_format_passes_gymnasium_and_pettingzoo_checks(observation_format: str) -> None:
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test

    from ludotheque.adapters.pettingzoo import env

    check_env(LudothequeEnv("kagoun", players=2, observation_format=observation_format),
              skip_render_check=True)
    api_test(env("gargon", players=3, observation_format=observation_format), num_cycles=20)
