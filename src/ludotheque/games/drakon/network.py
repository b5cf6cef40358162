"""Drakon's policy and value network (``Game.network``): data only, read by ``bots/network.py``
(numpy, to play) and ``learn/nets.py`` (PyTorch, to train).

Its tensor is 37 planes of the table's 49 x 49 cells, then 224 scalars and 2,400 entries of
memory: 91,461 inputs of which a few hundred are not zero. The first layer reads only those
(a sum of weight rows), and a plane's entry at a cell weighs ``plane row * cell row``
(element-wise) instead of a row of its own: 37 + 2,401 rows for the planes instead of 88,837,
and every cell learns from every plane. The policy has one logit per dense action (19,339 with
the standard box at 3 players, 33,163 at 6), most of the weights: the last hidden layer is narrow
so that a network stays under 10 MB at every player count (6 players: about 9.8 MB)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...core.game import shipped_network
from .encoding import OBS_PLANES
from .geometry import CELLS

#: The hidden layers' widths (192 and 128 while a placement named six of the hand's
#: kinds at most: 7,819 actions).
HIDDEN = (160, 48)


def planes(options: Mapping[str, Any]) -> tuple[int, int, int]:
    """Where the tensor holds planes of cells: its first entry, the planes, the cells a plane."""
    return 0, OBS_PLANES, CELLS


def shipped(options: Mapping[str, Any]) -> Path | None:
    """The trained weights shipped for ``options`` (one file per player count), or None."""
    return shipped_network(__package__, options)
