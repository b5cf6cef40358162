"""A balance report's figures (``sim/report.py``) against a hand computation on made-up games,
the too-few-games warning, and each game's own figures on a few real games."""

from __future__ import annotations

import math
from typing import Any

import pytest

from ludotheque.core.registry import get_game
from ludotheque.sim.report import variant_figures
from ludotheque.sim.report_page import render_page
from ludotheque.sim.runner import GameResult, run_games


def result(index: int, scores: tuple[float, ...], actions: int, rounds: int,
           figures: dict[str, Any]) -> GameResult:
    best = max(scores)
    winners = tuple(s for s, score in enumerate(scores) if score == best)
    return GameResult(index, index, ("random",) * len(scores), scores, winners, actions, rounds,
                      None, figures)


#: Four made-up three-seat games; game 3 is a shared win of seats 0 and 2.
MADE_UP = [
    result(0, (5, 2, 1), 10, 2, {"ending": "goal", "margin": 3, "gold": [4, 1, 0],
                                  "rooms": {"find": 2, "lose": 1}}),
    result(1, (1, 6, 2), 14, 3, {"ending": "stuck", "margin": 4, "gold": [0, 6, 2],
                                  "rooms": {"find": 1}}),
    result(2, (7, 0, 3), 12, 2, {"ending": "goal", "margin": 4, "gold": [7, 0, 3], "rooms": {}}),
    result(3, (4, 1, 4), 20, 4, {"ending": "limit", "margin": 0, "gold": [4, 1, 4],
                                  "rooms": {"lose": 3, "10": 1, "9": 2}}),
]


def test_figures_agree_with_a_hand_computation() -> None:
    figures = variant_figures(MADE_UP)["figures"]
    seats = figures["seat_advantage"]["seats"]
    # seat 0: won games 0 and 2, half of game 3 -> 2.5 of 4; seat 1: 1 of 4; seat 2: 0.5 of 4
    assert [s["wins"] for s in seats] == [2.5, 1.0, 0.5]
    assert [s["win_rate"] for s in seats] == [0.625, 0.25, 0.125]
    assert seats[0]["margin95"] == pytest.approx(1.96 * math.sqrt(0.625 * 0.375 / 4))
    assert seats[0]["low"] == pytest.approx(0.625 - 1.96 * math.sqrt(0.625 * 0.375 / 4))
    assert seats[0]["high"] == 1.0 and seats[1]["low"] == 0.0  # clipped to 0..1
    assert figures["seat_advantage"]["fair_share"] == pytest.approx(1 / 3)
    length = figures["length_actions"]["distribution"]
    assert (length["count"], length["mean"], length["median"], length["min"], length["max"]) == (
        4, 14.0, 13.0, 10, 20)
    assert figures["length_rounds"]["distribution"]["mean"] == 2.75
    # rounds 2, 3, 2, 4: one bin per whole number from 2 to 4
    assert figures["length_rounds"]["histogram"] == {"edges": [1.5, 2.5, 3.5, 4.5], "counts": [2, 1, 1]}
    assert [s["mean"] for s in figures["scores"]["seats"]] == [4.25, 2.25, 2.5]
    ending = figures["ending"]["shares"]
    assert list(ending) == ["goal", "limit", "stuck"]
    assert ending["goal"]["count"] == 2 and ending["goal"]["share"] == 0.5
    assert ending["goal"]["margin95"] == pytest.approx(1.96 * math.sqrt(0.25 / 4))
    assert figures["margin"]["distribution"]["mean"] == 2.75
    gold = figures["gold"]
    assert [s["mean"] for s in gold["seats"]] == [3.75, 2.0, 2.25]
    assert gold["all"]["count"] == 12 and gold["all"]["max"] == 7
    rooms = figures["rooms"]
    assert list(rooms["totals"]) == ["9", "10", "find", "lose"]  # numbers in numeric order first
    assert rooms["totals"] == {"9": 2, "10": 1, "find": 3, "lose": 4}
    assert rooms["per_game"]["lose"] == 1.0


def test_scores_are_left_out_when_they_only_say_who_won() -> None:
    assert "scores" not in variant_figures(MADE_UP, wins_only=True)["figures"]


def balanced(games: int) -> list[GameResult]:
    """Games won by each of two seats in turn, half ending one way and half the other."""
    return [result(i, (1, 0) if i % 2 else (0, 1), 10, 1,
                   {"ending": "a" if i % 2 else "b", "gold": [i % 3, 1], "margin": 1, "rooms": {"x": 1}})
            for i in range(games)]


def test_too_few_games_flags_every_figure_of_a_small_run_and_none_of_a_large_one() -> None:
    small = variant_figures(balanced(20))["figures"]
    assert all(figure["too_few"] for figure in small.values()), small
    large = variant_figures(balanced(400))["figures"]  # ±4.9 points at 400 games of a 50% share
    assert not any(figure["too_few"] for figure in large.values()), large


def test_too_few_games_means_an_interval_wider_than_ten_points_even_past_thirty_games() -> None:
    # 50 games: a 50% win share is known to ±13.9 points: too few; the game length is not a share
    figures = variant_figures(balanced(50))["figures"]
    assert figures["seat_advantage"]["too_few"] and figures["ending"]["too_few"]
    assert not figures["length_actions"]["too_few"]


def page(games: int, lang: str = "en") -> str:
    report = {"game": "made-up", "name": "Made-up", "games": games, "players": 2, "bots": ["random"],
              "seed": 1, "components": None,
              "variants": [{"options": {}, **variant_figures(balanced(games))}]}
    words = {"ending": ("How games end", "", {"a": "A", "b": "B"})}
    return render_page(report, words, lang)


def test_the_page_warns_where_a_figure_rests_on_too_few_games_and_only_there() -> None:
    few, many = page(20), page(400)
    assert few.count('class="warning"') == len(variant_figures(balanced(20))["figures"])
    assert "Too few games" in few and "30 games" in few and "±10 points" in few
    assert 'class="warning"' not in many
    assert "Trop peu de parties" in page(20, "fr")


@pytest.mark.parametrize("game_id", ["gargon", "drakon", "kagoun"])
def test_each_game_counts_its_figures_and_words_them_in_both_languages(game_id: str) -> None:
    results = run_games(game_id, None, ["random"], 3, 5, figures=True)
    module = get_game(game_id).report_figures()
    english, french = module.words("en"), module.words("fr")
    assert set(english) == set(french)
    for played in results:
        assert played.figures is not None and set(played.figures) <= set(english)
        ending = played.figures["ending"]
        assert ending in english["ending"][2] and ending in french["ending"][2]
    # without the flag, nothing is counted (and no log is kept)
    assert run_games(game_id, None, ["random"], 1, 5)[0].figures is None


def test_figures_counted_in_worker_processes_are_those_of_one_process() -> None:
    one = run_games("kagoun", None, ["random"], 4, 9, figures=True)
    two = run_games("kagoun", None, ["random"], 4, 9, jobs=2, chunk=1, figures=True)
    assert [r.figures for r in one] == [r.figures for r in two]
    assert all(r.figures for r in two)
