"""Drakon's position as data: plain ints, lists and one dict, cheap to clone. It knows no rule:
the rules (``rules.py``), the dungeon's geometry (``dungeon.py``) and the observations
(``observe.py``) are functions over it; ``position.py`` binds them to the game protocol.

The rules work through *steps*: ``current`` is the step awaiting an action (a seat's turn, a
room's choice, or a chance draw) and ``tasks`` the steps still to come this turn, the next one
last. A step is a tuple ``(kind, a, b, c)`` of ints (see ``steps.py``).
"""

# mypyc: compile

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.game import Game, State
from .components import Components
from .dungeon import EMPTY, empty_grid
from .events import Event
from .geometry import NO_CELL

Step = tuple[int, int, int, int]


def goal_for(options: Mapping[str, Any]) -> int:
    """What wins (004): 10 gold; 5 coins in Valeur fixe; 8 gold then an escape in Évasion;
    twice as much in Teams and Couple (004 says 20 gold for both; open questions 40, 41 extend
    it to coins and to the Teams escape), unless the ``goal`` option says otherwise."""
    if options["goal"] is not None:
        return int(options["goal"])
    base = 5 if options["fixed_value"] else 8 if options["escape"] else 10
    if options["escape"] and options["couple"] and not options["fixed_value"]:
        return 20  # 004, Couple: "20 ors en poche"
    return base * 2 if options["teams"] or options["couple"] else base


