"""What the adapters share about a game's tensor: its shape in named parts (Drakon's planes, then
its scalars), each feature's finite bounds (a normaliser from them), and the tensor in one of
three forms (``OBSERVATION_FORMATS``): dense, dense scaled into [0, 1], or sparse (the
non-zero entries' indices and values, for a learner that scatters them on its own device).

A ``Tensors`` holds only numbers (no game module), so an environment holding one still pickles;
the game's encoding is passed to each call.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..core import State
from ..core.tensors import information_state, memory_entries, nonzero

#: ``dense``: the encoding's floats; ``normalised``: each feature scaled by its bounds into
#: [0, 1]; ``sparse``: ``{"indices": int64[K], "values": float32[K]}``, K the game's most
#: non-zero entries, padded with index 0 and value 0 (scatter by adding: the padding adds 0).
OBSERVATION_FORMATS = ("dense", "normalised", "sparse")

Floats = npt.NDArray[np.float32]
Indices = npt.NDArray[np.int64]


def shape_of(encoding: Any, options: Mapping[str, Any], information_state: bool = False
             ) -> dict[str, tuple[int, ...]]:
    """The tensor's parts in order, each with the shape a learner may reshape it to (a game
    that declares none is one ``vector``; the memory follows with ``information_state``)."""
    declared = getattr(encoding, "shape", None)
    parts = dict(declared(options)) if declared is not None else {
        "vector": (int(encoding.observation_size(options)),)}
    if information_state and hasattr(encoding, "encode_memory"):
        parts.update(encoding.memory_shape(options))
    return parts


def bounds_of(encoding: Any, options: Mapping[str, Any], information_state: bool = False
              ) -> tuple[Floats, Floats]:
    """Each feature's lowest and highest value, as the game declares them (``bounds``,
    ``memory_bounds`` in its encoding.py)."""
    low, high = encoding.bounds(options)
    if information_state and hasattr(encoding, "encode_memory"):
        memory_low, memory_high = encoding.memory_bounds(options)
        low, high = [*low, *memory_low], [*high, *memory_high]
    return np.asarray(low, dtype=np.float32), np.asarray(high, dtype=np.float32)


class Normaliser:
    """Scales each feature into [0, 1] by its bounds: ``(x - low) / span``, or ``(x - low) *
    scale`` for a learner scaling on its own device (a feature that never varies gives 0)."""

    def __init__(self, low: Floats, high: Floats) -> None:
        span = high - low
        self.low = low
        self.scale = np.divide(1.0, span, out=np.zeros_like(span), where=span > 0).astype(np.float32)
        #: divided by here: x / x is exactly 1, where x * (1 / x) may pass it
        self.span = np.where(span > 0, span, 1.0).astype(np.float32)

    def __call__(self, tensor: Floats) -> Floats:
        return (tensor - self.low) / self.span

    def sparse(self, indices: Indices, values: Floats) -> Floats:
        """Sparse values scaled as their features (bounds starting at 0, as every game's)."""
        return values / self.span[indices]


def max_nonzero(encoding: Any, options: Mapping[str, Any], size: int) -> int:
    """The most non-zero entries a tensor of ``size`` may have: what the game declares
    (``max_nonzero``, ``memory_max_nonzero``), the size of a part it does not declare."""
    declared = getattr(encoding, "max_nonzero", None)
    if declared is None:
        return size
    observation = int(encoding.observation_size(options))
    memory = size - observation
    if memory:
        declared_memory = getattr(encoding, "memory_max_nonzero", None)
        memory = memory if declared_memory is None else min(memory, int(declared_memory(options)))
    return min(observation, int(declared(options))) + memory


def scatter(indices: Indices, values: Floats, size: int) -> Floats:
    """The dense tensor of sparse entries (the padding adds 0 at index 0)."""
    dense = np.zeros(size, dtype=np.float32)
    np.add.at(dense, indices, values)
    return dense


class Tensors:
    """One environment's tensors: ``of(encoding, state, seat)`` in its ``observation_format``."""

    def __init__(self, encoding: Any, options: Mapping[str, Any], information_state: bool,
                 observation_format: str = "dense") -> None:
        if observation_format not in OBSERVATION_FORMATS:
            raise ValueError(f"observation_format must be one of {', '.join(OBSERVATION_FORMATS)}; "
                             f"got {observation_format!r}")
        self.format = observation_format
        self.options = dict(options)
        self.information_state = information_state and hasattr(encoding, "encode_memory")
        self.observation_size = int(encoding.observation_size(options))
        self.low, self.high = bounds_of(encoding, options, self.information_state)
        self.size = len(self.low)
        self.shape = shape_of(encoding, options, self.information_state)
        self.normaliser = Normaliser(self.low, self.high)
        self.max_nonzero = max_nonzero(encoding, options, self.size)

    def space(self) -> spaces.Space[Any]:
        """The observation space of this format, with the game's bounds."""
        if self.format == "dense":
            return spaces.Box(self.low, self.high, (self.size,), np.float32)
        if self.format == "normalised":
            return spaces.Box(0.0, 1.0, (self.size,), np.float32)
        return spaces.Dict({
            "indices": spaces.Box(0, self.size - 1, (self.max_nonzero,), np.int64),
            "values": spaces.Box(min(0.0, float(self.low.min())), float(self.high.max()),
                                 (self.max_nonzero,), np.float32)})

    def entries(self, encoding: Any, state: State, seat: int, observation: Any = None
                ) -> tuple[list[int], list[float]]:
        """``seat``'s non-zero entries (its observation's, then its memory's)."""
        if self.information_state:
            return information_state(encoding, self.options, state, seat, observation)
        return nonzero(encoding, state.observe(seat) if observation is None else observation)

    def write(self, row: Floats, encoding: Any, state: State, seat: int,
              observation: Any = None, written: Indices | None = None) -> Indices | None:
        """``seat``'s dense (or normalised) tensor written into ``row`` (no new array): only
        the non-zero entries when the encoding lists them, else its dense list. ``written``:
        the entries this row's last dense write set (what it returned), the only ones zeroed
        instead of the whole row (Drakon's 89,061 floats)."""
        seen = state.observe(seat) if observation is None else observation
        indices: Indices | None = None
        if hasattr(encoding, "encode_nonzero"):
            entries = encoding.encode_nonzero(seen)
            count = len(entries)  # (read into arrays directly: twice as fast as through lists)
            indices = np.fromiter(entries, np.int64, count)
            if written is None or self.format != "dense":
                row.fill(0.0)
            else:
                row[written] = 0.0
            row[indices] = np.fromiter(entries.values(), np.float32, count)
        else:
            row[:self.observation_size] = encoding.encode(seen)
        if self.information_state:  # its non-zero entries (Drakon's memory: a few of 2,400)
            memory = memory_entries(encoding, state, seat)
            row[self.observation_size:] = 0.0
            if memory:
                row[np.fromiter(memory, np.intp, len(memory)) + self.observation_size] = list(memory.values())
        if self.format == "normalised":
            row -= self.normaliser.low
            row /= self.normaliser.span
            return None
        return indices

    def sparse(self, encoding: Any, state: State, seat: int, observation: Any = None
               ) -> dict[str, Any]:
        """``seat``'s non-zero entries, padded to ``max_nonzero`` (index 0, value 0)."""
        indices = np.empty(self.max_nonzero, dtype=np.int64)
        values = np.empty(self.max_nonzero, dtype=np.float32)
        self.write_sparse(indices, values, encoding, state, seat, observation)
        return {"indices": indices, "values": values}

    def write_sparse(self, indices_row: Indices, values_row: Floats, encoding: Any, state: State,
                     seat: int, observation: Any = None) -> None:
        """The sparse form written into two rows of ``max_nonzero`` (no new array)."""
        indices, values = self.entries(encoding, state, seat, observation)
        count = len(indices)
        if count > self.max_nonzero:
            raise ValueError(f"{count} non-zero entries: the game declares {self.max_nonzero}")
        indices_row[:count] = indices
        indices_row[count:] = 0
        values_row[:count] = values
        values_row[count:] = 0.0

    def of(self, encoding: Any, state: State, seat: int) -> Any:
        """``seat``'s tensor in this format."""
        if self.format == "sparse":
            return self.sparse(encoding, state, seat)
        row = np.empty(self.size, dtype=np.float32)
        self.write(row, encoding, state, seat)
        return row
