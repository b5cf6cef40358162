"""One test per rule of docs/rules/kagoun.md, named after it, from explicit set-ups on the test
deck (see conftest.py: plain cards are Y|B with line a = Y/1 and line b = B/1)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ludotheque.core.errors import IllegalActionError
from ludotheque.core.game import CHANCE
from ludotheque.games.kagoun import GAME
from ludotheque.games.kagoun.components import card_name

from .conftest import PlayFn, PositionFn, draw_any

Rest = Callable[..., str]


def names(cards: list[int]) -> list[str]:
    return [card_name(c) for c in cards]


def pairs_text(state, seat: int) -> list[str]:  # type: ignore[no-untyped-def]
    return [f"{a}/{b}" for a, b in state.observe(seat).pairs[seat]]


# -- set-up and refill ------------------------------------------------------------------------

def test_rule_setup_deals_three_cards_and_a_river_per_seat() -> None:
    for players in (2, 3, 4):
        state = GAME.new_state({"players": players}, seed=7)
        assert [len(h) for h in state.hands] == [3] * players
        assert len(state.river) == players
        assert len(state.pile) == 52 - 4 * players and state.discard == []
        assert state.to_act == state.first
        assert state.observe(None).phase == "announce"


def test_rule_refill_river_then_hands_to_three(position: PositionFn) -> None:
    state = position(["A1", "B1 B2 I1"], river="", first_player=1)
    assert state.to_act == CHANCE
    state.apply(state.chance_outcomes()[0][0])
    state.apply(state.chance_outcomes()[0][0])
    assert len(state.river) == 2 and len(state.hands[0]) == 1  # the river first
    draw_any(state)
    assert len(state.hands[0]) == 3 and state.to_act == 1


def test_rule_reshuffle_when_pile_empty(position: PositionFn, rest: Rest) -> None:
    discard = rest("A1 A2", "B1 B2 I1", "K1 K2")
    state = position(["A1 A2", "B1 B2 I1"], river="K1 K2", discard=discard, pile="")
    assert state.to_act == CHANCE
    assert sorted(a for a, _ in state.chance_outcomes()) == sorted(
        GAME.parse_action(f"card {c}") for c in discard.split())
    draw_any(state)
    assert len(state.hands[0]) == 3 and len(state.pile) == len(discard.split()) - 1
    assert state.discard == []


# -- announcements ------------------------------------------------------------------------------

def test_rule_announcements_clockwise(position: PositionFn, play: PlayFn) -> None:
    state = position(["A1 A2 B1", "B2 I1 I2", "J1 J2 K1"], river="L1 L2 M1", first_player=2)
    order = []
    for _ in range(3):
        order.append(state.to_act)
        play(state, "discard")
    assert order == [2, 0, 1]


def test_rule_call_is_public_and_once(position: PositionFn, play: PlayFn) -> None:
    state = position(["A1 A2 B1", "B2 I1 I2"], river="L1 L2")
    play(state, "kagoun")
    assert state.to_act == 0 and "kagoun" not in state.legal_texts()
    assert state.observe(1).called == (True, False)
    with pytest.raises(IllegalActionError):
        state.apply_text("kagoun")


def test_rule_pass_only_when_nothing_else(position: PositionFn, rest: Rest) -> None:
    river = rest("B1 B2 I1")
    state = position(["", "B1 B2 I1"], river=river, pile="")
    assert state.to_act == 0
    assert state.legal_texts() == ["kagoun", "pass"]
    other = position(["A1 A2 I1", "B1 B2 I2"], river="K1 K2")
    assert "pass" not in other.legal_texts()


# -- capture ----------------------------------------------------------------------------------------

def test_rule_capture_valid_pairing_forms_a_pair(position: PositionFn, play: PlayFn) -> None:
    state = position(["A1 A2 B1", "B2 I1 I2"], river="K1 K2")
    play(state, "capture A1a K1b", "discard")
    assert pairs_text(state, 0) == ["A1a/K1b"]
    assert names(state.river) == ["K2"]


def test_rule_pairing_reproduces_the_large_symbols() -> None:
    import copy

    from ludotheque.games.kagoun.components import parse_deck

    from .conftest import TEST_DECK

    deck = parse_deck(TEST_DECK, "test")
    a1, k1 = 0, 20
    assert deck.valid(a1, 0, k1, 1)  # Y + B = the halves Y|B
    assert not deck.valid(a1, 0, k1, 0)  # Y + Y: the blue is missing
    data = copy.deepcopy(TEST_DECK)
    data["cards"][20]["ends"][1]["small"] = ["B", "B"]  # K1's line b: one small blue too many
    assert not parse_deck(data, "t").valid(a1, 0, k1, 1)


def test_rule_either_line_of_a_river_card(position: PositionFn) -> None:
    legal = position(["A1 A2 B1", "B2 I1 I2"], river="K1 K2").legal_texts()
    assert "capture A1a K1b" in legal and "capture A1b K1a" in legal


def test_rule_capture_conflict_strongest_wins(position: PositionFn, play: PlayFn) -> None:
    state = position(["A1 A2 B1", "C1 I1 I2"], river="K1 K2")
    play(state, "capture A1a K1b", "capture C1a K1b")  # strength 2 against 6
    assert pairs_text(state, 1) == ["C1a/K1b"] and pairs_text(state, 0) == []
    assert "A1" in names(state.discard)


def test_rule_invalid_pairing_is_discarded(position: PositionFn, play: PlayFn) -> None:
    state = position(["A1 A2 B1", "B2 I1 I2"], river="K1 K2")
    play(state, "capture A1a K1a", "discard")
    assert pairs_text(state, 0) == [] and names(state.discard) == ["A1"]
    assert "K1" in names(state.river)


def test_rule_perfect_pairing_beats_any_strength(position: PositionFn, play: PlayFn) -> None:
    state = position(["A1 B1 B2", "C1 I1 I2"], river="A2 K2")
    play(state, "capture A1a A2b", "capture C1a A2b")  # perfect 2 against 6
    assert pairs_text(state, 0) == ["A1a/A2b"] and "C1" in names(state.discard)


def test_rule_capture_tie_discards_all(position: PositionFn, play: PlayFn) -> None:
    state = position(["A1 A2 B1", "B2 I1 I2"], river="K1 K2")
    play(state, "capture A1a K1b", "capture B2a K1b")
    assert pairs_text(state, 0) == pairs_text(state, 1) == []
    assert "K1" in names(state.river) and {"A1", "B2"} <= set(names(state.discard))


def test_rule_capture_tie_option_first(position: PositionFn, play: PlayFn) -> None:
    state = position(["A1 A2 B1", "B2 I1 I2"], river="K1 K2", first_player=1,
                     capture_ties="first")
    play(state, "capture B2a K1b", "capture A1a K1b")
    assert pairs_text(state, 1) == ["B2a/K1b"] and "A1" in names(state.discard)


def test_rule_three_pairs_at_most(position: PositionFn) -> None:
    state = position(["A1 A2 B1", "B2 I1 I2"], river="K1 K2",
                     pairs=["J1a/L1b J2a/L2b M1a/M2b", ""])
    assert not any(t.startswith(("capture", "steal")) for t in state.legal_texts())


def test_rule_resolution_in_turn_order(position: PositionFn, play: PlayFn) -> None:
    state = position(["A1 A2 B1", "B2 I1 I2"], river="K1 K2", first_player=1)
    play(state, "discard", "capture A1a K1b")
    assert state.to_act == 1 and state.observe(1).phase == "discard"
    assert pairs_text(state, 0) == []  # seat 0 resolves after seat 1
    play(state, "drop B2", "stop")
    draw_any(state)
    assert pairs_text(state, 0) == ["A1a/K1b"]


# -- steal and defence --------------------------------------------------------------------------------

def test_rule_steal_targets_pair_extremities_and_chain_ends(position: PositionFn) -> None:
    state = position(["A1 B1 I1", "B2 I2 J1"], river="K1 L2",
                     pairs=["", "A2a/K2b"], chains=["", "L1"])
    targets = {t.split()[2] for t in state.legal_texts() if t.startswith("steal A1a")}
    assert targets == {"K2b", "A2b", "L1a", "L1b"}


def test_rule_defence_is_compulsory_and_immediate(position: PositionFn, play: PlayFn) -> None:
    state = position(["A1 B1 I1", "B2 I2 J1"], river="K1 L2", pairs=["", "A2a/K2b"])
    play(state, "steal A1a K2b")
    assert state.to_act == 1
    assert state.legal_texts() and all(t.startswith("defend ") and t.endswith(" K2b")
                                       for t in state.legal_texts())
    play(state, "defend J1a K2b")
    assert len(state.hands[1]) == 2 and state.to_act == 1
    assert state.observe(0).defences[0]["card"] is None  # face down to the others


def test_rule_steal_tie_goes_to_defender(position: PositionFn, play: PlayFn) -> None:
    state = position(["A1 B1 I1", "B2 I2 J1"], river="K1 L2", pairs=["", "A2a/K2b"])
    play(state, "steal A1a K2b", "defend B2a K2b", "discard")
    assert pairs_text(state, 1) == ["B2a/K2b"] and pairs_text(state, 0) == []
    assert {"A1", "A2"} <= set(names(state.discard))


def test_rule_successful_steal_discards_other_card(position: PositionFn, play: PlayFn) -> None:
    state = position(["C1 B1 I1", "B2 I2 J1"], river="K1 L2", pairs=["", "A2a/K2b"])
    play(state, "steal C1a K2b", "defend B2a K2b", "discard")
    assert pairs_text(state, 0) == ["C1a/K2b"] and pairs_text(state, 1) == []
    assert {"A2", "B2"} <= set(names(state.discard))


def test_rule_failed_steal_rebuilds_pair(position: PositionFn, play: PlayFn) -> None:
    state = position(["A1 B1 I1", "B2 I2 J1"], river="K1 L2", pairs=["", "A2a/K2b"])
    play(state, "steal A1b K2b", "defend B2a K2b", "discard")  # B + B: the thief is invalid
    assert pairs_text(state, 1) == ["B2a/K2b"]
    assert {"A1", "A2"} <= set(names(state.discard))


def test_rule_steal_without_defender_like_capture(position: PositionFn, play: PlayFn,
                                                   rest: Rest) -> None:
    placed = "A1 B1 I1", "A2a/K2b"
    state = position(["A1 B1 I1", ""], river=rest(*placed), pairs=["", "A2a/K2b"], pile="")
    play(state, "steal A1a K2b")
    assert state.to_act == 1 and state.observe(1).phase == "announce"  # no defence to lay
    play(state, "consolidate")
    assert pairs_text(state, 0) == ["A1a/K2b"]


def test_rule_stolen_card_not_stolen_again(position: PositionFn, play: PlayFn) -> None:
    state = position(["A1 I1 J1", "H1 I2 J2", "F1 L1 L2"], river="K1 M1 M2",
                     pairs=["B1a/N1b", "A2a/K2b", ""])
    play(state, "steal A1a K2b", "defend H1a K2b", "discard", "capture F1a K1b")
    draw_any(state)
    while state.to_act == 1:  # seat 1's discard
        play(state, "drop I2", "stop")
        draw_any(state)
    assert pairs_text(state, 0) == ["B1a/N1b", "A1a/K2b"]
    assert state.to_act == 2 and state.observe(2).phase == "announce"  # Replay from F1a
    steals = {t.split()[2] for t in state.legal_texts() if t.startswith("steal ")}
    assert "K2b" not in steals and "A1b" in steals


def test_rule_perfect_pair_cannot_be_stolen(position: PositionFn) -> None:
    state = position(["B1 I1 J1", "I2 J2 L1"], river="K1 L2", pairs=["", "A1a/A2b"])
    assert not any(t.startswith("steal") for t in state.legal_texts())


def test_rule_defend_protects_pair_and_chain_end(position: PositionFn) -> None:
    state = position(["B1 I1 J1", "I2 J2 L1"], river="K1 L2",
                     pairs=["", "G1a/K2b"], chains=["", "G2 M1~"])
    targets = {t.split()[2][:2] for t in state.legal_texts() if t.startswith("steal")}
    assert targets == {"M1"}


def test_rule_chain_end_defence_substitutes(position: PositionFn, play: PlayFn) -> None:
    """The defence card takes the target's place and the player lays his chain again (003 Voler:
    "le joueur peut librement réorganiser sa chaîne"): he chooses the first card, and the rest
    lays itself once only one way keeps every card."""
    state = position(["A1 B1 I1", "C2 I2 J1"], river="K1 L2", chains=["", "L1 M1~"])
    play(state, "steal A1b M1a", "defend C2a M1b", "discard")
    view = state.observe(1)
    assert (state.to_act, view.phase, view.chains[1]) == (1, "rearrange", ())
    assert sorted(view.loose) == ["C2", "L1"]
    assert state.legal_texts() == ["chain C2 right", "chain C2~ right", "chain L1 right", "chain L1~ right"]
    play(state, "chain L1 right")
    assert state.observe(1).chains[1] == ("L1", "C2~") and state.observe(1).phase == "discard"
    assert {"A1", "M1"} <= set(names(state.discard))


# -- consolidation ---------------------------------------------------------------------------------

def test_rule_consolidation_starts_from_two_pairs(position: PositionFn, play: PlayFn) -> None:
    state = position(["I1 I2 J1", "J2 L1 L2"], river="M1 M2",
                     pairs=["A1a/K1b B1a/K2b", ""])
    play(state, "consolidate", "discard")
    assert sorted(state.legal_texts()) == ["chain A1 right", "chain A1~ right",
                                            "chain B1 right", "chain B1~ right"]
    play(state, "chain A1 right")
    assert sorted(state.legal_texts()) == ["chain B1~ left", "chain B1~ right"]
    play(state, "chain B1~ right")
    assert state.observe(0).chains[0] == ("A1", "B1~") and state.observe(0).points[0] == 1
    assert {"K1", "K2"} <= set(names(state.discard)) and pairs_text(state, 0) == []


def test_rule_consolidation_adds_one_fitting_card(position: PositionFn, play: PlayFn) -> None:
    state = position(["I1 I2 J1", "J2 L1 L2"], river="M1 M2",
                     pairs=["B1a/K1b H1a/H2b", ""], chains=["A1", ""])
    play(state, "consolidate", "discard")
    assert sorted(state.legal_texts()) == ["chain B1~ left", "chain B1~ right"]


def test_rule_failed_consolidation_costs_a_pair(position: PositionFn, play: PlayFn) -> None:
    state = position(["I1 I2 J1", "J2 L1 L2"], river="M1 M2", pairs=["A1a/K1b", ""])
    play(state, "consolidate", "discard")
    assert state.legal_texts() == ["scrap A1"]
    play(state, "scrap A1")
    assert pairs_text(state, 0) == [] and {"A1", "K1"} <= set(names(state.discard))


# -- discard ---------------------------------------------------------------------------------------

def test_rule_discard_one_to_three_then_draw(position: PositionFn, play: PlayFn) -> None:
    state = position(["A1 A2 B1", "B2 I1 I2"], river="K1 K2")
    play(state, "discard", "discard")
    assert "stop" not in state.legal_texts()  # at least one card
    play(state, "drop A1")
    assert "stop" in state.legal_texts()
    play(state, "stop")
    assert state.to_act == CHANCE
    draw_any(state)
    assert len(state.hands[0]) == 3 and "A1" in names(state.discard)


# -- powers ----------------------------------------------------------------------------------------

def test_rule_only_paired_lines_fire(position: PositionFn, play: PlayFn) -> None:
    fired = position(["D1 A2 B1", "B2 I1 I2"], river="K1 K2")
    play(fired, "capture D1a K1b", "pass" if "pass" in fired.legal_texts() else "discard")
    assert fired.to_act == CHANCE and fired.observe(0).phase == "draw"  # Draw at D1's line a
    quiet = position(["D1 A2 B1", "B2 I1 I2"], river="K1 K2")
    play(quiet, "capture D1b K1a", "capture B2a K2b")
    assert fired.round == 1
    assert pairs_text(quiet, 0) == ["D1b/K1a"] and quiet.round == 2  # no draw: next round


def test_rule_draw_power(position: PositionFn, play: PlayFn) -> None:
    state = position(["D1 A2 B1", "B2 I1 I2"], river="K1 K2")
    play(state, "capture D1a K1b", "capture B2a K2b")
    draw_any(state)
    assert len(state.hands[0]) == 4 and state.observe(0).phase == "dropdown"
    play(state, "drop A2")
    assert len(state.hands[0]) == 3


def test_rule_take_power(position: PositionFn, play: PlayFn) -> None:
    state = position(["E1 A2 B1", "B2 I1 I2"], river="K1 K2")
    play(state, "capture E1a K1b", "capture B2a K2b")
    assert state.legal_texts() == ["take 1"]
    play(state, "take 1")
    assert state.to_act == CHANCE
    assert sorted(t for t in GAME.actions_to_texts([a for a, _ in state.chance_outcomes()])) == [
        "card I1", "card I2"]
    play(state, "card I2")
    assert sorted(names(state.hands[0])) == ["A2", "B1", "I2"] and names(state.hands[1]) == ["I1"]


def test_rule_replay_power(position: PositionFn, play: PlayFn) -> None:
    state = position(["F1 A2 B1", "B2 I1 I2"], river="K1 K2")
    play(state, "capture F1a K1b", "capture B2a K2b")
    assert state.to_act == 0 and state.observe(0).phase == "announce"
    assert "kagoun" not in state.legal_texts()
    play(state, "discard")  # resolved at once
    assert state.observe(0).phase == "discard"


@pytest.mark.parametrize(("limit", "again"), [("card", True), ("seat", False)])
def test_rule_replay_power_is_compulsory_on_a_replayed_pair(position: PositionFn, play: PlayFn,
                                                           limit: str, again: bool) -> None:
    """003 Pouvoirs: powers are compulsory, so a pair won by a Replay action that shows another
    Replay icon gives one more action (``replay_limit=card``); OQ 36(b) (``seat``) stops at one."""
    state = position(["F1 F2 B1", "B2 I1 I2"], river="K1 K2 M1", replay_limit=limit)
    play(state, "capture F1a K1b", "discard", "capture F2a K2b")
    assert (state.to_act == 0 and state.observe(0).phase == "announce") == again
    assert (state.to_act == 1 and state.observe(1).phase == "discard") != again


# -- victory check ----------------------------------------------------------------------------------

EXAMPLE = "S1 T1 U1 V1 W1 X1 Y1"  # 003's scoring example: 12 points
EXAMPLE2 = "S2 T2 U2 V2 W2 X2 Y2"


def test_rule_caller_with_most_points_and_ten_wins(position: PositionFn, play: PlayFn) -> None:
    state = position(["A1 A2 B1", "B2 I1 I2"], river="K1 K2", chains=[EXAMPLE, "S2 T2"])
    play(state, "kagoun", "discard", "discard")
    play(state, "drop A1", "stop")
    draw_any(state)
    play(state, "drop B2", "stop")
    draw_any(state)
    assert state.is_terminal and state.winner == 0 and state.ending == "kagoun"
    assert state.scores() == [1.0, 0.0]


def test_rule_check_tie_goes_to_nearest_first_player(position: PositionFn, play: PlayFn) -> None:
    for first in (0, 1):
        state = position(["A1 A2 B1", "B2 I1 I2"], river="K1 K2", chains=[EXAMPLE, EXAMPLE2],
                         first_player=first)
        play(state, "kagoun", "discard", "kagoun", "discard")
        for seat in (first, 1 - first):
            play(state, f"drop {names(state.hands[seat])[0]}", "stop")
            draw_any(state)
        assert state.is_terminal and state.winner == first


def test_rule_caller_under_ten_is_eliminated(position: PositionFn, play: PlayFn) -> None:
    state = position(["A1 A2 B1", "B2 I1 I2", "J1 J2 L1"], river="K1 K2 L2")
    play(state, "kagoun", "discard", "discard", "discard")
    for seat in (0, 1, 2):
        play(state, f"drop {names(state.hands[seat])[0]}", "stop")
        draw_any(state)
    assert not state.active[0] and state.hands[0] == []
    assert state.to_act == 0 and all(t.startswith("clear ") for t in state.legal_texts())
    play(state, "clear K1")
    assert "K1" in names(state.discard) and not state.is_terminal
    assert state.first == 1


def test_rule_last_seat_in_wins_by_ko(position: PositionFn, play: PlayFn) -> None:
    state = position(["A1 A2 B1", "B2 I1 I2"], river="K1 K2")
    play(state, "kagoun", "discard", "discard", "drop A1", "stop")
    draw_any(state)
    play(state, "drop B2", "stop")
    draw_any(state)
    assert state.is_terminal and state.winner == 1 and state.ending == "ko"


def test_rule_first_player_passes_clockwise(position: PositionFn, play: PlayFn) -> None:
    state = position(["A1 A2 B1", "B2 I1 I2", "J1 J2 L1"], river="K1 K2 L2", first_player=2)
    play(state, "discard", "discard", "discard")
    for seat in (2, 0, 1):
        play(state, f"drop {names(state.hands[seat])[0]}", "stop")
        draw_any(state)
    assert state.first == 0 and state.round == 2
    draw_any(state)
    assert state.to_act == 0
