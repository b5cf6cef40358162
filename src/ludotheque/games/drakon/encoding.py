"""Drakon as tensors for learners (docs/rules/drakon.md, "Tensors for learners"): a fixed-size
vector built from one seat's observation only, and a dense action index.

The table is a fixed square of CELLS cells (geometry.py), so both are laid out as planes over
it, as for Go: the observation holds one plane per feature of a cell (a room, its effect, its
arrows, whose hero, Drakon) then the scalars. Seats are seen from the viewer (slot 0; a
spectator sees from seat 0). An action names rooms by their rank in the dungeon and free cells
by the side of a room they touch, not by cell: 19,339 indices with the standard box at three
players instead of one plane of cells per kind of action (175,541); decisions of different kinds
share indices, each decision's legal actions get distinct ones, in any position a game reaches.
Chance outcomes never reach a seat's index.
"""

# mypyc: compile

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from . import actions as A
from .components import EFFECTS, FIGURES, NUM_KINDS, components, kind_of
from .geometry import CELLS, NEIGHBOUR, NO_CELL, WIDTH, opposite, orientations, pattern_of
from .memory import UNKNOWN
from .observe import DrakonObservation
from .rules import HAND_SIZE
from .state import DrakonState, goal_for
from .steps import NAMES

MAX_PLAYERS: Final = 6
NUM_FIGURES: Final = len(FIGURES)

# -- actions: the seat's fixed codes, then one region shared by the decisions -----------------
#: Codes below this (pass, stay, a seat, a figure, a value or a kind chosen) keep their index.
_FIXED: Final = A.DISCARD + NUM_KINDS
# Rooms and free cells are named relative to the dungeon, not by their cell: room *k* is the
# k-th room of the viewer's observation (sorted by cell), a free cell is "side s of room k" for
# the first such (k, s), a tile of the hand by the rank of its kind among the hand's kinds. Each
# decision kind has its own families (a turn: place, move, the heroes' abilities; a choice: one
# family), so they share one region at ``_FIXED``.


def hand_slots(players: int) -> int:
    """Distinct kinds a placement or exchange may name from a hand: as many as one hand can
    hold. A hand starts at four and keeps four as its seat lays and draws; the Map room and the
    Barbarian move tiles from hand to hand, and the Dwarf fills his hand to four once a game: so
    one hand holds every seat's four and the Dwarf's at most (a set-up that gives one hand more
    distinct kinds raises when its placements are indexed)."""
    return HAND_SIZE * (players + 1)


def _players(options: Mapping[str, Any] | None) -> int:
    """The table's players (unresolved options: the most, so that every index fits)."""
    return int((options or {}).get("players", MAX_PLAYERS))


def _room_limit(options: Mapping[str, Any] | None) -> int:
    """Rooms the dungeon can hold: every tile of the box and Start."""
    return components((options or {}).get("components")).tile_count


def _region(rooms: int, slots: int) -> int:
    frontier = 4 * rooms
    quarter_planes = 4 * slots  # the hand's i-th kind turned q quarters
    turn = quarter_planes * frontier + 3 * rooms + NUM_FIGURES * (rooms + 1)
    return max(turn, quarter_planes * rooms, 4 * frontier, 3 * rooms, NUM_FIGURES * (rooms + 1))


# -- the observation: planes of CELLS, then scalars ---------------------------------------------
_ROOM: Final = 0  # a room lies there
_EFFECT: Final = 1  # + effect
_ARROW: Final = _EFFECT + len(EFFECTS)  # + side (N E S W)
_HERO: Final = _ARROW + 4  # + relative seat of the hero's player
_FIGURE: Final = _HERO + MAX_PLAYERS  # + figure standing there
_DRAKON: Final = _FIGURE + NUM_FIGURES
_STEP_CELL: Final = _DRAKON + 1  # the Moving room
OBS_PLANES: Final = _STEP_CELL + 1
_STEPS: Final = sorted(set(NAMES.values()) | {"ability", "over"})
_PER_SEAT: Final = 1 + 1 + 1 + 1 + 3 + 1  # present, tiles, coins, gold (when seen), 1/2/3 coins, seen
SCALARS: Final = (NUM_KINDS  # own tiles
                  + MAX_PLAYERS * _PER_SEAT
                  + len(_STEPS) + (MAX_PLAYERS + 1) + (NUM_FIGURES + 1)  # step, its seat, hero
                  + (MAX_PLAYERS + 2) + MAX_PLAYERS  # to act (chance, over), first player
                  + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1  # turn, pile, treasure, gone, goal, coins?,
                  + NUM_FIGURES  # escape, heroes variant; abilities spent
                  + (MAX_PLAYERS - 1))  # players
