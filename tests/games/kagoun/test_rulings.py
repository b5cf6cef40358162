"""Scenario tests for rulings on the open points (docs/rules/kagoun.md §4), from explicit set-ups
on the test deck (see conftest.py)."""

from __future__ import annotations

from ludotheque.games.kagoun.components import card_name

from .conftest import PlayFn, PositionFn, draw_any


def names(cards: list[int]) -> list[str]:
    return [card_name(c) for c in cards]


def test_ruling_10_target_moved_loses_the_cards_laid_by_it(position: PositionFn, play: PlayFn) -> None:
    state = position(["I1 I2 J1", "A2 J2 L1"], river="M1 M2", pairs=["A1a/K1b B1a/K2b", ""])
    play(state, "consolidate", "steal A2a K2b", "defend I1a K2b")
    play(state, "chain A1 right", "chain B1~ right")  # K2, the target, is discarded
    assert {"A2", "I1", "K2"} <= set(names(state.discard))
    assert state.observe(1).pairs[1] == ()


def test_ruling_42_everyone_out_at_once_the_best_stands(position: PositionFn, play: PlayFn) -> None:
    state = position(["A1 A2 B1", "B2 I1 I2"], river="K1 K2", chains=["", "S1 T1"])
    play(state, "kagoun", "discard", "kagoun", "discard")
    for seat in (0, 1):
        play(state, f"drop {names(state.hands[seat])[0]}", "stop")
        draw_any(state)
    assert state.is_terminal and state.winner == 1 and state.ending == "ko"


def test_ruling_43_round_limit_gives_the_game_to_the_most_points(position: PositionFn,
                                                                  play: PlayFn) -> None:
    state = position(["A1 A2 B1", "B2 I1 I2"], river="K1 K2", chains=["", "S1 T1"],
                     max_rounds=1)
    play(state, "discard", "discard")
    for seat in (0, 1):
        play(state, f"drop {names(state.hands[seat])[0]}", "stop")
        draw_any(state)
    assert state.is_terminal and state.winner == 1 and state.ending == "rounds"


def test_ruling_30_chain_stolen_to_nothing_starts_again_from_two_pairs(position: PositionFn,
                                                                         play: PlayFn) -> None:
    state = position(["A1 I1 J1", "I2 J2 L1"], river="M1 M2", chains=["", "B1"],
                     pairs=["", "C1a/K1b"])
    play(state, "steal A1b B1a")
    play(state, "defend I2a B1a")  # invalid: Y + Y
    play(state, "consolidate")
    assert state.observe(0).pairs[0] == (("A1b", "B1a"),) and state.chains[1] == []
    assert state.legal_texts() == ["scrap C1"]  # one pair cannot start a chain again


def test_ruling_33_rebuild_after_a_won_chain_end_defence(position: PositionFn, play: PlayFn) -> None:
    """The defence card A2 (Y|B) fits neither end of S1 T1 V1~ (red at both ends): under "ends"
    (OQ 33(b), the default) it is discarded; under "free" (OQ 33(a)) the chain is rebuilt with all
    four cards (T1 V1~ S1 A2: green, red, yellow junctions, 3 points instead of 2)."""
    chain = "S1 T1 V1~ Y1"
    for option, kept, points in (("ends", 3, 2), ("free", 4, 3)):
        state = position(["A1 I1 J1", "A2 J2 L1"], river="M1 M2", chains=["", chain],
                         reconsolidation=option)
        play(state, "steal A1b Y1a", "defend A2b Y1b", "discard")  # the thief's pairing is invalid
        assert len(state.chains[1]) == kept and state.observe(1).points[1] == points
        assert ("A2" in names(state.discard)) == (option == "ends")
        assert "Y1" in names(state.discard)
