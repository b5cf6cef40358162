"""The learner (learn/learner.py): what it sets up around a training step."""

from __future__ import annotations

import importlib
import random

import numpy as np
import pytest

from ludotheque.core.bot import Decision
from ludotheque.core.game import CHANCE, sample_chance
from ludotheque.core.registry import get_game
from ludotheque.learn.selfplay import Rows

torch = pytest.importorskip("torch")
learner = importlib.import_module("ludotheque.learn.learner")
nets = importlib.import_module("ludotheque.learn.nets")


def test_subnormal_floats_count_as_zero_while_flushed_and_again_after() -> None:
    """The moments Adam keeps of first-layer rows that a step does not touch decay into subnormal
    floats, which a CPU computes on many times slower: they count as zero during a step, and as
    themselves again after it (other code counts on them)."""
    if not torch.set_flush_denormal(False):
        pytest.skip("this CPU cannot flush subnormal floats")
    subnormal = torch.tensor([1e-40], dtype=torch.float32)
    with learner.subnormals_flushed():
        assert (subnormal * 1.0).item() == 0.0
    assert (subnormal * 1.0).item() != 0.0


def test_a_training_step_flushes_subnormal_floats(monkeypatch: pytest.MonkeyPatch) -> None:
    set_to: list[bool] = []
    real = torch.set_flush_denormal

    def noted(mode: bool) -> bool:
        set_to.append(mode)
        return bool(real(mode))

    monkeypatch.setattr(torch, "set_flush_denormal", noted)
    game = get_game("kagoun")
    options = game.resolve_options({"players": 2})
    state = game.new_state(options, 1)
    rng = random.Random(1)
    rows = Rows()
    while len(rows.movers) < 4:
        if state.to_act == CHANCE:
            state.apply_trusted(sample_chance(state, rng))
            continue
        decision = Decision(state, state.to_act)
        legal = decision.legal
        if len(legal) > 1:
            rows.add(game, options, state, decision, [1.0 / len(legal)] * len(legal))
        decision.close()
        state.apply_trusted(rng.choice(legal))
    net = nets.build(game, options)
    trainer = learner.Learner(net, torch.device("cpu"))
    policy, value = trainer.step(rows.samples([0.5, 0.5]))
    assert np.isfinite(policy) and np.isfinite(value)
    assert set_to == [True, False]
