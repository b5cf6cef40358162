"""``ludotheque simulate``: summaries, records that replay, and --jobs giving the same games."""

from __future__ import annotations

import json
from pathlib import Path

from ludotheque.cli.testing import CliRunner
from ludotheque.core import GameRecord, replay

runner = CliRunner()


def simulate(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(["simulate", "gargon", *args], env={"COLUMNS": "120"})
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


def test_simulate_prints_win_rates_distributions_and_speed(tmp_path: Path) -> None:
    out_file = tmp_path / "records.jsonl"
    code, out, _ = simulate("--games", "20", "--seed", "4", "--bots", "random,heuristic",
                            "--out", str(out_file))
    assert code == 0, out
    for heading in ("Win rate per seat", "Per bot", "Game length", "actions", "rounds", "games/s"):
        assert heading in out
    assert "seed 4" in out
    lines = out_file.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 20
    for line in lines:  # every record replays to its own result
        record = GameRecord.loads(line)
        assert record.result is not None
        state = replay(record)
        assert state.scores() == record.result["scores"]
        assert state.winners() == record.result["winners"]


def test_simulate_json_summary_counts_every_seat_game() -> None:
    code, out, _ = simulate("--games", "6", "--seed", "1", "--players", "3", "--json")
    assert code == 0
    summary = json.loads(out)
    assert summary["games"] == 6 and summary["players"] == 3
    assert [s["games"] for s in summary["seats"]] == [6, 6, 6]
    assert abs(sum(s["wins"] for s in summary["seats"]) - 6) < 1e-9  # shared wins split


def test_simulate_with_two_jobs_plays_the_same_games_as_one_process(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    args = ["--games", "8", "--seed", "8", "--bots", "heuristic,random"]
    assert simulate(*args, "--out", str(one))[0] == 0
    assert simulate(*args, "--jobs", "2", "--out", str(two))[0] == 0
    assert one.read_text(encoding="utf-8") == two.read_text(encoding="utf-8")


def test_simulate_refuses_bad_arguments_with_a_message() -> None:
    for args, message in [
        (["--games", "0"], "--games must be at least 1"),
        (["--jobs", "0"], "--jobs must be at least 1"),
        (["--bots", "random,nobody"], "no bot 'nobody'"),
        (["--players", "6"], "3 to 5 players"),
        (["--variant", "closed"], "variant"),
    ]:
        code, _, err = simulate(*args)
        assert code == 1, args
        assert message in err, (args, err)
