"""The shape of the code: no import cycles (state is data, rules are functions over it), and
dependencies that point one way (docs/architecture.md). Read from the sources, so imports made
only for type checking or inside functions count too."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = SRC / "ludotheque"


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def imports(name: str) -> set[str]:
    """The package's modules that ``name`` imports anywhere in its source."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:  # a submodule, or a name from the module itself
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in MODULES else base)
    return {m for m in found if m in MODULES and m != name}


@functools.cache
def graph() -> dict[str, set[str]]:
    """Each module's imports of the package (read when a test asks, not when the suite is
    collected: every source parsed, seconds in every pytest-xdist worker)."""
    return {name: imports(name) for name in MODULES}


def cycle_from(start: str, within: str) -> list[str] | None:
    """An import cycle through ``start`` among the modules under ``within``, if there is one."""
    inside = {m for m in graph() if m == within or m.startswith(within + ".")}
    stack, seen = [(start, [start])], set()
    while stack:
        node, path = stack.pop()
        for nxt in graph()[node] & inside:
            if nxt == start:
                return path + [start]
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, path + [nxt]))
    return None


def game_ids() -> list[str]:
    return sorted({m.split(".")[2] for m in MODULES if m.startswith("ludotheque.games.")})


def scopes() -> list[str]:
    return [f"ludotheque.games.{g}" for g in game_ids()] + [
        "ludotheque.bots", "ludotheque.core", "ludotheque.sim"]


@pytest.mark.parametrize("scope", scopes())
def test_no_import_cycle_inside(scope: str) -> None:
    members = [m for m in MODULES if m.startswith(scope + ".")]
    assert members, f"nothing under {scope}"
    for module in members:
        cycle = cycle_from(module, scope)
        assert cycle is None, f"import cycle: {' -> '.join(cycle)}"


def test_the_core_imports_nothing_else_of_the_package() -> None:
    for name in MODULES:
        if name.startswith("ludotheque.core"):
            outside = {m for m in graph()[name] if not m.startswith("ludotheque.core")} - {"ludotheque"}
            assert not outside, f"{name} imports {sorted(outside)}"


def test_games_import_only_the_core_and_themselves() -> None:
    for name in MODULES:
        if name.startswith("ludotheque.games."):
            own = ".".join(name.split(".")[:3])
            outside = {m for m in graph()[name]
                       if not (m.startswith("ludotheque.core") or m == own or m.startswith(own + "."))}
            assert not outside - {"ludotheque", "ludotheque.games"}, f"{name} imports {sorted(outside)}"


def test_no_central_file_names_a_game() -> None:
    """Outside its own folder, no code of the package imports a game or names one in a string
    (examples in docs and help texts aside): adding a game touches nothing central."""
    games = set(game_ids())
    offenders = []
    for name, path in MODULES.items():
        if name.startswith("ludotheque.games."):
            continue
        offenders += [f"{name} imports {m}" for m in graph()[name] if m.startswith("ludotheque.games.")]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in games:
                offenders.append(f"{name}:{node.lineno} names {node.value!r}")
    for path in PACKAGE.rglob("*"):
        if path.suffix in (".js", ".html", ".css") and "games" not in path.relative_to(PACKAGE).parts[:1]:
            text = path.read_text(encoding="utf-8")
            offenders += [f"{path.relative_to(SRC)} names {g!r}" for g in games
                          if f'"{g}"' in text or f"'{g}'" in text or f"/{g}/" in text]
    assert not offenders, offenders
