"""Drakon records through the command line: ``replay --json`` gives the same fields as for
every game, and the first refused action with its index, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ludotheque.cli.testing import CliRunner

runner = CliRunner()

#: Seat 0, holding three 3s, walks onto a Find a coin room next to Start and draws a 2: 11 gold.
SETUP: dict[str, Any] = {
    "rooms": ["start 0,0 NESW", "find 1,0 N", "room 0,1 N"],
    "hands": [[], ["wind NS"]],
    "pile": [],
    "heroes": ["0,0", "0,1"],
    "purses": [[0, 0, 3], [0, 0, 0]],
    "first_player": 0,
}
RECORD = {"game": "drakon", "options": {"players": 2}, "setup": SETUP,
          "actions": ["move 1,0", "coin 2"]}


def replay_json(tmp_path: Path, record: Any) -> tuple[int, dict[str, Any]]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = runner.invoke(["replay", str(path), "--json"])
    assert "Traceback" not in result.output
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1, result.output
    return result.exit_code, json.loads(lines[0])


def test_replay_json_of_an_explicit_setup_needs_no_seed(tmp_path: Path) -> None:
    code, obj = replay_json(tmp_path, RECORD)  # 9 + 2 = 11 gold: seat 0 wins at once
    assert code == 0
    assert obj == {"ok": True, "terminal": True, "to_act": None, "legal": [], "scores": [1, 0],
                   "winners": [0], "ending": "goal"}


def test_replay_json_of_an_unfinished_game_lists_the_chance_outcomes(tmp_path: Path) -> None:
    code, obj = replay_json(tmp_path, RECORD | {"actions": ["move 1,0"]})
    assert code == 0
    assert obj == {"ok": True, "terminal": False, "to_act": -1,
                   "legal": ["coin 1", "coin 2", "coin 3"]}


@pytest.mark.parametrize(("actions", "index"), [
    (["move 0,-1"], 0), (["move 1,0", "coin 4"], 1), (["jump"], 0), (["move 1,0", "coin 2", "pass"], 2),
])
def test_replay_json_reports_the_first_refused_action(tmp_path: Path, actions: list[str],
                                                      index: int) -> None:
    code, obj = replay_json(tmp_path, RECORD | {"actions": actions})
    assert code == 1 and obj["ok"] is False
    assert obj["error"]["index"] == index and obj["error"]["message"]


@pytest.mark.parametrize(("setup", "expected"), [
    (SETUP | {"rooms": ["find 1,0 N"]}, "Start"),
    (SETUP | {"heroes": ["0,0", "5,5"]}, "no room"),
    (SETUP | {"purses": [[0, 0, 7], [0, 0, 0]]}, "more coins"),
    (SETUP | {"rooms": ["start 0,0 NESW", "find 1,0 Q"]}, "room is written"),
    (SETUP | {"hands": [["gold N"], []]}, "room"),
    (SETUP | {"colour": 1}, "unknown setup field"),
    (SETUP | {"rooms": ["start 0,0 NESW", "drakon 1,0 N"], "heroes": ["0,0", "0,0"]},
     "Drakon stands"),
])
def test_replay_json_refuses_a_bad_setup_with_a_message(tmp_path: Path, setup: dict[str, Any],
                                                        expected: str) -> None:
    code, obj = replay_json(tmp_path, RECORD | {"setup": setup, "actions": []})
    assert code == 1 and obj["ok"] is False
    assert expected in json.dumps(obj)


def test_simulate_drakon_prints_win_rates(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = runner.invoke(["simulate", "drakon", "--games", "6", "--players", "3", "--seed", "2",
                            "--bots", "heuristic,random", "-o", "teams=no", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "heuristic" in result.output and "Game length" in result.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 6 and all(r["game"] == "drakon" for r in records)


def test_simulate_refuses_a_bad_option_in_one_line() -> None:
    result = runner.invoke(["simulate", "drakon", "--games", "2", "--players", "3",
                            "-o", "teams=yes"])
    assert result.exit_code == 1
    assert "4 or 6" in result.output and "Traceback" not in result.output
    result = runner.invoke(["simulate", "drakon", "--games", "2", "-o", "teams"])
    assert result.exit_code == 1 and "NAME=VALUE" in result.output
