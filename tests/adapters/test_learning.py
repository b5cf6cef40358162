"""The learning agent (benchmarks/learning_baselines.py, PyTorch): a few training steps change
the policy, and whatever it has learnt it plays legal moves only, greedily or sampled."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("gymnasium")

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import learning_baselines as learn  # noqa: E402

from ludotheque.adapters.gymnasium import LudothequeEnv  # noqa: E402


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
