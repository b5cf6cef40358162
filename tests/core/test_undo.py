"""``core.undo.reveals``: a move may be taken back only if it showed its player nothing new."""

from __future__ import annotations

import random

from ludotheque.core import get_game
from ludotheque.core.undo import reveals


def test_a_drakon_move_into_a_plain_room_reveals_nothing_a_laid_room_draws_a_tile() -> None:
    game = get_game("drakon")
    setup = {"rooms": ["start 0,0 NESW", "room 1,0 N", "find 0,1 N"],
             "hands": [["wind NS"], ["map NE"]], "pile": ["lose NE", "mind NES", "rotate NS"]}
    state = game.state_from_setup(setup, {"players": 2})
    rng = random.Random(1)
    assert not reveals(state, game.parse_action("move 1,0"), 0, rng)
    assert reveals(state, game.parse_action("place wind 0,-1 EW"), 0, rng)  # draws the top tile
    assert reveals(state, game.parse_action("move 0,1"), 0, rng)  # a coin is drawn: chance


def test_with_an_empty_pile_laying_a_room_reveals_nothing() -> None:
    game = get_game("drakon")
    state = game.state_from_setup({"rooms": ["start 0,0 NESW"], "hands": [["wind NS"], []]},
                                  {"players": 2})
    assert not reveals(state, game.parse_action("place wind 0,-1 EW"), 0, random.Random(2))


def test_gargon_playing_reveals_nothing_drawing_does() -> None:
    game = get_game("gargon")
    state = game.new_state({"players": 3, "first_player": 0}, seed=5)
    rng = random.Random(3)
    play = state.legal_actions()[0]
    assert not reveals(state, play, 0, rng)
    while not any(t.startswith("draw") for t in state.legal_texts()):
        state.apply(state.legal_actions()[0])
    draw = next(a for a, t in zip(state.legal_actions(), state.legal_texts(), strict=True)
                if t.startswith("draw"))
    assert reveals(state, draw, state.to_act, rng)  # the drawn card shows its value
