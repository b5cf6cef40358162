"""The components file: the reconstructed box loads and is what its comments say; a player's
own file replaces it through the ``components`` option; a malformed one is refused clearly."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from ludotheque.core.errors import OptionsError
from ludotheque.games.drakon import GAME
from ludotheque.games.drakon.components import (
    ARROWLESS,
    EFFECTS,
    ComponentsError,
    components,
    default_path,
    kind_effect,
    kind_pattern,
    read_components,
)

BOX = default_path().read_text("utf-8")


def test_the_reconstructed_box_holds_72_tiles_28_coins_and_says_so() -> None:
    parts = components()
    assert parts.tile_count == 72 and sum(parts.coins) == 28  # published facts (seeds README)
    assert parts.start_arrows == 15
    effects = Counter(EFFECTS[kind_effect(k)] for k in parts.tiles)
    assert set(effects) == set(EFFECTS) - {"start"}  # every room of 004 is in the box
    assert all(kind_pattern(k) == 0 for k in parts.tiles if kind_effect(k) in ARROWLESS)
    assert "RECONSTRUCTED" in BOX and "components=" in BOX


def test_a_players_own_box_is_played_with_the_components_option(tmp_path: Path) -> None:
    mine = tmp_path / "box.toml"
    mine.write_text(BOX.replace('room = "find"\narrows = "N"\ncount = 2',
                                'room = "find"\narrows = "N"\ncount = 9'), "utf-8")
    state = GAME.new_state({"players": 3, "components": str(mine)}, seed=1)
    assert len(state.pile) + 12 == components(str(mine)).tile_count - 1 == 78


@pytest.mark.parametrize(("change", "message"), [
    (('room = "passkey"\narrows = ""', 'room = "passkey"\narrows = "N"'), "no arrows"),
    (('room = "start"\narrows = "NESW"\ncount = 1', 'room = "start"\narrows = "NESW"\ncount = 2'),
     "exactly one Start"),
    (('room = "find"', 'room = "gold"'), "unknown room"),
    (('arrows = "NES"', 'arrows = "NEX"'), "N, E, S, W"),
    (('room = "room"\narrows = "N"\ncount = 2', 'room = "room"\narrows = "NESW"\ncount = 2'),
     "one to three arrows"),
    (("1 = 10", "1 = -1"), "coin counts"),
    (("[coins]", "[coinz]"), "coins"),
])
def test_a_malformed_components_file_is_refused(tmp_path: Path, change: tuple[str, str],
                                                message: str) -> None:
    assert change[0] in BOX
    bad = tmp_path / "bad.toml"
    bad.write_text(BOX.replace(change[0], change[1], 1), "utf-8")
    with pytest.raises(ComponentsError, match=message):
        read_components(bad)
    with pytest.raises(OptionsError, match=message):
        GAME.new_state({"components": str(bad)}, seed=1)


def test_a_missing_or_broken_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(OptionsError, match="cannot read"):
        GAME.new_state({"components": str(tmp_path / "none.toml")}, seed=1)
    broken = tmp_path / "broken.toml"
    broken.write_text("[[tiles]\n", "utf-8")
    with pytest.raises(OptionsError, match="not valid TOML"):
        GAME.new_state({"components": str(broken)}, seed=1)
