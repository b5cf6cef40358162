"""The random bot: the baseline every bot must beat."""

# mypyc: compile

from __future__ import annotations

from collections.abc import Sequence

from mypy_extensions import mypyc_attr

from ..core.bot import Bot, Decision
from ..core.draws import randbelow
from ..core.game import Action, Observation


@mypyc_attr(allow_interpreted_subclasses=True)  # a base for players' own bots
class RandomBot(Bot):
    """Chooses uniformly among the legal actions, without reading the observation: the game
    draws the action without even listing the others."""

    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        # without an __init__ of its own, a compiled subclass would run Bot's twice (mypyc)
        super().__init__(seed)

    def choose(self, decision: Decision) -> Action:
        return decision.random_action(self.rng)

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return legal[randbelow(self.rng, len(legal))]
