"""``ludotheque games``: every game with its options (no ``None``: a first player left to chance is
"drawn at random"), each bot described in a line, in English and French, within 80 columns."""

from __future__ import annotations

import pytest

from ludotheque.bots.registry import bot_names
from ludotheque.cli.testing import CliRunner
from ludotheque.cli.words import BOTS
from ludotheque.core.registry import game_ids, get_game

runner = CliRunner()


def test_games_lists_options_without_none_and_describes_each_bot() -> None:
    result = runner.invoke(["games", "--lang", "en"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    for game in ("gargon", "drakon", "kagoun"):
        assert f"{game} — " in out
    assert "None" not in out
    assert "first_player = drawn at random" in out
    assert "heuristic" in out and "the game's own bot" in out and "plays any legal move" in out
    assert max(len(line.rstrip()) for line in out.splitlines()) <= 80


def test_games_in_french() -> None:
    out = runner.invoke(["games", "--lang", "fr"], env={"COLUMNS": "80"}).stdout
    assert "first_player = tiré au hasard" in out and "heuristic (heuristique)" in out
    assert "random (hasard)" in out and "Robots (--bots NOM) :" in out and "3 à 5 joueurs" in out


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_games_describes_every_bot_of_each_game_in_both_languages(lang: str) -> None:
    out = " ".join(runner.invoke(["games", "--lang", lang], env={"COLUMNS": "200"}).stdout.split())
    for game in game_ids():
        if not type(get_game(game)).__module__.startswith("ludotheque.games."):
            continue  # a plugin's game another test registered (tests/plugins): its own words
        block = out.split(f"{game} — ")[1].split(" — ")[0]  # up to the next game
        for bot in bot_names(game):
            assert bot in BOTS[lang], (lang, bot)  # worded here, not the class's docstring
            shown, described = BOTS[lang][bot]
            assert described in block, (lang, game, bot)
            assert (bot if shown == bot else f"{bot} ({shown})") in block
