"""Stepping through a finished game: the view after any number of its actions, from any seat.

The game is over, so nothing is secret any more: a replay shows every seat's own cards at every
step (the game's ``State.open_observation``: each seat's part as that seat's own observation
shows it), no one's presence, and a log grouped by action — one entry per step, so that the
slider and the log agree.
"""

from __future__ import annotations

from typing import Any

from anyio import to_thread

from ..core.game import start_log
from ..core.record import GameRecord
from ..renderers import describe
from .errors import ApiError
from .played import only_choice
from .recent import Recent
from .table import Table
from .views import build_view, describe_log, encode, seat_names, whole_view
from .words import say

#: Replay steps kept encoded (a step read by many is made once), and games kept told in words for
#: one reader (any step of theirs is then a replay of the actions and one view).
STEPS_KEPT = 512
LOGS_KEPT = 64


class Replays:
    """The replay steps of finished games, made once each: a finished game never changes (its
    names are frozen), so readers who step through a game, or many who read the same step, cost
    a look-up instead of the game told again (8 readers of one step once held every other
    table's actions up by a second)."""

    def __init__(self) -> None:
        self.steps: Recent[str] = Recent(STEPS_KEPT)
        self.logs: Recent[tuple[list[str], list[int]]] = Recent(LOGS_KEPT)

    async def view(self, table: Table, record: GameRecord, step: int, seat: int | None, lang: str) -> str:
        """``replay_view`` encoded as JSON: from the cache when it was made before, else made and
        kept (the game told in words, the costly part, in a thread: the event loop goes on serving
        the tables meanwhile)."""
        _check(table, record, step, seat)
        names = tuple(seat_names(table.renderer, table.row.seats, lang))
        key = (table.id, len(record.actions), names, table.row.next_id, step, seat, lang)
        found = self.steps.find(key)
        if found is not None:
            return found
        log_key = (table.id, len(record.actions), names, seat, lang)
        whole = self.logs.find(log_key)
        if whole is None:
            whole = self.logs.put(log_key, await to_thread.run_sync(told, table, record, seat, lang))
        return self.steps.put(key, encode(replay_view(table, record, step, seat, lang, whole)))


def told(table: Table, record: GameRecord, seat: int | None, lang: str) -> tuple[list[str], list[int]]:
    """The whole game told in words to ``seat`` (None: the spectator), every hand shown, and
    where each action's lines end: entry k of the bounds is the end of what action k did (entry
    0: of the deal)."""
    state = record.start()
    log = start_log(state)
    log = [] if log is None else log
    bounds = [len(log)]
    names = seat_names(table.renderer, table.row.seats, lang)
    lines = describe_log(table.renderer, table.row.seats, log, seat, lang)
    for text in record.actions:
        was_forced = only_choice(state, table.humans) is not None  # marked as at the table (played.py)
        # each move described with its mover's own observations around it: what it drew or laid
        # face down is named to the spectator (who sees every hand) and to the mover itself
        mover = state.to_act
        mine = mover is not None and 0 <= mover < state.players and seat in (None, mover)
        before = state.observe(mover) if mine else None
        state.apply_trusted(state.game.parse_action(text))
        seen = (before, state.observe(mover)) if mine else None
        said = [describe(table.renderer, e, lang, names, seat, seen=seen) for e in log[bounds[-1]:]]
        if was_forced and said:
            said[0] = say("forced_move", lang, line=said[0])
        lines += said
        bounds.append(len(log))
    return lines, bounds


def _check(table: Table, record: GameRecord, step: int, seat: int | None) -> None:
    if step > len(record.actions):
        raise ApiError(400, "malformed", problem=f"step must be between 0 and {len(record.actions)}")
    if seat is not None and seat >= len(table.row.seats):
        raise ApiError(400, "malformed", problem=f"seat must be between 0 and {len(table.row.seats) - 1}")


def replay_view(table: Table, record: GameRecord, step: int, seat: int | None, lang: str,
                whole: tuple[list[str], list[int]] | None = None) -> dict[str, Any]:
    """The view of ``seat`` (None: spectator) after the first ``step`` actions of ``record``,
    every hand shown; ``log_steps`` is the log in words grouped by step (entry k: what action k
    did; entry 0: the deal). ``whole``: the game as ``told`` to this reader, when known."""
    _check(table, record, step, seat)
    steps = len(record.actions)
    all_lines, all_bounds = whole or told(table, record, seat, lang)
    bounds = all_bounds[:step + 1]
    lines = all_lines[:bounds[-1]]
    state = record.start()
    for text in record.actions[:step]:
        state.apply_trusted(state.game.parse_action(text))
    view = whole_view(build_view(state, table.renderer, table.row.seats, seat, lang), lines, ())
    view.update(version=step, table=table.id, game=table.row.game, game_name=state.game.spec.name,
                rules_version=table.row.rules_version, next_id=table.row.next_id, steps=steps, step=step,
                action=record.actions[step - 1] if step else None, replay=True,
                observation=state.open_observation(seat),
                log_steps=[lines[:bounds[0]]] + [lines[bounds[k - 1]:bounds[k]] for k in range(1, step + 1)])
    view["legal"] = view["refused"] = []  # a replay is watched, not played
    view["seats"] = [{**s, "connected": None} for s in view["seats"]]  # nobody is "here" in a replay
    if not state.is_terminal:
        view["prompt"] = say("replay_step", lang, k=step, n=steps)
    return view
