"""``ludotheque play kagoun``: your own draws show the card to you, French is typed and shown."""

from __future__ import annotations

import re

from ludotheque.cli.testing import CliRunner

runner = CliRunner()
ENV = {"COLUMNS": "100", "LANG": "en_GB.UTF-8", "LC_ALL": ""}


def test_your_own_draws_show_the_card_drawn() -> None:
    answers = "2\n3\n2\n4\n5\n" * 40
    result = runner.invoke(["play", "kagoun", "--seed", "1", "--bots", "random"], input=answers, env=ENV)
    assert "Traceback" not in result.output
    assert re.search(r"Seat 1 \(you\) draws a card: [A-Z][12] \w+/\w+ \(", result.stdout)
    assert not re.search(r"Seat 1 \(you\) draws a card\n", result.stdout)
    assert "Seat 2 draws a card\n" in result.stdout or "Seat 3 draws a card\n" in result.stdout


def test_french_labels_and_words() -> None:
    fr = {**ENV, "LANG": "fr_FR.UTF-8"}
    result = runner.invoke(["play", "kagoun", "--seed", "1", "--bots", "random"], input="passer\nquitter\n",
                           env=fr)
    out = result.stdout
    assert "incompris" not in out and "capturer " in out and "Robots : hasard (Joueur 2, Joueur 3)" in out


def test_cards_are_labelled_in_words_in_both_languages() -> None:
    for lang, words in (("en", ("Your hand: ", "River: ", "yellow", "blue", "green", "red")),
                        ("fr", ("Votre main : ", "Rivière : ", "jaune", "bleu", "vert", "rouge"))):
        env = {"COLUMNS": "80", "LINES": "24", "LANG": "fr_FR.UTF-8" if lang == "fr" else "en_GB.UTF-8",
               "LC_ALL": ""}
        result = runner.invoke(["play", "kagoun", "--seed", "1", "--bots", "random"], input="board\nquit\n",
                               env=env)
        out = result.stdout
        assert all(word in out for word in words), out
        assert re.search(r"[A-Z][12] (jaune|bleu|vert|rouge|yellow|blue|green|red)/\w+ \(a ?: ", out)
        assert not re.search(r"\([YBGR]\|[YBGR]\)|\b[ab]:[YBGR]*/\d", out)  # no card in code
