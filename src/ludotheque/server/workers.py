"""The worker processes where searches run (search bots' moves, hints, post-game analyses), and the
order in which they get a core.

Why not a bare ``ProcessPoolExecutor``: its queue is first come, first served, so 60 queued
analyses made every search bot wait past its time limit; and once one of its processes dies
(killed, out of memory) it is broken for good, and every table with a search bot froze until a
restart. Here jobs wait in our own queue, by priority (bots' moves first, then hints, then
analyses; in order of arrival within a priority), and only as many are handed to the executor as
it has processes, so a bot's move never waits behind more than the jobs already running. A broken
executor is replaced at once and the jobs it held are handed to the new one: a worker that dies
mid-move costs that move a retry (a job that kills its worker again fails, so one poisonous job
cannot loop). A job whose caller stopped waiting (its time ran out) leaves the queue.

The processes are spawned, not forked (the server's threads stay behind), and each watches its
parent: a server killed with ``kill -9`` leaves no search process behind; ``close`` stops them
on a clean shutdown (SIGTERM or SIGINT), so none is left to the init process either.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, TypeVar

log = logging.getLogger("ludotheque.server")
T = TypeVar("T")

#: Priorities, most urgent first: a bot's move holds its table up, a hint holds a person, an
#: analysis holds nobody (the page shows its progress).
BOT, HINT, ANALYSIS = 0, 1, 2
#: Times a job is handed again to a new pool after its worker died under it.
RETRIES = 1
#: Seconds between two looks of a worker at whether its server is still there.
PARENT_CHECK_SECONDS = 1.0
#: How much lower the workers' scheduling priority is than the server's (``nice``): a search
#: takes a core as long as it is free, but the event loop that acknowledges everyone's actions
#: gets it first when both want it.
NICENESS = 5


def default_search_processes() -> int:
    """Worker processes for searches: a core for each but one, at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


def _start_worker(parent: int) -> None:
    """In a worker process, first: a lower priority than the server's, and an end when the server
    that started it is gone (``kill -9`` runs no shutdown, and the worker's own pipes would keep it
    waiting for jobs that never come)."""
    with contextlib.suppress(OSError):
        os.nice(NICENESS)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="ludotheque-parent-watch", daemon=True).start()


@dataclass(order=True)
class _Job:
    priority: int
    order: int
    call: Callable[..., Any] = field(compare=False)
    args: tuple[Any, ...] = field(compare=False)
    answer: asyncio.Future[Any] = field(compare=False)
    tries: int = field(default=0, compare=False)


class SearchWorkers:
    """A pool of ``processes`` worker processes that heals, fed from a queue by priority."""

    def __init__(self, processes: int | None = None) -> None:
        self.processes = processes or default_search_processes()
        self.pool: ProcessPoolExecutor | None = None  # made at the first job
        self.waiting: list[_Job] = []  # a heap: (priority, order of arrival)
        self.running = 0
        self.replaced = 0  # pools replaced after a worker died
        self._order = itertools.count()
        self._starting: asyncio.Future[None] | None = None  # every process of the pool coming up

    async def started(self) -> None:
        """Once the worker processes are up: a call before any job starts them all and waits for
        them (spawning a process and its imports takes a while, seconds on a loaded machine); any
        other returns at once (waiting for busy workers is not starting them). A caller with a
        time limit awaits this first, so that a server's first search does not count their start
        against its time (a fresh server's first hint was 503 "busy")."""
        starting = self._starting
        if starting is None or starting.cancelled():
            if self.pool is not None:  # jobs started it
                return
            starting = self._starting = asyncio.ensure_future(self._start())
        if not starting.done():
            await asyncio.shield(starting)

    async def _start(self) -> None:
        # one empty job a process, all at once: the executor starts a process for each while none
        # is idle (a failure is left to the real jobs, which retry on a new pool)
        await asyncio.gather(*(self.run(BOT, os.getpid) for _ in range(self.processes)),
                             return_exceptions=True)

    async def run(self, priority: int, call: Callable[..., T], *args: Any) -> T:
        """``call(*args)`` in a worker process, after the jobs of higher priority (and those of
        the same priority that came first); leaves the queue if the caller stops waiting."""
        job = _Job(priority, next(self._order), call, args, asyncio.get_running_loop().create_future())
        heapq.heappush(self.waiting, job)
        self._dispatch()
        return await job.answer  # type: ignore[no-any-return]

    def queued(self, priority: int) -> int:
        """Jobs of ``priority`` waiting for a process (not counting those given up on)."""
        return sum(1 for job in self.waiting if job.priority == priority and not job.answer.done())

    def _dispatch(self) -> None:
        while self.waiting and self.running < self.processes:
            job = heapq.heappop(self.waiting)
            if not job.answer.done():  # (done: its caller gave up waiting)
                self._submit(job)

    def _submit(self, job: _Job) -> None:
        while True:
            pool = self._pool()
            try:
                submitted: Future[Any] = pool.submit(job.call, *job.args)
                break
            except (BrokenProcessPool, RuntimeError) as exc:  # it broke between two jobs
                self._replace(pool)
                if job.tries >= RETRIES:
                    job.answer.set_exception(exc)
                    return
                job.tries += 1
        self.running += 1
        loop = job.answer.get_loop()

        def finished(done: Future[Any]) -> None:  # in the executor's thread
            if not loop.is_closed():
                loop.call_soon_threadsafe(self._finished, job, done, pool)

        submitted.add_done_callback(finished)

    def _finished(self, job: _Job, done: Future[Any], pool: ProcessPoolExecutor) -> None:
        self.running -= 1
        error = None if done.cancelled() else done.exception()
        if isinstance(error, BrokenProcessPool):
            self._replace(pool)
            if job.tries < RETRIES and not job.answer.done():
                job.tries += 1
                heapq.heappush(self.waiting, job)  # first in line again, at its priority
                error = None
        if job.answer.done() or job in self.waiting:
            pass  # given up on, or handed again
        elif done.cancelled():
            job.answer.cancel()
        elif error is not None:
            job.answer.set_exception(error)
        else:
            job.answer.set_result(done.result())
        self._dispatch()

    def _pool(self) -> ProcessPoolExecutor:
        if self.pool is None:  # spawned, not forked: the server's threads stay behind
            self.pool = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"),
                                            initializer=_start_worker, initargs=(os.getpid(),))
        return self.pool

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """A worker of ``broken`` died: the others are stopped and the next job starts a new pool
        (only once however many of its jobs report it)."""
        if broken is not self.pool:
            return
        self.pool = None
        self._starting = None  # the next caller waits for the new pool's processes
        self.replaced += 1
        log.error("a search worker process died; its pool is replaced and its jobs handed again")
        _stop(broken)

    def close(self) -> None:
        """Stop every worker process now (jobs under way are lost: the server is stopping)."""
        for job in self.waiting:
            job.answer.cancel()
        self.waiting.clear()
        if self.pool is not None:
            _stop(self.pool)
            self.pool = None


def _stop(pool: ProcessPoolExecutor) -> None:
    """End ``pool``'s processes without waiting for their jobs, and reap them."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)
