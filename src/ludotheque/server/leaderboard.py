"""The leaderboard of a game: Elo ratings (``ludotheque.ratings``) from its finished tables.

A person is rated by the name they chose (seats left without a name are not rated); a bot by
its kind, at the fixed level of ``ratings.BOT_LEVELS``, so that bots anchor everyone's ratings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..ratings import BOT_LEVELS, START, Ratings
from .names import composed
from .store import TableRow
from .views import bot_name

_UNNAMED = "\x00"  # the prefix of a seat nobody named: rated apart, never listed


def _identity(row: TableRow, seat: int) -> str:
    s = row.seats[seat]
    if s.kind == "bot":
        return f"bot:{s.bot}"
    return composed(s.name) if s.name else f"{_UNNAMED}{row.id}:{seat}"


def standings(rows: Sequence[TableRow], lang: str) -> list[dict[str, Any]]:
    """Rank, name, rating and games of everyone who finished a game of these tables (oldest
    first), best first."""
    anchors = {f"bot:{bot}": level for bot, level in BOT_LEVELS.items()}
    ratings = Ratings(anchors=anchors)
    for row in rows:
        if row.hints:  # a game played with the search's hints is not rated
            continue
        winners = (row.result or {}).get("winners") or []
        names = [_identity(row, seat) for seat in range(len(row.seats))]
        for name in names:
            if name.startswith("bot:") and name not in anchors:
                anchors[name] = START  # a bot of a kind without a level
        if winners:
            ratings.record(names, winners)
    out: list[dict[str, Any]] = []
    for standing in ratings.leaderboard():
        if standing.name.startswith(_UNNAMED):
            continue
        bot = standing.name[4:] if standing.name.startswith("bot:") else None
        out.append({"rank": len(out) + 1,
                    "name": bot_name(bot, lang) if bot else standing.name,
                    "bot": bot, "rating": round(standing.rating), "games": standing.games})
    return out
