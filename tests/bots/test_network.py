"""The network evaluated with numpy (bots/network.py): its file checked at load, the evaluator
blind to what the mover cannot know, and its answers shaped as the search needs."""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ludotheque.bots.network import Network, NetworkError, NetworkEvaluator, cached
from ludotheque.core.game import CHANCE, State, sample_chance
from ludotheque.core.registry import get_game
from ludotheque.core.tensors import nonzero

from .conftest import WriteNetwork

LINE_UPS = {"gargon": 3, "drakon": 2, "kagoun": 2}


def decisions(game_id: str, seed: int, count: int) -> list[State]:
    """``count`` positions of random games where a seat is to act."""
    game = get_game(game_id)
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = game.new_state({"players": LINE_UPS[game_id]}, rng.randrange(1 << 30))
        while state.to_act is not None and len(found) < count:
            if state.to_act == CHANCE:
                state.apply_trusted(sample_chance(state, rng))
                continue
            if rng.random() < 0.2:
                found.append(state.clone())
            state.apply_trusted(state.sample_action(rng))
    return found


def evaluator(game_id: str, network_file: WriteNetwork) -> NetworkEvaluator:
    game = get_game(game_id)
    options = game.resolve_options({"players": LINE_UPS[game_id]})
    return NetworkEvaluator(Network.load(network_file(game, options), game, options), game, options)


@pytest.mark.parametrize("game_id", sorted(LINE_UPS))
def test_the_evaluator_reads_only_what_the_mover_sees_and_remembers(
        game_id: str, network_file: WriteNetwork) -> None:
    evaluate = evaluator(game_id, network_file)
    rng = random.Random(3)
    changed = 0
    for state in decisions(game_id, 11, 12):
        mover = state.to_act
        assert mover is not None
        redrawn = [state.resample(mover, rng, remember=True) for _ in range(3)]
        answers = []
        for leaf in [state.clone(), *redrawn]:
            evaluate.known.clear()  # each leaf read afresh, not answered as the first
            answers += evaluate.evaluate([leaf], rng)
        (prior, values), *others = answers
        assert prior is not None and set(prior) == set(state.legal_actions())
        assert sum(prior.values()) == pytest.approx(1.0) and sum(values) == pytest.approx(1.0)
        for other_prior, other_values in others:
            assert other_prior is not None and set(other_prior) == set(prior)
            assert [other_prior[a] for a in prior] == pytest.approx(list(prior.values()), abs=1e-6)
            assert other_values == pytest.approx(values, abs=1e-6)
        other = (mover + 1) % state.players
        seen_by_other = nonzero(evaluate.encoding, state.observe(other))
        changed += sum(nonzero(evaluate.encoding, drawn.observe(other)) != seen_by_other for drawn in redrawn)
    assert changed  # what the mover cannot see was drawn again: the test can fail


def test_an_information_state_is_asked_of_the_network_once(
        network_file: WriteNetwork, monkeypatch: pytest.MonkeyPatch) -> None:
    evaluate = evaluator("gargon", network_file)
    asked: list[int] = []
    forward = Network.forward

    def counted(network: Network, inputs: Any) -> Any:
        asked.append(len(inputs))
        return forward(network, inputs)
    monkeypatch.setattr(Network, "forward", counted)
    state, other = decisions("gargon", 5, 2)
    rng = random.Random(1)
    mover = state.to_act or 0
    first, again, _ = evaluate.evaluate([state.clone(), state.resample(mover, rng, remember=True),
                                         other.clone()], rng)
    assert asked == [2] and first == again and first[0] is not again[0]
    assert first[0] is not None
    first[0].clear()  # the search may change what it is given (the root's noise)
    (prior, values), = evaluate.evaluate([state.clone()], rng)
    assert asked == [2] and prior == again[0] and values == again[1]


def test_values_are_turned_from_the_movers_order_to_the_seats(network_file: WriteNetwork) -> None:
    evaluate = evaluator("gargon", network_file)
    turned = evaluate.absolute(np.array([0.5, 0.3, 0.2], dtype=np.float32), 2)
    assert turned == pytest.approx([0.3, 0.2, 0.5])  # entry r is seat (mover + r) % players


