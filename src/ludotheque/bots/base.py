"""The bot protocol: a bot sees only its seat's observation and the legal actions."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.game import Action, Game, Observation


class Bot(ABC):
    """A player program. It never receives a State: hidden information cannot reach it."""

    #: The name players and the command line use (``random``, ``heuristic`` ...).
    name: str = "bot"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def reset(self, game: Game, options: Mapping[str, Any], seat: int) -> None:
        """Called once before a game, with the game, its resolved options and the bot's seat."""
        self.game, self.options, self.seat = game, options, seat

    @abstractmethod
    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` (never empty) from what ``observation`` shows."""


class RandomBot(Bot):
    """Chooses uniformly among the legal actions: the baseline every bot must beat."""

    name = "random"

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]
