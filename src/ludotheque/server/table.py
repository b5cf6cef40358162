"""A table in memory, and the only code that changes one: its game, revision and trail, its seats
and tokens, its bots and the bots standing in for people who left, who is here, its clocks and its
chat (which needs no lock: what is said never touches the game; chat.py).

The server is the only authority. An action is checked (token, revision, turn, rules), applied
once to the table's one position, stored, and only then announced, so what anyone has been told
is always in the database; a write that fails (or that another process beat) takes the action
back. Every input that changes the table runs under its lock, inside the table: the store, the
writer, the bus, the clocks and the bots are called from here and answer with values; none calls
back. An input that has begun storing a move is finished even if its caller goes away.

The *revision* names one position: it grows by one at every action and every move taken back, and
never comes back (the JSON API calls it ``version``); the *step* is the number of actions played,
which an undo takes back; the *rules version* is the version of the game's rules the table was
created with, kept for its whole life.
"""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import functools
import hashlib
import hmac
import logging
import math
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from anyio import to_thread

from ..bots.registry import make_bot
from ..core.bot import Bot
from ..core.errors import LudothequeError, UnknownGameError
from ..core.game import CHANCE, Action, sample_chance
from ..core.record import GameRecord, RecordedGame, result_of
from ..core.registry import get_game
from ..core.seeds import KeyedRandom, is_key, stream_seed
from ..renderers import GameRenderer, renderer_for
from ..sim.match import bot_seed, chance_seed
from .bot_moves import BotMoves
from .bus import ACTION, CHAT, NAME, PRESENCE, UNDO, Bus
from .chat import Chat, check_line, line_json, line_of, readable
from .clocks import SeatClocks, parse_clock, state_to_store
from .errors import ApiError
from .limits import CHAT_PER_ROOM, MessageRate, rename_rate
from .played import PlayedGame
from .store import ChatLine, Move, SeatRow, Store, StoreError, TableMoved, TableRow
from .views import TableViews, encode, seat_names
from .watchers import Watcher
from .writer import ActionWriter

#: The other links a seat taken under a claimed name keeps (one per browser of its owner).
SEAT_LINKS = 8

log = logging.getLogger("ludotheque.server")
T = TypeVar("T")

#: The longest wait before moving a table's bots again after an unforeseen failure (the waits
#: double from 2 s: a lasting bug is logged now and then, not many times a second).
BOT_RETRY_MAX = 60.0


def new_token() -> str:
    """An unguessable seat token (256 random bits)."""
    return secrets.token_urlsafe(32)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def rematch_token(old_token: str, new_table: str) -> str:
    """A seat's token at the rematch table, derived from its token here: only its holder can get
    it, and the server needs to keep no secret to hand it over."""
    digest = hmac.new(old_token.encode(), f"rematch:{new_table}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


#: The letters of a table id: plain letters and digits only (an id never starts with "-" or "_",
#: and reads well in a URL, a log or a message).
ID_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def new_table_id() -> str:
    """12 letters and digits: 71 random bits, enough that nobody guesses a table's id."""
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(12))


def parse_seats(kinds: Sequence[str], game_id: str) -> list[SeatRow]:
    """``["human", "open", "bot:heuristic"]`` to seat rows (raises ApiError for unknown kinds or
    bots); an ``open`` seat is a person's seat that anyone may take (``Table.take_seat``)."""
    rows = []
    for seat, kind in enumerate(kinds):
        if kind in ("human", "open"):
            rows.append(SeatRow(seat, "human", open=kind == "open"))
        elif kind.startswith("bot:"):
            name = kind[4:]
            try:
                make_bot(game_id, name)
            except LudothequeError as exc:
                raise ApiError(400, "unknown_bot", problem=str(exc)) from None
            rows.append(SeatRow(seat, "bot", name))
        else:
            raise ApiError(400, "bad_seats",
                           problem=f'seat {seat}: {kind!r} is none of "human", "open" and "bot:<name>"')
    return rows


def summary(row: TableRow, revision: int, to_act: int | None, terminal: bool) -> dict[str, Any]:
    """A table as the lobby lists it: public facts only (``version`` is the revision)."""
    return {
        "id": row.id, "game": row.game, "rules_version": row.rules_version, "players": len(row.seats),
        "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name, "open": s.open}
                  for s in row.seats],
        "options": row.options, "version": revision, "to_act": to_act, "terminal": terminal,
        "created": row.created,
        "spectator_url": f"/t/{row.id}", "replay_url": f"/t/{row.id}/replay", "next_id": row.next_id,
        "clock": row.clock, "undo": row.undo, "hints": row.hints,
    }


def table_options(row: TableRow) -> dict[str, Any]:
    """The options under which this program plays ``row``'s rules (a table made under older rules
    plays on under them where the game keeps them as options). ApiError ``old_rules`` when this
    program no longer plays them, ``no_game`` when it does not have the game at all."""
    try:
        game = get_game(row.game)
    except UnknownGameError:
        raise ApiError(409, "no_game", game=row.game) from None
    if row.rules_version == game.spec.version:
        return dict(row.options)
    try:
        return game.options_of_version(row.rules_version or 0, row.options)
    except LudothequeError:
        raise ApiError(409, "old_rules", game=game.spec.name, stored=row.rules_version,
                       current=game.spec.version) from None


async def store_write(job: Callable[..., T], *args: Any) -> T:
    """``job(*args)``, a write to the store, in a thread; ApiError 503 ``store`` when it fails."""
    try:
        return await to_thread.run_sync(job, *args)
    except Exception as exc:
        log.exception("could not write to the store")
        raise ApiError(503, "store") from exc


