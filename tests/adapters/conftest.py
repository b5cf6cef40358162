"""Every registered game that declares an encoding, at every player count of its spec."""

from __future__ import annotations

import pytest

from ludotheque.core import game_ids, get_game


def encoded_cases() -> list[tuple[str, int]]:
    return [(game_id, players) for game_id in game_ids() if get_game(game_id).encoding() is not None
            for players in range(get_game(game_id).spec.min_players, get_game(game_id).spec.max_players + 1)]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "game_players" in metafunc.fixturenames:
        cases = encoded_cases()
        metafunc.parametrize("game_players", cases, ids=[f"{g}-{p}p" for g, p in cases])
    if "game_id" in metafunc.fixturenames:
        ids = sorted({g for g, _ in encoded_cases()})
        metafunc.parametrize("game_id", ids, ids=ids)
