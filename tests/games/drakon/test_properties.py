"""Properties over random playouts in every variant: tiles and coins conserved, observations
blind to what a seat may not see, replays deterministic, explicit set-ups replayed without seed."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from ludotheque.core import CHANCE, GameRecord, RecordedGame, replay
from ludotheque.core.game import sample_chance
from ludotheque.games.drakon import GAME, rules
from ludotheque.games.drakon.components import MOVING, START_ROOM, components, kind_effect, kind_of
from ludotheque.games.drakon.dungeon import facing, frontier, grid_of
from ludotheque.games.drakon.notation import cell_text, room_text
from ludotheque.games.drakon.position import DrakonPosition

VARIANTS: list[dict[str, Any]] = [
    {"players": 2}, {"players": 3}, {"players": 5},
    {"players": 4, "teams": True}, {"players": 6, "teams": True},
    {"players": 2, "couple": True}, {"players": 3, "escape": True},
    {"players": 4, "fixed_value": True}, {"players": 3, "lost_coins": "out"},
    {"players": 2, "couple": True, "escape": True}, {"players": 4, "goal": 7},
    {"players": 4, "heroes": True}, {"players": 2, "couple": True, "heroes": True},
    {"players": 6, "teams": True, "heroes": True}, {"players": 3, "heroes": True, "escape": True},
]
IDS = ["-".join(f"{k}={v}" for k, v in v.items()) for v in VARIANTS]


def playout(options: dict[str, Any], seed: int) -> Iterator[DrakonPosition]:
    """Every position of a random playout (the same object, advanced)."""
    state = GAME.new_state(options, seed)
    rng = random.Random(seed)
    while True:
        yield state
        if state.is_terminal:
            return
        action = sample_chance(state, rng) if state.to_act == CHANCE else state.sample_action(rng)
        state.apply(action)


def effects_in_play(state: DrakonPosition) -> Counter[int]:
    effects = Counter(room >> 4 for room in state.rooms.values())
    effects.update(kind_effect(k) for hand in state.hands for k in hand)
    effects.update(kind_effect(k) for k in state.pile)
    return effects


@pytest.mark.parametrize("options", VARIANTS, ids=IDS)
def test_tiles_and_coins_are_conserved_and_the_dungeon_stays_legal(options: dict[str, Any]) -> None:
    parts = components()
    box = Counter(kind_effect(k) for k in parts.tiles) + Counter({START_ROOM: 1})
    for state in playout(options, seed=11):
        assert effects_in_play(state) == box
        held = [sum(p[v] for p in state.purses) + state.treasure[v] + state.gone[v] for v in range(3)]
        assert held == list(parts.coins)
        # a tile keeps its arrows: every room laid is a turn of a tile of its kind
        kinds = Counter(kind_of(room >> 4, room & 15) for room in state.rooms.values())
        kinds.update(k for hand in state.hands for k in hand)
        kinds.update(state.pile)
        assert kinds == Counter(parts.tiles) + Counter({kind_of(START_ROOM, parts.start_arrows): 1})
        # the rules' grid holds the same rooms as the dict
        grid = state.grid
        assert grid == grid_of(state.rooms)
        # every figure stands on a room; no two arrows face each other anywhere
        assert all(cell in state.rooms for cell in state.hero_cell)
        assert state.drakon == -1 or state.drakon in state.rooms
        for cell, room in state.rooms.items():
            assert not room & 15 & facing(grid, cell), f"arrows facing at {cell_text(cell)}"
        # the free cells kept from turn to turn are those computed afresh
        cells = frontier(grid, state.rooms)
        closed = [facing(grid, c) for c in cells]
        counts = [closed.count(shut) for shut in range(16)]
        assert state.layout in (None, (cells, closed, counts))
        # a Moving room's targets, read from the layout, are those computed afresh
        for cell, room in state.rooms.items():
            if room >> 4 == MOVING:
                targets = frontier(grid, state.rooms, ignore=cell)
                lifted = [facing(grid, c, ignore=cell) for c in targets]
                assert rules._lifted(state, cell) == (targets, lifted)


def shuffled_hidden(state: DrakonPosition, seat: int, rng: random.Random) -> DrakonPosition:
    """The same position but for what ``seat`` may not see: other hands and the pile swapped
    around (sizes kept), other purses' and the treasure's coin values swapped (counts kept)."""
    other = state.clone()
    others = [s for s in range(state.n) if s != seat]
    tiles = [k for s in others for k in state.hands[s]] + list(state.pile)
    rng.shuffle(tiles)
    for s in others:
        other.hands[s] = [tiles.pop() for _ in state.hands[s]]
    other.pile = tiles
    own = state.purse_of[seat]
    hidden = [p for p in range(len(state.purses)) if p != own]
    coins = [v for p in hidden for v in range(3) for _ in range(state.purses[p][v])]
    coins += [v for v in range(3) for _ in range(state.treasure[v])]
    rng.shuffle(coins)
    for p in hidden:
        other.purses[p] = [0, 0, 0]
        for _ in range(sum(state.purses[p])):
            other.purses[p][coins.pop()] += 1
    other.treasure = [coins.count(v) for v in range(3)]
    return other


@pytest.mark.parametrize("options", VARIANTS, ids=IDS)
def test_observations_are_blind_to_what_the_seat_may_not_see(options: dict[str, Any]) -> None:
    rng = random.Random(3)
    changed = 0
    for index, state in enumerate(playout(options, seed=21)):
        if index % 4 or state.is_terminal:
            continue
        for seat in range(state.n):
            other = shuffled_hidden(state, seat, rng)
            assert other.observe(seat).to_json() == state.observe(seat).to_json()
            if other.to_act == seat:
                assert other.legal_actions() == state.legal_actions()
            watcher = (seat + 1) % state.n
            changed += other.observe(watcher).to_json() != state.observe(watcher).to_json()
    assert changed, "the shuffle never changed anything: the test would prove nothing"


def test_spectator_sees_no_hand_and_no_coin_value() -> None:
    for state in playout({"players": 3}, seed=5):
        view = state.observe(None).to_json()
        assert view["hand"] == []
        if not state.is_terminal:
            assert view["gold"] == [None] * 3 and view["purse_coins"] == [None] * 3


def test_the_end_shows_every_purse() -> None:
    *_, state = playout({"players": 3}, seed=5)
    assert state.observe(1).to_json()["gold"] == [state.gold(p) for p in range(3)]


@pytest.mark.parametrize("options", VARIANTS, ids=IDS)
def test_a_record_replays_to_the_same_end(options: dict[str, Any]) -> None:
    rng = random.Random(8)
    recorded = RecordedGame.start("drakon", options, seed=31)
    while not recorded.state.is_terminal:
        state = recorded.state
        action = sample_chance(state, rng) if state.to_act == CHANCE else state.sample_action(rng)
        recorded.apply(action)
    again = replay(GameRecord.loads(recorded.record.dumps()))
    assert again.observe(None).to_json() == recorded.state.observe(None).to_json()
    assert again.scores() == recorded.state.scores()


def explicit_setup(state: DrakonPosition) -> dict[str, Any]:
    """A position written as an explicit set-up (what a record's ``setup`` holds)."""
    from ludotheque.games.drakon.components import kind_text

    return {
        "rooms": [f"{room_text(room).split()[0]} {cell_text(cell)} "
                  f"{' '.join(room_text(room).split()[1:])}".strip()
                  for cell, room in sorted(state.rooms.items())],
        "hands": [[kind_text(k) for k in hand] for hand in state.hands],
        "pile": [kind_text(k) for k in reversed(state.pile)],
        "heroes": [cell_text(c) for c in state.hero_cell],
        "purses": [list(p) for p in state.purses],
        "treasure": list(state.treasure),
        "first_player": state.first,
    }


def test_a_record_with_an_explicit_setup_replays_without_a_seed() -> None:
    dealt = GAME.new_state({"players": 3, "first_player": 1}, seed=4)
    setup = explicit_setup(dealt)
    rng = random.Random(2)
    state = GAME.state_from_setup(setup, {"players": 3})
    actions = []
    while not state.is_terminal and len(actions) < 150:
        action = sample_chance(state, rng) if state.to_act == CHANCE else state.sample_action(rng)
        actions.append(GAME.action_to_text(action))
        state.apply(action)
    record = {"game": "drakon", "options": {"players": 3}, "setup": setup, "actions": actions}
    again = replay(GameRecord.loads(json.dumps(record)))
    assert again.observe(None).to_json() == state.observe(None).to_json()
    assert again.legal_actions() == state.legal_actions()
