"""docs/rules/drakon.md stays true: every test it cites exists, every rule test is cited, and
every open question of ../shared/seeds/drakon-open-questions.md has its ruling."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DOC = (ROOT / "docs" / "rules" / "drakon.md").read_text(encoding="utf-8")
TESTS = {path.name: path.read_text(encoding="utf-8") for path in Path(__file__).parent.glob("test_*.py")}
DEFINED = {name for text in TESTS.values() for name in re.findall(r"^def (test_\w+)", text, re.M)}
CITED = set(re.findall(r"`(?:\w+\.py::)?(test_\w+?)`", DOC))


def test_every_test_the_rules_doc_cites_exists() -> None:
    missing = sorted(CITED - DEFINED)
    assert not missing, f"docs/rules/drakon.md cites tests that do not exist: {missing}"


def test_every_rule_test_is_cited_by_the_rules_doc() -> None:
    uncited = sorted(name for name in DEFINED if name.startswith("test_rule_") and name not in CITED)
    assert not uncited, f"rule tests missing from docs/rules/drakon.md: {uncited}"


def test_every_open_question_is_ruled() -> None:
    ruled = {int(n) for n in re.findall(r"\*\*Q(\d+)", DOC)}
    ranges = re.findall(r"\*\*Q(\d+)–Q(\d+)\*\*", DOC)
    for low, high in ranges:
        ruled.update(range(int(low), int(high) + 1))
    assert ruled >= set(range(1, 42)), sorted(set(range(1, 42)) - ruled)
