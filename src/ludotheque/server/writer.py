"""Group commit: one thread writes every action waiting to be stored, together, in one transaction.

A commit costs a sync to disk (SQLite in WAL mode with synchronous=FULL, or PostgreSQL); fifty
busy tables each committing on their own would queue behind fifty syncs. Here an action waits at
most for the commit in progress, then goes with every other action that arrived meanwhile. Each
action is still committed before anyone is told of it, and still written only if its table is at
the step it was chosen on.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from concurrent.futures import Future

from .store import Move, Store, TableMoved


class ActionWriter:
    """The thread that stores actions for one server process."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._waiting: queue.SimpleQueue[tuple[Move, Future[None]] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    async def append(self, move: Move) -> None:
        """Store ``move`` (raises TableMoved if its table has left its step, or the store's error)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="ludotheque-writer", daemon=True)
            self._thread.start()
        done: Future[None] = Future()
        self._waiting.put((move, done))
        await asyncio.wrap_future(done)

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
            batch = [(move, done) for move, done in batch if done.set_running_or_notify_cancel()]
            try:
                written = self.store.append_actions([move for move, _ in batch])
            except Exception as exc:  # the whole transaction failed: nothing of it was stored
                for _, done in batch:
                    done.set_exception(exc)
                continue
            for (move, done), ok in zip(batch, written, strict=True):
                done.set_result(None) if ok else done.set_exception(TableMoved(move.table_id))

    def close(self) -> None:
        if self._thread is not None:
            self._waiting.put(None)
            self._thread.join(timeout=10)
            self._thread = None
