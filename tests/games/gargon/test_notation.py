"""Gargon's notation (issue 2, section 4): exact, since tools outside the project rely on it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludotheque.core.errors import NotationError
from ludotheque.games.gargon import GAME
from ludotheque.games.gargon.actions import (
    BATTLE,
    DRAW,
    MAX_ACTION,
    PASS,
    PLAY,
    RADIX,
    STOP,
    canonical,
    checked_play_cards,
    play_action,
    play_cards,
)
from ludotheque.games.gargon.components import COLOUR_LETTERS, DECK_SIZE, HIDDEN
from ludotheque.games.gargon.notation import action_to_text, card_text, parse_action, parse_card, parse_colour


def card(colour: str, value: int) -> int:
    return COLOUR_LETTERS.index(colour) * 16 + value


# -- cards --------------------------------------------------------------------------------

@pytest.mark.parametrize("text, colour, value", [
    ("R14", "R", 14), ("V0", "V", 0), ("G15", "G", 15), ("W1", "W", 1), ("b7", "B", 7),
    ("y10", "Y", 10), (" R3 ", "R", 3),
])
def test_notation_card_is_colour_letter_and_value(text: str, colour: str, value: int) -> None:
    assert parse_card(text) == card(colour, value)
    assert card_text(parse_card(text)) == text.strip().upper()


def test_notation_card_text_of_every_card_round_trips() -> None:
    for code in range(96):
        assert parse_card(card_text(code)) == code
    assert card_text(HIDDEN + 3) == "R?"  # a card seen from its back


@pytest.mark.parametrize("text", [
    "R16", "R01", "R00", "X5", "R", "14", "", "R-1", "R+1", "R1.5", "R 1", "RR1", "R²", "R١", "?3",
])
def test_notation_malformed_card_is_refused(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_card(text)
    assert "not a card" in str(caught.value)


@pytest.mark.parametrize("text", ["", "X", "RB", "1", "white"])
def test_notation_malformed_colour_is_refused(text: str) -> None:
    with pytest.raises(NotationError, match="not a colour"):
        parse_colour(text)


# -- actions ------------------------------------------------------------------------------

@pytest.mark.parametrize("text, action", [
    ("pass", PASS), ("PASS", PASS), ("stop", STOP), ("Stop", STOP),
    ("draw 1", DRAW), ("DRAW 2", DRAW + 1), ("battle W", BATTLE), ("battle r", BATTLE + 3),
    ("Battle G", BATTLE + 5), ("  draw   2 ", DRAW + 1),
])
def test_notation_fixed_actions_case_insensitive(text: str, action: int) -> None:
    assert parse_action(text) == action
    assert GAME.parse_action(text) == action


@pytest.mark.parametrize("action, text", [
    (PASS, "pass"), (STOP, "stop"), (DRAW, "draw 1"), (DRAW + 1, "draw 2"),
    (BATTLE, "battle W"), (BATTLE + 1, "battle B"), (BATTLE + 2, "battle V"),
    (BATTLE + 3, "battle R"), (BATTLE + 4, "battle Y"), (BATTLE + 5, "battle G"),
])
def test_notation_fixed_actions_canonical_text(action: int, text: str) -> None:
    assert action_to_text(action) == text
    assert GAME.action_to_text(action) == text


@pytest.mark.parametrize("text, canonical_text", [
    ("play R14", "play R14"),
    ("play b2 w3 b12", "play W3 B12 B2"),  # colours W B V R Y G, then values descending
    ("PLAY r0 R14", "play R14 R0"),
    ("play g1 y1 r1", "play R1 Y1 G1"),
    ("play R0 R0", "play R0 R0"),  # the two 0s of a colour are both R0
    ("play G15 V0 V7", "play V7 V0 G15"),
    ("play y5 B5", "play B5 Y5"),
])
def test_notation_play_any_order_canonical_output(text: str, canonical_text: str) -> None:
    action = parse_action(text)
    assert action_to_text(action) == canonical_text
    assert parse_action(canonical_text) == action


def test_notation_play_order_of_cards_does_not_matter() -> None:
    cards = [card("B", 2), card("W", 3), card("B", 12)]
    assert play_action(cards) == play_action(cards[::-1]) == play_action(sorted(cards))
    assert play_cards(play_action(cards)) == canonical(cards) == [card("W", 3), card("B", 12), card("B", 2)]


def test_a_play_code_is_read_only_as_play_action_writes_it() -> None:
    """``checked_play_cards`` reads the code's digits instead of making the play again: it gives
    the cards exactly when writing them back gives the same code (every pattern of the lowest,
    highest and middling digits in each place, and random codes), and nothing outside plays."""
    digits = [0, 1, 2, 3, 47, 48, RADIX - 2, RADIX - 1]
    codes = [PLAY + (a * RADIX + b) * RADIX + c for a in digits for b in digits for c in digits]
    rng = random.Random(32)
    codes += [rng.randrange(PLAY, MAX_ACTION) for _ in range(3000)]
    for action in codes:
        cards = play_cards(action)
        expected = cards if cards and play_action(cards) == action else []
        assert checked_play_cards(action) == expected, action
    assert sum(1 for action in codes if checked_play_cards(action)) > 100  # plays among them
    for action in (-1, 0, PASS, STOP, DRAW, BATTLE, PLAY - 1, MAX_ACTION, MAX_ACTION + 5):
        assert checked_play_cards(action) == []


@pytest.mark.parametrize("text, says", [
    ("play", "one to three cards"),
    ("play R1 R2 B3 B4", "one to three cards"),  # four cards
    ("play R1 R2 R3", "three cards of one colour"),
    ("play R0 R0 R0", "three cards of one colour"),
    ("play R5 R5", "only one R5"),
    ("play R16", "not a card"),
    ("play R01", "not a card"),
    ("play Q3", "not a card"),
    ("draw 3", "draw 1"),
    ("draw 0", "draw 1"),
    ("draw", "draw 1"),
    ("draw 1 2", "draw 1"),
    ("draw one", "draw 1"),
    ("battle X", "not a colour"),
    ("battle", "one colour letter"),
    ("battle R B", "one colour letter"),
    ("battle RB", "not a colour"),
    ("pass now", "nothing after it"),
    ("stop 1", "nothing after it"),
    ("jump", "unknown action"),
    ("", "empty action"),
    ("   ", "empty action"),
])
def test_notation_malformed_action_is_refused(text: str, says: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    assert says in str(caught.value)


@pytest.mark.parametrize("action", [
    -1, 10, 15, PLAY, PLAY + 5, PLAY + 5 * 97 + 3, MAX_ACTION, MAX_ACTION + PLAY, 10**9,
])
def test_notation_no_text_for_codes_outside_the_actions(action: int) -> None:
    """Only indices built by the notation have a text (PLAY + 5 would decode as one card, but
    the index of that card's play is another number): text and index stay one-to-one."""
    with pytest.raises(NotationError, match="not a Gargon action"):
        action_to_text(action)


def test_notation_play_of_three_one_colour_text_still_prints() -> None:
    """Codes exist for every multiset; legality is the rules' business, not the notation's."""
    action = play_action([card("R", 1), card("R", 2), card("R", 3)])
    assert action_to_text(action) == "play R3 R2 R1"


# -- round trips ------------------------------------------------------------------------

_ONE_CARD = st.integers(0, 95)


@st.composite
def plays(draw: Any) -> list[int]:
    """One to three distinct physical cards (the two 0s of a colour may both appear)."""
    deck = [c for c in range(96) for _ in range(2 if c & 15 == 0 else 1)]
    picked = draw(st.lists(st.integers(0, DECK_SIZE - 1), min_size=1, max_size=3, unique=True))
    cards = [deck[i] for i in picked]
    if len(cards) == 3 and len({c >> 4 for c in cards}) == 1:
        cards = cards[:2]
    return cards


@given(plays(), st.randoms(use_true_random=False))
def test_notation_play_round_trip_any_order_any_case(cards: list[int], rng: random.Random) -> None:
    action = play_action(cards)
    text = action_to_text(action)
    assert text == "play " + " ".join(card_text(c) for c in canonical(cards))
    shuffled = [card_text(c) for c in cards]
    rng.shuffle(shuffled)
    messy = "PlAy " + " ".join(t.lower() if rng.random() < 0.5 else t for t in shuffled)
    assert parse_action(messy) == action
    assert parse_action(text) == action


def test_notation_round_trip_for_every_legal_action_of_random_positions(random_states: Any) -> None:
    checked = 0
    for players in (3, 4, 5):
        for state in random_states(range(4), players=players):
            texts = state.legal_texts()
            assert len(set(texts)) == len(texts)  # one text per action
            for action, text in zip(state.legal_actions(), texts, strict=True):
                assert parse_action(text) == action
                assert action_to_text(parse_action(text.upper())) == text
                if action >= PLAY:
                    cards = [parse_card(t) for t in text.split()[1:]]
                    assert cards == canonical(cards)
                checked += 1
    assert checked > 5000
