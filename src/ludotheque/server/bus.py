"""How one server process learns what the others did, and which of them moves a table's bots.

- ``LocalBus``: the only process on its database (SQLite, the embedded default). It holds a lock
  file beside a SQLite database, so a second server on the same file says so at once instead of
  playing beside the first.
- ``PostgresBus``: any number of processes on one PostgreSQL. Each commit of an action sends a
  ``NOTIFY`` in the same transaction (store.py), so every other process hears of it once it is
  durable, and forwards it to its own sockets. The bots of a table are moved by the process that
  holds the table's advisory lock on its lease connection: exactly one at a time, and a process
  that dies loses its locks with its connection, so another takes its tables over.

A notice is one line of text: ``<kind> <origin> <table> <data>`` (kinds below).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import hashlib
import logging
import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from sqlalchemy.engine import make_url

from .store import CHANNEL, Store, StoreError

log = logging.getLogger("ludotheque.server")

#: Notice kinds: an action was played (<data>: "<revision> <action>", the revision it was chosen
#: on, and the action in notation, so that nobody needs to read it back); the table's seats
#: connected here are <data> (a comma list); its "play again" table is <data>; who is connected at
#: <table>?; a seat's player chose a name (<data>: the seat; the name is read back from the
#: store); a move was taken back (<data>: the table's new revision; its actions are read back);
#: something was said in its chat (<data>: the stored line as JSON, server/chat.py).
ACTION, PRESENCE, REMATCH, WHO, NAME, UNDO, CHAT = "a", "p", "r", "w", "n", "u", "c"
#: A notice that the listener was cut off and notices may have been missed: catch up everything.
RESYNC = "resync"


@dataclass(frozen=True)
class Notice:
    kind: str
    origin: str
    table: str
    data: str = ""

    def encode(self) -> str:
        return f"{self.kind} {self.origin} {self.table} {self.data}"

    @classmethod
    def decode(cls, payload: str) -> Notice | None:
        parts = payload.split(" ", 3)
        if len(parts) != 4 or parts[0] not in (ACTION, PRESENCE, REMATCH, WHO, NAME, UNDO, CHAT):
            return None
        return cls(*parts)


class Bus:
    """The single-process bus: nobody else to tell, every table's bots are ours."""

    multi_process = False

    def __init__(self) -> None:
        self.origin = secrets.token_hex(4)

    def notice(self, kind: str, table: str, data: str = "") -> str | None:
        """The payload announcing a change (None: nobody listens)."""
        return None

    async def start(self, on_notice: Callable[[Notice], None]) -> None:
        pass

    async def close(self) -> None:
        pass

    async def claim(self, table_id: str) -> bool:
        """May this process move the bots of ``table_id``? (Keeps the answer until released.)"""
        return True

    async def release(self, table_id: str) -> None:
        pass


class LocalBus(Bus):
    """The only server on a SQLite file: a lock file beside it proves it."""

    def __init__(self, store: Store) -> None:
        super().__init__()
        self._lock_file: IO[str] | None = None
        database = store.engine.url.database
        if store.engine.dialect.name != "sqlite" or not database or database == ":memory:":
            return
        path = Path(database).with_name(Path(database).name + ".lock")
        lock_file = open(path, "a+")  # noqa: SIM115 (held for the life of the server)
        try:
            fcntl.flock(lock_file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            lock_file.seek(0)
            holder = lock_file.read().strip() or "?"
            lock_file.close()
            raise StoreError(f"database {database} is already served by another process (pid {holder}); "
                             "SQLite serves one process: use PostgreSQL to run several") from None
        lock_file.truncate(0)
        lock_file.write(str(os.getpid()))
        lock_file.flush()
        self._lock_file = lock_file

    async def close(self) -> None:
        if self._lock_file is not None:
            self._lock_file.close()  # closing releases the lock
            self._lock_file = None


def _lease_key(table_id: str) -> int:
    """The advisory lock key of a table's bots (a signed 64-bit int, as PostgreSQL wants)."""
    return int.from_bytes(hashlib.sha256(f"ludotheque:bots:{table_id}".encode()).digest()[:8], "big",
                          signed=True)


class PostgresBus(Bus):
    """LISTEN/NOTIFY for news, session advisory locks for bot leases (see the module's doc)."""

    multi_process = True
    RETRY_SECONDS = 1.0

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.conninfo = make_url(store.url).set(drivername="postgresql").render_as_string(hide_password=False)
        self.held: set[str] = set()
        self._leases: Any = None  # psycopg.AsyncConnection, opened on first claim
        self._leases_lock = asyncio.Lock()
        self._listener: asyncio.Task[None] | None = None

    def notice(self, kind: str, table: str, data: str = "") -> str | None:
        return Notice(kind, self.origin, table, data).encode()

    async def start(self, on_notice: Callable[[Notice], None]) -> None:
        ready = asyncio.get_running_loop().create_future()
        self._listener = asyncio.create_task(self._listen(on_notice, ready))
        await ready  # listening before the first request: no notice can fall in between

    async def _listen(self, on_notice: Callable[[Notice], None], ready: asyncio.Future[None]) -> None:
        import psycopg

        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    if first:
                        ready.set_result(None)
                        first = False
                    else:  # notices sent while we were away are lost: compare everything
                        on_notice(Notice(RESYNC, "", ""))
                    async for message in conn.notifies():
                        notice = Notice.decode(message.payload)
                        if notice is not None and notice.origin != self.origin:
                            on_notice(notice)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if first and not ready.done():
                    ready.set_exception(StoreError(f"cannot listen on PostgreSQL: {exc}"))
                    return
                log.warning("lost the PostgreSQL listener (%s); reconnecting", exc)
                await asyncio.sleep(self.RETRY_SECONDS)

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        async with self._leases_lock:
            if self._leases is not None:
                await self._leases.close()  # releases every lease at once
                self._leases = None
            self.held.clear()

    async def claim(self, table_id: str) -> bool:
        import psycopg

        async with self._leases_lock:
            if table_id in self.held:
                return True
            try:
                if self._leases is None or self._leases.closed:
                    self.held.clear()  # a new connection holds nothing
                    self._leases = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
                cursor = await self._leases.execute("SELECT pg_try_advisory_lock(%s)", [_lease_key(table_id)])
                row = await cursor.fetchone()
            except psycopg.Error as exc:
                log.warning("cannot take the bot lease of table %s: %s", table_id, exc)
                return False
            if row and row[0]:
                self.held.add(table_id)
                return True
            return False

    async def release(self, table_id: str) -> None:
        import psycopg

        async with self._leases_lock:
            if table_id not in self.held:
                return
            self.held.discard(table_id)
            if self._leases is not None and not self._leases.closed:
                try:
                    await self._leases.execute("SELECT pg_advisory_unlock(%s)", [_lease_key(table_id)])
                except psycopg.Error as exc:
                    log.warning("cannot release the bot lease of table %s: %s", table_id, exc)


def bus_for(store: Store) -> Bus:
    return PostgresBus(store) if store.is_postgres else LocalBus(store)
