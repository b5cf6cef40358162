"""Fair shares of the search workers: how many hints and analyses may wait or run at once, in
all, per client address and per table. Past a share the request is refused at once with 429 and a
``Retry-After``, rather than queued behind work nobody will wait for (60 analyses queued in a
second once made every search bot of every table fall back for minutes).

The bots' moves have no quota: they are what the tables wait on, and they go first in the
workers' queue (``workers.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field

from .errors import ApiError


@dataclass
class Quota:
    """At most ``total`` jobs of one kind at once, ``per_client`` of one client address and
    ``per_table`` at one table; ``retry_after``: the seconds a refused asker is told to wait."""

    total: int
    per_client: int
    per_table: int
    retry_after: int
    held: Counter[Hashable] = field(default_factory=Counter)

    def take(self, client: str | None, table: str) -> Ticket:
        """A place in the share (ApiError 429 ``queue_full`` when there is none): give it back
        with ``Ticket.give_back`` (``with`` does it)."""
        keys: list[Hashable] = [("all",), ("client", client), ("table", table)]
        bounds = [self.total, self.per_client, self.per_table]
        if any(self.held[key] >= bound for key, bound in zip(keys, bounds, strict=True)):
            raise ApiError(429, "queue_full", retry_after=self.retry_after)
        self.held.update(keys)
        return Ticket(self, keys)


class Ticket:
    """A place held in a quota, given back once."""

    def __init__(self, quota: Quota, keys: list[Hashable]) -> None:
        self.quota, self.keys = quota, keys

    def give_back(self) -> None:
        if self.keys:
            self.quota.held.subtract(self.keys)
            self.quota.held -= Counter()  # (drops the keys down to 0: the counter stays small)
            self.keys = []

    def __enter__(self) -> Ticket:
        return self

    def __exit__(self, *_: object) -> None:
        self.give_back()