def test_a_finished_leaf_is_scored_and_a_chance_leaf_played_on(network_file: WriteNetwork) -> None:
    evaluate = evaluator("kagoun", network_file)
    rng = random.Random(5)
    game = get_game("kagoun")
    state = game.new_state({"players": 2}, 4)
    while state.to_act is not None:
        state.apply_trusted(sample_chance(state, rng) if state.to_act == CHANCE else state.sample_action(rng))
    chance = game.new_state({"players": 2}, 4)
    while chance.to_act != CHANCE:  # Kagoun draws between rounds
        chance.apply_trusted(chance.sample_action(rng))
    (over_prior, over_values), (prior, values) = evaluate.evaluate([state, chance], rng)
    assert over_prior is None and over_values == [1.0 / len(state.winners()) if seat in state.winners()
                                                  else 0.0 for seat in range(2)]
    assert chance.to_act not in (CHANCE, None)  # played on to its next seat's decision
    assert prior is not None and set(prior) == set(chance.legal_actions())


def test_load_refuses_what_is_not_a_network_of_that_game(tmp_path: Path, network_file: WriteNetwork) -> None:
    kagoun, gargon = get_game("kagoun"), get_game("gargon")
    options = kagoun.resolve_options({"players": 2})
    with pytest.raises(NetworkError, match="no network file"):
        Network.load(tmp_path / "missing.npz")
    (tmp_path / "junk.npz").write_bytes(b"not a zip at all")
    with pytest.raises(NetworkError, match="not a network file"):
        Network.load(tmp_path / "junk.npz")
    good = network_file(kagoun, options)
    truncated = tmp_path / "truncated.npz"
    truncated.write_bytes(good.read_bytes()[:2000])
    with pytest.raises(NetworkError, match="truncated.npz"):
        Network.load(truncated)
    with zipfile.ZipFile(tmp_path / "no-meta.npz", "w") as archive:
        archive.writestr("input.rows.npy", b"")
    with pytest.raises(NetworkError, match="meta"):
        Network.load(tmp_path / "no-meta.npz")
    np.savez(tmp_path / "pickled.npz", meta=np.array([{"game": "kagoun"}], dtype=object))
    with pytest.raises(NetworkError, match="pickled.npz"):
        Network.load(tmp_path / "pickled.npz")
    shapes_lie = network_file(kagoun, options, name="lie.npz", action_size=12)
    lying = tmp_path / "lying.npz"
    with np.load(good) as stored:
        arrays = {name: stored[name] for name in stored.files}
    arrays["policy.bias"] = arrays["policy.bias"][:-1]
    np.savez(lying, **arrays)
    said = r"policy.bias is float32 \(5364,\), its meta says float32 \(5365,\)"
    with pytest.raises(NetworkError, match=said):
        Network.load(lying)
    with pytest.raises(NetworkError, match="a network of kagoun, not of gargon"):
        Network.load(good, gargon)
    with pytest.raises(NetworkError, match="for 2 players, not 3"):
        Network.load(good, kagoun, kagoun.resolve_options({"players": 3}))
    with pytest.raises(NetworkError, match="inputs and actions"):
        Network.load(shapes_lie, kagoun, options)
    assert Network.load(good, kagoun, options).action_size == 5365
    with pytest.raises(NetworkError, match="format 99"):
        Network.load(network_file(kagoun, options, name="future.npz", format=99))


def test_a_network_file_is_read_once_and_an_evaluator_pickles_without_its_weights(
        network_file: WriteNetwork) -> None:
    game = get_game("gargon")
    options = game.resolve_options({"players": 3})
    path = network_file(game, options, hidden=(64, 64))
    network = cached(path)
    assert cached(path) is network
    evaluate = NetworkEvaluator(network, game, options)
    pickled = pickle.dumps(evaluate)
    assert len(pickled) < 2_000 < network.rows.nbytes
    assert pickle.loads(pickled).network is network


@pytest.mark.parametrize(("chosen", "numpy_first", "kept"), [(None, False, "1"), ("3", False, "3"),
                                                            (None, True, None)])
def test_numpys_blas_keeps_to_one_thread_unless_the_user_chose_or_numpy_came_first(
        chosen: str | None, numpy_first: bool, kept: str | None) -> None:
    """A network's forward pass for one move is a small product: BLAS threads only wait for each
    other (ludotheque/__init__.py)."""
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if chosen is not None:
        env["OPENBLAS_NUM_THREADS"] = chosen
    first = "import numpy; " if numpy_first else ""
    code = f"{first}import ludotheque, numpy, os; print(os.environ.get('OPENBLAS_NUM_THREADS'))"
    said = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          check=True).stdout.strip()
    assert said == str(kept)
