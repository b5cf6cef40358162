"""docs/rules/gargon.md stays true: every test it cites exists, and every rule test is cited."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DOC = (ROOT / "docs" / "rules" / "gargon.md").read_text(encoding="utf-8")
TESTS = {path.name: path.read_text(encoding="utf-8") for path in Path(__file__).parent.glob("test_*.py")}
DEFINED = {name for text in TESTS.values() for name in re.findall(r"^def (test_\w+)", text, re.M)}
CITED = set(re.findall(r"`(?:\w+\.py::)?(test_\w+?)\*?`", DOC))


def test_every_test_the_rules_doc_cites_exists() -> None:
    prefixes = {name for name in CITED if name.endswith("_")}  # `test_rule_9_*` cites a family
    missing = sorted(name for name in CITED - prefixes if name not in DEFINED)
    assert not missing, f"docs/rules/gargon.md cites tests that do not exist: {missing}"
    for prefix in prefixes:
        assert any(name.startswith(prefix) for name in DEFINED), prefix


def test_every_rule_test_is_cited_by_the_rules_doc() -> None:
    rule_tests = {name for name in DEFINED if name.startswith("test_rule_")}
    uncited = sorted(name for name in rule_tests
                     if name not in CITED and not any(name.startswith(p) for p in CITED if p.endswith("_")))
    assert not uncited, f"rule tests missing from docs/rules/gargon.md: {uncited}"
