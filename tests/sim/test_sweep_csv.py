"""A report's sweep (``sim/sweep.py``: its values, its trends) and CSV tables
(``sim/report_csv.py``) on made-up games, against a hand count."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from ludotheque.core.registry import get_game
from ludotheque.sim.report import variant_figures
from ludotheque.sim.report_csv import GamesTable, figure_tables, game_rows, table
from ludotheque.sim.stats import wilson
from ludotheque.sim.sweep import SweepError, parse_sweep, trends

from .test_report import MADE_UP, result

DRAKON = get_game("drakon").spec


def test_a_sweep_steps_from_a_to_b_within_the_options_range() -> None:
    assert parse_sweep("goal=5..15:5", DRAKON, 4) == ("goal", [5, 10, 15])
    assert parse_sweep(" goal = 7..9 ", DRAKON, 4) == ("goal", [7, 8, 9])
    assert parse_sweep("goal=5..14:5", DRAKON, 4) == ("goal", [5, 10])  # B need not be reached
    assert parse_sweep("first_player=0..3", DRAKON, 4) == ("first_player", [0, 1, 2, 3])
    with pytest.raises(SweepError, match="first_player goes from 0 to 2; 3 is outside"):
        parse_sweep("first_player=0..3", DRAKON, 3)
    with pytest.raises(SweepError, match="turn_limit va de 1 à 2000 ; 0 en sort"):
        parse_sweep("turn_limit=0..10", DRAKON, 4, "fr")
    with pytest.raises(SweepError, match="its numeric options are: players, first_player, goal, "
                                         "turn_limit"):
        parse_sweep("lost_coins=1..2", DRAKON, 4)


def test_trends_are_each_columns_figure_against_the_value() -> None:
    columns = [variant_figures(MADE_UP), variant_figures(MADE_UP[:2])]
    found = trends([10, 20], columns)
    goal = found["ending"]["series"]["goal"]
    assert [(p["value"], p["y"]) for p in goal] == [(10, 0.5), (20, 0.5)]
    assert (goal[1]["low"], goal[1]["high"]) == pytest.approx(wilson(1, 2))
    seat0 = found["seat_advantage"]["series"]["0"]  # seat 0: 2.5 wins in 4 games, then 1 in 2
    assert [p["y"] for p in seat0] == pytest.approx([2.5 / 4, 0.5])
    length = found["length_actions"]
    assert length["kind"] == "mean" and [p["y"] for p in length["series"]["mean"]] == [14, 12]
    assert length["series"]["mean"][0]["low"] < 14 < length["series"]["mean"][0]["high"]
    assert found["turn_order"]["kind"] == "wins" and "margin" not in found  # a number: no trend
    assert found["seat_advantage"]["fair"] == [{"value": 10, "y": 1 / 3}, {"value": 20, "y": 1 / 3}]
    assert "fair" not in found["ending"]


def read(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_a_games_row_flattens_its_own_figures_with_every_named_key() -> None:
    rows = read(table(list(game_rows("base", MADE_UP, {"rooms": ["find", "lose", "wind"]}))))
    assert len(rows) == 4
    first, last = rows[0], rows[3]
    assert (first["index"], first["winners"], first["length"], first["rounds"]) == ("0", "0", "10", "2")
    assert (first["first_player"], first["lineup"], first["ending"]) == ("1", "random random random", "goal")
    assert (first["score.0"], first["gold.1"], first["rooms.find"], first["rooms.wind"]) == (
        "5", "1", "2", "0")
    assert last["winners"] == "0 2" and last["rooms.9"] == "2" and rows[2]["rooms.9"] == ""


def test_games_of_columns_of_different_players_are_joined_under_one_header(tmp_path: Path) -> None:
    games = GamesTable(tmp_path)
    games.add("players=3", MADE_UP[:2])
    games.add("players=2", [result(0, (1, 0), 5, 1, {"ending": "goal", "extra": 4})])
    games.write(tmp_path / "games.csv")
    with (tmp_path / "games.csv").open(encoding="utf-8", newline="") as file:
        header = file.readline().strip().split(",")
    assert header[8:12] == ["score.0", "score.1", "score.2", "ending"] and header[-1] == "extra"
    rows = read((tmp_path / "games.csv").read_text(encoding="utf-8"))
    assert [(r["column"], r["score.2"], r["extra"]) for r in rows] == [
        ("players=3", "1", ""), ("players=3", "2", ""), ("players=2", "", "4")]
    assert [p.name for p in tmp_path.iterdir()] == ["games.csv"]  # the rows put aside are gone


def test_a_by_outcome_figure_is_flattened_per_group() -> None:
    game = result(0, (1, 0), 5, 1, {"powers": {"winners": {"take": 2}, "others": {"draw": 1}}})
    row = next(game_rows("x", [game], {"powers": ["take", "draw"]}))
    assert {k: v for k, v in row.items() if k.startswith("powers.")} == {
        "powers.winners.take": 2, "powers.winners.draw": 0, "powers.others.take": 0,
        "powers.others.draw": 1}


def test_each_figure_is_one_table_of_every_column() -> None:
    document = {"variants": [{"options": {}, **variant_figures(MADE_UP)},
                             {"options": {"goal": 7}, **variant_figures(MADE_UP[:2])}]}
    tables = {name: read(text) for name, text in figure_tables(document).items()}
    assert set(tables) == set(document["variants"][0]["figures"])  # type: ignore[index]
    ending = [(r["column"], r["key"], r["count"]) for r in tables["ending"]]
    assert ending == [("base", "goal", "2"), ("base", "limit", "1"), ("base", "stuck", "1"),
                      ("goal=7", "goal", "1"), ("goal=7", "stuck", "1")]
    seats = tables["seat_advantage"]
    assert [(r["column"], r["key"], r["games"]) for r in seats][:3] == [("base", "0", "4")] + [
        ("base", "1", "4"), ("base", "2", "4")]
    assert [r["seat"] for r in tables["gold"] if r["column"] == "base"] == ["all", "0", "1", "2"]
    assert tables["length_actions"][0]["mean"] == "14.0"
