"""The phases of a Gargon round (what the seat to act is deciding)."""

# mypyc: compile

from __future__ import annotations

from enum import IntEnum
from typing import Final


class Phase(IntEnum):
    PLACE = 0  # the seat to act plays cards face down or passes
    PASS_DRAW = 1  # a passer draws one to three cards
    FIGHT = 2  # the seat to act chooses the colour resolved next
    LOSER_DRAW = 3  # a fight's loser draws one card
    OVER = 4

    @property
    def label(self) -> str:
        """The name observations use: ``place``, ``pass_draw``, ``fight`` ..."""
        return LABELS[self.value]


#: Each phase's label by its number: what an observation is built with at every action, with no
#: enum looked up (``Phase(n).label`` goes through the enum's machinery twice).
LABELS: Final = tuple(phase.name.lower() for phase in Phase)
