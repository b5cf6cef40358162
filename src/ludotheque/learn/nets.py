"""Each game's policy and value network in PyTorch, to train (the numpy twin that plays it,
and the file format, are in ``bots/network.py``; both compute the same, a test checks it).

- ``PolicyValueNet``: a sparse first layer (each non-zero entry of a seat's information state
  adds its weight row scaled by its value; an entry of a game's planes adds its plane's row
  times its cell's), a bias and ReLU, the hidden layers (ReLU), a policy head (a logit per
  dense action) and a value head (``players`` logits, mover-relative).
- ``build(game, options)``: the network the game declares (``Game.network``: widths, planes).
- ``features_batch(samples)``: sparse samples (indices, values) collated into the net's input.
- ``export(net, path, meta)`` writes the ``.npz`` that ``Network.load`` reads; ``load(path)``
  reads one back into PyTorch (to resume or compare).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from . import missing_torch

try:
    import torch
    from torch import nn
except ImportError:  # pragma: no cover - the learn extra brings it
    raise missing_torch() from None

from ..bots.network import FORMAT, Network, Sparse, array_names
from ..core.game import Game
from ..core.tensors import information_size

#: What a seat's first layer sums over at most, near enough, for the rows' initial scale
#: (a few dozen non-zero entries in Gargon and Kagoun, a few hundred in Drakon).
TYPICAL_ENTRIES = 64


class Features(NamedTuple):
    """A batch of sparse inputs for ``PolicyValueNet``: every entry's index and value, the
    sample it belongs to, and how many samples."""

    indices: torch.Tensor  # int64 [K]
    values: torch.Tensor  # float32 [K]
    sample: torch.Tensor  # int64 [K]
    size: int

    def to(self, device: torch.device | str) -> Features:
        return Features(self.indices.to(device), self.values.to(device), self.sample.to(device), self.size)


def features_batch(samples: Sequence[Sparse], device: torch.device | str | None = None) -> Features:
    """Sparse samples (each its indices and values) collated into one batch."""
    counts = [len(indices) for indices, _ in samples]
    index = np.concatenate([np.asarray(indices, dtype=np.int64) for indices, _ in samples]
                           ) if samples else np.zeros(0, np.int64)
    values = np.concatenate([np.asarray(values, dtype=np.float32) for _, values in samples]
                            ) if samples else np.zeros(0, np.float32)
    sample = np.repeat(np.arange(len(samples), dtype=np.int64), counts)
    features = Features(torch.from_numpy(index), torch.from_numpy(values), torch.from_numpy(sample),
                        len(samples))
    return features if device is None else features.to(device)


class PolicyValueNet(nn.Module):
    """A policy and value network over sparse information states (see the module's doc)."""

    def __init__(self, input_size: int, action_size: int, players: int, hidden: Sequence[int],
                 planes: tuple[int, int, int] | None = None) -> None:
        super().__init__()
        if not hidden:
            raise ValueError("a network needs at least one hidden layer")
        self.input_size, self.action_size, self.players = input_size, action_size, players
        self.widths = [int(width) for width in hidden]
        start, count, cells = planes if planes is not None else (0, 0, 0)
        self.planes = (start, count, cells)
        first = self.widths[0]
        scale = 1.0 / math.sqrt(TYPICAL_ENTRIES)
        self.rows = nn.Parameter(torch.randn(input_size - count * cells, first) * scale)
        # a plane's entry weighs plane row * cell row: the cells' rows carry the scale
        self.plane_rows = nn.Parameter(torch.randn(count, first))
        self.cell_rows = nn.Parameter(torch.randn(cells, first) * scale)
        self.input_bias = nn.Parameter(torch.zeros(first))
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in pairwise(self.widths))
        self.policy = nn.Linear(self.widths[-1], action_size)
        self.value = nn.Linear(self.widths[-1], players)

    def first_rows(self, index: torch.Tensor) -> torch.Tensor:
        """Each entry's first-layer row (a plane's entry: its plane's row times its cell's)."""
        start, count, cells = self.planes
        if not count:
            return self.rows[index]
        end = start + count * cells
        in_planes = (index >= start) & (index < end)
        outside = torch.where(index < start, index, index - count * cells).clamp(0, self.rows.shape[0] - 1)
        within = (index - start).clamp(0, count * cells - 1)
        from_planes = self.plane_rows[within // cells] * self.cell_rows[within % cells]
        return torch.where(in_planes[:, None], from_planes, self.rows[outside])

    def forward(self, features: Features) -> tuple[torch.Tensor, torch.Tensor]:
        """The policy logits (every dense action) and value logits (mover-relative) of a batch."""
        weighted = self.first_rows(features.indices) * features.values[:, None]
        hidden = torch.zeros(features.size, self.widths[0], dtype=weighted.dtype, device=weighted.device)
        hidden = hidden.index_add(0, features.sample, weighted)
        hidden = torch.relu(hidden + self.input_bias)
        for layer in self.layers:
            hidden = torch.relu(layer(hidden))
        return self.policy(hidden), self.value(hidden)

    def arrays(self) -> dict[str, np.ndarray[Any, np.dtype[np.float32]]]:
        """The weights as the network file's arrays (``bots/network.py``), float32."""
        def plain(tensor: torch.Tensor) -> np.ndarray[Any, np.dtype[np.float32]]:
            return np.ascontiguousarray(tensor.detach().cpu().numpy(), dtype=np.float32)
        arrays = {"input.rows": plain(self.rows), "input.planes": plain(self.plane_rows),
                  "input.cells": plain(self.cell_rows), "input.bias": plain(self.input_bias)}
        for k, layer in enumerate(self.layers):
            assert isinstance(layer, nn.Linear)
            arrays[f"hidden.{k}.weight"] = plain(layer.weight.T)
            arrays[f"hidden.{k}.bias"] = plain(layer.bias)
        for name, head in (("policy", self.policy), ("value", self.value)):
            arrays[f"{name}.weight"] = plain(head.weight.T)
            arrays[f"{name}.bias"] = plain(head.bias)
        return arrays

    def sizes(self) -> dict[str, Any]:
        """What the network file's meta says of the shape of this network."""
        start, count, cells = self.planes
        return {"format": FORMAT, "input_size": self.input_size, "action_size": self.action_size,
                "players": self.players, "hidden": list(self.widths),
                "planes": [start, count, cells] if count else None}


def build(game: Game, options: Mapping[str, Any]) -> PolicyValueNet:
    """A new (untrained) network of ``game`` for ``options``, as its ``network`` module declares."""
    declared = game.network()
    if declared is None:
        raise ValueError(f"{game.spec.id} declares no network (a network.py in its folder)")
    encoding = game.encoding()
    planes = getattr(declared, "planes", None)
    return PolicyValueNet(information_size(encoding, options), int(encoding.action_size(options)),
                          int(options["players"]), declared.HIDDEN,
                          None if planes is None else planes(options))


def meta_for(game: Game, options: Mapping[str, Any], trained: Mapping[str, Any] | None = None
             ) -> dict[str, Any]:
    """The part of a network file's meta its network does not say: the game, its options and
    how it was trained (command, games, hours, hardware, ...)."""
    return {"game": game.spec.id, "options": dict(options), "trained": dict(trained or {})}


def export(net: PolicyValueNet, path: str | Path, meta: Mapping[str, Any]) -> Path:
    """Write ``net`` to ``path`` (``.npz``: its arrays and ``meta`` as JSON, completed with the
    net's sizes), atomically: a reader never sees half a file."""
    path = Path(path)
    full = {**meta, **net.sizes()}
    full.setdefault("trained", {})
    arrays = net.arrays()
    assert list(arrays) == array_names(net.widths)
    partial = path.with_name(path.name + ".partial")
    stored: dict[str, Any] = {"meta": np.array(json.dumps(full, sort_keys=True, default=str)), **arrays}
    with partial.open("wb") as out:
        np.savez(out, **stored)
    partial.replace(path)
    return path


def load(path: str | Path) -> tuple[PolicyValueNet, dict[str, Any]]:
    """The network in ``path`` (checked as ``Network.load`` does) back in PyTorch, with its meta."""
    stored = Network.load(path)
    meta = stored.meta
    net = PolicyValueNet(stored.input_size, stored.action_size, stored.players, meta["hidden"],
                         stored.planes if stored.planes[1] else None)
    with torch.no_grad():
        for parameter, array in ((net.rows, stored.rows), (net.plane_rows, stored.plane_rows),
                                 (net.cell_rows, stored.cell_rows), (net.input_bias, stored.input_bias)):
            parameter.copy_(torch.from_numpy(array))
        for layer, (weight, bias) in zip(net.layers, stored.hidden, strict=True):
            assert isinstance(layer, nn.Linear)
            layer.weight.copy_(torch.from_numpy(weight.T.copy()))
            layer.bias.copy_(torch.from_numpy(bias))
        for head, (weight, bias) in ((net.policy, stored.policy), (net.value, stored.value)):
            head.weight.copy_(torch.from_numpy(weight.T.copy()))
            head.bias.copy_(torch.from_numpy(bias))
    return net, meta
