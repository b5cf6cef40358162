"""Every limit the web table puts on what it is sent, in one place (docs/web.md lists them).

A limit is checked before anything is allocated for a request: a body is measured before it is
parsed, a JSON text is checked for depth and number length before it is decoded, and a table's
seats are counted against its game's player range before any seat exists.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

#: Largest HTTP request body (bytes) and websocket message (characters).
MAX_BODY = 16 * 1024
MAX_MESSAGE = 16 * 1024
#: Deepest nesting of JSON arrays and objects.
MAX_DEPTH = 8
#: Longest JSON number literal (characters): 2**63 has 19 digits.
MAX_NUMBER = 20
#: Longest JSON string, and the longest of the named fields below.
MAX_STRING = 1000
MAX_TOKEN = 128
MAX_ACTION = 200
MAX_LANG = 35
MAX_NAME = 40  # a game id, a seat kind ("bot:heuristic"), an option name
MAX_TABLE_ID = 32
#: Tables a page may ask about at once (``GET /api/tables?ids=``: the browser's own tables).
MAX_KNOWN_TABLES = 20
#: A player's name: at most this many characters (plain text, no control characters).
MAX_PLAYER_NAME = 24
#: A claimed name's password: at least this many characters, at most that many (argon2 hashes
#: any length; the bound keeps one attempt's cost bounded).
MIN_PASSWORD = 8
MAX_PASSWORD = 128
#: Attempts to claim a name or sign in: per client address, and per name, each minute.
SIGN_INS_PER_MINUTE = 10
#: Days a session stays signed in.
SESSION_DAYS = 30
#: Most seats a request may list, whatever the game (each game's own maximum is checked next).
MAX_SEATS = 16
MAX_OPTIONS = 16

#: Websocket: seconds to say hello; messages a socket may send (a burst, then a steady rate).
HELLO_SECONDS = 10.0
MESSAGE_BURST = 100
MESSAGES_PER_SECOND = 50.0
#: Messages waiting to be written to one socket; a client that lets more pile up is dropped.
OUTBOX = 64
#: Seconds one frame may take to be written before the client counts as gone.
SEND_SECONDS = 10.0
#: Sockets watching one table (seats and spectators) in one process.
MAX_WATCHERS = 1000
#: Renames of one seat (in one process): a burst, then one a second (a name in every view means
#: a whole view to every watcher; what a burst changes is sent once: views.py).
RENAME_BURST = 5
RENAMES_PER_SECOND = 1.0
#: Chat (chat.py): the longest message (characters, plain text), the messages one author (a seat,
#: or a spectator's client) may say at one table in one process (a burst, then a steady rate),
#: and the most one room of a table keeps (a table's whole chat is sent on every page's hello).
CHAT_LENGTH = 280
CHAT_BURST = 5
CHAT_PER_SECOND = 0.5
CHAT_PER_ROOM = 500

#: A bot's thinking time per move before the game's heuristic bot plays for it.
BOT_SECONDS = 5.0
#: A bot that counts its time (a search) answers by its deadline, however long it waited for a
#: worker: this much later, the heuristic plays for it instead (bot_moves.py).
BOT_GRACE = 1.0
#: Hints waiting or under way at once (quotas.py): per search worker process, per client address,
#: per table; and the seconds a refused asker is told to wait (Retry-After).
HINTS_PER_PROCESS, HINTS_PER_CLIENT, HINTS_PER_TABLE, HINTS_RETRY = 2, 1, 1, 5
#: Post-game analyses waiting or under way at once, the same way (each reviews one decision at a
#: time in the workers, after the bots' moves and the hints).
ANALYSES_PER_PROCESS, ANALYSES_PER_CLIENT, ANALYSES_PER_TABLE, ANALYSES_RETRY = 4, 2, 2, 30
#: Seconds the page of a person to act must have been gone, at a table without a clock, before
#: the other players may hand the seat to a bot (with a clock, its own "away" does it at once).
AWAY_SECONDS = 60.0

#: What ``ludotheque serve`` allows by default (docs/hosting.md): seconds a client has to send a
#: whole request (server/connections.py), connections one address may hold at once, new tables an
#: address may make a minute (a burst of as many, then one every 60/N s), and days an unfinished
#: table may go without an action before it is deleted. The app built by ``create_app`` alone
#: limits none of them (tests and benchmarks make many tables from one address).
REQUEST_SECONDS = 10.0
CONNECTIONS_PER_ADDRESS = 32
TABLES_PER_MINUTE = 30
EXPIRE_DAYS = 30.0

#: Lobby pages.
PAGE_DEFAULT = 50
PAGE_MAX = 200

#: Websocket close codes (docs/web.md).
CLOSE_TOO_BIG = 1009  # the standard "message too big"
CLOSE_INTERNAL = 1011  # a bug on our side (logged)
CLOSE_BAD_HELLO = 4400
CLOSE_BAD_TOKEN = 4403
CLOSE_NO_TABLE = 4404
CLOSE_TOO_SLOW = 4408  # the client did not read its messages fast enough
CLOSE_OLD_RULES = 4409
CLOSE_TOO_FAST = 4429  # the client sent messages faster than allowed
CLOSE_CROWDED = 4503  # too many watchers at this table


@dataclass
class MessageRate:
    """A token bucket: ``MESSAGE_BURST`` messages at once, then ``MESSAGES_PER_SECOND``."""

    burst: float = MESSAGE_BURST
    rate: float = MESSAGES_PER_SECOND
    tokens: float = MESSAGE_BURST
    at: float = field(default_factory=lambda: time.monotonic())  # (a test may stop the clock)

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    def wait(self) -> float:
        """Seconds until ``allow`` says yes again (0 when it would now)."""
        tokens = self.tokens + (time.monotonic() - self.at) * self.rate
        return 0.0 if tokens >= 1.0 else (1.0 - tokens) / self.rate

    def full(self) -> bool:
        """Whether the bucket has filled up again (it may be forgotten)."""
        return self.tokens + (time.monotonic() - self.at) * self.rate >= self.burst


class AddressRates:
    """A ``MessageRate`` per client address: ``per_minute`` at once, then one every
    ``60 / per_minute`` seconds (0: no limit). Buckets that filled up again are forgotten now and
    then, so that memory follows the addresses seen lately, not all of them."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self.buckets: dict[str, MessageRate] = {}

    def wait(self, address: str) -> float:
        """Take one for ``address``: 0 when allowed, else the seconds until it would be."""
        if self.per_minute <= 0:
            return 0.0
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= 10_000:
                self.buckets = {a: b for a, b in self.buckets.items() if not b.full()}
            bucket = self.buckets[address] = MessageRate(self.per_minute, self.per_minute / 60.0,
                                                         self.per_minute)
        return 0.0 if bucket.allow() else bucket.wait()


def chat_rate() -> MessageRate:
    """What one author may say at one table: ``CHAT_BURST`` at once, then ``CHAT_PER_SECOND``."""
    return MessageRate(burst=CHAT_BURST, rate=CHAT_PER_SECOND, tokens=CHAT_BURST)


def rename_rate() -> MessageRate:
    """The renames one seat may make: ``RENAME_BURST`` at once, then ``RENAMES_PER_SECOND``."""
    return MessageRate(burst=RENAME_BURST, rate=RENAMES_PER_SECOND, tokens=RENAME_BURST)
