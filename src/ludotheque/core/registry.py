"""Find games by id. Games announce themselves through the ``ludotheque.games`` entry point
group, so the core never imports a game."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from importlib import import_module
from typing import Any

from .errors import UnknownGameError
from .game import Game

GROUP = "ludotheque.games"

_GAMES: dict[str, Game] = {}
_loaded = False


def register(game: Game) -> Game:
    """Add a game (also usable for games defined outside the package); ids are lower-case."""
    _GAMES[game.id.lower()] = game
    return game


def entry_points(group: str = GROUP) -> Iterator[tuple[str, str]]:
    """``(name, "module:attribute")`` of each entry point of ``group`` of the distributions on
    ``sys.path``, first found first, as ``importlib.metadata.entry_points`` lists them. Read here
    from each ``*.dist-info/entry_points.txt`` (an INI file): importing importlib.metadata would
    cost every command 20 ms of start-up (email, zipfile, csv)."""
    seen: set[str] = set()
    for folder in sys.path:
        try:
            names = sorted(os.listdir(folder or "."))
        except OSError:
            continue
        for name in names:
            if not name.endswith((".dist-info", ".egg-info")):
                continue
            # the name before the version ("name-1.0.dist-info", "name.egg-info"), normalised
            distribution = name.rsplit(".", 1)[0].split("-", 1)[0].lower().replace("_", "-")
            if distribution in seen:
                continue
            seen.add(distribution)
            try:
                with open(os.path.join(folder or ".", name, "entry_points.txt"), encoding="utf-8") as file:
                    lines = file.read().splitlines()
            except OSError:
                continue
            section = None
            for line in lines:
                line = line.strip()
                if line.startswith("[") and line.endswith("]"):
                    section = line[1:-1].strip()
                elif section == group and "=" in line and not line.startswith(("#", ";")):
                    key, value = line.split("=", 1)
                    yield key.strip(), value.strip()


def _load_entry_points() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for _, target in entry_points():
        module, _, attribute = target.partition(":")
        game: Any = import_module(module.strip())
        for part in attribute.strip().split(".") if attribute.strip() else ():
            game = getattr(game, part)
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
