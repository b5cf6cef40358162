"""The PettingZoo AEC adapter passes PettingZoo's own tests on every game and player count, and
gives the game's results as rewards. ``max_cycles_test`` itself needs a parallel env and draws
actions without their mask: it does not apply to these turn-based games (whose turns are not
round-robin); its assertions on the AEC env are checked here with legal actions."""

from __future__ import annotations

import functools
import warnings

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from ludotheque.adapters.pettingzoo import env  # noqa: E402


def play_out(e: object, seed: int) -> tuple[int, dict[str, float], dict[str, object]]:
    """A whole game of uniformly drawn legal actions: steps, total rewards, last infos."""
    e.reset(seed=seed)  # type: ignore[attr-defined]
    totals: dict[str, float] = {}
    infos: dict[str, object] = {}
    steps = 0
    for agent in e.agent_iter():  # type: ignore[attr-defined]
        observation, reward, termination, truncation, info = e.last()  # type: ignore[attr-defined]
        totals[agent] = totals.get(agent, 0.0) + reward
        if termination or truncation:
            infos[agent] = info
            action = None
        else:
            action = e.action_space(agent).sample(observation["action_mask"])  # type: ignore[attr-defined]
            steps += 1
        e.step(action)  # type: ignore[attr-defined]
    return steps, totals, infos


def test_api_and_seed_tests_pass(game_players: tuple[str, int]) -> None:
    game_id, players = game_players
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a Dict observation space, as PettingZoo's classic games
        api_test(env(game_id, players=players, render_mode="ansi"), num_cycles=1000)
        seed_test(functools.partial(env, game_id, players=players), num_cycles=200)


def test_rewards_are_the_outcome_at_the_end(game_id: str) -> None:
    e = env(game_id)
    steps, totals, infos = play_out(e, seed=5)
    assert steps > 0 and set(totals) == set(e.possible_agents)
    scores = next(iter(infos.values()))["scores"]  # type: ignore[index]
    best = max(scores)
    expected = [0.0] * len(scores) if min(scores) == best else [1.0 if s == best else -1.0 for s in scores]
    assert [totals[a] for a in e.possible_agents] == expected


def test_raw_scores_as_rewards(game_id: str) -> None:
    e = env(game_id, rewards="scores")
    _, totals, infos = play_out(e, seed=6)
    scores = next(iter(infos.values()))["scores"]  # type: ignore[index]
    assert [totals[a] for a in e.possible_agents] == scores


def test_an_illegal_action_is_refused(game_id: str) -> None:
    e = env(game_id)
    e.reset(seed=1)
    mask = e.last()[0]["action_mask"]
    illegal = int((mask == 0).nonzero()[0][0])
    with pytest.raises(ValueError, match="not legal"):
        e.step(illegal)


def test_render_speaks_the_games_words(game_id: str) -> None:
    e = env(game_id, render_mode="ansi", lang="fr")
    e.reset(seed=2)
    text = e.render()
    assert isinstance(text, str) and text
    assert "Joueur" in text or "joueur" in text


def test_max_cycles_cuts_the_game_as_max_cycles_test_expects(game_players: tuple[str, int]) -> None:
    """``max_cycles_test``'s AEC half: the busiest agent is met max_cycles + 1 times (its moves,
    then its truncation); every agent ends truncated, unrewarded."""
    game_id, players = game_players
    e = env(game_id, players=players, max_cycles=4)
    e.reset(seed=1)
    for number, agent in enumerate(e.possible_agents):
        e.action_space(agent).seed(number)  # a game long enough for four moves each
    met = dict.fromkeys(e.possible_agents, 0)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        met[agent] += 1
        observation, reward, termination, truncation, _ = e.last()
        totals[agent] += reward
        assert not termination
        e.step(None if truncation else e.action_space(agent).sample(observation["action_mask"]))
    assert max(met.values()) - 1 == 4
    assert all(e.unwrapped.truncations.values()) and set(totals.values()) == {0.0}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(game_id, players=players, max_cycles=2), num_cycles=100)


def test_a_game_shorter_than_max_cycles_ends_as_usual(game_id: str) -> None:
    e = env(game_id, max_cycles=100_000)
    steps, totals, infos = play_out(e, seed=5)
    assert steps > 0 and not any(e.unwrapped.truncations.values()) and "scores" in next(iter(infos.values()))


def test_a_bad_max_cycles_is_refused() -> None:
    with pytest.raises(ValueError, match="max_cycles"):
        env("kagoun", max_cycles=0)


def test_the_information_state_can_be_observed(game_id: str) -> None:
    """``information_state=True``: the observation's tensor, then what the seat remembers."""
    e, plain = env(game_id, information_state=True), env(game_id)
    sizes = e.unwrapped.table
    assert sizes.tensor_size > sizes.observation_size
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(e, num_cycles=100)
    e.reset(seed=4)
    plain.reset(seed=4)
    for _ in range(20):
        agent = e.agent_selection
        observation, plain_observation = e.observe(agent), plain.observe(agent)
        assert observation["observation"].shape == (sizes.tensor_size,)
        assert (observation["observation"][:sizes.observation_size] == plain_observation["observation"]).all()
        if e.terminations[agent]:
            break
        action = int(observation["action_mask"].nonzero()[0][0])
        e.step(action)
        plain.step(action)
