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
    assert "incompris" not in out and "capturer " in out and "Joueur 2 · hasard" in out
