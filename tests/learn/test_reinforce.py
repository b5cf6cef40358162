"""Reinforcement against the heuristic (learn/reinforce.py, Learner.reinforce): what a round's
games record, and that an update moves the policy towards the moves that did better than
expected."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import torch

from ludotheque.bots.network import Network, softmax
from ludotheque.core.registry import get_game
from ludotheque.learn.learner import Learner, features_of
from ludotheque.learn.nets import PolicyValueNet, build, export, meta_for
from ludotheque.learn.reinforce import Played, ReinforceJob, advantages, reinforce_game
from ludotheque.learn.samples import Samples


def test_an_advantage_looks_along_the_game_as_far_as_lambda_says() -> None:
    values, outcome = [0.5, 0.6, 0.2], 1.0
    # lambda 1: the outcome minus the estimate; lambda 0: the next estimate minus this one
    assert advantages(values, outcome, 1.0) == pytest.approx([0.5, 0.4, 0.8])
    assert advantages(values, outcome, 0.0) == pytest.approx([0.1, -0.4, 0.8])
    assert advantages(values, outcome, 0.5) == pytest.approx([0.1 + 0.5 * (-0.4 + 0.5 * 0.8),
                                                              -0.4 + 0.5 * 0.8, 0.8])


def _untrained(game_id: str, players: int, path: Path) -> Path:
    """A new network of the game, exported to ``path``."""
    game = get_game(game_id)
    options = game.resolve_options({"players": players})
    torch.manual_seed(0)
    return export(build(game, options), path, meta_for(game, options))


@pytest.mark.parametrize(("game_id", "players", "index"), [("kagoun", 2, 1), ("gargon", 3, 2)])
def test_a_rounds_game_keeps_the_learning_seats_moves_with_the_policys_own_chances(
        game_id: str, players: int, index: int, tmp_path: Path) -> None:
    path = _untrained(game_id, players, tmp_path / "net.npz")
    played = reinforce_game(ReinforceJob(game_id, {"players": players}, 5, path.read_bytes()), index)
    samples = played.samples
    assert len(samples) > 5 and len(played.log_probs) == len(played.advantages) == len(samples)
    offsets = samples.entry_offsets
    logits, _ = Network.load(path).forward([
        (samples.entry_indices[offsets[r]:offsets[r + 1]], samples.entry_values[offsets[r]:offsets[r + 1]])
        for r in range(len(samples))])
    for row in range(len(samples)):
        start, stop = samples.legal_offsets[row], samples.legal_offsets[row + 1]
        played_here = samples.visits[start:stop]
        assert sorted(played_here.tolist())[-2:] == [0.0, 1.0] and played_here.sum() == 1.0
        chances = softmax(logits[row, samples.legal_indices[start:stop]].astype(np.float64))
        assert played.log_probs[row] == pytest.approx(np.log(chances[int(np.argmax(played_here))]), abs=1e-4)
    # every row is the learning seat's (seat index % players): its outcome, mover-relative, first
    assert played.shares.tolist() == [pytest.approx(samples.outcomes[0, 0])]
    assert np.allclose(samples.outcomes, samples.outcomes[0])


def test_an_update_raises_the_chance_of_a_move_that_did_better_than_expected_and_lowers_the_other() -> None:
    torch.manual_seed(1)
    net = PolicyValueNet(input_size=6, action_size=4, players=2, hidden=[8])
    learner = Learner(net, torch.device("cpu"))
    entries = [([0, 3], [1.0, 1.0])] * 2
    legal = [[0, 2, 3]] * 2
    # the same position twice: move 2 was played and won (advantage +1), move 3 lost (-1)
    samples = Samples.from_rows(entries, legal, [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
                                [[1.0, 0.0], [0.0, 1.0]], 2)

    def chances() -> np.ndarray:
        with torch.no_grad():
            logits, _ = net(features_of(samples, torch.device("cpu")))
        return torch.softmax(logits[0, [0, 2, 3]], 0).numpy()

    before = chances()
    log_probs = np.log(before[[1, 2]]).astype(np.float32)
    played = Played(samples, log_probs, np.array([1.0, -1.0], np.float32), np.array([1.0, 0.0], np.float32))
    for round_ in range(5):
        learner.reinforce(played, np.random.default_rng(round_))
    after = chances()
    assert after[1] > before[1] and after[2] < before[2]

