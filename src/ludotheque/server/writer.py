"""Group commit: one thread writes every action waiting to be stored, together, in one transaction.

A commit costs a sync to disk (SQLite in WAL mode with synchronous=FULL, or PostgreSQL); fifty
busy tables each committing on their own would queue behind fifty syncs. Here an action waits at
most for the commit in progress, then goes with every other action that arrived meanwhile (and
the event loop is woken once per batch). Each action is still committed before anyone is told of
it, and still written only if its table is at the step it was chosen on.

The writer counts its commits, the moves they held and the time they took (``figures``, in
``/api/health``): a writer busy most of the time sets how fast actions are stored (with SQLite's
full sync, it mostly waits for the disk).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from typing import Any

from .store import Move, Store, TableMoved

#: A waiting action and what it is told: whether it was stored, or the store's error.
Answer = tuple[asyncio.Future[bool], bool | BaseException]


class ActionWriter:
    """The thread that stores actions for one server process."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._waiting: queue.SimpleQueue[tuple[Move, asyncio.Future[bool]] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        # (written by the writer's thread alone, read by anyone)
        self.commits = 0  # transactions tried, stored or not
        self.moves = 0  # the moves they held
        self.busy = 0.0  # seconds spent in them (the syncs to disk included)

    def figures(self) -> dict[str, Any]:
        """What the writer did since it started: ``commits``, ``moves``, ``busy_seconds``."""
        return {"commits": self.commits, "moves": self.moves, "busy_seconds": round(self.busy, 6)}

    async def append(self, move: Move) -> None:
        """Store ``move`` (raises TableMoved if its table has left its step, or the store's error)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="ludotheque-writer", daemon=True)
            self._thread.start()
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._waiting.put((move, done))
        if not await done:
            raise TableMoved(move.table_id)

    def _run(self) -> None:
        while True:
            first = self._waiting.get()
            if first is None:
                return
            batch = [first]
            while not self._waiting.empty():
                item = self._waiting.get()
                if item is None:
                    self._waiting.put(None)  # finish this batch, then stop
                    break
                batch.append(item)
            batch = [(move, done) for move, done in batch if not done.cancelled()]
            if not batch:
                continue  # every waiting move was given up on: nothing to store
            answers: list[bool | BaseException]
            start = time.perf_counter()
            try:
                answers = list(self.store.append_actions([move for move, _ in batch]))
            except Exception as exc:  # the whole transaction failed: nothing of it was stored
                answers = [exc] * len(batch)
            self.busy += time.perf_counter() - start
            self.commits += 1
            self.moves += len(batch)
            # one wake-up of each event loop per batch, not one per action
            loops: dict[asyncio.AbstractEventLoop, list[Answer]] = {}
            for (_, done), answer in zip(batch, answers, strict=True):
                loops.setdefault(done.get_loop(), []).append((done, answer))
            for loop, settled in loops.items():
                with contextlib.suppress(RuntimeError):  # that loop is closed: nobody waits any more
                    loop.call_soon_threadsafe(_settle, settled)

    def close(self) -> None:
        if self._thread is not None:
            self._waiting.put(None)
            self._thread.join(timeout=10)
            self._thread = None


def _settle(settled: list[Answer]) -> None:
    """In the event loop: each action's writer hears whether it was stored (or the store's error)."""
    for done, answer in settled:
        if done.cancelled():
            continue
        if isinstance(answer, BaseException):
            done.set_exception(answer)
        else:
            done.set_result(answer)
