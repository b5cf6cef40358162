"""Golden replays: finished Kagoun games kept as records, replayed to their stored result.

They catch any unintended change of behaviour (a rule, the deal from a seed, the notation, the
scoring): an action turns illegal, or the result differs. Regenerate the files in ``golden/``
ONLY when Kagoun's spec version changes (an intended change of behaviour), never to make this
test pass: ``.venv/bin/python tests/games/kagoun/make_golden.py`` says how they are played.
``golden/v1/`` keeps the records of version 1: older records must keep replaying under the rules
they were played with (``KagounGame.options_of_version``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ludotheque.core import GameRecord, replay
from ludotheque.core.game import start_log
from ludotheque.core.record import result_of
from ludotheque.games.kagoun import SPEC

FOLDER = Path(__file__).parent / "golden"
GOLDEN = sorted(FOLDER.glob("*.json"))
VERSION_1 = sorted((FOLDER / "v1").glob("*.json"))


def test_golden_records_cover_every_player_count_an_option_a_setup_and_a_chain_laid_again() -> None:
    records = [GameRecord.load(path) for path in GOLDEN]
    assert {r.options["players"] for r in records} == {2, 3, 4}
    assert any(r.options.get("capture_ties") == "first" for r in records)
    assert any(r.setup is not None for r in records)
    assert any((r.result or {}).get("ending") == "rounds" for r in records)  # a draw at the cap
    relays = 0
    for record in records:
        state = record.start()
        log = start_log(state)
        for action in record.actions:
            state.apply_text(action)
        relays += sum(1 for event in log or [] if event.kind == "relay")
    assert relays


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_record_replays_to_its_result(path: Path) -> None:
    record = GameRecord.load(path)
    assert record.version == SPEC.version
    state = replay(record)
    assert state.is_terminal
    assert record.result == result_of(state)


@pytest.mark.parametrize("path", VERSION_1, ids=[p.stem for p in VERSION_1])
def test_a_record_of_version_1_replays_under_its_rules(path: Path) -> None:
    record = GameRecord.load(path)
    assert record.version == 1 < SPEC.version
    state = replay(record)
    assert state.is_terminal
    assert record.result == {"scores": state.scores(), "winners": state.winners()}
    assert state.options["reconsolidation_choice"] == "best" and state.options["replay_limit"] == "seat"
