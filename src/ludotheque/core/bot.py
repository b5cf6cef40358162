"""The bot protocol: a bot sees only its seat's observation, the legal actions, and positions
drawn again from them (what a search needs; nothing hidden survives the drawing).

A bot is asked for a move through a ``Decision``: the observation is built, and the legal actions
listed, only when the bot reads them, so a bot that needs neither (the random bot draws a legal
action directly) costs the game nothing but its rules.
"""

# mypyc: compile

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from .draws import randbelow
from .errors import LudothequeError
from .game import Action, Game, Observation, State


class BotError(LudothequeError):
    """A bot chose an action that is not legal (a bug in the bot, reported with its name)."""


class DecisionClosedError(LudothequeError):
    """A bot read a decision after answering it (the position has moved on since)."""


class Decision:
    """One move asked of one seat. Readable only until the bot has answered: the runner closes
    it then, so that a bot keeping it cannot read a later position through it."""

    __slots__ = ("seat", "deadline", "_state", "_observation", "_legal", "_drawn")

    def __init__(self, state: State, seat: int, deadline: float | None = None) -> None:
        self.seat = seat
        #: When the answer is due (``time.time()``, a clock every process of the machine shares),
        #: or None: a bot that counts its time (a search) stops then even if its own budget is
        #: not spent, so that the time it waited for a worker is not added to its move's.
        self.deadline = deadline
        self._state: State | None = state
        self._observation: Observation | None = None
        self._legal: list[Action] | None = None
        self._drawn = -1  # an action drawn by random_action, legal by construction

    def _open(self) -> State:
        if self._state is None:
            raise DecisionClosedError("this decision was answered: its position has moved on")
        return self._state

    @property
    def observation(self) -> Observation:
        """What the seat sees now (built on first read)."""
        if self._observation is None:
            self._observation = self._open().observe(self.seat)
        return self._observation

    @property
    def legal(self) -> list[Action]:
        """The legal actions (listed on first read)."""
        if self._legal is None:
            self._legal = self._open().legal_actions()
        return self._legal

    def sample_position(self, rng: random.Random, remember: bool = False) -> State:
        """A whole position the seat cannot tell apart from the real one: everything it does not
        see drawn again (``State.resample``), what a search plays out. Never the real position,
        and the same whatever lies hidden (resampling depends only on what the seat sees).
        ``remember``: also consistent with what the seat was shown earlier (its memory: won
        cards seen face up, a card taken from it ...), as a player who forgets nothing."""
        if remember:
            return self._open().resample(self.seat, rng, True)
        return self._open().resample(self.seat, rng)  # what a game written before memory takes

    def random_action(self, rng: random.Random) -> Action:
        """A legal action drawn uniformly, without listing them all when they were not read."""
        if self._legal is not None:
            return self._legal[randbelow(rng, len(self._legal))]
        self._drawn = self._open().sample_action(rng)
        return self._drawn

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` may be played (checked from what was already computed if possible)."""
        if self._legal is not None:
            return action in self._legal
        if action == self._drawn:
            return True
        return self._open().refusal(action) is None

    def seconds_left(self, budget: float) -> float:
        """The seconds a bot with ``budget`` seconds a move may still think (never below 0)."""
        if self.deadline is None:
            return budget
        return max(0.0, min(budget, self.deadline - time.time()))

    def close(self) -> None:
        self._state = None


@mypyc_attr(allow_interpreted_subclasses=True)
class Bot(ABC):
    """A player program. It never receives a State: hidden information cannot reach it."""

    #: The name players and the command line use (``random``, ``heuristic`` ...).
    name: ClassVar[str] = "bot"
    #: Thinks for as long as its budget allows (a search): the web table lets it think in a
    #: worker process, never in a thread of the server (it would hold up every table).
    searches: ClassVar[bool] = False

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def time_budget(self) -> float | None:
        """The seconds a move takes at most, for a bot that counts its time; None otherwise."""
        return None

    def reset(self, game: Game, options: Mapping[str, Any], seat: int) -> None:
        """Called once before a game, with the game, its resolved options and the bot's seat."""
        self.game, self.options, self.seat = game, options, seat

    def choose(self, decision: Decision) -> Action:
        """Answer ``decision``; by default ``act`` on its observation and legal actions."""
        return self.act(decision.observation, decision.legal)

    @abstractmethod
    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` (never empty) from what ``observation`` shows."""


def ask(bot: Bot, state: State, seat: int, deadline: float | None = None) -> Action:
    """``bot``'s move at ``seat``, from what that seat sees (built only if the bot reads it), due
    by ``deadline`` (see ``Decision.deadline``); raises BotError for an action that is not legal."""
    decision = Decision(state, seat, deadline)
    try:
        action = bot.choose(decision)
        legal = decision.is_legal(action)
    finally:
        decision.close()
    if not legal:
        raise BotError(f"bot {bot.name} at seat {seat} chose an illegal action {action}")
    return action
