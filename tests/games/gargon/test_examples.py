"""The rulebooks' worked examples, replayed from explicit positions chosen to match them.

000 «Exemple d'une manche» / 002 «Exemple de tour de jeu»: Adam, Bernard (002: Bernd), Colette
and Brigitte (002: Dagmar). The rulebooks give the colours played and the values 14, 9, 8 (red),
0 (red), 12 and 8 (blue) and 2 (blue); every other card below is our choice.

002 «Exemple de marque»: Adam 47 (25 bonus + 22 amulets), Bernd 35 (15 + 20), Colette 57
(25 + 32), Dagmar 14. Only Adam's cards and Dagmar's amulet counts are given; the other won
piles below are one completion consistent with every stated figure under the default amulet
table, using only values whose amulets are established (none of 3, 4, 8, 9).
"""

from __future__ import annotations

from typing import Any

from ludotheque.games.gargon.components import COMPONENTS
from ludotheque.games.gargon.notation import card_text
from ludotheque.games.gargon.phase import Phase
from ludotheque.games.gargon.scoring import score_table

ADAM, BERNARD, COLETTE, BRIGITTE = 0, 1, 2, 3

ROUND_HANDS = (
    "Y6 Y2 R9 W4 B14 V11 V7 G3 G9 W15",  # Adam: plays two manticores and a phoenix
    "W3 B5 V2 V9 R11 Y10 G12 G1 W8 B6",  # Bernard: passes
    "B8 B2 R8 W2 V5 Y15 G5 G8 W9 V1",  # Colette: two pegasi and a phoenix
    "R14 R0 B12 W12 W0 G14 G0 V3 Y12 B1",  # Brigitte, last seat: two phoenixes and a pegasus
)


def test_example_000_002_worked_round(deal: Any, play: Any, refused: Any, won_of: Any, hand_of: Any
                                      ) -> None:
    state = deal(ROUND_HANDS, first_player=ADAM)
    pile1, pile2 = [card_text(c) for c in state.piles[0][::-1]], [card_text(c) for c in state.piles[1][::-1]]
    assert (len(pile1), len(pile2)) == (31, 31) and not state.final_round

    # Adam opens with two yellows and a red (shape 2+1); any order is accepted.
    assert state.to_act == ADAM and "play R9 Y6 Y2" in state.legal_texts()
    play(state, "play Y6 Y2 R9")
    assert state.shape == (2, 1)

    # Bernard passes and takes the two top cards of pile 1, then the top card of pile 2.
    play(state, "pass; draw 1; draw 1")
    assert state.to_act == BERNARD and "stop" in state.legal_texts()
    play(state, "draw 2")
    assert sorted(hand_of(state, BERNARD)) == sorted(
        ROUND_HANDS[BERNARD].split() + [pile1[0], pile1[1], pile2[0]]
    )

    # Colette follows 2+1 with other colours: two blues and a red.
    assert state.to_act == COLETTE
    play(state, "play B8 B2 R8")

    # Brigitte sits last: only red, yellow or blue, still in the shape 2+1.
    assert state.to_act == BRIGITTE
    for text in state.legal_texts()[1:]:
        assert {card[0] for card in text.split()[1:]} <= set("RYB"), text
    assert "last seat" in refused(state, "play W12 W0 G14")
    play(state, "play R14 R0 B12")

    # Fight phase: Adam chooses yellow, which nobody contests (case A).
    assert state.phase == Phase.FIGHT and state.to_act == ADAM
    assert state.legal_texts() == ["battle R", "battle Y"]
    play(state, "battle Y")
    assert won_of(state, ADAM) == ["Y6", "Y2"]

    # He still has a red in play, so he chooses again: 14, 9 and 8 fight; Brigitte wins the 14.
    assert state.to_act == ADAM and state.legal_texts() == ["battle R"]
    play(state, "battle R")
    assert won_of(state, BRIGITTE) == ["R14"]
    assert [card_text(c) for c in state.discard] == ["R9", "R8"]
    # The losers draw in turn from the first player: Adam, then Colette, each choosing a pile.
    assert state.phase == Phase.LOSER_DRAW and state.pending == [ADAM, COLETTE]
    assert state.to_act == ADAM and state.legal_texts() == ["draw 1", "draw 2"]
    play(state, "draw 1")
    assert state.to_act == COLETTE
    play(state, "draw 2")
    assert pile1[2] in hand_of(state, ADAM) and pile2[1] in hand_of(state, COLETTE)
    # The red 0 is left alone: Brigitte takes it onto her 14 (case C).
    assert won_of(state, BRIGITTE) == ["R14", "R0"]

    # Adam has nothing left in play and Bernard passed, so Colette chooses next.
    assert state.phase == Phase.FIGHT and state.to_act == COLETTE
    assert state.legal_texts() == ["battle B"]
    play(state, "battle B")
    # 12 beats Colette's 8; Colette draws; then her 2 is alone and wins.
    assert state.to_act == COLETTE and state.phase == Phase.LOSER_DRAW
    play(state, "draw 1")

    assert won_of(state, ADAM) == ["Y6", "Y2"]
    assert won_of(state, BERNARD) == []
    assert won_of(state, COLETTE) == ["B2"]
    assert won_of(state, BRIGITTE) == ["B12", "R14", "R0"]
    assert [card_text(c) for c in state.discard] == ["R9", "R8", "B8"]
    # Bernard, on Adam's left, is the next first player.
    assert state.first == BERNARD and state.to_act == BERNARD and state.phase == Phase.PLACE
    assert state.passed == [False] * 4 and state.shape == ()

    kinds = [event.kind for event in state.log or []]
    assert kinds == [
        "play", "pass", "draw", "draw", "draw", "play", "play", "reveal",
        "battle", "win", "battle", "fight", "draw", "draw", "win", "battle", "fight", "draw", "win",
        "round",
    ]


