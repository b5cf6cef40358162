"""Hints (issue 18): at a table created with ``hints``, the person to act may ask what the search
would play, with its estimated win chance. The search runs in the worker processes where
searching bots think, on a position drawn again from the seat's own view (never the real one),
so a hint can tell nothing the seat could not see. A table with hints is not rated
(``leaderboard.py``)."""

from __future__ import annotations

from ..bots.analysis import hint
from ..core.game import Action, State

#: Playouts of the search for the move, then as many for its win chance; at most HINT_SECONDS
#: for the move (so that the answer comes within a bot's time limit on a busy machine too).
HINT_ITERATIONS = 200
HINT_SECONDS = 1.0


def think_hint(position: State, seat: int, seed: int) -> tuple[Action, float]:
    """The hint at ``seat`` (run in a worker process; ``position`` is already drawn again)."""
    return hint(position, seat, HINT_ITERATIONS, seed, HINT_SECONDS)
