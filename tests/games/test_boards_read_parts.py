"""Every game's browser board acts from the parts of the view's legal actions
(``ludotheque.choices``): none reads an action's notation back, and the functions that did, or
that repeated the rules, are gone (docs/web.md, "The view")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "src" / "ludotheque" / "games"
BOARDS = sorted(GAMES.glob("*/web/*.js"))

#: Reading an action's notation: splitting it, or looking at how it starts.
READS_NOTATION = re.compile(r"\baction\s*\.\s*(split|startsWith|slice|match|indexOf)\b|\baction\.split")
#: What parsed notation or repeated a rule before the parts came.
GONE = ("parseLegal", "readLegal", "matchPlay", "whyNot", "pairing(", "chainPoints", "chainScore",
        "orientations(", "shapeOf")


def test_every_game_has_a_board() -> None:
    assert {path.parent.parent.name for path in BOARDS} >= {"gargon", "drakon", "kagoun"}


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_a_board_never_reads_notation_nor_repeats_a_rule(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert not READS_NOTATION.search(text), READS_NOTATION.search(text)
    assert [name for name in GONE if name in text] == []
