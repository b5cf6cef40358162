"""The search bot (bots/ismcts.py): plays every game to its end, repeats itself at an iteration
budget and a seed, and chooses the same whatever lies hidden from its seat."""

from __future__ import annotations

import random

import pytest

from ludotheque.bots import bot_names, make_bot
from ludotheque.bots.ismcts import IsmctsBot, shares
from ludotheque.core.bot import ask
from ludotheque.core.game import CHANCE, State, sample_chance
from ludotheque.core.registry import game_ids, get_game
from ludotheque.sim.match import play_game

LINE_UPS = {"gargon": 3, "drakon": 2, "kagoun": 2}


def searcher(seed: int, iterations: int = 25) -> IsmctsBot:
    bot = make_bot("gargon", "ismcts", seed)
    assert isinstance(bot, IsmctsBot)
    bot.iterations = iterations
    return bot


def test_the_search_is_a_bot_of_every_game() -> None:
    assert all("ismcts" in bot_names(game_id) for game_id in game_ids())


@pytest.mark.parametrize("game_id", sorted(LINE_UPS))
def test_the_search_plays_a_whole_game_and_repeats_itself(game_id: str) -> None:
    players = LINE_UPS[game_id]
    records = []
    for _ in range(2):
        bots = [searcher(7 + seat) for seat in range(players)]
        records.append(play_game(game_id, {"players": players}, bots, seed=5).record)
    assert records[0].result is not None and records[0].actions == records[1].actions
    assert all(bot.last is not None and bot.last.iterations == 25 for bot in bots)


def positions(game_id: str, seed: int) -> list[State]:
    """Some positions of a random game where a seat decides among several actions."""
    state = get_game(game_id).new_state({"players": LINE_UPS[game_id]}, seed)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal:
        if state.to_act == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        if len(state.legal_actions()) > 1 and rng.random() < 0.15:
            out.append(state.clone())
        state.apply(state.sample_action(rng))
    return out


@pytest.mark.parametrize("game_id", sorted(LINE_UPS))
def test_the_search_chooses_the_same_whatever_lies_hidden(game_id: str) -> None:
    """Another position its seat cannot tell apart (the hidden part drawn again) gives the same
    move at the same budget and seed: nothing hidden reaches the search."""
    game = get_game(game_id)
    rng = random.Random(3)
    checked = 0
    for state in positions(game_id, 11)[:6]:
        seat = state.to_act
        assert seat is not None
        twin = state.resample(seat, rng)
        moves = []
        for position in (state, twin):
            bot = searcher(21)
            bot.reset(game, position.options, seat)
            moves.append(ask(bot, position, seat))
        assert moves[0] == moves[1]
        checked += 1
    assert checked


def test_a_reward_is_a_share_of_the_win() -> None:
    state = positions("kagoun", 2)[0]
    while not state.is_terminal:
        state.apply(sample_chance(state, random.Random(1)) if state.to_act == CHANCE
                    else state.legal_actions()[0])
    rewards = shares(state)
    assert sum(rewards) == pytest.approx(1.0) and sorted(set(rewards)) in ([0.0, 1.0], [0.5])
