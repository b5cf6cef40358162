"""The pieces of expert iteration: the value targets are mover-relative, the policy loss reads
the legal actions only, the gate promotes at the fair share plus its margin, and the progress
shows games/s, positions/s and the losses in the player's language."""

from __future__ import annotations

import io
import math

import pytest

from ludotheque.learn.gate import MARGIN, Verdict, verdict
from ludotheque.learn.samples import Samples
from ludotheque.learn.selfplay import Rows

torch = pytest.importorskip("torch")

from ludotheque.cli.train_progress import TrainingProgress, generation_line  # noqa: E402
from ludotheque.learn.learner import Losses, policy_loss, value_loss  # noqa: E402
from ludotheque.learn.loop import Counters, Generation  # noqa: E402


def test_value_targets_are_each_seats_share_counted_from_the_mover() -> None:
    rows = Rows([([0], [1.0])] * 3, [[0, 1]] * 3, [[0.5, 0.5]] * 3, [0, 1, 2])
    samples = rows.samples([0.0, 0.0, 1.0])  # seat 2 won a three-player game
    assert samples.outcomes.tolist() == [[0, 0, 1], [0, 1, 0], [1, 0, 0]]


def batch_of(legal: list[list[int]], visits: list[list[float]], outcomes: list[list[float]]) -> Samples:
    return Samples.from_rows([([0], [1.0])] * len(legal), legal, visits, outcomes, players=2)


def test_the_policy_loss_is_the_cross_entropy_over_the_legal_actions_only() -> None:
    logits = torch.tensor([[1.0, 2.0, 50.0, 0.5], [0.0, -1.0, 3.0, -40.0]], requires_grad=True)
    batch = batch_of([[0, 1], [3, 2, 0]], [[0.25, 0.75], [0.5, 0.25, 0.25]], [[1, 0], [0, 1]])
    loss = policy_loss(logits, batch, torch.device("cpu"))
    first = torch.log_softmax(torch.tensor([1.0, 2.0]), 0)
    second = torch.log_softmax(torch.tensor([-40.0, 3.0, 0.0]), 0)
    expected = -(0.25 * first[0] + 0.75 * first[1] + 0.5 * second[0] + 0.25 * second[1]
                 + 0.25 * second[2]) / 2
    assert float(loss.detach()) == pytest.approx(float(expected), rel=1e-6)
    loss.backward()
    assert logits.grad is not None and logits.grad[0, 2] == 0 and logits.grad[0, 3] == 0  # masked


def test_the_value_loss_is_the_cross_entropy_of_the_shares() -> None:
    logits = torch.tensor([[2.0, 0.0], [0.0, 0.0]])
    batch = batch_of([[0], [0]], [[1.0], [1.0]], [[1.0, 0.0], [0.5, 0.5]])
    expected = -(math.log(math.exp(2) / (math.exp(2) + 1)) + math.log(0.5)) / 2
    assert float(value_loss(logits, batch, torch.device("cpu"))) == pytest.approx(expected, rel=1e-6)


def test_the_gate_promotes_at_the_fair_share_plus_its_margin() -> None:
    assert MARGIN == 0.05
    assert verdict([1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 0, 1], 2).promoted  # 55%
    assert not verdict([1, 0] * 10, 2).promoted  # a tie keeps the best
    assert verdict([1, 0, 0, 0] * 4 + [1, 0, 0, 0], 4).promoted is False  # 25%: the fair share
    assert not verdict([1, 0, 0, 0] * 3 + [1, 0, 0, 0.5], 4).promoted  # 28%
    assert verdict([1, 0, 0, 0] * 3 + [1, 0, 0, 1], 4).promoted  # 31%
    assert not verdict([], 2).promoted


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_bar_shows_games_and_positions_per_second_and_the_losses() -> None:
    screen = Terminal()
    with TrainingProgress("fr", screen) as progress:
        progress.begin(3, "self-play", 10)
        progress.advance(4, 400)
        assert "parties/s" in progress.figures() and "positions/s" in progress.figures()
        progress.begin(3, "training", 5)
        progress.losses(2.5, 0.7)
        progress.advance(1)
    shown = screen.getvalue()  # the bar's frames
    assert "génération 3 · auto-jeu" in shown and "génération 3 · entraînement" in shown
    assert "pas/s" in shown and "politique 2.500, valeur 0.700" in shown


def test_a_line_for_each_generation_in_the_players_language() -> None:
    result = Generation(2, 100, 5000, 50.0, Losses(2.1, 0.6, 80), Verdict(16, 0.625, 0.5, True))
    assert generation_line(result) == ("generation 2: 100 games, 5000 positions (100 positions/s), "
                                       "loss: policy 2.100, value 0.600; gate 62% of 16 games (fair "
                                       "50%): promoted; 50 s")
    assert "épreuve 62% sur 16 parties (part juste 50%) : promu" in generation_line(result, "fr")
    plain = io.StringIO()
    with TrainingProgress("en", plain) as progress:  # not a terminal: no bar
        progress.finished(result, Counters(generation=2))
    assert plain.getvalue() == "" and progress.generation == 3
