"""Bots: they see only observations. ``make_bot(game_id, name)`` finds one by name."""

from .base import Bot, RandomBot
from .registry import UnknownBotError, bot_names, make_bot, register_bot

__all__ = ["Bot", "RandomBot", "UnknownBotError", "bot_names", "make_bot", "register_bot"]
