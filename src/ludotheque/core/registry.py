"""Find games by id. Games announce themselves through the ``ludotheque.games`` entry point
group, so the core never imports a game; a game's modules are imported only when that game is
asked for (the entry point's name is its id), so start-up does not grow with the number of games."""

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
_targets: dict[str, str] | None = None


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


def _announced() -> dict[str, str]:
    """``{id: "module:attribute"}`` of the games announced by entry points (read once, nothing
    imported: a game's modules load only when that game is asked for). The entry point's name is
    the game's id; the first distribution on the path wins."""
    global _targets
    if _targets is None:
        _targets = {}
        for name, target in entry_points():
            _targets.setdefault(name.strip().lower(), target)
    return _targets


def _load(key: str) -> Game | None:
    """The game announced as ``key``, imported now and registered under its id."""
    target = _announced().get(key)
    if target is None:
        return None
    module, _, attribute = target.partition(":")
    game: Any = import_module(module.strip())
    for part in attribute.strip().split(".") if attribute.strip() else ():
        game = getattr(game, part)
    return _GAMES.setdefault(game.id.lower(), game)


def game_ids() -> list[str]:
    """Ids of every registered or announced game, sorted (without importing any game)."""
    return sorted(set(_GAMES) | set(_announced()))


def get_game(game_id: str) -> Game:
    """The game with this id (case-insensitive), or UnknownGameError naming the known ones."""
    key = game_id.strip().lower()
    game = _GAMES.get(key) or _load(key)
    if game is None:
        known = ", ".join(game_ids()) or "none"
        raise UnknownGameError(f"unknown game {game_id!r}; known games: {known}")
    return game
