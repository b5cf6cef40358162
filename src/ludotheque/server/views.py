"""What a browser is sent: a *view* built from one seat's observation (or the spectator's) and the
public event log, in the reader's language. Nothing else of a state ever leaves the server.

A view is built in parts: ``build_view`` gives everything but the log and who is connected (the
part that changes with each action), the log is described line by line as it grows, and
``changes`` says what differs between two views, so that an update carries only that.

``TableViews`` keeps the views of one table for its watchers, built once per revision, seat and
language however many watch: a whole view when a socket connects (or asks), then updates that
carry only what changed since the revision the socket has, and small presence messages when a
seat comes or goes. An update: ``{"type": "update", "base": 12, "version": 13, "set": {changed
fields}, "observation": {changed observation fields}, "log": [new lines]}``; a page that does not
hold ``base`` asks for a whole view (``{"type": "sync"}``). It is built from a played game
(played.py), the seats and the table's public facts, never from the table itself: a tutorial
uses it as a live table does.
"""

# mypyc: compile

from __future__ import annotations

import asyncio
import json
from collections.abc import Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import orjson

from ..choices import legal_entries, refused_entries
from ..core.game import State
from ..renderers import GameRenderer, end_words
from .played import PlayedGame
from .store import SeatRow
from .watchers import Watcher
from .words import say, web_prompt

Key = tuple[int | None, str]
#: After a change to every view without a move (a name), every watcher gets its whole view at
#: once, then no more often than every SOON seconds: a burst of changes is sent twice at most.
SOON = 0.2


def encode(message: dict[str, Any]) -> str:
    """A message as the pages read it: compact JSON, characters as they are (not escaped). Views
    are encoded at every action for every reader: orjson writes them several times faster than
    ``json``, which stays for what orjson refuses (an integer over 64 bits)."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def bot_name(bot: str | None, lang: str) -> str:
    """``Random bot``, ``Robot heuristique``: a bot's name in words."""
    if bot in ("random", "heuristic", "ismcts", "ismcts-hard", "expert"):
        return say(f"bot_{bot}", lang)
    return say("bot_other", lang, bot=bot or "")


def seat_names(renderer: GameRenderer, seats: Sequence[SeatRow], lang: str) -> list[str]:
    """Each seat's name as players read it: the name its player chose, else ``Seat 1`` (seats
    are numbered from 1 for people, from 0 in the API); a bot's name (``Random bot``, numbered
    ``Random bot 2`` when several bots of a kind sit at the table)."""
    names = []
    kinds = [s.bot for s in seats if s.kind == "bot"]
    counted: dict[str | None, int] = {}
    for s in seats:
        if s.name:
            names.append(s.name)
        elif s.kind == "bot":
            counted[s.bot] = counted.get(s.bot, 0) + 1
            name = bot_name(s.bot, lang)
            names.append(f"{name} {counted[s.bot]}" if kinds.count(s.bot) > 1 else name)
        else:
            names.append(say("seat", lang, n=s.seat + 1))
    return names


def describe_log(renderer: GameRenderer, seats: Sequence[SeatRow], events: Sequence[Any], seat: int | None,
                 lang: str, forced: Collection[int] = (), first: int = 0,
                 names: Sequence[str] | None = None, public: Sequence[str] | None = None,
                 about: Sequence[Collection[int]] | None = None) -> list[str]:
    """Public events in words, as ``seat`` reads them (second person for its own moves); the
    events numbered in ``forced`` (``events`` starting at number ``first``) are a person's only
    choice, played for them, and say so (``names``: the seats' names, when the caller has them).
    ``public`` and ``about``, when the caller has them: the same events as a spectator reads them,
    and the seats each is about (the game's ``event_seats``); an event not about ``seat`` is read
    as a spectator reads it."""
    names = seat_names(renderer, seats, lang) if names is None else names
    describe = renderer.describe_event
    if public is None or about is None or seat is None:
        lines = [describe(e, lang, names, seat) for e in events]
    else:
        lines = [describe(e, lang, names, seat) if seat in seats_of else line
                 for e, line, seats_of in zip(events, public, about, strict=True)]
    for index in range(len(lines)):
        if first + index in forced:
            lines[index] = say("forced_move", lang, line=lines[index])
    return lines


