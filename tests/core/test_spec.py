"""GameSpec and OptionSpec: defaults, validation, and errors that say what is allowed."""

from __future__ import annotations

import pytest

from ludotheque.core import GameSpec, OptionsError, OptionSpec
from ludotheque.core.spec import integer, optional_integer, text

SPEC = GameSpec(
    id="toy",
    name="Toy",
    version=3,
    min_players=2,
    max_players=4,
    options=(
        OptionSpec("players", 3, "number of players", convert=integer),
        OptionSpec("colour", "red", "colour of the board", choices=("red", "blue"), convert=text),
        OptionSpec("start", None, "first seat", convert=optional_integer),
        OptionSpec("label", "x", "free text, no converter"),
    ),
    distinct_actions=10,
    max_game_length=100,
    min_score=0,
    max_score=10,
    chance_in_play=False,
    hidden_information=False,
)


def test_defaults_complete_the_options() -> None:
    assert SPEC.resolve_options(None) == {"players": 3, "colour": "red", "start": None, "label": "x"}
    assert SPEC.resolve_options({"players": 2})["players"] == 2


def test_values_are_converted() -> None:
    resolved = SPEC.resolve_options({"players": "4", "colour": " BLUE ", "start": "1", "label": 7})
    assert resolved == {"players": 4, "colour": "blue", "start": 1, "label": 7}


def test_resolve_does_not_change_its_input() -> None:
    raw = {"players": "2"}
    SPEC.resolve_options(raw)
    assert raw == {"players": "2"}


def test_unknown_option_is_refused_listing_the_known_ones() -> None:
    with pytest.raises(OptionsError) as refused:
        SPEC.resolve_options({"players": 3, "speed": 2})
    message = str(refused.value)
    assert "'speed'" in message
    assert "colour, label, players, start" in message


@pytest.mark.parametrize("players", [1, 5, 0, -2, "9"])
def test_players_out_of_range_are_refused(players: object) -> None:
    with pytest.raises(OptionsError, match="2 to 4 players"):
        SPEC.resolve_options({"players": players})


@pytest.mark.parametrize("value", [True, 2.5, "three", None, [3]])
def test_players_of_the_wrong_type_are_refused_naming_the_option(value: object) -> None:
    with pytest.raises(OptionsError, match="option 'players'"):
        SPEC.resolve_options({"players": value})


def test_a_value_outside_the_choices_is_refused_listing_them() -> None:
    with pytest.raises(OptionsError, match="one of red, blue; got 'green'"):
        SPEC.resolve_options({"colour": "Green"})
    with pytest.raises(OptionsError, match="option 'colour'"):
        SPEC.resolve_options({"colour": 3})


def test_option_lookup() -> None:
    assert SPEC.option("colour").choices == ("red", "blue")
    with pytest.raises(OptionsError, match="toy has no option 'speed'"):
        SPEC.option("speed")


def test_check_without_converter_keeps_the_value() -> None:
    assert SPEC.option("label").check([1, 2]) == [1, 2]


@pytest.mark.parametrize(("raw", "value"), [(3, 3), ("7", 7), (" +7 ", 7), ("-3", -3), (0, 0)])
def test_integer_converter_accepts_whole_numbers(raw: object, value: int) -> None:
    assert integer(raw) == value


@pytest.mark.parametrize("raw", [True, False, 2.0, "2.5", "x", "", None, "--1", "+-1"])
def test_integer_converter_refuses_anything_else(raw: object) -> None:
    with pytest.raises(ValueError):
        integer(raw)


@pytest.mark.parametrize(("raw", "value"), [(None, None), ("", None), ("random", None), ("2", 2), (0, 0)])
def test_optional_integer_converter(raw: object, value: int | None) -> None:
    assert optional_integer(raw) == value


def test_text_converter() -> None:
    assert text("  Open ") == "open"
    with pytest.raises(ValueError, match="expected text"):
        text(1)


def test_the_first_player_is_a_seat_of_the_game() -> None:
    from dataclasses import replace

    from ludotheque.core import SetupError
    from ludotheque.core.spec import setup_first_player

    spec = replace(SPEC, options=(*SPEC.options,
                                  OptionSpec("first_player", None, "first seat", convert=optional_integer)))
    assert spec.resolve_options({"players": 3, "first_player": 2})["first_player"] == 2
    with pytest.raises(OptionsError, match="first_player must be a seat from 0 to 2; got 3"):
        spec.resolve_options({"players": 3, "first_player": 3})
    assert setup_first_player({}, 3) == 0 and setup_first_player({"first_player": 1}, 3) == 1
    for bad in (3, -1, "0", True):
        with pytest.raises(SetupError, match='"first_player" must be a seat from 0 to 2'):
            setup_first_player({"first_player": bad}, 3)


def test_a_bounded_option_refuses_a_value_outside_its_bounds_and_takes_unset() -> None:
    goal = OptionSpec("goal", None, "gold to win", convert=optional_integer, bounds=(1, 200))
    assert goal.check("200") == 200 and goal.check(None) is None
    for value in (0, "201"):
        with pytest.raises(OptionsError, match="option 'goal' must be 1 to 200; got") as refused:
            goal.check(value)
        assert refused.value.option == "goal"
