"""Post-game analysis on the replay page (issue 18): a finished game's decisions of one seat
reviewed by the search (``bots/analysis.py``, the same review as ``ludotheque analyse``), in the
worker processes where searching bots think, one decision at a time (so that the bots of the
tables being played still get their turn in the pool), with its progress for the page to show,
and stored with the table (``ludo_analyses``) so that a second visit is instant.

Each decision is reviewed from the seat's own information then: the worker replays the record to
the decision, draws the position again from the seat's view (``State.resample``), and the review
plays out positions drawn again from that seat's decision; never the record's open hands.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from anyio import to_thread

from ..bots.analysis import MARKS, decision_steps, review_move, review_rng
from ..core.game import State
from ..core.record import GameRecord
from .bot_moves import BotMoves
from .errors import ApiError
from .store import Store
from .tables import LiveTable
from .views import seat_names

log = logging.getLogger("ludotheque.server")

#: Playouts of the search for each decision reviewed (its preferred move, then as many for the
#: value of each of the two moves compared): a short game takes a few seconds on one core.
ANALYSIS_ITERATIONS = 24
#: The seed of the reviews: the same record, seat and budget always give the same analysis.
ANALYSIS_SEED = 0

Key = tuple[str, int, str]


def position_at(record: GameRecord, step: int) -> State:
    """The game of ``record`` before its action ``step``."""
    state = record.start()
    for text in record.actions[:step]:
        state.apply_text(text)
    return state


def review_decision(record: GameRecord, seat: int, step: int, iterations: int, seed: int) -> dict[str, Any]:
    """The review of ``seat``'s decision at ``step`` (run in a worker process), from a position
    drawn again from what the seat saw then: what others held never enters the search."""
    state = position_at(record, step)
    played = state.game.parse_action(record.actions[step])
    position = state.resample(seat, random.Random(f"analysis:{seed}:{seat}:{step}"))
    return review_move(position, seat, played, step, iterations, review_rng(seed, seat, step)).to_json()


def decisions(record: GameRecord, seat: int) -> list[int]:
    """The steps where ``seat`` chose among two moves or more (run in a worker process)."""
    return sorted(decision_steps(record, seat))


@dataclass
class Run:
    """An analysis under way in this process."""

    done: int = 0
    total: int | None = None  # known once the record was read
    failed: bool = False
    task: asyncio.Task[None] | None = field(default=None, repr=False)


class Analyses:
    """The analyses of this process: started on request, run in the worker processes, stored."""

    def __init__(self, store: Store, bots: BotMoves, iterations: int = ANALYSIS_ITERATIONS) -> None:
        self.store, self.bots, self.iterations = store, bots, iterations
        self.settings = f"ismcts:{iterations}:{ANALYSIS_SEED}"  # what a stored analysis was made with
        self.runs: dict[Key, Run] = {}

    def _key(self, table: LiveTable, seat: int) -> Key:
        if not table.finished:
            raise ApiError(409, "analysis_not_over")
        players = len(table.row.seats)
        if not 0 <= seat < players:
            raise ApiError(400, "analysis_seat", seat=seat, last=players - 1)
        return table.id, seat, self.settings

    async def start(self, table: LiveTable, seat: int) -> dict[str, Any]:
        """Start analysing ``seat``'s moves unless it is done or under way; its state. 409
        ``analysis_not_over`` before the end, 400 ``analysis_seat`` for a seat the table has not."""
        key = self._key(table, seat)
        if key not in self.runs and await self._stored(key) is not None:
            return {"seat": seat, "state": "done"}
        run = self.runs.get(key)  # (looked at again: another request may have started it meanwhile)
        if run is None or run.failed:
            run = self.runs[key] = Run()
            run.task = asyncio.get_running_loop().create_task(self._run(key, table.game.record, run))
        return self._state(key, run)

    async def progress(self, table: LiveTable, seat: int, lang: str) -> dict[str, Any]:
        """Where the analysis of ``seat`` stands: ``none`` (never asked for here), ``running``
        (with decisions done and to do), ``failed``, or ``done`` with every decision's review
        (the moves named in ``lang``)."""
        key = self._key(table, seat)
        run = self.runs.get(key)
        if run is not None:
            return self._state(key, run)
        moves = await self._stored(key)
        if moves is None:
            return {"seat": seat, "state": "none"}
        return {"seat": seat, "state": "done", "done": len(moves), "total": len(moves),
                "iterations": self.iterations, "marks": {name: bound for bound, name in MARKS},
                "moves": labelled(table, seat, moves, lang)}

    def _state(self, key: Key, run: Run) -> dict[str, Any]:
        return {"seat": key[1], "state": "failed" if run.failed else "running", "done": run.done,
                "total": run.total}

    async def _stored(self, key: Key) -> list[dict[str, Any]] | None:
        try:
            return await to_thread.run_sync(self.store.analysis, *key)
        except Exception as exc:
            log.warning("cannot read the analysis of table %s: %s", key[0], exc)
            raise ApiError(503, "store") from exc

    async def _run(self, key: Key, record: GameRecord, run: Run) -> None:
        table_id, seat, settings = key
        try:
            steps = await self.bots.work(decisions, record, seat)
            run.total = len(steps)
            moves = []
            for step in steps:
                moves.append(await self.bots.work(review_decision, record, seat, step, self.iterations,
                                                  ANALYSIS_SEED))
                run.done += 1
            await to_thread.run_sync(self.store.save_analysis, table_id, seat, settings, moves)
            del self.runs[key]  # read back from the store from now on
        except asyncio.CancelledError:
            self.runs.pop(key, None)
            raise
        except Exception:
            log.warning("table %s: the analysis of seat %s failed", table_id, seat, exc_info=True)
            run.failed = True

    async def close(self) -> None:
        tasks = [run.task for run in self.runs.values() if run.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def labelled(table: LiveTable, seat: int, moves: Sequence[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
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
