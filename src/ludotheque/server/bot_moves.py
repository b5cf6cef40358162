"""Bots think in worker threads, never on the event loop, and within a time limit per move; bots
that search (``Bot.searches``) think in the worker *processes* of ``workers.py``, first in line
there, since a search in a thread would hold the interpreter and every other table would wait. A
search is sent only a position drawn again from what its seat sees (``State.resample``), never
the real one.

A bot that counts its time (a search, ``Bot.time_budget``) is given a deadline when its move is
asked: the time it waits for a busy worker comes out of its own, and it answers by then (within
``BOT_GRACE``), however busy the server is. A bot that runs out of time (or fails, or loses its
worker process twice) does not stop its table: the game's heuristic bot plays for it, from the
seat's observation like any bot (a game without one: a random legal action), and every such move
is logged and counted
(``/api/health``). A bot thinking in a thread sits out its next turns until its late thought is
over (a thread cannot be stopped, and one bot object never thinks twice at once).
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from ..bots.registry import bot_names, make_bot
from ..core.bot import Bot, ask
from ..core.game import Action, State
from .errors import ApiError
from .limits import BOT_GRACE, BOT_SECONDS
from .workers import ANALYSIS, BOT, HINT, SearchWorkers

log = logging.getLogger("ludotheque.server")
T = TypeVar("T")

#: The bot that plays a move another bot could not give in time.
FALLBACK_BOT = "heuristic"


class BotMoves:
    """A small pool of threads where bots think, and the search workers where searching bots do
    (with the hints and analyses, which come after them)."""

    def __init__(self, seconds: float = BOT_SECONDS, threads: int = 2,
                 processes: int | None = None) -> None:
        self.seconds = seconds
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="ludotheque-bot")
        self.workers = SearchWorkers(processes)
        self.thinking: set[int] = set()  # ids of bots still busy in a thread with a move given up on
        self.fallbacks: Counter[str] = Counter()  # moves played for a bot, by who played them
        self.causes: Counter[str] = Counter()  # and why: "late" (out of time) or "failed"
        self.rng = random.Random()

    @property
    def processes(self) -> int:
        return self.workers.processes

    async def move(self, bot: Bot, state: State, seat: int, table_id: str) -> Action:
        """``bot``'s move at ``seat`` (thinking on a copy of ``state``), or the fallback's."""
        if id(bot) in self.thinking:
            return await self._fallback(state, seat, table_id, bot, "still thinks about its last move",
                                        "late")
        budget = bot.time_budget()
        limit = self.seconds if budget is None else budget + BOT_GRACE
        try:
            if bot.searches:  # a whole process; only what its seat may know goes there
                await self.workers.started()  # (their start is not the bot's time)
                deadline = None if budget is None else time.time() + budget  # (Decision.deadline)
                async with asyncio.timeout(limit):
                    # (``ask``: a worker imports what it runs; nothing of the server's)
                    return await self.workers.run(BOT, ask, bot, state.resample(seat, self.rng, True), seat,
                                                  deadline)
            return await self._in_thread(bot, state, seat)
        except TimeoutError:
            why, cause = f"took more than {limit:.1f} s", "late"
        except Exception as exc:  # a bug in a bot, or its worker died twice: not its table's end
            log.warning("table %s: bot %s at seat %s failed", table_id, bot.name, seat, exc_info=exc)
            why, cause = f"failed ({exc.__class__.__name__})", "failed"
        return await self._fallback(state, seat, table_id, bot, why, cause)

    async def _in_thread(self, bot: Bot, state: State, seat: int) -> Action:
        future = self.pool.submit(ask, bot, state.clone(), seat)  # only the seat's observation
        try:
            async with asyncio.timeout(self.seconds):
                return await asyncio.wrap_future(future)
        except TimeoutError:  # the thread goes on: the bot sits out until it is done
            self.thinking.add(id(bot))
            future.add_done_callback(lambda _: self.thinking.discard(id(bot)))
            raise

    async def _fallback(self, state: State, seat: int, table_id: str, bot: Bot, why: str,
                        cause: str) -> Action:
        """The game's heuristic plays for a bot that could not (a game without one: at random);
        ``cause``: "late" or "failed", as /api/health counts them."""
        game_id = state.game.spec.id
        player = FALLBACK_BOT if FALLBACK_BOT in bot_names(game_id) and bot.name != FALLBACK_BOT else None
        if player is not None:
            try:
                stand_in = make_bot(game_id, player, self.rng.getrandbits(32))
                action = await self._in_thread(stand_in, state, seat)
            except Exception:
                log.exception("table %s: the fallback bot failed too", table_id)
                player = None
        if player is None:
            player, action = "random", state.sample_action(self.rng)
        self.fallbacks[player] += 1
        self.causes[cause] += 1
        log.warning("table %s: bot %s at seat %s %s; the %s bot played for it (%d such moves so far)",
                    table_id, bot.name, seat, why, player, sum(self.fallbacks.values()))
        return action

    async def search(self, job: Callable[..., T], *args: Any) -> T:
        """``job(*args)`` in a worker process, after the bots' moves (a hint), within the time
        limit of a bot's move (once the worker processes are up); ApiError 503 ``busy`` when it
        takes longer."""
        await self.workers.started()
        try:
            async with asyncio.timeout(self.seconds):
                return await self.workers.run(HINT, job, *args)
        except TimeoutError:
            raise ApiError(503, "busy") from None

    async def work(self, job: Callable[..., T], *args: Any) -> T:
        """``job(*args)`` in a worker process, after the bots' moves and the hints, however long
        it takes (one decision of a post-game analysis: nobody waits on it move by move)."""
        return await self.workers.run(ANALYSIS, job, *args)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.workers.close()
