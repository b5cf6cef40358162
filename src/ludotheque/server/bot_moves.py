"""Bots think in worker threads, never on the event loop, and within a time limit per move.

A bot that runs out of time (or fails) does not stop its table: the table plays a random legal
action for it, and the bot sits out its next turns until its late thought is over (a thread cannot
be stopped, and one bot object never thinks twice at once).
"""

from __future__ import annotations

import asyncio
import logging
import random
from concurrent.futures import ThreadPoolExecutor

from ..core.bot import Bot, ask
from ..core.game import Action, State
from .limits import BOT_SECONDS

log = logging.getLogger("ludotheque.server")


def think(bot: Bot, state: State, seat: int) -> Action:
    """The one place the web table asks a bot for its move: it sees only ``seat``'s observation
    (built if it reads it); BotError for an illegal choice."""
    return ask(bot, state, seat)


class BotMoves:
    """A small pool of threads where bots think."""

    def __init__(self, seconds: float = BOT_SECONDS, threads: int = 2) -> None:
        self.seconds = seconds
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="ludotheque-bot")
        self.thinking: set[int] = set()  # ids of bots still busy with a move given up on
        self.fallback = random.Random()

    async def move(self, bot: Bot, state: State, seat: int, table_id: str) -> Action:
        """``bot``'s move at ``seat`` (thinking on a copy of ``state``), or a random legal action."""
        if id(bot) in self.thinking:
            return self._random(state)
        future = self.pool.submit(think, bot, state.clone(), seat)
        try:
            async with asyncio.timeout(self.seconds):
                return await asyncio.wrap_future(future)
        except TimeoutError:
            log.warning("table %s: bot %s at seat %s took more than %.1f s; it plays at random",
                        table_id, bot.name, seat, self.seconds)
            self.thinking.add(id(bot))
            future.add_done_callback(lambda _: self.thinking.discard(id(bot)))
        except Exception:  # a bug in a bot must not stop its table
            log.exception("table %s: bot %s at seat %s failed; it plays at random", table_id, bot.name, seat)
        return self._random(state)

    def _random(self, state: State) -> Action:
        return state.sample_action(self.fallback)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
