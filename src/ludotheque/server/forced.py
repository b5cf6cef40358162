"""Forced moves: a person's decision with one legal action is no decision, so the table plays it
for them after the bot delay (a pause to follow it by), by the same path as a bot's move, and the
log says so ("(forced)"). Whether a move was forced depends only on the position it was played
from (a person to act, one legal action), never on who clicked it: a restarted server, another
process and a replay all agree.
"""

from __future__ import annotations

from collections.abc import Collection

from ..core.game import Action, State


def only_choice(state: State, humans: Collection[int]) -> Action | None:
    """The only legal action of the person (one of ``humans``) to act, if they have only one."""
    if state.to_act not in humans:  # a bot, chance, or the game is over
        return None
    legal = state.legal_actions()
    return legal[0] if len(legal) == 1 else None
