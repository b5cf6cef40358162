"""Drakon's rules (004_520b61c11ceb25d8.txt) over a ``DrakonState``: the deal, the legal
actions of every step, and what each action does. The rulings where 004 is silent are numbered
as in ``../shared/seeds/drakon-open-questions.md`` and listed in docs/rules/drakon.md."""

# mypyc: compile

from __future__ import annotations

import random
from typing import Final

from ...core.draws import randbelow, shuffle
from ...core.game import CHANCE
from . import actions as A
from . import heroes as H
from . import memory
from . import steps as S
from .components import (
    DESTROY,
    DRAKON_ROOM,
    ESCAPE,
    EXCHANGE,
    FIGURES,
    FIND,
    LOSE,
    MAP,
    MIND,
    MOVING,
    NUM_KINDS,
    ROTATE,
    START_ROOM,
    STEAL_LEFT,
    STEAL_RIGHT,
    TELEPORT,
    kind_effect,
    kind_of,
    kind_pattern,
)
from .dungeon import (
    EMPTY,
    can_move,
    destinations,
    drakon_reach,
    facing,
    frontier,
    pulling_harps,
    removable,
)
from .events import Event
from .geometry import (
    CELLS,
    NEIGHBOUR,
    NO_CELL,
    OPEN_TO,
    ORIENTATIONS,
    START,
    opposite,
    orientations,
    rotate,
)
from .state import DrakonState, Step

HAND_SIZE: Final = 4  # 004, Mise en place 2
DRAKON_STEPS: Final = 3  # 004, Mouvements de Drakon
MAX_PULLS: Final = 8  # harps pulling a hero on from harp to harp: a cycle stops here
MAX_TURN_STEPS: Final = 200  # a software guard: no turn of 10^5 simulated games came near it


# -- the deal -------------------------------------------------------------------------------

