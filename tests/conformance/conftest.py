"""Parametrisation of the conformance suite: every registered game, every player count of its
spec, several seeds.

Nothing here may know a particular game: a new game registered through the entry point group
``ludotheque.games`` is picked up by ``game_ids()`` and must pass the whole suite unchanged. The
tiny game of ``tests/plugins`` (Secret Nim: chance, a hidden value) is registered here with the
registry's public ``register``, as a game from another package would be.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

from ludotheque.core import Game, game_ids, get_game, register

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "plugins"))
import secret_nim  # noqa: E402  (found on the path just added)

register(secret_nim.GAME)

#: Seeds of the random playouts (the deal and the choices both derive from them). ``make test``
#: shares them between its two runs (LUDOTHEQUE_SEEDS): the first in pure Python, the others
#: against the compiled build; every property is checked in both builds.
SEEDS = tuple(int(seed) for seed in os.environ.get("LUDOTHEQUE_SEEDS", "0,1,2").split(","))


def _cases() -> list[tuple[Game, dict[str, Any], int]]:
    out = []
    for game_id in game_ids():
        game = get_game(game_id)
        for players in range(game.spec.min_players, game.spec.max_players + 1):
            out += [(game, {"players": players}, seed) for seed in SEEDS]
    return out


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """``game``: every registered game; ``case``: (game, options, seed) of one random playout."""
    if "game" in metafunc.fixturenames:
        metafunc.parametrize("game", [get_game(i) for i in game_ids()], ids=game_ids())
    if "case" in metafunc.fixturenames:
        cases = _cases()
        ids = [f"{g.id}-{o['players']}p-seed{s}" for g, o, s in cases]
        metafunc.parametrize("case", cases, ids=ids)
