"""Bots by name: ``random`` (and every bot here) plays any game; a game brings its own bots
(``Game.bots``), so no file here names a game."""

from __future__ import annotations

from collections.abc import Callable

from ..core.bot import Bot
from ..core.errors import LudothequeError
from ..core.registry import get_game
from .expert import ExpertBot
from .ismcts import IsmctsBot, StrongIsmctsBot
from .random_bot import RandomBot

BotFactory = Callable[[int | str | None], Bot]


class UnknownBotError(LudothequeError):
    """No bot of that name plays that game."""


#: Bots that play every game through the protocol alone.
#: Levels: ``heuristic`` (each game's own) is the easy one, ``ismcts`` the medium (0.5 s a move),
#: ``ismcts-hard`` the strong (3 s a move), ``expert`` the search guided by the game's trained
#: network (1 s a move).
GENERAL: dict[str, BotFactory] = {"random": RandomBot, "ismcts": IsmctsBot, "ismcts-hard": StrongIsmctsBot,
                                  "expert": ExpertBot}


def register_bot(name: str, factory: BotFactory) -> None:
    """Add a bot that plays every game (a game's own bots come from ``Game.bots``)."""
    GENERAL[name.strip().lower()] = factory


def _factories(game_id: str) -> dict[str, BotFactory]:
    """Every bot that plays ``game_id``; an unknown game has only the general bots."""
    try:
        own = dict(get_game(game_id).bots())
    except LudothequeError:
        own = {}
    return {**GENERAL, **own}


def bot_names(game_id: str) -> list[str]:
    """Names of the bots that play ``game_id``."""
    return sorted(_factories(game_id))


def bot_factory(game_id: str, name: str) -> BotFactory:
    """What makes bot ``name`` for ``game_id`` from a seed (raises UnknownBotError listing the
    known bots)."""
    factories = _factories(game_id)
    factory = factories.get(name.strip().lower())
    if factory is None:
        raise UnknownBotError(f"no bot {name!r} for {game_id}; bots are: {', '.join(sorted(factories))}")
    return factory


def make_bot(game_id: str, name: str, seed: int | str | None = None) -> Bot:
    """A new bot ``name`` for ``game_id`` (raises UnknownBotError listing the known bots)."""
    bot = bot_factory(game_id, name)(seed)
    if not isinstance(bot, Bot):
        raise TypeError(f"bot {name!r} of {game_id} is not a Bot")
    return bot
