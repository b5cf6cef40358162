"""Gargon's rules 2 to 8 (issue 2, section 3, rulings 2-8), each from an explicit position.

Tests are named after the ruling they check; docs/rules/gargon.md maps every rule line of the
rulebooks (000, 001, 002) to its ruling and to these names. Every refusal goes through the
``refused`` fixture, which also checks that nothing changed.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

import pytest

from ludotheque.core.errors import IllegalActionError, NotationError
from ludotheque.games.gargon import GAME
from ludotheque.games.gargon.actions import BATTLE, DRAW, MAX_ACTION, PASS, PLAY, STOP, play_action
from ludotheque.games.gargon.notation import card_text, parse_card
from ludotheque.games.gargon.phase import Phase
from ludotheque.games.gargon.rules import SHAPES, shape_of, shape_text
from ludotheque.games.gargon.state import GargonState

PILES = ("V10 V11 V12 V13 V14 V15", "W12 W13 W14 W15 Y13 Y14")  # enough to draw in any short scenario


def texts(cards: list[int]) -> list[str]:
    return [card_text(c) for c in cards]


def discard_of(state: GargonState) -> list[str]:
    return texts(state.discard)


# -- rule 2: the first player's play ------------------------------------------------------

FIRST_HAND = "W5 B7 B3 B1 R9 R0 R0 Y2"


@pytest.mark.parametrize("text, shape", [
    ("play R9", (1,)),
    ("play B7 B3", (2,)),
    ("play R0 R0", (2,)),
    ("play W5 R9", (1, 1)),
    ("play B7 B3 R9", (2, 1)),
    ("play R0 R9 Y2", (2, 1)),
    ("play W5 B7 R9", (1, 1, 1)),
])
def test_rule_2_first_player_plays_one_of_the_five_shapes(position: Any, play: Any, text: str,
                                                          shape: tuple[int, ...]) -> None:
    state = position([FIRST_HAND, "G1", "G2"], piles=PILES)
    play(state, text)
    assert state.shape == shape and shape in SHAPES
    assert state.to_act == 1 and state.phase == Phase.PLACE
    assert state.in_play_count(0) == len(text.split()) - 1


def test_rule_2_legal_plays_are_every_one_to_three_cards_but_three_of_a_colour(position: Any) -> None:
    state = position([FIRST_HAND, "G1", "G2"], piles=PILES)
    hand = [parse_card(t) for t in FIRST_HAND.split()]
    expected = {
        play_action(list(cards))
        for size in (1, 2, 3)
        for cards in combinations(hand, size)
        if shape_of(list(cards)) != (3,)
    }
    assert set(state.legal_actions()) == expected
    assert len(state.legal_actions()) == len(expected)  # each play listed once (two R0s!)
    assert PASS not in state.legal_actions()


def test_rule_2_three_cards_of_one_colour_never(position: Any, refused: Any) -> None:
    state = position([FIRST_HAND, "G1", "G2"], piles=PILES)
    three_blue = play_action([parse_card(t) for t in ("B7", "B3", "B1")])
    assert three_blue not in state.legal_actions()
    assert refused(state, three_blue) == "three cards of one colour can never be played"
    assert state.refusal(three_blue, "fr") == "il est interdit de poser trois cartes de la même couleur"
    with pytest.raises(NotationError, match="three cards of one colour"):
        state.apply_text("play B7 B3 B1")  # the notation itself has no such play


def test_rule_2_first_player_cannot_pass(position: Any, refused: Any) -> None:
    state = position([FIRST_HAND, "G1", "G2"], piles=PILES)
    assert refused(state, "pass") == "the first player must play one to three cards"
    assert state.refusal(PASS, "fr") == "le premier joueur doit poser une à trois cartes"


@pytest.mark.parametrize("text, says", [
    ("stop", "stop ends a pass, and you are not passing"),
    ("draw 1", "you cannot draw now: play one to three cards"),
    ("battle R", "no colour can be chosen now: play one to three cards"),
])
def test_rule_2_first_player_must_play(position: Any, refused: Any, text: str, says: str) -> None:
    state = position([FIRST_HAND, "G1", "G2"], piles=PILES)
    assert refused(state, text) == says


def test_rule_2_first_player_with_one_card_must_play_it(position: Any) -> None:
    state = position(["Y4", "G1", "G2"], piles=PILES)
    assert state.legal_texts() == ["play Y4"]


def test_rule_2_cards_played_come_from_the_hand(position: Any, refused: Any) -> None:
    state = position(["R9 R0", "G1 R0", "G2"], piles=PILES)
    assert refused(state, "play G15") == "green 15 is not in your hand"
    assert refused(state, "play R0 R0") == "red 0 is not in your hand"  # he holds only one R0
    assert state.refusal(GAME.parse_action("play G15"), "fr") == "vous n'avez pas vert 15 en main"


# -- rule 3: following --------------------------------------------------------------------

def test_rule_3_follow_same_count_and_shape_in_any_colours(position: Any, play: Any) -> None:
    state = position(["B7 B3 R9", "G4 G2 W1 Y8", "R5 R4 B6"], piles=PILES)
    play(state, "play B7 B3 R9")
    hand = [parse_card(t) for t in ("G4", "G2", "W1", "Y8")]
    follows = {play_action(list(c)) for c in combinations(hand, 3) if shape_of(list(c)) == (2, 1)}
    assert set(state.legal_actions()) == follows | {PASS}
    play(state, "play G4 G2 W1")  # none of the first player's colours
    assert state.to_act == 2 and state.in_play_count(1) == 3


def test_rule_3_follow_may_swap_the_colours_of_the_shape(position: Any, play: Any) -> None:
    """001: after 2 blue + 1 red, 2 red + 1 blue follows (the same shape, reversed)."""
    state = position(["B7 B3 R9", "R5 R4 B6", "G1"], piles=PILES)
    play(state, "play B7 B3 R9; play R5 R4 B6")
    assert state.to_act == 2 and state.in_play_count(1) == 3


@pytest.mark.parametrize("text, played", [
    ("play G4 W1 Y8", "1+1+1"), ("play G4", "1"), ("play G4 G2", "2"), ("play G4 W1", "1+1"),
])
def test_rule_3_follow_shape_mismatch_refused(position: Any, play: Any, refused: Any, text: str,
                                              played: str) -> None:
    state = position(["B7 B3 R9", "G4 G2 W1 Y8", "R5"], piles=PILES)
    play(state, "play B7 B3 R9")
    assert refused(state, text) == f"you must follow the shape 2+1 (you played {played}), or pass"
    assert state.refusal(GAME.parse_action(text), "fr") == (
        f"vous devez suivre le rapport 2+1 (vous avez posé {played}), ou passer"
    )


def test_rule_3_follower_who_cannot_follow_must_pass(position: Any, play: Any) -> None:
    state = position(["B7 B3", "G4 W1 Y8", "R5"], piles=PILES)
    play(state, "play B7 B3")
    assert state.legal_texts() == ["pass"]  # no pair in hand


def test_rule_3_pass_allowed_even_when_one_could_follow(position: Any, play: Any) -> None:
    state = position(["B7", "G4 W1", "R5"], piles=PILES)
    play(state, "play B7")
    assert len(state.legal_texts()) == 3  # pass, play W1, play G4
    play(state, "pass")
    assert state.passed[1] and state.phase == Phase.PASS_DRAW and state.to_act == 1


def test_rule_3_last_seat_only_colours_played_this_round_by_anyone(position: Any, play: Any,
                                                                   refused: Any) -> None:
    # Four players, seat 0 first: seat 3 places last. Y and R come from seat 0, B and V from
    # seat 1 (not the first player: they count too); seat 2 passes and adds nothing.
    state = position(["Y9 Y4 R3", "B9 B4 V3", "G1 G2 W2", "W7 W6 G7 G6 Y7 Y1 B5 R5"], piles=PILES)
    play(state, "play Y9 Y4 R3; play B9 B4 V3")
    assert "play W2 G2 G1" in state.legal_texts()  # seat 2 is not last: new colours are fine
    play(state, "pass; draw 1; stop")
    assert state.to_act == 3 and state.last_seat == 3
    assert state.legal_texts() == ["pass", "play B5 Y7 Y1", "play R5 Y7 Y1"]
    says = ("as the last seat of the round you may only use colours already played this round"
            " (blue, violet, red, yellow)")
    assert refused(state, "play W7 W6 Y7") == says
    assert refused(state, "play G7 G6 B5") == says
    assert refused(state, "play Y7 Y1 G7") == says
    assert state.refusal(GAME.parse_action("play Y7 Y1 G7"), "fr") == (
        "dernier joueur de la manche, vous ne pouvez poser que des couleurs déjà jouées "
        "(bleu, violet, rouge, jaune)"
    )
    play(state, "play R5 Y7 Y1")
    assert state.phase == Phase.FIGHT


@pytest.mark.parametrize("players", [3, 4, 5])
def test_rule_3_last_seat_is_the_one_just_before_the_first_player(position: Any, play: Any,
                                                                  players: int) -> None:
    for first in range(players):
        last = (first - 1) % players
        hands = ["R1" if seat == first else f"G{seat + 2} R{seat + 2}" for seat in range(players)]
        state = position(hands, first_player=first)  # empty piles: passes draw nothing
        play(state, "play R1")
        while state.to_act != last:
            assert f"play G{state.to_act + 2}" in state.legal_texts()  # not last: any colour
            play(state, "pass")
        assert state.last_seat == last
        assert state.legal_texts() == ["pass", f"play R{last + 2}"]


def test_rule_3_last_seat_may_always_pass(position: Any, play: Any) -> None:
    state = position(["R1", "B2", "R3 G3"], piles=PILES)
    play(state, "play R1; play B2")
    assert state.legal_texts() == ["pass", "play R3"]
    play(state, "pass; draw 2; stop")
    assert state.phase == Phase.FIGHT


# -- rule 4: passing ----------------------------------------------------------------------

def test_rule_4_pass_then_draw_one_at_a_time_from_either_pile_top(position: Any, play: Any,
                                                                  hand_of: Any) -> None:
    state = position(["R9", "G1", "G2"], piles=PILES)
    play(state, "play R9; pass")
    assert state.phase == Phase.PASS_DRAW and state.to_act == 1
    assert state.legal_texts() == ["draw 1", "draw 2"]  # at least one card: no stop yet
    play(state, "draw 1")
    assert hand_of(state, 1) == ["V10", "G1"] and state.drawn == 1
    assert state.legal_texts() == ["draw 1", "draw 2", "stop"]
    play(state, "draw 2")
    assert hand_of(state, 1) == ["W12", "V10", "G1"]
    play(state, "draw 1")  # the third draw ends the pass by itself
    assert hand_of(state, 1) == ["W12", "V11", "V10", "G1"]
    assert state.phase == Phase.PLACE and state.to_act == 2
    assert texts(state.piles[0][::-1]) == ["V12", "V13", "V14", "V15"]
    assert texts(state.piles[1][::-1]) == ["W13", "W14", "W15", "Y13", "Y14"]


def test_rule_4_drawn_cards_show_their_colour_to_others(position: Any, play: Any) -> None:
    state = position(["R9", "G1", "G2"], piles=PILES)
    play(state, "play R9; pass; draw 2")
    assert state.observe(0).to_json()["hands"][1] == ["W?", "G?"]
    assert state.observe(1).to_json()["hands"][1] == ["W12", "G1"]
    assert state.observe(2).to_json()["piles"][1][0] == "W?"  # the next top, colour only


@pytest.mark.parametrize("draws", [1, 2])
def test_rule_4_stop_after_one_or_two_draws(position: Any, play: Any, draws: int) -> None:
    state = position(["R9", "G1", "G2"], piles=PILES)
    play(state, "play R9; pass", ["draw 2"] * draws, "stop")
    assert state.hand_size(1) == 1 + draws
    assert state.phase == Phase.PLACE and state.to_act == 2


def test_rule_4_stop_before_any_draw_refused(position: Any, play: Any, refused: Any) -> None:
    state = position(["R9", "G1", "G2"], piles=PILES)
    play(state, "play R9; pass")
    assert refused(state, "stop") == "draw at least one card before you stop"
    assert state.refusal(STOP, "fr") == "piochez au moins une carte avant de vous arrêter"
    assert refused(state, "pass") == "you cannot pass now: draw from a pile"
    assert refused(state, "play G1") == "no cards can be played now: draw from a pile"
    play(state, "draw 1")
    assert refused(state, "pass") == "you cannot pass now: draw from a pile or stop"
    assert state.refusal(PASS, "fr") == "impossible de passer maintenant : piochez ou arrêtez-vous (stop)"


def test_rule_4_no_fourth_draw(position: Any, play: Any) -> None:
    state = position(["R9", "G1", "G2"], piles=PILES)
    play(state, "play R9; pass; draw 1; draw 1; draw 1")
    assert state.to_act == 2 and state.hand_size(1) == 4
    assert state.legal_texts()[0] == "pass"  # seat 2 is placing now


def test_rule_4_draw_from_an_empty_pile_refused(position: Any, play: Any, refused: Any) -> None:
    state = position(["R9", "G1", "G2"], piles=("V1 V2", ""))
    play(state, "play R9; pass")
    assert state.legal_texts() == ["draw 1"]
    assert refused(state, "draw 2") == "pile 2 is empty"
    assert state.refusal(DRAW + 1, "fr") == "la pioche 2 est vide"


def test_rule_4_pass_with_both_piles_empty_draws_nothing(position: Any, play: Any) -> None:
    state = position(["R9", "G1", "G2"])
    play(state, "play R9; pass")
    assert state.phase == Phase.PLACE and state.to_act == 2 and state.passed[1]
    assert state.hand_size(1) == 1
    assert [e.kind for e in state.log] == ["play", "pass"]


def test_rule_4_pass_ends_when_the_piles_run_out(position: Any, play: Any) -> None:
    state = position(["R9", "G1", "G2"], piles=("V1", ""))
    play(state, "play R9; pass; draw 1")
    assert state.phase == Phase.PLACE and state.to_act == 2  # no stop needed, nothing to draw


def test_rule_4_passers_take_no_part_in_the_fights(position: Any, play: Any, won_of: Any,
                                                   hand_of: Any) -> None:
    state = position(["R5", "R15 R14", "R9"], piles=PILES)
    play(state, "play R5; pass; draw 1; stop; play R9")
    assert state.passed == [False, True, False]
    play(state, "battle R")  # 5 against 9 only: seat 1's phoenixes stay in hand
    assert state.phase == Phase.LOSER_DRAW and state.pending == [0]
    play(state, "draw 2")
    assert won_of(state, 2) == ["R9"] and won_of(state, 1) == []
    assert hand_of(state, 1) == ["V10", "R15", "R14"]
    assert state.first == 1 and state.to_act == 1  # the next round


# -- rule 5: the fight phase --------------------------------------------------------------

def test_rule_5_cards_in_play_are_revealed_when_placing_ends(position: Any, play: Any) -> None:
    state = position(["Y6 R9", "B8 R8", "G1 G2"], piles=PILES)
    play(state, "play Y6 R9; play B8 R8")
    assert state.observe(2).to_json()["in_play"][:2] == [["R?", "Y?"], ["B?", "R?"]]
    play(state, "pass; draw 1; stop")
    assert state.observe(2).to_json()["in_play"][:2] == [["R9", "Y6"], ["B8", "R8"]]
    reveal = [e for e in state.log if e.kind == "reveal"]
    assert len(reveal) == 1 and reveal[0].seats == (0, 0, 1, 1)


def test_rule_5_first_player_chooses_while_he_has_cards_in_play(position: Any, play: Any,
                                                                won_of: Any) -> None:
    state = position(["Y6 Y2 R9", "B8 B2 R8", "G1 G2 G3"], piles=PILES)
    play(state, "play Y6 Y2 R9; play B8 B2 R8; pass; draw 1; stop")
    assert state.phase == Phase.FIGHT and state.to_act == 0
    assert state.legal_texts() == ["battle R", "battle Y"]
    play(state, "battle Y")
    assert state.to_act == 0 and state.legal_texts() == ["battle R"]
    play(state, "battle R; draw 1")  # seat 1 loses 8 to 9 and draws
    # Seat 0 has nothing left in play: the next seat clockwise with cards in play chooses.
    assert state.phase == Phase.FIGHT and state.to_act == 1 and state.legal_texts() == ["battle B"]
    play(state, "battle B")
    assert won_of(state, 0) == ["R9", "Y6", "Y2"] and won_of(state, 1) == ["B8", "B2"]
    assert state.first == 1


def test_rule_5_next_chooser_skips_seats_without_cards_in_play(position: Any, play: Any) -> None:
    state = position(["R9 B1", "W1", "G4 Y4", "R2"], piles=PILES)
    play(state, "play R9 B1; pass; draw 1; stop; play G4 Y4; pass; draw 1; stop")
    choosers = []
    while state.phase == Phase.FIGHT:
        choosers.append(state.to_act)
        play(state, state.legal_texts()[0])
    assert choosers == [0, 0, 2, 2]
    assert state.first == 1 and state.phase == Phase.PLACE


def test_rule_5_choosers_go_clockwise_from_the_round_first_player(position: Any, play: Any) -> None:
    # Three players, seat 2 first: seat 0 places second and chooses second.
    state = position(["B5 G9", "R6", "R5"], piles=PILES, first_player=2)
    play(state, "play R5; play B5; play R6")
    assert state.to_act == 2 and state.legal_texts() == ["battle R"]
    play(state, "battle R")  # R6 (seat 1) beats R5: seat 2 draws
    assert state.phase == Phase.LOSER_DRAW and state.to_act == 2
    play(state, "draw 1")
    assert state.phase == Phase.FIGHT and state.to_act == 0 and state.legal_texts() == ["battle B"]
    play(state, "battle B")
    assert state.first == 0  # next round: clockwise from seat 2


def test_rule_5_battle_of_a_colour_not_in_play_refused(position: Any, play: Any, refused: Any) -> None:
    state = position(["Y6 R9", "B8 R8", "G1"], piles=PILES)
    play(state, "play Y6 R9; play B8 R8; pass; draw 1; stop")
    assert refused(state, "battle G") == "you have no green card in play"
    assert refused(state, "battle B") == "you have no blue card in play"  # only seat 1 has blue
    assert state.refusal(BATTLE + 5, "fr") == "vous n'avez pas de vert en jeu"
    assert refused(state, "draw 1") == "you cannot draw now: choose the colour to fight next (battle C)"


def test_rule_5_every_choice_is_an_action_even_the_only_one(position: Any, play: Any) -> None:
    state = position(["R4", "G1", "G2"])
    play(state, "play R4; pass; pass")
    assert state.phase == Phase.FIGHT and state.to_act == 0 and state.legal_texts() == ["battle R"]


# -- rule 6: resolving a colour -----------------------------------------------------------

def test_rule_6_uncontested_colour_won_whole_case_A(position: Any, play: Any, won_of: Any) -> None:
    state = position(["Y6 Y2", "G1", "G2"], piles=PILES)
    play(state, "play Y6 Y2; pass; draw 1; stop; pass; draw 1; stop; battle Y")
    assert won_of(state, 0) == ["Y6", "Y2"] and not state.discard
    assert state.first == 1  # round over, nobody drew for it
    assert [e.kind for e in state.log if e.kind in ("win", "fight")] == ["win"]


def test_rule_6_case_C_last_card_after_a_fight_wins_alone(position: Any, play: Any, won_of: Any) -> None:
    state = position(["R9 R2 B3", "G7 G6 R5", "W1"], piles=PILES)
    play(state, "play R9 R2 B3; play G7 G6 R5; pass; draw 1; stop; battle R")
    assert state.phase == Phase.LOSER_DRAW and state.pending == [1]
    play(state, "draw 1")
    assert won_of(state, 0) == ["R9", "R2"]  # R2 was left alone: won without a fight
    assert discard_of(state) == ["R5"]
    assert state.to_act == 0 and state.legal_texts() == ["battle B"]


def test_rule_6_highest_card_of_each_player_fights_and_others_are_discarded(position: Any, play: Any,
                                                                            won_of: Any) -> None:
    state = position(["R10 R2", "R12 R1", "R8 R7", "R15 R3"], piles=PILES)
    play(state, "play R10 R2; play R12 R1; play R8 R7; play R15 R3; battle R")
    # First fight: 10, 12, 8 and 15; the 15 wins, the three others go to the discard.
    assert won_of(state, 3) == ["R15"]
    assert discard_of(state) == ["R10", "R12", "R8"]
    assert state.pending == [0, 1, 2]
    play(state, "draw 1; draw 1; draw 1")
    # Second fight with what is left: 2, 1, 7 and 3; the 7 wins.
    assert won_of(state, 2) == ["R7"]
    assert discard_of(state) == ["R10", "R12", "R8", "R2", "R1", "R3"]
    assert state.pending == [0, 1, 3]
    play(state, "draw 2; draw 2; draw 2")
    assert state.phase == Phase.PLACE and state.first == 1
    fights = [e for e in state.log if e.kind == "fight"]
    assert [(e.seat, e.seats, texts(list(e.cards))) for e in fights] == [
        (3, (0, 1, 2, 3), ["R10", "R12", "R8", "R15"]),
        (2, (0, 1, 2, 3), ["R2", "R1", "R7", "R3"]),
    ]


def test_rule_6_second_fight_in_the_same_colour(position: Any, play: Any, won_of: Any) -> None:
    state = position(["R9 R2", "R7 R5", "G1"], piles=PILES)
    play(state, "play R9 R2; play R7 R5; pass; draw 1; stop; battle R")
    assert won_of(state, 0) == ["R9"] and state.to_act == 1  # 9 beats 7; seat 1 draws
    play(state, "draw 1")
    assert won_of(state, 1) == ["R5"] and state.to_act == 0  # 5 beats 2; seat 0 draws
    play(state, "draw 1")
    assert discard_of(state) == ["R7", "R2"] and state.first == 1


def test_rule_6_losers_draw_clockwise_from_the_round_first_player(position: Any, play: Any,
                                                                  hand_of: Any) -> None:
    state = position(["R15", "R5", "R3", "R4"], piles=PILES, first_player=2)
    play(state, "play R3; play R4; play R15; play R5; battle R")
    assert state.pending == [2, 3, 1]  # seat 0 won; the losers from seat 2 round the table
    assert state.observe(None).pending_draws == (2, 3, 1)
    drawers = []
    for pile in ("draw 2", "draw 1", "draw 2"):  # each loser chooses his pile
        drawers.append(state.to_act)
        assert state.legal_texts() == ["draw 1", "draw 2"]
        play(state, pile)
    assert drawers == [2, 3, 1]
    assert hand_of(state, 2) == ["W12"] and hand_of(state, 3) == ["V10"] and hand_of(state, 1) == ["W13"]


def test_rule_6_loser_must_draw(position: Any, play: Any, refused: Any) -> None:
    state = position(["R9", "R5", "G1"], piles=PILES)
    play(state, "play R9; play R5; pass; draw 1; stop; battle R")
    assert state.to_act == 1 and state.phase == Phase.LOSER_DRAW
    assert refused(state, "stop") == "stop ends a pass, and you are not passing"
    assert refused(state, "pass") == "you cannot pass now: draw a card (you lost a fight)"
    assert refused(state, "battle R") == "no colour can be chosen now: draw a card (you lost a fight)"
    assert state.refusal(PASS, "fr") == (
        "impossible de passer maintenant : piochez une carte (vous avez perdu un combat)"
    )


def test_rule_6_a_zero_never_wins_a_fight(position: Any, play: Any, won_of: Any) -> None:
    state = position(["R0", "R1", "G1"], piles=PILES)
    play(state, "play R0; play R1; pass; draw 1; stop; battle R")
    assert won_of(state, 1) == ["R1"] and discard_of(state) == ["R0"]
    assert state.to_act == 0 and state.phase == Phase.LOSER_DRAW  # the 0's owner lost: he draws


def test_rule_6_zero_clash_both_discarded_and_nobody_draws(position: Any, play: Any, won_of: Any) -> None:
    state = position(["R0 Y3", "R0 Y4", "R7"], piles=PILES)
    piles = [list(p) for p in state.piles]
    play(state, "play R0; play R0; play R7; battle R")
    assert discard_of(state) == ["R0", "R0"]
    assert won_of(state, 2) == ["R7"]  # then the 7 is alone: won without a fight
    assert state.piles == piles and state.phase == Phase.PLACE and state.first == 1
    clash = [e for e in state.log if e.kind == "clash"]
    assert len(clash) == 1 and clash[0].seats == (0, 1)


def test_rule_6_zero_clash_then_the_other_cards_fight(position: Any, play: Any, won_of: Any) -> None:
    state = position(["R12 R0", "R3 R0", "G1"], piles=PILES)
    play(state, "play R12 R0; play R3 R0; pass; draw 1; stop; battle R")
    assert won_of(state, 0) == ["R12"]
    assert discard_of(state) == ["R0", "R0", "R3"]
    assert state.pending == [1]  # only the lost 3 is replaced, not the 0s


def test_rule_6_one_player_holding_both_zeros_is_no_clash(position: Any, play: Any, won_of: Any) -> None:
    state = position(["R0 R0", "R5 R3", "G1"], piles=PILES)
    play(state, "play R0 R0; play R5 R3; pass; draw 1; stop; battle R")
    # First fight 0 against 5, second 0 against 3: a 0 never wins a fight.
    assert won_of(state, 1) == ["R5"] and state.to_act == 0
    play(state, "draw 1")
    assert won_of(state, 1) == ["R5", "R3"] and state.to_act == 0
    play(state, "draw 2")
    assert discard_of(state) == ["R0", "R0"]
    assert not [e for e in state.log if e.kind == "clash"]


def test_rule_6_both_zeros_won_uncontested(position: Any, play: Any, won_of: Any) -> None:
    state = position(["R0 R0", "G1", "G2"], piles=PILES)
    play(state, "play R0 R0; pass; draw 1; stop; pass; draw 1; stop; battle R")
    assert won_of(state, 0) == ["R0", "R0"]


def test_rule_6_losers_draws_skipped_when_both_piles_are_empty(position: Any, play: Any) -> None:
    state = position(["R9 G1", "R5 G2", "R4 G3"])
    play(state, "play R9; play R5; play R4; battle R")
    assert state.is_terminal  # no draw to wait for; the final round is over
    assert discard_of(state) == ["R5", "R4"]


def test_rule_6_a_loser_draws_from_the_other_pile_when_one_runs_out(position: Any, play: Any,
                                                                    refused: Any) -> None:
    state = position(["R9 G1", "R5 G2", "R4 G3"], piles=("V1", "W5 W6"))
    play(state, "play R9; play R5; play R4; battle R; draw 1")
    assert state.final_round and state.to_act == 2
    assert state.legal_texts() == ["draw 2"]
    assert refused(state, "draw 1") == "pile 1 is empty"
    play(state, "draw 2")
    assert state.is_terminal


def test_rule_6_later_losers_skip_their_draw_when_the_piles_run_out(position: Any, play: Any) -> None:
    state = position(["R9 G1", "R5 G2", "R4 G3"], piles=("V1", ""))
    play(state, "play R9; play R5; play R4; battle R; draw 1")
    assert state.is_terminal and state.hand_size(1) == 2 and state.hand_size(2) == 1


# -- rule 7: won piles and the round's end ------------------------------------------------

def test_rule_7_won_cards_go_to_the_winner_won_pile(position: Any, play: Any) -> None:
    state = position(["R9 Y2", "R5 G2", "G1"], piles=PILES)
    play(state, "play R9 Y2; play R5 G2; pass; draw 1; stop; battle R; draw 1; battle Y; battle G")
    assert state.won[0][3] == [9] and state.won[0][4] == [2] and state.won[1][5] == [2]
    assert state.observe(0).to_json()["won"][0] == ["R9", "Y2"]
    assert state.observe(1).to_json()["won"][0] == ["R?", "Y?"]


def test_rule_7_won_piles_list_values_high_to_low(position: Any, play: Any) -> None:
    """A won pile keeps the order every other zone keeps (values descending per colour), so a
    position reached by play and the same position given as a set-up look the same."""
    state = position(["R9", "G1", "B1"], piles=PILES, won=["R5", "", ""])
    play(state, "play R9; pass; draw 1; stop; pass; draw 1; stop; battle R")
    assert state.won[0][3] == [9, 5]
    assert state.observe(0).to_json()["won"][0] == ["R9", "R5"]


def test_rule_7_round_ends_when_nothing_is_in_play(position: Any, play: Any) -> None:
    state = position(["R9 Y2", "R5 G2", "G1 B1"], piles=PILES)
    play(state, "play R9; play R5; pass; draw 1; stop; battle R")
    assert state.phase == Phase.LOSER_DRAW
    play(state, "draw 1")
    assert state.phase == Phase.PLACE and state.first == 1 and state.to_act == 1
    assert state.shape == () and state.round_colours == 0 and state.passed == [False] * 3
    assert state.placed == 0 and state.drawn == 0 and not any(any(p) for p in state.in_play)
    assert [e.kind for e in state.log][-1] == "round" and state.log[-1].seat == 1


def test_rule_7_next_first_player_skips_seats_with_empty_hands(position: Any, play: Any) -> None:
    state = position(["R5 G1", "R6", "B1", "B2"], piles=PILES)
    play(state, "play R5; play R6; pass; draw 1; stop; pass; draw 1; stop; battle R; draw 1")
    assert state.hand_size(1) == 0  # seat 1 won with his last card
    assert state.first == 2 and state.to_act == 2


def test_rule_7_the_same_first_player_again_when_only_he_has_cards(position: Any, play: Any) -> None:
    state = position(["R5 G1", "B3", "R6"], piles=PILES)
    play(state, "play R5; play B3; play R6; battle R; draw 1; battle B")
    assert [state.hand_size(s) for s in range(3)] == [2, 0, 0]
    assert state.first == 0 and state.to_act == 0 and not state.is_terminal


def test_rule_7_no_hand_holds_a_card_game_over(position: Any, play: Any) -> None:
    state = position(["R0", "B3", "R0"], piles=PILES)
    play(state, "play R0; play B3; play R0; battle R")  # the two R0s clash, no draws
    play(state, "battle B")
    assert state.is_terminal and not state.final_round and state.piles[0]
    assert state.phase == Phase.OVER and state.legal_actions() == []
    assert state.scores() == [0.0, 14.0, 0.0]  # B3: 4 amulets + 10 (blue majority)
    assert state.log[-1].kind == "over"


# -- rule 8: the end of the game ----------------------------------------------------------

def test_rule_8_last_card_of_a_pile_drawn_round_played_out_then_game_over(position: Any, play: Any,
                                                                         refused: Any) -> None:
    state = position(["R5 G1", "R6 B1", "R7 Y1"], piles=("V1", "W5 W6 W7"))
    play(state, "play R5; pass; draw 1")
    assert state.final_round and not state.is_terminal
    assert state.legal_texts() == ["draw 2", "stop"]  # draws now come from the other pile
    assert refused(state, "draw 1") == "pile 1 is empty"
    play(state, "draw 2; stop; play R7; battle R")
    assert state.to_act == 0 and state.legal_texts() == ["draw 2"]
    play(state, "draw 2")
    assert state.is_terminal  # hands still hold cards, but this was the last round
    assert [state.hand_size(s) for s in range(3)] == [2, 4, 1]
    assert state.observe(None).final_round


def test_rule_8_last_card_drawn_by_a_fight_loser(position: Any, play: Any) -> None:
    state = position(["R5 G1", "R6 B1", "R7 Y1"], piles=("V1 V2", "W5"))
    play(state, "play R5; play R6; play R7; battle R; draw 2")
    assert state.final_round and state.to_act == 1
    play(state, "draw 1")
    assert state.is_terminal


def test_rule_8_setup_with_an_empty_pile_is_in_its_final_round(position: Any, play: Any) -> None:
    state = position(["R5 G1", "R6 B1", "R7 Y1"], piles=("", "W5 W6"))
    assert state.final_round and state.observe(0).final_round
    play(state, "play R5; pass; draw 2; stop; pass; draw 2")
    assert not state.is_terminal
    play(state, "battle R")
    assert state.is_terminal


def test_rule_8_a_deal_is_not_in_its_final_round() -> None:
    assert not GAME.new_state({"players": 5}, seed=3).final_round


def test_rule_8_round_after_a_pile_empties_is_never_started(position: Any, play: Any) -> None:
    state = position(["R5 G1 G2", "R6 B1", "R7 Y1"], piles=("V1", "W5 W6 W7"))
    play(state, "play R5; pass; draw 1; stop; pass; draw 2; stop; battle R")
    assert state.is_terminal and [e.kind for e in state.log][-1] == "over"
    assert "round" not in [e.kind for e in state.log]


# -- refusals: typed, explained, and changing nothing -------------------------------------

@pytest.mark.parametrize("action", [-1, 10, 15, PLAY, PLAY + 5, MAX_ACTION, MAX_ACTION + 7, 10**9])
def test_refusal_of_codes_that_are_no_action(position: Any, refused: Any, action: int) -> None:
    state = position(["W11 R9", "G1", "G2"], piles=PILES)
    assert refused(state, action) == "unknown action"
    assert state.refusal(action, "fr") == "action inconnue"


def test_refusal_once_the_game_is_over(position: Any, refused: Any) -> None:
    state = position(["", "", ""], won=["R5", "", ""])
    for text in ("pass", "play R5", "draw 1", "stop", "battle R"):
        assert refused(state, text) == "the game is over"
    assert state.refusal(PASS, "fr") == "la partie est terminée"


def test_refusals_agree_with_legal_actions_and_change_nothing(random_states: Any, state_snapshot: Any
                                                            ) -> None:
    """Over random positions: every legal action has no refusal; every other candidate (each
    fixed code, plays of any hand's cards) raises IllegalActionError with an English and a
    French reason, and the position (state and every observation) is left as it was."""
    checked = 0
    for n, state in enumerate(random_states(range(3), players=4)):
        if n % 4:
            continue
        before = state_snapshot(state)
        seen = [state.observe(seat).to_json() for seat in [*range(state.n), None]]
        legal = set(state.legal_actions())
        candidates = set(range(PLAY))
        for seat in range(state.n):
            cards = state.hand_cards(seat)[:4]
            for size in (1, 2, 3):
                candidates |= {play_action(list(c)) for c in combinations(cards, size)}
        for action in candidates:
            if action in legal:
                assert state.refusal(action) is None and state.refusal(action, "fr") is None
                continue
            with pytest.raises(IllegalActionError) as caught:
                state.apply(action)
            french = state.refusal(action, "fr")
            assert str(caught.value) and french and french != str(caught.value)
            checked += 1
        assert state_snapshot(state) == before
        assert [state.observe(seat).to_json() for seat in [*range(state.n), None]] == seen
    assert checked > 1000


def test_refused_actions_raise_illegal_action_error_listing_the_legal_ones(position: Any) -> None:
    state = position(["R9", "G1", "G2"], piles=PILES)
    with pytest.raises(IllegalActionError) as caught:
        state.apply_text("pass")
    assert caught.value.legal == ["play R9"]


def test_the_shape_of_cards_counts_them_colour_by_colour_largest_first() -> None:
    """A play's shape is told from how many colours its cards hold (without sorting): the same
    as counting each colour's cards, for every pattern of colours of up to four cards."""
    for size in range(5):
        for colours in product(range(3), repeat=size):
            cards = [colour * 16 + value for value, colour in enumerate(colours)]
            counts = [colours.count(c) for c in sorted(set(colours))]
            assert shape_of(cards) == tuple(sorted(counts, reverse=True))
    assert shape_of([parse_card("R0"), parse_card("R0")]) == (2,)  # two 0s of a colour
    assert [shape_text(shape) for shape in SHAPES] == ["1", "2", "1+1", "2+1", "1+1+1"]
