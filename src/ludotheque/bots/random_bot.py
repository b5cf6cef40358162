"""The random bot: the baseline every bot must beat."""

# mypyc: compile

from __future__ import annotations

from collections.abc import Sequence

from ..core.bot import Bot, Decision
from ..core.game import Action, Observation


class RandomBot(Bot):
    """Chooses uniformly among the legal actions, without reading the observation: the game
    draws the action without even listing the others."""

    name = "random"

    def choose(self, decision: Decision) -> Action:
        return decision.random_action(self.rng)

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]