def seat_entries(seats: Sequence[SeatRow], names: Sequence[str]) -> list[dict[str, Any]]:
    """The seats as a view lists them (who sits there, under which name)."""
    return [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": names[s.seat], "named": bool(s.name),
             "open": s.open} for s in seats]


def build_view(state: State, renderer: GameRenderer, seats: Sequence[SeatRow], seat: int | None,
               lang: str, observation: Any = None, names: Sequence[str] | None = None,
               legend: dict[str, Any] | None = None, entries: list[dict[str, Any]] | None = None
               ) -> dict[str, Any]:
    """The view of ``seat`` (None: a spectator) without its log and without who is connected;
    the table-level fields are added by the caller (``observation``, ``names``, ``legend`` and
    ``entries``: the seat's observation, the seats' names, the legend and ``seat_entries``, when
    the caller has them)."""
    observation = state.observe(seat) if observation is None else observation
    names = seat_names(renderer, seats, lang) if names is None else names
    to_act = state.to_act
    legal: list[dict[str, Any]] = []
    actions = None
    if seat is not None and to_act == seat:
        prompt = web_prompt(renderer.prompt(observation, lang))
        actions = state.legal_actions()
        legal = legal_entries(state, renderer, observation, lang, names, actions)
    elif to_act is None:
        prompt = say("over", lang)
    else:
        # chance has its own words: French contracts « de le hasard » to « du hasard »
        prompt = (say("waiting", lang, name=names[to_act]) if 0 <= to_act < len(names)
                  else say("waiting_chance", lang))
    scores = None
    if state.is_terminal:
        headers, rows = renderer.score_sheet(observation, lang, names)
        # who won and why, the sheet, and for a seat whether it won ("outcome")
        scores = {"headers": headers, "rows": rows, "totals": state.scores(),
                  **end_words(renderer, state, observation, seat, lang, names)}
    return {
        "type": "view",
        "seat": seat,
        "lang": lang,
        "players": state.players,
        "seats": seat_entries(seats, names) if entries is None else entries,
        "to_act": to_act,
        "terminal": state.is_terminal,
        "prompt": prompt,
        "observation": observation.to_json(),
        "legal": legal,
        "refused": refused_entries(state, renderer, observation, seat, lang, actions),
        "legend": renderer.legend(lang) if legend is None else legend,
        "scores": scores,
    }


def whole_view(view: dict[str, Any], log: list[str], connected: Collection[int]) -> dict[str, Any]:
    """A view as a page draws it from scratch: with the whole log and each seat's presence."""
    seats = [{**s, "connected": s["kind"] == "bot" or s["seat"] in connected} for s in view["seats"]]
    return {**view, "seats": seats, "log": log}


def changes(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any] | None:
    """The fields of ``new`` that differ from ``old`` (for the observation, its fields that differ,
    under ``"observation"``), or None when ``new`` has other fields and needs sending whole."""
    if old.keys() != new.keys():
        return None
    out: dict[str, Any] = {}
    for key, value in new.items():
        before = old[key]
        if value is before:  # (shared parts: the legend, the seats' entries)
            continue
        if key == "observation" and isinstance(value, dict) and isinstance(before, dict):
            if value.keys() != before.keys():
                return None
            # field by field, once (a field the game shares between views when it did not change,
            # Gargon's zones, is the same object: told at once)
            fields = {k: v for k, v in value.items() if v is not before[k] and before[k] != v}
            if fields:
                out[key] = fields
        elif value != before:
            out[key] = value
    return out


class Built:
    """One reader's view at one revision of the table (and of its views): without its log
    (``log_length`` lines long: the public events and, for a seat, what its own hand gained) or
    presence. (A plain class: a compiled dataclass is still made by a Python ``__init__``.)"""

    def __init__(self, revision: int, epoch: int, view: dict[str, Any], log_length: int) -> None:
        self.revision, self.epoch, self.view, self.log_length = revision, epoch, view, log_length


