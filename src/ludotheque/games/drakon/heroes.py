"""The Heroes! variant (004, «Règle optionnelle: Héros!»): each hero's ability, once a game, in
its player's turn before or after the action (the Knight's also outside it). Which abilities
can be used now, and what using one does; ``rules`` calls these and runs the steps they add.

Rulings (docs/rules/drakon.md, Q32-Q37): the Amazon's extra move follows the rules of the room
she stands on and may come before or after either action; the Barbarian pushes a hero by the
rules of its room, its owner applies the room, then he takes a tile at random from that hand;
the Dwarf's discards go under the pile, then he draws as many and fills his hand up to four; the
Knight keeps a coin about to leave his purse because of his hero or his seat (Drakon included);
the Thief chooses which of his coins he swaps; the Wizard's move through any side is his turn's
move, into an adjacent room (from a Violent wind, if a normal second step follows), and a harp
still pulls him.
"""

# mypyc: compile

from __future__ import annotations

from typing import Final

from . import actions as A
from . import memory
from . import steps as S
from .dungeon import destinations
from .geometry import CELLS
from .state import DrakonState, Step

AMAZON: Final = 0
BARBARIAN: Final = 1
DWARF: Final = 2
KNIGHT: Final = 3
THIEF: Final = 4
WIZARD: Final = 5
HAND_SIZE: Final = 4


def _ready(state: DrakonState, hero: int, figure: int) -> bool:
    return state.with_heroes and state.hero_figure[hero] == figure and not state.hero_used[hero]


def _rivals_here(state: DrakonState, hero: int) -> list[int]:
    """Opponents' heroes in the same room as ``hero``."""
    cell, seat = state.hero_cell[hero], state.hero_owner[hero]
    return [other for other in state.heroes_in(cell)
            if state.purse_of[state.hero_owner[other]] != state.purse_of[seat]]


def wizard_moves(state: DrakonState, hero: int) -> list[int]:
    """The Wizard's move through any side: the rooms only his ability reaches."""
    if not _ready(state, hero, WIZARD):
        return []
    cell = state.hero_cell[hero]
    usual = set(destinations(state.grid, cell))
    return [A.WIZARD + c for c in destinations(state.grid, cell, True) if c not in usual]


def abilities(state: DrakonState, seat: int, hero: int) -> list[int]:
    """The ability actions ``hero`` may take now in its turn (the Wizard's is a move: see
    ``wizard_moves``; the Knight's comes when a coin is about to go)."""
    if not state.with_heroes or state.hero_used[hero]:
        return []
    figure = state.hero_figure[hero]
    cell = state.hero_cell[hero]
    if figure == AMAZON:
        return [A.AMAZON + c for c in destinations(state.grid, cell)]
    if figure == BARBARIAN:
        out = []
        for other in _rivals_here(state, hero):
            pushed = state.hero_figure[other]
            out += [A.push(pushed, c) for c in destinations(state.grid, cell)] or [A.push(pushed, CELLS)]
        return sorted(out)
    if figure == DWARF:
        hand = state.hands[seat]
        return [A.DWARF] if hand or (len(hand) < HAND_SIZE and state.pile) else []
    if figure == THIEF:
        purse = state.purses[state.purse_of[seat]]
        out = sorted({A.THIEF + state.hero_figure[o] for o in _rivals_here(state, hero)
                      if sum(state.purses[state.purse_of[state.hero_owner[o]]])})
        if sum(state.treasure):
            out += [A.SWAP + v for v in range(3) if purse[v]]
        return out
    return []


def use(state: DrakonState, seat: int, hero: int, action: int) -> None:
    """Spend ``hero``'s ability on ``action`` (one of ``abilities`` or ``wizard_moves``)."""
    family, a, b, _ = A.decode(action)
    state.hero_used[hero] = True
    tasks = state.tasks
    if family == A.F_AMAZON or family == A.F_WIZARD:
        if family == A.F_WIZARD:
            state.stage = 1  # it was the turn's move
        tasks.append((S.ENTER, hero, seat, a))
    elif family == A.F_PUSH:
        pushed = state.figure_hero(a)
        tasks.append((S.TAKE_TILE, seat, state.hero_owner[pushed], 0))
        if b != CELLS:
            tasks.append((S.ENTER, pushed, seat, b))
    elif family == A.F_DWARF:
        tasks.append((S.DWARF_CHOICE, seat, 0, 0))
    elif family == A.F_THIEF:
        victim = state.hero_owner[state.figure_hero(a)]
        tasks.append((S.STEAL, state.purse_of[seat], victim, 0))
    else:  # F_SWAP
        tasks.append((S.SWAP, state.purse_of[seat], a, 0))


def dwarf_actions(state: DrakonState, seat: int) -> list[int]:
    return [A.DISCARD + kind for kind in sorted(set(state.hands[seat]))] + [A.DRAW]


def dwarf_step(state: DrakonState, step: Step, action: int) -> int:
    """A discard (under the pile, open question 36) or the draw that ends the Dwarf's turn;
    returns the tiles drawn (-1 for a discard)."""
    _, seat, discarded, _ = step
    hand = state.hands[seat]
    if action != A.DRAW:
        kind = action - A.DISCARD
        hand.remove(kind)
        state.pile.insert(0, kind)
        memory.tile_hidden_left_hand(state, seat)
        memory.under_pile(state, kind, seat)
        state.tasks.append((S.DWARF_CHOICE, seat, discarded + 1, 0))
        return -1
    drawn = 0
    while state.pile and (drawn < discarded or len(hand) < HAND_SIZE):
        hand.append(state.pile.pop())
        drawn += 1
    return drawn


def knight_for(state: DrakonState, step: Step) -> int:
    """The Knight who may keep the coin a LOSE or STEAL step is about to take, or -1."""
    if not state.with_heroes or step[3]:
        return -1
    kind, _, b, _ = step
    if kind == S.LOSE:
        return b if b >= 0 and _ready(state, b, KNIGHT) else -1
    if kind == S.STEAL:
        for hero in state.heroes_of(b):
            if _ready(state, hero, KNIGHT):
                return hero
    return -1
