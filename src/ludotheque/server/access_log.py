"""``serve --access-log``: one line per request on standard output, once it is answered.

A line says when, who (the client's address: the one a trusted proxy forwarded, with
``--proxy-headers``), the method and the path, the status and how long the answer took:

    2026-12-01 10:00:00,123 203.0.113.7 "POST /api/tables" 201 4.1 ms

The query string is left out, and the path is written with its control characters escaped (a
path is the client's text: a line feed in it must not forge a line). Seat tokens never travel in
a path or a query here (they are in bodies, websocket messages and URL fragments, which reach no
log). A websocket is one line when it ends: ``WS``, 101 if it was accepted (403 if refused), and
how long it lasted.
"""

from __future__ import annotations

import logging
import sys
import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("ludotheque.access")
#: The longest path written (a longer one is cut, marked with "…").
MAX_PATH = 300


def _printable(text: str) -> str:
    text = text if len(text) <= MAX_PATH else text[:MAX_PATH] + "…"
    return text if text.isprintable() else "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in text)


def _enable() -> None:
    """Lines to standard output, whatever the rest of logging is set to (uvicorn's own access
    log stays off: it writes the query string and nothing of the time taken)."""
    if not log.handlers:
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False


class AccessLog:
    """ASGI middleware writing the access log (module docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        _enable()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 0

        async def sending(message: Message) -> None:
            nonlocal status
            kind = message["type"]
            if kind == "http.response.start":
                status = int(message["status"])
            elif kind == "websocket.accept":
                status = 101
            elif kind in ("websocket.close", "websocket.http.response.start") and not status:
                status = int(message.get("status", 403))
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except BaseException:
            status = status or 500
            raise
        finally:
            client = scope.get("client")
            method = scope.get("method", "GET") if scope["type"] == "http" else "WS"
            took = (time.perf_counter() - started) * 1000
            log.info('%s "%s %s" %s %.1f ms', client[0] if client else "-", method,
                     _printable(scope.get("path", "")), status or "-", took)
