"""The README's examples work as written."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ludotheque.core import GameRecord, replay

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_example_record_replays() -> None:
    text = README.read_text(encoding="utf-8")
    found = re.search(r'^\{"game": .*\}$', text, re.MULTILINE)
    assert found, "the README shows a record"
    record = GameRecord.from_json(json.loads(found.group(0)))
    state = replay(record)
    assert len(record.actions) == 3 and not state.is_terminal
