"""Rule 1 and the options: the deal, what card backs show, and explicit set-ups (issue 2, section
3 ruling 1; section 5 for the set-up format)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from ludotheque.core.errors import OptionsError, SetupError
from ludotheque.games.gargon import GAME
from ludotheque.games.gargon.components import COMPONENTS, DECK_SIZE, HIDDEN
from ludotheque.games.gargon.notation import card_text, parse_card
from ludotheque.games.gargon.phase import Phase
from ludotheque.games.gargon.state import GargonState


def every_card(state: GargonState) -> Counter[int]:
    cards: Counter[int] = Counter()
    for seat in range(state.n):
        for zone in (state.hands[seat], state.in_play[seat], state.won[seat]):
            cards.update(c * 16 + v for c, values in enumerate(zone) for v in values)
    cards.update(state.piles[0] + state.piles[1] + state.discard)
    return cards


# -- the deal -----------------------------------------------------------------------------

@pytest.mark.parametrize("players, pile", [(3, 36), (4, 31), (5, 26)])
def test_rule_1_deal_ten_cards_each_and_two_piles_of_equal_size(players: int, pile: int) -> None:
    for seed in range(5):
        state = GAME.new_state({"players": players}, seed=seed)
        assert [state.hand_size(s) for s in range(players)] == [10] * players
        assert [len(p) for p in state.piles] == [pile, pile]
        assert every_card(state) == Counter(COMPONENTS.deck)
        assert sum(every_card(state).values()) == DECK_SIZE == 102
        assert not state.discard and not any(any(w) for w in state.won)
        assert state.phase == Phase.PLACE and state.to_act == state.first and not state.final_round


def test_rule_1_deck_is_six_colours_of_two_zeros_and_one_to_fifteen() -> None:
    deck = Counter(card_text(c) for c in COMPONENTS.deck)
    assert len(deck) == 96 and sum(deck.values()) == 102
    for colour in "WBVRYG":
        assert deck[f"{colour}0"] == 2
        assert all(deck[f"{colour}{v}"] == 1 for v in range(1, 16))


def test_rule_1_deal_is_given_by_the_seed() -> None:
    one, again = GAME.new_state({"players": 4}, seed=7), GAME.new_state({"players": 4}, seed=7)
    assert (one.hands, one.piles, one.first) == (again.hands, again.piles, again.first)
    other = GAME.new_state({"players": 4}, seed=8)
    assert (one.hands, one.piles) != (other.hands, other.piles)
    assert one.seed == 7


def test_option_first_player_drawn_from_seed_when_absent() -> None:
    """The rulebook's "youngest player" is an option; without it the seed draws the seat."""
    firsts = [GAME.new_state({"players": 4}, seed=seed).first for seed in range(40)]
    assert set(firsts) == {0, 1, 2, 3}
    assert firsts == [GAME.new_state({"players": 4}, seed=seed).first for seed in range(40)]


@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_option_first_player_given(first: int) -> None:
    for seed in range(5):
        state = GAME.new_state({"players": 4, "first_player": first}, seed=seed)
        assert state.first == first and state.to_act == first


def test_option_first_player_given_as_text_or_random() -> None:
    assert GAME.new_state({"first_player": "2"}, seed=1).first == 2
    assert GAME.new_state({"first_player": "random"}, seed=1).first == GAME.new_state({}, seed=1).first


@pytest.mark.parametrize("first", [4, -1, "x", True])
def test_option_first_player_must_be_a_seat(first: object) -> None:
    with pytest.raises(OptionsError, match="first_player"):
        GAME.new_state({"players": 4, "first_player": first}, seed=1)


@pytest.mark.parametrize("players", [0, 1, 2, 6, 10, -3])
def test_option_players_outside_three_to_five_refused(players: int) -> None:
    with pytest.raises(OptionsError, match="3 to 5 players"):
        GAME.new_state({"players": players}, seed=1)


@pytest.mark.parametrize("players", ["x", True, 4.5, None])
def test_option_players_must_be_a_whole_number(players: object) -> None:
    with pytest.raises(OptionsError, match="players"):
        GAME.new_state({"players": players}, seed=1)


def test_option_players_default_four_and_text_accepted() -> None:
    assert GAME.new_state(None, seed=1).n == 4
    assert GAME.new_state({"players": "5"}, seed=1).n == 5


def test_option_unknown_refused() -> None:
    with pytest.raises(OptionsError, match="no option 'colour'"):
        GAME.new_state({"colour": "red"}, seed=1)


