"""The Gymnasium adapter (one seat learns, project bots play the others) passes Gymnasium's own
environment checker on every game and player count, and ends with the game's outcome."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from ludotheque.adapters.gymnasium import LudothequeEnv  # noqa: E402
from ludotheque.bots.registry import UnknownBotError  # noqa: E402


def test_check_env_passes(game_players: tuple[str, int]) -> None:
    game_id, players = game_players
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # unbounded Box: counts and turns have no fixed top
        check_env(LudothequeEnv(game_id, seat=players - 1, opponents="heuristic", players=players,
                                render_mode="ansi"))


def test_the_learner_gets_the_outcome_at_the_end(game_id: str) -> None:
    e = LudothequeEnv(game_id, seat=1, opponents="random")
    observation, info = e.reset(seed=4)
    total, steps = 0.0, 0
    while True:
        assert observation.shape == e.observation_space.shape and info["action_mask"].any()
        observation, reward, terminated, truncated, info = e.step(e.action_space.sample(info["action_mask"]))
        total, steps = total + reward, steps + 1
        if terminated:
            break
    scores = info["scores"]
    best = max(scores)
    expected = 0.0 if min(scores) == best else 1.0 if scores[1] == best else -1.0
    assert total == expected and steps > 0


def test_an_action_outside_the_mask_forfeits(game_id: str) -> None:
    e = LudothequeEnv(game_id)
    _, info = e.reset(seed=0)
    illegal = int((info["action_mask"] == 0).nonzero()[0][0])
    _, reward, terminated, _, info = e.step(illegal)
    assert terminated and reward == -1.0 and info["illegal"] == illegal
    with pytest.raises(RuntimeError):
        e.step(illegal)


def test_an_unknown_bot_is_refused(game_id: str) -> None:
    with pytest.raises(UnknownBotError, match="no bot"):
        LudothequeEnv(game_id, opponents="nobody")


def test_a_game_without_a_round_cap_is_cut_by_time_limit() -> None:
    """Kagoun's ``max_rounds=0`` has no length bound (docs/rules/kagoun.md): Gymnasium's own
    TimeLimit cuts it when a learner asks, as a truncation."""
    from gymnasium.wrappers import TimeLimit

    e = TimeLimit(LudothequeEnv("kagoun", players=2, max_rounds=0), max_episode_steps=3)
    _, info = e.reset(seed=1)
    e.action_space.seed(1)
    for _ in range(3):
        _, reward, terminated, truncated, info = e.step(e.action_space.sample(info["action_mask"]))
        if terminated:
            break
    assert truncated and not terminated and reward == 0.0


def test_check_env_passes_observing_the_information_state(game_id: str) -> None:
    e = LudothequeEnv(game_id, information_state=True)
    assert e.observation_space.shape[0] > e.table.observation_size
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(e)
