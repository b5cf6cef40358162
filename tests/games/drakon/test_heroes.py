"""The Heroes! variant (004, «Règle optionnelle: Héros!»), one test per ability and ruling."""

from __future__ import annotations

from typing import Any

from ludotheque.core import CHANCE
from ludotheque.games.drakon import GAME
from ludotheque.games.drakon.components import FIGURES, kind_text
from ludotheque.games.drakon.notation import cell_text


def at(state: Any, hero: int) -> str:
    return cell_text(state.hero_cell[hero])


def test_rule_heroes_drawn_at_random_each_ability_once() -> None:
    lineups = {tuple(GAME.new_state({"players": 3, "heroes": True}, seed=s).hero_figure)
               for s in range(30)}
    assert len(lineups) > 10 and all(len(set(f)) == 3 for f in lineups)
    state = GAME.new_state({"players": 3, "heroes": True}, seed=1)
    assert state.observe(None).to_json()["abilities_used"] == []


def test_rule_heroes_ability_before_the_action(position: Any) -> None:
    state = position(["room 1,0 N", "find 1,1 N", "room 1,2 N"], abilities=True,
                     figures=["amazon", "knight"], hands=[["room N"], []])
    assert "amazon 1,0" in state.legal_texts()
    state.apply_text("amazon 1,0")
    assert at(state, 0) == "1,0" and state.to_act == 0  # then her turn's action
    assert not any(t.startswith("amazon") for t in state.legal_texts())
    state.apply_text("move 1,1")
    assert state.to_act == CHANCE  # both rooms act (the second here)


def test_rule_heroes_ability_after_the_action_or_end(position: Any) -> None:
    state = position(["room 1,0 N", "find 1,1 N"], abilities=True, figures=["amazon", "knight"],
                     hands=[[], ["room N"]])
    state.apply_text("move 1,0")
    assert state.to_act == 0 and sorted(state.legal_texts()) == ["amazon 1,1", "end"]
    assert state.observe(0).step == "ability"
    state.apply_text("end")
    assert state.to_act == 1


def test_rule_heroes_amazon_extra_move_both_rooms_act(position: Any) -> None:
    state = position(["find 1,0 N", "find 1,1 N"], abilities=True, figures=["amazon", "knight"],
                     hands=[[], ["room N"]])
    state.apply_text("move 1,0")
    state.apply_text("coin 1")
    state.apply_text("amazon 1,1")
    state.apply_text("coin 2")
    assert state.purses[0] == [1, 1, 0] and state.to_act == 1


def test_rule_heroes_barbarian_pushes_and_takes_a_tile(position: Any) -> None:
    state = position(["room 1,0 N", "destroy 1,1 N", "find 2,0 N"], heroes=["1,0", "1,0"],
                     abilities=True, figures=["barbarian", "knight"],
                     hands=[[], ["wind NS", "wind NS"]])
    assert "push knight 1,1" in state.legal_texts()
    state.apply_text("push knight 1,1")
    assert at(state, 1) == "1,1" and state.to_act == 1  # its owner applies the room (Q37)
    state.apply_text("destroy 2,0")
    assert state.to_act == CHANCE  # then the tile taken at random
    state.apply_text("tile wind NS")
    assert [kind_text(k) for k in state.hands[0]] == ["wind NS"] and len(state.hands[1]) == 1
    assert state.to_act == 0  # his turn's action is still to do


def test_rule_heroes_dwarf_discards_draws_and_fills_to_four(position: Any) -> None:
    state = position(["room 1,0 N"], abilities=True, figures=["dwarf", "knight"],
                     hands=[["lose NE", "find N"], []], pile=["map NE", "wind NS", "find NS"])
    state.apply_text("dwarf")
    assert sorted(state.legal_texts()) == ["discard find N", "discard lose NE", "draw"]
    state.apply_text("discard lose NE")
    state.apply_text("draw")
    # one drawn for the discard, then up to four: map, wind, find; the discard under the pile
    assert sorted(kind_text(k) for k in state.hands[0]) == ["find N", "find NS", "map NE", "wind NS"]
    assert [kind_text(k) for k in state.pile] == ["lose NE"]
    assert state.to_act == 0  # then the turn's action


