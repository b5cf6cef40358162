"""Elo ratings from finished games: duels, shared wins, anchors that never move."""

from __future__ import annotations

import random

import pytest

from ludotheque.ratings import BOT_LEVELS, START, Ratings, expected, rate


def test_a_two_player_win_moves_both_by_half_k_between_equals() -> None:
    ratings = rate([(["ann", "bob"], [0])])
    assert ratings.rating("ann") == pytest.approx(START + 16)
    assert ratings.rating("bob") == pytest.approx(START - 16)


def test_a_game_weighs_the_same_whatever_the_number_of_players() -> None:
    two = rate([(["ann", "bob"], [0])]).rating("ann")
    four = rate([(["ann", "bob", "cat", "dan"], [0])]).rating("ann")
    assert two == pytest.approx(four)


def test_a_shared_win_is_a_draw_between_the_winners() -> None:
    ratings = rate([(["ann", "bob", "cat"], [0, 1])])
    assert ratings.rating("ann") == pytest.approx(ratings.rating("bob"))
    assert ratings.rating("ann") > START > ratings.rating("cat")


def test_ratings_are_conserved_between_unanchored_players() -> None:
    rng = random.Random(1)
    names = ["ann", "bob", "cat", "dan", "eve"]
    games = []
    for _ in range(200):
        seats = rng.sample(names, rng.randint(2, 4))
        games.append((seats, [rng.randrange(len(seats))]))
    ratings = rate(games)
    assert sum(ratings.rating(n) for n in names) == pytest.approx(START * len(names))


def test_anchored_bots_never_move_and_rank_people() -> None:
    games = [(["ann", "bot:random"], [0])] * 30 + [(["bob", "bot:random"], [1])] * 30
    anchors = {"bot:random": BOT_LEVELS["random"]}
    ratings = rate(games, anchors)
    assert ratings.rating("bot:random") == BOT_LEVELS["random"]
    # beating a weak anchor gains little; losing to it costs much
    assert START < ratings.rating("ann") < START + 60
    assert ratings.rating("bob") < BOT_LEVELS["random"]
    board = ratings.leaderboard()
    assert [row.name for row in board] == ["ann", "bot:random", "bob"]
    assert [row.games for row in board if row.name == "bot:random"] == [60]
    assert all(row.fixed == (row.name == "bot:random") for row in board)


def test_a_stronger_player_gains_less_from_a_win() -> None:
    assert expected(1700, 1500) > 0.5 > expected(1500, 1700)
    ratings = Ratings(ratings={"ann": 1700.0, "bob": 1500.0})
    ratings.record(["ann", "bob"], [0])
    assert 0 < ratings.rating("ann") - 1700 < 16


def test_one_person_at_two_seats_plays_no_duel_against_itself() -> None:
    ratings = rate([(["ann", "ann", "bob"], [0])])
    assert ratings.played["ann"] == 2 and ratings.rating("bob") < START


@pytest.mark.parametrize(("names", "winners"), [([], [0]), (["ann", "bob"], []), (["ann"], [3])])
def test_a_game_without_players_or_winners_is_refused(names: list[str], winners: list[int]) -> None:
    with pytest.raises(ValueError, match="winner"):
        Ratings().record(names, winners)
