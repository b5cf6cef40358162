"""The examples of docs/research.md run as written (each Python block, on its own)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

RESEARCH = Path(__file__).resolve().parents[2] / "docs" / "research.md"


def blocks() -> list[str]:
    page = RESEARCH.read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```", page, re.MULTILINE | re.DOTALL)


def test_the_page_has_examples() -> None:
    assert len(blocks()) >= 4


@pytest.mark.parametrize("index", range(len(blocks())))
def test_example_runs(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(blocks()[index], f"docs/research.md block {index}", "exec"), {})