def test_rule_heroes_knight_keeps_a_coin_even_outside_his_turn(position: Any) -> None:
    state = position(["steal-left 1,0 N"], abilities=True, figures=["thief", "knight"],
                     purses=[[0, 0, 0], [0, 1, 0]], hands=[[], ["room N"]])
    state.apply_text("move 1,0")  # the steal room robs seat 1, the Knight's
    assert state.to_act == 1 and sorted(state.legal_texts()) == ["keep", "let"]
    state.apply_text("keep")
    assert state.purses == [[0, 0, 0], [0, 1, 0]]
    assert state.observe(0).to_json()["abilities_used"] == ["knight"]


def test_rule_heroes_knight_may_let_the_coin_go(position: Any) -> None:
    state = position(["lose 1,0 N"], abilities=True, figures=["knight", "thief"],
                     purses=[[1, 0, 0], [0, 0, 0]])
    state.apply_text("move 1,0")
    state.apply_text("let")
    assert state.to_act == CHANCE
    state.apply_text("coin 1")
    assert state.purses[0] == [0, 0, 0] and not state.hero_used[0]


def test_rule_heroes_thief_robs_a_hero_in_his_room_or_swaps_with_the_treasure(position: Any) -> None:
    state = position(["room 1,0 N"], abilities=True, figures=["thief", "knight"],
                     purses=[[1, 0, 0], [0, 0, 1]], treasure=[0, 1, 0])
    assert sorted(t for t in state.legal_texts() if t.startswith(("thief", "swap"))) == [
        "swap 1", "thief knight"]
    state.apply_text("swap 1")
    state.apply_text("coin 2")
    assert state.purses[0] == [0, 1, 0] and state.treasure == [1, 0, 0]


def test_rule_heroes_wizard_leaves_through_any_side_once(position: Any) -> None:
    state = position(["room 1,0 N", "find 2,0 N"], heroes=["1,0", "0,0"], abilities=True,
                     figures=["wizard", "knight"], hands=[[], ["room N"]])
    assert sorted(state.legal_texts()) == ["wizard 0,0", "wizard 2,0"]
    state.apply_text("wizard 2,0")
    assert at(state, 0) == "2,0" and state.to_act == CHANCE  # the room acts; it was his move
    state.apply_text("coin 1")
    assert state.to_act == 1 and state.hero_used[0]


def test_rule_heroes_wizard_cannot_resist_a_harp(position: Any) -> None:
    state = position(["room 1,0 N", "room 2,0 N", "harp 2,1 N"], heroes=["1,0", "0,0"],
                     abilities=True, figures=["wizard", "knight"], hands=[[], ["room N"]])
    state.apply_text("wizard 2,0")
    assert at(state, 0) == "2,1"  # pulled on (Q19, Q35)


def test_rule_heroes_wizard_from_a_wind_needs_a_normal_second_step(position: Any) -> None:
    state = position(["wind 1,0 N", "room 2,0 E", "room 3,0 N", "room 1,-1 N"],
                     heroes=["1,0", "0,0"], abilities=True, figures=["wizard", "knight"],
                     hands=[[], ["room N"]])
    # east then east again (2,0 points east); south: 1,-1 points back north, no second step
    assert [t for t in state.legal_texts() if t.startswith("wizard")] == ["wizard 3,0"]


def test_figures_in_a_setup_are_checked() -> None:
    import pytest

    from ludotheque.core.errors import SetupError

    for figures in (["amazon"], ["amazon", "amazon"], ["amazon", "dragon"]):
        with pytest.raises(SetupError, match="figure"):
            GAME.state_from_setup({"rooms": ["start 0,0 NESW"], "hands": [[], []],
                                   "figures": figures}, {"players": 2, "heroes": True})
    assert len(FIGURES) == 6