SIZE: Final = OBS_PLANES * CELLS + SCALARS


# -- what a seat remembers (memory.py) ----------------------------------------------------------
#: Places under the pile remembered, from the bottom: at most 4 were seen in 60 random games
#: (only a destroyed room or the Dwarf's discard goes there); deeper ones are left out.
PILE_MEMORY: Final = 16
_COIN_STOCKS: Final = MAX_PLAYERS + 2  # purses by their first owner's slot, treasure, out
MEMORY_SIZE: Final = 3 * _COIN_STOCKS + MAX_PLAYERS * NUM_KINDS + PILE_MEMORY * NUM_KINDS


def observation_size(options: Mapping[str, Any] | None = None) -> int:
    return SIZE


def memory_size(options: Mapping[str, Any] | None = None) -> int:
    return MEMORY_SIZE


def encode_memory(state: DrakonState, seat: int) -> list[float]:
    """What ``seat`` remembers that its observation no longer shows (memory.py, what
    ``resample(seat, rng, remember=True)`` keeps): coins of each value it saw go into each
    stock, the tiles it knows lie in each hand, the kinds it saw put under the pile."""
    out = [0.0] * MEMORY_SIZE
    for at, value in encode_memory_nonzero(state, seat).items():
        out[at] = value
    return out


def encode_memory_nonzero(state: DrakonState, seat: int) -> dict[int, float]:
    """The same memory as its non-zero entries by position (a few of 2,400)."""
    out: dict[int, float] = {}
    n = state.n
    coins = state.coin_memory[seat]
    purses = len(state.purses)
    for stock in range(len(coins) // 3):
        if stock < purses:
            slot = (min(state.seats_of_purse(stock)) - seat) % n
        else:
            slot = MAX_PLAYERS + stock - purses
        for value in range(3):
            if coins[3 * stock + value]:
                at = 3 * slot + value
                out[at] = out.get(at, 0.0) + float(coins[3 * stock + value])
    at = 3 * _COIN_STOCKS
    for holder, kind in state.tile_memory[seat]:
        where = at + ((holder - seat) % n) * NUM_KINDS + kind
        out[where] = out.get(where, 0.0) + 1.0
    at += MAX_PLAYERS * NUM_KINDS
    for depth, kind in enumerate(state.pile_memory[seat][:PILE_MEMORY]):
        if kind != UNKNOWN:
            out[at + depth * NUM_KINDS + kind] = 1.0
    return out


def shape(options: Mapping[str, Any] | None = None) -> dict[str, tuple[int, ...]]:
    """The tensor's parts in order: ``planes[p, x + REACH, y + REACH]`` (a cell's features, x to
    the east and y to the north of Start, as for Go's planes), then the scalars."""
    return {"planes": (OBS_PLANES, WIDTH, WIDTH), "scalars": (SCALARS,)}


def memory_shape(options: Mapping[str, Any] | None = None) -> dict[str, tuple[int, ...]]:
    return {"memory": (MEMORY_SIZE,)}


def max_nonzero(options: Mapping[str, Any] | None = None) -> int:
    """The most non-zero entries of a tensor: every tile a room (itself, its effect, four
    arrows), each hero twice (its player, its figure), Drakon, the Moving room, every scalar."""
    rooms = _room_limit(options)
    return 6 * rooms + 2 * max(MAX_PLAYERS, NUM_FIGURES) + 2 + SCALARS


def memory_max_nonzero(options: Mapping[str, Any] | None = None) -> int:
    """The most non-zero entries of the memory: every stock's three coin values, a tile of the
    box known in a hand at most once, one kind at each place under the pile."""
    return 3 * _COIN_STOCKS + _room_limit(options) + PILE_MEMORY


def bounds(options: Mapping[str, Any] | None = None) -> tuple[list[float], list[float]]:
    """Each feature's lowest and highest value: 0 to 1 but for counts, bounded by the box (its
    tiles of a kind, its coins), the turn limit and the goal."""
    options = options or {}
    box = components(options.get("components"))
    tiles, coins = float(box.tile_count), float(sum(box.coins))
    gold = float(sum(value * count for value, count in zip((1, 2, 3), box.coins, strict=True)))
    high = [1.0] * SIZE
    at = OBS_PLANES * CELLS
    high[at:at + NUM_KINDS] = [float(max(1, box.tiles.count(kind))) for kind in range(NUM_KINDS)]
    at += NUM_KINDS
    seat = [1.0, tiles, coins, gold, *map(float, box.coins), 1.0]
    for _ in range(MAX_PLAYERS):
        high[at:at + _PER_SEAT] = seat
        at += _PER_SEAT
    at += len(_STEPS) + (MAX_PLAYERS + 1) + (NUM_FIGURES + 1) + (MAX_PLAYERS + 2) + MAX_PLAYERS
    # the goal of the resolved options; without them, 20 (the most any variant asks)
    goal = float(goal_for(options)) if "goal" in options else 20.0
    high[at:at + 5] = [float(options.get("turn_limit", 400)), tiles, coins, coins, goal]
    return [0.0] * SIZE, high


def memory_bounds(options: Mapping[str, Any] | None = None) -> tuple[list[float], list[float]]:
    """Coins seen going into a stock (at most the box's coins of that value), tiles known in a
    hand (the box's tiles of that kind), a kind under the pile (0 or 1)."""
    box = components((options or {}).get("components"))
    kinds = [float(max(1, box.tiles.count(kind))) for kind in range(NUM_KINDS)]
    high = [float(c) for c in box.coins] * _COIN_STOCKS + kinds * MAX_PLAYERS
    high += [1.0] * (PILE_MEMORY * NUM_KINDS)
    return [0.0] * MEMORY_SIZE, high


def action_size(options: Mapping[str, Any] | None = None) -> int:
    return _FIXED + _region(_room_limit(options), hand_slots(_players(options)))


def encode(observation: DrakonObservation) -> list[float]:
    """The viewer's tensor (field by field in docs/rules/drakon.md)."""
    out = [0.0] * SIZE
    for at, value in encode_nonzero(observation).items():
        out[at] = value
    return out


def _put(out: dict[int, float], at: int, fields: list[float]) -> None:
    """``fields`` from position ``at`` on, the non-zero ones."""
    for k, value in enumerate(fields):
        if value:
            out[at + k] = value


def encode_nonzero(observation: DrakonObservation) -> dict[int, float]:
    """The same tensor as its non-zero entries by position (no zero among them): a few hundred of
    89,061, what an adapter writes into a zeroed array instead of converting the whole list."""
    o = observation
    n = o.players
    me = 0 if o.seat is None else o.seat
    out: dict[int, float] = {}

    def rel(seat: int) -> int:
        return (seat - me) % n

    for cell, room in o.rooms:
        out[_ROOM * CELLS + cell] = 1.0
        out[(_EFFECT + (room >> 4)) * CELLS + cell] = 1.0
        for side in range(4):
            if room >> side & 1:
                out[(_ARROW + side) * CELLS + cell] = 1.0
    for figure, seat, cell in o.heroes:
        if cell != NO_CELL:
            out[(_HERO + rel(seat)) * CELLS + cell] = 1.0
            out[(_FIGURE + figure) * CELLS + cell] = 1.0
    if o.drakon != NO_CELL:
        out[_DRAKON * CELLS + o.drakon] = 1.0
    if o.step_cell != NO_CELL:
        out[_STEP_CELL * CELLS + o.step_cell] = 1.0
    at = OBS_PLANES * CELLS
    for kind in o.hand:
        out[at + kind] = out.get(at + kind, 0.0) + 1.0
    at += NUM_KINDS
    for slot in range(n):
        seat = (me + slot) % n
        purse = o.purse_of[seat]
        gold, coins = o.gold[purse], o.purse_coins[purse]
        fields = [1.0, float(o.hand_sizes[seat]), float(o.coins[purse]),
                  0.0 if gold is None else float(gold),
                  *((0.0, 0.0, 0.0) if coins is None else map(float, coins)), float(gold is not None)]
        _put(out, at, fields)
        at += _PER_SEAT
    at += (MAX_PLAYERS - n) * _PER_SEAT
    out[at + _STEPS.index(o.step)] = 1.0
    at += len(_STEPS)
    out[at + (MAX_PLAYERS if o.step_seat is None else rel(o.step_seat))] = 1.0
    at += MAX_PLAYERS + 1
    out[at + (NUM_FIGURES if o.step_hero < 0 else o.step_hero)] = 1.0
    at += NUM_FIGURES + 1
    to_act = MAX_PLAYERS + 1 if o.to_act is None else MAX_PLAYERS if o.to_act < 0 else rel(o.to_act)
    out[at + to_act] = 1.0
    at += MAX_PLAYERS + 2
    out[at + rel(o.first_player)] = 1.0
    at += MAX_PLAYERS
    fields = [float(o.turn), float(o.pile), float(o.treasure), float(o.gone), float(o.goal),
              float(o.count_coins), float(o.escape), float(o.with_heroes)]
    _put(out, at, fields)
    at += 8
    for figure in o.abilities_used:
        out[at + figure] = 1.0
    at += NUM_FIGURES
    out[at + n - 2] = 1.0
    return out


#: Per arrows mask: quarter turns from its pattern's canonical arrows (the first of its
#: distinct turns), and its pattern.
_QUARTERS: Final = [orientations(pattern_of(arrows)).index(arrows) for arrows in range(16)]
_KIND: Final = [[kind_of(effect, arrows) for arrows in range(16)] for effect in range(len(EFFECTS))]


class _Dungeon:
    """What indexing reads from one observation: its rooms numbered 0.. by cell, the rank of
    each kind of the hand, the slots for them, and R. The last one is kept: an adapter indexes
    every legal action of one observation in a row."""

    __slots__ = ("observation", "ordinal", "kinds", "slots", "rooms", "frees")

    def __init__(self, o: DrakonObservation) -> None:
        self.observation = o  # held, so its identity is not reused
        self.ordinal = {cell: k for k, (cell, _) in enumerate(o.rooms)}
        self.kinds = {kind: slot for slot, kind in enumerate(sorted(set(o.hand)))}
        self.slots = hand_slots(len(o.hand_sizes))
        # R from what every seat sees: a tile is a room, in the pile or in a hand
        self.rooms = len(o.rooms) + o.pile + sum(o.hand_sizes)
        self.frees: dict[int, int] = {}  # free cells met so far: each is named by many placements

    @staticmethod
    def of(observation: DrakonObservation) -> _Dungeon:
        last = _LAST[0]
        if last is None or last.observation is not observation:
            last = _LAST[0] = _Dungeon(observation)
        return last

    def room(self, cell: int) -> int:
        return self.ordinal[cell]

    def free(self, cell: int) -> int:
        """``4 * k + s``: the first room k (by number) whose side s touches ``cell``; cells of
        different rooms' sides differ, so distinct cells get distinct indices."""
        best = self.frees.get(cell, -1)
        if best >= 0:
            return best
        for side in range(4):
            other = NEIGHBOUR[4 * cell + side]
            k = self.ordinal.get(other, -1) if other != NO_CELL else -1
            if k >= 0 and (best < 0 or 4 * k + opposite(side) < best):
                best = 4 * k + opposite(side)
        if best < 0:
            raise ValueError(f"cell {cell} touches no room")
        self.frees[cell] = best
        return best

    def slot(self, effect: int, arrows: int) -> int:
        """The tile's rank among the distinct kinds of the viewer's hand, turned q quarters."""
        slot = self.kinds[_KIND[effect][arrows]]
        if slot >= self.slots:
            raise ValueError(f"a hand of {len(self.kinds)} kinds: placements name at most {self.slots}")
        return slot * 4 + _QUARTERS[arrows]


#: The last observation indexed (one slot, module-level: a compiled class has no class state).
_LAST: Final[list[_Dungeon | None]] = [None]


def action_indices(observation: DrakonObservation, actions: list[int]) -> list[int]:
    """The dense index of each of ``actions`` (``action_index``), in one call: a decision lists
    up to a few hundred."""
    return [action_index(observation, action) for action in actions]


def action_index(observation: DrakonObservation, action: int) -> int:
    """The dense index of ``action``, legal for the viewer (the seat to act); docs/rules/drakon.md
    lists the region's layout per decision."""
    if action < _FIXED:
        return action
    family, a, b, c = A.decode(action)
    d = _Dungeon.of(observation)
    rooms = d.rooms
    frontier = 4 * rooms
    moves = 4 * d.slots * frontier  # a turn: placements first, then the moves
    if family == A.F_PLACE:
        at = d.slot(a, b) * frontier + d.free(c)
    elif family == A.F_MOVE:
        at = moves + d.room(a)
    elif family == A.F_WIZARD:
        at = moves + rooms + d.room(a)
    elif family == A.F_AMAZON:
        at = moves + 2 * rooms + d.room(a)
    elif family in (A.F_PUSH, A.F_MIND):  # a turn's push; Mind control's choice
        first = moves + 3 * rooms if family == A.F_PUSH else 0
        at = first + a * (rooms + 1) + (rooms if b == CELLS else d.room(b))
    elif family == A.F_EXCHANGE:
        at = d.slot(a, b) * rooms + d.room(c)
    elif family == A.F_RELOCATE:
        at = _QUARTERS[a] * frontier + d.free(b)
    elif family == A.F_ROTATE:
        at = (b - 1) * rooms + d.room(a)
    elif family in (A.F_HARP, A.F_DESTROY, A.F_DRAKON):
        at = d.room(a)
    else:
        raise ValueError(f"{action} is no decision of a seat")
    return _FIXED + at
