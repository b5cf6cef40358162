"""``ludotheque.adapters.vector``: N games stepped together give exactly what N single
``LudothequeEnv`` give with the same seeds and actions, reset at once where a game ends."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from ludotheque.adapters.gymnasium import LudothequeEnv
from ludotheque.adapters.tensors import scatter
from ludotheque.adapters.vector import VectorEnv


def choose(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly drawn legal index per row."""
    return np.array([rng.choice(np.flatnonzero(mask)) for mask in masks])


def same(batch: Any, k: int, single: Any) -> bool:
    """Row k of the stacked observations (dense, sparse: two arrays, or the final observations:
    one object each) is ``single``."""
    row = {part: batch[part][k] for part in ("indices", "values")} if isinstance(batch, dict) else batch[k]
    if isinstance(single, dict):
        return all(np.array_equal(row[part], single[part]) for part in ("indices", "values"))
    return np.array_equal(row, single)


@pytest.mark.parametrize(("game", "players", "seat", "opponents", "steps", "form"), [
    ("kagoun", 2, 0, "random", 120, {}), ("gargon", 3, 1, "heuristic", 30, {}),
    ("drakon", 2, 1, "random", 40, {}),
    ("gargon", 3, 0, "random", 40, {"observation_format": "normalised"}),
    ("kagoun", 3, 1, "random", 80, {"observation_format": "sparse", "information_state": True}),
    ("drakon", 2, 0, "random", 20, {"information_state": True})])
def test_stacked_results_equal_single_envs_with_the_same_seeds(
        game: str, players: int, seat: int, opponents: str, steps: int, form: dict[str, Any]) -> None:
    """Every observation format, with and without the memory (information_state)."""
    n = 3
    envs = VectorEnv(game, n, seat=seat, opponents=opponents, players=players, **form)
    singles = [LudothequeEnv(game, seat=seat, opponents=opponents, players=players, **form)
               for _ in range(n)]
    observations, infos = envs.reset(seed=10)
    expected = [single.reset(seed=10 + k) for k, single in enumerate(singles)]
    assert all(same(observations, k, o) for k, (o, _) in enumerate(expected))
    assert np.array_equal(infos["action_mask"], np.stack([i["action_mask"] for _, i in expected]))
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(steps):
        actions = choose(infos["action_mask"], rng)
        observations, rewards, terminations, truncations, infos = envs.step(actions)
        assert not truncations.any()
        for k, single in enumerate(singles):
            observation, reward, terminated, _, info = single.step(actions[k])
            assert reward == rewards[k] and terminated == terminations[k]
            if terminated:  # the vector env dealt the next game at once: the single one now
                ended += 1
                assert same(infos["final_observation"], k, observation)
                assert infos["final_scores"][k] == info["scores"]
                observation, info = single.reset()
            assert same(observations, k, observation)
            assert np.array_equal(infos["action_mask"][k], info["action_mask"])
        assert infos["action_mask"].any(axis=1).all()  # never an all-zero mask
    if game == "kagoun":
        assert ended  # auto-reset was exercised


def test_the_sparse_form_scatters_to_the_dense_rows() -> None:
    dense = VectorEnv("drakon", 2, players=3)
    sparse = VectorEnv("drakon", 2, players=3, observation_format="sparse")
    rows, infos = dense.reset(seed=4)
    entries, _ = sparse.reset(seed=4)
    rng = np.random.default_rng(1)
    for _ in range(5):
        for k in range(2):
            assert np.array_equal(scatter(entries["indices"][k], entries["values"][k], dense.tensors.size),
                                  rows[k])
        actions = choose(infos["action_mask"], rng)
        rows, *_, infos = dense.step(actions)
        entries, *_ = sparse.step(actions)
    assert entries["indices"].shape == (2, sparse.tensors.max_nonzero)


def test_every_seat_is_the_learners_in_self_play() -> None:
    envs = VectorEnv("kagoun", 2, seat=None, players=3)
    _, infos = envs.reset(seed=1)
    rng = np.random.default_rng(2)
    seats, finals = set(), 0
    for _ in range(300):
        seats.update(infos["to_act"].tolist())
        _, rewards, terminations, _, infos = envs.step(choose(infos["action_mask"], rng))
        assert rewards.shape == (2, 3)
        for k in np.flatnonzero(terminations):
            finals += 1
            assert sorted(rewards[k]) in ([-1.0, -1.0, 1.0], [0.0, 0.0, 0.0])
    assert seats == {0, 1, 2} and finals


def test_an_action_outside_the_mask_forfeits_and_deals_again() -> None:
    envs = VectorEnv("gargon", 2, players=3)
    _, infos = envs.reset(seed=0)
    illegal = int(np.flatnonzero(infos["action_mask"][0] == 0)[0])
    legal = int(np.flatnonzero(infos["action_mask"][1])[0])
    _, rewards, terminations, _, infos = envs.step([illegal, legal])
    assert terminations.tolist() == [True, False] and rewards[0] == -1.0
    assert infos["illegal"].tolist() == [0] and infos["action_mask"][0].any()
