"""The table Drakon's rooms lie on: square cells, their sides, and arrows as 4-bit masks.

A cell is an int: ``(x + REACH) * WIDTH + (y + REACH)`` with Start at (0, 0), x to the east and
y to the north. The table ends REACH cells from Start in each direction (a software ruling: a
real table has edges too; see docs/rules/drakon.md). A side is 0..3 = N E S W; a room's arrows
are a mask with bit ``1 << side`` for each side it points through, as the room lies.
"""

# mypyc: compile

from __future__ import annotations

from typing import Final

REACH: Final = 24
WIDTH: Final = 2 * REACH + 1
CELLS: Final = WIDTH * WIDTH
START: Final = REACH * WIDTH + REACH
NO_CELL: Final = -1

SIDES: Final = "NESW"
#: Cell offset of each side's neighbour: north is y + 1.
_STEP: Final = (1, WIDTH, -1, -WIDTH)
#: The sides in the order of their neighbours' cells (W, S, N, E): a walk round a cell in this
#: order meets its neighbours sorted, with no sort to pay. A list: mypyc walks a list natively
#: but boxes a tuple to iterate over it.
ASCENDING_SIDES: Final = [3, 2, 0, 1]

#: Arrow patterns up to rotation; each with its canonical mask (the one a tile is named by).
PATTERNS: Final = ("none", "one", "straight", "corner", "three", "four")
PATTERN_MASKS: Final = (0, 1, 5, 3, 7, 15)


def _neighbours() -> list[int]:
    table = [NO_CELL] * (4 * CELLS)
    for cell in range(CELLS):
        x, y = divmod(cell, WIDTH)
        for side, (dx, dy) in enumerate(((0, 1), (1, 0), (0, -1), (-1, 0))):
            if 0 <= x + dx < WIDTH and 0 <= y + dy < WIDTH:
                table[4 * cell + side] = cell + _STEP[side]
    return table


#: ``NEIGHBOUR[4 * cell + side]``: the cell beyond that side, or NO_CELL past the table's edge.
NEIGHBOUR: Final = _neighbours()


def neighbour(cell: int, side: int) -> int:
    return NEIGHBOUR[4 * cell + side]


def opposite(side: int) -> int:
    return (side + 2) & 3


def rotate(mask: int, quarters: int) -> int:
    """The arrows after turning the room ``quarters`` quarter turns clockwise."""
    quarters &= 3
    return ((mask << quarters) | (mask >> (4 - quarters))) & 15


def _pattern_of(mask: int) -> int:
    count = bin(mask).count("1")
    if count == 2:
        return 2 if mask in (5, 10) else 3
    return (0, 1, -1, 4, 5)[count]


_PATTERN_OF: Final = [_pattern_of(mask) for mask in range(16)]  # a table: kind_of is hot


def pattern_of(mask: int) -> int:
    """The arrow pattern (index into PATTERNS) of a mask."""
    return _PATTERN_OF[mask]


def _orientations(pattern: int) -> list[int]:
    out: list[int] = []
    for quarters in range(4):
        mask = rotate(PATTERN_MASKS[pattern], quarters)
        if mask not in out:
            out.append(mask)
    return out


#: ``ORIENTATIONS[pattern]``: what ``orientations`` returns, shared (never change it).
ORIENTATIONS: Final = [_orientations(pattern) for pattern in range(len(PATTERNS))]
#: ``OPEN_TO[arrows]``: the closed-side masks a room showing ``arrows`` fits beside.
OPEN_TO: Final = [[shut for shut in range(16) if not arrows & shut] for arrows in range(16)]


def orientations(pattern: int) -> list[int]:
    """The distinct masks a tile of this pattern shows when turned (canonical first)."""
    return list(ORIENTATIONS[pattern])


def cell_of(x: int, y: int) -> int:
    """The cell at (x, y), or NO_CELL beyond the table."""
    if -REACH <= x <= REACH and -REACH <= y <= REACH:
        return (x + REACH) * WIDTH + (y + REACH)
    return NO_CELL


def xy(cell: int) -> tuple[int, int]:
    x, y = divmod(cell, WIDTH)
    return x - REACH, y - REACH


def arrows_text(mask: int) -> str:
    """``"NE"``: the sides of ``mask``'s four low bits (looked up: every view writes every room's)."""
    return _ARROWS_TEXTS[mask & 15]


_ARROWS_TEXTS: Final = tuple("".join(SIDES[side] for side in range(4) if mask >> side & 1)
                             for mask in range(16))


def parse_arrows(text: str) -> int:
    """``"NE"`` to its mask; raises ValueError for a letter that is not a side or repeated."""
    mask = 0
    for letter in text.upper():
        side = SIDES.find(letter)
        if side < 0 or mask >> side & 1:
            raise ValueError(f"arrows are written with N, E, S, W, each at most once; got {text!r}")
        mask |= 1 << side
    return mask
