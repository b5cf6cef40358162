"""``ludotheque play drakon`` against random bots: a whole game through piped answers, the
dungeon drawn within 80 columns, other purses' gold hidden until the end, French words, notation
typed in, and the saved record replayed in words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.text import Text

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


@pytest.fixture(scope="module")
def whole_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """A whole game of four within 80 columns (its screens and its saved record), played once
    for the tests that read it."""
    path = tmp_path_factory.mktemp("whole") / "drakon.json"
    code, out, _ = play(["--seed", "11", "--players", "4", "--save", str(path)], ANSWERS)
    assert code == 0
    return out, path


def test_a_whole_game_ends_with_the_scores_and_saves_a_record_that_replays(
        whole_game: tuple[str, Path]) -> None:
    out, path = whole_game
    assert "Game over" in out and "Scores" in out
    assert re.search(r"Winners?( \(shared\))?: ", out)
    assert re.search(r"│ Result +│", out)
    state = replay(GameRecord.load(path))
    assert state.is_terminal
    replayed = runner.invoke(["replay", str(path)], env=NARROW)
    assert replayed.exit_code == 0
    assert "lays" in replayed.stdout and "Seat 1" in replayed.stdout


def test_the_dungeon_fits_80_columns_and_other_purses_stay_hidden(whole_game: tuple[str, Path]) -> None:
    out, _ = whole_game
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
    assert "Poser " in out and " sur " in out
    assert "Objectif : 10 pièces d'or" in out and "Votre main : " in out
    chosen = re.search(r"→ (.+)", out)
    assert chosen is not None and chosen.group(1).startswith("Poser ")


def test_your_own_draws_and_coins_show_what_you_got() -> None:
    result = runner.invoke(["play", "drakon", "--seed", "3", "--bots", "random"], input="1\n" * 300,
                           env={"COLUMNS": "100", "LANG": "en_GB.UTF-8", "LC_ALL": ""})
    out = result.stdout
    assert "You draw a tile: " in out and "You find a coin: a coin of " in out
    assert "You draw a tile\n" not in out


SCREEN = {"COLUMNS": "80", "LINES": "24", "LANG": "en_GB.UTF-8", "LC_ALL": ""}
SCREEN_FR = {**SCREEN, "LANG": "fr_FR.UTF-8"}


def test_an_action_typed_exactly_as_listed_is_accepted_in_both_languages() -> None:
    from ludotheque.games.drakon import render

    state = GAME.new_state({"players": 3, "first_player": 0}, seed=2)
    observation = state.observe(0)
    action = next(a for a in state.legal_actions() if GAME.action_to_text(a).startswith("place"))
    args = ["--seed", "2", "--players", "3", "--first-player", "0"]
    for lang, env in (("en", SCREEN), ("fr", SCREEN_FR)):
        # as the terminal lists it: "Lay Map room (NE) on 0,1"
        label = Text.from_markup(render.action_label(action, observation, lang, markup=True)).plain
        assert label.startswith(("Lay ", "Poser ")) and " (" in label
        for typed in (label, label.upper()):
            code, out, _ = play(args, f"{typed}\n", env)
            assert code == 0
            assert f"→ {label}" in out, out[-1500:]
            assert "not understood" not in out and "incompris" not in out
    # the other language's label is understood as well (a French screen, the English words)
    listed = {lang: Text.from_markup(render.action_label(action, observation, lang, markup=True)).plain
              for lang in ("en", "fr")}
    code, out, _ = play(args, f"{listed['en']}\n", SCREEN_FR)
    assert f"→ {listed['fr']}" in out


def test_a_number_where_nothing_is_numbered_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    args = ["--seed", "2", "--players", "3", "--first-player", "0", "--save", str(path)]
    code, out, _ = play(args, "2\nquit\n", SCREEN)
    assert code == 0
    assert "nothing is numbered here: type an action as shown, or 'more' to number them" in out
    assert GameRecord.load(path).actions == []
    code, out, _ = play(args, "more\n2\nquit\n", SCREEN)  # once numbered, the number is taken
    assert "nothing is numbered" not in out and re.search(r"→ (Lay|Move) ", out)
    _, out, _ = play(args, "2\nquitter\n", SCREEN_FR)
    assert "rien n'est numéroté ici" in out


def test_the_screen_shows_the_map_around_your_hero_and_map_shows_all_of_it_page_by_page() -> None:
    from ludotheque.games.drakon import render

    kinds = iter(["room"] * 12 + ["find", "find", "lose"])
    row = [f"{next(kinds)} {x},0 EW" for x in range(-8, 8) if x] + ["wind 0,1 S", "escape 0,2 NS"]
    state = GAME.state_from_setup({"rooms": ["start 0,0 NESW", *row], "hands": [[], [], []],
                                   "heroes": ["-8,0", "7,0", "6,0"]})
    observation = state.observe(0)
    for rows in (12, 6):  # a short screen: the map gives way in rows, never your hero's
        lines = render.board(observation, "en", rows=rows)[1]
        assert len(lines) <= rows
        row_0 = next(i for i, line in enumerate(lines) if line.startswith(" 0 "))
        assert lines[row_0 + 1][4:9].strip() == "A", lines  # your Amazon, at -8,0, under it
        assert lines[0].split()[0] == "-8"
    pages = render.map_pages(observation, "en", False, 22)
    assert len(pages) >= 2 and all(len(page) <= 22 for page in pages)
    shown = " ".join(page[1] for page in pages if page[0].startswith("The dungeon"))
    assert "-8" in shown and "7" in shown.split()  # every column of rooms, across the pages
    code, out, _ = play(["--seed", "11", "--players", "4"], "map\nmap\nmap\nquit\n", SCREEN)
    assert code == 0 and "The dungeon: x " in out and "Map, page 1 of " in out
    _, out, _ = play(["--seed", "11", "--players", "4"], "plan\nquitter\n", SCREEN_FR)
    assert "Le donjon : x " in out and "Plan, page 1 sur " in out


def test_after_the_move_enter_ends_the_turn_and_forced_choices_are_played_for_you(
        whole_game: tuple[str, Path]) -> None:
    from ludotheque.games.drakon import actions as A
    from ludotheque.games.drakon import render

    code, out, _ = play(["--seed", "7", "--players", "3", "-o", "heroes=yes"],
                        "more\n1\n\n" * 8 + "quit\n", SCREEN)
    assert code == 0
    asked = out.index("(Enter: End your turn)")
    assert out[asked:].split("Your choice: ", 1)[1].startswith("→ End your turn")
    assert "from 1 to 1" not in out
    # a choice of one is rare this early: the whole game (played once for several tests) has some
    whole, _ = whole_game
    assert "Only one choice, played for you: " in whole
    assert "from 1 to 1" not in whole
    state = GAME.new_state({"players": 3}, seed=1)
    assert render.default_action(state.observe(0), state.legal_actions()) is None
    assert A.END not in state.legal_actions()


def test_french_screens_give_french_examples() -> None:
    code, out, _ = play(["--seed", "2", "--players", "3", "--first-player", "0"], "\nquitter\n",
                        SCREEN_FR)
    assert code == 0
    example = re.search(r"tapez un numéro de la liste, ou une action comme (.+)", out)
    assert example is not None and not example.group(1).strip("'").startswith(("place", "move", "pass")), out
    assert re.search(r"\(p\. ex\. (poser|aller|passer) ", out)