class TableViews:
    """The views of one table, by reader, and what each of its watchers was sent.

    ``facts``: the table's public facts every view carries (``table``, ``game``, ``game_name``,
    ``rules_version``, ``hints``, ``next_id``). The table tells it when it moved on
    (``publish``), was played again (``rewound``), was renamed or got a rematch table."""

    def __init__(self, played: PlayedGame, seats: Sequence[SeatRow], facts: dict[str, Any],
                 revision: int) -> None:
        self.played, self.seats, self.facts, self.revision = played, seats, facts, revision
        self.watchers: set[Watcher] = set()
        self.connected: frozenset[int] = frozenset()  # the seats shown as here
        self.epoch = 0  # moves when the views change without the position (names, rematch table)
        self.presence_epoch = 0
        self.built: dict[Key, Built] = {}
        self.wholes: dict[Key, tuple[tuple[int, int, int], dict[str, Any], str]] = {}
        self.lines: dict[Key, list[str]] = {}  # the log in words, per reader
        self.described: dict[Key, tuple[int, int]] = {}  # (events, gains) in lines
        self.public: dict[str, list[str]] = {}  # the log in a spectator's words, by language
        self.about: list[Collection[int]] = []  # the seats each event is about (event_seats)
        #: by language: the seats' names, the legend and the seats as views list them
        self.words: dict[str, tuple[list[str], dict[str, Any], list[dict[str, Any]]]] = {}
        self.pending: asyncio.TimerHandle | None = None  # the whole views to send soon
        self.sent_at = -SOON  # when they were last sent (the event loop's clock)
        self.holding = False  # a move is being stored: the position is not yet the one to show
        self.owed = False  # whole views promised while holding

    # -- building ------------------------------------------------------------------------------
    def _words(self, lang: str) -> tuple[list[str], dict[str, Any], list[dict[str, Any]]]:
        known = self.words.get(lang)
        if known is None:
            renderer = self.played.renderer
            names = seat_names(renderer, self.seats, lang)
            known = self.words[lang] = (names, renderer.legend(lang), seat_entries(self.seats, names))
        return known

    def parts(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The view of ``seat`` without its log and presence."""
        played = self.played
        names, legend, entries = self._words(lang)
        view = build_view(played.state, played.renderer, self.seats, seat, lang,
                          played.observation(seat), names, legend, entries)
        view.update(version=self.revision, **self.facts, undo=self._undo_view(seat, lang))
        return view

    def _undo_view(self, seat: int | None, lang: str) -> dict[str, Any] | None:
        """For the seat that played the last action, at a table that allows taking moves back:
        whether it may, and why not in words (None for everyone else)."""
        played = self.played
        trail = played.trail
        if not played.undo or seat is None or not trail or trail[-1].seat != seat or played.finished:
            return None
        code = played.undo_refusal(seat)
        if code == "undo_forced":  # a move played for them, with nothing of theirs before it
            return None
        return {"allowed": code is None, "reason": None if code is None else say(code, lang)}

    def log_lines(self, seat: int | None, lang: str) -> list[str]:
        """The log in ``seat``'s words, described once per event (events never change); an event
        not about the seat is read in a spectator's words, described once for every reader."""
        if seat is None:
            return self._public(lang)
        played = self.played
        key = (seat, lang)
        lines = self.lines.setdefault(key, [])
        events, gained = self.described.get(key, (0, 0))
        log = played.log
        gains = played.gains.get(seat, [])
        if events == len(log) and gained == len(gains):
            return lines
        public, about = self._public(lang), self._about()
        while events < len(log) or gained < len(gains):
            # the public events up to the next gain, then what that gain put in this seat's hand
            upto = gains[gained][0] if gained < len(gains) else len(log)
            lines += describe_log(played.renderer, self.seats, log[events:upto], seat, lang,
                                  played.forced_events.get(seat, ()), events, self._words(lang)[0],
                                  public[events:upto], None if about is None else about[events:upto])
            events = upto
            if gained < len(gains):
                _, before, after = gains[gained]
                news = played.renderer.new_in_hand(before, after, lang)
                if news:
                    lines.append(news)
                gained += 1
        self.described[key] = (events, gained)
        return lines

    def _about(self) -> list[Collection[int]] | None:
        """The seats each event of the log is about, worked out once per event (None: the game's
        words do not say, and every seat's log is described for it alone)."""
        concerns = getattr(self.played.renderer, "event_seats", None)
        if concerns is None:
            return None
        log, about = self.played.log, self.about
        if len(about) < len(log):
            about += [concerns(e) for e in log[len(about):]]
        return about

    def _public(self, lang: str) -> list[str]:
        """The log as a spectator reads it (no one's own words, nothing forced said)."""
        lines = self.public.setdefault(lang, [])
        log = self.played.log
        if len(lines) < len(log):
            lines += describe_log(self.played.renderer, self.seats, log[len(lines):], None, lang,
                                  names=self._words(lang)[0])
        return lines

    def current(self, key: Key) -> Built:
        """``key``'s view at the current revision (built once, then shared)."""
        built = self.built.get(key)
        if built is None or built.revision != self.revision or built.epoch != self.epoch:
            seat, lang = key
            built = Built(self.revision, self.epoch, self.parts(seat, lang), len(self.log_lines(seat, lang)))
            self.built[key] = built
        return built

    def whole(self, key: Key) -> tuple[dict[str, Any], str]:
        """``key``'s whole view (log and presence included), as a dict and as JSON text."""
        stamp = (self.revision, self.epoch, self.presence_epoch)
        cached = self.wholes.get(key)
        if cached is None or cached[0] != stamp:
            built = self.current(key)
            view = whole_view(built.view, self.log_lines(*key), self.connected)
            cached = (stamp, view, encode(view))
            self.wholes[key] = cached
        return cached[1], cached[2]

    # -- sending ---------------------------------------------------------------------------------
    def send_whole(self, watcher: Watcher) -> None:
        watcher.offer(self.whole(watcher.key)[1])
        watcher.revision = self.revision

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
        if self.holding:  # sent once the move is stored (or given up)
            self.owed = True
            return
        self.sent_at = asyncio.get_running_loop().time()
        for watcher in list(self.watchers):
            self.send_whole(watcher)

    @contextmanager
    def held(self) -> Iterator[None]:
        """While a move is stored: the position ahead of what may be shown is never shown."""
        self.holding = True
        try:
            yield
        finally:
            self.holding = False
            if self.owed:
                self.owed = False
                self._send_all()

    def publish(self, revision: int) -> None:
        """The table moved on to ``revision`` (one action or several): each watcher gets an update
        from the revision it has, or a whole view when it has another one."""
        self.revision = revision
        groups: dict[Key, list[Watcher]] = {}
        for watcher in self.watchers:
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
        self._forget(groups)

    def _update(self, key: Key, old: Built, new: Built) -> str | None:
        changed = changes(old.view, new.view)
        if changed is None:
            return None
        changed.pop("version", None)
        lines = self.log_lines(*key)[old.log_length:new.log_length]
        return encode({"type": "update", "base": old.revision, "version": new.revision,
                       "set": {k: v for k, v in changed.items() if k != "observation"},
                       "observation": changed.get("observation", {}), "log": lines})

    def rewound(self, revision: int) -> None:
        """The game was played again from its start (a move taken back): described anew, and
        every watcher sent its whole view (the revisions they hold are gone)."""
        self.revision = revision
        self._forget_lines()
        for watcher in list(self.watchers):
            self.send_whole(watcher)

    def renamed(self) -> None:
        """Names are in every view and every log line: all are described again, and sent whole
        to every watcher (a burst of renames: twice)."""
        self._forget_lines()
        self.words.clear()
        self.epoch += 1
        self.send_whole_soon()

    def set_next(self, next_id: str) -> None:
        """The rematch table, in every view from now on and told to every watcher."""
        self.facts["next_id"] = next_id
        self.epoch += 1
        self.tell_all({"type": "rematch", "next_id": next_id})

    def show_presence(self, connected: frozenset[int], but: Watcher | None = None) -> None:
        """Who is connected, if it changed: told to every watcher (``but`` gets its whole view)."""
        if connected != self.connected:
            self.connected = connected
            self.presence_epoch += 1
            self.tell_all({"type": "presence", "connected": sorted(connected)}, but=but)

    def tell_all(self, message: dict[str, Any], but: Watcher | None = None) -> None:
        """A message that is the same for every watcher (presence, the rematch table, clocks)."""
        text = encode(message)
        for watcher in list(self.watchers):
            if watcher is not but:
                watcher.offer(text)

    def _forget_lines(self) -> None:
        self.public.clear()
        self.about.clear()
        self.lines.clear()
        self.described.clear()

    def _forget(self, keys: Iterable[Key]) -> None:
        """Keep views only for the readers still watching."""
        wanted = set(keys)
        for cache in (self.built, self.wholes):
            for key in [k for k in cache if k not in wanted]:
                del cache[key]
