"""Gargon's policy and value network (``Game.network``): data only, read by ``bots/network.py``
(numpy, to play) and ``learn/nets.py`` (PyTorch, to train). Its input is a seat's
information state (1,835 observation entries and 480 of memory), its policy one logit per
dense action (2,340); both widths keep the weights near 5 MB."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...core.game import shipped_network

#: The hidden layers' widths.
HIDDEN = (256, 256)


def shipped(options: Mapping[str, Any]) -> Path | None:
    """The trained weights shipped for ``options`` (one file per player count), or None."""
    return shipped_network(__package__, options)
