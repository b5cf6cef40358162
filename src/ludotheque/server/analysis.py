"""Post-game analysis on the replay page (issue 18): a finished game's decisions of one seat
reviewed by the search (``bots/analysis.py``, the same review as ``ludotheque analyse``), in the
worker processes where searching bots think, one decision at a time (so that the bots of the
tables being played still get their turn in the pool), with its progress for the page to show,
and stored with the table (``ludo_analyses``) so that a second visit is instant. The progress is
in the store too: under ``serve --workers N`` a page may ask any process, and one process only
makes a given analysis (it claims it first; one that died is taken over after a while).

Each decision is reviewed from the seat's own information then: the worker replays the record to
the decision, draws the position again from the seat's view (``State.resample``), and the review
plays out positions drawn again from that seat's decision; never the record's open hands.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from anyio import to_thread

from ..bots.analysis import MARKS, decision_steps, review_decision
from ..core.record import GameRecord
from .bot_moves import BotMoves
from .errors import ApiError
from .limits import ANALYSES_PER_CLIENT, ANALYSES_PER_PROCESS, ANALYSES_PER_TABLE, ANALYSES_RETRY
from .quotas import Quota, Ticket
from .recent import Recent
from .store import AnalysisKey, AnalysisRow, Store
from .table import Table
from .views import seat_names

log = logging.getLogger("ludotheque.server")
T = TypeVar("T")

#: Playouts of the search for each decision reviewed (its preferred move, then as many for the
#: value of each of the two moves compared): a short game takes a few seconds on one core.
ANALYSIS_ITERATIONS = 24
#: The seed of the reviews: the same record, seat and budget always give the same analysis.
ANALYSIS_SEED = 0


#: Done analyses kept in words for a reader (a done analysis never changes: reading it again costs
#: no look-up and no replay of the game).
DONE_KEPT = 256
#: Seconds without a sign of life from the process making an analysis after which it is taken to
#: have stopped (it died): the analysis may be started again, here or elsewhere.
STALE_SECONDS = 120.0


@dataclass
class Run:
    """An analysis under way in this process."""

    done: int = 0
    total: int | None = None  # known once the record was read
    failed: bool = False
    task: asyncio.Task[None] | None = field(default=None, repr=False)


class Analyses:
    """The analyses: started on request, run in this process's worker processes, their progress
    and result in the store (``ludo_analyses``), where every process of the server finds them."""

    def __init__(self, store: Store, bots: BotMoves, iterations: int = ANALYSIS_ITERATIONS) -> None:
        self.store, self.bots, self.iterations = store, bots, iterations
        self.settings = f"ismcts:{iterations}:{ANALYSIS_SEED}"  # what a stored analysis was made with
        self.runs: dict[AnalysisKey, Run] = {}
        self.finished: Recent[dict[str, Any]] = Recent(DONE_KEPT)  # done analyses in words, by reader
        self.quota = Quota(ANALYSES_PER_PROCESS * bots.processes, ANALYSES_PER_CLIENT, ANALYSES_PER_TABLE,
                           ANALYSES_RETRY)

    def _key(self, table: Table, seat: int) -> AnalysisKey:
        if not table.finished:
            raise ApiError(409, "analysis_not_over")
        players = len(table.row.seats)
        if not 0 <= seat < players:
            raise ApiError(400, "analysis_seat", seat=seat, last=players - 1)
        return table.id, seat, self.settings

    async def start(self, table: Table, seat: int, client: str | None = None) -> dict[str, Any]:
        """Start analysing ``seat``'s moves unless it is done or under way (here or in another
        process); its state. 409 ``analysis_not_over`` before the end, 400 ``analysis_seat`` for
        a seat the table has not, 429 ``queue_full`` past the analyses' share (``quotas.py``)
        for ``client``."""
        key = self._key(table, seat)
        run = self.runs.get(key)
        if run is not None and not run.failed:
            return self._running(key, run.done, run.total)
        row = await self._store(self.store.analysis, key)
        if row is None or (row.moves is None and _stopped(row)):
            ticket = self.quota.take(client, table.id)
            try:
                claimed = await self._store(self.store.claim_analysis, key, time.time() - STALE_SECONDS)
            except ApiError:
                ticket.give_back()
                raise
            if claimed:
                run = self.runs[key] = Run()
                run.task = asyncio.get_running_loop().create_task(
                    self._run(key, table.game.record, run, ticket))
                return self._running(key, 0, None)
            ticket.give_back()
            row = await self._store(self.store.analysis, key)  # another request claimed it first
        return self._from_store(key, row)

    async def progress(self, table: Table, seat: int, lang: str) -> dict[str, Any]:
        """Where the analysis of ``seat`` stands: ``none`` (never asked for), ``running`` (with
        decisions done and to do), ``failed``, or ``done`` with every decision's review (the moves
        named in ``lang``)."""
        key = self._key(table, seat)
        names = tuple(seat_names(table.renderer, table.row.seats, lang))
        done = self.finished.find((key, lang, names))
        if done is not None:
            return done
        run = self.runs.get(key)
        if run is not None and not run.failed:
            return self._running(key, run.done, run.total)
        row = await self._store(self.store.analysis, key)
        if row is None and run is not None:  # it failed here (and nobody started it again)
            return {**self._running(key, run.done, run.total), "state": "failed"}
        answer = self._from_store(key, row)
        if row is not None and row.moves is not None:
            moves = row.moves
            answer.update(iterations=self.iterations, marks={name: bound for bound, name in MARKS})
            answer = self.finished.get((key, lang, names),
                                       lambda: {**answer, "moves": labelled(table, seat, moves, lang)})
        return answer

    def _running(self, key: AnalysisKey, done: int, total: int | None) -> dict[str, Any]:
        return {"seat": key[1], "state": "running", "done": done, "total": total}

    def _from_store(self, key: AnalysisKey, row: AnalysisRow | None) -> dict[str, Any]:
        if row is None:
            return {"seat": key[1], "state": "none"}
        if row.moves is not None:
            return {"seat": key[1], "state": "done", "done": len(row.moves), "total": len(row.moves)}
        return {**self._running(key, row.done, row.total), **({"state": "failed"} if _stopped(row) else {})}

    async def _store(self, job: Callable[..., T], *args: Any) -> T:
        try:
            return await to_thread.run_sync(job, *args)
        except Exception as exc:
            log.warning("cannot use the analyses in the store: %s", exc)
            raise ApiError(503, "store") from exc

    async def _run(self, key: AnalysisKey, record: GameRecord, run: Run, ticket: Ticket) -> None:
        """Each decision in turn in a worker process; the progress told to the store after each
        (a sign of life for the other processes), then the reviews; the share given back at the end."""
        with ticket:
            await self._review(key, record, run)

    async def _review(self, key: AnalysisKey, record: GameRecord, run: Run) -> None:
        table_id, seat, _ = key
        try:
            steps = sorted(await self.bots.work(decision_steps, record, seat))
            run.total = len(steps)
            await to_thread.run_sync(self.store.analysis_progress, key, 0, run.total)
            moves = []
            for step in steps:
                moves.append(await self.bots.work(review_decision, record, seat, step, self.iterations,
                                                  ANALYSIS_SEED))
                run.done += 1
                await to_thread.run_sync(self.store.analysis_progress, key, run.done, run.total)
            await to_thread.run_sync(self.store.analysis_progress, key, run.done, run.total, moves)
            del self.runs[key]  # read back from the store from now on
        except asyncio.CancelledError:
            self.runs.pop(key, None)  # (its row looks stopped soon: it may be started again)
            raise
        except Exception:
            log.warning("table %s: the analysis of seat %s failed", table_id, seat, exc_info=True)
            run.failed = True
            with contextlib.suppress(Exception):
                await to_thread.run_sync(self.store.drop_analysis, key)

    async def close(self) -> None:
        tasks = [run.task for run in self.runs.values() if run.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def _stopped(row: AnalysisRow) -> bool:
    """Whether the process making an analysis under way has given no sign of life for long."""
    return row.moves is None and row.updated < time.time() - STALE_SECONDS


def labelled(table: Table, seat: int, moves: Sequence[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """The stored reviews with the move played and the one preferred named in ``lang``, as the
    seat's own moves panel named them then (its observation at the time)."""
    renderer = table.renderer
    names = seat_names(renderer, table.row.seats, lang)
    by_step = {move["step"]: move for move in moves}
    record = table.game.record
    state = record.start()
    out = []
    for step, text in enumerate(record.actions):
        move = by_step.get(step)
        if move is not None:
            observation = state.observe(seat)
            out.append({**move, **{f"{key}_label": renderer.action_label(
                state.game.parse_action(move[key]), observation, lang, names=names)
                for key in ("played", "best")}})
        state.apply_text(text)
    return out
