"""sim.stats: shared wins count 1/k, per-seat and per-bot standings, distributions."""

from __future__ import annotations

import math
import statistics

import pytest

from ludotheque.sim.runner import GameResult
from ludotheque.sim.stats import Distribution, Standing, chi_square_p, summarize, wilson


def result(index: int, scores: tuple[float, ...], winners: tuple[int, ...], bots: tuple[str, ...],
           rounds: int | None = 10) -> GameResult:
    return GameResult(index, index, bots, scores, winners, 100 + index, rounds)


def test_a_shared_win_counts_one_over_k_for_each_winner() -> None:
    bots = ("a", "b", "a")
    summary = summarize([result(0, (50, 50, 10), (0, 1), bots), result(1, (40, 20, 45), (2,), bots)])
    assert [s.wins for s in summary.seats] == [0.5, 0.5, 1.0]
    assert math.isclose(sum(s.win_rate for s in summary.seats), 1.0)
    assert summary.ties == 1


def test_per_bot_standings_gather_every_seat_the_bot_held() -> None:
    bots = ("a", "b", "a")
    summary = summarize([result(0, (50, 50, 10), (0, 1), bots), result(1, (40, 20, 45), (2,), bots)])
    by_name = {b.name: b for b in summary.bots}
    assert by_name["a"].games == 4 and by_name["a"].wins == 1.5 and by_name["a"].win_rate == 0.375
    assert by_name["b"].games == 2 and by_name["b"].wins == 0.5
    assert by_name["a"].scores.mean == statistics.fmean([50, 10, 40, 45])
    assert summary.seats[1].name == "b" and summary.seats[1].seat == 1


def test_distribution_of_numbers() -> None:
    dist = Distribution.of([4, 1, 3, 2])
    assert (dist.count, dist.mean, dist.min, dist.median, dist.max) == (4, 2.5, 1, 2.5, 4)
    assert math.isclose(dist.sd, statistics.stdev([1, 2, 3, 4]))
    assert Distribution.of([7]).sd == 0.0
    assert Distribution.of([]).count == 0 and math.isnan(Distribution.of([]).mean)


def test_lengths_are_summarised_and_rounds_are_optional() -> None:
    bots = ("x", "y")
    summary = summarize([result(0, (1, 2), (1,), bots, None), result(1, (3, 2), (0,), bots, None)])
    assert summary.actions.mean == 100.5
    assert summary.rounds is None
    assert summary.to_json()["rounds"] is None


def test_wilson_interval_matches_a_hand_computation() -> None:
    # 0 of 4: from 0 to z²/(n + z²); 8 of 10: the textbook (0.490, 0.943)
    assert wilson(0, 4) == (0.0, 1.96**2 / (4 + 1.96**2))
    low, high = wilson(8, 10)
    assert round(low, 3) == 0.490 and round(high, 3) == 0.943
    assert wilson(5, 10) == pytest.approx((1 - wilson(5, 10)[1], 1 - wilson(5, 10)[0]))
    assert wilson(4, 4) == pytest.approx((4 / (4 + 1.96**2), 1.0))
    assert all(math.isnan(x) for x in wilson(0, 0))


def test_a_standing_at_no_wins_has_a_wilson_interval_not_a_zero_margin() -> None:
    never = Standing("random", 1, 20, 0.0, Distribution.of([0.0] * 20)).to_json()
    assert never["low"] == 0.0 and never["high"] == pytest.approx(wilson(0, 20)[1])
    assert 0.16 < never["high"] < 0.17  # 0 wins in 20 games: up to 16.1%, not "± 0.0"


def test_chi_square_p_values_match_the_tables() -> None:
    # the 5% critical values for 1, 2 and 5 degrees of freedom, and the median of 3 (2.366)
    assert chi_square_p(3.841, 1) == pytest.approx(0.05, abs=1e-4)
    assert chi_square_p(5.991, 2) == pytest.approx(0.05, abs=1e-4)
    assert chi_square_p(11.070, 5) == pytest.approx(0.05, abs=1e-4)
    assert chi_square_p(2.366, 3) == pytest.approx(0.5, abs=1e-3)
    assert chi_square_p(0.0, 3) == 1.0