def test_example_002_placement_last_seat_cannot_bring_white(position: Any, play: Any, refused: Any
                                                            ) -> None:
    """002: Adam 2 yellow + 1 red, Bernd 2 blue + 1 violet, Colette 2 green + 1 blue; Dagmar,
    last, plays 2 green + 1 yellow and could not have played a white card."""
    state = position([
        "Y9 Y4 R3 W1",
        "B9 B4 V3 W2",
        "G9 G4 B3 W3",
        "G7 G6 Y7 W7 W6",
    ], piles=("R15 R14 R13", "B15 B14 B13"))
    play(state, "play Y9 Y4 R3; play B9 B4 V3; play G9 G4 B3")
    assert "blue, violet, red, yellow, green" in refused(state, "play G7 G6 W7")
    assert "last seat" in refused(state, "play W7 W6 Y7")
    play(state, "play G7 G6 Y7")
    assert state.phase == Phase.FIGHT


# 002 «Exemple de marque». W: Adam, Bernd and Colette tie on two dragons; V and G: Adam alone;
# Y: Colette's three beat Adam's two; B: Bernd; R: Colette's four beat Dagmar's three.
SCORING_WON = (
    "V0 V5 V13 G7 G13 W1 W10 Y2 Y6",  # Adam
    "W5 W6 B1 B2 B5 B10",  # Bernd: W tie + blue majority
    "W12 W13 Y0 Y1 Y5 R1 R2 R6 R7",  # Colette: W tie + yellow and red majorities
    "B7 R0 R0 R5",  # Dagmar: 2 blue amulets + 3 red amulets x 4, no majority
)


def test_example_002_scoring(position: Any) -> None:
    state = position(["", "", "", ""], won=SCORING_WON)
    assert state.is_terminal  # no card in any hand and both piles empty: nothing left to play
    adam, bernd, colette, dagmar = score_table(state.won, state.amulets)
    assert (adam.bonus, adam.amulets, adam.total) == (25, 22, 47)
    assert (bernd.bonus, bernd.amulets, bernd.total) == (15, 20, 35)
    assert (colette.bonus, colette.amulets, colette.total) == (25, 32, 57)
    assert (dagmar.bonus, dagmar.amulets, dagmar.total) == (0, 14, 14)
    assert state.scores() == [47.0, 35.0, 57.0, 14.0]
    assert state.winners() == [2]  # Colette wins with 57

    # Adam's colour by colour, as the example tells it.
    w, b, v, r, y, g = adam.colours
    assert (v.bonus, v.amulets, v.multiplier, v.points) == (10, 3, 2, 16)  # 3 amulets doubled to 6
    assert (g.bonus, g.amulets, g.points) == (10, 2, 12)
    assert (w.bonus, w.amulets, w.points) == (5, 6, 11)  # tied with Bernd and Colette
    assert (y.bonus, y.amulets, y.points) == (0, 8, 8)  # manticores 2 and 6: 8 amulets
    assert (b.cards, r.cards) == (0, 0)
    # Dagmar: 2 blue amulets, 3 red amulets quadrupled by both red 0s.
    assert (dagmar.colours[1].amulets, dagmar.colours[1].multiplier) == (2, 1)
    assert (dagmar.colours[3].amulets, dagmar.colours[3].zeros, dagmar.colours[3].multiplier) == (3, 2, 4)


def test_example_002_scoring_needs_no_inferred_amulet_values(position: Any) -> None:
    """The completion uses no value among 3, 4, 8, 9, so any reading of those leaves it intact."""
    used = {int(card[1:]) for pile in SCORING_WON for card in pile.split()}
    assert not used & {3, 4, 8, 9}
    state = position(["", "", "", ""], won=SCORING_WON, amulets={"3": 5, "4": 3, "8": 1, "9": 2})
    assert state.scores() == [47.0, 35.0, 57.0, 14.0]
    assert COMPONENTS.amulets[3:5] == (4, 4) and COMPONENTS.amulets[8:10] == (2, 1)


def test_example_002_scoring_observed_at_the_end(position: Any) -> None:
    state = position(["", "", "", ""], won=SCORING_WON)
    view = state.observe(3).to_json()
    assert view["scores"] == [47.0, 35.0, 57.0, 14.0] and view["winners"] == [2]
    # At the end every won pile is shown face up, colour by colour (W B V R Y G), high to low.
    assert view["won"][0] == ["W10", "W1", "V13", "V5", "V0", "Y6", "Y2", "G13", "G7"]
