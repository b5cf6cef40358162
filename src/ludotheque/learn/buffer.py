"""The replay buffer: self-play's samples kept on disk as numbered ``.npz`` shards (plain arrays,
no pickle), one shard per batch added, the oldest shards dropped once the rest hold ``capacity``
samples. A stopped run loses nothing: a shard is written whole under a temporary name and then
renamed, and a buffer opened again on the same folder reads the shards it finds.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np

from .samples import Samples

SHARD = "shard-{:06d}.npz"


def _number(path: Path) -> int:
    return int(path.stem.removeprefix("shard-"))


class ReplayBuffer:
    """At least the last ``capacity`` samples (whole shards: a few more), in memory and on disk."""

    def __init__(self, folder: Path, players: int, capacity: int) -> None:
        if capacity < 1:
            raise ValueError(f"a replay buffer holds at least 1 sample; got capacity {capacity}")
        self.folder, self.players, self.capacity = folder, players, capacity
        folder.mkdir(parents=True, exist_ok=True)
        for stale in folder.glob("*.tmp"):  # a shard whose writing was stopped
            stale.unlink()
        self._shards: list[tuple[Path, Samples]] = []
        for path in sorted(folder.glob("shard-*.npz"), key=_number):
            with np.load(path, allow_pickle=False) as arrays:
                self._shards.append((path, Samples.from_arrays(arrays)))
        self._joined: Samples | None = None

    def __len__(self) -> int:
        return sum(len(samples) for _, samples in self._shards)

    @property
    def shards(self) -> int:
        return len(self._shards)

    def add(self, samples: Samples) -> None:
        """Keep ``samples`` (a new shard), then drop the oldest shards the capacity does not need."""
        if not len(samples):
            return
        number = _number(self._shards[-1][0]) + 1 if self._shards else 1
        path = self.folder / SHARD.format(number)
        temporary = path.with_suffix(".tmp")
        arrays: dict[str, Any] = samples.arrays()
        with temporary.open("wb") as handle:
            np.savez(handle, **arrays)
        os.replace(temporary, path)
        self._shards.append((path, samples))
        while len(self) - len(self._shards[0][1]) >= self.capacity:
            oldest, _ = self._shards.pop(0)
            oldest.unlink()
        self._joined = None

    def all(self) -> Samples:
        """Every sample held, oldest first."""
        if self._joined is None:
            self._joined = Samples.concat([samples for _, samples in self._shards], self.players)
        return self._joined

    def sample(self, size: int, rng: np.random.Generator) -> Samples:
        """A minibatch of ``size`` samples drawn uniformly (with replacement)."""
        held = self.all()
        if not len(held):
            raise ValueError("the replay buffer is empty")
        return held.sample(size, rng)
