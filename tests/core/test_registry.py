"""The registry: games announced by entry points, found by id, unknown ids named as such."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from ludotheque.core import (
    Game,
    GameSpec,
    LudothequeError,
    OptionSpec,
    State,
    UnknownGameError,
    game_ids,
    get_game,
    register,
    registry,
)
from ludotheque.core.spec import integer
from ludotheque.games.gargon import GAME as GARGON


class ToyGame(Game):
    """A game that only has to exist: the registry never starts one."""

    spec = GameSpec("toy", "Toy", 1, 1, 2, (OptionSpec("players", 1, "players", convert=integer),),
                    distinct_actions=1, max_game_length=1, min_score=0, max_score=1, chance_in_play=False,
                    hidden_information=False)

    def new_state(self, options: Mapping[str, Any] | None = None, seed: int | None = None) -> State:
        raise NotImplementedError

    def state_from_setup(self, setup: Mapping[str, Any], options: Mapping[str, Any] | None = None
                         ) -> State:
        raise NotImplementedError

    def parse_action(self, text: str) -> int:
        raise NotImplementedError

    def action_to_text(self, action: int) -> str:
        raise NotImplementedError


def test_gargon_is_registered_through_its_entry_point() -> None:
    assert "gargon" in game_ids()
    assert get_game("gargon") is GARGON


def test_game_ids_are_sorted() -> None:
    assert game_ids() == sorted(game_ids())


def test_ids_are_found_ignoring_case_and_spaces() -> None:
    assert get_game("  GarGon\n") is GARGON


@pytest.mark.parametrize("name", ["chess", "", "gargon2", "gar gon"])
def test_unknown_game_names_the_known_ones(name: str) -> None:
    with pytest.raises(UnknownGameError) as refused:
        get_game(name)
    message = str(refused.value)
    assert repr(name) in message
    assert all(game_id in message for game_id in game_ids())
    assert isinstance(refused.value, LudothequeError)


def test_register_adds_a_game(monkeypatch: pytest.MonkeyPatch) -> None:
    game_ids()  # load the entry points before the registry is swapped for a copy
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    toy = ToyGame()
    assert register(toy) is toy
    assert game_ids() == sorted(["toy", *(i for i in game_ids() if i != "toy")])
    assert "toy" in game_ids() and "gargon" in game_ids()
    assert get_game("TOY") is toy
    with pytest.raises(UnknownGameError, match="known games: .*gargon, .*toy"):
        get_game("chess")


def test_entry_points_are_read_as_importlib_metadata_lists_them() -> None:
    """The registry reads entry_points.txt itself (for start-up time): it must find what the
    standard library finds."""
    from importlib.metadata import entry_points as standard

    expected = [(e.name, e.value) for e in standard(group=registry.GROUP)]
    assert list(registry.entry_points()) == expected
    assert ("gargon", "ludotheque.games.gargon:GAME") in expected
