"""A table has one owner: only ``server/table.py`` changes a table in memory (its fields, its row,
its collections); everything else asks it. The views are built without the table (``views.py``
never imports it), so a tutorial or a replay builds them without a live table."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SERVER = Path(__file__).resolve().parents[2] / "src" / "ludotheque" / "server"
OWNER = SERVER / "table.py"
#: a name that holds a table (``table``, ``next_table``) or a table picked from the registry
TABLE = re.compile(r"^(\w*table|self\.tables\[[^\]]*\]|tables\[[^\]]*\])\.")
MUTATORS = {"add", "discard", "remove", "pop", "clear", "update", "append", "extend", "setdefault",
            "insert", "popitem"}


def changes_to_a_table(source: str) -> list[str]:
    """Every statement of ``source`` that assigns, deletes or mutates something of a table."""
    found = []
    for node in ast.walk(ast.parse(source)):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in MUTATORS and isinstance(node.func.value, (ast.Attribute, ast.Subscript))):
            targets = [node.func.value]
        for target in targets:
            for part in target.elts if isinstance(target, ast.Tuple) else [target]:
                if isinstance(part, (ast.Attribute, ast.Subscript)) and TABLE.match(ast.unparse(part)):
                    found.append(f"line {node.lineno}: {ast.unparse(node).splitlines()[0]}")
    return found


@pytest.mark.parametrize("path", sorted(p for p in SERVER.glob("*.py") if p != OWNER), ids=lambda p: p.name)
def test_only_the_table_changes_a_table(path: Path) -> None:
    assert changes_to_a_table(path.read_text(encoding="utf-8")) == []


def test_the_check_finds_a_change_made_elsewhere() -> None:
    assert changes_to_a_table("table.revision = 3\nnext_table.row.seats[0].name = 'x'\n"
                              "table.watchers.add(w)\nself.tables['a'].heard.clear()\nrow.name = 'y'\n") == [
        "line 1: table.revision = 3", "line 2: next_table.row.seats[0].name = 'x'",
        "line 3: table.watchers.add(w)", "line 4: self.tables['a'].heard.clear()"]


def test_views_never_import_the_table() -> None:
    tree = ast.parse((SERVER / "views.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "table" not in imported and "service" not in imported
