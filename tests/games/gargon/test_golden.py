"""Golden replays: finished Gargon games kept as records, replayed to their stored result.

Their point is to catch any unintended change of behaviour: a rule, the deal from a seed, the
notation or the scoring that moves makes one of them fail (an action turns illegal, or the final
scores differ).

The files in ``golden/`` must be regenerated ONLY when Gargon's spec version
(``ludotheque.games.gargon.game.SPEC.version``) changes, i.e. when a behaviour change is
intended; never to make this test pass. Each seeded file is one bot game played with
``ludotheque.sim.match.play_game("gargon", options, bots, seed)`` and the bots
``make_bot("gargon", name, bot_seed(seed, seat))`` (options, seed and file name say which);
the ``3p-setup-*`` files start from an explicit position. Their ``result`` holds the final
``scores`` and ``winners`` as computed when they were made. A record keeps the actions, so
changes to the bots never affect these files.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ludotheque.core import GameRecord, replay
from ludotheque.games.gargon import GAME, SPEC

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_golden_records_exist_for_every_player_count_and_variant() -> None:
    records = [GameRecord.load(path) for path in GOLDEN]
    assert {r.options["players"] for r in records} == {3, 4, 5}
    assert {r.options.get("variant", "standard") for r in records} == {"standard", "open"}
    assert any(r.setup is not None for r in records)


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_record_replays_to_its_result(path: Path) -> None:
    record = GameRecord.load(path)
    assert record.version == SPEC.version, (
        f"{path.name} is for Gargon version {record.version}, the game is now version "
        f"{SPEC.version}: regenerate the golden records (see this module's docstring)"
    )
    assert record.result is not None and record.actions
    state = replay(record)
    assert state.is_terminal, f"{path.name}: the game no longer ends after its last action"
    assert {"scores": state.scores(), "winners": state.winners()} == record.result
    assert [GAME.action_to_text(GAME.parse_action(a)) for a in record.actions] == record.actions, (
        "records keep actions in canonical notation"
    )
