"""The leaderboard of a game: Elo ratings (``ludotheque.ratings``) from its finished tables.

A person is ranked by their claimed name (accounts.py), from the seats they took signed in as it;
a seat under a name nobody claimed is rated under that name but never listed (anyone could have
taken it), nor is a seat left without a name (or named like a bot by an older version). A bot is
rated by its kind, at the fixed level of ``ratings.BOT_LEVELS``, so that bots anchor everyone's
ratings, and listed apart. A table counts only when at least two people played it
from distinct clients, one seat each (``rated``): a game against bots alone, or with several
seats held from one client, is not rated (clients.py says what a client is).

Tables are rated in the order they finished, and a process keeps each game's ratings as they
stand: a read rates only the tables finished since the last one (Elo is sequential, and a
finished table never changes: its names are frozen, its clients noted before the end). A table
that finished earlier than the last one rated but was stored later (another process's clock)
makes the next read rate the whole game again, in order.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..ratings import BOT_LEVELS, START, Ratings
from .names import bot_lookalike, composed
from .store import Store, TableRow
from .views import bot_name

_UNNAMED = "\x00"  # the prefix of a seat nobody named: rated apart, never listed
_BOT = "\x01bot:"  # the prefix of a bot (a person's name has no control character)
_UNCLAIMED = "\x02"  # the prefix of a name nobody claimed at that seat: rated, never listed


def rated(row: TableRow) -> bool:
    """Whether a finished table counts: a winner, no hints, and at least two of its human
    seats noted with clients, each seat's client its own."""
    if row.hints or not (row.result or {}).get("winners"):
        return False
    clients = [s.client for s in row.seats if s.kind == "human" and s.client]
    return len(clients) >= 2 and len(set(clients)) == len(clients)


@dataclass
class Board:
    """One game's ratings after the tables it has taken in, in order: how many (rated or not),
    the last one's ``(finished_at, id)``, and what it showed in each language."""

    anchors: dict[str, float] = field(default_factory=lambda: {f"{_BOT}{bot}": level
                                                               for bot, level in BOT_LEVELS.items()})
    count: int = 0
    last: tuple[float, str] | None = None
    shown: dict[str, dict[str, list[dict[str, Any]]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.ratings = Ratings(anchors=self.anchors)

    def take(self, rows: Sequence[TableRow], bot_like: Callable[[str], bool]) -> None:
        """Rate these finished tables, in order, after those taken before."""
        for row in rows:
            self.count += 1
            self.last = (row.finished_at or 0.0, row.id)
            if not rated(row):
                continue
            names = [_identity(row, seat, bot_like) for seat in range(len(row.seats))]
            for name in names:
                if name.startswith(_BOT) and name not in self.anchors:
                    self.anchors[name] = START  # a bot of a kind without a level
            self.ratings.record(names, (row.result or {})["winners"])
        if rows:
            self.shown.clear()

    def standings(self, lang: str) -> dict[str, list[dict[str, Any]]]:
        """``{"standings": [...], "bots": [...]}``: the rank, name, rating and games of each
        claimed name, best first; the bots' apart, in the same form."""
        shown = self.shown.get(lang)
        if shown is None:
            people: list[dict[str, Any]] = []
            bots: list[dict[str, Any]] = []
            for standing in self.ratings.leaderboard():
                if standing.name.startswith((_UNNAMED, _UNCLAIMED)):
                    continue
                bot = standing.name[len(_BOT):] if standing.name.startswith(_BOT) else None
                rows = bots if bot else people
                rows.append({"rank": len(rows) + 1, "name": bot_name(bot, lang) if bot else standing.name,
                             "bot": bot, "rating": round(standing.rating), "games": standing.games})
            shown = self.shown[lang] = {"standings": people, "bots": bots}
        return shown


def _identity(row: TableRow, seat: int, bot_like: Callable[[str], bool]) -> str:
    s = row.seats[seat]
    if s.kind == "bot":
        return f"{_BOT}{s.bot}"
    if s.name and bot_like(s.name):  # (named so by an older version)
        return f"{_UNNAMED}{row.id}:{seat}"
    if s.account and s.name and composed(s.name) == s.account:
        return s.account
    if s.name:
        return f"{_UNCLAIMED}{composed(s.name)}"
    return f"{_UNNAMED}{row.id}:{seat}"


def standings(rows: Sequence[TableRow], lang: str) -> dict[str, list[dict[str, Any]]]:
    """The standings after these finished tables, in the order given."""
    board = Board()
    board.take(rows, bot_lookalike())
    return board.standings(lang)


class Leaderboards:
    """Every game's board of this process, kept up with the store's finished tables. Reads run in
    threads (never on the event loop); one at a time brings a board up to date."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.boards: dict[str, Board] = {}
        self.lock = threading.Lock()

    def standings(self, game: str, lang: str) -> dict[str, list[dict[str, Any]]]:
        with self.lock:
            return self._current(game).standings(lang)

    def _current(self, game: str) -> Board:
        board = self.boards.get(game)
        if board is not None and self.store.finished_count(game) == board.count:
            return board  # (tables are never deleted: the same count is the same tables)
        if board is None or (board.last is not None
                             and self.store.finished_count(game, board.last) != board.count):
            board = self.boards[game] = Board()  # new, or a table came late: rate all again, in order
        board.take(self.store.finished_tables(game, board.last), bot_lookalike())
        return board
