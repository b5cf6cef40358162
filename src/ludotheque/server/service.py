"""The tables a server holds: creating them, playing actions, moving bots, telling watchers, and
reading everything back from the store after a restart."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Coroutine, Mapping, Sequence
from typing import Any

from anyio import to_thread

from ..core.errors import LudothequeError, UnknownGameError
from ..core.game import Action
from ..core.record import GameRecord, new_seed
from ..core.registry import get_game
from .errors import ApiError
from .store import Store, TableRow
from .tables import (
    LiveTable,
    Subscriber,
    new_table_id,
    new_token,
    parse_seats,
    rematch_token,
    summary,
    token_digest,
)

log = logging.getLogger("ludotheque.server")


class TableService:
    """Every live table of one server, over one store. Tables are read back lazily, except those
    whose bots must move, which ``resume`` starts at once."""

    def __init__(self, store: Store, bot_delay: float = 0.8) -> None:
        self.store, self.bot_delay = store, bot_delay
        self.live: dict[str, LiveTable] = {}
        self.tasks: set[asyncio.Task[None]] = set()

    # -- finding tables -------------------------------------------------------------------------
    async def get(self, table_id: str) -> LiveTable:
        table = self.live.get(table_id)
        if table is not None:
            return table
        loaded = await to_thread.run_sync(self.store.load, table_id)
        if loaded is None:
            raise ApiError(404, "no_table", id=table_id)
        table = self.live.setdefault(table_id, LiveTable(*loaded))
        return table

    async def resume(self) -> int:
        """After a start: bring back every unfinished table and let its bots play on."""
        ids = await to_thread.run_sync(self.store.unfinished_ids)
        for table_id in ids:
            try:
                table = await self.get(table_id)
            except LudothequeError as exc:
                log.error("table %s cannot be resumed: %s", table_id, exc)
                continue
            self.schedule_bot(table)
        return len(ids)

    async def list(self, finished: bool | None, limit: int) -> list[dict[str, Any]]:
        rows = await to_thread.run_sync(self.store.list_tables, finished, limit)
        out = []
        for row in rows:
            live = self.live.get(row.id)
            out.append(live.summary() if live else summary(row, row.version, row.to_act, row.finished))
        return out

    # -- creating -------------------------------------------------------------------------------
    async def create(self, game_id: str, options: Mapping[str, Any], seat_kinds: Sequence[str] | None,
                     issue_tokens: bool = True) -> tuple[LiveTable, dict[int, str]]:
        """A new table; returns it with the token of each human seat. Without ``issue_tokens`` the
        human seats stay unclaimed (a rematch: each old seat claims its own)."""
        try:
            game = get_game(game_id)
        except UnknownGameError as exc:
            raise ApiError(400, "unknown_game", problem=str(exc)) from None
        options = dict(options)
        if seat_kinds is None:
            players = options.get("players", game.spec.option("players").default)
            seat_kinds = ["human"] * (players if isinstance(players, int) else 0)
        seats = parse_seats(seat_kinds, game.id)
        if "players" not in options:
            options["players"] = len(seats)
        try:
            resolved = game.resolve_options(options)
        except LudothequeError as exc:
            raise ApiError(400, "bad_options", problem=str(exc)) from None
        if resolved["players"] != len(seats):
            raise ApiError(400, "bad_seats",
                           problem=f"{len(seats)} seats for {resolved['players']} players")
        tokens = {s.seat: new_token() for s in seats if s.kind == "human" and issue_tokens}
        for s in seats:
            if s.seat in tokens:
                s.token_hash = token_digest(tokens[s.seat])
        row = TableRow(new_table_id(), game.id, options, new_seed(), seats)
        try:
            table = LiveTable(row, [])
        except LudothequeError as exc:
            raise ApiError(400, "bad_options", problem=str(exc)) from None
        row.to_act = table.state.to_act
        await to_thread.run_sync(self.store.create_table, row)
        self.live[row.id] = table
        self.schedule_bot(table)
        return table, tokens

    async def rematch(self, table: LiveTable, token: str) -> tuple[str, str]:
        """Play again: the same game, options and seats, a new deal; returns (table id, token)."""
        seat = table.seat_of(token)
        if seat is None:
            raise ApiError(403, "no_seat")
        async with table.lock:
            if not table.state.is_terminal:
                raise ApiError(409, "not_over")
            if table.row.next_id is None:
                kinds = ["human" if s.kind == "human" else f"bot:{s.bot}" for s in table.row.seats]
                new, _ = await self.create(table.row.game, table.row.options, kinds, issue_tokens=False)
                await to_thread.run_sync(self.store.set_next, table.id, new.id)
                table.row.next_id = new.id
            next_table = await self.get(table.row.next_id)
        new_token_ = rematch_token(token, next_table.id)
        digest = token_digest(new_token_)
        seat_row = next_table.row.seats[seat]
        if seat_row.token_hash is None:
            await to_thread.run_sync(self.store.claim_seat, next_table.id, seat, digest)
            seat_row.token_hash = digest
        await self.broadcast(table)
        return next_table.id, new_token_

    # -- playing --------------------------------------------------------------------------------
    async def act(self, table: LiveTable, seat: int | None, text: str, version: int, lang: str) -> int:
        """Check, store, apply and announce one action of a human seat; returns the new version."""
        if seat is None:
            raise ApiError(403, "bad_token")
        async with table.lock:
            action = table.check(seat, text, version, lang)
            await self._commit(table, action)
        self.schedule_bot(table)
        return table.version

    async def _commit(self, table: LiveTable, action: Action) -> None:
        """Store first (from a trial copy), then apply: a failed write changes nothing."""
        state = table.state
        trial = state.clone()
        trial.apply_trusted(action)
        result = {"scores": trial.scores(), "winners": trial.winners()} if trial.is_terminal else None
        text = state.game.action_to_text(action)
        try:
            await to_thread.run_sync(self.store.append_action, table.id, table.version, text,
                                     state.to_act, trial.to_act, result)
        except Exception as exc:  # the database is down or refused: the table stays as it was
            log.exception("table %s: could not store action %s", table.id, text)
            raise ApiError(503, "store") from exc
        table.game.apply_trusted(action)  # a live table's summary reads its state, not its row
        await self.broadcast(table)

    def schedule_bot(self, table: LiveTable) -> None:
        """If a bot (or chance) is to act, let it move after the visible delay (one bot task per
        table)."""
        if not table.automatic():
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        table.bot_task = self._spawn(self._bot_turns(table))

    async def _bot_turns(self, table: LiveTable) -> None:
        try:
            await self._move_bots(table)
        except Exception:  # a bug in a bot must not go unnoticed, nor stop the server
            log.exception("table %s: a bot failed", table.id)

    async def _move_bots(self, table: LiveTable) -> None:
        while table.automatic():
            await asyncio.sleep(self.bot_delay)
            async with table.lock:
                if not table.automatic():
                    break
                action = table.automatic_move()
                if action is None:
                    log.error("table %s: the bot at seat %s chose an illegal action", table.id,
                              table.state.to_act)
                    break
                try:
                    await self._commit(table, action)
                except ApiError:
                    await asyncio.sleep(1.0)  # the store is failing: try again later

    # -- telling watchers ---------------------------------------------------------------------
    async def broadcast(self, table: LiveTable) -> None:
        """Send each watcher the view of its own seat (built once per seat and language)."""
        watchers = list(table.subscribers)
        texts: dict[tuple[int | None, str], str] = {}
        for sub in watchers:
            key = (sub.seat, sub.lang)
            if key not in texts:
                texts[key] = json.dumps(table.view(sub.seat, sub.lang), ensure_ascii=False)
        results = await asyncio.gather(*(sub.send(texts[(sub.seat, sub.lang)]) for sub in watchers),
                                       return_exceptions=True)
        for sub, outcome in zip(watchers, results, strict=True):
            if isinstance(outcome, BaseException):
                table.subscribers.discard(sub)

    async def join(self, table: LiveTable, sub: Subscriber) -> None:
        table.subscribers.add(sub)
        await self.broadcast(table)  # the newcomer gets its view; the others see it connected

    def leave(self, table: LiveTable, sub: Subscriber) -> None:
        """Forget a closed socket; the others learn it left in the background (the socket's own
        handler may be being cancelled as it closes)."""
        table.subscribers.discard(sub)
        self._spawn(self.broadcast(table))

    def _spawn(self, job: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(job)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    def record(self, table: LiveTable) -> GameRecord:
        if not table.state.is_terminal:
            raise ApiError(409, "not_over")
        return table.game.record
