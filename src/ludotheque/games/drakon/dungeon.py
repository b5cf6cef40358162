"""The dungeon's geometry over its rooms, a grid (``grid[cell]``: the room laid there, ``effect *
16 + arrows``, or EMPTY): where a room may be laid, where a hero may go, where the harps pull,
where Drakon may fly. A list indexed by cell, not a dict: a lookup is an index, not a hash of a
boxed int (the rules look cells up in every turn).

Laying (004, "Poser une salle"): next to a room by a shared side (open question 4), never with
two arrows facing each other. Moving (004, "Bouger votre héros"): through an arrow into the room
beyond, or as the room left allows (Passkey, Teleport, Violent wind).
"""

# mypyc: compile

from __future__ import annotations

from typing import Final

from .components import ARROWLESS, HARP, PASSKEY, START_ROOM, TELEPORT, WIND
from .geometry import ASCENDING_SIDES, CELLS, NEIGHBOUR, NO_CELL, START, opposite

Grid = list[int]
EMPTY: Final = -1  # a cell with no room


def empty_grid() -> Grid:
    return [EMPTY] * CELLS


def grid_of(rooms: dict[int, int]) -> Grid:
    """The grid of rooms given by cell."""
    grid = empty_grid()
    for cell, room in rooms.items():
        grid[cell] = room
    return grid


def facing(grid: Grid, cell: int, ignore: int = NO_CELL) -> int:
    """The sides of ``cell`` whose neighbouring room points at it: a room laid there must have no
    arrow on those sides (``ignore``: a cell whose room is lifted, e.g. the Moving room's)."""
    mask = 0
    for side in range(4):
        other = NEIGHBOUR[4 * cell + side]
        if other != NO_CELL and other != ignore:
            room = grid[other]
            if room >= 0 and room >> opposite(side) & 1:
                mask |= 1 << side
    return mask


def frontier(grid: Grid, laid: dict[int, int], ignore: int = NO_CELL) -> list[int]:
    """Empty cells sharing a side with a room, sorted (``laid``: the grid's rooms by cell, walked
    instead of the whole grid; ``ignore``: a lifted room, which neither counts as a neighbour nor
    frees its own cell: the Moving room must go elsewhere)."""
    seen: set[int] = set()
    for cell in laid:
        if cell == ignore:
            continue
        for side in range(4):
            other = NEIGHBOUR[4 * cell + side]
            if other != NO_CELL and grid[other] == EMPTY:
                seen.add(other)
    return sorted(seen)


def pulling_harps(grid: Grid, cell: int) -> list[int]:
    """The Magic harps next to ``cell`` that its room points at (004, Harpe magique)."""
    room = grid[cell]
    out: list[int] = []
    if room < 0:
        return out
    for side in range(4):
        if room >> side & 1:
            other = NEIGHBOUR[4 * cell + side]
            if other != NO_CELL and grid[other] >> 4 == HARP:
                out.append(other)
    return out


def exits(grid: Grid, cell: int, any_side: bool) -> list[int]:
    """Rooms one step from ``cell``: through its arrows, or through any side (``any_side``);
    sorted."""
    room = grid[cell]
    out = []
    for side in ASCENDING_SIDES:
        if any_side or room >> side & 1:
            other = NEIGHBOUR[4 * cell + side]
            if other != NO_CELL and grid[other] != EMPTY:
                out.append(other)
    return out


def _crossing_exits(grid: Grid, cell: int) -> list[int]:
    """Where a hero blown across ``cell`` goes on: its arrows; a Passkey or Teleport counts as
    four arrows, less each side whose neighbour points at it (open question 29)."""
    if grid[cell] >> 4 not in ARROWLESS:
        return exits(grid, cell, False)
    closed = facing(grid, cell)
    return [other for side, other in _sides(grid, cell) if not closed >> side & 1]


def _sides(grid: Grid, cell: int) -> list[tuple[int, int]]:
    out = []
    for side in range(4):
        other = NEIGHBOUR[4 * cell + side]
        if other != NO_CELL and grid[other] != EMPTY:
            out.append((side, other))
    return out


def destinations(grid: Grid, cell: int, any_side: bool = False) -> list[int]:
    """Where a hero standing in ``cell`` may be moved, before any pull at the arrival: by the
    room's arrows; from a Passkey (or ``any_side``) through any side; from a Teleport to any
    other room; from a Violent wind exactly two rooms on, the crossed room's harps pulling the
    hero in as the second room (004, Vent violent; open questions 19, 29). Sorted, distinct."""
    effect = grid[cell] >> 4
    if effect == TELEPORT:
        return [other for other in range(CELLS) if grid[other] != EMPTY and other != cell]
    if effect == PASSKEY:
        return exits(grid, cell, True)
    if effect != WIND:
        return exits(grid, cell, any_side)
    out: set[int] = set()
    for middle in exits(grid, cell, any_side):
        harps = pulling_harps(grid, middle)
        out.update(harps if harps else _crossing_exits(grid, middle))
    out.discard(cell)
    return sorted(out)


def can_move(grid: Grid, cell: int) -> bool:
    """Whether ``destinations(grid, cell)`` has any room, found without listing them (the rules
    ask it of every seat at each turn)."""
    room = grid[cell]
    effect = room >> 4
    if effect == TELEPORT and cell != START and grid[START] != EMPTY:
        return True  # Start is another room (it is never taken away)
    if effect == WIND or effect == TELEPORT:
        return bool(destinations(grid, cell))
    any_side = effect == PASSKEY
    for side in range(4):
        if any_side or room >> side & 1:
            other = NEIGHBOUR[4 * cell + side]
            if other != NO_CELL and grid[other] != EMPTY:
                return True
    return False


def drakon_reach(grid: Grid, cell: int, steps: int = 3) -> list[int]:
    """Rooms Drakon can end on from ``cell``: up to ``steps`` steps from room to room by shared
    sides, ignoring arrows, never over an empty cell (open question 11); ``cell`` included."""
    seen = {cell}
    edge = [cell]
    for _ in range(steps):
        nxt = []
        for here in edge:
            for side in range(4):
                other = NEIGHBOUR[4 * here + side]
                if other != NO_CELL and grid[other] != EMPTY and other not in seen:
                    seen.add(other)
                    nxt.append(other)
        edge = nxt
    return sorted(seen)


def removable(laid: dict[int, int], occupied: set[int], any_one: bool = False) -> list[int]:
    """Rooms Destroy and Magic exchange may take (``laid``: the rooms by cell): no figure on
    them, not Start (004). ``any_one``: the first found only (whether there is one)."""
    out = []
    for cell, room in laid.items():
        if cell not in occupied and room >> 4 != START_ROOM:
            out.append(cell)
            if any_one:
                return out
    out.sort()
    return out
