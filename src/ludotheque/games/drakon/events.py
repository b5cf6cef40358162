"""What happened, in public terms only: the log that players, spectators and replays read. No
event names a tile in a hand or the pile, or a coin's value before the end."""

# mypyc: compile

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    """One public event.

    kind: place draw move pull caught coin lose steal destroy drakon relocate stay exchange map
    rotate mind hero pass escape win stuck limit."""

    kind: str
    seat: int | None = None  # who did it (or who gained, lost, was robbed)
    figure: int = -1  # the hero concerned
    cell: int = -1  # where (a room, or Drakon's or a hero's new room)
    room: int = -1  # a room as laid (effect * 16 + arrows), when public
    other: int = -1  # a second seat (robbed, map victim) or cell (moved from) or quarter turns
    seats: tuple[int, ...] = ()  # winners
