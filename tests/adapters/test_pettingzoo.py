"""The PettingZoo AEC adapter passes PettingZoo's own tests on every game and player count, and
gives the game's results as rewards. (``max_cycles_test`` needs a parallel env: it does not
apply to turn-based games, as for PettingZoo's own classic games.)"""

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
