"""Networks for the bots' tests, written with numpy alone (no PyTorch): untrained, small."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ludotheque.bots.network import FORMAT, expected_shapes
from ludotheque.core.game import Game
from ludotheque.core.tensors import information_size

WriteNetwork = Callable[..., Path]


def write_network(path: Path, game: Game, options: Mapping[str, Any], hidden: tuple[int, ...] = (16, 8),
                  seed: int = 0, **meta_changes: Any) -> Path:
    """An untrained network of ``game`` for ``options`` in ``path`` (its planes as the game
    declares them), weights drawn at ``seed``; ``meta_changes`` overwrite the meta's entries."""
    encoding, declared = game.encoding(), game.network()
    planes = getattr(declared, "planes", None)
    meta: dict[str, Any] = {
        "format": FORMAT, "game": game.spec.id, "options": dict(options), "trained": {},
        "input_size": information_size(encoding, options),
        "action_size": int(encoding.action_size(options)), "players": int(options["players"]),
        "hidden": list(hidden), "planes": list(planes(options)) if planes else None}
    meta.update(meta_changes)
    rng = np.random.default_rng(seed)
    arrays = {name: (rng.standard_normal(shape) * 0.3).astype(np.float32)
              for name, shape in expected_shapes(meta).items()}
    np.savez(path, meta=np.array(json.dumps(meta)), **arrays)  # type: ignore[arg-type]
    return path


@pytest.fixture
def network_file(tmp_path: Path) -> WriteNetwork:
    """``network_file(game, options, name="net.npz", **write_network's keywords)``: a path."""
    def write(game: Game, options: Mapping[str, Any], name: str = "net.npz", **keywords: Any) -> Path:
        return write_network(tmp_path / name, game, options, **keywords)
    return write
