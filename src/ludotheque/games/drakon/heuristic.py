"""A Drakon bot that plays from its seat's observation only: it walks into gold, keeps away
from Drakon and from rooms that cost it coins, lays good rooms in front of its own hero and bad
ones in front of its rivals', and uses every room's choice against the player best placed.

Each legal action gets a score from one question: what is entering a room worth to a seat
(``_worth``)? Moves, placements and the rooms' choices are all weighed with it."""

# mypyc: compile

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.bot import Bot
from ...core.game import Action, Game, Observation
from . import actions as A
from .components import (
    DESTROY,
    DRAKON_ROOM,
    ESCAPE,
    EXCHANGE,
    FIND,
    HARP,
    LOSE,
    MAP,
    MIND,
    MOVING,
    PASSKEY,
    ROTATE,
    STEAL_LEFT,
    STEAL_RIGHT,
    TELEPORT,
    WIND,
    kind_effect,
)
from .dungeon import EMPTY, Grid, destinations, drakon_reach, grid_of, pulling_harps
from .geometry import CELLS, START, rotate
from .observe import DrakonObservation

#: What entering each room is worth to a hero's player, before circumstances (coins to lose,
#: a treasure left, rivals within reach) are weighed in ``_worth``.
_ROOM_VALUE = {
    FIND: 10.0, LOSE: -6.0, STEAL_LEFT: 7.0, STEAL_RIGHT: 7.0, DRAKON_ROOM: 2.0, MIND: 3.0,
    MAP: 2.0, EXCHANGE: 1.0, DESTROY: 1.0, ROTATE: 1.0, MOVING: 0.5, TELEPORT: 2.0,
    PASSKEY: 1.5, WIND: 0.5, HARP: 0.0, ESCAPE: 0.5,
}
_STUCK = -3.0  # a room with no way on
_FREED = 2.0  # a room laid where a hero with no way on can go
_CIRCLES = 1.0  # less for each recent visit of a room
_MEMORY = 12  # turns remembered
_LAY = 0.5
_ABILITY = 1.0  # what keeping one's hero's ability for later is worth
HAND = 4  # laying a room draws another: a little better than doing nothing


