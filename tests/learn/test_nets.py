"""The networks in PyTorch (learn/nets.py): the numpy twin that plays them (bots/network.py)
computes the same, their files round-trip, and each game's fits its size limit."""

from __future__ import annotations

import importlib
import random
import sys
from pathlib import Path

import numpy as np
import pytest

from ludotheque.core.errors import LudothequeError
from ludotheque.core.game import CHANCE, sample_chance
from ludotheque.core.registry import get_game
from ludotheque.core.tensors import information_state

torch = pytest.importorskip("torch")
nets = importlib.import_module("ludotheque.learn.nets")
from ludotheque.bots.network import Network, Sparse  # noqa: E402

LINE_UPS = {"gargon": 4, "drakon": 3, "kagoun": 2}
POSITIONS = 1000


def information_states(game_id: str, count: int, seed: int) -> list[Sparse]:
    """The mover's information state at ``count`` positions of random games."""
    game = get_game(game_id)
    encoding = game.encoding()
    options = game.resolve_options({"players": LINE_UPS[game_id]})
    rng = random.Random(seed)
    found: list[Sparse] = []
    while len(found) < count:
        state = game.new_state(options, rng.randrange(1 << 30))
        while state.to_act is not None and len(found) < count:
            if state.to_act == CHANCE:
                state.apply_trusted(sample_chance(state, rng))
                continue
            if rng.random() < 0.3:
                found.append(information_state(encoding, options, state, state.to_act))
            state.apply_trusted(state.sample_action(rng))
    return found


def exported(game_id: str, path: Path, seed: int = 0) -> tuple[object, Network]:
    """An untrained network of the game as it declares it, exported and read back by numpy."""
    game = get_game(game_id)
    options = game.resolve_options({"players": LINE_UPS[game_id]})
    torch.manual_seed(seed)
    net = nets.build(game, options)
    nets.export(net, path, nets.meta_for(game, options, {"games": 0}))
    return net, Network.load(path, game, options)


@pytest.mark.parametrize("game_id", sorted(LINE_UPS))
def test_numpy_computes_what_torch_computes(game_id: str, tmp_path: Path) -> None:
    net, network = exported(game_id, tmp_path / "net.npz")
    inputs = information_states(game_id, POSITIONS // len(LINE_UPS) + 1, seed=len(game_id))
    policy, value = network.forward(inputs)
    with torch.no_grad():
        torch_policy, torch_value = net(nets.features_batch(inputs))
    assert policy.shape == (len(inputs), network.action_size)
    assert value.shape == (len(inputs), network.players)
    assert np.abs(torch_policy.numpy() - policy).max() < 1e-5
    assert np.abs(torch_value.numpy() - value).max() < 1e-5
    assert np.abs(policy).max() > 0.1  # the outputs are not all nothing: the comparison can fail


def test_the_planes_weigh_a_plane_row_times_a_cell_row(tmp_path: Path) -> None:
    net, network = exported("drakon", tmp_path / "net.npz")
    start, planes, cells = network.planes
    assert (planes, cells) == (37, 49 * 49) and network.rows.shape[0] == network.input_size - planes * cells
    entry = start + 5 * cells + 1234  # plane 5, cell 1234
    row = network.first_rows(np.array([entry]))[0]
    assert np.allclose(row, network.plane_rows[5] * network.cell_rows[1234])
    after = start + planes * cells + 7  # the 8th scalar
    assert np.array_equal(network.first_rows(np.array([after]))[0], network.rows[start + 7])


def test_an_exported_network_reads_back_into_torch_the_same(tmp_path: Path) -> None:
    net, _ = exported("kagoun", tmp_path / "net.npz")
    again, meta = nets.load(tmp_path / "net.npz")
    assert meta["game"] == "kagoun" and meta["trained"] == {"games": 0} and meta["hidden"] == [256, 192]
    features = nets.features_batch(information_states("kagoun", 20, seed=1) + [([], [])])
    with torch.no_grad():
        for ours, theirs in zip(net(features), again(features), strict=True):
            assert torch.equal(ours, theirs)


@pytest.mark.parametrize("game_id", sorted(LINE_UPS))
def test_each_games_network_file_is_at_most_10_mb(game_id: str, tmp_path: Path) -> None:
    game = get_game(game_id)
    options = game.resolve_options({"players": game.spec.max_players})
    nets.export(nets.build(game, options), tmp_path / "net.npz", nets.meta_for(game, options))
    assert (tmp_path / "net.npz").stat().st_size <= 10_000_000


def test_without_torch_learning_says_which_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)  # import torch then fails
    monkeypatch.delitem(sys.modules, "ludotheque.learn.nets")
    with pytest.raises(LudothequeError, match=r"pip install 'ludotheque\[learn\]'"):
        importlib.import_module("ludotheque.learn.nets")
