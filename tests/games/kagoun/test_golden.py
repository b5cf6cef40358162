"""Golden replays: finished Kagoun games kept as records, replayed to their stored result.

They catch any unintended change of behaviour (a rule, the deal from a seed, the notation, the
scoring): an action turns illegal, or the result differs. Regenerate the files in ``golden/``
ONLY when Kagoun's spec version changes (an intended change of behaviour), never to make this
test pass. Seeded files are bot games of ``ludotheque.sim.match.play_game`` with the bots
``make_bot("kagoun", name, bot_seed(seed, seat))`` (the name says which bots); the setup file
starts from an explicit position, its chance outcomes listed among its actions.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ludotheque.core import GameRecord, replay
from ludotheque.games.kagoun import SPEC

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_golden_records_cover_every_player_count_an_option_and_a_setup() -> None:
    records = [GameRecord.load(path) for path in GOLDEN]
    assert {r.options["players"] for r in records} == {2, 3, 4}
    assert any(r.options.get("capture_ties") == "first" for r in records)
    assert any(r.setup is not None for r in records)


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_record_replays_to_its_result(path: Path) -> None:
    record = GameRecord.load(path)
    assert record.version == SPEC.version
    state = replay(record)
    assert state.is_terminal
    assert record.result == {"scores": state.scores(), "winners": state.winners()}
