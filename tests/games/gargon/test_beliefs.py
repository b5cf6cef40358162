"""The search's beliefs in Gargon (games/gargon/search.py ``plausibility``): a position drawn for a
seat is weighed by how the seats before it this round would have placed from the hands it gives
them."""

from __future__ import annotations

import random

from ludotheque.bots import make_bot
from ludotheque.bots.ismcts import Search
from ludotheque.core.bot import Decision, ask
from ludotheque.core.game import CHANCE, State, sample_chance
from ludotheque.core.registry import get_game
from ludotheque.games.gargon.phase import Phase
from ludotheque.games.gargon.search import plausibility

GAME = get_game("gargon")


def placing_decisions(seed: int, count: int) -> list[State]:
    """Placing decisions of a game between heuristics where someone placed before the seat."""
    state = GAME.new_state({"players": 4}, seed)
    bots = [make_bot("gargon", "heuristic", seat) for seat in range(4)]
    for seat, bot in enumerate(bots):
        bot.reset(GAME, state.options, seat)
    rng, out = random.Random(seed), []
    while not state.is_terminal and len(out) < count:
        seat = state.to_act
        if seat == CHANCE or seat is None:
            state.apply(sample_chance(state, rng))
            continue
        if state.phase == Phase.PLACE and any(state.in_play_count(s) for s in range(4)):
            out.append(state.clone())
        state.apply(ask(bots[seat], state, seat))
    return out


def test_the_plays_the_heuristics_made_are_more_plausible_in_the_real_position_than_drawn() -> None:
    rng = random.Random(5)
    real, drawn = [], []
    for state in placing_decisions(7, 8):
        seat = state.to_act
        assert seat is not None
        real.append(plausibility(state, seat))
        drawn += [plausibility(state.resample(seat, rng, True), seat) for _ in range(40)]
    assert len(real) == 8 and all(0.0 <= w <= 1.0 for w in real + drawn)
    assert sum(real) / len(real) > 2 * sum(drawn) / len(drawn), (real, sum(drawn) / len(drawn))


def test_nothing_to_weigh_when_no_one_placed_before_the_seat() -> None:
    state = GAME.new_state({"players": 4}, 3)
    rng = random.Random(3)
    while state.to_act == CHANCE:
        state.apply(sample_chance(state, rng))
    assert state.phase == Phase.PLACE and state.placed == 0
    assert plausibility(state.resample(state.to_act, rng, True), state.to_act) == 1.0


def test_weighing_a_position_leaves_it_as_it_was() -> None:
    state = placing_decisions(9, 1)[0]
    seat = state.to_act
    before = [state.observe(s) for s in range(4)], state.legal_actions()
    plausibility(state, seat)
    assert ([state.observe(s) for s in range(4)], state.legal_actions()) == before


def test_the_search_weighs_each_drawn_position_by_its_plausibility_or_not_at_all() -> None:
    rng = random.Random(11)
    weights = []
    for state in placing_decisions(13, 4):
        seat = state.to_act
        assert seat is not None
        decision = Decision(state, seat)
        believing = Search.for_game(GAME, 4, rng, beliefs=True)
        forgetting = Search.for_game(GAME, 4, rng, beliefs=False)
        for _ in range(10):
            position, weight = believing.draw(decision)
            assert weight == plausibility(position, seat)
            weights.append(weight)
            assert forgetting.draw(decision)[1] == 1.0
    assert min(weights) < 0.5 and max(weights) <= 1.0
