"""Kagoun's policy and value network (``Game.network``): data only, read by ``bots/network.py``
(numpy, to play) and ``learn/nets.py`` (PyTorch, to train). Its input is a seat's
information state (3,276 observation entries and 261 of memory), its policy one logit per
dense action (5,365: the policy head is most of the weights, so the last layer is narrower,
near 7.5 MB in all)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...core.game import shipped_network

#: The hidden layers' widths.
HIDDEN = (256, 192)


def shipped(options: Mapping[str, Any]) -> Path | None:
    """The trained weights shipped for ``options`` (one file per player count), or None."""
    return shipped_network(__package__, options)
