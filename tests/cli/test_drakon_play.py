"""``ludotheque play drakon`` against random bots: a whole game through piped answers, the
dungeon drawn within 80 columns, other purses' gold hidden until the end, French words, notation
typed in, and the saved record replayed in words."""

from __future__ import annotations

import re
from pathlib import Path

from ludotheque.cli.testing import CliRunner
from ludotheque.core import GameRecord, replay
from ludotheque.games.drakon import GAME

runner = CliRunner()
NARROW = {"COLUMNS": "80", "LANG": "en_GB.UTF-8", "LC_ALL": ""}
#: Answers for a whole game: choices by number, some beyond the list (asked again).
ANSWERS = "".join(f"{n}\n" for n in [1, 3, 2, 7, 1, 12, 5, 2] * 400)


def play(args: list[str], answers: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = runner.invoke(["play", "drakon", "--bots", "random", *args], input=answers,
                           env=env or NARROW)
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


def player_rows(screen: str) -> list[list[str]]:
    """The cells of the players' table rows (name, hero, room, tiles, coins, gold)."""
    rows = []
    for line in screen.splitlines():
        cells = [c.strip() for c in line.split("│")]
        if len(cells) == 8 and re.match(r"(You|Seat \d)", cells[1]):
            rows.append(cells[1:7])
    return rows


def test_a_whole_game_ends_with_the_scores_and_saves_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "drakon.json"
    code, out, _ = play(["--seed", "4", "--players", "3", "--save", str(path)], ANSWERS)
    assert code == 0
    assert "Game over" in out and "Scores" in out
    assert re.search(r"Winners?( \(shared\))?: ", out)
    assert re.search(r"│ Result +│", out)
    state = replay(GameRecord.load(path))
    assert state.is_terminal
    replayed = runner.invoke(["replay", str(path)], env=NARROW)
    assert replayed.exit_code == 0
    assert "lays" in replayed.stdout and "Seat 1" in replayed.stdout


def test_the_dungeon_fits_80_columns_and_other_purses_stay_hidden() -> None:
    code, out, _ = play(["--seed", "11", "--players", "4"], ANSWERS)
    assert code == 0
    screen, end = out.split("Game over")
    for line in out.splitlines():
        assert len(line) <= 80, line
        # a wrapped grid line would split a room's corners over two lines
        assert line.count("┌") == line.count("┐") and line.count("└") == line.count("┘"), line
    rows = player_rows(screen)
    assert len(rows) >= 4 * 5  # the parse found the tables
    for name, _hero, _room, _tiles, _coins, gold in rows:
        if name.startswith("Seat"):
            assert gold == "?", (name, gold)
        else:
            assert gold.isdigit(), (name, gold)
    assert "Ω Drakon" in screen and "A Amazon (You)" in screen


def test_french_words_and_notation_typed_in() -> None:
    state = GAME.new_state({"players": 3, "first_player": 0}, seed=2)
    action = state.legal_actions()[5]
    typed = GAME.action_to_text(action)
    code, out, _ = play(["--seed", "2", "--players", "3", "--first-player", "0", "--lang", "fr"],
                        f"{typed}\n")
    assert code == 0
    assert "À vous avec l'Amazone : posez une salle de votre main" in out
    assert "Poser " in out and " en " in out
    assert "Objectif : 10 pièces d'or" in out and "Votre main : " in out
    chosen = re.search(r"→ (.+)", out)
    assert chosen is not None and chosen.group(1).startswith("Poser ")


def test_your_own_draws_and_coins_show_what_you_got() -> None:
    result = runner.invoke(["play", "drakon", "--seed", "3", "--bots", "random"], input="1\n" * 300,
                           env={"COLUMNS": "100", "LANG": "en_GB.UTF-8", "LC_ALL": ""})
    out = result.stdout
    assert "You draw a tile: " in out and "You find a coin: a coin of " in out
    assert "You draw a tile\n" not in out
