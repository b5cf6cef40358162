"""A player's past games: the finished tables where a seat carries the name they chose.

A name is what a player is known by at the web table (there are no accounts), so the list is
what the finished tables' public records already say: who sat where (``views.seat_names``, bots
by their names, a seat nobody named as ``Seat 2``), the scores and the winners. Tables of a game
this server does not have are left out: they could not be replayed here.
"""

from __future__ import annotations

import logging
from typing import Any

from anyio import to_thread

from ..core.errors import UnknownGameError
from ..core.game import Game
from ..core.registry import game_ids, get_game
from ..renderers import renderer_for
from .errors import ApiError
from .leaderboard import rated
from .names import composed, plain_name
from .store import Store, TableRow
from .views import seat_names

Cursor = tuple[float, str]
log = logging.getLogger("ludotheque.server")


def game_entry(row: TableRow, game: Game, name: str, lang: str) -> dict[str, Any]:
    """One finished table as ``name``'s list shows it: who sat where, which seats were theirs,
    the result, whether they won, and whether the leaderboard counts it."""
    result = row.result or {}
    winners = list(result.get("winners") or [])
    names = seat_names(renderer_for(game), row.seats, lang)
    mine = [s.seat for s in row.seats if s.name and composed(s.name) == name]
    return {
        "id": row.id, "game": row.game, "game_name": game.spec.name, "created": row.created,
        "players": len(row.seats),
        "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": names[s.seat], "named": bool(s.name)}
                  for s in row.seats],
        "player_seats": mine, "winners": winners, "scores": result.get("scores"),
        "won": any(seat in winners for seat in mine), "rated": rated(row),
        "replay_url": f"/t/{row.id}/replay",
    }


async def past_games(store: Store, name: str, game_id: str | None, limit: int, before: Cursor | None,
                     lang: str) -> tuple[str, list[dict[str, Any]], Cursor | None]:
    """A page of ``name``'s finished games (of ``game_id``, or of every game), newest first:
    the name as trimmed, the games, and the cursor of the next page (None on the last one).
    400 ``bad_name`` for a name no seat could take, 404 ``unknown_game``."""
    clean = plain_name(name)
    if game_id is None:
        games = game_ids()
    else:
        try:
            games = [get_game(game_id).id]
        except UnknownGameError as exc:
            raise ApiError(404, "unknown_game", problem=str(exc)) from None
    try:
        rows = await to_thread.run_sync(store.games_of, clean, games, limit + 1, before)
    except Exception as exc:
        log.warning("cannot read the games of %r: %s", clean, exc)
        raise ApiError(503, "store") from exc
    more = len(rows) > limit
    rows = rows[:limit]
    entries = [game_entry(row, get_game(row.game), clean, lang) for row in rows]
    return clean, entries, (rows[-1].created, rows[-1].id) if more else None
