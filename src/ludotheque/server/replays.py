"""Stepping through a finished game: the view after any number of its actions, from any seat."""

from __future__ import annotations

from typing import Any

from ..core.game import start_log
from ..core.record import GameRecord
from .errors import ApiError
from .tables import LiveTable
from .views import build_view, describe_log, whole_view


def replay_view(table: LiveTable, record: GameRecord, step: int, seat: int | None,
                lang: str) -> dict[str, Any]:
    """The view of ``seat`` (None: spectator) after the first ``step`` actions of ``record``."""
    steps = len(record.actions)
    if step > steps:
        raise ApiError(400, "malformed", problem=f"step must be between 0 and {steps}")
    if seat is not None and seat >= len(table.row.seats):
        raise ApiError(400, "malformed", problem=f"seat must be between 0 and {len(table.row.seats) - 1}")
    state = record.start()
    log = start_log(state)
    log = [] if log is None else log
    for text in record.actions[:step]:
        state.apply_trusted(state.game.parse_action(text))
    lines = describe_log(table.renderer, table.row.seats, log, seat, lang)
    view = whole_view(build_view(state, table.renderer, table.row.seats, seat, lang), lines, ())
    view.update(version=step, table=table.id, game=table.row.game, game_name=state.game.spec.name,
                rules_version=table.row.rules_version, next_id=table.row.next_id, steps=steps, step=step,
                action=record.actions[step - 1] if step else None)
    view["legal"] = []  # a replay is watched, not played
    return view
