"""Gargon's position as data: plain lists of ints, cheap to clone. It knows no rule: the rules
(``rules.py``), the observations (``observe.py``) and the scores (``scoring.py``) are functions
over it, and ``position.py`` binds them to the game protocol."""

# mypyc: compile

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ...core.game import Game, State
from .components import NUM_COLOURS
from .events import Event
from .phase import Phase

Hand = list[list[int]]  # per colour, values in descending order

# Phase values as plain ints: constants keep the hot paths free of enum attribute look-ups.
PLACE: Final = int(Phase.PLACE)
PASS_DRAW: Final = int(Phase.PASS_DRAW)
FIGHT: Final = int(Phase.FIGHT)
LOSER_DRAW: Final = int(Phase.LOSER_DRAW)
OVER: Final = int(Phase.OVER)


def _empty_zones(n: int) -> list[Hand]:
    return [[[] for _ in range(NUM_COLOURS)] for _ in range(n)]


class GargonState(State):
    """A Gargon position. Every list is owned by this state; a copy copies them."""

    __slots__ = (
        "seed", "amulets", "open_variant", "n",
        "hands", "in_play", "won", "piles", "discard", "first", "phase", "placed",
        "shape", "round_colours", "passed", "drawn", "chooser", "fight_colour", "pending",
        "final_round", "round", "final_scores", "log",
    )

    def __init__(self, game: Game, options: Mapping[str, Any], amulets: tuple[int, ...],
                 source: GargonState | None = None) -> None:
        """An empty position, or an independent copy of ``source`` (its log off)."""
        self.game = game
        self.options = options
        self.n: int = options["players"]
        self.open_variant: bool = options["variant"] == "open"
        self.amulets = amulets  # amulets printed on each value, corrections applied
        self.log: list[Event] | None = None  # set to a list to record public events
        if source is not None:
            self._copy(source)
            return
        self.seed: int | None = None
        self.to_act: int | None = None
        self.hands: list[Hand] = _empty_zones(self.n)
        self.in_play: list[Hand] = _empty_zones(self.n)
        self.won: list[Hand] = _empty_zones(self.n)
        self.piles: list[list[int]] = [[], []]  # cards, top of the pile LAST
        self.discard: list[int] = []  # face up, in the order discarded
        self.first = 0  # the round's first player
        self.phase: int = PLACE
        self.placed = 0  # seats that have played or passed this round
        self.shape: tuple[int, ...] = ()  # the round's shape, e.g. (2, 1); () before it is set
        self.round_colours = 0  # bit mask of colours played this round
        self.passed: list[bool] = [False] * self.n
        self.drawn = 0  # cards drawn so far in the current pass
        self.chooser = 0  # the seat choosing colours in the fight phase
        self.fight_colour = -1  # colour being resolved while losers draw
        self.pending: list[int] = []  # fight losers still to draw, in order
        self.final_round = False
        self.round = 0  # rounds begun
        self.final_scores: list[float] | None = None  # computed once, when first asked

    def _copy(self, source: GargonState) -> None:
        self.seed = source.seed
        self.to_act = source.to_act
        self.hands = [[list(c) for c in hand] for hand in source.hands]
        self.in_play = [[list(c) for c in hand] for hand in source.in_play]
        self.won = [[list(c) for c in hand] for hand in source.won]
        self.piles = [list(source.piles[0]), list(source.piles[1])]
        self.discard = list(source.discard)
        self.first = source.first
        self.phase = source.phase
        self.placed = source.placed
        self.shape = source.shape
        self.round_colours = source.round_colours
        self.passed = list(source.passed)
        self.drawn = source.drawn
        self.chooser = source.chooser
        self.fight_colour = source.fight_colour
        self.pending = list(source.pending)
        self.final_round = source.final_round
        self.round = source.round
        self.final_scores = source.final_scores

    # -- what the position holds -------------------------------------------------------------
    def hand_cards(self, seat: int) -> list[int]:
        """The cards of a seat's hand (values known), colour by colour."""
        return [c * 16 + v for c, values in enumerate(self.hands[seat]) for v in values]

    def hand_size(self, seat: int) -> int:
        return sum(len(values) for values in self.hands[seat])

    def in_play_count(self, seat: int) -> int:
        return sum(len(values) for values in self.in_play[seat])

    @property
    def last_seat(self) -> int:
        """The seat that places last this round: the one just before the first player."""
        return (self.first - 1) % self.n
