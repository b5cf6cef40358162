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
#: A player's name: at most this many characters (plain text, no control characters).
MAX_PLAYER_NAME = 24
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
#: a whole view to every watcher; what a burst changes is sent once: updates.py).
RENAME_BURST = 5
RENAMES_PER_SECOND = 1.0

#: A bot's thinking time per move before it plays a random legal action instead.
BOT_SECONDS = 5.0
#: Seconds the page of a person to act must have been gone, at a table without a clock, before
#: the other players may hand the seat to a bot (with a clock, its own "away" does it at once).
AWAY_SECONDS = 60.0

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
    at: float = field(default_factory=time.monotonic)

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    def wait(self) -> float:
        """Seconds until one more is allowed (0 when one is now), as of the last ``allow``."""
        return max(0.0, (1.0 - self.tokens) / self.rate)


def rename_rate() -> MessageRate:
    """The renames one seat may make: ``RENAME_BURST`` at once, then ``RENAMES_PER_SECOND``."""
    return MessageRate(burst=RENAME_BURST, rate=RENAMES_PER_SECOND, tokens=RENAME_BURST)
