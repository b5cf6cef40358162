"""The fixed facts of a game, declared apart from its logic: id, version, players, options, and
what bounds every game of it (action indices, length, scores, chance, hidden information)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import KW_ONLY, dataclass, field
from typing import Any

from .errors import OptionsError, SetupError

#: Turns a raw option value (from JSON or the command line) into a checked value, or raises
#: ValueError with a message for the player.
Converter = Callable[[Any], Any]


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its name, default, help text and how to check a value."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    convert: Converter | None = None
    #: The option names a file on the machine that runs the game: only front ends on the
    #: player's own machine (the command line) accept it; the web table refuses it.
    local: bool = False
    #: The option changes which game is played (a variant), not a detail of its rules: the lobby
    #: shows it with the number of players, and folds the others under "More options".
    essential: bool = False
    #: A whole-number option's lowest and highest values (None, the unset value, is allowed
    #: where the converter gives it): checked here, and what a report's sweep may step over.
    bounds: tuple[int, int] | None = None

    def check(self, value: Any) -> Any:
        """Return the checked value, or raise OptionsError saying what is allowed."""
        if self.convert is not None:
            try:
                value = self.convert(value)
            except (TypeError, ValueError) as exc:
                raise OptionsError(f"option {self.name!r}: {exc}", self.name) from None
        if self.bounds is not None and value is not None and not (
                self.bounds[0] <= value <= self.bounds[1]):
            raise OptionsError(f"option {self.name!r} must be {self.bounds[0]} to "
                               f"{self.bounds[1]}; got {value!r}", self.name)
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionsError(f"option {self.name!r} must be one of {allowed}; got {value!r}", self.name)
        return value


@dataclass(frozen=True)
class GameSpec:
    """What a game is, independent of any position: players, version, options, and bounds that
    hold for every option (searches, learners and the conformance suite rely on them)."""

    id: str
    name: str
    version: int
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = field(default_factory=tuple)
    description: str = ""
    _: KW_ONLY
    #: Every action index lies in ``range(distinct_actions)``.
    distinct_actions: int
    #: No game lasts more actions than this (chance outcomes included).
    max_game_length: int
    #: Every final score lies in ``[min_score, max_score]``.
    min_score: float
    max_score: float
    #: Chance nodes (``to_act == CHANCE``) can occur after the start.
    chance_in_play: bool
    #: Some seat may not see everything (its observation hides part of the state).
    hidden_information: bool

    def __post_init__(self) -> None:
        if not (1 <= self.min_players <= self.max_players and self.distinct_actions > 0
                and self.max_game_length > 0 and self.min_score <= self.max_score):
            raise ValueError(f"{self.id}: incoherent game spec {self!r}")

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        raise OptionsError(f"{self.id} has no option {name!r}")

    def resolve_options(self, raw: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Complete ``raw`` with defaults and check every value; unknown names are refused."""
        raw = dict(raw or {})
        known = {spec.name for spec in self.options}
        unknown = sorted(set(raw) - known)
        if unknown:
            raise OptionsError(
                f"{self.id} has no option {', '.join(map(repr, unknown))}; "
                f"options are: {', '.join(sorted(known))}"
            )
        resolved = {spec.name: spec.check(raw.get(spec.name, spec.default)) for spec in self.options}
        players = resolved.get("players")
        if players is not None and not self.min_players <= players <= self.max_players:
            raise OptionsError(
                f"{self.name} is for {self.min_players} to {self.max_players} players; "
                f"got {players}", "players"
            )
        first = resolved.get("first_player")
        if players is not None and first is not None and not 0 <= first < players:
            raise OptionsError(f"first_player must be a seat from 0 to {players - 1}; got {first}",
                               "first_player")
        return resolved


def setup_first_player(setup: Mapping[str, Any], players: int) -> int:
    """A set-up's ``first_player`` (0 when absent), checked: a seat of the game."""
    first = setup.get("first_player", 0)
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
        raise SetupError(f'setup "first_player" must be a seat from 0 to {players - 1}')
    return first


def integer(value: Any) -> int:
    """Option converter: an integer, also from text; booleans are refused."""
    if isinstance(value, bool):
        raise ValueError(f"expected a whole number, got {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        digits = value.strip()
        digits = digits[1:] if digits[:1] in ("+", "-") else digits
        if digits.isascii() and digits.isdigit():
            return int(value)
    raise ValueError(f"expected a whole number, got {value!r}")


def optional_integer(value: Any) -> int | None:
    """Option converter: an integer or nothing (None, "", "random")."""
    if value is None or value == "" or value == "random":
        return None
    return integer(value)


def optional_path(value: Any) -> str | None:
    """Option converter: the path of a file on the player's machine, or nothing (None, "")."""
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise ValueError(f"expected the path of a file, got {value!r}")
    return value


def flag(value: Any) -> bool:
    """Option converter: yes or no, also from text ("true", "false", "yes", "no", "on", "off",
    "1", "0")."""
    if isinstance(value, bool):
        return value
    words = {"true": True, "yes": True, "on": True, "1": True,
             "false": False, "no": False, "off": False, "0": False}
    if isinstance(value, (str, int)) and str(value).strip().lower() in words:
        return words[str(value).strip().lower()]
    raise ValueError(f"expected yes or no, got {value!r}")


def text(value: Any) -> str:
    """Option converter: a lower-cased string."""
    if not isinstance(value, str):
        raise ValueError(f"expected text, got {value!r}")
    return value.strip().lower()

