"""A balance report's figures (``sim/report.py``) against a hand computation on made-up games,
the too-few-games warning, and each game's own figures on a few real games."""

from __future__ import annotations

import math
from typing import Any

import pytest

from ludotheque.core.registry import get_game
from ludotheque.sim.report import compare_columns, variant_figures
from ludotheque.sim.report_page import render_page
from ludotheque.sim.runner import GameResult, rotations, run_games
from ludotheque.sim.stats import wilson


def result(index: int, scores: tuple[float, ...], actions: int, rounds: int,
           figures: dict[str, Any], first: int | None = None) -> GameResult:
    best = max(scores)
    winners = tuple(s for s, score in enumerate(scores) if score == best)
    return GameResult(index, index, ("random",) * len(scores), scores, winners, actions, rounds,
                      None, figures, first)


#: Four made-up three-seat games; game 3 is a shared win of seats 0 and 2. First players:
#: seats 1, 0, 2, 0.
MADE_UP = [
    result(0, (5, 2, 1), 10, 2, {"ending": "goal", "margin": 3, "gold": [4, 1, 0],
                                  "rooms": {"find": 2, "lose": 1}}, 1),
    result(1, (1, 6, 2), 14, 3, {"ending": "stuck", "margin": 4, "gold": [0, 6, 2],
                                  "rooms": {"find": 1}}, 0),
    result(2, (7, 0, 3), 12, 2, {"ending": "goal", "margin": 4, "gold": [7, 0, 3], "rooms": {}}, 2),
    result(3, (4, 1, 4), 20, 4, {"ending": "limit", "margin": 0, "gold": [4, 1, 4],
                                  "rooms": {"lose": 3, "10": 1, "9": 2}}, 0),
]


def test_figures_agree_with_a_hand_computation() -> None:
    figures = variant_figures(MADE_UP)["figures"]
    seats = figures["seat_advantage"]["rows"]
    # seat 0: won games 0 and 2, half of game 3 -> 2.5 of 4; seat 1: 1 of 4; seat 2: 0.5 of 4
    assert [s["key"] for s in seats] == ["0", "1", "2"]
    assert [s["wins"] for s in seats] == [2.5, 1.0, 0.5]
    assert [s["win_rate"] for s in seats] == [0.625, 0.25, 0.125]
    # Wilson's interval by hand: centre (p + z²/2n) / (1 + z²/n), half z/(1 + z²/n) √(p(1-p)/n + z²/4n²)
    z2 = 1.96 ** 2
    centre = (0.625 + z2 / 8) / (1 + z2 / 4)
    half = 1.96 / (1 + z2 / 4) * math.sqrt(0.625 * 0.375 / 4 + z2 / 64)
    assert (seats[0]["low"], seats[0]["high"]) == (pytest.approx(centre - half), pytest.approx(centre + half))
    assert seats[0]["margin95"] == pytest.approx(half)
    assert figures["seat_advantage"]["fair_share"] == pytest.approx(1 / 3)
    # turn positions of the winners: game 0 seat 0 after first 1 -> 2; game 1 -> 1; game 2 seat 0
    # after first 2 -> 1; game 3 (first 0) seats 0 and 2 -> half to 0 and half to 2
    turns = figures["turn_order"]["rows"]
    assert [t["wins"] for t in turns] == [0.5, 2.0, 1.5] and {t["games"] for t in turns} == {4}
    assert "bots" not in figures  # one bot: no figure by bot
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
    assert (ending["goal"]["low"], ending["goal"]["high"]) == pytest.approx(wilson(2, 4))
    # the tally behind each histogram, to bin it again with other columns
    assert figures["length_rounds"]["tally"] == [[2, 2], [3, 1], [4, 1]]
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


def test_a_zero_row_is_kept_for_every_key_the_game_names() -> None:
    keys = {"ending": ["goal", "escape", "stuck", "limit"], "rooms": ["find", "harp", "lose"]}
    figures = variant_figures(MADE_UP, keys=keys)["figures"]
    ending = figures["ending"]["shares"]
    assert list(ending) == ["goal", "escape", "stuck", "limit"]  # the game's order
    assert ending["escape"]["count"] == 0 and ending["escape"]["low"] == 0.0
    assert ending["escape"]["high"] == pytest.approx(wilson(0, 4)[1]) and ending["escape"]["high"] > 0.4
    rooms = figures["rooms"]
    assert list(rooms["totals"]) == ["find", "harp", "lose", "9", "10"]  # named first, then the rest
    assert rooms["totals"]["harp"] == 0 and rooms["per_game"]["harp"] == 0.0
    shown = page_of([{"options": {}, **variant_figures(MADE_UP, keys=keys)}],
                    {"rooms": ("Rooms", "", {"harp": "Harp room"})})
    assert "<td>Harp room</td><td>0.00</td>" in shown


def column(options: dict[str, str], games: list[GameResult]) -> dict[str, Any]:
    return {"options": options, **variant_figures(games)}


def page_of(columns: list[dict[str, Any]], words: Any = None, lang: str = "en") -> str:
    report = {"game": "made-up", "name": "Made-up", "games": columns[0]["games"], "players": 2,
              "bots": ["random"], "seed": 1, "components": None, "variants": columns}
    return render_page(report, words or {}, lang)


