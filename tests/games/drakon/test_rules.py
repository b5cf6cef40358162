"""Drakon's rules, one test per rule of 004 and per ruling (docs/rules/drakon.md cites each).

Positions are set up explicitly (``position`` fixture): Start at 0,0 with four arrows; x grows
to the east, y to the north.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludotheque.core import CHANCE
from ludotheque.core.errors import IllegalActionError
from ludotheque.games.drakon import GAME
from ludotheque.games.drakon.components import components, kind_text
from ludotheque.games.drakon.geometry import START
from ludotheque.games.drakon.notation import cell_text, parse_cell, room_text


def at(state: Any, hero: int) -> str:
    return cell_text(state.hero_cell[hero])


def room(state: Any, where: str) -> str:
    return room_text(state.rooms[parse_cell(where)])


# -- set-up (004, Mise en place) ------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_rule_setup_start_four_rooms_each_rest_the_pile(players: int) -> None:
    state = GAME.new_state({"players": players}, seed=7)
    assert state.rooms == {START: state.rooms[START]} and state.rooms[START] >> 4 == 0
    assert [len(hand) for hand in state.hands] == [4] * players
    assert len(state.pile) == 71 - 4 * players
    assert sorted(state.pile + [k for hand in state.hands for k in hand]) == sorted(components().tiles)


def test_rule_setup_heroes_on_start_coins_in_the_treasure_drakon_aside() -> None:
    state = GAME.new_state({"players": 4}, seed=3)
    assert state.hero_cell == [START] * 4
    assert state.treasure == list(components().coins) and state.purses == [[0, 0, 0]] * 4
    assert state.drakon == -1


def test_rule_setup_first_player_drawn_or_chosen() -> None:
    drawn = {GAME.new_state({"players": 5}, seed=s).to_act for s in range(40)}
    assert drawn == set(range(5))
    assert GAME.new_state({"players": 5, "first_player": 3}, seed=1).to_act == 3


# -- laying a room (004, Poser une salle) ---------------------------------------------------

def test_rule_lay_next_to_a_room_by_a_side(position: Any) -> None:
    state = position(hands=[["room N"], []])
    cells = {text.split()[2] for text in state.legal_texts() if text.startswith("place")}
    assert cells == {"0,1", "1,0", "0,-1", "-1,0"}  # never a corner (open question 4)


def test_rule_lay_no_two_arrows_facing(position: Any) -> None:
    state = position(hands=[["room N"], []])
    east = [t for t in state.legal_texts() if " 1,0 " in t + " "]
    # Start points east at 1,0: the tile there may not point west
    assert sorted(east) == ["place room 1,0 E", "place room 1,0 N", "place room 1,0 S"]
    with pytest.raises(IllegalActionError):
        state.apply_text("place room 1,0 W")


def test_rule_lay_turned_as_the_player_likes(position: Any) -> None:
    state = position(["room 0,1 NS"], hands=[["find NE"], []], heroes=["0,0", "0,0"])
    # at 2,... no: at 1,1 (east of 0,1 whose arrows are N S): all four corner turns fit
    turns = sorted(t for t in state.legal_texts() if t.startswith("place find 1,1"))
    assert turns == ["place find 1,1 ES", "place find 1,1 NE", "place find 1,1 NW",
                     "place find 1,1 SW"]


def test_rule_lay_then_draw(position: Any) -> None:
    state = position(hands=[["room N", "find NE"], []], pile=["wind NS", "map NE"])
    state.apply_text("place room 0,1 N")
    assert sorted(kind_text(k) for k in state.hands[0]) == ["find NE", "wind NS"]  # the top
    assert [kind_text(k) for k in state.pile] == ["map NE"]


def test_rule_lay_no_draw_once_the_pile_is_empty(position: Any) -> None:
    state = position(hands=[["room N", "find NE"], []])
    state.apply_text("place room 0,1 N")
    assert [kind_text(k) for k in state.hands[0]] == ["find NE"]
    assert state.to_act == 1


# -- the turn -------------------------------------------------------------------------------

def test_rule_turn_place_or_move(position: Any) -> None:
    state = position(["room 1,0 N"], hands=[["find NE"], []])
    texts = state.legal_texts()
    assert "move 1,0" in texts and any(t.startswith("place ") for t in texts)
    assert "pass" not in texts  # no passing at will (open question 5)


def test_rule_turn_no_tiles_move_only(position: Any) -> None:
    state = position(["room 1,0 N"])
    assert state.legal_texts() == ["move 1,0"]


def test_rule_turn_cannot_act_passes(position: Any) -> None:
    state = position(["room 1,0 N"], heroes=["1,0", "0,0"], hands=[[], ["find NE"]])
    assert state.legal_texts() == ["pass"]  # seat 0 on a room pointing nowhere, no tile
    state.apply_text("pass")
    assert state.to_act == 1


def test_rule_end_nobody_can_act_most_gold_wins(position: Any) -> None:
    state = position(["room 1,0 N", "room -1,0 S"], heroes=["1,0", "-1,0"],
                     purses=[[0, 1, 0], [1, 0, 0]])
    assert state.is_terminal  # nobody holds a tile, no hero can move (open question 6)
    assert state.winners() == [0] and state.scores() == [1.0, 0.0]
    assert state.ending == "stuck"


def test_rule_end_tie_is_a_shared_win(position: Any) -> None:
    state = position(["room 1,0 N", "room -1,0 S"], heroes=["1,0", "-1,0"],
                     purses=[[0, 1, 0], [2, 0, 0]])
    assert state.winners() == [0, 1]  # open question 8


def test_rule_end_detected_right_after_the_last_action(position: Any) -> None:
    state = position(["room 1,0 N", "room -1,0 S"], heroes=["0,0", "-1,0"])
    state.apply_text("move 1,0")  # seat 0 now stuck too, and seat 1 was: over at once
    assert state.is_terminal and state.ending == "stuck"  # open question 7


def test_rule_goal_ten_gold_wins_at_once(position: Any) -> None:
    state = position(["find 1,0 N"], purses=[[0, 4, 0], [0, 0, 0]])
    state.apply_text("move 1,0")
    assert state.to_act == CHANCE
    state.apply_text("coin 2")
    assert state.is_terminal and state.winners() == [0] and state.ending == "goal"


def test_rule_goal_reached_in_another_players_turn(position: Any) -> None:
    # seat 0 moves onto Steal (clockwise): robs seat 1... the winner here is the robbed side's
    # neighbour via Mind control: seat 0 moves seat 1's hero onto a Find a coin room
    state = position(["mind 1,0 N", "find 0,1 N"], heroes=["0,0", "0,0"],
                     purses=[[0, 0, 0], [0, 3, 1]])
    state.apply_text("move 1,0")
    state.apply_text("mind barbarian 0,1")
    state.apply_text("coin 1")
    assert state.is_terminal and state.winners() == [1]  # open question 9


def test_rule_turn_limit_ends_as_when_nobody_can_act(position: Any) -> None:
    state = position(["room 1,0 N", "room 1,1 W"], turn_limit=1, purses=[[1, 0, 0], [0, 0, 0]])
    state.apply_text("move 1,0")
    assert state.is_terminal and state.ending == "limit" and state.winners() == [0]


# -- moving (004, Bouger votre héros) -------------------------------------------------------

def test_rule_move_only_along_an_arrow_into_a_room(position: Any) -> None:
    state = position(["room 1,0 N", "room 1,1 W", "room 2,0 N"], heroes=["1,0", "0,0"])
    assert state.legal_texts() == ["move 1,1"]  # not east (no arrow), not west (no arrow)


def test_rule_room_acts_when_entered_not_while_staying(position: Any) -> None:
    state = position(["find 1,0 N"], heroes=["1,0", "0,0"], hands=[["room N"], ["room N"]],
                     pile=["room N"] * 4)
    before = list(state.treasure)
    state.apply_text("place room 0,1 N")
    state.apply_text("place room 0,-1 S")
    assert state.treasure == before and state.to_act == 0  # no coin for standing there


# -- Drakon (004, Le personnage Drakon) -----------------------------------------------------

def test_rule_drakon_set_by_whoever_lays_the_first_drakon_room(position: Any) -> None:
    state = position(hands=[["drakon NS"], []], heroes=["0,0", "0,0"])
    state.apply_text("place drakon 1,0 NS")
    assert state.to_act == 0 and "drakon 0,0" not in state.legal_texts()  # not on heroes
    assert sorted(state.legal_texts()) == ["drakon 1,0"]
    state.apply_text("drakon 1,0")
    assert state.drakon == parse_cell("1,0") and state.to_act == 1


def test_rule_drakon_moves_up_to_three_rooms_ignoring_arrows(position: Any) -> None:
    rooms = ["drakon 1,0 N", "room 1,1 N", "room 1,2 N", "room 1,3 N", "room 1,4 N"]
    state = position(rooms, drakon="1,1")
    state.apply_text("move 1,0")
    assert state.current[0] == 5  # Drakon's move
    assert sorted(state.legal_texts()) == sorted(
        f"drakon {c}" for c in ["1,0", "1,1", "1,2", "1,3", "1,4", "0,0"])
    state.apply_text("drakon 1,4")  # three rooms (not across the empty cells)
    assert state.drakon == parse_cell("1,4")


def test_rule_drakon_ending_on_heroes_sends_them_to_start_and_takes_a_coin(position: Any) -> None:
    rooms = ["drakon 1,0 N", "room 1,1 N", "room 2,0 N"]
    state = position(rooms, players=3, heroes=["0,0", "1,1", "1,1"], drakon="2,0",
                     purses=[[0, 0, 0], [1, 0, 0], [0, 1, 0]])
    state.apply_text("move 1,0")
    state.apply_text("drakon 1,1")
    assert at(state, 1) == at(state, 2) == "0,0"
    assert state.to_act == CHANCE
    state.apply_text("coin 1")  # seat 1's coin
    state.apply_text("coin 2")  # seat 2's
    assert state.purses[1] == state.purses[2] == [0, 0, 0]
    assert state.treasure[0] == components().coins[0]  # back in the treasure (question 10)


def test_rule_drakon_not_moving_still_catches_heroes_in_his_room(position: Any) -> None:
    state = position(["drakon 1,0 N"], players=3, heroes=["0,0", "0,0", "0,0"], drakon="0,0",
                     purses=[[0, 0, 0], [1, 0, 0], [0, 0, 0]])
    state.apply_text("move 1,0")
    state.apply_text("drakon 0,0")  # zero rooms: he ends his move there (open question 11)
    assert state.to_act == CHANCE and state.chance_outcomes() == [(2, 1.0)]


def test_rule_drakon_catches_a_hero_entering_his_room_before_the_room_acts(position: Any) -> None:
    state = position(["find 1,0 N"], drakon="1,0", purses=[[1, 0, 0], [0, 0, 0]])
    state.apply_text("move 1,0")
    assert at(state, 0) == "0,0" and state.to_act == CHANCE
    state.apply_text("coin 1")  # the coin lost: no coin found
    assert state.purses[0] == [0, 0, 0] and state.to_act == 1


def test_rule_drakon_hero_already_on_start_only_loses_the_coin(position: Any) -> None:
    state = position(["drakon 1,0 N"], players=3, heroes=["0,0", "0,0", "0,0"], drakon="1,0",
                     purses=[[0, 0, 0], [0, 0, 1], [0, 0, 0]])
    state.apply_text("move 1,0")  # caught at once: back to Start, no Drakon's move
    assert at(state, 0) == "0,0" and state.to_act == 1  # no coin to lose


def test_rule_drakon_passing_through_does_nothing(position: Any) -> None:
    # a Violent wind blows the hero across Drakon's room: no catch
    state = position(["wind 1,0 E", "room 2,0 E", "find 3,0 N"], heroes=["1,0", "0,0"],
                     drakon="2,0")
    assert state.legal_texts() == ["move 3,0"]
    state.apply_text("move 3,0")
    assert at(state, 0) == "3,0" and state.to_act == CHANCE  # the Find a coin acts


def test_rule_drakon_triggers_no_room(position: Any) -> None:
    state = position(["drakon 1,0 N", "find 1,1 N"], drakon="1,1")
    state.apply_text("move 1,0")
    state.apply_text("drakon 0,0")
    assert state.treasure == list(components().coins) and state.to_act == 1


# -- the rooms (004, Descriptions des salles) -----------------------------------------------

def test_rule_start_cannot_be_destroyed_or_exchanged_but_turns(position: Any) -> None:
    state = position(["destroy 1,0 N", "room 0,1 N"], heroes=["0,0", "0,1"],
                     hands=[[], ["room N"]])
    state.apply_text("move 1,0")
    assert state.to_act == 1  # Start and the rooms with a figure cannot go: nothing to destroy
    state = position(["exchange 1,0 N"], hands=[["room N"], []], heroes=["0,0", "1,0"])
    state.apply_text("move 1,0")
    assert not any(" 0,0 " in t + " " for t in state.legal_texts())
    state = position(["rotate 1,0 N", "room 0,1 N"], heroes=["0,0", "0,1"])
    state.apply_text("move 1,0")
    assert "rotate 0,0 90" in state.legal_texts()


def test_rule_neutral_room_does_nothing(position: Any) -> None:
    state = position(["room 1,0 N"])
    state.apply_text("move 1,0")
    assert state.to_act == 1 and state.tasks == []


def test_rule_destroy_puts_the_room_under_the_pile(position: Any) -> None:
    state = position(["destroy 1,0 N", "find 1,1 N", "room 2,0 N"], pile=["wind NS"],
                     heroes=["0,0", "2,0"])
    state.apply_text("move 1,0")
    assert sorted(state.legal_texts()) == ["destroy 1,1"]  # no figure on it, not Start
    state.apply_text("destroy 1,1")
    assert parse_cell("1,1") not in state.rooms
    assert [kind_text(k) for k in state.pile] == ["find N", "wind NS"]  # bottom first


def test_rule_destroy_may_split_the_dungeon(position: Any) -> None:
    state = position(["destroy 1,0 N", "room 2,0 N", "room 3,0 N"], heroes=["0,0", "3,0"])
    state.apply_text("move 1,0")
    state.apply_text("destroy 2,0")
    assert parse_cell("3,0") in state.rooms and parse_cell("2,0") not in state.rooms


def test_rule_escape_laid_takes_its_players_hero(position: Any) -> None:
    state = position(["wind 1,0 E"], hands=[["escape N"], []], heroes=["1,0", "0,0"])
    state.apply_text("place escape 1,1 N")
    assert at(state, 0) == "1,1" and state.to_act == 1  # the wind's hold is gone too


def test_rule_find_a_coin_from_the_treasure(position: Any) -> None:
    state = position(["find 1,0 N"], treasure=[2, 1, 1])
    state.apply_text("move 1,0")
    assert state.chance_outcomes() == [(2, 0.5), (3, 0.25), (4, 0.25)]
    state.apply_text("coin 3")
    assert state.purses[0] == [0, 0, 1] and state.treasure == [2, 1, 0]


def test_rule_find_a_coin_in_an_empty_treasure_gives_nothing(position: Any) -> None:
    state = position(["find 1,0 N"], treasure=[0, 0, 0])
    state.apply_text("move 1,0")
    assert state.to_act == 1  # open question 31


def test_rule_moving_room_goes_with_its_hero(position: Any) -> None:
    state = position(["moving 1,0 N", "room 0,1 N"], heroes=["0,0", "0,1"])
    state.apply_text("move 1,0")
    texts = state.legal_texts()
    assert "stay" in texts and "relocate 1,0 N" not in texts  # elsewhere (question 23)
    assert "relocate -1,0 N" in texts and "relocate -1,0 E" not in texts  # laid legally
    state.apply_text("relocate -1,1 S")
    assert room(state, "-1,1") == "moving S" and at(state, 0) == "-1,1"
    assert parse_cell("1,0") not in state.rooms


def test_rule_moving_room_may_stay(position: Any) -> None:
    state = position(["moving 1,0 N"])
    state.apply_text("move 1,0")
    state.apply_text("stay")
    assert room(state, "1,0") == "moving N" and state.to_act == 1


def test_rule_lose_a_coin_to_the_treasure(position: Any) -> None:
    state = position(["lose 1,0 N"], purses=[[1, 0, 1], [0, 0, 0]], treasure=[0, 0, 0])
    state.apply_text("move 1,0")
    assert state.chance_outcomes() == [(2, 0.5), (4, 0.5)]
    state.apply_text("coin 3")
    assert state.purses[0] == [1, 0, 0] and state.treasure == [0, 0, 1]


def test_rule_lost_coins_out_of_the_game_option(position: Any) -> None:
    state = position(["lose 1,0 N"], purses=[[1, 0, 0], [0, 0, 0]], treasure=[0, 0, 0],
                     lost_coins="out")
    state.apply_text("move 1,0")
    state.apply_text("coin 1")
    assert state.gone == [1, 0, 0] and state.treasure == [0, 0, 0]


def test_rule_harp_pulls_a_hero_entering_a_room_pointing_at_it(position: Any) -> None:
    state = position(["find 1,0 N", "harp 1,1 N"])
    state.apply_text("move 1,0")
    assert at(state, 0) == "1,1" and state.to_act == 1  # the Find a coin did not act (q. 18)


def test_rule_harp_between_two_harps_the_player_chooses(position: Any) -> None:
    state = position(["room 1,0 NS", "harp 1,1 N", "harp 1,-1 S"])
    state.apply_text("move 1,0")
    assert sorted(state.legal_texts()) == ["harp 1,-1", "harp 1,1"] and state.to_act == 0
    state.apply_text("harp 1,-1")
    assert at(state, 0) == "1,-1"


def test_rule_harp_pull_onto_drakon_catches(position: Any) -> None:
    state = position(["room 1,0 N", "harp 1,1 N"], drakon="1,1", purses=[[1, 0, 0], [0, 0, 0]])
    state.apply_text("move 1,0")
    assert at(state, 0) == "0,0" and state.to_act == CHANCE  # open question 19


def test_rule_exchange_swaps_a_room_for_a_tile_of_the_hand(position: Any) -> None:
    state = position(["exchange 1,0 N", "find 2,0 N", "room 0,1 N"],
                     hands=[["lose NS"], []], heroes=["0,0", "0,1"], pile=["map NE"])
    state.apply_text("move 1,0")
    texts = state.legal_texts()
    assert "exchange lose 2,0 NS" in texts and "exchange lose 2,0 EW" in texts
    assert not any(" 1,0 " in t + " " or " 0,1 " in t + " " for t in texts)  # figures on them
    state.apply_text("exchange lose 2,0 EW")
    assert room(state, "2,0") == "lose EW" and [kind_text(k) for k in state.hands[0]] == ["find N"]
    assert [kind_text(k) for k in state.pile] == ["map NE"]  # nothing drawn (open question 21)


def test_rule_exchange_with_an_empty_hand_does_nothing(position: Any) -> None:
    state = position(["exchange 1,0 N", "find 2,0 N"])
    state.apply_text("move 1,0")
    assert state.to_act == 1


def test_rule_exchange_first_drakon_room_sets_drakon(position: Any) -> None:
    state = position(["exchange 1,0 N", "find 2,0 N"], hands=[["drakon NS"], []])
    state.apply_text("move 1,0")
    state.apply_text("exchange drakon 2,0 NS")
    assert state.to_act == 0 and state.legal_texts() == ["drakon 2,0"]  # open question 14


def test_rule_map_room_takes_a_random_tile_from_a_chosen_opponent(position: Any) -> None:
    state = position(["map 1,0 N"], players=3, hands=[[], ["find N", "find N", "wind NS"], []])
    state.apply_text("move 1,0")
    assert state.legal_texts() == ["map 1"]  # seat 2 has no tile (open question 22)
    state.apply_text("map 1")
    assert state.to_act == CHANCE
    odds = dict(state.chance_outcomes())
    assert sorted(odds.values()) == pytest.approx([1 / 3, 2 / 3])
    state.apply_text("tile wind NS")
    assert [kind_text(k) for k in state.hands[0]] == ["wind NS"] and len(state.hands[1]) == 2


def test_rule_passkey_leaves_in_any_direction(position: Any) -> None:
    state = position(["passkey 1,0", "room 1,1 E", "room 2,0 W", "room 1,-1 N"],
                     heroes=["1,0", "0,0"])
    # even against the arrows of the rooms around it (2,0 and 1,-1 point at it)
    assert sorted(state.legal_texts()) == ["move 0,0", "move 1,-1", "move 1,1", "move 2,0"]


def test_rule_mind_control_moves_an_opponent_who_applies_the_room(position: Any) -> None:
    state = position(["mind 1,0 N", "destroy 0,1 N", "find -1,0 N", "room 0,-1 S"],
                     heroes=["0,0", "0,0"])
    state.apply_text("move 1,0")
    assert "mind barbarian 0,1" in state.legal_texts()
    state.apply_text("mind barbarian 0,1")
    assert at(state, 1) == "0,1" and state.to_act == 1  # the opponent chooses (question 15)
    assert "destroy -1,0" in state.legal_texts()


def test_rule_mind_control_a_hero_that_cannot_move_stays(position: Any) -> None:
    state = position(["mind 1,0 N", "find 0,1 E"], heroes=["0,0", "0,1"], hands=[[], ["room N"]])
    state.apply_text("move 1,0")
    assert state.legal_texts() == ["mind barbarian stay"]
    state.apply_text("mind barbarian stay")
    assert at(state, 1) == "0,1" and state.to_act == 1  # the room does not act again (q. 26)


def test_rule_mind_control_uses_the_rooms_leaving_effect(position: Any) -> None:
    state = position(["mind 1,0 N", "teleport 0,1", "find -3,0 N", "room -2,0 E", "room -1,0 E"],
                     heroes=["0,0", "0,1"])
    state.apply_text("move 1,0")
    assert "mind barbarian -3,0" in state.legal_texts()  # from a Teleport: anywhere (004)


def test_rule_rotate_any_room_legally(position: Any) -> None:
    state = position(["rotate 1,0 N", "room 0,1 N", "room 1,1 N"], heroes=["0,0", "0,1"])
    state.apply_text("move 1,0")
    texts = state.legal_texts()
    assert "rotate 0,1 90" in texts and "rotate 1,0 180" in texts  # figures on them (q. 24)
    # 0,1 turned half a turn would point S at Start, which points N at it: refused
    assert "rotate 0,1 180" not in texts
    state.apply_text("rotate 1,1 -90")
    assert room(state, "1,1") == "room W"


def test_rule_steal_clockwise_takes_from_the_next_seat(position: Any) -> None:
    state = position(["steal-left 1,0 N"], players=3,
                     purses=[[0, 0, 0], [0, 2, 0], [1, 0, 0]])
    state.apply_text("move 1,0")
    assert state.chance_outcomes() == [(3, 1.0)]  # seat 1 is on seat 0's left (question 25)
    state.apply_text("coin 2")
    assert state.purses[0] == [0, 1, 0] and state.purses[1] == [0, 1, 0]


def test_rule_steal_counter_clockwise_takes_from_the_previous_seat(position: Any) -> None:
    state = position(["steal-right 1,0 N"], players=3,
                     purses=[[0, 0, 0], [0, 2, 0], [1, 0, 0]])
    state.apply_text("move 1,0")
    assert state.chance_outcomes() == [(2, 1.0)]


def test_rule_steal_from_an_empty_purse_gives_nothing(position: Any) -> None:
    state = position(["steal-left 1,0 N"])
    state.apply_text("move 1,0")
    assert state.to_act == 1


def test_rule_wind_moves_exactly_two_rooms_only_the_arrival_acts(position: Any) -> None:
    state = position(["wind 1,0 E", "find 2,0 E", "map 3,0 N", "room 2,1 S"],
                     heroes=["1,0", "0,0"], hands=[[], ["room N"]])
    assert state.legal_texts() == ["move 3,0"]
    state.apply_text("move 3,0")
    assert state.to_act == 0 and state.legal_texts() == ["map 1"]  # not the crossed Find


def test_rule_wind_crossing_a_passkey_counts_four_arrows_less_those_pointed_at(position: Any) -> None:
    state = position(["wind 1,0 E", "passkey 2,0", "room 3,0 W", "room 2,1 N", "room 2,-1 E"],
                     heroes=["1,0", "0,0"])
    # 3,0 points at the Passkey: that way is closed (open question 29); back west too
    assert sorted(state.legal_texts()) == ["move 2,-1", "move 2,1"]


def test_rule_wind_harp_next_to_the_crossed_room_becomes_the_second(position: Any) -> None:
    state = position(["wind 1,0 E", "room 2,0 EN", "harp 2,1 N", "room 3,0 N"],
                     heroes=["1,0", "0,0"])
    assert sorted(state.legal_texts()) == ["move 2,1"]


def test_rule_wind_no_two_room_path_no_move(position: Any) -> None:
    state = position(["wind 1,0 E", "room 2,0 S"], heroes=["1,0", "0,0"], hands=[["room N"], []])
    assert not any(t.startswith("move") for t in state.legal_texts())  # lay a room instead
    state = position(["wind 1,0 E", "room 2,0 S"], heroes=["1,0", "0,0"])
    assert state.legal_texts() == ["pass"]


def test_rule_teleport_to_any_other_room(position: Any) -> None:
    state = position(["teleport 1,0", "room 5,5 N", "room 0,1 N"], heroes=["1,0", "0,0"])
    assert sorted(state.legal_texts()) == ["move 0,0", "move 0,1", "move 5,5"]  # question 30


def test_rule_teleport_into_drakons_room_is_caught(position: Any) -> None:
    state = position(["teleport 1,0", "room 0,1 N"], heroes=["1,0", "0,0"], drakon="0,1",
                     purses=[[1, 0, 0], [0, 0, 0]])
    state.apply_text("move 0,1")
    assert at(state, 0) == "0,0" and state.to_act == CHANCE


# -- variants (004, Règle optionnelle et variantes) -----------------------------------------

def test_rule_teams_partners_pool_their_gold_and_need_twenty() -> None:
    state = GAME.new_state({"players": 4, "teams": True}, seed=1)
    assert state.purse_of == [0, 1, 0, 1] and state.goal == 20
    six = GAME.new_state({"players": 6, "teams": True}, seed=1)
    assert six.purse_of == [0, 1, 2, 0, 1, 2]


def test_rule_teams_partners_see_their_common_coins(position: Any) -> None:
    state = position(["room 1,0 N"], players=4, teams=True, purses=[[1, 0, 2], [0, 1, 0]])
    assert state.observe(2).gold == (7, None) and state.observe(1).gold == (None, 2)


def test_rule_teams_a_partner_is_not_an_opponent(position: Any) -> None:
    state = position(["map 1,0 N"], players=4, teams=True,
                     hands=[[], ["room N"], ["room N"], []])
    state.apply_text("move 1,0")
    assert state.legal_texts() == ["map 1"]  # not the partner, seat 2 (open question 39)


def test_rule_teams_options_need_four_or_six_players() -> None:
    from ludotheque.core.errors import OptionsError

    with pytest.raises(OptionsError, match="4 or 6"):
        GAME.new_state({"players": 5, "teams": True}, seed=1)


def test_rule_couple_two_heroes_each_in_the_order_a1_b1_a2_b2() -> None:
    state = GAME.new_state({"players": 2, "couple": True, "first_player": 0}, seed=2)
    assert state.hero_owner == [0, 0, 1, 1] and state.goal == 20
    turns = []  # (seat, hero) of each turn
    while len(turns) < 8 and not state.is_terminal:
        step = state.current[0]
        if state.to_act == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
            continue
        if step == 1:  # which hero first: the second of the two
            state.apply_text(state.legal_texts()[-1])
            continue
        if step == 0:
            turns.append((state.current[1], state.current[2]))
        state.apply(state.legal_actions()[0])
    assert [seat for seat, _ in turns] == [0, 1, 0, 1, 0, 1, 0, 1]
    assert [hero for _, hero in turns[:4]] == [1, 3, 0, 2]  # each hero acts once a round
    assert sorted(hero for _, hero in turns[4:]) == [0, 1, 2, 3]


def test_rule_couple_needs_two_players() -> None:
    from ludotheque.core.errors import OptionsError

    with pytest.raises(OptionsError, match="2 players"):
        GAME.new_state({"players": 3, "couple": True}, seed=1)


def test_rule_fixed_value_five_coins_win(position: Any) -> None:
    state = position(["find 1,0 N"], purses=[[4, 0, 0], [0, 0, 0]], fixed_value=True)
    assert state.goal == 5
    state.apply_text("move 1,0")
    state.apply_text("coin 1")
    assert state.is_terminal and state.winners() == [0]


def test_rule_short_game_goal_option(position: Any) -> None:
    state = position(["find 1,0 N"], purses=[[0, 2, 0], [0, 0, 0]], goal=7)
    state.apply_text("move 1,0")
    state.apply_text("coin 3")
    assert state.is_terminal and state.winners() == [0]


def test_rule_escape_gold_alone_does_not_win(position: Any) -> None:
    state = position(["find 1,0 N"], purses=[[0, 4, 0], [0, 0, 0]], escape=True)
    assert state.goal == 8
    state.apply_text("move 1,0")
    state.apply_text("coin 2")
    assert not state.is_terminal


def test_rule_escape_with_eight_gold_onto_escape_or_teleport_wins(position: Any) -> None:
    state = position(["escape 1,0 N"], purses=[[0, 4, 0], [0, 0, 0]], escape=True)
    state.apply_text("move 1,0")
    assert state.is_terminal and state.ending == "escape" and state.winners() == [0]
    state = position(["teleport 1,0"], purses=[[0, 4, 0], [0, 0, 0]], escape=True)
    state.apply_text("move 1,0")
    assert state.is_terminal


def test_rule_escape_laying_an_escape_counts(position: Any) -> None:
    state = position(hands=[["escape N"], []], purses=[[0, 4, 0], [0, 0, 0]], escape=True)
    state.apply_text("place escape 1,0 N")
    assert state.is_terminal and state.winners() == [0]  # open question 38


def test_rule_escape_moved_there_by_an_opponent_does_not_win(position: Any) -> None:
    state = position(["mind 1,0 N", "escape 0,1 N"], purses=[[0, 0, 0], [0, 4, 0]],
                     escape=True, hands=[[], ["room N"]])
    state.apply_text("move 1,0")
    state.apply_text("mind barbarian 0,1")
    assert not state.is_terminal  # "when you move your hero" (open question 38)


# -- chance, records ------------------------------------------------------------------------

def test_rule_chance_steps_list_outcomes_summing_to_one() -> None:
    rng = random.Random(5)
    state = GAME.new_state({"players": 3}, seed=5)
    seen = 0
    while not state.is_terminal and seen < 30:
        if state.to_act == CHANCE:
            seen += 1
            assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
            state.apply(state.chance_outcomes()[0][0])
        else:
            state.apply(state.sample_action(rng))
    assert seen > 0


# -- options for the readings players may want the other way --------------------------------

def test_rule_option_pass_at_will(position: Any) -> None:
    state = position(["room 1,0 N"], pass_at_will=True)
    assert sorted(state.legal_texts()) == ["move 1,0", "pass"]
    state.apply_text("pass")
    assert state.to_act == 1


def test_rule_option_drakon_staying_put_catches_nobody(position: Any) -> None:
    state = position(["drakon 1,0 N"], players=3, heroes=["0,0", "0,0", "0,0"], drakon="0,0",
                     purses=[[0, 0, 0], [1, 0, 0], [0, 0, 0]], drakon_stay_catches=False)
    state.apply_text("move 1,0")
    state.apply_text("drakon 0,0")
    assert state.to_act == 1 and state.purses[1] == [1, 0, 0]


def test_rule_option_map_room_victim_drawn_at_random(position: Any) -> None:
    state = position(["map 1,0 N"], players=3, hands=[[], ["find N"], ["wind NS"]],
                     map_room="random")
    state.apply_text("move 1,0")
    assert state.to_act == CHANCE
    assert sorted(state.chance_outcomes()) == [(GAME.parse_action("map 1"), 0.5),
                                               (GAME.parse_action("map 2"), 0.5)]
    state.apply_text("map 2")
    assert state.to_act == CHANCE and state.chance_outcomes() == [
        (GAME.parse_action("tile wind NS"), 1.0)]
