"""The learner (learn/learner.py): what it sets up beyond the network and its optimiser."""

from __future__ import annotations

import importlib

import pytest

torch = pytest.importorskip("torch")
learner = importlib.import_module("ludotheque.learn.learner")
nets = importlib.import_module("ludotheque.learn.nets")


def test_a_learner_computes_subnormal_floats_as_zero() -> None:
    """The moments Adam keeps of first-layer rows that a step does not touch decay to subnormal
    floats, which a CPU computes on many times slower: a learner flushes them to zero."""
    if not torch.set_flush_denormal(False):
        pytest.skip("this CPU cannot flush subnormal floats")
    subnormal = torch.tensor([1e-40], dtype=torch.float32)
    assert (subnormal * 1.0).item() != 0.0
    learner.Learner(nets.PolicyValueNet(10, 5, 2, [4]), torch.device("cpu"))
    assert (subnormal * 1.0).item() == 0.0
