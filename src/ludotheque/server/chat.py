"""A table's chat: what people say in its two rooms, live over the table's socket, stored with the
table and shown in its replay (docs/web.md, "Chat").

Rulings (as on Board Game Arena):

- The **players' room** is written by the table's seats and read by everyone, spectators
  included: what players say to each other is part of the game people watch.
- The **spectators' room** is written and read by spectators only while the game is on, so that
  nobody watching coaches a player.
- Once the game is over the rooms open: everyone reads both, and anyone may write in either
  (a spectator may say "good game" to the players). The replay shows both.

A message is plain text (never HTML: pages set it as text), or one of the quick ``PHRASES``,
which each reader reads in their own language. Each author (a seat, or a spectator's client,
named by a keyed digest of its address: clients.py) has a rate, and each room a size: see
limits.py. Readers may mute an author on their own page; the server sends every message of a
room to everyone who reads that room.

The table owns its ``Chat`` (table.py) and tells its watchers; the ``Chat`` keeps the messages
(read from the store on first use) and the authors' rates, and never calls the table.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import asdict
from typing import Any

from anyio import to_thread

from .errors import ApiError
from .limits import CHAT_LENGTH, CHAT_PER_ROOM, MessageRate, chat_rate
from .names import check_name, plain_text
from .store import ChatLine, Store

log = logging.getLogger("ludotheque.server")

PLAYERS, SPECTATORS = "players", "spectators"
ROOMS = (PLAYERS, SPECTATORS)
#: The quick phrases (a phone's buttons); web/js/chat.js has their words in each language.
PHRASES = ("hello", "gl", "gg", "wp", "thanks", "wait")
#: Authors' rates kept per table before those that filled up again are forgotten.
RATES_KEPT = 1000


def readable(seat: int | None, finished: bool) -> tuple[str, ...]:
    """The rooms a reader reads: a player only the players' room until the end."""
    return ROOMS if seat is None or finished else (PLAYERS,)


def author_of(seat: int | None, client: str | None) -> str:
    """Who says something, as readers mute them: ``p:<seat>`` for a player, ``s:<digest>`` for a
    spectator's client (a few hex digits of a keyed digest, never the address)."""
    return f"p:{seat}" if seat is not None else f"s:{(client or '?')[:12]}"


def check_line(seat: int | None, author: str, message: dict[str, Any], finished: bool, step: int) -> ChatLine:
    """The line ``{"type": "chat", "room"?, "text" | "phrase", "name"?}`` asks to say, checked
    (its ``id`` and ``at`` are the store's); ApiError when it may not be said, nothing said."""
    room, text, phrase, name = (message.get(k) for k in ("room", "text", "phrase", "name"))
    own = PLAYERS if seat is not None else SPECTATORS
    if room is None:
        room = own
    shapes = [room in ROOMS, (text is None) != (phrase is None), text is None or isinstance(text, str),
              phrase is None or phrase in PHRASES, name is None or isinstance(name, str)]
    if not all(shapes):
        raise ApiError(400, "malformed", problem='send {"type": "chat", "text": words} or {"type": "chat", '
                                                 f'"phrase": one of {", ".join(PHRASES)}}}, with "room" '
                                                 f'one of {", ".join(ROOMS)} (or none: your own)')
    if room != own and not finished:
        raise ApiError(403, "chat_room")
    if text is not None:
        text = plain_text(text, CHAT_LENGTH, "chat_text")
    # a player is named by their seat (pages show its name); a spectator by the name they give
    name = check_name(name) if name is not None and seat is None else None
    return ChatLine(0, room, seat, author, name, text, phrase, step, 0.0)


def line_json(line: ChatLine) -> dict[str, Any]:
    return asdict(line)


def line_of(data: str) -> ChatLine | None:
    """A line another process told of (``line_json`` as text), or None if it is not one."""
    try:
        fields = json.loads(data)
        line = ChatLine(**fields)
    except (ValueError, TypeError):
        return None
    return line if isinstance(line.id, int) and line.room in ROOMS else None


class Chat:
    """One table's messages in memory (read from the store on first use; heard from the other
    processes) and what each author may still say."""

    def __init__(self, table_id: str, store: Store) -> None:
        self.table_id, self.store = table_id, store
        self.lines: dict[int, ChatLine] | None = None  # by id; None until read from the store
        self.early: dict[int, ChatLine] = {}  # heard before the read: joined to it
        self.rates: dict[str, MessageRate] = {}
        self._reading = asyncio.Lock()

    async def ready(self) -> bool:
        """Whether the messages are here (read from the store now, the first time); False when the
        store cannot be read (logged: the table plays on without its chat)."""
        async with self._reading:
            if self.lines is None:
                try:
                    stored = await to_thread.run_sync(self.store.chat_of, self.table_id)
                except Exception as exc:
                    log.warning("table %s: cannot read its chat: %s", self.table_id, exc)
                    return False
                self.lines = {line.id: line for line in stored}
                self.lines.update(self.early)
                self.early.clear()
        return True

    def room_full(self, room: str) -> bool:
        held = sum(line.room == room for line in (self.lines or {}).values())
        return held >= CHAT_PER_ROOM

    def take(self, author: str) -> None:
        """One message of ``author``'s rate; ApiError 429 ``chat_too_fast`` when it is spent."""
        rate = self.rates.get(author)
        if rate is None:
            if len(self.rates) >= RATES_KEPT:
                self.rates = {a: r for a, r in self.rates.items() if not r.full()}
            rate = self.rates[author] = chat_rate()
        if not rate.allow():
            raise ApiError(429, "chat_too_fast", retry_after=rate.wait())

    def add(self, line: ChatLine) -> bool:
        """Keep ``line``; whether it is news (neither known already nor waiting for the read)."""
        lines = self.early if self.lines is None else self.lines
        if line.id in lines:
            return False
        lines[line.id] = line
        return self.lines is not None

    def read_by(self, seat: int | None, finished: bool) -> list[dict[str, Any]]:
        """What a reader reads, in order."""
        rooms = readable(seat, finished)
        return [line_json(line) for _, line in sorted((self.lines or {}).items()) if line.room in rooms]
