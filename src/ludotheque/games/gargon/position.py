"""A Gargon position under the game protocol: the data of ``GargonState`` with the rules,
observations, scores and resampling bound to it."""

# mypyc: compile

from __future__ import annotations

from random import Random

from ...core.game import Action
from . import rules
from .observe import GargonObservation, observe
from .resample import redraw_hidden
from .scoring import totals
from .state import GargonState


class GargonPosition(GargonState):
    __slots__ = ()

    def clone(self) -> GargonPosition:
        return GargonPosition(self.game, self.options, self.amulets, self)

    def legal_actions(self) -> list[Action]:
        return rules.legal_actions(self)

    def sample_action(self, rng: Random) -> Action:
        return rules.sample_action(self, rng)

    def apply_trusted(self, action: Action) -> None:
        rules.apply(self, action)

    def refusal(self, action: Action, lang: str = "en") -> str | None:
        return rules.refusal(self, action, lang)

    def observe(self, seat: int | None) -> GargonObservation:
        return observe(self, seat)

    def scores(self) -> list[float]:
        if self.to_act is not None:
            raise ValueError("scores exist only once the game is over")
        if self.final_scores is None:
            self.final_scores = totals(self.won, self.amulets)
        return list(self.final_scores)

    def resample(self, seat: int, rng: Random, remember: bool = False) -> GargonPosition:
        other = self.clone()
        redraw_hidden(self, other, seat, rng, remember)
        return other

    def rounds(self) -> int:
        return self.round
