"""Play one game between bots, keeping its record."""

# mypyc: compile

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.bot import Bot, BotError, ask
from ..core.errors import LudothequeError
from ..core.game import CHANCE, sample_chance
from ..core.record import RecordedGame


def _derived_seed(kind: str, seed: int, seat: int) -> int:
    digest = hashlib.sha256(f"{kind}:{seed}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def bot_seed(seed: int, seat: int) -> int:
    """Each seat's bot gets its own reproducible stream, derived from the game's seed through a
    one-way hash: the deal seed itself would let a bot rebuild every hidden card."""
    return _derived_seed("bot", seed, seat)


def chance_seed(seed: int) -> int:
    """The stream that draws a game's chance outcomes during play (recorded as actions, so a
    record replays without it)."""
    return _derived_seed("chance", seed, 0)


def play_game(game_id: str, options: Mapping[str, Any] | None, bots: Sequence[Bot],
              seed: int | None = None, log: bool = False) -> RecordedGame:
    """Play a whole game with ``bots[seat]`` at each seat; returns the finished game.

    Each bot is asked through a ``Decision``: the observation is built only if the bot reads
    it. With ``log``, the state keeps its public event log (``state.log``) for reports."""
    game = RecordedGame.start(game_id, options, seed)
    state = game.state
    if log and hasattr(state, "log"):
        state.log = []
    if len(bots) != state.players:
        raise LudothequeError(f"{len(bots)} bots for {state.players} seats")
    for place, bot in enumerate(bots):
        bot.reset(state.game, state.options, place)
    dealt = game.record.seed
    chance: random.Random | None = None  # made at the first chance node (Gargon has none)
    while state.to_act is not None:
        seat: int = state.to_act
        if seat == CHANCE:
            if chance is None:
                chance = random.Random(chance_seed(0 if dealt is None else dealt))
            game.apply_trusted(sample_chance(state, chance))
            continue
        if game.first_seat is None:  # a report's turn positions count from this seat
            game.first_seat = seat
        try:
            action = ask(bots[seat], state, seat)
        except BotError as exc:
            raise BotError(f"{exc} (seed {dealt})") from None
        game.apply_trusted(action)
    return game
