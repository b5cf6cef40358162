"""A small cache of the most recently used answers, for what is costly to make and never changes
once made (a finished game's replay steps, its analysis in words)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Recent(Generic[V]):
    """At most ``size`` values, the least recently used dropped first."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.values: OrderedDict[Hashable, V] = OrderedDict()

    def find(self, key: Hashable) -> V | None:
        """The value kept for ``key``, or None."""
        if key not in self.values:
            return None
        self.values.move_to_end(key)
        return self.values[key]

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        """The value kept for ``key``, made by ``make()`` (and kept) when there is none."""
        found = self.find(key)
        return self.put(key, make()) if found is None else found

    def put(self, key: Hashable, value: V) -> V:
        """Keep ``value`` for ``key`` (the least recently used dropped past the size)."""
        self.values[key] = value
        self.values.move_to_end(key)
        if len(self.values) > self.size:
            self.values.popitem(last=False)
        return value
