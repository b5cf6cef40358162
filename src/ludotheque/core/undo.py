"""When a move may be taken back: only if it showed its player nothing new.

Taking back a move that drew a card, or that led to a chance draw, would let a player look and
choose again. ``reveals`` asks the question through the protocol alone: the same move is played
in positions the player cannot tell apart from this one (``State.resample``); if what the
player then sees ever differs from what it sees after the real move, or a chance draw follows,
the move revealed something. (A table also refuses an undo once anyone else has acted since.)
"""

from __future__ import annotations

import random

from .game import CHANCE, Action, State

#: Positions tried: a move that reveals something the player could not know differs in almost
#: all of them (a drawn card, a tile from the pile); eight make a miss very unlikely.
SAMPLES = 8


def reveals(state: State, action: Action, seat: int, rng: random.Random,
            samples: int = SAMPLES) -> bool:
    """Whether ``seat`` playing ``action`` (legal at ``state``) learns something hidden."""
    after = state.clone()
    after.apply(action)
    if after.to_act == CHANCE:
        return True
    if not state.game.spec.hidden_information:
        return False
    seen = after.observe(seat).to_json()
    for _ in range(samples):
        other = state.resample(seat, rng)
        other.apply(action)
        if other.to_act == CHANCE or other.observe(seat).to_json() != seen:
            return True
    return False
