"""``ludotheque replay``: the JSON contract of issue 2 section 5, and the readable replay."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ludotheque.cli.testing import CliRunner
from ludotheque.core import GameRecord, replay
from ludotheque.sim.runner import play_one

runner = CliRunner()

#: 3 players; seat 0 leads R14, seat 1 follows R3, seat 2 (last seat, no red) must pass and draws
#: the last card of pile 1 (final round); seat 0 wins the red fight, seat 1 draws the last card.
SETUP_RECORD: dict[str, Any] = {
    "game": "gargon",
    "options": {"players": 3},
    "setup": {"hands": [["R14"], ["R3"], ["B5"]], "piles": [["W1"], ["W2"]], "first_player": 0},
    "actions": ["play R14", "play R3", "pass", "draw 1", "stop", "battle R", "draw 2"],
}


@pytest.fixture(scope="module")
def bot_record() -> GameRecord:
    result = play_one("gargon", {"players": 4}, ["random"], seed=7, keep_record=True)
    assert result.record is not None
    return result.record


def replay_json(tmp_path: Path, record: Any) -> tuple[int, dict[str, Any], str]:
    path = tmp_path / "record.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    result = runner.invoke(["replay", str(path), "--json"])
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1, result.output  # exactly one JSON object
    assert "Traceback" not in result.output
    return result.exit_code, json.loads(lines[0]), result.output


def test_replay_json_of_a_bot_game_gives_its_final_scores(tmp_path: Path, bot_record: GameRecord) -> None:
    assert bot_record.result is not None
    code, obj, output = replay_json(tmp_path, bot_record.to_json())
    assert code == 0
    assert obj == {"ok": True, "terminal": True, "to_act": None, "legal": [],
                   "scores": bot_record.result["scores"], "winners": bot_record.result["winners"]}
    assert all(isinstance(s, int) for s in obj["scores"])  # 47, not 47.0
    assert ".0," not in output and ".0]" not in output


def test_replay_json_of_an_unfinished_game_gives_the_seat_to_act_and_its_legal_actions(
        tmp_path: Path, bot_record: GameRecord) -> None:
    partial = bot_record.to_json() | {"actions": bot_record.actions[:9]}
    del partial["result"]
    state = replay(GameRecord.from_json(partial))
    code, obj, _ = replay_json(tmp_path, partial)
    assert code == 0
    assert obj == {"ok": True, "terminal": False, "to_act": state.to_act, "legal": state.legal_texts()}


def test_replay_json_of_an_explicit_setup(tmp_path: Path) -> None:
    code, obj, _ = replay_json(tmp_path, SETUP_RECORD)
    assert code == 0
    assert obj == {"ok": True, "terminal": True, "to_act": None, "legal": [], "scores": [10, 0, 0],
                   "winners": [0]}


@pytest.mark.parametrize(("k", "bad"), [(1, "stop"), (1, "battle W"), (6, "play R14 R13 R12"),
                                        (6, "jump"), (6, 5)])
def test_replay_json_reports_the_first_refused_action_with_its_index(
        tmp_path: Path, bot_record: GameRecord, k: int, bad: Any) -> None:
    record = bot_record.to_json() | {"actions": bot_record.actions[:k] + [bad] + bot_record.actions[k:]}
    if isinstance(bad, str) and " R1" not in bad and bad != "jump":  # well-formed: must be illegal at k
        before = replay(GameRecord.from_json(record | {"actions": record["actions"][:k]}))
        assert bad not in before.legal_texts()
    code, obj, _ = replay_json(tmp_path, record)
    assert code == 1
    assert obj["ok"] is False
    assert obj["error"]["index"] == k
    assert obj["error"]["action"] == (bad if isinstance(bad, str) else json.dumps(bad))
    assert obj["error"]["message"]


@pytest.mark.parametrize(("record", "expected"), [
    ('{"game": "gargon", "seed": 1,', "JSON"),
    ({"game": "chess", "seed": 1}, "unknown game"),
    ({"game": "gargon", "options": {"players": 6}, "seed": 1}, "3 to 5"),
    ({"game": "gargon", "options": {"variant": "closed"}, "seed": 1}, "variant"),
    ({"game": "gargon", "seed": 1, "setup": {}}, "exactly one"),
    (SETUP_RECORD | {"setup": SETUP_RECORD["setup"] | {"hands": [["R14"], ["R16"], ["B5"]]}}, "R16"),
    (SETUP_RECORD | {"setup": SETUP_RECORD["setup"] | {"hands": [["R14"], ["X3"], ["B5"]]}}, "X3"),
    (SETUP_RECORD | {"setup": SETUP_RECORD["setup"] | {"hands": [["R14"], ["R14"], ["B5"]]}},
     "more often"),
])
def test_replay_json_refuses_a_bad_file_with_a_message(tmp_path: Path, record: Any, expected: str) -> None:
    code, obj, _ = replay_json(tmp_path, record)
    assert code == 1
    assert obj["ok"] is False and set(obj["error"]) == {"message"}
    assert expected in obj["error"]["message"]


def test_replay_json_of_a_missing_file(tmp_path: Path) -> None:
    result = runner.invoke(["replay", str(tmp_path / "nowhere.json"), "--json"])
    assert result.exit_code == 1
    obj = json.loads(result.stdout)
    assert obj["ok"] is False and "cannot read" in obj["error"]["message"]


def test_replay_reads_standard_input_for_dash() -> None:
    result = runner.invoke(["replay", "-", "--json"], input=json.dumps(SETUP_RECORD))
    assert result.exit_code == 0
    assert json.loads(result.stdout)["scores"] == [10, 0, 0]


def test_replay_in_words_shows_each_move_and_the_score_table(tmp_path: Path) -> None:
    path = tmp_path / "setup.json"
    path.write_text(json.dumps(SETUP_RECORD), encoding="utf-8")
    result = runner.invoke(["replay", str(path), "--lang", "en"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Seat 1: play R14" in out
    assert "Seat 3 passes" in out
    assert "Fight in red (phoenix): Seat 1 R14, Seat 2 R3 — Seat 1 wins R14; R3 discarded" in out
    assert "Total" in out and "Winner: Seat 1" in out


def test_replay_in_words_stops_at_a_refused_action(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(SETUP_RECORD | {"actions": ["play R14", "play B5"]}), encoding="utf-8")
    result = runner.invoke(["replay", str(path), "--lang", "en"])
    assert result.exit_code == 1
    assert "Action 1 (play B5) refused" in result.stderr
    assert "Traceback" not in result.output
