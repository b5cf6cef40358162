"""Which tables are deleted, and when (``serve --expire-days``, ``--expire-finished-days``).

Anyone may make tables, and a table nobody plays would otherwise be kept for ever. A table is
deleted, with its seats, actions and analyses, once nobody has acted at it for a while: an
unfinished one after ``unfinished_days`` (``serve``'s default: 30, limits.EXPIRE_DAYS), a
finished one after ``finished_days`` (default: never, since finished games make the leaderboard
and each player's past games, which people expect to keep). A table held in memory by this
process (someone watches it, or used it lately) is never deleted; the upkeep of the tables
(``TableService``) looks once an hour, in a thread.
"""

from __future__ import annotations

from dataclasses import dataclass

from .hosting import Hosting

#: Seconds between two looks for tables to delete, and the tables deleted in one transaction.
EXPIRY_SECONDS = 3600.0
EXPIRY_BATCH = 500
DAY = 86_400.0


@dataclass(frozen=True)
class Expiry:
    """Days without an action after which a table is deleted (None: never)."""

    unfinished_days: float | None = None
    finished_days: float | None = None

    @classmethod
    def of(cls, hosting: Hosting) -> Expiry | None:
        """What ``serve`` asked for (None: keep every table)."""
        unfinished, finished = hosting.expire_days or None, hosting.expire_finished_days or None
        return None if unfinished is None and finished is None else cls(unfinished, finished)

    def cutoffs(self, now: float) -> tuple[float | None, float | None]:
        """The times (as ``time.time()``) before which an unfinished, and a finished, table's
        last action makes it go."""
        return (None if self.unfinished_days is None else now - self.unfinished_days * DAY,
                None if self.finished_days is None else now - self.finished_days * DAY)
