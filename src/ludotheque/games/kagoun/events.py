"""What happened, in public terms only: the log that players, spectators and replays read.
Cards appear only once face up (revealed at resolution, laid in a pair or chain, discarded);
a draw or a card taken by Take is logged without the card."""

# mypyc: compile

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    """One public event: its kind, the seat concerned (-1: none) and its public details."""

    kind: str  # round call announce defend reveal win tie rebuild substitute chain scrap drop
    # draw river take power out clear over reshuffle
    seat: int = -1
    args: tuple[str, ...] = ()
