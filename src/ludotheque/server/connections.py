"""The bare server's defence against slow and crowding clients: a deadline for receiving a whole
request, and a cap on the connections one address holds at once.

uvicorn has neither (its issue #157): a new connection has no timer until its first response,
and the keep-alive timer is reset by every byte received. Clients that open connections and send
a byte now and then, never finishing a request, hold the process's file descriptors for as long
as they please: with 256 of them, 260 such connections made every other visitor fail for 100 s.
People expose ``ludotheque serve`` directly, so the server itself defends:

- **a deadline** (``Hosting.request_timeout``): from the moment a connection opens, or the last
  response on it is finished, the client has that many seconds to send a whole request (line,
  headers and body). Past it the connection is closed, with a 408 if part of a request came (an
  idle keep-alive connection is closed without a word, as uvicorn's own timer does). The time the
  server takes to answer does not count, and a connection upgraded to a websocket is free of it
  (a websocket has its own hello deadline and pings: limits.py).
- **a cap** (``Hosting.per_address``): an address holds at most that many connections at once,
  websockets included; the next one is answered 429 and closed before anything of it is read.
  Behind a proxy every connection comes from the proxy: the addresses trusted with proxy headers
  (``Hosting.uncapped``) are not capped, the proxy limiting its own clients (docs/hosting.md).
- **room for a newcomer**: slow clients from many addresses, each under its cap, can still fill
  the process's file descriptors (300 from 40 addresses against 256 of them made visitors wait
  out the deadline). So once the open connections come near the process's limit of open files
  (``room``), a new connection makes room: the connection that has waited longest for its request
  is closed as at its deadline (one the server is answering, or a websocket, never is).

The protocol is uvicorn's own (httptools', or h11's where httptools is missing, as ``http="auto"``
picks) with these hooks; ``serve`` hands the class to uvicorn, and each worker process of
``--workers N`` imports it by name and reads the limits from the environment (hosting.py).
"""

from __future__ import annotations

import asyncio
import json
import resource
from http import HTTPStatus
from typing import Any

from uvicorn.middleware.proxy_headers import _TrustedHosts
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.utils import get_remote_addr

from .hosting import Hosting
from .words import say

try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # pragma: no cover - uvicorn[standard] brings httptools
    HttpToolsProtocol = None  # type: ignore[assignment,misc]