@pytest.mark.parametrize("variant, is_open", [("standard", False), ("open", True), ("OPEN", True)])
def test_option_variant_standard_or_open(variant: str, is_open: bool) -> None:
    state = GAME.new_state({"variant": variant}, seed=1)
    assert state.open_variant is is_open
    assert state.observe(0).variant == ("open" if is_open else "standard")


def test_option_variant_unknown_refused() -> None:
    with pytest.raises(OptionsError, match="standard, open"):
        GAME.new_state({"variant": "closed"}, seed=1)


def test_option_amulets_overrides_the_table() -> None:
    default = GAME.new_state({}, seed=1).amulets
    assert default == COMPONENTS.amulets == (0, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 1, 1, 0, 0, 0)
    changed = GAME.new_state({"amulets": {"3": 5, "9": 2}}, seed=1).amulets
    assert changed == (0, 5, 5, 5, 4, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0)
    assert GAME.new_state({"amulets": "3=5, 9=2"}, seed=1).amulets == changed
    assert GAME.new_state({"amulets": ""}, seed=1).amulets == default


@pytest.mark.parametrize("amulets, says", [
    ({"13": 1}, "only values 1 to 12"),
    ({"0": 1}, "only values 1 to 12"),
    ({"3": 6}, "0 to 5 amulets"),
    ({"3": -1}, "0 to 5 amulets"),
    ("3:4", "value=amulets"),
    ({"3": "many"}, "whole number"),
    (7, "value=amulets"),
])
def test_option_amulets_malformed_refused(amulets: object, says: str) -> None:
    with pytest.raises(OptionsError, match=says):
        GAME.new_state({"amulets": amulets}, seed=1)


# -- what card backs show (ruling 1) ------------------------------------------------------

def test_rule_1_card_backs_show_colours_of_every_hand_and_pile(position: Any, play: Any) -> None:
    state = position(
        ["R14 B2 W0", "G5 G6", "Y1"], piles=("V3 W7", "R1"), won=["B9", "", "W1"]
    )
    seat1 = state.observe(1)
    hidden = [HIDDEN + "WBVRYG".index(x) for x in "WBR"]  # seat 0's hand, colour by colour
    assert list(seat1.hands[0]) == hidden
    assert seat1.hand == tuple(parse_card(t) for t in ("G6", "G5"))
    assert [card_text(c) for c in seat1.piles[0]] == ["V?", "W?"]  # pile 1, top first
    assert [card_text(c) for c in seat1.piles[1]] == ["R?"]
    assert [card_text(c) for c in seat1.won[0]] == ["B?"]  # standard variant: backs only
    assert state.observe(0).to_json()["won"][0] == ["B9"]  # a seat sees its own won values
    assert state.observe(None).to_json()["hands"] == [["W?", "B?", "R?"], ["G?", "G?"], ["Y?"]]
    # Cards in play lie face down: colours public, values only to their owner until revealed.
    play(state, "play R14")
    assert state.observe(1).to_json()["in_play"][0] == ["R?"]
    assert state.observe(0).to_json()["in_play"][0] == ["R14"]


def test_variant_open_won_cards_lie_face_up(position: Any) -> None:
    hands, won = ["R14", "G5", "Y1"], ["B9", "", "W1"]
    standard = position(hands, piles=("V3", "R1"), won=won)
    open_ = position(hands, piles=("V3", "R1"), won=won, variant="open")
    assert standard.observe(1).to_json()["won"] == [["B?"], [], ["W?"]]
    assert open_.observe(1).to_json()["won"] == [["B9"], [], ["W1"]]
    assert open_.observe(None).to_json()["won"] == [["B9"], [], ["W1"]]
    assert open_.observe(1).to_json()["hands"][0] == ["R?"]  # hands stay hidden in both


def test_variant_standard_won_values_shown_to_all_at_the_end(position: Any) -> None:
    state = position(["", "", ""], won=["B9", "", "W1"])
    assert state.is_terminal
    assert state.observe(1).to_json()["won"] == [["B9"], [], ["W1"]]


# -- explicit set-ups ---------------------------------------------------------------------

def test_setup_piles_are_given_top_first(position: Any, play: Any, hand_of: Any) -> None:
    state = position(["R5", "B5", "G5"], piles=("V3 W7", "R1 R2"))
    assert [card_text(c) for c in state.piles[0]] == ["W7", "V3"]  # stored top last
    play(state, "play R5; pass; draw 1; draw 2")
    assert hand_of(state, 1) == ["B5", "V3", "R1"]


