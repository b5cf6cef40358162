"""Drakon's notation: every family round-trips; bad text is refused with a reason."""

from __future__ import annotations

import pytest

from ludotheque.core.errors import NotationError
from ludotheque.games.drakon import GAME
from ludotheque.games.drakon.actions import MAX_ACTION, decode

EXAMPLES = [
    "pass", "stay", "coin 1", "coin 3", "tile find NE", "tile teleport", "map 0", "map 5",
    "hero amazon", "hero wizard", "move 0,1", "move -24,24", "harp 2,-1", "destroy -1,0",
    "drakon 0,0", "rotate 1,0 90", "rotate 1,0 180", "rotate 1,0 -90", "mind knight 0,-1",
    "mind thief stay", "relocate 3,1 NS", "place find 1,0 NE", "place teleport 1,0",
    "place start 0,1 NESW", "exchange map 1,1 NES", "exchange passkey -2,3",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_every_family_round_trips(text: str) -> None:
    action = GAME.parse_action(text)
    assert 0 <= action < MAX_ACTION
    assert GAME.action_to_text(action) == text
    assert GAME.parse_action(text.upper()) == action


def test_other_spellings_give_the_canonical_text() -> None:
    assert GAME.action_to_text(GAME.parse_action("tile find SW")) == "tile find NE"
    assert GAME.action_to_text(GAME.parse_action("place find 1,0 EN")) == "place find 1,0 NE"
    assert GAME.action_to_text(GAME.parse_action("rotate 1,0 270")) == "rotate 1,0 -90"
    assert GAME.action_to_text(GAME.parse_action("move (1,2)")) == "move 1,2"


@pytest.mark.parametrize(("text", "reason"), [
    ("", "empty"), ("fly 1,0", "not a Drakon action"), ("move 1", "x,y"),
    ("move 25,0", "edge of the table"), ("place gold 1,0 N", "room is one of"),
    ("place find 1,0 NN", "at most once"), ("coin 4", "1 to 3"), ("rotate 1,0 45", "90, 180"),
    ("mind dragon 1,0", "hero is one of"), ("map 7", "seat"), ("tile", "not a Drakon action"),
])
def test_bad_text_is_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(NotationError, match=reason):
        GAME.parse_action(text)


def test_ints_that_are_no_action_are_refused() -> None:
    from ludotheque.games.drakon.actions import F_NONE, HERO, MOVE

    for action in [-1, 5, 7, HERO + 11, MOVE - 1, MAX_ACTION, MAX_ACTION + 5]:  # gaps, ends
        assert decode(action)[0] == F_NONE, action
        with pytest.raises(NotationError):
            GAME.action_to_text(action)