def refusal(status: int, code: str, **params: Any) -> bytes:
    """A whole response that closes the connection: ``{"detail", "code"}`` in English (nothing of
    the request, its language included, has been read)."""
    body = json.dumps({"detail": say(code, "en", **params), "code": code}).encode()
    head = (f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n\r\n")
    return head.encode("latin-1") + body


class Crowd:
    """The open connections of each address in this process, for the cap. A connection upgraded
    to a websocket leaves our protocol, which then never hears of its end: its transport, closing
    by then, is forgotten the next time its address connects (or at the next clean-up)."""

    CLEAN_EVERY = 1024  # connections admitted between two clean-ups of every address

    def __init__(self, hosting: Hosting, room: int | None = None) -> None:
        self.hosting = hosting
        self.uncapped = _TrustedHosts(hosting.uncapped) if hosting.uncapped else None
        self.open: dict[str, set[asyncio.BaseTransport]] = {}
        self.admitted = 0
        self.room = room_for_connections() if room is None else room
        self.transports: set[asyncio.BaseTransport] = set()  # every connection this process holds
        self.waiting: dict[Receipt, None] = {}  # those waiting for a request, longest first

    def make_room(self) -> None:
        """Near the limit of open files, close the connections that waited longest for a request
        until there is room for one more."""
        if len(self.transports) < self.room:
            return
        self.transports = {t for t in self.transports if not t.is_closing()}
        while len(self.transports) >= self.room and self.waiting:
            oldest = next(iter(self.waiting))
            oldest.expire()
            self.transports.discard(oldest.transport)

    def admit(self, host: str | None, transport: asyncio.BaseTransport) -> bool:
        """Whether ``host`` may open one more connection (then counted until ``release``)."""
        cap = self.hosting.per_address
        if cap <= 0 or host is None or (self.uncapped is not None and host in self.uncapped):
            return True
        held = self.open.setdefault(host, set())
        held.difference_update([t for t in held if t.is_closing()])
        if len(held) >= cap:
            return False
        held.add(transport)
        self.admitted += 1
        if self.admitted % self.CLEAN_EVERY == 0:
            self.clean()
        return True

    def release(self, host: str | None, transport: asyncio.BaseTransport) -> None:
        held = self.open.get(host or "")
        if held is not None:
            held.discard(transport)
            if not held:
                del self.open[host or ""]

    def clean(self) -> None:
        for host, held in list(self.open.items()):
            held.difference_update([t for t in held if t.is_closing()])
            if not held:
                del self.open[host]


#: File descriptors kept for what is not a connection (the database, the worker processes' pipes,
#: logs): a quarter of the process's limit, at most this many.
RESERVED_FILES = 64


def room_for_connections() -> int:
    """How many connections this process may hold before a newcomer makes room (``make_room``)."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 1 << 30
    return max(8, soft - min(RESERVED_FILES, soft // 4))


_crowd: Crowd | None = None


def crowd() -> Crowd:
    """This process's crowd, with the limits ``serve`` set in the environment (hosting.py)."""
    global _crowd
    if _crowd is None:
        import os

        _crowd = Crowd(Hosting.from_env(os.environ))
    return _crowd


class Receipt:
    """One connection's side of the limits: admitted or refused, and its deadline."""

    def __init__(self, protocol: Any, transport: asyncio.Transport) -> None:
        self.protocol, self.transport = protocol, transport
        self.crowd = crowd()
        self.host = (get_remote_addr(transport) or (None, 0))[0]
        self.timer: asyncio.TimerHandle | None = None
        self.partial = False  # part of a request came since the deadline started
        self.upgraded = False
        self.admitted = self.crowd.admit(self.host, transport)
        if not self.admitted:
            transport.write(refusal(429, "too_many_connections", limit=self.crowd.hosting.per_address))
            transport.close()
            return
        self.crowd.make_room()
        self.crowd.transports.add(transport)
        self.start()

    def start(self) -> None:
        """The client has ``request_timeout`` seconds from now to send a whole request."""
        self.cancel()
        self.partial = False
        self.crowd.waiting[self] = None  # (the last in line to make room)
        seconds = self.crowd.hosting.request_timeout
        if seconds > 0:
            self.timer = asyncio.get_running_loop().call_later(seconds, self.expire)

    def cancel(self) -> None:
        self.crowd.waiting.pop(self, None)
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def heard(self) -> None:
        self.partial = True

    def answered(self) -> None:
        """A response is finished: the deadline of the next request starts."""
        if not self.upgraded and not self.transport.is_closing():
            self.start()

    def upgrade(self) -> None:
        self.upgraded = True
        self.cancel()

    def lost(self) -> None:
        self.cancel()
        if self.admitted:
            self.crowd.release(self.host, self.transport)
            self.crowd.transports.discard(self.transport)

    def expire(self) -> None:
        """The deadline passed (or room is made): closed, unless the server is answering."""
        self.cancel()
        if self.upgraded or self.transport.is_closing():
            return
        cycle = self.protocol.cycle
        if cycle is not None and not cycle.response_complete and not cycle.more_body:
            return  # the whole request came: the server's turn (``answered`` starts a new deadline)
        if self.partial and (cycle is None or cycle.response_complete or not cycle.response_started):
            seconds = self.crowd.hosting.request_timeout
            self.transport.write(refusal(408, "request_timeout", seconds=f"{seconds:g}"))
        self.transport.close()


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline and a cap (module docstring)."""

    receipt: Receipt

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.receipt = Receipt(self, transport)

    def connection_lost(self, exc: Exception | None) -> None:
        self.receipt.lost()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.receipt.admitted:
            self.receipt.heard()
            super().data_received(data)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self.receipt.answered()

    def handle_websocket_upgrade(self, *event: Any) -> None:
        self.receipt.upgrade()
        super().handle_websocket_upgrade(*event)


if HttpToolsProtocol is not None:
    class GuardedHttpToolsProtocol(HttpToolsProtocol):
        """uvicorn's httptools protocol with a deadline and a cap (module docstring)."""

        receipt: Receipt

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self.receipt = Receipt(self, transport)

        def connection_lost(self, exc: Exception | None) -> None:
            self.receipt.lost()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self.receipt.admitted:
                self.receipt.heard()
                super().data_received(data)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self.receipt.answered()

        def handle_websocket_upgrade(self, *event: Any) -> None:
            self.receipt.upgrade()
            super().handle_websocket_upgrade(*event)


def protocol() -> type[asyncio.Protocol]:
    """The guarded version of the class uvicorn's ``http="auto"`` picks."""
    return GuardedH11Protocol if HttpToolsProtocol is None else GuardedHttpToolsProtocol
