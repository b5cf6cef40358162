"""What happened, in public terms only: the log that players, spectators and replays read."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    """One public event. Cards are face-down codes until revealed, so no event leaks a value."""

    kind: str  # play pass draw stop reveal battle clash fight win round over
    seat: int | None = None
    cards: tuple[int, ...] = ()  # play: face-down codes; reveal/fight/win/clash: the cards
    seats: tuple[int, ...] = ()  # reveal/fight/clash: owner of each card
    colour: int = -1
    pile: int = -1