def test_every_column_of_a_histogram_has_the_same_bins() -> None:
    short = [result(i, (1, 0), 10 + i % 3, 1, {}) for i in range(40)]  # 10, 11, 12 moves
    long = [result(i, (1, 0), 11 + 2 * (i % 4), 1, {}) for i in range(40)]  # 11, 13, 15, 17
    columns = [column({}, short), column({"x": "1"}, long)]
    assert columns[0]["figures"]["length_actions"]["histogram"]["edges"] != \
        columns[1]["figures"]["length_actions"]["histogram"]["edges"]  # each its own, before
    compare_columns(columns)
    first, second = (c["figures"]["length_actions"]["histogram"] for c in columns)
    assert first["edges"] == second["edges"] == [9.5 + k for k in range(9)]  # 10..17, 1 wide
    assert first["counts"] == [14, 13, 13, 0, 0, 0, 0, 0]
    assert second["counts"] == [0, 10, 0, 10, 0, 10, 0, 10]


def ending_column(options: dict[str, str], a_share: float, games: int = 200) -> dict[str, Any]:
    """Games ending "a" in ``a_share`` of them, seat 0 winning every game."""
    return column(options, [result(i, (1, 0), 10, 1, {"ending": "a" if i < a_share * games else "b"})
                            for i in range(games)])


def test_a_clear_difference_is_marked_significant_and_identical_columns_are_not() -> None:
    columns = [ending_column({}, 0.5), ending_column({"same": "1"}, 0.5),
               ending_column({"clear": "1"}, 0.8)]
    compare_columns(columns)
    same, clear = (c["figures"]["ending"]["versus_base"]["a"] for c in columns[1:])
    assert same["difference"] == 0 and same["p"] == 1.0 and not same["significant"]
    assert same["low"] < 0 < same["high"]
    assert clear["difference"] == pytest.approx(0.3) and clear["significant"]
    assert clear["p"] < 1e-9 and 0.2 < clear["low"] < 0.3 < clear["high"] < 0.4
    # seat 0 wins every game: a seat effect no test can miss
    assert columns[0]["figures"]["seat_advantage"]["test"]["significant"]
    shown = page_of(columns)
    section = shown[shown.index('id="ending"'):]
    section = section[:section.index("</section>")]
    assert "+0.0 (" in section and "+30.0 (" in section
    assert section.count('<span class="not-significant">not significant</span>') == 2  # same: a, b
    assert section.count(": significant") == 2  # clear: a and b
    assert "non significatif" in page_of(columns, lang="fr")


def test_seats_won_evenly_are_not_marked_as_an_advantage() -> None:
    even = column({}, [result(i, (1, 0) if i % 2 else (0, 1), 10, 1, {}) for i in range(100)])
    test = even["figures"]["seat_advantage"]["test"]
    assert test["chi2"] == 0 and test["p"] == 1.0 and not test["significant"]
    assert '<li class="not-significant">base game: against a fair share, χ² = 0.00 (1 df), p 1.000' \
        in page_of([even])


def test_the_report_rotates_the_bots_so_each_seat_sees_the_same_bots() -> None:
    assert rotations(["random"], 3) == [("random",) * 3]
    assert rotations(["heuristic", "random"], 2) == [("heuristic", "random"), ("random", "heuristic")]
    lineups = rotations(["heuristic", "random"], 3)  # h r h, turned
    assert lineups == [("heuristic", "random", "heuristic"), ("heuristic", "heuristic", "random"),
                       ("random", "heuristic", "heuristic")]
    played = run_games("gargon", {"players": 3}, ["heuristic", "random"], 6, 4, rotate=True)
    for seat in range(3):  # over two rounds of the three lineups: heuristic 4 times, random twice
        held = [r.bots[seat] for r in played]
        assert held.count("heuristic") == 4 and held.count("random") == 2, held
    figures = variant_figures(played)["figures"]
    assert [b["key"] for b in figures["bots"]["rows"]] == ["heuristic", "random"]
    assert [b["games"] for b in figures["bots"]["rows"]] == [12, 6]  # seat-games held
    # without rotate, the bots keep their seats (simulate's way)
    assert {r.bots for r in run_games("gargon", {"players": 3}, ["heuristic", "random"], 3, 4)} == {
        ("heuristic", "random", "heuristic")}


@pytest.mark.parametrize("game_id", ["gargon", "drakon", "kagoun"])
def test_the_first_player_is_the_one_the_game_names(game_id: str) -> None:
    assert {r.first for r in run_games(game_id, {"first_player": 1}, ["random"], 2, 3)} == {1}


def test_what_winners_and_others_did_is_counted_per_player_of_each() -> None:
    games = [result(0, (5, 2, 1), 10, 1,
                    {"split": {"winners": {"find": 2}, "others": {"find": 1, "lose": 2}}}),
             result(1, (4, 1, 4), 10, 1, {"split": {"winners": {"find": 4}, "others": {}}})]
    split = variant_figures(games, keys={"split": ["find", "lose", "harp"]})["figures"]["split"]
    # winners: 1 in game 0, 2 in game 1 (a shared win); others: 2, then 1
    assert split["kind"] == "by_outcome"
    assert (split["winners"]["seats"], split["others"]["seats"]) == (3, 3)
    assert split["winners"]["totals"] == {"find": 6, "lose": 0, "harp": 0}
    assert split["winners"]["per_seat"] == {"find": 2.0, "lose": 0.0, "harp": 0.0}
    assert split["others"]["per_seat"] == pytest.approx({"find": 1 / 3, "lose": 2 / 3, "harp": 0.0})
    shown = page_of([{"options": {}, **variant_figures(games, keys={"split": ["find", "lose", "harp"]})}])
    assert "<td>find</td><td>2.00 / 0.33</td>" in shown and "<td>harp</td><td>0.00 / 0.00</td>" in shown
