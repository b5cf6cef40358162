"""Secret Nim's state, rules and game object."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ludotheque.core import CHANCE, Game, GameSpec, NotationError, OptionSpec, SetupError, State
from ludotheque.core.game import BotFactory
from ludotheque.core.spec import integer

SIZES = range(10, 16)  # the heap sizes chance may draw, each as likely
MAX_TAKE = 3
TAKE = 0  # TAKE + k - 1: take k stones
HEAP = MAX_TAKE  # HEAP + i: chance draws SIZES[i]

SPEC = GameSpec(
    id="secret_nim", name="Secret Nim", version=1, min_players=2, max_players=2,
    options=(OptionSpec("players", 2, "number of players (2)", convert=integer),),
    description="take 1-3 stones; the last stone wins; only the keeper knows the heap",
    distinct_actions=HEAP + len(SIZES),
    max_game_length=1 + max(SIZES),
    min_score=0, max_score=1, chance_in_play=True, hidden_information=True,
)


@dataclass(frozen=True)
class NimObservation:
    seat: int | None
    to_act: int | None
    taken: tuple[int, ...]  # stones taken, move by move
    heap: int | None  # the heap's size at the start: told to the keeper, shown to all at the end
    scores: tuple[float, ...] | None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "to_act": self.to_act, "taken": list(self.taken), "heap": self.heap,
                "scores": None if self.scores is None else list(self.scores)}


class SecretNimState(State):
    __slots__ = ("heap", "taken")

    def __init__(self, game: Game, options: Mapping[str, Any]) -> None:
        self.game, self.options = game, options
        self.to_act: int | None = CHANCE
        self.heap = 0  # drawn by chance
        self.taken: list[int] = []

    @property
    def left(self) -> int:
        return self.heap - sum(self.taken)

    def legal_actions(self) -> list[int]:
        if self.to_act is None:
            return []
        if self.to_act == CHANCE:
            return [HEAP + i for i in range(len(SIZES))]
        return [TAKE + k - 1 for k in range(1, MAX_TAKE + 1)]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.to_act != CHANCE:
            return []
        return [(HEAP + i, 1 / len(SIZES)) for i in range(len(SIZES))]

    def apply_trusted(self, action: int) -> None:
        if self.to_act == CHANCE:
            self.heap = SIZES[action - HEAP]
            self.to_act = 0
            return
        assert self.to_act is not None
        self.taken.append(action - TAKE + 1)
        self.to_act = None if self.left <= 0 else 1 - self.to_act

    def clone(self) -> SecretNimState:
        other = SecretNimState(self.game, self.options)
        other.to_act, other.heap, other.taken = self.to_act, self.heap, list(self.taken)
        return other

    def observe(self, seat: int | None) -> NimObservation:
        over = self.to_act is None
        told = self.to_act != CHANCE and (seat == 0 or over)
        return NimObservation(seat, self.to_act, tuple(self.taken), self.heap if told else None,
                              tuple(self.scores()) if over else None)

    def scores(self) -> list[float]:
        if self.to_act is not None:
            raise ValueError("scores exist only once the game is over")
        last = (len(self.taken) - 1) % 2  # who took the last stone
        return [1.0 if seat == last else 0.0 for seat in range(2)]

    def resample(self, seat: int, rng: random.Random, remember: bool = False) -> SecretNimState:
        other = self.clone()
        if seat != 0 and self.to_act not in (CHANCE, None):
            # any size that leaves a stone on the heap, since the game goes on
            other.heap = rng.choice([size for size in SIZES if size > sum(self.taken)])
        return other


class SecretNim(Game):
    spec = SPEC

    def new_state(self, options: Mapping[str, Any] | None = None, seed: int | None = None
                  ) -> SecretNimState:
        return SecretNimState(self, self.resolve_options(options))

    def state_from_setup(self, setup: Mapping[str, Any], options: Mapping[str, Any] | None = None
                         ) -> SecretNimState:
        raise SetupError("Secret Nim starts from chance only")

    def parse_action(self, text: str) -> int:
        words = text.lower().split() if isinstance(text, str) else []
        if len(words) == 2 and words[1].isdigit():
            count = int(words[1])
            if words[0] == "take" and 1 <= count <= MAX_TAKE:
                return TAKE + count - 1
            if words[0] == "heap" and count in SIZES:
                return HEAP + SIZES.index(count)
        raise NotationError(f"{text!r}: write 'take 1' to 'take {MAX_TAKE}' (or 'heap N' for chance)")

    def action_to_text(self, action: int) -> str:
        if TAKE <= action < TAKE + MAX_TAKE:
            return f"take {action - TAKE + 1}"
        if HEAP <= action < HEAP + len(SIZES):
            return f"heap {SIZES[action - HEAP]}"
        raise NotationError(f"{action} is not a Secret Nim action")

    def bots(self) -> Mapping[str, BotFactory]:
        from .bots import Greedy

        return {"greedy": Greedy}


GAME = SecretNim()
