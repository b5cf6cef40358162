"""What self-play teaches the network, one row per decision: the mover's information state (its
non-zero entries), its legal actions' dense indices with the search's visit share of each (the
policy target), and each seat's share of the win, mover-relative (the value target).

Rows differ in length (entries, legal actions), so each ragged column is kept flat with the
offsets of its rows (as a sparse matrix's rows are): plain arrays that an ``.npz`` holds without
pickling, concatenated and indexed cheaply. numpy only: self-play actors never import torch.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float32]

#: The arrays a ``Samples`` is made of, as named in a shard file.
FIELDS = ("entry_offsets", "entry_indices", "entry_values", "legal_offsets", "legal_indices",
          "visits", "outcomes")


def _offsets(lengths: Sequence[int]) -> Ints:
    offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    return offsets


def _ragged_rows(offsets: Ints, flat: npt.NDArray[np.generic], rows: Ints
                 ) -> tuple[Ints, npt.NDArray[np.generic]]:
    """The chosen rows of a ragged column: their new offsets and their items, in order."""
    starts, stops = offsets[rows], offsets[rows + 1]
    lengths = stops - starts
    new_offsets = _offsets(lengths.tolist())
    # each item's place in ``flat``: its row's start plus its rank in the row
    ranks = np.arange(int(new_offsets[-1]), dtype=np.int64) - np.repeat(new_offsets[:-1], lengths)
    return new_offsets, flat[np.repeat(starts, lengths) + ranks]


@dataclass(frozen=True)
class Samples:
    """Rows of training data (see the module's docstring); ``outcomes`` is ``[rows, players]``."""

    entry_offsets: Ints
    entry_indices: Ints
    entry_values: Floats
    legal_offsets: Ints
    legal_indices: Ints
    visits: Floats
    outcomes: Floats

    def __len__(self) -> int:
        return len(self.outcomes)

    @classmethod
    def from_rows(cls, entries: Sequence[tuple[Sequence[int], Sequence[float]]],
                  legal: Sequence[Sequence[int]], visits: Sequence[Sequence[float]],
                  outcomes: Sequence[Sequence[float]], players: int) -> Samples:
        """Rows given one by one: each ``(indices, values)``, legal indices, visit shares, outcome."""
        return cls(
            _offsets([len(indices) for indices, _ in entries]),
            np.fromiter((k for indices, _ in entries for k in indices), dtype=np.int64),
            np.fromiter((v for _, values in entries for v in values), dtype=np.float32),
            _offsets([len(row) for row in legal]),
            np.fromiter((k for row in legal for k in row), dtype=np.int64),
            np.fromiter((v for row in visits for v in row), dtype=np.float32),
            np.asarray(outcomes, dtype=np.float32).reshape(len(outcomes), players))

    @classmethod
    def empty(cls, players: int) -> Samples:
        return cls.from_rows([], [], [], [], players)

    @classmethod
    def concat(cls, parts: Sequence[Samples], players: int) -> Samples:
        """The rows of every part, in order."""
        if not parts:
            return cls.empty(players)

        def offsets(name: str) -> Ints:
            tails = [getattr(p, name)[1:] for p in parts]
            shift = np.cumsum([0] + [int(getattr(p, name)[-1]) for p in parts[:-1]])
            return np.concatenate([np.zeros(1, dtype=np.int64)]
                                  + [tail + base for tail, base in zip(tails, shift, strict=True)])

        return cls(offsets("entry_offsets"),
                   np.concatenate([p.entry_indices for p in parts]),
                   np.concatenate([p.entry_values for p in parts]),
                   offsets("legal_offsets"),
                   np.concatenate([p.legal_indices for p in parts]),
                   np.concatenate([p.visits for p in parts]),
                   np.concatenate([p.outcomes for p in parts]).reshape(-1, players))

    def rows(self, chosen: Ints) -> Samples:
        """The rows at ``chosen`` (in that order, repeats allowed): a minibatch."""
        entry_offsets, entry_indices = _ragged_rows(self.entry_offsets, self.entry_indices, chosen)
        _, entry_values = _ragged_rows(self.entry_offsets, self.entry_values, chosen)
        legal_offsets, legal_indices = _ragged_rows(self.legal_offsets, self.legal_indices, chosen)
        _, visits = _ragged_rows(self.legal_offsets, self.visits, chosen)
        return Samples(entry_offsets, entry_indices.astype(np.int64), entry_values.astype(np.float32),
                       legal_offsets, legal_indices.astype(np.int64), visits.astype(np.float32),
                       self.outcomes[chosen])

    def sample(self, size: int, rng: np.random.Generator) -> Samples:
        """A minibatch of ``size`` rows drawn uniformly (with replacement)."""
        if not len(self):
            raise ValueError("no samples to draw from")
        return self.rows(rng.integers(0, len(self), size=size, dtype=np.int64))

    def arrays(self) -> dict[str, npt.NDArray[np.generic]]:
        """The arrays by name (what a shard file holds)."""
        return {name: getattr(self, name) for name in FIELDS}

    @classmethod
    def from_arrays(cls, arrays: Mapping[str, npt.NDArray[np.generic]]) -> Samples:
        return cls(*(np.asarray(arrays[name]) for name in FIELDS))
