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
    # "2", or "1" when it is the only move (an occasional Kagoun! call, confirmed, may end the
    # game early; a "yes" that answers nothing is refused and asked again)
    yes = {"en": "yes", "fr": "oui"}[lang]
    result = runner.invoke(["play", "kagoun", "--players", "3", "--seed", "4", "--lang", lang,
                            "--save", str(path)], input=f"2\n1\n{yes}\n" * 1500, env=WIDE)
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


@pytest.mark.parametrize(("lang", "no", "yes", "warning", "again"), [
    ("en", "no", "yes", "You have 0 points; under 10 at the end of the round you are eliminated.",
     "Not played: choose again."),
    ("fr", "non", "oui", "Vous avez 0 point ; sous 10 points à la fin de la manche, vous êtes hors jeu.",
     "Pas joué : choisissez à nouveau."),
])
def test_a_kagoun_call_under_ten_points_is_played_only_once_confirmed(
        tmp_path: Path, lang: str, no: str, yes: str, warning: str, again: str) -> None:
    path = tmp_path / "game.json"
    result = runner.invoke(["play", "kagoun", "--players", "2", "--seed", "3", "--first-player", "0",
                            "--lang", lang, "--save", str(path)],
                           input=f"kagoun\n{no}\nkagoun\n{yes}\nquit\n", env=WIDE)
    assert "Traceback" not in result.output
    out = " ".join(result.output.split())  # (the warning may wrap)
    assert out.count(warning) == 2 and out.count(again) == 1
    # refused once: nothing played; confirmed: the call is the seat's first action
    assert [a for a in GameRecord.load(path).actions if not a.startswith("card ")] == ["kagoun"]