class DrakonState(State):
    """A Drakon position. Every list is owned by this state; a copy copies them."""

    __slots__ = (
        "seed", "parts", "n", "goal", "count_coins", "escape", "teams", "couple", "lost_to",
        "rooms", "grid", "hands", "pile", "hero_cell", "hero_owner", "hero_figure", "drakon",
        "purses", "purse_of", "treasure", "gone", "seat", "hero", "first", "round_heroes",
        "slot", "current", "tasks", "turns", "turn_steps", "winning", "ending", "log",
        "with_heroes", "hero_used", "stage", "layout", "coin_memory", "tile_memory", "pile_memory",
        "pass_at_will", "turn_limit",
    )

    def __init__(self, game: Game, options: Mapping[str, Any], parts: Components,
                 source: DrakonState | None = None) -> None:
        """An empty position, or an independent copy of ``source`` (its log off)."""
        self.game = game
        self.options = options
        self.parts = parts
        self.n: int = options["players"]
        self.teams: bool = bool(options["teams"])
        self.couple: bool = bool(options["couple"])
        self.escape: bool = bool(options["escape"])
        self.count_coins: bool = bool(options["fixed_value"])
        self.goal: int = goal_for(options)
        self.lost_to: str = options["lost_coins"]
        self.with_heroes: bool = bool(options["heroes"])
        # options read every turn, kept as fields (an options lookup by name costs more)
        self.pass_at_will: bool = bool(options["pass_at_will"])
        self.turn_limit: int = int(options["turn_limit"])
        self.log: list[Event] | None = None  # set to a list to record public events
        if source is not None:
            self._copy(source)
            return
        self.seed: int | None = None
        self.to_act: int | None = None
        #: The dungeon: cell -> room as laid (effect * 16 + arrows).
        self.rooms: dict[int, int] = {}
        #: The same rooms as a grid (``dungeon.py``), for the rules' lookups; the dict is for
        #: the readers that walk the rooms. Both changed through ``put_room``/``take_room``.
        self.grid: list[int] = empty_grid()
        #: Tiles in each hand, as kinds (a multiset, in no particular order).
        self.hands: list[list[int]] = [[] for _ in range(self.n)]
        self.pile: list[int] = []  # kinds, the top of the pile LAST
        # Heroes, by index: their room, their player and their figure (0..5, see HEROES).
        self.hero_cell: list[int] = []
        self.hero_owner: list[int] = []
        self.hero_figure: list[int] = []
        self.drakon = NO_CELL  # Drakon's room, NO_CELL while he is set aside
        #: Coins of 1, 2, 3 gold held by each purse (a seat, or a team's common stock).
        self.purses: list[list[int]] = []
        self.purse_of: list[int] = list(range(self.n))
        self.treasure: list[int] = [0, 0, 0]
        self.gone: list[int] = [0, 0, 0]  # coins out of the game (option lost_coins=out)
        self.seat = 0  # whose turn it is
        self.hero = 0  # the hero acting this turn
        self.first = 0  # the first player
        #: Couple variant: the hero each seat sends first this round (-1: not chosen yet).
        self.round_heroes: list[int] = [-1] * self.n
        self.slot = 0  # turns begun this round (Couple: 0..3)
        self.current: Step = (0, 0, 0, 0)
        self.tasks: list[Step] = []
        self.turns = 0  # turns begun
        self.turn_steps = 0  # actions taken in this turn
        self.winning: list[int] | None = None  # seats that won, once the game is over
        self.ending = ""  # how it ended: goal, escape, stuck, limit
        self.hero_used: list[bool] = []  # Heroes!: each hero's ability spent
        #: Where the turn is: 0 before its action (lay, move, pass), 1 after it, 2 closed.
        self.stage = 0
        #: The free cells next to the dungeon, the sides closed on each, their counts
        #: (rules.layout): updated when a room is laid, dropped when one is removed, moved or
        #: turned (None: to compute). Owned by the state (a copy copies the lists) so that a
        #: room laid in a playout changes them in place.
        self.layout: tuple[list[int], list[int], list[int]] | None = None
        # What each seat remembers (memory.py), replaced on change, never changed in place:
        #: coins of each value it knows lie in each stock (purses, treasure, out); () for none
        self.coin_memory: tuple[tuple[int, ...], ...] = ((),) * self.n
        #: (holder, kind): tiles it knows lie in the holder's hand
        self.tile_memory: tuple[tuple[tuple[int, int], ...], ...] = ((),) * self.n
        #: the kinds under the pile it saw put there, bottom first (memory.UNKNOWN: not seen)
        self.pile_memory: tuple[tuple[int, ...], ...] = ((),) * self.n

    def _copy(self, source: DrakonState) -> None:
        self.seed = source.seed
        self.to_act = source.to_act
        self.rooms = dict(source.rooms)
        self.grid = list(source.grid)
        self.hands = [list(hand) for hand in source.hands]
        self.pile = list(source.pile)
        self.hero_cell = list(source.hero_cell)
        self.hero_owner = list(source.hero_owner)
        self.hero_figure = list(source.hero_figure)
        self.drakon = source.drakon
        self.purses = [list(purse) for purse in source.purses]
        self.purse_of = list(source.purse_of)
        self.treasure = list(source.treasure)
        self.gone = list(source.gone)
        self.seat = source.seat
        self.hero = source.hero
        self.first = source.first
        self.round_heroes = list(source.round_heroes)
        self.slot = source.slot
        self.current = source.current
        self.tasks = list(source.tasks)
        self.turns = source.turns
        self.turn_steps = source.turn_steps
        self.winning = None if source.winning is None else list(source.winning)
        self.ending = source.ending
        self.hero_used = list(source.hero_used)
        self.stage = source.stage
        layout = source.layout
        self.layout = None if layout is None else (list(layout[0]), list(layout[1]), list(layout[2]))
        self.coin_memory = source.coin_memory
        self.tile_memory = source.tile_memory
        self.pile_memory = source.pile_memory

    def put_room(self, cell: int, room: int) -> None:
        self.rooms[cell] = room
        self.grid[cell] = room

    def take_room(self, cell: int) -> int:
        self.grid[cell] = EMPTY
        return self.rooms.pop(cell)

    # -- what the position holds -------------------------------------------------------------
    def gold(self, purse: int) -> int:
        coins = self.purses[purse]
        return coins[0] + 2 * coins[1] + 3 * coins[2]

    def coin_count(self, purse: int) -> int:
        return sum(self.purses[purse])

    def heroes_of(self, seat: int) -> list[int]:
        return [hero for hero, owner in enumerate(self.hero_owner) if owner == seat]

    def seats_of_purse(self, purse: int) -> list[int]:
        return [seat for seat in range(self.n) if self.purse_of[seat] == purse]

    def heroes_in(self, cell: int) -> list[int]:
        return [hero for hero, at in enumerate(self.hero_cell) if at == cell]

    def figure_hero(self, figure: int) -> int:
        """The hero with this figure, or -1 when no player has it."""
        for hero, each in enumerate(self.hero_figure):
            if each == figure:
                return hero
        return -1

    def opponents(self, seat: int) -> list[int]:
        """Seats that are not ``seat`` and not its partner (Teams, open question 39)."""
        return [other for other in range(self.n)
                if self.purse_of[other] != self.purse_of[seat]]
