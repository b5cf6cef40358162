"""One open websocket at a table, and the only code that writes to it.

Whatever happens at a table is *offered* to its watchers: the message joins the watcher's outbox
and returns at once, and the watcher's own writer task sends it. So a slow or dead client delays
nobody but itself; a client whose outbox fills up (``OUTBOX`` messages) or whose frame takes more
than ``SEND_SECONDS`` to leave is dropped with close code 4408, and its page reconnects and gets a
full view. (A frame's time is watched by the table's tick, every second, not by a timer per
frame: those timers were about 4% of a busy server's main thread.)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from starlette.websockets import WebSocket

from .limits import CLOSE_TOO_SLOW, OUTBOX, SEND_SECONDS
from .words import say

log = logging.getLogger("ludotheque.server")


def error_text(code: str, lang: str, **params: Any) -> str:
    """``{"type": "error", "code", "message"}`` in the watcher's language."""
    return json.dumps({"type": "error", "code": code, "message": say(code, lang, **params)},
                      ensure_ascii=False)


async def send_now(socket: WebSocket, text: str) -> None:
    """Write one frame to a socket that has no writer yet (the hello's answer), within limits."""
    with contextlib.suppress(Exception):
        async with asyncio.timeout(SEND_SECONDS):
            await socket.send({"type": "websocket.send", "text": text})


async def close_now(socket: WebSocket, code: int, text: str | None = None) -> None:
    """Say why (when there is something to say), then close; gives up on a socket that is stuck."""
    with contextlib.suppress(Exception):
        async with asyncio.timeout(SEND_SECONDS):
            if text is not None:
                await socket.send({"type": "websocket.send", "text": text})
            await socket.close(code)


class Watcher:
    """A socket watching a table: whose eyes it has (a seat, or None for a spectator), its language,
    who it is in the chat (``author``: chat.py; None: it did not ask for the chat), the revision of
    the last view it was sent, and its outbox."""

    def __init__(self, socket: WebSocket, seat: int | None, lang: str,
                 on_gone: Callable[[Watcher], None], author: str | None = None) -> None:
        self.socket, self.seat, self.lang, self.author = socket, seat, lang, author
        self.revision = -1  # nothing sent yet: the first message must be a full view
        self.closed: int | None = None  # the close code, once closing
        self._on_gone = on_gone
        self._outbox: deque[str] = deque()
        self._sending_since: float | None = None  # when the frame being written began (None: none is)
        self._ready = asyncio.Event()
        self._writer = asyncio.get_running_loop().create_task(self._write())
        self._closer: asyncio.Task[None] | None = None

    @property
    def key(self) -> tuple[int | None, str]:
        """Watchers with one key are sent the very same texts."""
        return self.seat, self.lang

    def offer(self, text: str) -> None:
        """Queue ``text`` for this socket; never waits. A full outbox drops the client."""
        if self.closed is not None:
            return
        if len(self._outbox) >= OUTBOX:
            self.close(CLOSE_TOO_SLOW, error_text("too_slow", self.lang))
            return
        self._outbox.append(text)
        self._ready.set()

    async def _write(self) -> None:
        try:
            while True:
                await self._ready.wait()
                while self._outbox:
                    text = self._outbox.popleft()
                    self._sending_since = time.monotonic()
                    await self.socket.send({"type": "websocket.send", "text": text})
                    self._sending_since = None
                self._ready.clear()
        except asyncio.CancelledError:
            raise
        except Exception:  # gone (disconnected) or stuck (timed out): either way, drop it
            self.close(CLOSE_TOO_SLOW, None, from_writer=True)

    def check_sending(self, now: float) -> None:
        """A frame written for more than ``SEND_SECONDS`` (by ``time.monotonic``'s ``now``): the
        client is stuck, and dropped (its writer, and the frame, cancelled)."""
        since = self._sending_since
        if since is not None and now - since > SEND_SECONDS:
            self.close(CLOSE_TOO_SLOW)

    def close(self, code: int, text: str | None = None, *, from_writer: bool = False) -> None:
        """Stop writing, tell the table this watcher is gone, and close the socket in the
        background (with ``text`` as a last word): never waits."""
        if self.closed is not None:
            return
        self.closed = code
        self._outbox.clear()
        if not from_writer:
            self._writer.cancel()
        self._on_gone(self)
        self._closer = asyncio.get_running_loop().create_task(close_now(self.socket, code, text))

    async def stop(self) -> None:
        """The socket's handler is ending: no more writing, and the close (if any) sent first,
        since the server drops a connection whose handler has returned."""
        self.closed = self.closed or 1000
        self._writer.cancel()
        # asyncio.wait, not await: a cancelled writer must not look like this handler cancelled
        await asyncio.wait([task for task in (self._writer, self._closer) if task is not None])
