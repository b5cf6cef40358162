"""sim.tournament: fair lineups, placements and head-to-head counts, win shares, ratings, and
runs that depend only on their seed."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest

from ludotheque.core.errors import LudothequeError
from ludotheque.sim import tournament as tour
from ludotheque.sim.runner import GameResult, game_seed, run_games
from ludotheque.sim.stats import wilson


def result(bots: str, scores: tuple[float, ...], winners: tuple[int, ...], index: int = 0) -> GameResult:
    return GameResult(index, index, tuple(bots), scores, winners, 10, None)


@pytest.mark.parametrize(("bots", "players"), [("ab", 4), ("ab", 3), ("abc", 3), ("abc", 4), ("abc", 5),
                                               ("abcd", 2), ("abc", 2), ("abcd", 6)])
def test_each_bot_holds_each_seat_equally_often(bots: str, players: int) -> None:
    lineups = tour.lineups(list(bots), players)
    assert len(set(lineups)) == len(lineups) and all(len(lineup) == players for lineup in lineups)
    for seat in range(players):
        held = Counter(lineup[seat] for lineup in lineups)
        assert set(held) == set(bots) and len(set(held.values())) == 1, (seat, held)
    if len(bots) >= players:  # and every ordered arrangement appears
        assert set(lineups) == set(itertools.permutations(bots, players))


def test_a_tournament_needs_two_different_bots() -> None:
    with pytest.raises(LudothequeError, match="at least two different bots"):
        tour.lineups(["a"], 3)
    with pytest.raises(LudothequeError, match="a given more than once"):
        tour.lineups(["a", "b", "a"], 3)


def test_games_are_rounded_up_to_whole_rounds() -> None:
    laid = tour.plan("gargon", {"players": 3}, ["heuristic", "random"], 5)
    assert (len(laid.lineups), laid.rounds, laid.games) == (2, 3, 6)
    assert laid.lineups == (("heuristic", "random", "heuristic"), ("random", "heuristic", "random"))
    assert laid.even_share == 0.5
    assert math.isclose(tour.plan("kagoun", {"players": 2}, ["heuristic", "random", "ismcts"], 1).even_share,
                        0.5)  # plays two games of three: one seat of two in each


#: Made-up games, placed by hand: r0 a ahead of b and c, b and c tied; r1 c, then b, then a;
#: r2 a (its second seat) and b share the win, c absent; r3 all three tied.
GAMES = [
    result("abc", (10, 5, 5), (0,)),
    result("bca", (7, 9, 3), (1,)),
    result("aba", (4, 8, 8), (1, 2)),
    result("cab", (3, 3, 3), (0, 1, 2)),
]


def test_placements_put_winners_first_then_scores() -> None:
    assert [tour.placements(r) for r in GAMES] == [
        {"a": 0, "b": 1, "c": 1}, {"b": 1, "c": 0, "a": 2}, {"a": 0, "b": 0}, {"c": 0, "a": 0, "b": 0}]
    # a winner is ahead of a higher score that did not win (Drakon's teams share a win)
    assert tour.placements(result("abcd", (3, 9, 3, 1), (0, 2))) == {"a": 0, "c": 0, "b": 2, "d": 3}


def test_head_to_head_counts_match_a_hand_count() -> None:
    pairs = {(p.bot, p.other): p for p in (tour.head_to_head(GAMES, x, y) for x, y in
                                           [("a", "b"), ("a", "c"), ("b", "c")])}
    ab, ac, bc = pairs["a", "b"], pairs["a", "c"], pairs["b", "c"]
    assert (ab.games, ab.ahead, ab.behind, ab.tied) == (4, 1, 1, 2)
    assert (ac.games, ac.ahead, ac.behind, ac.tied) == (3, 1, 1, 1)
    assert (bc.games, bc.ahead, bc.behind, bc.tied) == (3, 0, 1, 2)
    assert ab.share == 0.5 and bc.share == pytest.approx(1 / 3)
    # Wilson at p = 1/2, n = 4: 1/2 ± (1.96 / (1 + 1.96²/4)) · √(1/16 + 1.96²/64)
    half = 1.96 / (1 + 1.96**2 / 4) * math.sqrt(1 / 16 + 1.96**2 / 64)
    assert ab.interval == pytest.approx((0.5 - half, 0.5 + half))
    assert ab.interval == pytest.approx((0.1500, 0.8500), abs=1e-4)


def test_win_shares_split_a_shared_win_and_add_a_bots_seats() -> None:
    assert tour.win_shares(GAMES[2]) == {"a": 0.5, "b": 0.5}
    assert tour.win_shares(result("aba", (9, 1, 9), (0, 2))) == {"a": 1.0, "b": 0.0}
    figures = tour.outcome(GAMES, ["a", "b", "c"])
    by_bot = {s.bot: s for s in figures.standings}
    assert (by_bot["a"].games, by_bot["a"].seats) == (4, 5)
    assert by_bot["a"].wins == pytest.approx(1 + 0.5 + 1 / 3)
    assert by_bot["c"].games == 3 and by_bot["c"].wins == pytest.approx(1 + 1 / 3)
    assert by_bot["a"].interval == wilson(by_bot["a"].wins, 4)
    assert sum(s.wins for s in figures.standings) == pytest.approx(len(GAMES))
    assert len(figures.pairs) == 3  # each pair once, the better rated first
    ranked = [s.bot for s in figures.standings]
    assert all(ranked.index(p.bot) < ranked.index(p.other) for p in figures.pairs)


def test_the_heuristic_is_rated_above_random_in_gargon() -> None:
    laid = tour.plan("gargon", {}, ["random", "heuristic"], 12)
    results = tour.play("gargon", {}, laid, seed=3)
    assert len(results) == 12
    figures = tour.outcome(results, ["random", "heuristic"])
    best, worst = figures.standings
    assert best.bot == "heuristic" and best.rating.ordinal > worst.rating.ordinal
    assert best.rating.mu > worst.rating.mu and best.win_share > 0.5 > worst.win_share
    assert figures.pairs[0].bot == "heuristic" and figures.pairs[0].ahead > figures.pairs[0].behind


def test_a_run_depends_only_on_its_seed_and_goes_round_by_round() -> None:
    laid = tour.plan("kagoun", {"players": 2}, ["random", "heuristic"], 4)
    first, again = (tour.play("kagoun", {"players": 2}, laid, seed=5) for _ in range(2))
    assert first == again
    assert [r.bots for r in first] == [("random", "heuristic"), ("heuristic", "random")] * 2
    assert len({r.seed for r in first}) == 4  # each lineup's run has its own seed
    other = tour.play("kagoun", {"players": 2}, laid, seed=6)
    assert [r.seed for r in other] != [r.seed for r in first]


def test_a_tournaments_games_are_those_of_each_lineups_own_run() -> None:
    laid = tour.plan("gargon", {"players": 3}, ["random", "heuristic"], 6)
    runs = [run_games("gargon", {"players": 3}, lineup, laid.rounds, game_seed(9, j))
            for j, lineup in enumerate(laid.lineups)]
    one_pool = tour.play("gargon", {"players": 3}, laid, seed=9, jobs=2)
    assert one_pool == [run[index] for index in range(laid.rounds) for run in runs]