class _View:
    """The observation arranged for scoring: rooms on a grid (``dungeon.py``), heroes by seat,
    purses."""

    def __init__(self, obs: DrakonObservation) -> None:
        self.obs = obs
        self.grid = grid_of(dict(obs.rooms))
        self.me = obs.seat if obs.seat is not None else 0
        self.heroes = [(figure, seat, cell) for figure, seat, cell in obs.heroes]
        #: Rooms Drakon may reach now (the dungeon changed by one room hardly moves them).
        self.danger = set(drakon_reach(self.grid, obs.drakon)) if obs.drakon >= 0 else set()
        #: The heroes' rooms with no way on, before any candidate changes the dungeon.
        self.stuck = {cell for _, _, cell in self.heroes if not destinations(self.grid, cell)}

    def purse(self, seat: int) -> int:
        return self.obs.purse_of[seat]

    def is_rival(self, seat: int) -> bool:
        return self.purse(seat) != self.purse(self.me)

    def my_cells(self) -> list[int]:
        return [cell for _, seat, cell in self.heroes if seat == self.me]

    def rival_cells(self) -> list[tuple[int, int]]:
        return [(seat, cell) for _, seat, cell in self.heroes if self.is_rival(seat)]

    def worth(self, seat: int, cell: int, grid: Grid | None = None,
              pulls: int = 0, look: bool = True) -> float:
        """What a hero of ``seat`` moved onto ``cell`` gets: caught by Drakon, pulled on by a
        harp, or the room's effect; and whether it can go on from there."""
        rooms = self.grid if grid is None else grid
        obs = self.obs
        coins = obs.coins[self.purse(seat)]
        if cell == obs.drakon:
            return -4.0 - 4.0 * min(coins, 2)
        harps = pulling_harps(rooms, cell) if pulls < 4 else []
        if harps:
            return max(self.worth(seat, harp, rooms, pulls + 1, look) for harp in harps)
        effect = rooms[cell] >> 4
        value = _ROOM_VALUE.get(effect, 0.0)
        if effect == FIND and obs.treasure == 0:
            value = 0.0
        elif effect == LOSE and coins == 0:
            value = 0.0
        elif effect in (STEAL_LEFT, STEAL_RIGHT):
            victim = (seat + (1 if effect == STEAL_LEFT else -1)) % obs.players
            if self.purse(victim) == self.purse(seat) or obs.coins[self.purse(victim)] == 0:
                value = 0.0
        elif effect in (ESCAPE, TELEPORT) and obs.escape and seat == self.me and self._ready():
            value = 1000.0
        onward = destinations(rooms, cell)
        if not onward:
            value += _STUCK
        elif pulls == 0 and look:  # where it can go next: half the best of that
            value += 0.5 * max(self.worth(seat, nxt, rooms, 1, False) for nxt in onward)
        if cell in self.danger:
            value -= 1.0
        return value

    def _ready(self) -> bool:
        obs = self.obs
        purse = self.purse(self.me)
        held = obs.coins[purse] if obs.count_coins else obs.gold[purse] or 0
        return held >= obs.goal

    def best_move(self, seat: int, rooms: Grid, moved: tuple[int, int] = (-1, -1)
                  ) -> float:
        """The best room a hero of ``seat`` can enter (``moved``: a room lifted from its first
        cell to its second, carrying its heroes)."""
        cells = [moved[1] if cell == moved[0] else cell
                 for _, owner, cell in self.heroes if owner == seat]
        values = [self.worth(seat, dest, rooms) for cell in cells for dest in destinations(rooms, cell)]
        return max(values, default=_STUCK)

    def pointed_by(self, cell: int) -> list[int]:
        """Seats whose hero's room points at ``cell`` (they may enter it next)."""
        out = []
        for _, seat, at in self.heroes:
            if self.grid[at] != EMPTY and cell in destinations(self.grid, at):
                out.append(seat)
        return out

    def lay_value(self, room: int, cell: int) -> float:
        """A room laid at ``cell``: worth it to me if my hero may enter it next, and against a
        rival who may. The room is put on the grid for the time of the scoring (a copy of the
        grid for each candidate would cost more than the scoring)."""
        rooms = self.grid
        rooms[cell] = room
        try:
            value = _LAY
            for _, seat, at in self.heroes:
                if cell not in destinations(rooms, at):
                    continue
                gain = self.worth(seat, cell, rooms)
                if at in self.stuck:
                    gain += _FREED
                value += 0.6 * gain if seat == self.me else -0.4 * gain if self.is_rival(seat) else 0.2 * gain
            if room >> 4 == ESCAPE:
                value += self.worth(self.me, cell, rooms) if self.obs.escape and self._ready() else 0.0
        finally:
            rooms[cell] = EMPTY
        return value

    def standing(self, rooms: Grid, moved: tuple[int, int] = (-1, -1)) -> float:
        """How good a dungeon is for me: my best move against my best-placed rival's."""
        rivals = {seat for seat, _ in self.rival_cells()}
        best_rival = max((self.best_move(seat, rooms, moved) for seat in rivals), default=0.0)
        return self.best_move(self.me, rooms, moved) - best_rival


class DrakonHeuristic(Bot):
    """Greedy over one question: what is each action worth to me, and to my rivals?"""

    name = "heuristic"

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed)
        self._visited: list[int] = []  # my hero's last rooms: going round in circles is dull

    def reset(self, game: Game, options: Mapping[str, Any], seat: int) -> None:
        super().reset(game, options, seat)
        self._visited = []

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if not isinstance(observation, DrakonObservation) or observation.seat is None:
            raise TypeError("the Drakon heuristic plays a seat of Drakon")
        if len(legal) == 1:
            return legal[0]
        view = _View(observation)
        if observation.step == "turn":
            self._visited = [*self._visited[-(_MEMORY - 1):], *view.my_cells()]
        scored = [(score(view, action, self._visited), action) for action in legal]
        best = max(value for value, _ in scored)
        ties = [action for value, action in scored if value >= best - 1e-9]
        return ties[self.rng.randrange(len(ties))]


