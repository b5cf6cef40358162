"""A Drakon position under the game protocol: the data of ``DrakonState`` with the rules,
observations, scores and resampling bound to it."""

# mypyc: compile

from __future__ import annotations

from random import Random
from typing import Any

from ...core.game import Action
from . import rules
from .observe import DrakonObservation, observe, open_observation
from .resample import redraw_hidden
from .state import DrakonState


class DrakonPosition(DrakonState):
    __slots__ = ()

    def clone(self) -> DrakonPosition:
        return DrakonPosition(self.game, self.options, self.parts, self)

    def legal_actions(self) -> list[Action]:
        return rules.legal_actions(self)

    def sample_action(self, rng: Random) -> Action:
        return rules.sample_action(self, rng)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return rules.chance_outcomes(self)

    def apply_trusted(self, action: Action) -> None:
        rules.apply(self, action)

    def observe(self, seat: int | None) -> DrakonObservation:
        return observe(self, seat)

    def open_observation(self, seat: int | None) -> dict[str, Any]:
        """Every hand and every purse shown (a replay of a game that is over)."""
        return open_observation(self, seat)

    def scores(self) -> list[float]:
        """1 for each winner (a team's partners, tied players), 0 for the others."""
        if self.to_act is not None:
            raise ValueError("scores exist only once the game is over")
        winners = self.winning or []
        return [1.0 if seat in winners else 0.0 for seat in range(self.n)]

    def resample(self, seat: int, rng: Random, remember: bool = False) -> DrakonPosition:
        other = self.clone()
        if self.to_act is not None:  # at the end everything is shown
            redraw_hidden(self, other, seat, rng, remember)
        return other

    def how_ended(self) -> str:
        """goal, escape, stuck or limit (docs/rules/drakon.md); "" while in play."""
        return self.ending

    def rounds(self) -> int:
        """Rounds begun (a round: every player's turn; Couple: every hero's)."""
        per_round = 4 if self.couple else self.n
        return (self.turns + per_round - 1) // per_round
