"""The tables of one server process: creating them, playing actions, moving bots, telling watchers,
keeping in memory only the tables in use, and keeping up with the other processes on the database.

Nothing here awaits a socket (watchers have their own writers) and no bot thinks while its table
is locked; the table's lock covers only checking an action, storing it and applying it.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import math
import random
import secrets
import time
from collections.abc import Coroutine, Mapping, Sequence
from typing import Any

from anyio import to_thread

from ..core.errors import LudothequeError, OptionsError, UnknownGameError
from ..core.game import CHANCE, Action
from ..core.record import GameRecord, result_of
from ..core.registry import get_game
from ..core.seeds import new_seed
from ..renderers import renderer_for
from .analysis import ANALYSIS_ITERATIONS, Analyses
from .bot_moves import BotMoves
from .bus import ACTION, NAME, PRESENCE, REMATCH, RESYNC, UNDO, WHO, Bus, Notice, bus_for
from .clocks import parse_clock, state_to_store
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
    rename_rate,
)
from .names import check_name
from .quotas import Quota
from .replays import Replays
from .store import Move, Store, TableMoved, TableRow
from .tables import (
    LiveTable,
    new_table_id,
    new_token,
    parse_seats,
    rematch_token,
    summary,
    token_digest,
)
from .updates import encode
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
PRESENCE_SECONDS = 15.0
PRESENCE_TTL = 40.0
#: The longest wait before moving a table's bots again after an unforeseen failure (the waits
#: double from 2 s: a lasting bug is logged now and then, not many times a second).
BOT_RETRY_MAX = 60.0


class TableService:
    """Every table this process holds, over one store, coordinated with the others by a bus."""

    def __init__(self, store: Store, bot_delay: float = 0.8, bus: Bus | None = None,
                 bot_seconds: float = BOT_SECONDS, away_seconds: float = AWAY_SECONDS,
                 search_workers: int | None = None, analysis_iterations: int = ANALYSIS_ITERATIONS,
                 expiry: Expiry | None = None) -> None:
        self.store, self.bot_delay, self.away_seconds = store, bot_delay, away_seconds
        self.expiry = expiry  # which idle tables are deleted (expiry.py); None: none
        self.bus = bus if bus is not None else bus_for(store)
        self.bots = BotMoves(bot_seconds, processes=search_workers)
        self.analyses = Analyses(store, self.bots, analysis_iterations)
        self.hints = Quota(HINTS_PER_PROCESS * self.bots.processes, HINTS_PER_CLIENT, HINTS_PER_TABLE,
                           HINTS_RETRY)
        self.writer = ActionWriter(store)
        self.replays = Replays()
        self.leaderboards = Leaderboards(store)
        self.tables: dict[str, LiveTable] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.catching_up: set[str] = set()
        self.outgoing: asyncio.Queue[str] = asyncio.Queue()
        self.unplayable: set[str] = set()  # tables this program cannot play (said once, at a sweep)
        self.bot_failures: dict[str, int] = {}  # tables whose bots failed to move, times in a row

    # -- life -----------------------------------------------------------------------------------
    async def start(self) -> None:
        """Hear the other processes, move the bots that wait, then keep tables tidy."""
        await self.bus.start(self._on_notice)
        await self.sweep()
        await self._resume_clocks()
        self._spawn(self._maintain())
        if self.bus.multi_process:
            self._spawn(self._send_notices())

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
        await self.bus.close()
        await self.analyses.close()
        self.bots.close()
        self.writer.close()

    async def _maintain(self) -> None:
        last_sweep = last_presence = time.monotonic()
        last_expiry = last_sweep - EXPIRY_SECONDS + 60.0  # the first look a minute after the start
        while True:
            await asyncio.sleep(1.0)
            now = time.monotonic()
            try:
                self._tick_clocks(now)
                await self._evict(now)
                if self.bus.multi_process and now - last_sweep >= SWEEP_SECONDS:
                    last_sweep = now
                    await self.sweep()
                if self.bus.multi_process and now - last_presence >= PRESENCE_SECONDS:
                    last_presence = now
                    self._refresh_presence(now)
                if self.expiry is not None and now - last_expiry >= EXPIRY_SECONDS:
                    last_expiry = now
                    self._spawn(self.expire())  # its own pace: the clocks tick meanwhile
            except Exception:  # keep tidying whatever went wrong once
                log.exception("table upkeep failed")

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
                self._schedule_bots(table)
            elif table_id not in self.unplayable and await self.bus.claim(table_id):
                try:  # claimed before loading: the tables other processes move stay with them
                    self._schedule_bots(await self.get(table_id))
                except (ApiError, LudothequeError) as exc:
                    await self.bus.release(table_id)
                    if isinstance(exc, ApiError) and exc.status >= 500:
                        continue  # the store is down: the next sweep tries again
                    log.error("table %s cannot be resumed: %s", table_id, exc)
                    self.unplayable.add(table_id)

    # -- finding tables -------------------------------------------------------------------------
    async def get(self, table_id: str) -> LiveTable:
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
                table = self.tables[table_id] = LiveTable(*loaded)
                if self.bus.multi_process and not table.finished:
                    await self._catch_up(table)  # what was played while we were reading
                    self._tell(WHO, table.id)
                self._schedule_bots(table)  # a bot or chance to act moves on, whoever holds the table
        table.used = time.monotonic()
        return table

    async def seat_of(self, table: LiveTable, token: str | None) -> int | None:
        """The seat ``token`` opens at ``table`` (None: a spectator; ApiError for a bad token). A
        rematch seat may have been claimed through another process: its token is read back."""
        try:
            return table.seat_of(token)
        except ApiError:
            if not any(s.kind == "human" and s.token_hash is None for s in table.row.seats):
                raise
        loaded = await to_thread.run_sync(self.store.load_seats, table.id)
        for row, stored in zip(table.row.seats, loaded, strict=True):
            row.token_hash = row.token_hash or stored.token_hash
        return table.seat_of(token)

    async def list(self, finished: bool | None, limit: int,
                   before: tuple[float, str] | None) -> tuple[list[dict[str, Any]], tuple[float, str] | None]:
        """A page of the lobby, newest first, from the store; and the cursor of the next page."""
        rows = await to_thread.run_sync(self.store.list_tables, finished, limit + 1, before)
        more = len(rows) > limit
        rows = rows[:limit]
        after = (rows[-1].created, rows[-1].id) if more else None
        return [summary(row, row.revision, row.to_act, row.finished) for row in rows], after

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
        tokens = {s.seat: new_token() for s in seats if s.kind == "human" and issue_tokens}
        for s in seats:
            if s.seat in tokens:
                s.token_hash = token_digest(tokens[s.seat])
        row = TableRow(new_table_id(), game.id, game.spec.version, options, new_seed(), seats,
                       clock=None if checked is None else checked.to_json(), undo=undo, hints=hints)
        return row, tokens

    def _start(self, row: TableRow) -> LiveTable:
        try:
            table = LiveTable(row, [])
        except LudothequeError as exc:
            raise ApiError(400, "bad_options", problem=str(exc)) from None
        row.to_act, row.forced = table.state.to_act, table.only is not None
        return table

    async def create(self, game_id: str, options: Mapping[str, Any], seat_kinds: Sequence[str] | None,
                     clock: Any = None, undo: bool = False,
                     hints: bool = False) -> tuple[LiveTable, dict[int, str]]:
        """A new table (``clock``: its turn timer, see clocks.py; ``undo``: whether players may
        take back a move, see undo.py; ``hints``: whether they may ask the search, hints.py);
        returns it with the token of each human seat."""
        row, tokens = self._new_row(game_id, options, seat_kinds, issue_tokens=True, clock=clock,
                                    undo=undo, hints=hints)
        table = self._start(row)
        await self._write(self.store.create_table, row)
        self.tables[row.id] = table
        self._schedule_bots(table)
        return table, tokens

    async def rematch(self, table: LiveTable, token: str) -> tuple[str, str]:
        """Play again: the same game, options and seats, a new deal; returns (table id, token).
        The rematch table's human seats start unclaimed: each old seat claims its own."""
        seat = await self.seat_of(table, token)
        if seat is None:
            raise ApiError(403, "no_seat")
        async with table.lock:
            if not table.finished:
                raise ApiError(409, "not_over")
            if table.row.next_id is None:
                kinds = ["human" if s.kind == "human" else f"bot:{s.bot}" for s in table.row.seats]
                row, _ = self._new_row(table.row.game, table.row.options, kinds, issue_tokens=False,
                                       clock=table.row.clock, undo=table.row.undo,
                                       hints=table.row.hints)
                for old, new in zip(table.row.seats, row.seats, strict=True):
                    new.name = old.name  # the same players, under the same names
                started = self._start(row)
                next_id = await self._write(self.store.create_rematch, table.id, row)
                if next_id == row.id:  # ours (another process may have made one first)
                    self.tables[row.id] = started
                self._set_next(table, next_id)
                self._tell(REMATCH, table.id, next_id)
            next_id = table.row.next_id
        assert next_id is not None
        next_table = await self.get(next_id)
        self._schedule_bots(next_table)
        new_token_ = rematch_token(token, next_table.id)
        digest = token_digest(new_token_)
        seat_row = next_table.row.seats[seat]
        if seat_row.token_hash is None:
            await self._write(self.store.claim_seat, next_table.id, seat, digest)
            seat_row.token_hash = digest
        return next_table.id, new_token_

    def _set_next(self, table: LiveTable, next_id: str) -> None:
        if table.row.next_id != next_id:
            table.row.next_id = next_id
            table.view_epoch += 1
            table.updates.tell_all({"type": "rematch", "next_id": next_id})

    # -- names ----------------------------------------------------------------------------------
    async def set_name(self, table: LiveTable, token: str, name: str) -> tuple[int, str]:
        """The seat of ``token`` takes the name ``name`` (checked first: a bad one changes
        nothing); every page of the table shows it at once. Returns (seat, name). 409
        ``name_frozen`` once the game is over (here, or already in the store)."""
        clean = check_name(name)
        seat = await self.seat_of(table, token)
        if seat is None:
            raise ApiError(403, "bad_token")
        async with table.lock:
            if table.finished:
                raise ApiError(409, "name_frozen")
            if table.row.seats[seat].name == clean:
                return seat, clean  # nothing to change, store or send
            rate = table.rename_rates.setdefault(seat, rename_rate())
            if not rate.allow():
                raise ApiError(429, "too_many_names", retry_after=rate.wait(), seconds=math.ceil(rate.wait()))
            notice = self.bus.notice(NAME, table.id, str(seat))
            if not await self._write(self.store.set_name, table.id, seat, clean, notice):
                raise ApiError(409, "name_frozen")  # another process played the last move
            self._renamed(table, {seat: clean})
        return seat, clean

    def _renamed(self, table: LiveTable, names: Mapping[int, str | None]) -> None:
        changed = False
        for seat, name in names.items():
            row = table.row.seats[seat]
            if row.kind == "human" and row.name != name:
                row.name, changed = name, True
        if changed:  # names are in every view and every log line: all are described again, and
            table.forget_lines()  # sent whole to every watcher (a burst of renames: twice)
            table.view_epoch += 1
            table.updates.send_whole_soon()

    async def _reload_names(self, table: LiveTable) -> None:
        try:
            stored = await to_thread.run_sync(self.store.load_seats, table.id)
        except Exception as exc:
            log.warning("table %s: cannot read its names: %s", table.id, exc)
            return
        self._renamed(table, {s.seat: s.name for s in stored if s.seat < len(table.row.seats)})

    # -- playing --------------------------------------------------------------------------------
    async def act(self, table: LiveTable, seat: int | None, text: str, version: int, lang: str) -> int:
        """Check, store, apply and announce one action of a human seat, chosen on the view of
        revision ``version``; returns the new revision."""
        if seat is None:
            raise ApiError(403, "bad_token")
        if seat in table.zombies:
            self.take_back(table, seat)
        async with table.lock:
            if version > table.revision and self.bus.multi_process:
                await self._catch_up_locked(table)  # the page saw a revision another process made
            action = table.check(seat, text, version, lang)
            await self._commit(table, action, seat)
            revision = table.revision
        self._moved(table)
        return revision

    async def hint(self, table: LiveTable, seat: int | None, version: int, lang: str,
                   client: str | None = None) -> dict[str, Any]:
        """What the search would play for ``seat`` at the position of revision ``version``, at a
        table created with ``hints`` (``hints.py``): its action, label and estimated win chance.
        The search is sent a position drawn again from the seat's view, never the real one; it
        waits behind the bots' moves, and within the hints' share (``quotas.py``: 429 beyond)."""
        if seat is None:
            raise ApiError(403, "bad_token")
        async with table.lock:
            if not table.row.hints:
                raise ApiError(409, "hints_off")
            if table.finished:
                raise ApiError(409, "game_over")
            if version != table.revision:
                raise ApiError(409, "stale", version=version, current=table.revision)
            if table.state.to_act != seat:
                raise ApiError(409, "hint_not_your_turn")
            position = table.state.resample(seat, random.Random(), True)
            observation = table.state.observe(seat)
        with self.hints.take(client, table.id):
            action, chance = await self.bots.search(think_hint, position, seat, secrets.randbits(32))
        renderer = renderer_for(position.game)
        names = seat_names(renderer, table.row.seats, lang)
        return {"version": version, "action": position.game.action_to_text(action),
                "label": renderer.action_label(action, observation, lang, names=names),
                "chance": round(chance, 3)}

    async def undo(self, table: LiveTable, seat: int | None, version: int) -> int:
        """Take back ``seat``'s last action (server/undo.py says when it may), with the forced
        moves of theirs that followed it, chosen on the view of revision ``version``: the store
        forgets them first (the table gets a new revision, never an old one again), then the table
        is played again without them and every page gets its whole view. Returns the new revision."""
        async with table.lock:
            if version > table.revision and self.bus.multi_process:
                await self._catch_up_locked(table)
            table.check_undo(seat, version)
            last, count = table.trail[0], len(table.trail)  # the decision, then its forced moves
            notice = self.bus.notice(UNDO, table.id, str(version + 1))
            clock_state = None
            if table.clocks is not None:  # the mover's turn goes on from when it began
                turn = last.clock or table.clocks.snapshot()
                clock_state = state_to_store(turn[0], turn[1], time.monotonic(), time.time())
            try:
                await to_thread.run_sync(self.store.undo_last, table.id, version, table.step,
                                         last.before.to_act, notice, clock_state, count)
            except TableMoved:
                await self._catch_up_locked(table)
                raise ApiError(409, "stale", version=version, current=table.revision) from None
            except Exception as exc:
                log.exception("table %s: could not take back revision %s", table.id, version)
                raise ApiError(503, "store") from exc
            self._rewind(table, table.game.record.actions[:-count], version + 1)
            if table.clocks is not None and last.clock is not None:
                table.clocks.resume(table.revision, table.clock_seat, last.clock)
            revision = table.revision
        self._moved(table)
        return revision

    def _rewind(self, table: LiveTable, moves: Sequence[str], revision: int) -> None:
        """The table played again up to ``moves``, at ``revision`` (a move was taken back), its
        bots started afresh, and every page sent its whole view: the revisions they hold are gone."""
        table.play_from_start(moves)
        table.revision = revision
        table.seat_bots()
        table.heard = {r: action for r, action in table.heard.items() if r >= revision}  # still to come
        for watcher in list(table.watchers):
            table.updates.send_whole(watcher)

    async def _reload_moves(self, table: LiveTable) -> None:
        """Another process took a move back: the table's actions are read again from the store."""
        try:
            loaded = await to_thread.run_sync(self.store.load, table.id)
        except Exception as exc:
            log.warning("table %s: cannot read it back: %s", table.id, exc)
            return
        if loaded is None:
            return
        async with table.lock:
            if loaded[0].revision > table.revision:  # (a notice late behind a read may find it done)
                self._rewind(table, loaded[1], loaded[0].revision)
                await self._catch_up_locked(table, ask_store=False)  # actions heard meanwhile
        self._moved(table)

    async def _commit(self, table: LiveTable, action: Action, seat: int) -> None:
        """Store first (what follows is worked out on a trial copy), then apply: a failed write
        changes nothing, and a table another process moved first (or took a move back on) is
        caught up and refused."""
        state = table.state
        trial = state.clone()
        trial.apply_trusted(action)
        result = result_of(trial) if trial.is_terminal else None
        text = state.game.action_to_text(action)
        revision = table.revision
        notice = self.bus.notice(ACTION, table.id, f"{revision} {text}")
        clock_state = None if table.clocks is None else table.clocks.saved(time.monotonic(), time.time())
        forced = table.forced_in(trial)  # what a restarted server must play
        move = Move(table.id, revision, table.step, text, seat, trial.to_act, result, notice, clock_state,
                    forced)
        stored = asyncio.ensure_future(self.writer.append(move))
        try:
            await asyncio.shield(stored)
        except asyncio.CancelledError:  # the caller went away: whatever was stored is caught up
            stored.add_done_callback(lambda done: self._after_lost_commit(table, done))
            raise
        except TableMoved:
            await self._catch_up_locked(table)
            raise ApiError(409, "stale", version=revision, current=table.revision) from None
        except Exception as exc:  # the database is down or refused: the table stays as it was
            log.exception("table %s: could not store action %s", table.id, text)
            raise ApiError(503, "store") from exc
        table.apply(action)
        table.updates.publish()

    def _after_lost_commit(self, table: LiveTable, done: asyncio.Future[None]) -> None:
        if not done.cancelled() and done.exception() is None:
            self._spawn(self._catch_up(table))

    async def _write(self, job: Any, *args: Any) -> Any:
        try:
            return await to_thread.run_sync(job, *args)
        except Exception as exc:
            log.exception("could not write to the store")
            raise ApiError(503, "store") from exc

    def _moved(self, table: LiveTable) -> None:
        """After the table moved (here or elsewhere): its bots play on, or it is over."""
        table.used = time.monotonic()
        self._tell_clock(table)
        if table.finished:
            self._spawn(self.bus.release(table.id))
        else:
            self._schedule_bots(table)

    # -- keeping up with the other processes ----------------------------------------------------
    async def _catch_up(self, table: LiveTable, ask_store: bool = True) -> None:
        async with table.lock:
            await self._catch_up_locked(table, ask_store)
        self._moved(table)

    async def _catch_up_locked(self, table: LiveTable, ask_store: bool = True) -> None:
        """Play here what the other processes played: the actions their notices carried, in order
        of revision, then (when asked, or when a notice is missing) whatever else the store has
        beyond our revision; and tell our watchers, once. When a move was taken back meanwhile,
        the table is read back whole."""
        heard: list[str] = []
        while table.revision + len(heard) in table.heard:
            heard.append(table.heard.pop(table.revision + len(heard)))
        table.extend(heard)
        for revision in [r for r in table.heard if r < table.revision]:
            del table.heard[revision]
        stored: list[str] = []
        if ask_store or table.heard:
            revision, stored = await to_thread.run_sync(self.store.actions_since, table.id, table.step)
            table.heard.clear()
            if revision - table.revision != len(stored):  # not only actions since ours: an undo
                loaded = await to_thread.run_sync(self.store.load, table.id)
                if loaded is not None and loaded[0].revision > table.revision:
                    self._rewind(table, loaded[1], loaded[0].revision)
                    self._schedule_bots(table)
                return
            table.extend(stored)
        if heard or stored:
            table.updates.publish()
            self._schedule_bots(table)  # the table may now wait for a bot or chance

    def _on_notice(self, notice: Notice) -> None:
        if notice.kind == RESYNC:
            for every in list(self.tables.values()):
                self._catch_up_soon(every, ask_store=True)
            return
        table = self.tables.get(notice.table)
        if table is None:
            return
        if notice.kind == ACTION:
            revision, _, action = notice.data.partition(" ")
            if revision.isdigit() and int(revision) >= table.revision:
                table.heard[int(revision)] = action
                self._catch_up_soon(table, ask_store=False)
        elif notice.kind == PRESENCE:
            seats = frozenset(int(s) for s in notice.data.split(",") if s.isdigit())
            table.remote_presence[notice.origin] = (seats, time.monotonic())
            self._presence_changed(table, announce=False)
        elif notice.kind == REMATCH:
            self._set_next(table, notice.data)
        elif notice.kind == NAME:
            self._spawn(self._reload_names(table))
        elif notice.kind == UNDO:
            self._spawn(self._reload_moves(table))
        elif notice.kind == WHO and table.local_seats():
            self._tell(PRESENCE, table.id, ",".join(map(str, sorted(table.local_seats()))))

    def _catch_up_soon(self, table: LiveTable, ask_store: bool) -> None:
        """One catch-up at a time per table: notices that arrive meanwhile join the next one."""
        if table.id not in self.catching_up:
            self.catching_up.add(table.id)
            self._spawn(self._catch_up_once(table, ask_store))

    async def _catch_up_once(self, table: LiveTable, ask_store: bool) -> None:
        try:
            self.catching_up.discard(table.id)  # a notice arriving from now on needs a new look
            await self._catch_up(table, ask_store)
        except Exception as exc:
            log.warning("table %s: cannot catch up: %s", table.id, exc)

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

    # -- bots -----------------------------------------------------------------------------------
    def _schedule_bots(self, table: LiveTable) -> None:
        """If a bot (or chance, or a person's only legal action) is to act, let it move after the
        visible delay (one bot task per
        table, and one process per table: the one holding its lease). Called wherever a table comes
        to a new position here: created, read back, caught up, swept after another process died."""
        if table.finished or not table.bot_to_act:
            return
        if table.bots_moving:
            return
        table.bot_task = self._spawn(self._bot_turns(table))

    async def _bot_turns(self, table: LiveTable) -> None:
        try:
            if not await self.bus.claim(table.id):
                return  # another process moves this table's bots
            while not table.finished and table.bot_to_act:
                await asyncio.sleep(self.bot_delay)
                revision, seat, forced = table.revision, table.state.to_act, table.forced_move
                if seat == CHANCE:
                    action = table.chance_outcome()
                elif seat in table.bots or seat in table.zombies:
                    bot = table.bots.get(seat) or table.zombies[seat]
                    action = await self.bots.move(bot, table.state, seat, table.id)
                elif forced is not None:  # a person's only choice, played for them (forced.py)
                    action = forced
                else:
                    break
                async with table.lock:
                    if table.revision != revision:
                        continue  # the table moved while the bot thought (caught up from the store)
                    if (seat != CHANCE and seat not in table.bots and seat not in table.zombies
                            and table.forced_move is None):
                        break  # the player took their seat back while the bot thought
                    try:
                        await self._commit(table, action, seat)
                    except ApiError as exc:
                        if exc.code == "store":
                            await asyncio.sleep(1.0)  # the store is failing: try again later
                        continue
                table.used = time.monotonic()
                self._tell_clock(table)
            if table.finished:
                await self.bus.release(table.id)
            self.bot_failures.pop(table.id, None)
        except Exception:  # a bug must not go unnoticed, nor stop the server, nor the table for good
            failures = self.bot_failures[table.id] = self.bot_failures.get(table.id, 0) + 1
            delay = min(BOT_RETRY_MAX, 2.0 ** failures)
            log.exception("table %s: moving its bots failed; trying again in %.0f s", table.id, delay)
            asyncio.get_running_loop().call_later(delay, self._schedule_bots, table)

    # -- watchers -------------------------------------------------------------------------------
    def join(self, table: LiveTable, watcher: Watcher) -> None:
        """A socket starts watching: it gets the whole view; the others hear only of a seat."""
        if len(table.watchers) >= MAX_WATCHERS:
            raise ApiError(503, "crowded")
        table.watchers.add(watcher)
        table.used = time.monotonic()
        if watcher.seat is not None:
            self._presence_changed(table, announce=True, newcomer=watcher)
        table.updates.send_whole(watcher)  # with the new presence in it
        if watcher.seat is not None and watcher.seat in table.zombies:
            self.take_back(table, watcher.seat)  # the link opened again: the seat is theirs
        elif table.clocks is not None or table.zombies or table.gone:
            watcher.offer(encode(table.clock_message(time.monotonic())))

    def leave(self, table: LiveTable, watcher: Watcher) -> None:
        if watcher in table.watchers:
            table.watchers.discard(watcher)
            table.used = time.monotonic()
            if watcher.seat is not None:
                self._presence_changed(table, announce=True)

    def resend(self, table: LiveTable, watcher: Watcher) -> None:
        """A whole view for one watcher (it asked, or changed language)."""
        table.updates.send_whole(watcher)

    def _presence_changed(self, table: LiveTable, announce: bool, newcomer: Watcher | None = None) -> None:
        if announce:
            self._tell(PRESENCE, table.id, ",".join(map(str, sorted(table.local_seats()))))
        connected = table.connected()
        if connected != table.shown_presence:
            table.shown_presence = connected
            table.presence_epoch += 1
            table.updates.tell_all({"type": "presence", "connected": sorted(connected)}, but=newcomer)

    def _refresh_presence(self, now: float) -> None:
        """Say again who is connected here, and forget what silent processes said."""
        for table in list(self.tables.values()):
            stale = [o for o, (_, at) in table.remote_presence.items() if now - at > PRESENCE_TTL]
            for origin in stale:
                del table.remote_presence[origin]
            if table.local_seats():
                self._tell(PRESENCE, table.id, ",".join(map(str, sorted(table.local_seats()))))
            if stale:
                self._presence_changed(table, announce=False)

    # -- clocks ---------------------------------------------------------------------------------
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

    def _tell_clock(self, table: LiveTable) -> None:
        """The pages hear of the clocks after each step, and of who a bot plays for (without a
        clock: only when that, or who is away, changed)."""
        if table.clocks is not None:
            table.clocks.turn(table.revision, table.clock_seat, time.monotonic())  # a new turn starts now
        elif not table.absence_changed():
            return
        table.updates.tell_all(table.clock_message(time.monotonic()))

    def _tick_clocks(self, now: float) -> None:
        """Every second: a person to act out of time, or gone too long, is replaced by a bot; at a
        table without a clock, one gone too long is said to be away (see ``hand_to_bot``)."""
        for table in list(self.tables.values()):
            if table.finished:
                continue
            if table.clocks is None:
                self._tick_absence(table, now)
                continue
            humans = {s.seat for s in table.row.seats if s.kind == "human"} - set(table.zombies)
            seat = table.clocks.tick(table.revision, table.clock_seat, humans, table.connected(), now)
            if seat is not None:
                log.info("table %s: seat %s ran out of time or left; a bot plays for it", table.id, seat)
                table.zombie(seat)
                self._tell_clock(table)
                self._schedule_bots(table)

    def _tick_absence(self, table: LiveTable, now: float) -> None:
        connected = table.connected()
        for seat in table.humans:
            if seat in connected:
                table.gone_since.pop(seat, None)
            else:
                table.gone_since.setdefault(seat, now)
        to_act = table.state.to_act
        gone = now - table.gone_since.get(to_act, now) if to_act in table.humans else 0.0
        away = gone >= self.away_seconds and to_act not in table.zombies
        now_gone = frozenset({to_act}) if away else frozenset()
        if now_gone != table.gone:
            table.gone = now_gone
            self._tell_clock(table)

    def hand_to_bot(self, table: LiveTable, by: int | None, seat: Any) -> None:
        """At a table without a clock, a player hands the seat of someone who left to a bot, so
        that the others can finish; it is theirs again when they come back (their link, or
        "take my seat back"). Only a seated player may, and only for a seat that is away."""
        if by is None:
            raise ApiError(403, "bad_token")
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in table.gone or seat == by:
            raise ApiError(409, "not_away", seconds=round(self.away_seconds))
        log.info("table %s: seat %s left; seat %s hands it to a bot", table.id, seat, by)
        table.zombie(seat)
        table.gone = frozenset()
        self._tell_clock(table)
        self._schedule_bots(table)

    def take_back(self, table: LiveTable, seat: int) -> None:
        """The player of a seat a bot played for is back."""
        if table.zombies.pop(seat, None) is not None and table.clocks is not None:
            table.clocks.back(seat, time.monotonic())
        self._tell_clock(table)

    async def leaderboard(self, game_id: str, lang: str) -> Sequence[dict[str, Any]]:
        """Everyone's rating at ``game_id`` from its finished tables (``leaderboard.py``)."""
        try:
            game = get_game(game_id)
        except UnknownGameError as exc:
            raise ApiError(404, "unknown_game", problem=str(exc)) from None
        return await to_thread.run_sync(self.leaderboards.standings, game.id, lang)

    # -- replays --------------------------------------------------------------------------------
    def record(self, table: LiveTable) -> GameRecord:
        """The finished game's record, with who sat where (players' and bots' names)."""
        if not table.finished:
            raise ApiError(409, "not_over")
        names = seat_names(table.renderer, table.row.seats, "en")
        return dataclasses.replace(table.game.record, names=names)

    def _spawn(self, job: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(job)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task
