"""What a seat may see (004): the dungeon, the figures, how many tiles each hand and the pile
hold, how many coins each purse holds; its own tiles and the value of its own coins (its team's
in Teams: partners may look at their common stock). Values of other coins, other hands and the
pile's order stay hidden until the end, when the coins are shown."""

# mypyc: compile

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.game import CHANCE
from . import steps as S
from .components import EFFECTS, FIGURES, kind_text
from .geometry import NO_CELL, arrows_text, xy
from .rules import decider
from .state import DrakonState


@dataclass(frozen=True)
class DrakonObservation:
    """A seat's view (seat None: a spectator). Cells are ints (see ``geometry``); ``rooms`` are
    ``(cell, effect * 16 + arrows)`` sorted by cell; ``heroes`` ``(figure, seat, cell)``."""

    seat: int | None
    players: int
    to_act: int | None
    step: str  # the current step's name (steps.NAMES), "over" at the end
    step_seat: int | None  # who decides it (None at chance steps and at the end)
    step_hero: int  # the figure the step concerns (its hero's turn, pull, Mind control), or -1
    step_cell: int  # the Moving room's cell, or NO_CELL
    turn: int
    first_player: int
    rooms: tuple[tuple[int, int], ...]
    heroes: tuple[tuple[int, int, int], ...]
    drakon: int
    hand: tuple[int, ...]  # own tiles as kinds, sorted
    hand_sizes: tuple[int, ...]
    pile: int
    purse_of: tuple[int, ...]
    coins: tuple[int, ...]  # coins held, per purse
    gold: tuple[int | None, ...]  # gold of each purse the viewer may see, else None
    purse_coins: tuple[tuple[int, int, int] | None, ...]  # coins of 1, 2, 3 of visible purses
    treasure: int
    gone: int
    goal: int
    count_coins: bool
    escape: bool
    with_heroes: bool = False
    abilities_used: tuple[int, ...] = ()  # Héros!: figures whose ability is spent
    scores: tuple[float, ...] | None = None
    winners: tuple[int, ...] | None = None
    ending: str = ""

    def room_at(self, cell: int) -> int:
        for at, room in self.rooms:
            if at == cell:
                return room
        return -1

    def to_json(self) -> dict[str, Any]:
        def at(cell: int) -> list[int] | None:
            return None if cell == NO_CELL else list(xy(cell))

        return {
            "seat": self.seat,
            "players": self.players,
            "to_act": self.to_act,
            "step": self.step,
            "step_seat": self.step_seat,
            "step_hero": FIGURES[self.step_hero] if self.step_hero >= 0 else None,
            "step_cell": at(self.step_cell),
            "turn": self.turn,
            "first_player": self.first_player,
            "rooms": [{"at": at(cell), "room": EFFECTS[room >> 4], "arrows": arrows_text(room & 15)}
                      for cell, room in self.rooms],
            "heroes": [{"figure": FIGURES[figure], "seat": seat, "at": at(cell)}
                       for figure, seat, cell in self.heroes],
            "drakon": at(self.drakon),
            "hand": [kind_text(kind) for kind in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "pile": self.pile,
            "purse_of": list(self.purse_of),
            "coins": list(self.coins),
            "gold": list(self.gold),
            "purse_coins": [None if c is None else list(c) for c in self.purse_coins],
            "treasure": self.treasure,
            "gone": self.gone,
            "goal": self.goal,
            "goal_counts": "coins" if self.count_coins else "gold",
            "escape": self.escape,
            "heroes_variant": self.with_heroes,
            "abilities_used": [FIGURES[f] for f in self.abilities_used],
            "scores": None if self.scores is None else list(self.scores),
            "winners": None if self.winners is None else list(self.winners),
            "ending": self.ending,
        }


def _step_fields(state: DrakonState) -> tuple[str, int | None, int, int]:
    if state.to_act is None:
        return "over", None, -1, NO_CELL
    kind, a, b, c = state.current
    name = "ability" if kind == S.TURN and c else S.NAMES[kind]
    if state.to_act == CHANCE:
        return name, None, -1, NO_CELL
    hero = -1
    if kind == S.TURN or kind == S.KNIGHT_CHOICE:
        hero = state.hero_figure[b]
    elif kind == S.HARP_CHOICE:
        hero = state.hero_figure[a]
    cell = b if kind == S.RELOCATE_CHOICE else NO_CELL
    return name, decider(state.current), hero, cell


def observe(state: DrakonState, seat: int | None, every_purse: bool = False) -> DrakonObservation:
    """What ``seat`` sees; ``every_purse``: every purse's coins too, as at the end (only for
    ``open_observation``, never in play)."""
    over = state.to_act is None
    own = -1 if seat is None else state.purse_of[seat]
    seen = [over or every_purse or purse == own for purse in range(len(state.purses))]
    step, step_seat, step_hero, step_cell = _step_fields(state)
    scores = winners = None
    if over:
        winners = tuple(state.winning or ())
        scores = tuple(1.0 if s in winners else 0.0 for s in range(state.n))
    return DrakonObservation(
        seat=seat,
        players=state.n,
        to_act=state.to_act,
        step=step,
        step_seat=step_seat,
        step_hero=step_hero,
        step_cell=step_cell,
        turn=state.turns,
        first_player=state.first,
        rooms=tuple(sorted(state.rooms.items())),
        heroes=tuple((state.hero_figure[h], state.hero_owner[h], state.hero_cell[h])
                     for h in range(len(state.hero_cell))),
        drakon=state.drakon,
        hand=() if seat is None else tuple(sorted(state.hands[seat])),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        pile=len(state.pile),
        purse_of=tuple(state.purse_of),
        coins=tuple(sum(purse) for purse in state.purses),
        gold=tuple(state.gold(p) if seen[p] else None for p in range(len(state.purses))),
        purse_coins=tuple((c[0], c[1], c[2]) if seen[p] else None
                          for p, c in enumerate(state.purses)),
        treasure=sum(state.treasure),
        gone=sum(state.gone),
        goal=state.goal,
        count_coins=state.count_coins,
        escape=state.escape,
        with_heroes=state.with_heroes,
        abilities_used=tuple(sorted(state.hero_figure[h] for h, used in enumerate(state.hero_used)
                                    if used)),
        scores=scores,
        winners=winners,
        ending=state.ending,
    )


def open_observation(state: DrakonState, seat: int | None) -> dict[str, Any]:
    """``seat``'s view with everything shown, for the replay of a game that is over: every
    purse's coins, and every seat's tiles as ``hands`` (each as that seat's own observation shows
    its ``hand``)."""
    view = observe(state, seat, every_purse=True).to_json()
    view["hands"] = [observe(state, other).to_json()["hand"] for other in range(state.n)]
    return view
