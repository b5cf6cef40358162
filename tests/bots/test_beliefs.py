"""Beliefs (issue 18 item 2): what a seat remembers, and resampling with it.

Each game keeps, per seat, what its rules showed that seat and then hid again. These tests check,
over random games, that a memory is true of the real position and grows only for the seats the
rules showed something to; and, game by game, that ``resample(seat, rng, remember=True)`` keeps
the remembered facts where they are (the resampling without memory redraws them: each test also
checks that it would have failed without). The leak test in the conformance suite checks that
resampling with memory depends on nothing else.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from ludotheque.core import CHANCE, State, get_game
from ludotheque.games.drakon import steps as DS
from ludotheque.games.drakon.memory import UNKNOWN
from ludotheque.games.kagoun.rules import T_TAKEN

DRAWS = 12  # resamplings per position


def playout(game_id: str, players: int, seed: int) -> Iterator[tuple[Any, Any]]:
    """(position before, position after) of every action of a random game."""
    state: Any = get_game(game_id).new_state({"players": players}, seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        before = state.clone()
        state.apply_trusted(state.sample_chance(rng) if state.to_act == CHANCE else state.sample_action(rng))
        yield before, state


def first_position(game_id: str, players: int, found: Callable[[Any], bool], seeds: int = 40) -> Any:
    for seed in range(seeds):
        for _, state in playout(game_id, players, seed):
            if not state.is_terminal and found(state):
                return state.clone()
    raise AssertionError(f"no {game_id} position found")


def always_and_not_without(state: State, seat: int, kept: Callable[[Any], bool]) -> None:
    """``kept`` holds for every resampling with memory, and fails for one without."""
    rng = random.Random(3)
    assert all(kept(state.resample(seat, rng, True)) for _ in range(DRAWS))
    assert not all(kept(state.resample(seat, rng)) for _ in range(DRAWS)), "the test shows nothing"


# -- Gargon: the won piles ----------------------------------------------------------------------

def test_gargon_remembers_the_won_piles() -> None:
    def others_won(state: Any) -> bool:
        return sum(len(c) for s in (1, 2, 3) for c in state.won[s]) >= 4 and not state.open_variant

    state = first_position("gargon", 4, others_won)
    always_and_not_without(state, 0, lambda other: other.won == state.won)


# -- Kagoun: cards taken, the reshuffled pile ---------------------------------------------------

def _kagoun_hidden(state: Any, holder: int) -> list[int]:
    slots = [a[1] for a in (state.announced[holder], state.extra[holder]) if a[0] and a[1] >= 0]
    return state.hands[holder] + slots + [d[2] for d in state.defences if d[1] == holder]


def test_kagoun_memory_is_true_and_only_the_robbed_seat_learns() -> None:
    learnt = 0
    for seed in range(6):
        for before, after in playout("kagoun", 3, seed):
            task = before.tasks[0] if before.tasks else (-1, -1, -1)
            shown = {task[2]} if before.to_act == CHANCE and task[0] == T_TAKEN else set()
            for seat in range(3):
                new = set(after.known[seat]) - set(before.known[seat])
                assert not new or seat in shown, (seed, seat, new)
                taker = task[1]  # the victim learns the one card that left its hand, no more
                assert new <= {(taker, c) for c in set(after.hands[taker]) - set(before.hands[taker])}
                learnt += len(new)
                for holder, card in after.known[seat]:
                    public = card in after.discard or card in after.river or card in after.hands[seat]
                    assert card in _kagoun_hidden(after, holder) or public
            if after.reshuffled is not None:
                assert set(after.pile) <= set(after.reshuffled)
    assert learnt


def test_kagoun_remembers_a_card_taken_from_its_hand() -> None:
    def remembered(state: Any) -> list[tuple[int, int]]:
        return [(h, c) for h, c in state.known[0] if c in state.hands[h]]

    state = first_position("kagoun", 2, lambda s: bool(remembered(s)))
    facts = remembered(state)
    always_and_not_without(state, 0, lambda other: all(c in _kagoun_hidden(other, h) for h, c in facts))


def test_kagoun_draws_a_reshuffled_pile_from_the_discard_it_was() -> None:
    state = first_position("kagoun", 2, lambda s: s.reshuffled is not None and len(s.pile) >= 3)
    always_and_not_without(state, 0, lambda other: set(other.pile) <= set(state.reshuffled))


# -- Drakon: coins, tiles taken or shown, tiles under the pile ----------------------------------

def _drakon_shown(before: Any) -> set[int]:
    """The seats the step about to be played shows a hidden thing to."""
    kind, a, b, _ = before.current
    if kind in (DS.LOSE, DS.SWAP):
        return set(before.seats_of_purse(a))
    if kind == DS.STEAL:
        return set(before.seats_of_purse(before.purse_of[b]))
    if kind == DS.TAKE_TILE:
        return {b}
    if kind in (DS.DESTROY_CHOICE, DS.EXCHANGE_CHOICE):
        return set(range(before.n))
    if kind == DS.DWARF_CHOICE:
        return {a}
    return set()


def test_drakon_memory_is_true_and_grows_only_for_the_seats_shown() -> None:
    learnt: Counter[str] = Counter()
    for seed in range(30):
        if seed >= 6 and learnt["coins"] and learnt["tiles"] and learnt["pile"]:
            break
        for before, after in playout("drakon", 3, seed):
            shown = _drakon_shown(before)
            stocks = [*after.purses, after.treasure, after.gone]
            for seat in range(3):
                coins, old = after.coin_memory[seat], before.coin_memory[seat]
                if any(c > (old[i] if old else 0) for i, c in enumerate(coins)):
                    assert seat in shown
                    learnt["coins"] += 1
                if coins:
                    assert all(coins[3 * i + v] <= stock[v]
                               for i, stock in enumerate(stocks) for v in range(3))
                tiles = Counter(after.tile_memory[seat])
                if tiles - Counter(before.tile_memory[seat]):
                    assert seat in shown
                    learnt["tiles"] += 1
                assert all(after.hands[h].count(k) >= n for (h, k), n in tiles.items())
                under = after.pile_memory[seat][:len(after.pile)]
                assert all(k == UNKNOWN or after.pile[i] == k for i, k in enumerate(under))
                if under and under[0] != UNKNOWN and under != before.pile_memory[seat][:len(under)]:
                    assert seat in shown
                    learnt["pile"] += 1
    assert learnt["coins"] and learnt["tiles"] and learnt["pile"], learnt


def _drakon_coins_known(state: Any, seat: int) -> list[tuple[int, int, int]]:
    facts = state.coin_memory[seat]
    return [(i // 3, i % 3, n) for i, n in enumerate(facts) if n]


def test_drakon_remembers_coins_it_saw_leave_its_purse() -> None:
    state = first_position("drakon", 3, lambda s: bool(_drakon_coins_known(s, 0)))

    def kept(other: Any) -> bool:
        stocks = [*other.purses, other.treasure, other.gone]
        return all(stocks[i][v] >= n for i, v, n in _drakon_coins_known(state, 0))

    always_and_not_without(state, 0, kept)


def test_drakon_remembers_tiles_taken_or_shown_and_under_the_pile() -> None:
    def tiles(state: Any) -> bool:
        return any(holder != 0 for holder, _ in state.tile_memory[0])

    state = first_position("drakon", 3, tiles)
    facts = Counter(state.tile_memory[0])
    always_and_not_without(state, 0, lambda other: all(
        other.hands[h].count(k) >= n for (h, k), n in facts.items()))

    def under(state: Any) -> bool:
        return any(k != UNKNOWN for k in state.pile_memory[0][:len(state.pile)]) and len(state.pile) > 5

    state = first_position("drakon", 3, under)
    seen = state.pile_memory[0][:len(state.pile)]
    always_and_not_without(state, 0, lambda other: all(
        k == UNKNOWN or other.pile[i] == k for i, k in enumerate(seen)))
