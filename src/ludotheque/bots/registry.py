"""Bots by name. ``random`` plays every game; game-specific bots register per game id."""

from __future__ import annotations

from collections.abc import Callable

from ..core.errors import LudothequeError
from .base import Bot, RandomBot

BotFactory = Callable[[int | str | None], Bot]


class UnknownBotError(LudothequeError):
    """No bot of that name plays that game."""


# (game id or "*" for every game, bot name) -> factory
_BOTS: dict[tuple[str, str], BotFactory] = {("*", "random"): RandomBot}


def register_bot(game_id: str, name: str, factory: BotFactory) -> None:
    _BOTS[(game_id, name)] = factory


def _load_builtin() -> None:
    from . import gargon_heuristic  # noqa: F401  (registers itself)


def bot_names(game_id: str) -> list[str]:
    """Names of the bots that play ``game_id``."""
    _load_builtin()
    return sorted({name for (gid, name) in _BOTS if gid in ("*", game_id)})


def make_bot(game_id: str, name: str, seed: int | str | None = None) -> Bot:
    """A new bot ``name`` for ``game_id`` (raises UnknownBotError listing the known bots)."""
    _load_builtin()
    key = name.strip().lower()
    factory = _BOTS.get((game_id, key)) or _BOTS.get(("*", key))
    if factory is None:
        raise UnknownBotError(
            f"no bot {name!r} for {game_id}; bots are: {', '.join(bot_names(game_id))}"
        )
    return factory(seed)