def test_setup_any_subset_any_hand_size(position: Any) -> None:
    state = position(["R5 R6 R7 R8 R9 R10 R11 R12 R13 R14 R15 R1", "", "G5"], piles=("", "V3"),
                     first_player=2)
    assert [state.hand_size(s) for s in range(3)] == [12, 0, 1]
    assert state.first == 2 and state.to_act == 2


def test_setup_first_player_defaults_to_seat_0(position: Any) -> None:
    state = GAME.state_from_setup({"hands": [["R1"], ["R2"], ["R3"]], "piles": [[], []]})
    assert state.first == 0 and state.to_act == 0


def test_setup_first_player_without_cards_passes_the_lead_clockwise(position: Any) -> None:
    state = position(["", "", "R3", "R4"], first_player=0)
    assert state.first == 2 and state.to_act == 2


def test_setup_players_taken_from_the_hands() -> None:
    state = GAME.state_from_setup({"hands": [[], [], [], [], ["R1"]], "piles": [[], []]})
    assert state.n == 5 and state.to_act == 4


SETUP_ERRORS = [
    ({"hands": [["X5"], [], []]}, "hand of seat 0: 'X5' is not a card"),
    ({"hands": [["R16"], [], []]}, "hand of seat 0: 'R16' is not a card"),
    ({"hands": [[], ["R01"], []]}, "hand of seat 1: 'R01' is not a card"),
    ({"hands": [[14], [], []]}, "hand of seat 0: 14 is not a card"),
    ({"hands": [["R0", "R0"], ["R0"], []]}, "hand of seat 1: R0 appears more often"),
    ({"hands": [["R5"], [], []], "piles": [["R5"], []]}, "pile 1: R5 appears more often"),
    ({"hands": [["R5"], [], []], "won": [["R5"], [], []]}, "won pile of seat 0: R5 appears more often"),
    ({"hands": [[], [], []], "piles": [["B2"], ["B2"]]}, "pile 2: B2 appears more often"),
    ({"hands": [[], [], []], "piles": [[]]}, '"piles" must be two lists'),
    ({"hands": [[], [], []], "piles": "R1"}, '"piles" must be two lists'),
    ({"hands": [[], [], []], "piles": [[], [], []]}, '"piles" must be two lists'),
    ({"hands": [[], [], []], "piles": [["R1"], "B2"]}, '"piles" must be two lists'),
    ({"hands": [[], [], []], "piles": None}, '"piles" must be two lists'),
    ({"hands": [[], [], []], "won": [[], []]}, '"won" must be 3 lists'),
    ({"hands": [[], [], []], "first_player": 3}, '"first_player" must be a seat from 0 to 2'),
    ({"hands": [[], [], []], "first_player": -1}, '"first_player" must be a seat from 0 to 2'),
    ({"hands": [[], [], []], "first_player": "0"}, '"first_player" must be a seat from 0 to 2'),
    ({"hands": [[], [], []], "first_player": True}, '"first_player" must be a seat from 0 to 2'),
    ({"hands": [[], [], []], "seed": 3}, "unknown setup field(s): seed"),
    ({"hands": "R1"}, '"hands" must be a list of lists'),
    ({"hands": [["R1"], "B2", []]}, '"hands" must be a list of lists'),
]


@pytest.mark.parametrize("setup, says", SETUP_ERRORS)
def test_setup_malformed_or_impossible_refused(setup: dict[str, Any], says: str) -> None:
    full = {"piles": [[], []], **setup}
    with pytest.raises(SetupError) as caught:
        GAME.state_from_setup(full)
    assert says in str(caught.value)


def test_setup_must_be_an_object() -> None:
    with pytest.raises(SetupError, match="must be an object"):
        GAME.state_from_setup([["R1"]])  # type: ignore[arg-type]


def test_setup_hands_must_match_the_players_option() -> None:
    with pytest.raises(SetupError, match="setup has 3 hands for 4 players"):
        GAME.state_from_setup({"hands": [[], [], []], "piles": [[], []]}, {"players": 4})
    with pytest.raises(SetupError, match="setup has 5 hands for 3 players"):
        GAME.state_from_setup({"hands": [[]] * 5, "piles": [[], []]}, {"players": 3})


def test_setup_with_too_few_hands_is_a_players_error() -> None:
    """Two hands and no option: the player count comes from the hands, and 2 is not allowed."""
    with pytest.raises(OptionsError, match="3 to 5 players"):
        GAME.state_from_setup({"hands": [["R1"], ["R2"]], "piles": [[], []]})


def test_setup_options_still_checked() -> None:
    with pytest.raises(OptionsError, match="standard, open"):
        GAME.state_from_setup({"hands": [[], [], []], "piles": [[], []]}, {"variant": "hidden"})
