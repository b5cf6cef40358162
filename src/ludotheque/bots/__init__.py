"""Bots that play any game through the protocol (they see only observations). A game's own bots
live in its folder; ``make_bot(game_id, name)`` finds either by name."""

from ..core.bot import Bot, Decision
from .random_bot import RandomBot
from .registry import UnknownBotError, bot_names, make_bot, register_bot

__all__ = ["Bot", "Decision", "RandomBot", "UnknownBotError", "bot_names", "make_bot", "register_bot"]
