"""``ludotheque play kagoun`` in the terminal: a whole game driven by piped input in English and
French, a record that replays, and a screen that never shows the other seats' hands."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ludotheque.cli.testing import CliRunner
from ludotheque.core import GameRecord, replay

runner = CliRunner()
WIDE = {"COLUMNS": "250", "LANG": "en_GB.UTF-8", "LC_ALL": ""}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_whole_game_in_the_terminal(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "game.json"
    # "2", or "1" when it is the only move (an occasional Kagoun! call may end the game early)
    result = runner.invoke(["play", "kagoun", "--players", "3", "--seed", "4", "--lang", lang,
                            "--save", str(path)], input="2\n1\n" * 1500, env=WIDE)
    assert "Traceback" not in result.output
    assert result.exit_code == 0, result.output[-2000:]
    record = GameRecord.load(path)
    state = replay(record)
    assert state.is_terminal and record.result is not None
    assert state.winners() == record.result["winners"]
    # the other seats' hands show as a count only, never as cards
    for line in result.stdout.splitlines():
        cells = [c.strip() for c in line.split("│")]
        if len(cells) == 8 and re.match(r"(Seat|Joueur) [12]", cells[1]):
            assert re.fullmatch(r"\d+", cells[2]), cells
