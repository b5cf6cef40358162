"""Taking back a move, at a table that allows it (Board Game Arena's "undo").

A player may take back their own last move while it is still the table's last action (nobody,
chance included, has acted since), the game is not over, and the move showed them nothing that
was hidden (``core.undo.reveals``: a drawn card, a tile from the pile, a coin's value), so that
nobody can look and choose again. Each move taken back may open the one before it to the same
test.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..core.game import Action, State
from ..core.undo import reveals


@dataclass
class LastMove:
    """The table's last action, with a copy of the position it was played from."""

    before: State
    action: Action
    seat: int  # who played it (CHANCE for a chance outcome)
    step: int  # the step it was played at
    clock: tuple[list[float], float] | None = None  # the turn timer as its turn stood (clocks.py)
    _reveals: bool | None = field(default=None, repr=False)

    def revealed(self, seed: int) -> bool:
        """Whether it showed its player something hidden (worked out once, the same in every
        process: the positions tried come from the table's seed and step)."""
        if self._reveals is None:
            rng = random.Random(f"{seed}:undo:{self.step}")
            self._reveals = reveals(self.before, self.action, self.seat, rng)
        return self._reveals


def refusal(last: LastMove | None, seat: int | None, allowed: bool, finished: bool, seed: int) -> str | None:
    """Why ``seat`` may not take back the table's last action now (an error code of words.py),
    or None when it may."""
    if not allowed:
        return "undo_off"
    if finished:
        return "game_over"
    if last is None or seat is None or last.seat != seat:
        return "undo_not_yours"
    if last.revealed(seed):
        return "undo_reveals"
    return None