@dataclass
class Floor:
    """What the tables of one process share. A table calls them; they never call a table."""

    store: Store
    writer: ActionWriter
    bus: Bus
    bots: BotMoves
    bot_delay: float
    away_seconds: float
    #: seconds a bot waits to answer a person's move that may be taken back (undo.UNDO_WAIT)
    undo_wait: float
    tell: Callable[[str, str, str], None]  # a notice to the other processes (kind, table, data)
    spawn: Callable[[Coroutine[Any, Any, None]], asyncio.Task[None]]
    #: it is the turn of a seat taken under a claimed name at a turn-based table (table, game,
    #: claimed name): the process that stored the move tells them (mail.py)
    your_turn: Callable[[str, str, str], None] = lambda *_: None


class Table:
    """A table rebuilt from its row and its actions (a fresh table, or one read back from the
    store); ApiError ``old_rules`` or ``no_game`` when this program cannot play it."""

    def __init__(self, row: TableRow, moves: Sequence[str], floor: Floor) -> None:
        self.row, self.floor = row, floor
        options = table_options(row)
        game = get_game(row.game)
        self.renderer: GameRenderer = renderer_for(game)
        self.humans = [s.seat for s in row.seats if s.kind == "human"]
        self.played = PlayedGame(lambda: game.new_state(options, row.seed), self.renderer, self.humans,
                                 row.seed, row.undo, moves)
        self.revision = row.revision  # of the position ``moves`` lead to (store.load reads them together)
        self.views = TableViews(self.played, row.seats,
                                {"table": row.id, "game": row.game, "game_name": game.spec.name,
                                 "rules_version": row.rules_version, "next_id": row.next_id,
                                 "hints": row.hints}, self.revision)
        self._lock = asyncio.Lock()
        self._inputs: set[asyncio.Task[Any]] = set()
        self.remote_presence: dict[str, tuple[frozenset[int], float]] = {}  # other process -> seats, when
        self.heard: dict[int, str] = {}  # actions other processes played, by revision, not applied yet
        self.catching_up = False
        self.rename_rates: dict[int, MessageRate] = {}  # each seat's renames (limits.rename_rate)
        self.bot_task: asyncio.Task[None] | None = None
        self.bot_failures = 0  # times in a row its bots failed to move
        self.thinking: tuple[int, int, float] | None = None  # the bot to act: seat, revision, until
        self.used = time.monotonic()
        clock = parse_clock(row.clock) if row.clock else None
        self.clocks = SeatClocks(clock, len(row.seats), time.monotonic()) if clock else None
        if self.clocks is not None:
            self.clocks.turn(self.revision, self.clock_seat, time.monotonic())
            self.clocks.restore(row.clock_state, time.monotonic(), time.time())
        self.zombies: dict[int, Bot] = {}  # people's seats a bot plays for, until they come back
        #: at a table without a clock: since when each person's page has been gone, the seat to
        #: act gone long enough that the others may hand it to a bot, and what pages were told
        self.gone_since: dict[int, float] = {}
        self.gone: frozenset[int] = frozenset()
        self.told_absence: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        self.chat = Chat(row.id, floor.store)
        self.chat_open = self.finished  # the players read the spectators' room too (chat.py)
        self._seat_bots()

    # -- what anyone may read ------------------------------------------------------------------
    @property
    def id(self) -> str:
        return self.row.id

    @property
    def state(self) -> Any:
        return self.played.state

    @property
    def game(self) -> RecordedGame:
        """The game with its record (``game.record``)."""
        return self.played.game

    @property
    def step(self) -> int:
        return self.played.step

    @property
    def finished(self) -> bool:
        return self.played.finished

    @property
    def watchers(self) -> set[Watcher]:
        return self.views.watchers

    @property
    def bot_to_act(self) -> bool:
        """Whether the table makes the next move itself: a bot's, a chance outcome, or a person's
        only legal action (played.py)."""
        to_act = self.state.to_act
        return (to_act == CHANCE or to_act in self.bots or to_act in self.zombies
                or self.forced_move is not None)

    @property
    def bots_moving(self) -> bool:
        return self.bot_task is not None and not self.bot_task.done()

    @property
    def busy(self) -> bool:
        """Someone watches it, an input is being handled or its bots are moving: never evicted."""
        return bool(self.watchers) or self._lock.locked() or self.bots_moving

    @property
    def forced_move(self) -> Action | None:
        """The only legal action of the person to act, which the table plays for them (None when
        they have a choice, or a bot plays for them anyway)."""
        return None if self.state.to_act in self.zombies else self.played.only

    @property
    def clock_seat(self) -> int | None:
        """The seat whose clock runs: the seat to act, but nobody while the table plays a forced
        move (it costs its person no time)."""
        return None if self.played.only is not None else self.state.to_act

    async def summary(self, lang: str) -> dict[str, Any]:
        """The table as the lobby lists it, with the spectator's view in ``lang``."""
        async with self._lock:
            return {**summary(self.row, self.revision, self.state.to_act, self.finished),
                    "view": self.views.whole((None, lang))[0]}

    def record(self) -> GameRecord:
        """The finished game's record, with who sat where (players' and bots' names)."""
        if not self.finished:
            raise ApiError(409, "not_over")
        names = seat_names(self.renderer, self.row.seats, "en")
        return dataclasses.replace(self.game.record, names=names)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token opens; None for no token (a spectator). Raises ApiError for a bad one."""
        if token is None:
            return None
        digest = token_digest(token)
        for s in self.row.seats:
            if any(hmac.compare_digest(key, digest) for key in (s.token_hash, *s.keys) if key is not None):
                return s.seat
        raise ApiError(403, "bad_token")

    async def seat_reading(self, token: str | None) -> int | None:
        """``seat_of``; a rematch seat may have been claimed through another process, or a seat
        taken under a claimed name given another link there: its links are read back from the
        store."""
        try:
            return self.seat_of(token)
        except ApiError:
            if not any((s.kind == "human" and s.token_hash is None) or s.account for s in self.row.seats):
                raise
        self._seats_taken(await to_thread.run_sync(self.floor.store.load_seats, self.id))
        return self.seat_of(token)

    async def another_link(self, account: str) -> tuple[int, str]:
        """A new link (seat, token) to the seat taken here under the claimed name ``account``
        (the one to act, if it took several), for another browser of its owner; 403
        ``not_your_seat`` when it took none."""
        async with self._lock:
            mine = [s.seat for s in self.row.seats if s.account == account]
            if not mine:
                raise ApiError(403, "not_your_seat")
            seat = self.state.to_act if self.state.to_act in mine else mine[0]
            token = new_token()
            digest = token_digest(token)
            store = self.floor.store
            if not await store_write(store.add_seat_key, self.id, seat, account, digest, SEAT_LINKS):
                raise ApiError(403, "not_your_seat")  # (renamed through another process meanwhile)
            keys = self.row.seats[seat].keys
            keys[:] = [*keys, digest][-SEAT_LINKS:]
            return seat, token

    def _seats_taken(self, stored: Sequence[SeatRow]) -> None:
        """The tokens of seats claimed or taken through another process (a rematch seat, an open
        seat, another link to a seat taken under a claimed name), as the store has them now;
        every page sees a seat that is no longer open."""
        opened = False
        for row, now in zip(self.row.seats, stored, strict=True):
            row.token_hash, row.keys = row.token_hash or now.token_hash, now.keys
            if row.open and not now.open:
                row.open, opened = False, True
        if opened:
            self.views.renamed()

    def touch(self) -> None:
        self.used = time.monotonic()

    # -- inputs ----------------------------------------------------------------------------------
    async def _input(self, job: Callable[[], Awaitable[T]]) -> T:
        """Handle one input under the table's lock, to its end even if the caller goes away (a
        move being stored is stored, or taken back, before anything else reads the table)."""
        async def locked() -> T:
            async with self._lock:
                return await job()
        task = asyncio.get_running_loop().create_task(locked())
        self._inputs.add(task)
        task.add_done_callback(self._inputs.discard)
        return await asyncio.shield(task)

    async def act(self, seat: int | None, text: str, version: int, lang: str,
                  client: str | None = None) -> int:
        """Check, apply, store and announce one action of a human seat, chosen on the view of
        revision ``version``; returns the new revision. ``client``: the digest of the client that
        sent it (clients.py), stored with it if the seat has none yet."""
        if seat is None:
            raise ApiError(403, "bad_token")

        async def job() -> int:
            if seat in self.zombies:
                self._take_back(seat)
            if version > self.revision and self.floor.bus.multi_process:
                await self._catch_up_locked()  # the page saw a revision another process made
            action = self._check(seat, text, version, lang)
            await self._commit(action, seat, client)
            self._moved()
            return self.revision
        return await self._input(job)

    def _check(self, seat: int, text: str, version: int, lang: str) -> Action:
        """The action ``seat`` asks for on the view of revision ``version``, if everything allows it
        now (else ApiError; nothing changes)."""
        state = self.state
        if state.is_terminal:
            raise ApiError(409, "game_over")
        self._check_revision(version)
        if state.to_act != seat:
            to_act = state.to_act
            if to_act == CHANCE:  # (« c'est à le hasard » would not be French)
                raise ApiError(409, "not_your_turn_chance")
            raise ApiError(409, "not_your_turn", name=seat_names(self.renderer, self.row.seats, lang)[to_act])
        try:
            action: Action = state.game.parse_action(text)
            reason = state.refusal(action, lang)
        except (LudothequeError, ValueError) as exc:
            reason = str(exc)
        if reason is not None:
            raise ApiError(422, "illegal", legal=state.legal_texts(), reason=reason)
        return action

    def _check_revision(self, version: int) -> None:
        """A choice made on the view of revision ``version`` is made on this position (else 409
        ``stale``: a later one, or one a move taken back did away with)."""
        if version != self.revision:
            raise ApiError(409, "stale", version=version, current=self.revision)

    async def _commit(self, action: Action, seat: int, client: str | None = None) -> None:
        """Apply, store, then announce: a failed write takes the action back (nothing was told),
        and a table another process moved first (or took a move back on) is caught up and refused.
        ``client``: the digest of a person's client, stored with the move if their seat has none."""
        played, floor = self.played, self.floor
        noted = client if client is not None and self.first_client(seat, client) else None
        revision, step = self.revision, played.step
        text = self.state.game.action_to_text(action)
        notice = floor.bus.notice(ACTION, self.id, f"{revision} {text}")
        now = time.monotonic()
        clock_state = None if self.clocks is None else self.clocks.saved(now, time.time())
        with self.views.held():
            played.play(action, clock=None if self.clocks is None else self.clocks.snapshot())
            state = played.state
            move = Move(self.id, revision, step, text, seat, state.to_act,
                        result_of(state) if state.is_terminal else None, notice, clock_state,
                        played.only is not None, noted)  # forced: what a restarted server must play
            try:
                await floor.writer.append(move)
            except BaseException as exc:  # not stored: the table stays as it was
                played.take_back(1)
                if noted is not None:
                    self.forget_client(seat)
                if isinstance(exc, TableMoved):  # another process moved it first
                    await self._catch_up_locked()
                    raise ApiError(409, "stale", version=revision, current=self.revision) from None
                if isinstance(exc, Exception):  # the database is down or refused
                    log.exception("table %s: could not store action %s", self.id, text)
                    raise ApiError(503, "store") from exc
                raise
            self.revision = revision + 1
            self._publish()
            self._tell_turn(seat)

    def _tell_turn(self, mover: int) -> None:
        """At a turn-based table, the person now to act, if someone else moved and they took
        their seat under a claimed name, is told (mail.py)."""
        to_act = self.state.to_act
        if (self.clocks is None or self.clocks.clock.mode != "days" or to_act is None
                or to_act == mover or not 0 <= to_act < len(self.row.seats)):
            return
        account = self.row.seats[to_act].account
        if account is not None and to_act not in self.zombies:
            self.floor.your_turn(self.id, self.row.game, account)

    async def undo(self, seat: int | None, version: int) -> int:
        """Take back ``seat``'s last action (undo.py says when it may), with the forced moves of
        theirs that followed it, chosen on the view of revision ``version``: the store forgets
        them first (the table gets a new revision, never an old one again), then the table is
        played again without them and every page gets its whole view. Returns the new revision."""
        async def job() -> int:
            if version > self.revision and self.floor.bus.multi_process:
                await self._catch_up_locked()
            if seat is None:
                raise ApiError(403, "bad_token")
            self._check_revision(version)
            code = self.played.undo_refusal(seat)
            if code is not None:
                raise ApiError(409, code)
            trail = self.played.trail
            last, count = trail[0], len(trail)  # the decision, then its forced moves
            notice = self.floor.bus.notice(UNDO, self.id, str(version + 1))
            clock_state = None
            if self.clocks is not None:  # the mover's turn goes on from when it began
                turn = last.clock or self.clocks.snapshot()
                clock_state = state_to_store(turn[0], turn[1], time.monotonic(), time.time())
            try:
                await to_thread.run_sync(self.floor.store.undo_last, self.id, version, self.step,
                                         last.before.to_act, notice, clock_state, count)
            except TableMoved:
                await self._catch_up_locked()
                raise ApiError(409, "stale", version=version, current=self.revision) from None
            except Exception as exc:
                log.exception("table %s: could not take back revision %s", self.id, version)
                raise ApiError(503, "store") from exc
            self._rewind(self.game.record.actions[:-count], version + 1)
            if self.clocks is not None and last.clock is not None:
                self.clocks.resume(self.revision, self.clock_seat, last.clock)
            self._moved()
            return self.revision
        return await self._input(job)

    def _rewind(self, moves: Sequence[str], revision: int) -> None:
        """Played again up to ``moves``, at ``revision`` (a move was taken back), its bots started
        afresh, and every page sent its whole view."""
        self.played.play_from_start(moves)
        self.revision = revision
        self._seat_bots()
        self.heard = {r: action for r, action in self.heard.items() if r >= revision}  # still to come
        self.views.rewound(revision)

    async def hint_position(self, seat: int | None, version: int) -> tuple[Any, Any]:
        """What the search is sent for a hint to ``seat`` at revision ``version`` (a position drawn
        again from the seat's view, never the real one), with the seat's observation."""
        if seat is None:
            raise ApiError(403, "bad_token")
        async with self._lock:
            if not self.row.hints:
                raise ApiError(409, "hints_off")
            if self.finished:
                raise ApiError(409, "game_over")
            self._check_revision(version)
            if self.state.to_act != seat:
                raise ApiError(409, "hint_not_your_turn")
            return self.state.resample(seat, random.Random(), True), self.played.observation(seat)

    async def rename(self, seat: int, clean: str, account: str | None = None) -> None:
        """The seat takes the name ``clean`` (checked by names.py; ``account``: the claimed name
        its person is signed in as, when it is this one: accounts.py); every page shows it at
        once. 409 ``name_frozen`` once the game is over (here, or already in the store)."""
        async with self._lock:
            if self.finished:
                raise ApiError(409, "name_frozen")
            row = self.row.seats[seat]
            if (row.name, row.account) == (clean, account):
                return  # nothing to change, store or send
            rate = self.rename_rates.setdefault(seat, rename_rate())
            if not rate.allow():
                raise ApiError(429, "too_many_names", retry_after=rate.wait(), seconds=math.ceil(rate.wait()))
            notice = self.floor.bus.notice(NAME, self.id, str(seat))
            if not await store_write(self.floor.store.set_name, self.id, seat, clean, notice, account):
                raise ApiError(409, "name_frozen")  # another process played the last move
            self._renamed({seat: (clean, account)})

    def _renamed(self, names: dict[int, tuple[str | None, str | None]]) -> None:
        changed = False
        for seat, (name, account) in names.items():
            row = self.row.seats[seat]
            if row.kind == "human" and (row.name, row.account) != (name, account):
                changed = changed or row.name != name
                row.name, row.account = name, account
        if changed:
            self.views.renamed()

    async def reload_names(self) -> None:
        """Another process renamed a seat, or a person took an open seat there: the seats are read
        again from the store."""
        try:
            stored = await to_thread.run_sync(self.floor.store.load_seats, self.id)
        except Exception as exc:
            log.warning("table %s: cannot read its names: %s", self.id, exc)
            return
        self._renamed({s.seat: (s.name, s.account) for s in stored if s.seat < len(self.row.seats)})
        if len(stored) == len(self.row.seats):
            self._seats_taken(stored)  # (a seat taken there sends this notice too)

    async def take_seat(self, wanted: int | None, digest: str, name: str | None,
                        account: str | None = None) -> int:
        """A person takes an open seat (``wanted``, or the first one open) with the token of
        ``digest``, and the name ``name`` when given (checked by names.py; ``account``: the
        claimed name they are signed in as, when it is this one); it is no longer open,
        and every page shows it at once. Of two people racing for a seat, in one process or two,
        the store's conditional write lets one have it: the other gets 409 ``seat_taken``
        (``table_full`` when no seat was asked for and none is open any more)."""
        if wanted is not None and not 0 <= wanted < len(self.row.seats):
            raise ApiError(400, "bad_seat", seat=wanted + 1, last=len(self.row.seats))
        refusal = "seat_taken" if wanted is not None else "table_full"

        async def job() -> int:
            if self.finished:
                raise ApiError(409, "game_over")
            if not any(s.open for s in self.row.seats if wanted in (None, s.seat)):
                raise ApiError(409, refusal)  # (a seat never opens again: memory is enough)
            notice = self.floor.bus.notice(NAME, self.id, "")
            seat = await store_write(self.floor.store.take_open_seat, self.id, wanted, digest, name, notice,
                                     account)
            if seat is None:  # taken through another process, or the game ended there
                await self.reload_names()
                raise ApiError(409, refusal)
            row = self.row.seats[seat]
            row.token_hash, row.open = digest, False
            if name is not None:
                row.name, row.account = name, account
            self.views.renamed()
            return seat
        return await self._input(job)

    async def settle_next(self, make: Callable[[], Awaitable[str]]) -> str:
        """The rematch table's id: the one it has, else the one ``make`` stores (it may find
        another process's). 409 ``not_over`` before the end."""
        async with self._lock:
            if not self.finished:
                raise ApiError(409, "not_over")
            if self.row.next_id is None:
                self.set_next(await make())
            assert self.row.next_id is not None
            return self.row.next_id

    def set_next(self, next_id: str) -> None:
        if self.row.next_id != next_id:
            self.row.next_id = next_id
            self.views.set_next(next_id)

    async def claim_seat(self, seat: int, digest: str) -> None:
        """A rematch seat unclaimed so far is claimed with the token of ``digest``."""
        row = self.row.seats[seat]
        if row.token_hash is None:
            await store_write(self.floor.store.claim_seat, self.id, seat, digest)
            row.token_hash = digest

    def first_client(self, seat: int, digest: str) -> bool:
        """Note ``digest`` as the client of ``seat`` if it is a person's seat without one yet,
        before the end (clients.py); whether it was noted."""
        if self.finished:
            return False
        row = self.row.seats[seat]
        if row.kind != "human" or row.client is not None:
            return False
        row.client = digest
        return True

    def forget_client(self, seat: int) -> None:
        self.row.seats[seat].client = None

    def _moved(self) -> None:
        """After the table moved (here or elsewhere): its bots play on, or it is over (under the
        lock: what it reads is the position stored)."""
        self.touch()
        self._tell_clock()
        if self.finished:
            self.floor.spawn(self.floor.bus.release(self.id))
        else:
            self.schedule_bots()

    # -- keeping up with the other processes ----------------------------------------------------
    async def catch_up(self, ask_store: bool = True) -> None:
        async with self._lock:
            await self._catch_up_locked(ask_store)
            self._moved()

    async def _catch_up_locked(self, ask_store: bool = True) -> None:
        """Play here what the other processes played: the actions their notices carried, in order
        of revision, then (when asked, or when a notice is missing) whatever else the store has
        beyond our revision; and tell our watchers, once. When a move was taken back meanwhile,
        the table is read back whole."""
        heard = self._heard_next()
        stored: list[str] = []
        if ask_store or self.heard:  # (a notice is missing)
            store = self.floor.store
            known = list(self.heard)
            revision, stored = await to_thread.run_sync(store.actions_since, self.id, self.step)
            for r in known:  # the read saw what was heard before it; a notice heard during it
                self.heard.pop(r, None)  # may be of an action the read came too early to see
            if revision - self.revision != len(stored):  # not only actions since ours: an undo
                loaded = await to_thread.run_sync(store.load, self.id)
                if loaded is not None and loaded[0].revision > self.revision:
                    self._rewind(loaded[1], loaded[0].revision)
                    self.schedule_bots()
                return
            self._extend(stored)
            stored += self._heard_next()
        if heard or stored:
            self._publish()
            self.schedule_bots()  # the table may now wait for a bot or chance

    def _heard_next(self) -> list[str]:
        """Play the actions heard that follow our revision, in order; forget those behind it."""
        heard: list[str] = []
        while self.revision + len(heard) in self.heard:
            heard.append(self.heard.pop(self.revision + len(heard)))
        self._extend(heard)
        for revision in [r for r in self.heard if r < self.revision]:
            del self.heard[revision]
        return heard

    def _extend(self, moves: Sequence[str]) -> None:
        """Play actions other processes played after our revision (each one a new revision)."""
        try:
            self.played.replay(moves)
        except StoreError as exc:
            raise StoreError(f"table {self.id}: {exc}") from None
        self.revision += len(moves)

    def heard_action(self, revision: int, action: str) -> None:
        """Another process played ``action`` from ``revision``."""
        if revision >= self.revision:
            self.heard[revision] = action
            self.catch_up_soon(ask_store=False)

    def catch_up_soon(self, ask_store: bool) -> None:
        """One catch-up at a time: notices that arrive meanwhile join the next one."""
        if not self.catching_up:
            self.catching_up = True
            self.floor.spawn(self._catch_up_once(ask_store))

    async def _catch_up_once(self, ask_store: bool) -> None:
        try:
            self.catching_up = False  # a notice arriving from now on needs a new look
            await self.catch_up(ask_store)
        except Exception as exc:
            log.warning("table %s: cannot catch up: %s", self.id, exc)

    async def reload_moves(self) -> None:
        """Another process took a move back: the table's actions are read again from the store."""
        try:
            loaded = await to_thread.run_sync(self.floor.store.load, self.id)
        except Exception as exc:
            log.warning("table %s: cannot read it back: %s", self.id, exc)
            return
        if loaded is None:
            return
        async with self._lock:
            if loaded[0].revision > self.revision:  # (a notice late behind a read may find it done)
                self._rewind(loaded[1], loaded[0].revision)
                await self._catch_up_locked(ask_store=False)  # actions heard meanwhile
            self._moved()

    # -- bots -----------------------------------------------------------------------------------
    def _seat_bots(self) -> None:
        """The table's bots, starting from the position now."""
        self.bots: dict[int, Bot] = {}
        for s in self.row.seats:
            if s.kind == "bot" and s.bot is not None:
                # a resumed bot starts a new stream: the record, not the bot, is what must replay
                bot = make_bot(self.row.game, s.bot, f"{self.bot_seed(s.seat)}:{self.step}")
                bot.reset(self.state.game, self.state.options, s.seat)
                self.bots[s.seat] = bot

    def bot_seed(self, seat: int) -> int:
        """The seed of ``seat``'s bot streams: one-way from the table's seed (its key's own
        stream, at a table dealt from a key), so a bot's moves tell nothing of the deal."""
        seed = self.row.seed
        return stream_seed(seed, "bot", seat) if is_key(seed) else bot_seed(seed, seat)

    def chance_outcome(self) -> Action:
        """At a chance node, the outcome drawn from a stream of the table's seed and step, so
        that any process, before or after a restart, draws the same; at a table dealt from a key,
        the key's stream, which nobody without the key can foresee (core/seeds.py)."""
        seed = self.row.seed
        rng = (KeyedRandom(seed, "chance", self.step) if is_key(seed)
               else random.Random(f"{chance_seed(seed)}:{self.step}"))
        return sample_chance(self.state, rng)

    def schedule_bots(self) -> None:
        """If a bot (or chance, or a person's only legal action) is to act, let it move after the
        visible delay (one bot task per table, and one process per table: the one holding its
        lease). Called wherever the table comes to a new position here."""
        if self.finished or not self.bot_to_act or self.bots_moving:
            return
        self.bot_task = self.floor.spawn(self._bot_turns())

    async def _next_bot_move(self) -> tuple[int, int, Action] | None:
        """(the revision, the seat, the move) the table plays itself now, or None."""
        async with self._lock:  # the position as stored, never one being stored
            revision, seat, forced = self.revision, self.state.to_act, self.forced_move
            if seat is None:
                return None
            if seat == CHANCE:
                return revision, seat, self.chance_outcome()
            bot = self.bots.get(seat) or self.zombies.get(seat)
            if bot is None:
                return None if forced is None else (revision, seat, forced)  # (played.py)
            bot.rng.seed(f"{self.bot_seed(seat)}:move:{self.step}")  # its own stream at each move
            position = self.state.clone()  # (the bot thinks outside the lock)
        return revision, seat, await self.floor.bots.move(bot, position, seat, self.id)

    async def _play_planned(self, revision: int, seat: int, action: Action) -> bool:
        """Play the move a bot (or chance, or the rules) chose at ``revision``; False when the
        seat's player took it back meanwhile."""
        if self.revision != revision:
            return True  # the table moved while the bot thought (caught up from the store)
        if seat != CHANCE and seat not in self.bots and seat not in self.zombies and self.forced_move is None:
            return False  # the player took their seat back while the bot thought
        try:
            await self._commit(action, seat)
        except ApiError as exc:
            if exc.code == "store":
                await asyncio.sleep(1.0)  # the store is failing: try again later
            return True
        self.touch()
        self._tell_clock()
        if self.finished:
            self.floor.spawn(self.floor.bus.release(self.id))
        return True

    async def _bot_turns(self) -> None:
        floor = self.floor
        try:
            if not await floor.bus.claim(self.id):
                return  # another process moves this table's bots
            while not self.finished and self.bot_to_act:
                revision = self.revision
                await asyncio.sleep(self._pause_before_bot())
                if self.revision != revision:
                    continue  # it moved meanwhile (a move taken back, then played again): a new pause
                planned = await self._next_bot_move()
                if planned is None:
                    break
                if not await self._input(functools.partial(self._play_planned, *planned)):
                    break
            self.bot_failures = 0
        except Exception:  # a bug must not go unnoticed, nor stop the server, nor the table for good
            self.bot_failures += 1
            delay = min(BOT_RETRY_MAX, 2.0 ** self.bot_failures)
            log.exception("table %s: moving its bots failed; trying again in %.0f s", self.id, delay)
            asyncio.get_running_loop().call_later(delay, self.schedule_bots)

    def _pause_before_bot(self) -> float:
        """Seconds before the table plays its next move itself: the visible delay, or longer
        while a person may still take back the move the bot answers (undo.UNDO_WAIT). Pages are
        told that the bot to act thinks, and for how long at most (its own time counted)."""
        people = set(self.humans) - set(self.zombies)
        undo_wait = self.played.undo_wait(people, self.floor.undo_wait, time.monotonic())
        pause = max(self.floor.bot_delay, undo_wait)
        seat = self.state.to_act
        bot = None if seat is None else self.bots.get(seat) or self.zombies.get(seat)
        if seat is not None and bot is not None:
            self.thinking = (seat, self.revision, time.monotonic() + pause + (bot.time_budget() or 0.0))
            message = self._thinking_message()
            if message is not None:
                self.views.tell_all(message)
        return pause

    def _thinking_message(self) -> dict[str, Any] | None:
        """What pages are told of the bot thinking now (the most it may still take), if one is."""
        if self.thinking is None or self.thinking[1] != self.revision:
            return None
        seat, revision, until = self.thinking
        return {"type": "thinking", "seat": seat, "version": revision,
                "seconds": round(max(0.0, until - time.monotonic()), 1)}

    def close(self) -> None:
        if self.bot_task is not None:
            self.bot_task.cancel()

    # -- chat (chat.py) --------------------------------------------------------------------------
    async def say(self, seat: int | None, author: str, message: dict[str, Any]) -> None:
        """``author`` (``seat``'s player, or a spectator: None) says what ``message`` asks, in a room
        they may write in (chat.py); every page reading that room gets it at once, and the other
        processes hear of it. Refused with an ApiError, nothing said: malformed, ``chat_text``,
        ``chat_room``, ``chat_full``, ``chat_too_fast``, ``store``."""
        line = check_line(seat, author, message, self.finished, self.step)
        if not await self.chat.ready():
            raise ApiError(503, "store")
        if self.chat.room_full(line.room):
            raise ApiError(409, "chat_full", limit=CHAT_PER_ROOM)
        self.chat.take(author)
        stored = await store_write(self.floor.store.add_chat, self.id, line, CHAT_PER_ROOM)
        if stored is None:  # (filled up by other processes)
            raise ApiError(409, "chat_full", limit=CHAT_PER_ROOM)
        self._chat_told(stored)
        self.floor.tell(CHAT, self.id, encode(line_json(stored)))

    def heard_chat(self, data: str) -> None:
        """Another process stored a message (``data``: its line as JSON)."""
        line = line_of(data)
        if line is not None:
            self._chat_told(line)

    async def reread_chat(self) -> None:
        """The listener was cut off (bus.py): what was said meanwhile in other processes is read
        from the store, and told."""
        if self.chat.lines is None:
            return  # read whole when first needed
        try:
            stored = await to_thread.run_sync(self.floor.store.chat_of, self.id)
        except Exception as exc:
            log.warning("table %s: cannot read its chat: %s", self.id, exc)
            return
        for line in stored:
            self._chat_told(line)

    def _chat_told(self, line: ChatLine) -> None:
        if not self.chat.add(line):
            return
        text = encode({"type": "chat", "messages": [line_json(line)]})
        for watcher in list(self.watchers):
            if watcher.author is not None and line.room in readable(watcher.seat, self.finished):
                watcher.offer(text)

    def _chat_read(self, watcher: Watcher) -> str:
        """Everything ``watcher`` reads of the chat (it replaces what its page has), and who it is
        there (``you``: its own messages are not for it to mute)."""
        return encode({"type": "chat", "reset": True, "you": watcher.author,
                       "messages": self.chat.read_by(watcher.seat, self.finished)})

    async def chat_lines(self) -> list[dict[str, Any]]:
        """The whole chat of a finished game (its replay's); 409 ``not_over`` before the end."""
        if not self.finished:
            raise ApiError(409, "not_over")
        if not await self.chat.ready():
            raise ApiError(503, "store")
        return self.chat.read_by(None, True)

    def _publish(self) -> None:
        """The watchers hear of the table's new revision; at the end, the players' pages get the
        spectators' room too (the rooms open: chat.py)."""
        self.views.publish(self.revision)
        if self.finished and not self.chat_open:
            self.chat_open = True
            for watcher in list(self.watchers):
                if watcher.seat is not None and watcher.author is not None:
                    watcher.offer(self._chat_read(watcher))

    # -- who is here ------------------------------------------------------------------------------
    def local_seats(self) -> frozenset[int]:
        return frozenset(w.seat for w in self.watchers if w.seat is not None)

    def connected(self) -> frozenset[int]:
        """Seats with a socket open here or, as far as we heard, in another process."""
        seats = set(self.local_seats())
        for remote, _ in self.remote_presence.values():
            seats |= remote
        return frozenset(seats)

    async def join(self, watcher: Watcher, max_watchers: int) -> None:
        """A socket starts watching: it gets the whole view, then the chat it reads; the others
        hear only of a seat."""
        if watcher.author is not None:
            await self.chat.ready()  # (outside the lock: a read of the store)
        async with self._lock:
            if len(self.watchers) >= max_watchers:
                raise ApiError(503, "crowded")
            self.watchers.add(watcher)
            self.touch()
            if watcher.seat is not None:
                self._presence_changed(announce=True, newcomer=watcher)
            self.views.send_whole(watcher)  # with the new presence in it
            if (thinking := self._thinking_message()) is not None:  # a bot thinks already
                watcher.offer(encode(thinking))
            if watcher.author is not None:  # (it asked for the chat)
                watcher.offer(self._chat_read(watcher))
            if watcher.seat is not None and watcher.seat in self.zombies:
                self._take_back(watcher.seat)  # the link opened again: the seat is theirs
            elif self.clocks is not None or self.zombies or self.gone:
                watcher.offer(encode(self.clock_message(time.monotonic())))

    def leave(self, watcher: Watcher) -> None:
        if watcher in self.watchers:
            self.watchers.discard(watcher)
            self.touch()
            if watcher.seat is not None:
                self._presence_changed(announce=True)

    async def resend(self, watcher: Watcher) -> None:
        """A whole view for one watcher (it asked, or changed language)."""
        async with self._lock:
            self.views.send_whole(watcher)

    async def view(self, seat: int | None, lang: str) -> tuple[dict[str, Any], str]:
        """``seat``'s whole view now, as a dict and as JSON text."""
        async with self._lock:
            return self.views.whole((seat, lang))

    def heard_presence(self, origin: str, seats: frozenset[int]) -> None:
        self.remote_presence[origin] = (seats, time.monotonic())
        self._presence_changed(announce=False)

    def announce_presence(self) -> None:
        """Tell the other processes which seats are connected here (when any are)."""
        if self.local_seats():
            self.floor.tell(PRESENCE, self.id, ",".join(map(str, sorted(self.local_seats()))))

    def _presence_changed(self, announce: bool, newcomer: Watcher | None = None) -> None:
        if announce:
            self.floor.tell(PRESENCE, self.id, ",".join(map(str, sorted(self.local_seats()))))
        self.views.show_presence(self.connected(), but=newcomer)

    def refresh_presence(self, now: float, ttl: float) -> None:
        """Say again who is connected here, and forget what silent processes said."""
        stale = [o for o, (_, at) in self.remote_presence.items() if now - at > ttl]
        for origin in stale:
            del self.remote_presence[origin]
        self.announce_presence()
        if stale:
            self._presence_changed(announce=False)

    # -- clocks and absence -----------------------------------------------------------------------
    def clock_message(self, now: float) -> dict[str, Any]:
        """What the pages show of the clocks (each seat's seconds left; ``mode`` "none" and no
        ``left`` without a clock), who a bot plays for, and who is ``gone`` (a seat to act gone
        so long that the others may hand it to a bot)."""
        clock = {"mode": "none", "left": None} if self.clocks is None else {
            **self.clocks.clock.to_json(), "left": [round(x, 1) for x in self.clocks.left(now)]}
        return {"type": "clock", **clock, "version": self.revision,
                "to_act": self.clock_seat if not self.finished else None,
                "zombies": sorted(self.zombies), "gone": sorted(self.gone)}

    def _absence_changed(self) -> bool:
        """At a table without a clock: whether who a bot plays for, or who is gone, changed since
        the pages were told (they are told only then)."""
        shown = (tuple(sorted(self.zombies)), tuple(sorted(self.gone)))
        if shown == self.told_absence:
            return False
        self.told_absence = shown
        return True

    def _tell_clock(self) -> None:
        """The pages hear of the clocks after each step, and of who a bot plays for (without a
        clock: only when that, or who is away, changed)."""
        if self.clocks is not None:
            self.clocks.turn(self.revision, self.clock_seat, time.monotonic())  # a new turn starts now
        elif not self._absence_changed():
            return
        self.views.tell_all(self.clock_message(time.monotonic()))

    def tick(self, now: float) -> None:
        """Every second: a socket stuck on a frame is dropped; a person to act out of time, or
        gone too long, is replaced by a bot; at a table without a clock, one gone too long is said
        to be away (see ``hand_to_bot``)."""
        for watcher in list(self.watchers):
            watcher.check_sending(now)
        if self.finished or self._lock.locked():  # (a move being stored: the next tick)
            return
        if self.clocks is None:
            self._tick_absence(now)
            return
        humans = set(self.humans) - set(self.zombies)
        seat = self.clocks.tick(self.revision, self.clock_seat, humans, self.connected(), now)
        if seat is not None:
            log.info("table %s: seat %s ran out of time or left; a bot plays for it", self.id, seat)
            self._zombie(seat)
            self._tell_clock()
            self.schedule_bots()

    def _tick_absence(self, now: float) -> None:
        connected = self.connected()
        for seat in self.humans:
            if seat in connected:
                self.gone_since.pop(seat, None)
            else:
                self.gone_since.setdefault(seat, now)
        to_act = self.state.to_act
        gone = now - self.gone_since.get(to_act, now) if to_act in self.humans else 0.0
        away = gone >= self.floor.away_seconds and to_act not in self.zombies
        now_gone = frozenset({to_act}) if away else frozenset()
        if now_gone != self.gone:
            self.gone = now_gone
            self._tell_clock()

    def _zombie(self, seat: int) -> None:
        """A random bot plays for ``seat`` until its player comes back."""
        bot = make_bot(self.row.game, "random", f"{self.bot_seed(seat)}:zombie:{self.step}")
        bot.reset(self.state.game, self.state.options, seat)
        self.zombies[seat] = bot

    async def hand_to_bot(self, by: int | None, seat: Any) -> None:
        """At a table without a clock, a player hands the seat of someone who left to a bot, so
        that the others can finish; it is theirs again when they come back (their link, or
        "take my seat back"). Only a seated player may, and only for a seat that is away."""
        if by is None:
            raise ApiError(403, "bad_token")
        async with self._lock:
            if isinstance(seat, bool) or not isinstance(seat, int) or seat not in self.gone or seat == by:
                raise ApiError(409, "not_away", seconds=round(self.floor.away_seconds))
            log.info("table %s: seat %s left; seat %s hands it to a bot", self.id, seat, by)
            self._zombie(seat)
            self.gone = frozenset()
            self._tell_clock()
            self.schedule_bots()

    async def take_back(self, seat: int | None) -> None:
        """The player of a seat a bot played for is back ("take my seat back")."""
        if seat is not None and seat in self.zombies:
            async with self._lock:
                self._take_back(seat)

    def _take_back(self, seat: int) -> None:
        if self.zombies.pop(seat, None) is not None and self.clocks is not None:
            self.clocks.back(seat, time.monotonic())
        self._tell_clock()
