"""The tables of one server process, a registry: creating them, finding them (keeping in memory
only the tables in use), routing what the other processes say to them, and the upkeep every
second (clocks, eviction, sweeps for bots nobody moves, expiry). Whatever changes a table is done
by the table itself (table.py).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Coroutine, Mapping, Sequence
from typing import Any

from anyio import to_thread

from ..core.errors import LudothequeError, OptionsError, UnknownGameError
from ..core.record import GameRecord
from ..core.registry import get_game
from ..core.seeds import new_seed
from ..renderers import renderer_for
from .accounts import Accounts
from .analysis import ANALYSIS_ITERATIONS, Analyses
from .bot_moves import BotMoves
from .bus import ACTION, CHAT, NAME, PRESENCE, REMATCH, RESYNC, UNDO, WHO, Bus, Notice, bus_for
from .clocks import parse_clock
from .errors import ApiError, refused_options
from .expiry import EXPIRY_BATCH, EXPIRY_SECONDS, Expiry
from .hints import think_hint
from .leaderboard import Leaderboards
from .limits import (
    AWAY_SECONDS,
    BOT_SECONDS,
    HINTS_PER_CLIENT,
    HINTS_PER_PROCESS,
    HINTS_PER_TABLE,
    HINTS_RETRY,
    MAX_TABLE_ID,
    MAX_WATCHERS,
)
from .mail import Mailer, MailSettings
from .names import check_name
from .quotas import Quota
from .replays import Replays
from .store import Store, TableRow
from .table import (
    Floor,
    Table,
    new_table_id,
    new_token,
    parse_seats,
    rematch_token,
    store_write,
    summary,
    token_digest,
)
from .undo import UNDO_WAIT
from .views import seat_names
from .watchers import Watcher
from .writer import ActionWriter

log = logging.getLogger("ludotheque.server")

#: Seconds a finished (or idle unfinished) table stays in memory once nobody watches it.
FINISHED_LINGER = 5.0
IDLE_LINGER = 300.0
#: Seconds between two looks for bots nobody moves (after a process died), and between two
#: announcements of who is connected here (another process forgets them after PRESENCE_TTL).
SWEEP_SECONDS = 2.0
#: A move that waits a day on a claimed name with an address gets a reminder (looked for hourly).
REMINDER_SECONDS, REMINDER_LOOK_SECONDS = 86_400.0, 3_600.0
PRESENCE_SECONDS = 15.0
PRESENCE_TTL = 40.0



def _game_name(game_id: str) -> str:
    try:
        return get_game(game_id).spec.name
    except LudothequeError:
        return game_id

class TableService:
    """Every table this process holds, over one store, coordinated with the others by a bus."""

    def __init__(self, store: Store, bot_delay: float = 0.8, bus: Bus | None = None,
                 bot_seconds: float = BOT_SECONDS, away_seconds: float = AWAY_SECONDS,
                 search_workers: int | None = None, analysis_iterations: int = ANALYSIS_ITERATIONS,
                 expiry: Expiry | None = None, mail: MailSettings | None = None,
                 undo_wait: float = UNDO_WAIT) -> None:
        self.store, self.bot_delay, self.away_seconds = store, bot_delay, away_seconds
        self.expiry = expiry  # which idle tables are deleted (expiry.py); None: none
        self.bus = bus if bus is not None else bus_for(store)
        self.bots = BotMoves(bot_seconds, processes=search_workers)
        self.analyses = Analyses(store, self.bots, analysis_iterations)
        self.hints = Quota(HINTS_PER_PROCESS * self.bots.processes, HINTS_PER_CLIENT, HINTS_PER_TABLE,
                           HINTS_RETRY)
        self.accounts = Accounts(store)
        self.mailer = Mailer(mail)
        self.reminded: dict[tuple[str, int], float] = {}  # (table, revision): when its waiter was
        self.writer = ActionWriter(store)
        self.floor = Floor(store, self.writer, self.bus, self.bots, bot_delay, away_seconds, undo_wait,
                           self._tell, self._spawn, self._your_turn)
        self.replays = Replays()
        self.leaderboards = Leaderboards(store)
        self.tables: dict[str, Table] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.outgoing: asyncio.Queue[str] = asyncio.Queue()
        self.unplayable: set[str] = set()  # tables this program cannot play (said once, at a sweep)

    # -- life -----------------------------------------------------------------------------------
    async def start(self) -> None:
        """Hear the other processes, move the bots that wait, then keep tables tidy."""
        await self.bus.start(self._on_notice)
        await self.sweep()
        await self._resume_clocks()
        self._spawn(self._maintain())
        if self.mailer.on:
            self._spawn(self.mailer.run())
        if self.bus.multi_process:
            self._spawn(self._send_notices())

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        for table in self.tables.values():
            table.close()
        await self.bus.close()
        await self.analyses.close()
        self.bots.close()
        self.writer.close()

    async def _maintain(self) -> None:
        last_sweep = last_presence = time.monotonic()
        last_expiry = last_sweep - EXPIRY_SECONDS + 60.0  # the first look a minute after the start
        last_reminders = last_sweep - REMINDER_LOOK_SECONDS + 60.0
        while True:
            await asyncio.sleep(1.0)
            now = time.monotonic()
            try:
                for table in list(self.tables.values()):
                    table.tick(now)
                await self._evict(now)
                if self.bus.multi_process and now - last_sweep >= SWEEP_SECONDS:
                    last_sweep = now
                    await self.sweep()
                if self.bus.multi_process and now - last_presence >= PRESENCE_SECONDS:
                    last_presence = now
                    for table in list(self.tables.values()):
                        table.refresh_presence(now, PRESENCE_TTL)
                if self.expiry is not None and now - last_expiry >= EXPIRY_SECONDS:
                    last_expiry = now
                    self._spawn(self.expire())  # its own pace: the clocks tick meanwhile
                if self.mailer.on and now - last_reminders >= REMINDER_LOOK_SECONDS:
                    last_reminders = now
                    self._spawn(self.remind())
            except Exception:  # keep tidying whatever went wrong once
                log.exception("table upkeep failed")

    # -- games over days (mail.py) -----------------------------------------------------------------
    def _your_turn(self, table_id: str, game_id: str, account: str) -> None:
        """A table this process moved waits on ``account`` now: mailed, if they gave an address."""
        if self.mailer.on:
            self._spawn(self._mail_turn(game_id, account))

    async def _mail_turn(self, game_id: str, account: str, reminder: bool = False) -> None:
        try:
            address = await self.accounts.email_of(account)
        except Exception as exc:
            log.warning("cannot read the address of %s: %s", account, exc)
            return
        if address is not None:
            self.mailer.turn(address, account, _game_name(game_id), reminder)

    async def remind(self) -> None:
        """Once a day while a move waits on a claimed name with an address: a reminder (each
        process reminds of what waits; with several, a person may get one from each)."""
        now = time.time()
        try:
            waiting = await to_thread.run_sync(self.store.waiting_turns, now - REMINDER_SECONDS)
        except Exception as exc:
            log.warning("cannot look for moves that wait: %s", exc)
            return
        self.reminded = {key: at for key, at in self.reminded.items() if now - at < REMINDER_SECONDS}
        for table_id, game_id, account, address, revision in waiting:
            if (table_id, revision) not in self.reminded:
                self.reminded[(table_id, revision)] = now
                self.mailer.turn(address, account, _game_name(game_id), reminder=True)

    async def _evict(self, now: float) -> None:
        """Forget tables nobody uses: finished ones soon, idle ones later (the store has them)."""
        for table in list(self.tables.values()):
            linger = FINISHED_LINGER if table.finished else IDLE_LINGER
            clocked = table.clocks is not None and not table.finished  # its clock runs here
            if table.busy or clocked or now - table.used < linger:
                continue
            if table.bot_to_act and not table.finished:  # asked last: it may look for a forced move
                continue
            del self.tables[table.id]
            await self.bus.release(table.id)

    async def expire(self) -> None:
        """Delete the tables idle past ``expiry`` (expiry.py), but none this process holds."""
        if self.expiry is None:
            return
        try:
            gone = await to_thread.run_sync(self.store.expire, *self.expiry.cutoffs(time.time()),
                                            frozenset(self.tables), EXPIRY_BATCH)
        except Exception as exc:
            log.warning("cannot delete the tables nobody plays: %s", exc)
            return
        if gone:
            log.info("deleted %d tables nobody played for a while", len(gone))

    async def sweep(self) -> None:
        """Move the bots nobody moves: at start, and (several processes) after one has died."""
        try:
            ids = await to_thread.run_sync(self.store.bot_turns)
        except Exception as exc:
            log.warning("cannot look for bots to move: %s", exc)
            return
        for table_id in ids:
            table = self.tables.get(table_id)
            if table is not None:
                table.schedule_bots()
            elif table_id not in self.unplayable and await self.bus.claim(table_id):
                try:  # claimed before loading: the tables other processes move stay with them
                    (await self.get(table_id)).schedule_bots()
                except (ApiError, LudothequeError) as exc:
                    await self.bus.release(table_id)
                    if isinstance(exc, ApiError) and exc.status >= 500:
                        continue  # the store is down: the next sweep tries again
                    log.error("table %s cannot be resumed: %s", table_id, exc)
                    self.unplayable.add(table_id)

    async def _resume_clocks(self) -> None:
        """At start: the unfinished tables with a clock are read back, so that their clocks run
        (the current turn's clock starts again) even if nobody opens them."""
        try:
            ids = await to_thread.run_sync(self.store.clocked_ids)
        except Exception as exc:
            log.warning("cannot look for tables with clocks: %s", exc)
            return
        for table_id in ids:
            try:
                await self.get(table_id)
            except (ApiError, LudothequeError) as exc:
                log.warning("table %s: its clock cannot run: %s", table_id, exc)

    # -- finding tables -------------------------------------------------------------------------
    async def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            if len(table_id) > MAX_TABLE_ID:
                raise ApiError(404, "no_table", id=table_id[:MAX_TABLE_ID] + "…")
            try:
                loaded = await to_thread.run_sync(self.store.load, table_id)
            except Exception as exc:
                log.warning("cannot read table %s: %s", table_id, exc)
                raise ApiError(503, "store") from exc
            if loaded is None:
                raise ApiError(404, "no_table", id=table_id)
            table = self.tables.get(table_id)  # another request may have read it meanwhile
            if table is None:
                table = self.tables[table_id] = Table(*loaded, self.floor)
                if self.bus.multi_process and not table.finished:
                    await table.catch_up()  # what was played while we were reading
                    self._tell(WHO, table.id)
                table.schedule_bots()  # a bot or chance to act moves on, whoever holds the table
        table.touch()
        return table

    async def seat_of(self, table: Table, token: str | None) -> int | None:
        """The seat ``token`` opens at ``table`` (None: a spectator; ApiError for a bad token)."""
        return await table.seat_reading(token)

    async def list(self, finished: bool | None, limit: int, before: tuple[float, str] | None,
                   open_seats: bool = False) -> tuple[list[dict[str, Any]], tuple[float, str] | None]:
        """A page of the lobby, newest first, from the store (``open_seats``: the unfinished
        tables with a seat anyone may take); and the cursor of the next page."""
        rows = await to_thread.run_sync(self.store.list_tables, finished, limit + 1, before, open_seats)
        more = len(rows) > limit
        rows = rows[:limit]
        after = (rows[-1].created, rows[-1].id) if more else None
        return [summary(row, row.revision, row.to_act, row.finished) for row in rows], after

    async def summaries(self, ids: Sequence[str]) -> Sequence[dict[str, Any]]:
        """The summaries of the tables of ``ids`` that exist (a page asks after the tables its
        browser holds seats at), from the store in one read, newest first."""
        rows = await to_thread.run_sync(self.store.tables_of, ids)
        return [summary(row, row.revision, row.to_act, row.finished) for row in rows]

    # -- creating -------------------------------------------------------------------------------
    def _new_row(self, game_id: str, options: Mapping[str, Any], seat_kinds: Sequence[str] | None,
                 issue_tokens: bool, clock: Any = None,
                 undo: bool = False, hints: bool = False) -> tuple[TableRow, dict[int, str]]:
        """A table's row, its options and seats checked before anything is allocated for them."""
        checked = parse_clock(clock)
        try:
            game = get_game(game_id)
        except UnknownGameError as exc:
            raise ApiError(400, "unknown_game", problem=str(exc)) from None
        options = dict(options)
        local = [spec.name for spec in game.spec.options if spec.local and options.get(spec.name)]
        if local:
            raise ApiError(400, "bad_options", problem=f"option {local[0]!r} names a file on the "
                           "server's machine: the web table does not accept it")
        if seat_kinds is not None and "players" not in options:
            options["players"] = len(seat_kinds)
        try:
            resolved = game.resolve_options(options)  # refuses a number of players out of range
        except OptionsError as exc:
            raise refused_options(game, exc, options) from None
        except LudothequeError as exc:
            raise ApiError(400, "bad_options", problem=str(exc)) from None
        if seat_kinds is None:
            seat_kinds = ["human"] * resolved["players"]
        if resolved["players"] != len(seat_kinds):
            raise ApiError(400, "bad_seats",
                           problem=f"{len(seat_kinds)} seats for {resolved['players']} players")
        seats = parse_seats(seat_kinds, game.id)
        tokens = {s.seat: new_token() for s in seats if s.kind == "human" and not s.open and issue_tokens}
        for s in seats:
            if s.seat in tokens:
                s.token_hash = token_digest(tokens[s.seat])
        row = TableRow(new_table_id(), game.id, game.spec.version, options, new_seed(), seats,
                       clock=None if checked is None else checked.to_json(), undo=undo, hints=hints)
        return row, tokens

    def _start(self, row: TableRow) -> Table:
        try:
            table = Table(row, [], self.floor)
        except LudothequeError as exc:
            raise ApiError(400, "bad_options", problem=str(exc)) from None
        row.to_act, row.forced = table.state.to_act, table.played.only is not None
        return table

    async def create(self, game_id: str, options: Mapping[str, Any], seat_kinds: Sequence[str] | None,
                     clock: Any = None, undo: bool = False,
                     hints: bool = False) -> tuple[Table, dict[int, str]]:
        """A new table (``clock``: its turn timer, see clocks.py; ``undo``: whether players may
        take back a move, see undo.py; ``hints``: whether they may ask the search, hints.py);
        returns it with the token of each human seat."""
        row, tokens = self._new_row(game_id, options, seat_kinds, issue_tokens=True, clock=clock,
                                    undo=undo, hints=hints)
        table = self._start(row)
        await store_write(self.store.create_table, row)
        self.tables[row.id] = table
        table.schedule_bots()
        return table, tokens

    async def rematch(self, table: Table, token: str) -> tuple[str, str]:
        """Play again: the same game, options and seats, a new deal; returns (table id, token).
        The rematch table's human seats start unclaimed: each old seat claims its own."""
        seat = await self.seat_of(table, token)
        if seat is None:
            raise ApiError(403, "no_seat")

        async def make() -> str:
            old = table.row
            kinds = ["open" if s.open else "human" if s.kind == "human" else f"bot:{s.bot}"
                     for s in old.seats]
            row, _ = self._new_row(old.game, old.options, kinds, issue_tokens=False, clock=old.clock,
                                   undo=old.undo, hints=old.hints)
            for before, new in zip(old.seats, row.seats, strict=True):
                new.name, new.account = before.name, before.account  # the same players, under the same names
            started = self._start(row)
            next_id: str = await store_write(self.store.create_rematch, table.id, row)
            if next_id == row.id:  # ours (another process may have made one first)
                self.tables[row.id] = started
            self._tell(REMATCH, table.id, next_id)
            return next_id
        next_table = await self.get(await table.settle_next(make))
        next_table.schedule_bots()
        new_token_ = rematch_token(token, next_table.id)
        await next_table.claim_seat(seat, token_digest(new_token_))
        return next_table.id, new_token_

    # -- what a table is asked ------------------------------------------------------------------
    async def set_name(self, table: Table, token: str, name: str,
                       session: str | None = None) -> tuple[int, str]:
        """The seat of ``token`` takes the name ``name`` (checked first: a bad one changes
        nothing; a claimed one only from a browser signed in as it: ``session``, its cookie);
        every page of the table shows it at once. Returns (seat, name)."""
        clean = check_name(name)
        seat = await self.seat_of(table, token)
        if seat is None:
            raise ApiError(403, "bad_token")
        await table.rename(seat, clean, await self.accounts.owner_check(clean, session))
        return seat, clean

    async def take_seat(self, table: Table, seat: int | None, name: str | None,
                        session: str | None = None) -> tuple[int, str]:
        """A person takes an open seat of ``table`` (``seat``, or the first one open), under
        ``name`` when given (checked first: a bad one changes nothing; a claimed one only signed
        in as it: ``session``, the browser's cookie). Returns (seat, token)."""
        clean = None if name is None else check_name(name)
        account = None if clean is None else await self.accounts.owner_check(clean, session)
        token = new_token()
        return await table.take_seat(seat, token_digest(token), clean, account), token

    async def hint(self, table: Table, seat: int | None, version: int, lang: str,
                   client: str | None = None) -> dict[str, Any]:
        """What the search would play for ``seat`` at the position of revision ``version``, at a
        table created with ``hints`` (``hints.py``): its action, label and estimated win chance.
        The search is sent a position drawn again from the seat's view, never the real one; it
        waits behind the bots' moves, and within the hints' share (``quotas.py``: 429 beyond)."""
        position, observation = await table.hint_position(seat, version)
        assert seat is not None
        with self.hints.take(client, table.id):
            action, chance = await self.bots.search(think_hint, position, seat, secrets.randbits(32))
        renderer = renderer_for(position.game)
        names = seat_names(renderer, table.row.seats, lang)
        return {"version": version, "action": position.game.action_to_text(action),
                "label": renderer.action_label(action, observation, lang, names=names),
                "chance": round(chance, 3)}

    def join(self, table: Table, watcher: Watcher) -> Coroutine[Any, Any, None]:
        return table.join(watcher, MAX_WATCHERS)

    async def leaderboard(self, game_id: str, lang: str) -> dict[str, Any]:
        """The claimed names' and the bots' ratings at ``game_id`` from its finished tables
        (``leaderboard.py``)."""
        try:
            game = get_game(game_id)
        except UnknownGameError as exc:
            raise ApiError(404, "unknown_game", problem=str(exc)) from None
        return await to_thread.run_sync(self.leaderboards.standings, game.id, lang)

    def record(self, table: Table) -> GameRecord:
        """The finished game's record, with who sat where (players' and bots' names)."""
        return table.record()

    # -- keeping up with the other processes ----------------------------------------------------
    def _on_notice(self, notice: Notice) -> None:
        if notice.kind == RESYNC:
            for every in list(self.tables.values()):
                every.catch_up_soon(ask_store=True)
                self._spawn(every.reread_chat())
            return
        table = self.tables.get(notice.table)
        if table is None:
            return
        if notice.kind == ACTION:
            revision, _, action = notice.data.partition(" ")
            if revision.isdigit():
                table.heard_action(int(revision), action)
        elif notice.kind == PRESENCE:
            seats = frozenset(int(s) for s in notice.data.split(",") if s.isdigit())
            table.heard_presence(notice.origin, seats)
        elif notice.kind == REMATCH:
            table.set_next(notice.data)
        elif notice.kind == NAME:
            self._spawn(table.reload_names())
        elif notice.kind == UNDO:
            self._spawn(table.reload_moves())
        elif notice.kind == WHO:
            table.announce_presence()
        elif notice.kind == CHAT:
            table.heard_chat(notice.data)

    def _tell(self, kind: str, table_id: str, data: str = "") -> None:
        """A notice to the other processes, in the background and in order (a later presence
        must not overtake an earlier one); nothing on a single process."""
        payload = self.bus.notice(kind, table_id, data)
        if payload is not None:
            self.outgoing.put_nowait(payload)

    async def _send_notices(self) -> None:
        while True:
            payloads = [await self.outgoing.get()]
            while not self.outgoing.empty():
                payloads.append(self.outgoing.get_nowait())
            try:
                await to_thread.run_sync(self.store.notify, payloads)
            except Exception as exc:
                log.warning("cannot notify the other processes: %s", exc)

    def _spawn(self, job: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(job)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task
