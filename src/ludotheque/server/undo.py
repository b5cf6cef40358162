"""Taking back a move, at a table that allows it (Board Game Arena's "undo").

A player may take back their own last move while it is still the table's last action (nobody,
chance included, has acted since), the game is not over, and the move showed them nothing that
was hidden (``core.undo.reveals``: a drawn card, a tile from the pile, a coin's value), so that
nobody can look and choose again. Each move taken back may open the one before it to the same
test.

At a table of bots, the bots wait for it: a bot does not answer a person's move that may still be
taken back for ``UNDO_WAIT`` seconds after it (once it answered, the move is no longer the
table's last).

A forced move (a person's only legal action, which the table plays for them: played.py) is no
decision to take back on its own: the table would play it again at once. Taking back undoes the
player's last real decision together with the forced moves of theirs that followed it, as one
undo; when a forced move follows someone else's move (or nothing of theirs), there is nothing to
take back.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..core.game import Action, State
from ..core.undo import reveals

#: Seconds a bot waits before answering a person's move that may be taken back: the time to
#: change one's mind (Board Game Arena's bots answer at once, and its undo goes with them).
UNDO_WAIT = 3.0


@dataclass
class LastMove:
    """The table's last action, with a copy of the position it was played from."""

    before: State
    action: Action
    seat: int  # who played it (CHANCE for a chance outcome)
    step: int  # the step it was played at
    clock: tuple[list[float], float] | None = None  # the turn timer as its turn stood (clocks.py)
    forced: bool = False  # the only legal action of a person (played.py)
    at: float = field(default_factory=time.monotonic)  # when it was played (or read back)
    _reveals: bool | None = field(default=None, repr=False)

    def revealed(self, seed: int) -> bool:
        """Whether it showed its player something hidden (worked out once, the same in every
        process: the positions tried come from the table's seed and step)."""
        if self._reveals is None:
            rng = random.Random(f"{seed}:undo:{self.step}")
            self._reveals = reveals(self.before, self.action, self.seat, rng)
        return self._reveals


def refusal(trail: Sequence[LastMove], seat: int | None, allowed: bool, finished: bool,
            seed: int) -> str | None:
    """Why ``seat`` may not take back the table's ``trail`` now (its last action not forced,
    then the forced ones since: an error code of words.py), or None when it may."""
    if not allowed:
        return "undo_off"
    if finished:
        return "game_over"
    if not trail or seat is None or trail[-1].seat != seat:
        return "undo_not_yours"
    if trail[0].forced or any(move.seat != seat for move in trail):
        return "undo_forced"  # their last move was forced, and the decision before it not theirs
    if any(move.revealed(seed) for move in trail):
        return "undo_reveals"
    return None
