"""The learning baselines (benchmarks/learning_baselines.py, PyTorch): a few training steps change
the policy, whatever it has learnt it plays legal moves only, and the baselines and intervals the
table rests on are counted honestly."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("gymnasium")

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import learning_baselines as learn  # noqa: E402

from ludotheque.adapters.gymnasium import LudothequeEnv  # noqa: E402
from ludotheque.sim.stats import wilson  # noqa: E402


@pytest.fixture(scope="module")
def env() -> LudothequeEnv:
    return LudothequeEnv("kagoun", seat=0, opponents="random", players=2)


def test_training_steps_change_the_policy(env: LudothequeEnv) -> None:
    torch.manual_seed(0)
    policy = learn.Policy(env.observation_space.shape[0], int(env.action_space.n),
                          learn.feature_scale(env, 1, seed=0))
    optimizer = torch.optim.Adam(policy.parameters(), lr=1e-2)
    before = [p.detach().clone() for p in policy.parameters()]
    for step in range(2):
        batch = [learn.play(env, policy, seed=10 * step + k, greedy=False) for k in range(2)]
        loss = learn.update(policy, optimizer, batch, baseline=0.0)
        assert loss == loss and abs(loss) < 1e6  # finite
    assert any(not torch.equal(a, b) for a, b in zip(before, policy.parameters(), strict=True))


@pytest.mark.parametrize("greedy", [True, False])
def test_the_policy_plays_legal_moves_only(env: LudothequeEnv, greedy: bool) -> None:
    torch.manual_seed(1)
    policy = learn.Policy(env.observation_space.shape[0], int(env.action_space.n))
    for layer in policy.net:  # logits far from uniform: masking, not luck, keeps moves legal
        if isinstance(layer, torch.nn.Linear):
            torch.nn.init.normal_(layer.weight, std=1.0)
    for seed in range(3):
        episode = learn.play(env, policy, seed=seed, greedy=greedy)
        assert "illegal" not in episode.info and "scores" in episode.info
        assert all(mask[action] for mask, action in zip(episode.masks, episode.actions, strict=True))


def won_by_hand(pick: str, deals: range) -> int:
    """Games won by seat 0 playing ``pick`` ("first" or "last" legal index), stepped here by hand
    in a fresh environment, the winner read from the final scores."""
    env = LudothequeEnv("kagoun", seat=0, opponents="random", players=2)
    won = 0
    for seed in deals:
        _, info = env.reset(seed=seed)
        terminated = False
        while not terminated:
            legal = [index for index, allowed in enumerate(info["action_mask"]) if allowed]
            _, _, terminated, _, info = env.step(legal[0] if pick == "first" else legal[-1])
        scores = info["scores"]
        won += scores[0] == max(scores) and scores.count(max(scores)) < len(scores)
    return won


def test_a_fixed_rule_wins_what_the_env_stepped_by_hand_says(env: LudothequeEnv) -> None:
    deals = range(500, 508)
    lowest, highest = learn.wins(env, learn.lowest_index, deals), learn.wins(env, learn.highest_index, deals)
    assert (lowest, highest) == (won_by_hand("first", deals), won_by_hand("last", deals))
    assert lowest != highest  # the deals tell the two rules apart: the count is not a constant


def test_a_greedy_policy_is_measured_by_its_own_choices(env: LudothequeEnv) -> None:
    policy = learn.Policy(env.observation_space.shape[0], int(env.action_space.n))
    last = policy.net[-1]
    torch.nn.init.zeros_(last.weight)
    with torch.no_grad():  # logits that grow with the index: greedily, the highest legal one
        last.bias.copy_(torch.arange(int(env.action_space.n), dtype=torch.float32))
    deals = range(500, 508)
    assert learn.wins(env, learn.greedy(policy), deals) == won_by_hand("last", deals)


def test_the_random_rule_is_legal_repeatable_and_not_a_fixed_index() -> None:
    mask = np.zeros(10, np.int8)
    mask[[2, 5, 7]] = 1
    rule = learn.uniformly_random(3)
    drawn = [rule(np.zeros(1), mask) for _ in range(60)]
    assert set(drawn) == {2, 5, 7}
    again = learn.uniformly_random(3)
    assert [again(np.zeros(1), mask) for _ in range(60)] == drawn


def test_wilson_and_newcombe_intervals_match_published_values() -> None:
    # Newcombe (1998), Statistics in Medicine 17: the single proportion's score interval
    # (81/263, 15/148, 0/20: method 3 of his Table I) and the difference of 56/70 and 48/80
    # (method 10 of "Interval estimation for the difference between independent proportions")
    assert wilson(81, 263) == pytest.approx((0.2553, 0.3662), abs=5e-5)
    assert wilson(15, 148) == pytest.approx((0.0624, 0.1605), abs=5e-5)
    assert wilson(0, 20) == pytest.approx((0.0, 0.1611), abs=5e-5)
    assert learn.difference_interval(56, 70, 48, 80) == pytest.approx((0.0524, 0.3339), abs=5e-5)
    low, high = learn.difference_interval(0, 10, 0, 10)
    assert low < 0 < high  # no evidence of a difference from no wins on either side


def test_the_gain_is_shown_against_the_best_baseline() -> None:
    assert learn.gain_text(150, 100, 200) == "+25.0 points [+15.6, +33.8]"
