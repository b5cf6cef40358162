"""Rule 9, scoring (issue 2, section 3, ruling 9), from won piles given explicitly.

A position whose hands and piles are all empty is over at once, so ``position(..., won=...)``
gives a finished game to score.
"""

from __future__ import annotations

from typing import Any

import pytest

from ludotheque.games.gargon.components import COMPONENTS
from ludotheque.games.gargon.scoring import score_table
from ludotheque.games.gargon.state import GargonState


def finished(position: Any, won: list[str], **options: Any) -> GargonState:
    state: GargonState = position([""] * len(won), won=won, **options)
    assert state.is_terminal
    return state


def test_rule_9_amulet_table() -> None:
    """1-2: 5, 3-4: 4, 5-6: 3, 7-8: 2, 9-12: 1, 0 and 13-15: none (3, 4, 8, 9 inferred)."""
    assert COMPONENTS.amulets == (0, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 1, 1, 0, 0, 0)


def test_rule_9_majority_of_a_colour_gets_ten(position: Any) -> None:
    state = finished(position, ["R13 R14", "R15", ""])
    assert state.scores() == [10.0, 0.0, 0.0]  # 13, 14, 15 carry no amulet
    assert [row.colours[3].bonus for row in score_table(state.won, state.amulets)] == [10, 0, 0]


def test_rule_9_tied_majority_five_each(position: Any) -> None:
    state = finished(position, ["R13 R14", "R15 R0", "Y13"])
    assert state.scores() == [5.0, 5.0, 10.0]  # the 0 counts as a card for the majority


def test_rule_9_three_tied_five_each(position: Any) -> None:
    state = finished(position, ["G13", "G14", "G15", "B13 B14"])
    assert state.scores() == [5.0, 5.0, 5.0, 10.0]


def test_rule_9_nobody_with_none_of_a_colour_gets_its_bonus(position: Any) -> None:
    state = finished(position, ["", "", ""])
    assert state.scores() == [0.0, 0.0, 0.0]
    assert state.winners() == [0, 1, 2]  # equal highest scores share the win
    rows = score_table(state.won, state.amulets)
    assert all(c.bonus == 0 for row in rows for c in row.colours)


def test_rule_9_amulets_count_one_point_each(position: Any) -> None:
    state = finished(position, ["B1 B12 Y13", "B7 B5 B6 W14", "Y14 Y15"])
    rows = score_table(state.won, state.amulets)
    assert [row.amulets for row in rows] == [6, 8, 0]
    assert state.scores() == [6.0, 8.0 + 10 + 10, 10.0]  # B to seat 1; W to seat 1; Y to seat 2


def test_rule_9_one_zero_doubles_its_colour(position: Any) -> None:
    state = finished(position, ["V0 V1 V7 B1", "V13 V14 V15 V12", ""])
    rows = score_table(state.won, state.amulets)
    violet = rows[0].colours[2]
    assert (violet.amulets, violet.zeros, violet.multiplier, violet.points) == (7, 1, 2, 14)
    assert rows[0].total == 14 + 10 + 5  # the 0 doubles violet only, not the blue 5; B majority


def test_rule_9_both_zeros_quadruple_their_colour(position: Any) -> None:
    state = finished(position, ["R0 R0 R5", "R1 R2 R3 R4", ""])
    rows = score_table(state.won, state.amulets)
    red = rows[0].colours[3]
    assert (red.amulets, red.zeros, red.multiplier, red.points) == (3, 2, 4, 12)
    assert state.scores() == [12.0, 18.0 + 10, 0.0]


def test_rule_9_zeros_alone_score_no_amulets(position: Any) -> None:
    state = finished(position, ["R0 R0", "", ""])
    assert state.scores() == [10.0, 0.0, 0.0]  # the majority, and 0 amulets x 4


def test_rule_9_hands_do_not_count(position: Any, play: Any) -> None:
    # The final round (pile 1 empty): after it, seats 1 and 2 still hold cards worth amulets.
    state = position(["R5", "B1 B2 R1", "Y1 Y2 R2"], piles=("", "W13"))
    play(state, "play R5; pass; draw 2; pass")  # the draw empties the piles: the pass ends
    play(state, "battle R")
    assert state.is_terminal and state.hand_size(1) == 4 and state.hand_size(2) == 3
    assert state.scores() == [13.0, 0.0, 0.0]  # R5: 3 amulets + the red majority


def test_rule_9_highest_score_wins(position: Any) -> None:
    state = finished(position, ["R1", "R13 R14", "B2"])
    assert state.scores() == [5.0, 10.0, 15.0]
    assert state.winners() == [2]


def test_rule_9_equal_highest_scores_share_the_win(position: Any) -> None:
    state = finished(position, ["R1", "B1", "G13 G14 G15"])
    assert state.scores() == [15.0, 15.0, 10.0]
    assert state.winners() == [0, 1]
    view = state.observe(None)
    assert view.scores == (15.0, 15.0, 10.0) and view.winners == (0, 1)


def test_rule_9_scores_only_at_the_end(position: Any) -> None:
    state = position(["R1", "B1", "G1"])
    assert state.observe(0).scores is None and state.observe(0).winners is None
    with pytest.raises(ValueError, match="once the game is over"):
        state.scores()


def test_option_amulets_changes_the_score(position: Any) -> None:
    won = ["R3 R9", "B4", "G8"]
    assert finished(position, won).scores() == [15.0, 14.0, 12.0]
    changed = finished(position, won, amulets={"3": 3, "9": 2, "4": 5, "8": 1})
    assert changed.scores() == [15.0, 15.0, 11.0]


def test_totals_are_the_score_table_totals() -> None:
    """The scores a finished game reports (``totals``, no breakdown) are the score sheet's."""
    import random

    from ludotheque.games.gargon import GAME
    from ludotheque.games.gargon.scoring import score_table, totals

    for seed in range(30):
        state = GAME.new_state({"players": 3 + seed % 3}, seed)
        rng = random.Random(seed)
        while state.to_act is not None:
            state.apply_trusted(state.sample_action(rng))
        table = score_table(state.won, state.amulets)
        assert totals(state.won, state.amulets) == [row.total for row in table]
        assert state.scores() == totals(state.won, state.amulets)


def test_rule_9_the_end_says_the_winners_points_amulets_and_bonuses_apart(position: Any) -> None:
    from ludotheque.games.gargon import GAME, render
    from ludotheque.renderers import end_words, renderer_for

    state = finished(position, ["R1", "R13 R14", "B2"])  # B2: 5 amulets and the blue majority
    end = end_words(renderer_for(GAME), state, state.observe(2), 2, "en", ["Ana", "Bo", "Cy"])
    assert end == {"winners": "Winner: Cy", "won": [2], "outcome": "You won",
                   "reason": "the most points: 15 — 5 for amulets (doubled by a 0 of their colour, four "
                             "times with both 0s) and 10 in bonuses for the most cards won in a colour"}
    shared = finished(position, ["R1", "B1", "G13 G14 G15"])
    assert render.end_reason(shared.observe(None), "fr").startswith("le plus de points, 15 chacun (")
    assert end_words(renderer_for(GAME), shared, shared.observe(0), 0, "fr")["outcome"] == \
        "Vous partagez la victoire"
    assert end_words(renderer_for(GAME), shared, shared.observe(2), 2, "fr")["outcome"] == "Vous avez perdu"