def team_of(seat: int, players: int) -> int:
    """Teams variant (004): partners sit opposite at 4 (seats 0, 2 and 1, 3), three seats apart
    at 6 (0, 3; 1, 4; 2, 5), so that play alternates between the teams."""
    return seat % (players // 2)


def deal(state: DrakonState, rng: random.Random, first: int | None) -> None:
    """004, Mise en place: Start in the centre, four rooms to each hand, the rest the face-down
    pile, every hero on Start, the coins face down in the treasure, a first player drawn."""
    parts = state.parts
    tiles = list(parts.tiles)
    shuffle(rng, tiles)
    for seat in range(state.n):
        state.hands[seat] = [tiles.pop() for _ in range(min(HAND_SIZE, len(tiles)))]
    state.pile = tiles
    chosen = randbelow(rng, state.n) if first is None else first
    figures = list(range(len(FIGURES)))
    if state.with_heroes:  # Héros!: heroes drawn at random
        shuffle(rng, figures)
    set_up(state, chosen, figures)


def set_up(state: DrakonState, first: int, figures: list[int]) -> None:
    """Everything but the tiles: Start, heroes (``figures`` in seat order), purses, the
    treasure, the first turn."""
    parts = state.parts
    state.put_room(START, START_ROOM * 16 + parts.start_arrows)
    per_seat = 2 if state.couple else 1
    for seat in range(state.n):
        for k in range(per_seat):
            state.hero_cell.append(START)
            state.hero_owner.append(seat)
            state.hero_figure.append(figures[seat * per_seat + k])
    state.hero_used = [False] * len(state.hero_cell)
    if state.teams:
        state.purse_of = [team_of(seat, state.n) for seat in range(state.n)]
    state.purses = [[0, 0, 0] for _ in range(max(state.purse_of) + 1)]
    state.treasure = list(parts.coins)
    begin(state, first)


def begin(state: DrakonState, first: int) -> None:
    """The first turn of a position whose pieces are all in place."""
    state.first = state.seat = first
    state.slot = 0
    state.turns = 0
    _begin_turn(state)


# -- legal actions --------------------------------------------------------------------------

def legal_actions(state: DrakonState) -> list[int]:
    if state.to_act is None:
        return []
    step = state.current
    kind = step[0]
    if state.to_act == CHANCE:
        return [action for action, _ in chance_outcomes(state)]
    if kind == S.TURN:
        seat, hero = step[1], step[2]
        if step[3]:  # Héros!: after the action, the ability or the end of the turn
            return [*H.abilities(state, seat, hero), A.END]
        main = turn_actions(state, seat, hero) + H.wizard_moves(state, hero)
        if not main or state.pass_at_will:  # open question 5
            main.append(A.PASS)
        return sorted([*main, *H.abilities(state, seat, hero)])
    if kind == S.HERO_CHOICE:
        return sorted(A.HERO + state.hero_figure[h] for h in state.heroes_of(step[1]))
    if kind == S.HARP_CHOICE:
        return [A.HARP + cell for cell in pulling_harps(state.grid, state.hero_cell[step[1]])]
    if kind == S.DESTROY_CHOICE:
        return [A.DESTROY + cell for cell in removable(state.rooms, _occupied(state))]
    if kind == S.DRAKON_SET:
        heroes = set(state.hero_cell)
        return [A.DRAKON + cell for cell in sorted(state.rooms) if cell not in heroes]
    if kind == S.DRAKON_MOVE:
        return [A.DRAKON + cell for cell in drakon_reach(state.grid, state.drakon, DRAKON_STEPS)]
    if kind == S.RELOCATE_CHOICE:
        return [A.STAY, *relocations(state, step[2])]
    if kind == S.EXCHANGE_CHOICE:
        return exchanges(state, step[1])
    if kind == S.MAP_CHOICE:
        return _map_targets(state, step[1])
    if kind == S.ROTATE_CHOICE:
        return rotations(state)
    if kind == S.MIND_CHOICE:
        return mind_controls(state, step[1])
    if kind == S.KNIGHT_CHOICE:
        return [A.KEEP, A.LET]
    if kind == S.DWARF_CHOICE:
        return H.dwarf_actions(state, step[1])
    raise AssertionError(f"no actions for step {step}")


def _map_targets(state: DrakonState, seat: int) -> list[int]:
    """The Map room's choices: an opponent holding a tile (open question 22)."""
    return [A.MAP + other for other in state.opponents(seat) if state.hands[other]]


def turn_actions(state: DrakonState, seat: int, hero: int) -> list[int]:
    """004, Tour de jeu: lay a room from the hand (if any), or move the hero (if it can)."""
    out = placements(state, seat)
    out += [A.MOVE + cell for cell in destinations(state.grid, state.hero_cell[hero])]
    return out


def layout(state: DrakonState) -> tuple[list[int], list[int], list[int]]:
    """The free cells next to the dungeon, sorted; the sides closed on each (where a
    neighbour's arrow points at it); and how many free cells have each closed mask (0..15),
    which counts the cells a room fits in without a look at each. Kept in the state until the
    dungeon changes."""
    if state.layout is None:
        cells = frontier(state.grid, state.rooms)
        closed = [facing(state.grid, cell) for cell in cells]
        counts = [0] * 16
        for shut in closed:
            counts[shut] += 1
        state.layout = (cells, closed, counts)
    return state.layout


def _dungeon_changed(state: DrakonState) -> None:
    state.layout = None


def _laid(state: DrakonState, cell: int) -> None:
    """The layout after a room is laid at ``cell``: that cell leaves it, its free neighbours
    join it or gain the side the new room points at them through (the only change it makes)."""
    if state.layout is None:
        return
    cells, closed, counts = state.layout
    grid = state.grid
    arrows = grid[cell] & 15
    at = _rank(cells, cell)
    cells.pop(at)
    shut = closed.pop(at)
    counts[shut] -= 1
    for side in range(4):
        other = NEIGHBOUR[4 * cell + side]
        if other != NO_CELL and grid[other] == EMPTY:
            at = _rank(cells, other)
            if at < len(cells) and cells[at] == other:
                if arrows >> side & 1:
                    shut = closed[at]
                    counts[shut] -= 1
                    shut |= 1 << opposite(side)
                    closed[at] = shut
                    counts[shut] += 1
            else:
                shut = facing(grid, other)
                cells.insert(at, other)
                closed.insert(at, shut)
                counts[shut] += 1


def _rank(cells: list[int], cell: int) -> int:
    """``bisect_left(cells, cell)``, compiled with the rules (a call to the bisect module costs
    more than the search)."""
    low, high = 0, len(cells)
    while low < high:
        middle = (low + high) >> 1
        if cells[middle] < cell:
            low = middle + 1
        else:
            high = middle
    return low


#: ``LAID_AS[kind]``: each room a tile of that kind can show when laid (effect * 16 + arrows),
#: ascending.
LAID_AS: Final = [sorted(kind_effect(kind) * 16 + arrows for arrows in ORIENTATIONS[kind_pattern(kind)])
                  for kind in range(NUM_KINDS)]


def _lay_groups(state: DrakonState, seat: int) -> list[int]:
    """Each room a tile of the hand can show when laid (``effect * 16 + arrows``), sorted: the
    hand's kinds in order give their rooms in order, but where two kinds share an effect (arrows
    of two patterns) their rooms mix, and only then are they sorted."""
    kinds: list[int] = []  # the hand's kinds, distinct, ascending (a hand holds a few tiles)
    for kind in state.hands[seat]:
        at = 0
        while at < len(kinds) and kinds[at] < kind:
            at += 1
        if at == len(kinds) or kinds[at] != kind:
            kinds.insert(at, kind)
    out: list[int] = []
    mixed = False
    effect = -1
    for kind in kinds:
        mixed = mixed or kind_effect(kind) == effect
        effect = kind_effect(kind)
        out += LAID_AS[kind]
    if mixed:
        out.sort()
    return out


def _fitting(counts: list[int], arrows: int) -> int:
    """How many free cells a room showing ``arrows`` may be laid in (``counts``: layout's)."""
    fits = 0
    for shut in OPEN_TO[arrows]:
        fits += counts[shut]
    return fits


def placements(state: DrakonState, seat: int) -> list[int]:
    """Every distinct way to lay a tile of the hand: next to a room, turned as the player likes
    (open question 3), no two arrows facing (004, Poser une salle)."""
    if not state.hands[seat]:
        return []
    cells, closed, _ = layout(state)
    out = []
    for room in _lay_groups(state, seat):
        arrows = room & 15
        base = A.PLACE + room * CELLS
        out += [base + cell for cell, shut in zip(cells, closed, strict=True) if not arrows & shut]
    return out


def can_place(state: DrakonState, seat: int) -> bool:
    hand = state.hands[seat]
    if not hand:
        return False
    counts = layout(state)[2]
    for kind in hand:
        for arrows in ORIENTATIONS[kind_pattern(kind)]:
            if _fitting(counts, arrows):
                return True
    return False


def sample_action(state: DrakonState, rng: random.Random) -> int:
    """What ``legal[randbelow(rng, len(legal))]`` draws, without listing the placements of a
    turn: they are counted by the arrows they show, and the drawn one is found by its rank."""
    step = state.current
    if state.to_act is None or state.to_act == CHANCE or step[0] != S.TURN or step[3]:
        legal = legal_actions(state)
        return legal[randbelow(rng, len(legal))]
    seat, hero = step[1], step[2]
    groups = _lay_groups(state, seat) if state.hands[seat] else []
    counts = layout(state)[2] if groups else []
    fits = [-1] * 16  # cells where a room showing these arrows fits (-1: not counted yet)
    laid = 0
    for room in groups:
        arrows = room & 15
        if fits[arrows] < 0:
            fits[arrows] = _fitting(counts, arrows)
        laid += fits[arrows]
    others = [A.MOVE + cell for cell in destinations(state.grid, state.hero_cell[hero])]
    if state.with_heroes:
        others += H.wizard_moves(state, hero)
    if not (laid or others) or state.pass_at_will:
        others.insert(0, A.PASS)  # 0, the first action: the moves stay sorted
    if state.with_heroes:
        others += H.abilities(state, seat, hero)
        others.sort()
    below = 0  # the actions that rank before the placements (pass, moves)
    while below < len(others) and others[below] < A.PLACE:
        below += 1
    index = randbelow(rng, len(others) + laid)
    if index < below:
        return others[index]
    index -= below
    if index >= laid:
        return others[below + index - laid]
    for room in groups:
        arrows = room & 15
        count = fits[arrows]
        if index < count:
            cells, closed, _ = layout(state)
            for at in range(len(cells)):
                if not arrows & closed[at]:
                    if index == 0:
                        return A.PLACE + room * CELLS + cells[at]
                    index -= 1
        index -= count
    raise AssertionError("a drawn placement beyond the count")


def relocations(state: DrakonState, cell: int) -> list[int]:
    """004, Salle mobile: to any free space next to another room, laid legally; turned as the
    player likes (open question 23); its own cell does not count (it is lifted)."""
    targets, closed = _lifted(state, cell)
    out = []
    for arrows in ORIENTATIONS[kind_pattern(kind_of(MOVING, state.grid[cell] & 15))]:
        for target, shut in zip(targets, closed, strict=True):
            if not arrows & shut:
                out.append(A.relocate(arrows, target))
    return sorted(out)


def _lifted(state: DrakonState, cell: int) -> tuple[list[int], list[int]]:
    """``frontier(rooms, ignore=cell)`` and each cell's ``facing(rooms, c, ignore=cell)``, read
    from the layout: lifting the room at ``cell`` changes only its free neighbours (each may
    lose its last room beside it, or the side that room pointed through)."""
    grid = state.grid
    cells, closed, _ = layout(state)
    near = [NEIGHBOUR[4 * cell + side] for side in range(4)]
    targets: list[int] = []
    shuts: list[int] = []
    for at in range(len(cells)):
        free = cells[at]
        shut = closed[at]
        if free in near:
            beside = [NEIGHBOUR[4 * free + side] for side in range(4)]
            if not any(other != cell and grid[other] != EMPTY for other in beside if other != NO_CELL):
                continue
            shut = facing(grid, free, ignore=cell)
        targets.append(free)
        shuts.append(shut)
    return targets, shuts


def exchanges(state: DrakonState, seat: int, any_one: bool = False) -> list[int]:
    """004, Échange magique: a room with no figure (not Start) for a tile of the hand, laid in
    any legal orientation. ``any_one``: the first found only (whether there is one)."""
    out = []
    targets = removable(state.rooms, _occupied(state))
    for kind in sorted(set(state.hands[seat])):
        effect = kind_effect(kind)
        for cell in targets:
            closed = facing(state.grid, cell)
            for arrows in orientations(kind_pattern(kind)):
                if not arrows & closed:
                    out.append(A.exchange(effect, arrows, cell))
                    if any_one:
                        return out
    return sorted(out)


def rotations(state: DrakonState, any_one: bool = False) -> list[int]:
    """004, Pivoter une salle: any room, figures and Start included, a quarter turn either way
    or a half turn, still laid legally (open question 24). ``any_one``: the first found only
    (whether there is one)."""
    out = []
    for cell, room in state.rooms.items():
        closed = facing(state.grid, cell)
        for quarters in range(1, 4):
            if not rotate(room & 15, quarters) & closed:
                out.append(A.rotate(cell, quarters))
                if any_one:
                    return out
    return sorted(out)


def mind_controls(state: DrakonState, seat: int) -> list[int]:
    """004, Contrôle de l'esprit: an opponent's hero moved by the normal rules of the room it is
    in, or left where it is when it cannot move (open questions 26, 27)."""
    out = []
    for hero, owner in enumerate(state.hero_owner):
        if state.purse_of[owner] == state.purse_of[seat]:
            continue
        figure = state.hero_figure[hero]
        cells = destinations(state.grid, state.hero_cell[hero])
        out += [A.mind(figure, cell) for cell in cells] or [A.mind(figure, CELLS)]
    return sorted(out)


def _occupied(state: DrakonState) -> set[int]:
    occupied = set(state.hero_cell)
    if state.drakon != NO_CELL:
        occupied.add(state.drakon)
    return occupied


# -- chance ---------------------------------------------------------------------------------

def _coin_odds(coins: list[int]) -> list[tuple[int, float]]:
    total = sum(coins)
    return [(A.COIN + v, coins[v] / total) for v in range(3) if coins[v]]


def chance_outcomes(state: DrakonState) -> list[tuple[int, float]]:
    """Each outcome of the chance step with its probability: a coin drawn at random (its value)
    or a tile taken at random from a hand (its kind)."""
    if state.to_act != CHANCE:
        return []
    kind, a, b, _ = state.current
    if kind == S.GAIN or kind == S.SWAP:
        return _coin_odds(state.treasure)
    if kind == S.LOSE:
        return _coin_odds(state.purses[a])
    if kind == S.STEAL:
        return _coin_odds(state.purses[state.purse_of[b]])
    if kind == S.MAP_DRAW:
        targets = _map_targets(state, a)
        return [(target, 1 / len(targets)) for target in targets]
    hand = state.hands[b]
    kinds = sorted(set(hand))
    return [(A.TILE + k, hand.count(k) / len(hand)) for k in kinds]


def _chance_possible(state: DrakonState, step: Step) -> bool:
    kind, a, b, _ = step
    if kind == S.GAIN or kind == S.SWAP:
        return sum(state.treasure) > 0  # open question 31: an empty treasure gives nothing
    if kind == S.LOSE:
        return sum(state.purses[a]) > 0
    if kind == S.STEAL:
        return sum(state.purses[state.purse_of[b]]) > 0
    if kind == S.MAP_DRAW:
        return bool(_map_targets(state, a))
    return bool(state.hands[b])


# -- applying an action ---------------------------------------------------------------------

def apply(state: DrakonState, action: int) -> None:
    """Apply a legal action of the current step, then run the turn on to the next decision."""
    step = state.current
    kind = step[0]
    state.turn_steps += 1
    if state.to_act == CHANCE:
        _apply_chance(state, step, action)
    elif kind == S.TURN:
        _apply_turn(state, step[1], step[2], action)
    elif kind == S.HERO_CHOICE:
        hero = state.figure_hero(action - A.HERO)
        state.round_heroes[step[1]] = hero
        _log(state, "hero", step[1], figure=action - A.HERO)
        _start_turn(state, step[1], hero)
        return
    elif kind == S.KNIGHT_CHOICE:
        if action == A.KEEP:  # the coin stays: the LOSE or STEAL step waiting is dropped
            state.hero_used[step[2]] = True
            state.tasks.pop()
            _log(state, "knight", step[1], figure=state.hero_figure[step[2]])
    elif kind == S.DWARF_CHOICE:
        drawn = H.dwarf_step(state, step, action)
        if drawn >= 0:
            _log(state, "dwarf", step[1], other=step[2], seats=(drawn,))
    else:
        _apply_choice(state, step, action)
    _run(state)


def _apply_turn(state: DrakonState, seat: int, hero: int, action: int) -> None:
    family, a, b, c = A.decode(action)
    if family == A.F_END:
        state.stage = 2
        return
    if family not in (A.F_PASS, A.F_MOVE, A.F_PLACE):  # Héros!: an ability
        _log(state, "ability", seat, figure=state.hero_figure[hero], other=action)
        H.use(state, seat, hero, action)
        return
    state.stage = 1
    if family == A.F_PASS:
        _log(state, "pass", seat)
    elif family == A.F_MOVE:
        state.tasks.append((S.ENTER, hero, seat, a))
    else:  # F_PLACE
        effect, arrows, cell = a, b, c
        state.hands[seat].remove(kind_of(effect, arrows))
        memory.tile_left_hand(state, seat, kind_of(effect, arrows))
        state.put_room(cell, effect * 16 + arrows)
        _laid(state, cell)
        _log(state, "place", seat, cell=cell, room=effect * 16 + arrows)
        if state.pile:  # 004: no draw once the pile is empty
            state.hands[seat].append(state.pile.pop())
            _log(state, "draw", seat)
        if effect == ESCAPE:
            # 004, Évasion: the hero is put on it at once; not a move (open question 20): the
            # room it left has no more hold on it, and no harp pulls it
            state.hero_cell[hero] = cell
            _log(state, "escape", seat, figure=state.hero_figure[hero], cell=cell)
            _check_escape(state, seat, cell)
        _maybe_set_drakon(state, seat, effect)


def _maybe_set_drakon(state: DrakonState, seat: int, effect: int) -> None:
    """004: whoever brings the first Drakon's movements room into play sets Drakon down, by
    laying it or by Magic exchange (open question 14)."""
    if effect == DRAKON_ROOM and state.drakon == NO_CELL and state.to_act is not None:
        state.tasks.append((S.DRAKON_SET, seat, 0, 0))


def _apply_choice(state: DrakonState, step: Step, action: int) -> None:
    kind, a, b, _ = step
    family, x, y, z = A.decode(action)
    grid = state.grid
    if kind in (S.DESTROY_CHOICE, S.RELOCATE_CHOICE, S.EXCHANGE_CHOICE, S.ROTATE_CHOICE):
        _dungeon_changed(state)
    if kind == S.HARP_CHOICE:
        state.tasks.append((S.ENTER, a, b + 8, x))
    elif kind == S.DESTROY_CHOICE:
        room = state.take_room(x)
        state.pile.insert(0, kind_of(room >> 4, room & 15))  # under the pile (004)
        memory.under_pile(state, kind_of(room >> 4, room & 15), -1)
        _log(state, "destroy", a, cell=x, room=room)
    elif kind == S.DRAKON_SET:
        state.drakon = x
        _log(state, "drakon", a, cell=x)
    elif kind == S.DRAKON_MOVE:
        stayed = state.drakon == x
        state.drakon = x
        _log(state, "drakon", a, cell=x)
        # 004: Drakon ending his move (of zero rooms too, unless the option says otherwise:
        # open question 11) on heroes sends them all back at once; then each loses a coin
        caught = [] if stayed and not state.options["drakon_stay_catches"] else state.heroes_in(x)
        for hero in caught:
            _send_back(state, hero)
        for hero in reversed(caught):
            state.tasks.append((S.LOSE, state.purse_of[state.hero_owner[hero]], hero, 0))
    elif kind == S.RELOCATE_CHOICE:
        if family == A.F_STAY:
            _log(state, "stay", a, cell=b)
        else:
            state.take_room(b)
            state.put_room(y, MOVING * 16 + x)
            for hero in state.heroes_in(b):  # heroes ride along (open question 23)
                state.hero_cell[hero] = y
            _log(state, "relocate", a, cell=y, room=MOVING * 16 + x, other=b)
    elif kind == S.EXCHANGE_CHOICE:
        effect, arrows, cell = x, y, z
        old = grid[cell]
        hand = state.hands[a]
        hand.remove(kind_of(effect, arrows))
        hand.append(kind_of(old >> 4, old & 15))
        memory.tile_left_hand(state, a, kind_of(effect, arrows))
        memory.tile_shown_into_hand(state, a, kind_of(old >> 4, old & 15))
        state.put_room(cell, effect * 16 + arrows)
        _log(state, "exchange", a, cell=cell, room=effect * 16 + arrows, other=old)
        _maybe_set_drakon(state, a, effect)
    elif kind == S.MAP_CHOICE:
        _log(state, "map", a, other=x)
        state.tasks.append((S.TAKE_TILE, a, x, 0))
    elif kind == S.ROTATE_CHOICE:
        room = (grid[x] & ~15) | rotate(grid[x] & 15, y)
        state.put_room(x, room)
        _log(state, "rotate", a, cell=x, room=room, other=y)
    elif kind == S.MIND_CHOICE:
        hero = state.figure_hero(x)
        _log(state, "mind", a, figure=x, cell=y if y != CELLS else -1)
        if y != CELLS:  # the owner of the moved hero applies the room (004)
            state.tasks.append((S.ENTER, hero, a, y))


def _apply_chance(state: DrakonState, step: Step, action: int) -> None:
    kind, a, b, _ = step
    if kind == S.MAP_DRAW:
        _log(state, "map", a, other=action - A.MAP)
        state.tasks.append((S.TAKE_TILE, a, action - A.MAP, 0))
        return
    if kind == S.TAKE_TILE:
        tile = action - A.TILE
        state.hands[b].remove(tile)
        state.hands[a].append(tile)
        memory.tile_taken(state, a, b, tile)
        _log(state, "take", a, other=b)
        return
    value = action - A.COIN  # 0, 1, 2 for 1, 2, 3 gold
    treasure = len(state.purses)  # the treasure's and the coins out's stocks in memory
    if kind == S.GAIN:
        state.treasure[value] -= 1
        state.purses[a][value] += 1
        memory.coin_drawn_from(state, treasure)
        _log(state, "coin", _seat_of_purse(state, a))
        _check_goal(state, a)
    elif kind == S.LOSE:
        state.purses[a][value] -= 1
        (state.gone if state.lost_to == "out" else state.treasure)[value] += 1
        memory.coin_drawn_from(state, a)
        memory.coin_seen_going(state, a, treasure + 1 if state.lost_to == "out" else treasure, value)
        _log(state, "lose", _seat_of_purse(state, a))
    elif kind == S.SWAP:  # the Thief's coin of value b for the one drawn from the treasure
        state.treasure[value] -= 1
        state.purses[a][value] += 1
        state.purses[a][b - 1] -= 1
        state.treasure[b - 1] += 1
        memory.coin_drawn_from(state, treasure)
        memory.coin_seen_going(state, a, treasure, b - 1)
        _log(state, "swap", _seat_of_purse(state, a))
        _check_goal(state, a)
    else:  # STEAL
        victim = state.purse_of[b]
        state.purses[victim][value] -= 1
        state.purses[a][value] += 1
        memory.coin_drawn_from(state, victim)
        memory.coin_seen_going(state, victim, a, value)
        _log(state, "steal", _seat_of_purse(state, a), other=b)
        _check_goal(state, a)


def _seat_of_purse(state: DrakonState, purse: int) -> int:
    """The seat acting for a purse in the log: the seat whose turn it is when it is theirs."""
    if state.purse_of[state.seat] == purse:
        return state.seat
    return state.seats_of_purse(purse)[0]


# -- running a turn -------------------------------------------------------------------------

def _run(state: DrakonState) -> None:
    """Run automatic steps until a decision or a chance draw is due, or the turn is over."""
    while state.to_act is not None:
        if state.turn_steps > MAX_TURN_STEPS:
            state.tasks.clear()
            state.stage = 2
        if not state.tasks:
            if _turn_goes_on(state):
                return
            _next_turn(state)
            return
        step = state.tasks.pop()
        kind = step[0]
        if kind == S.ENTER:
            _enter(state, step)
        elif kind == S.EFFECT:
            _effect(state, step[1], step[2])
        elif kind == S.CATCH:
            _catch(state, step[1])
        elif kind in S.CHANCE_STEPS:
            if _chance_possible(state, step):
                knight = H.knight_for(state, step)
                if knight >= 0:  # Héros!: the Knight may keep the coin, before it is drawn
                    state.tasks.append((kind, step[1], step[2], 1))
                    state.current = (S.KNIGHT_CHOICE, state.hero_owner[knight], knight, 0)
                    state.to_act = state.current[1]
                    return
                state.current = step
                state.to_act = CHANCE
                return
        else:  # a choice: only when there is something to choose (open question 16)
            state.current = step
            state.to_act = decider(step)
            if _can_choose(state):
                return
            state.to_act = state.seat


def _can_choose(state: DrakonState) -> bool:
    """Whether the choice step now current offers an action (the Moving room's and the
    Dwarf's always do: STAY, DRAW; Drakon's move may end where he stands; Mind control may
    leave a hero where it is), without listing them where that is known or one will do."""
    kind = state.current[0]
    if kind == S.ROTATE_CHOICE:
        return bool(rotations(state, any_one=True))
    if kind == S.DESTROY_CHOICE:
        return bool(removable(state.rooms, _occupied(state), any_one=True))
    if kind == S.EXCHANGE_CHOICE:
        return bool(exchanges(state, state.current[1], any_one=True))
    if kind == S.MIND_CHOICE:
        mine = state.purse_of[state.current[1]]
        return any(state.purse_of[owner] != mine for owner in state.hero_owner)
    return kind == S.RELOCATE_CHOICE or kind == S.DWARF_CHOICE or kind == S.DRAKON_MOVE \
        or bool(legal_actions(state))


def _turn_goes_on(state: DrakonState) -> bool:
    """Héros!: an ability used before the action leaves the action to do; after the action,
    an ability still at hand is offered once (or the turn is ended)."""
    seat, hero = state.seat, state.hero
    if state.stage == 0:
        _start_turn(state, seat, hero)
        return True
    if state.stage == 1 and state.with_heroes and H.abilities(state, seat, hero):
        state.current = (S.TURN, seat, hero, 1)
        state.to_act = seat
        return True
    return False


def decider(step: Step) -> int:
    """The seat that makes a choice step: the mover for a harp's pull, else the room's player."""
    return step[2] & 7 if step[0] == S.HARP_CHOICE else step[1]


def _enter(state: DrakonState, step: Step) -> None:
    """A hero moved onto a room: Drakon there sends it back first (004: before any action);
    else a harp it points at pulls it on (open question 18: the room's own effect is lost);
    else the room acts."""
    _, hero, mover_pulls, cell = step
    mover, pulls = mover_pulls & 7, mover_pulls >> 3
    start = state.hero_cell[hero]
    state.hero_cell[hero] = cell
    owner = state.hero_owner[hero]
    _log(state, "pull" if pulls else "move", mover, figure=state.hero_figure[hero],
         cell=cell, other=start)
    if cell == state.drakon:
        state.tasks.append((S.CATCH, hero, 0, 0))
        return
    if mover == owner and pulls == 0:
        _check_escape(state, owner, cell)
        if state.to_act is None:
            return
    harps = pulling_harps(state.grid, cell) if pulls < MAX_PULLS else []
    if len(harps) == 1:
        state.tasks.append((S.ENTER, hero, mover + 8 * (pulls + 1), harps[0]))
    elif harps:
        state.tasks.append((S.HARP_CHOICE, hero, mover + 8 * pulls, 0))
    else:
        state.tasks.append((S.EFFECT, hero, cell, 0))


def _effect(state: DrakonState, hero: int, cell: int) -> None:
    """The room acts on the hero that entered it; its owner makes the room's choices (004:
    "l'adversaire doit appliquer les effets"; open question 15)."""
    effect = state.grid[cell] >> 4
    owner = state.hero_owner[hero]
    purse = state.purse_of[owner]
    tasks = state.tasks
    if effect == FIND:
        tasks.append((S.GAIN, purse, 0, 0))
    elif effect == LOSE:
        tasks.append((S.LOSE, purse, hero, 0))
    elif effect in (STEAL_LEFT, STEAL_RIGHT):
        # clockwise = the player on the left = the next seat (004, Tour de jeu; question 25)
        victim = (owner + (1 if effect == STEAL_LEFT else -1)) % state.n
        if state.purse_of[victim] != purse:
            tasks.append((S.STEAL, purse, victim, 0))
    elif effect == DESTROY:
        tasks.append((S.DESTROY_CHOICE, owner, hero, 0))
    elif effect == DRAKON_ROOM:
        if state.drakon != NO_CELL:
            tasks.append((S.DRAKON_MOVE, owner, 0, 0))
    elif effect == MOVING:
        tasks.append((S.RELOCATE_CHOICE, owner, cell, 0))
    elif effect == EXCHANGE:
        tasks.append((S.EXCHANGE_CHOICE, owner, hero, 0))
    elif effect == MAP:
        random_victim = state.options["map_room"] == "random"
        tasks.append((S.MAP_DRAW if random_victim else S.MAP_CHOICE, owner, 0, 0))
    elif effect == ROTATE:
        tasks.append((S.ROTATE_CHOICE, owner, 0, 0))
    elif effect == MIND:
        tasks.append((S.MIND_CHOICE, owner, hero, 0))
    # Start, neutral rooms, Escape, Harp: nothing on entering; Passkey, Teleport and Violent
    # wind act when the hero leaves (``dungeon.destinations``)


def _catch(state: DrakonState, hero: int) -> None:
    """004, Le personnage Drakon: back to Start (already there: only the coin), and a coin drawn
    at random from its purse goes back to the treasure (open question 10)."""
    _send_back(state, hero)
    state.tasks.append((S.LOSE, state.purse_of[state.hero_owner[hero]], hero, 0))


def _send_back(state: DrakonState, hero: int) -> None:
    state.hero_cell[hero] = START
    _log(state, "caught", state.hero_owner[hero], figure=state.hero_figure[hero], cell=START)


def _reached(state: DrakonState, purse: int) -> bool:
    if state.count_coins:
        return state.coin_count(purse) >= state.goal
    return state.gold(purse) >= state.goal


def _check_goal(state: DrakonState, purse: int) -> None:
    """004, Objectif: the first to hold 10 gold (or the variant's goal) wins at once, in anyone's
    turn (open question 9). In the Escape variant gold alone does not win (question 38)."""
    if not state.escape and _reached(state, purse):
        _end(state, state.seats_of_purse(purse), "goal")


def _check_escape(state: DrakonState, seat: int, cell: int) -> None:
    """004, Évasion variant: holding the goal's gold, a hero its player moves onto an Escape or
    a Teleport room (laying an Escape counts: open question 38) wins at once."""
    effect = state.grid[cell] >> 4
    purse = state.purse_of[seat]
    if state.escape and effect in (ESCAPE, TELEPORT) and _reached(state, purse):
        _end(state, state.seats_of_purse(purse), "escape")


def _end(state: DrakonState, winners: list[int], how: str) -> None:
    state.winning = winners
    state.ending = how
    state.to_act = None
    state.tasks.clear()
    _log(state, "win", seats=tuple(winners), room=-1)


def _end_by_gold(state: DrakonState, how: str) -> None:
    """004: nobody can act: the most gold wins; a tie is a shared win (open question 8)."""
    golds = [state.gold(state.purse_of[seat]) for seat in range(state.n)]
    best = max(golds)
    _log(state, how)
    _end(state, [seat for seat in range(state.n) if golds[seat] == best], how)


def _next_turn(state: DrakonState) -> None:
    if state.couple:
        state.slot = (state.slot + 1) % 4
        state.seat = (state.first + state.slot) % 2
    else:
        state.seat = (state.seat + 1) % state.n
    _begin_turn(state)


def _can_act(state: DrakonState, seat: int) -> bool:
    """Whether the seat can lay a room or move a hero (a move first: the cheaper to find)."""
    owners = state.hero_owner
    for hero in range(len(owners)):
        if owners[hero] == seat and can_move(state.grid, state.hero_cell[hero]):
            return True
    return can_place(state, seat)


def _begin_turn(state: DrakonState) -> None:
    """A new turn: the game ends when nobody can lay a room or move a hero (004; open questions
    6, 7: every player, checked as soon as a player would have to pass), or at the turn limit."""
    if state.turns >= state.turn_limit:
        _end_by_gold(state, "limit")
        return
    seat = state.seat
    if not _can_act(state, seat) and not any(_can_act(state, s) for s in range(state.n)):
        _end_by_gold(state, "stuck")
        return
    state.turns += 1
    state.turn_steps = 0
    if not state.couple:
        _start_turn(state, seat, state.hero_owner.index(seat))
    elif state.slot < 2:  # Couple (004): the player names the hero that acts first
        state.round_heroes[seat] = -1
        state.current = (S.HERO_CHOICE, seat, 0, 0)
        state.to_act = seat
    else:
        first = state.round_heroes[seat]
        _start_turn(state, seat, next(h for h in state.heroes_of(seat) if h != first))


def _start_turn(state: DrakonState, seat: int, hero: int) -> None:
    state.hero = hero
    state.stage = 0
    state.current = (S.TURN, seat, hero, 0)
    state.to_act = seat


def _log(state: DrakonState, kind: str, seat: int | None = None, figure: int = -1, cell: int = -1,
         room: int = -1, other: int = -1, seats: tuple[int, ...] = ()) -> None:
    """Log a public event when a front end keeps the log: playouts build no events."""
    if state.log is not None:
        state.log.append(Event(kind, seat, figure, cell, room, other, seats))
