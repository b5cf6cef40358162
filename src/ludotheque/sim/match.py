"""Play one game between bots, keeping its record."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

from ..bots.base import Bot
from ..core.errors import LudothequeError
from ..core.record import RecordedGame


class BotError(LudothequeError):
    """A bot chose an action that is not legal (a bug in the bot, reported with its name)."""


def bot_seed(seed: int, seat: int) -> int:
    """Each seat's bot gets its own reproducible stream, derived from the game's seed through a
    one-way hash: the deal seed itself would let a bot rebuild every hidden card."""
    digest = hashlib.sha256(f"bot:{seed}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def play_game(game_id: str, options: Mapping[str, Any] | None, bots: Sequence[Bot],
              seed: int | None = None, log: bool = False) -> RecordedGame:
    """Play a whole game with ``bots[seat]`` at each seat; returns the finished game.

    With ``log``, the state keeps its public event log (``state.log``) for reports."""
    game = RecordedGame.start(game_id, options, seed)
    state = game.state
    if log and hasattr(state, "log"):
        state.log = []
    if len(bots) != state.players:
        raise LudothequeError(f"{len(bots)} bots for {state.players} seats")
    for seat, bot in enumerate(bots):
        bot.reset(state.game, state.options, seat)
    while state.to_act is not None:
        seat = state.to_act
        legal = state.legal_actions()
        action = bots[seat].act(state.observe(seat), legal)
        if action not in legal:
            raise BotError(f"bot {bots[seat].name} at seat {seat} chose an illegal action {action} "
                           f"(seed {game.record.seed})")
        game.apply_trusted(action)
    return game
