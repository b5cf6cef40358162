"""A Kagoun position under the game protocol: the data of ``KagounState`` with the rules,
observations, scores and resampling bound to it."""

# mypyc: compile

from __future__ import annotations

from random import Random
from typing import Any

from ...core.game import Action
from . import rules
from .observe import KagounObservation, observe, open_observation
from .resample import redraw_hidden
from .state import KagounState


class KagounPosition(KagounState):
    __slots__ = ()

    def clone(self) -> KagounPosition:
        return KagounPosition(self.game, self.options, self.deck, self)

    def legal_actions(self) -> list[Action]:
        return rules.legal_actions(self)

    def sample_action(self, rng: Random) -> Action:
        return rules.sample_action(self, rng)

    def sample_chance(self, rng: Random) -> Action:
        return rules.sample_chance(self, rng)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return rules.chance_outcomes(self)

    def apply_trusted(self, action: Action) -> None:
        rules.apply(self, action)

    def refusal(self, action: Action, lang: str = "en") -> str | None:
        return rules.refusal(self, action, lang)

    def observe(self, seat: int | None) -> KagounObservation:
        return observe(self, seat)

    def open_observation(self, seat: int | None) -> dict[str, Any]:
        """Every hand and every face-down card shown (a replay of a game that is over)."""
        return open_observation(self, seat)

    def scores(self) -> list[float]:
        """1 to the winner, 0 to the others; with no winner a draw, 1/n each (docs/rules/kagoun.md
        §7)."""
        if self.to_act is not None:
            raise ValueError("scores exist only once the game is over")
        if self.winner < 0:
            return [1.0 / self.n] * self.n
        return [1.0 if seat == self.winner else 0.0 for seat in range(self.n)]

    def how_ended(self) -> str:
        """kagoun, ko, rounds (the cap) or all_out (everyone still in eliminated at once)."""
        return self.ending

    def resample(self, seat: int, rng: Random, remember: bool = False) -> KagounPosition:
        other = self.clone()
        redraw_hidden(self, other, seat, rng, remember)
        return other

    def rounds(self) -> int:
        return self.round
