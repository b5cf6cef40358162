"""The README's examples work as written: its example record replays, every `ludotheque` command
line of its shell blocks parses and runs (with a game or two instead of thousands, and `quit` as
the player's answer), and the actions it tells players to type are understood."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from ludotheque.cli.main import parser
from ludotheque.cli.testing import CliRunner
from ludotheque.core import GameRecord, get_game, replay

README = Path(__file__).resolve().parent.parent / "README.md"
ENV = {"LANG": "en_GB.UTF-8", "LC_ALL": "", "COLUMNS": "100"}


def readme() -> str:
    return README.read_text(encoding="utf-8")


def command_lines() -> list[list[str]]:
    """Every line of a ```sh block that runs `ludotheque`, its comment cut, as arguments."""
    lines = []
    for block in re.findall(r"^```sh\n(.*?)^```", readme(), re.MULTILINE | re.DOTALL):
        for line in block.splitlines():
            if line.startswith("ludotheque "):
                lines.append(shlex.split(line.split("  #")[0])[1:])
    return lines


def quick(args: list[str]) -> list[str]:
    """The same command, cheap: two games for simulate, one process."""
    args = list(args)
    for flag, value in (("--games", "2"), ("--jobs", "1")):
        if flag in args:
            args[args.index(flag) + 1] = value
    return args


def test_the_example_record_replays() -> None:
    found = re.search(r'^\{"game": .*\}$', readme(), re.MULTILINE)
    assert found, "the README shows a record"
    record = GameRecord.from_json(json.loads(found.group(0)))
    state = replay(record)
    assert len(record.actions) == 3 and not state.is_terminal


def test_the_readme_shows_commands_of_every_verb_but_serve() -> None:
    verbs = {args[0] for args in command_lines()}
    assert {"games", "play", "replay", "simulate"} <= verbs


@pytest.mark.parametrize("args", command_lines(), ids=" ".join)
def test_each_command_line_parses(args: list[str]) -> None:
    parser().parse_args(args)  # argparse exits (status 2) on an option that does not exist


def test_the_command_lines_run_in_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In order, as a reader would type them: `play ... --save game.json` makes the file that
    `replay game.json` reads."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    for args in command_lines():
        result = runner.invoke(quick(args), input="quit\n", env=ENV)
        assert result.exit_code == 0, (args, result.output[-2000:])
        assert "Traceback" not in result.output, args
    assert (tmp_path / "game.json").exists()


def test_the_actions_players_are_told_to_type_are_understood() -> None:
    found = re.search(r"^In `play`, type (.*?)\n\n", readme(), re.MULTILINE | re.DOTALL)
    assert found, "the README says how to type an action"
    gargon = get_game("gargon")
    typed = re.findall(r"`([^`]+)`", found.group(1))
    notation = [t for t in typed if t.split()[0] in ("play", "pass", "draw", "stop", "battle")]
    assert len(notation) >= 5
    for text in notation:
        gargon.parse_action(text)
    from ludotheque.games.gargon import render

    for text in [t for t in typed if t.split()[0] in ("jouer", "passer", "piocher", "arrêter", "combat")]:
        gargon.parse_action(render.to_notation(text, "fr"))
