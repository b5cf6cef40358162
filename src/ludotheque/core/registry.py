"""Find games by id. Games announce themselves through the ``ludotheque.games`` entry point
group, so the core never imports a game."""

from __future__ import annotations

from importlib.metadata import entry_points

from .errors import UnknownGameError
from .game import Game

_GAMES: dict[str, Game] = {}
_loaded = False


def register(game: Game) -> Game:
    """Add a game (also usable for games defined outside the package); ids are lower-case."""
    _GAMES[game.id.lower()] = game
    return game


def _load_entry_points() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for entry in entry_points(group="ludotheque.games"):
        game = entry.load()
        _GAMES.setdefault(game.id.lower(), game)


def game_ids() -> list[str]:
    """Ids of every registered game, sorted."""
    _load_entry_points()
    return sorted(_GAMES)


def get_game(game_id: str) -> Game:
    """The game with this id (case-insensitive), or UnknownGameError naming the known ones."""
    _load_entry_points()
    key = game_id.strip().lower()
    if key not in _GAMES:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGameError(f"unknown game {game_id!r}; known games: {known}")
    return _GAMES[key]
