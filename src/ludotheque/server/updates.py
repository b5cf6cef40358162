"""What the watchers of one table are sent, built once per revision, seat and language however many
watch: a whole view when a socket connects (or asks), then updates that carry only what changed
since the revision the socket has, and small presence messages when a seat comes or goes.

An update: ``{"type": "update", "base": 12, "version": 13, "set": {changed fields},
"observation": {changed observation fields}, "log": [new lines]}``; a page that does not hold
``base`` asks for a whole view (``{"type": "sync"}``).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .views import changes, whole_view
from .watchers import Watcher

if TYPE_CHECKING:
    from .tables import LiveTable

Key = tuple[int | None, str]
#: After a change to every view without a move (a name), every watcher gets its whole view at
#: once, then no more often than every SOON seconds: a burst of changes is sent twice at most.
SOON = 0.2


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


@dataclass
class Built:
    """One reader's view at one revision of the table (and of its views): without its log
    (``log_length`` lines long: the public events and, for a seat, what its own hand gained) or
    presence."""

    revision: int
    view_epoch: int
    view: dict[str, Any]
    log_length: int


class Updates:
    """The views of one table, by reader, and what each of its watchers was sent."""

    def __init__(self, table: LiveTable) -> None:
        self.table = table
        self.built: dict[Key, Built] = {}
        self.wholes: dict[Key, tuple[tuple[int, int, int], dict[str, Any], str]] = {}
        self.pending: asyncio.TimerHandle | None = None  # the whole views to send soon
        self.sent_at = -SOON  # when they were last sent (the event loop's clock)

    def current(self, key: Key) -> Built:
        """``key``'s view at the table's current revision (built once, then shared)."""
        table = self.table
        built = self.built.get(key)
        if built is None or built.revision != table.revision or built.view_epoch != table.view_epoch:
            seat, lang = key
            built = Built(table.revision, table.view_epoch, table.view_parts(seat, lang),
                          len(table.log_lines(seat, lang)))
            self.built[key] = built
        return built

    def whole(self, key: Key) -> tuple[dict[str, Any], str]:
        """``key``'s whole view (log and presence included), as a dict and as JSON text."""
        table = self.table
        stamp = (table.revision, table.view_epoch, table.presence_epoch)
        cached = self.wholes.get(key)
        if cached is None or cached[0] != stamp:
            built = self.current(key)
            seat, lang = key
            view = whole_view(built.view, table.log_lines(seat, lang), table.connected())
            cached = (stamp, view, encode(view))
            self.wholes[key] = cached
        return cached[1], cached[2]

    def send_whole(self, watcher: Watcher) -> None:
        watcher.offer(self.whole(watcher.key)[1])
        watcher.revision = self.table.revision

    def send_whole_soon(self) -> None:
        """Every watcher gets its whole view now, or, if they got one less than ``SOON`` seconds
        ago, once more ``SOON`` seconds after it, however many changes come meanwhile (a watcher
        that joins meanwhile, or that an action moves on, gets the new views anyway)."""
        if self.pending is not None:
            return  # the views sent then will carry this change too
        loop = asyncio.get_running_loop()
        wait = self.sent_at + SOON - loop.time()
        if wait <= 0:
            self._send_all()
        else:
            self.pending = loop.call_later(wait, self.send_pending)

    def send_pending(self) -> None:
        """The whole views ``send_whole_soon`` promised, now."""
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None
            self._send_all()

    def _send_all(self) -> None:
        self.sent_at = asyncio.get_running_loop().time()
        for watcher in list(self.table.watchers):
            self.send_whole(watcher)

    def publish(self) -> None:
        """After the table moved on (one action or several): each watcher gets an update from the
        revision it has, or a whole view when it has another one (after an undo, every watcher
        was sent a whole view already)."""
        groups: dict[Key, list[Watcher]] = {}
        for watcher in self.table.watchers:
            groups.setdefault(watcher.key, []).append(watcher)
        for key, group in groups.items():
            old = self.built.get(key)
            new = self.current(key)
            update = None if old is None or old.revision >= new.revision else self._update(key, old, new)
            for watcher in group:
                if update is not None and old is not None and watcher.revision == old.revision:
                    watcher.offer(update)
                    watcher.revision = new.revision
                elif watcher.revision != new.revision:
                    self.send_whole(watcher)
        self.forget(groups)

    def _update(self, key: Key, old: Built, new: Built) -> str | None:
        changed = changes(old.view, new.view)
        if changed is None:
            return None
        changed.pop("version", None)
        seat, lang = key
        lines = self.table.log_lines(seat, lang)[old.log_length:new.log_length]
        return encode({"type": "update", "base": old.revision, "version": new.revision,
                       "set": {k: v for k, v in changed.items() if k != "observation"},
                       "observation": changed.get("observation", {}), "log": lines})

    def tell_all(self, message: dict[str, Any], but: Watcher | None = None) -> None:
        """A message that is the same for every watcher (presence, the rematch table)."""
        text = encode(message)
        for watcher in list(self.table.watchers):
            if watcher is not but:
                watcher.offer(text)

    def forget(self, keys: Iterable[Key]) -> None:
        """Keep views only for the readers still watching."""
        wanted = set(keys)
        for cache in (self.built, self.wholes):
            for key in [k for k in cache if k not in wanted]:
                del cache[key]
