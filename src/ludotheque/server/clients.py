"""Which client used a seat, as far as the leaderboard needs to know (until there are accounts).

A seat's link is all there is to a player, so one person can hold every seat of a table and
rate a name as they please. What tells two people apart is the address they play from: the
first client to play a move with a seat's token (noted with the move, in the same write) or to
name the seat is noted with the seat, and the leaderboard rates a table only when its people
came from distinct clients (leaderboard.py).

Never the address itself: a digest ``HMAC-SHA256(database key, table id, address)``, cut to 128
bits. The key is made once per database (``ludo_secrets``), so every process of one server
agrees; the table id in it makes one address's digests unrelated from one table to the next (the
database does not say which tables were played from one place). An IPv6 address counts by its
/64 network, which one home or phone is usually given whole; an IPv4 address inside IPv6 counts
as that IPv4 address. The address is the one uvicorn puts in the request: behind a trusted proxy,
the forwarded one. Whoever holds the database, key included, can test a guessed address against
a digest (there are only 2^32 IPv4 addresses): keep backups as private as its keys (security.md).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import logging

from anyio import to_thread
from starlette.requests import HTTPConnection

from .store import Store
from .table import Table

log = logging.getLogger("ludotheque.server")


def host_of(connection: HTTPConnection) -> str | None:
    """The address a request or socket comes from (None when the server does not know it)."""
    return connection.client.host if connection.client is not None else None


def client_of(host: str | None) -> str | None:
    """What one client is: its IPv4 address, its IPv6 /64 network, or (not an address, e.g. a
    test's client) the name it came with."""
    if not host:
        return None
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def client_digest(key: bytes, table_id: str, host: str | None) -> str | None:
    """The digest a seat of ``table_id`` keeps of the client at ``host`` (None: unknown)."""
    client = client_of(host)
    if client is None:
        return None
    return hmac.new(key, f"{table_id}\x00{client}".encode(), hashlib.sha256).hexdigest()[:32]


def client_at(store: Store, table: Table, connection: HTTPConnection) -> str | None:
    """The digest a seat of ``table`` keeps of the client at ``connection`` (None: unknown)."""
    return client_digest(store.client_secret, table.id, host_of(connection))


async def note_client(store: Store, table: Table, seat: int | None, digest: str | None) -> None:
    """Note ``digest`` (``client_at``: worked out once per socket) as the client using
    ``seat`` (a seat's first client only, before the game is over). A failed write is logged and
    forgotten: the action itself goes on."""
    # noted first: the seat's next request does not write again meanwhile
    if seat is None or digest is None or not table.first_client(seat, digest):
        return
    try:
        await to_thread.run_sync(store.set_client, table.id, seat, digest)
    except Exception as exc:
        table.forget_client(seat)
        log.warning("table %s: cannot note the client of seat %s: %s", table.id, seat, exc)