def scored_actions(observation: DrakonObservation, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    """Every legal action with the heuristic's score, for a seat with no memory of its walk
    (the search's knowledge, ``search.py``)."""
    view = _View(observation)
    return [(score(view, action, ()), action) for action in legal]


def score(view: _View, action: Action, visited: Sequence[int]) -> float:
    """What ``action`` is worth to the viewing seat; ``visited``: its hero's last rooms."""
    family, a, b, c = A.decode(action)
    me = view.me
    if family == A.F_MOVE or family == A.F_HARP:
        return view.worth(me, a) - _CIRCLES * visited.count(a)
    if family == A.F_PLACE:
        return view.lay_value(a * 16 + b, c)
    if family == A.F_PASS or family == A.F_STAY:
        return 0.0
    if family == A.F_DRAKON:
        return _drakon(view, a)
    if family == A.F_DESTROY:
        rooms = list(view.grid)
        rooms[a] = EMPTY
        return view.standing(rooms)
    if family == A.F_RELOCATE:
        rooms = list(view.grid)
        rooms[view.obs.step_cell] = EMPTY
        rooms[b] = MOVING * 16 + a
        return view.standing(rooms, (view.obs.step_cell, b))
    if family == A.F_EXCHANGE:
        rooms = list(view.grid)
        rooms[c] = a * 16 + b
        return view.standing(rooms)
    if family == A.F_ROTATE:
        rooms = list(view.grid)
        rooms[a] = (rooms[a] & ~15) | rotate(rooms[a] & 15, b)
        return view.standing(rooms)
    if family == A.F_MIND:
        owner = next(seat for figure, seat, _ in view.heroes if figure == a)
        return 0.0 if b == CELLS else -view.worth(owner, b)
    if family == A.F_MAP:
        return float(view.obs.hand_sizes[a])
    if family == A.F_AMAZON:
        return view.worth(me, a) - _ABILITY
    if family == A.F_WIZARD:
        return view.worth(me, a) - _ABILITY
    if family == A.F_PUSH:
        owner = next(seat for figure, seat, _ in view.heroes if figure == a)
        return 1.0 + (0.0 if b == CELLS else -view.worth(owner, b)) - _ABILITY
    if family == A.F_THIEF:
        return 4.0
    if family == A.F_SWAP:
        return 1.0 - a  # a 1 for a coin worth 2 on average
    if family == A.F_KEEP:
        return 1.0
    if family == A.F_DWARF:
        bad = sum(1 for kind in view.obs.hand if _ROOM_VALUE.get(kind_effect(kind), 0.0) <= 0)
        return bad + (HAND - len(view.obs.hand)) - 2.0
    if family == A.F_DISCARD:
        return 0.5 if _ROOM_VALUE.get(kind_effect(a), 0.0) <= 0 else -0.5
    if family == A.F_HERO:
        cell = next(cell for figure, _, cell in view.heroes if figure == a)
        return max((view.worth(me, d) for d in destinations(view.grid, cell)), default=_STUCK)
    return 0.0


def _drakon(view: _View, cell: int) -> float:
    """Drakon onto rivals holding coins, away from mine (Start is where the caught go)."""
    value = 0.0
    for _, seat, at in view.heroes:
        if at != cell:
            continue
        coins = view.obs.coins[view.purse(seat)]
        weight = 1.0 + min(coins, 3)
        value += weight if view.is_rival(seat) else -2.0 * weight
    if cell == START:
        value -= 0.5
    return value
