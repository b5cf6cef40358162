"""Bots think in worker threads, never on the event loop, and within a time limit per move; bots
that search (``Bot.searches``) think in worker *processes*, since a search in a thread would hold
the interpreter and every other table would wait. A search is sent only a position drawn again
from what its seat sees (``State.resample``), never the real one.

A bot that runs out of time (or fails) does not stop its table: the table plays a random legal
action for it, and the bot sits out its next turns until its late thought is over (a thread cannot
be stopped, and one bot object never thinks twice at once).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, TypeVar

from ..core.bot import Bot, ask
from ..core.game import Action, State
from .errors import ApiError
from .limits import BOT_SECONDS

log = logging.getLogger("ludotheque.server")
T = TypeVar("T")


def think(bot: Bot, state: State, seat: int) -> Action:
    """The one place the web table asks a bot for its move: it sees only ``seat``'s observation
    (built if it reads it); BotError for an illegal choice."""
    return ask(bot, state, seat)


def default_search_processes() -> int:
    """Worker processes for searching bots: a core for each but one, at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


class BotMoves:
    """A small pool of threads where bots think, and a pool of processes (made at the first
    search) where searching bots do."""

    def __init__(self, seconds: float = BOT_SECONDS, threads: int = 2,
                 processes: int | None = None) -> None:
        self.seconds = seconds
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="ludotheque-bot")
        self.processes = processes or default_search_processes()
        self.searches: ProcessPoolExecutor | None = None
        self.thinking: set[int] = set()  # ids of bots still busy with a move given up on
        self.fallback = random.Random()

    async def move(self, bot: Bot, state: State, seat: int, table_id: str) -> Action:
        """``bot``'s move at ``seat`` (thinking on a copy of ``state``), or a random legal action."""
        if id(bot) in self.thinking:
            return self._random(state)
        if bot.searches:  # a whole process of its own; only what its seat may know goes there
            future = self._search_pool().submit(think, bot, state.resample(seat, self.fallback, True), seat)
        else:
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

    async def search(self, job: Callable[..., T], *args: Any) -> T:
        """``job(*args)`` in a worker process where searching bots think (a hint, an analysis),
        within the time limit of a bot's move; ApiError 503 ``busy`` when it takes longer."""
        future = self._search_pool().submit(job, *args)
        try:
            async with asyncio.timeout(self.seconds):
                return await asyncio.wrap_future(future)
        except TimeoutError:
            future.cancel()
            raise ApiError(503, "busy") from None

    async def work(self, job: Callable[..., T], *args: Any) -> T:
        """``job(*args)`` in a worker process where searching bots think, however long it takes
        (one decision of a post-game analysis: nobody waits on it move by move)."""
        return await asyncio.wrap_future(self._search_pool().submit(job, *args))

    def _search_pool(self) -> Executor:
        if self.searches is None:  # spawned, not forked: the server's threads stay behind
            context = multiprocessing.get_context("spawn")
            self.searches = ProcessPoolExecutor(self.processes, mp_context=context)
        return self.searches

    def _random(self, state: State) -> Action:
        return state.sample_action(self.fallback)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        if self.searches is not None:
            self.searches.shutdown(wait=False, cancel_futures=True)
