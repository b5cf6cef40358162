"""The reference every speed benchmark measures against: OpenSpiel's C++ ``hearts`` played out
at random from Python (``legal_actions`` + a uniform choice + ``apply_action``, chance outcomes
drawn uniformly), for a number of CPU seconds of this process."""

from __future__ import annotations

import random
import time


def hearts_playouts(seconds: float) -> tuple[int, int, float] | None:
    """(games, actions, CPU seconds) of random hearts playouts, or None without OpenSpiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(0)
    games, actions, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    return games, actions, time.process_time() - start
