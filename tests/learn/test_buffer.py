"""The replay buffer (learn/buffer.py): samples round-trip through its shards on disk, a buffer
opened again finds them, the oldest shards go once the capacity is held, minibatches keep rows whole."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ludotheque.learn.buffer import ReplayBuffer
from ludotheque.learn.samples import Samples


def rows(first: int, count: int) -> Samples:
    """``count`` rows told apart by their numbers: row k has k + 1 entries all worth k."""
    ks = range(first, first + count)
    return Samples.from_rows([(list(range(k + 1)), [float(k)] * (k + 1)) for k in ks],
                             [[k, k + 1] for k in ks], [[0.25, 0.75] for _ in ks],
                             [[1.0, 0.0] if k % 2 else [0.0, 1.0] for k in ks], players=2)


def same(a: Samples, b: Samples) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(a.arrays().values(), b.arrays().values(), strict=True))


def test_samples_round_trip_through_a_buffer_opened_again(tmp_path: Path) -> None:
    buffer = ReplayBuffer(tmp_path, players=2, capacity=100)
    buffer.add(rows(0, 3))
    buffer.add(rows(3, 2))
    again = ReplayBuffer(tmp_path, players=2, capacity=100)
    assert len(again) == 5 and again.shards == 2
    assert same(again.all(), rows(0, 5))
    assert all(f.suffix == ".npz" for f in tmp_path.iterdir())  # no temporary file left
    with np.load(next(tmp_path.iterdir()), allow_pickle=False) as arrays:  # plain arrays
        assert set(arrays.files) == set(rows(0, 1).arrays())


def test_the_oldest_shards_go_once_the_rest_hold_the_capacity(tmp_path: Path) -> None:
    buffer = ReplayBuffer(tmp_path, players=2, capacity=4)
    for first in (0, 3, 6):
        buffer.add(rows(first, 3))
    assert len(buffer) == 6 and same(buffer.all(), rows(3, 6))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shard-000002.npz", "shard-000003.npz"]
    assert len(ReplayBuffer(tmp_path, players=2, capacity=4)) == 6


def test_a_minibatch_keeps_each_row_whole(tmp_path: Path) -> None:
    buffer = ReplayBuffer(tmp_path, players=2, capacity=100)
    buffer.add(rows(0, 6))
    batch = buffer.sample(32, np.random.default_rng(0))
    assert len(batch) == 32
    for r in range(32):
        values = batch.entry_values[batch.entry_offsets[r]:batch.entry_offsets[r + 1]]
        k = int(values[0])
        assert len(values) == k + 1 and set(values.tolist()) == {float(k)}
        assert batch.legal_indices[batch.legal_offsets[r]:batch.legal_offsets[r + 1]].tolist() == [k, k + 1]
        assert batch.outcomes[r].tolist() == ([1.0, 0.0] if k % 2 else [0.0, 1.0])
