"""The dungeon's geometry over its rooms (``cell -> effect * 16 + arrows``): where a room may be
laid, where a hero may go, where the harps pull, where Drakon may fly.

Laying (004, "Poser une salle"): next to a room by a shared side (open question 4), never with
two arrows facing each other. Moving (004, "Bouger votre héros"): through an arrow into the room
beyond, or as the room left allows (Passkey, Teleport, Violent wind).
"""

# mypyc: compile

from __future__ import annotations

from .components import ARROWLESS, HARP, PASSKEY, START_ROOM, TELEPORT, WIND
from .geometry import ASCENDING_SIDES, NEIGHBOUR, NO_CELL, opposite

Rooms = dict[int, int]


def facing(rooms: Rooms, cell: int, ignore: int = NO_CELL) -> int:
    """The sides of ``cell`` whose neighbouring room points at it: a room laid there must have no
    arrow on those sides (``ignore``: a cell whose room is lifted, e.g. the Moving room's)."""
    mask = 0
    for side in range(4):
        other = NEIGHBOUR[4 * cell + side]
        if other != NO_CELL and other != ignore:
            room = rooms.get(other, -1)
            if room >= 0 and room >> opposite(side) & 1:
                mask |= 1 << side
    return mask


def frontier(rooms: Rooms, ignore: int = NO_CELL) -> list[int]:
    """Empty cells sharing a side with a room, sorted (``ignore``: a lifted room, which neither
    counts as a neighbour nor frees its own cell: the Moving room must go elsewhere)."""
    seen: set[int] = set()
    for cell in rooms:
        if cell == ignore:
            continue
        for side in range(4):
            other = NEIGHBOUR[4 * cell + side]
            if other != NO_CELL and other not in rooms:
                seen.add(other)
    return sorted(seen)


def pulling_harps(rooms: Rooms, cell: int) -> list[int]:
    """The Magic harps next to ``cell`` that its room points at (004, Harpe magique)."""
    room = rooms.get(cell, -1)
    out: list[int] = []
    if room < 0:
        return out
    for side in range(4):
        if room >> side & 1:
            other = NEIGHBOUR[4 * cell + side]
            if other != NO_CELL and rooms.get(other, -1) >> 4 == HARP:
                out.append(other)
    return out


def exits(rooms: Rooms, cell: int, any_side: bool) -> list[int]:
    """Rooms one step from ``cell``: through its arrows, or through any side (``any_side``);
    sorted."""
    room = rooms[cell]
    out = []
    for side in ASCENDING_SIDES:
        if any_side or room >> side & 1:
            other = NEIGHBOUR[4 * cell + side]
            if other != NO_CELL and other in rooms:
                out.append(other)
    return out


def _crossing_exits(rooms: Rooms, cell: int) -> list[int]:
    """Where a hero blown across ``cell`` goes on: its arrows; a Passkey or Teleport counts as
    four arrows, less each side whose neighbour points at it (open question 29)."""
    if rooms[cell] >> 4 not in ARROWLESS:
        return exits(rooms, cell, False)
    closed = facing(rooms, cell)
    return [other for side, other in _sides(rooms, cell) if not closed >> side & 1]


def _sides(rooms: Rooms, cell: int) -> list[tuple[int, int]]:
    out = []
    for side in range(4):
        other = NEIGHBOUR[4 * cell + side]
        if other != NO_CELL and other in rooms:
            out.append((side, other))
    return out


def destinations(rooms: Rooms, cell: int, any_side: bool = False) -> list[int]:
    """Where a hero standing in ``cell`` may be moved, before any pull at the arrival: by the
    room's arrows; from a Passkey (or ``any_side``) through any side; from a Teleport to any
    other room; from a Violent wind exactly two rooms on, the crossed room's harps pulling the
    hero in as the second room (004, Vent violent; open questions 19, 29). Sorted, distinct."""
    effect = rooms[cell] >> 4
    if effect == TELEPORT:
        return sorted(other for other in rooms if other != cell)
    if effect == PASSKEY:
        return exits(rooms, cell, True)
    if effect != WIND:
        return exits(rooms, cell, any_side)
    out: set[int] = set()
    for middle in exits(rooms, cell, any_side):
        harps = pulling_harps(rooms, middle)
        out.update(harps if harps else _crossing_exits(rooms, middle))
    out.discard(cell)
    return sorted(out)


def drakon_reach(rooms: Rooms, cell: int, steps: int = 3) -> list[int]:
    """Rooms Drakon can end on from ``cell``: up to ``steps`` steps from room to room by shared
    sides, ignoring arrows, never over an empty cell (open question 11); ``cell`` included."""
    seen = {cell}
    edge = [cell]
    for _ in range(steps):
        nxt = []
        for here in edge:
            for side in range(4):
                other = NEIGHBOUR[4 * here + side]
                if other != NO_CELL and other in rooms and other not in seen:
                    seen.add(other)
                    nxt.append(other)
        edge = nxt
    return sorted(seen)


def removable(rooms: Rooms, occupied: set[int]) -> list[int]:
    """Rooms Destroy and Magic exchange may take: no figure on them, not Start (004)."""
    return sorted(cell for cell, room in rooms.items()
                  if cell not in occupied and room >> 4 != START_ROOM)
