"""The compiled build: used when it matches the sources, refused (pure Python, with a warning)
as soon as one of them changed, and never used with LUDOTHEQUE_PURE=1.

``make test`` builds it first and sets LUDOTHEQUE_EXPECT_COMPILED=1 where a C compiler exists, so
that a build that silently failed fails here; it then runs the rules tests again in pure Python."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ludotheque import compiled
from ludotheque.games.gargon import heuristic, rules

EXPECTED = os.environ.get("LUDOTHEQUE_EXPECT_COMPILED") == "1"
PURE = os.environ.get("LUDOTHEQUE_PURE", "") not in ("", "0")
PROBE = ("import ludotheque.compiled as c, ludotheque.games.gargon.rules as r; "
         "print(c.status); print(r.__file__)")


def probe(**env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", PROBE], env={**os.environ, **env}, capture_output=True,
                          text=True, timeout=60)


def needs_build() -> Path:
    manifest = compiled.PACKAGE / "_mypyc" / compiled.MANIFEST
    if not manifest.exists():
        if EXPECTED:
            pytest.fail("LUDOTHEQUE_EXPECT_COMPILED=1 but there is no compiled build")
        pytest.skip("no compiled build (make builds it)")
    return manifest.parent


def test_this_run_uses_the_build_it_should() -> None:
    if PURE:
        assert compiled.status.startswith("pure Python") and not compiled.is_compiled(rules)
    elif EXPECTED:
        assert compiled.status == "compiled"
        assert compiled.is_compiled(rules) and compiled.is_compiled(heuristic)
    else:
        assert compiled.is_compiled(rules) == (compiled.status == "compiled")


def test_every_marked_module_is_in_the_build() -> None:
    folder = needs_build()
    manifest = json.loads((folder / compiled.MANIFEST).read_text())
    marked = {str(p.relative_to(compiled.SRC)) for p in compiled.marked_sources()}
    assert {entry["source"] for entry in manifest["modules"].values()} == marked
    assert "ludotheque/games/gargon/rules.py" in marked


def test_a_fresh_build_is_used(tmp_path: Path) -> None:
    copy = tmp_path / "build"
    shutil.copytree(needs_build(), copy)
    found = probe(LUDOTHEQUE_COMPILED_DIR=str(copy), LUDOTHEQUE_PURE="")
    status, path = found.stdout.split("\n")[:2]
    assert status == "compiled" and path.startswith(str(copy)) and path.endswith(".so")


def test_a_build_older_than_a_source_is_refused_with_a_warning(tmp_path: Path) -> None:
    """As after editing rules.py without rebuilding: the whole package runs pure Python."""
    copy = tmp_path / "build"
    shutil.copytree(needs_build(), copy)
    manifest = json.loads((copy / compiled.MANIFEST).read_text())
    manifest["modules"]["ludotheque.games.gargon.rules"]["sha256"] = "0" * 64
    (copy / compiled.MANIFEST).write_text(json.dumps(manifest))
    found = probe(LUDOTHEQUE_COMPILED_DIR=str(copy), LUDOTHEQUE_PURE="")
    status, path = found.stdout.split("\n")[:2]
    assert "rules.py changed since the compiled build" in status
    assert path.endswith("rules.py")
    assert "RuntimeWarning" in found.stderr and "run make" in found.stderr


def test_pure_python_is_forced_by_the_environment() -> None:
    found = probe(LUDOTHEQUE_PURE="1")
    status, path = found.stdout.split("\n")[:2]
    assert status == "pure Python: LUDOTHEQUE_PURE is set" and path.endswith("rules.py")


def cached_setting(monkeypatch: pytest.MonkeyPatch, root: Path) -> tuple[list[str], str]:
    """The build cache at ``root``; the compiled sources and the build's key."""
    monkeypatch.setenv("LUDOTHEQUE_BUILD_CACHE", str(root))
    relative = [str(p.relative_to(compiled.SRC)) for p in compiled.marked_sources()]
    compiler = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc") or ""
    if not compiler:
        pytest.skip("no C compiler: nothing is built, nothing cached")
    return relative, compiled.build_key(relative, compiler)


def test_a_build_of_the_same_sources_comes_from_the_cache_without_compiling(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As in a fresh clone of sources already built on this machine (pip keeps wheels alike)."""
    root = tmp_path / "cache"
    _, key = cached_setting(monkeypatch, root)
    compiled._to_cache(needs_build(), root, key)
    real_run = subprocess.run

    def no_compiling(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
        assert "--version" in args, "a build of cached sources was compiled again"
        return real_run(args, **kwargs)  # type: ignore[call-overload, no-any-return]

    monkeypatch.setattr(subprocess, "run", no_compiling)
    folder = tmp_path / "checkout" / "_mypyc"
    assert compiled.build(folder) == 0
    assert compiled._fresh_build(folder)[0] is not None  # whole, and it matches the sources


def test_a_cached_build_is_used_only_for_the_sources_it_was_built_from(tmp_path: Path) -> None:
    cached = tmp_path / "cache" / "key"
    shutil.copytree(needs_build(), cached)
    manifest = json.loads((cached / compiled.MANIFEST).read_text())
    manifest["modules"]["ludotheque.games.gargon.rules"]["sha256"] = "0" * 64  # rules.py edited since
    (cached / compiled.MANIFEST).write_text(json.dumps(manifest))
    assert not compiled._from_cache(cached, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_the_key_changes_with_any_compiled_source_and_the_cache_keeps_the_newest_builds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    relative, _ = cached_setting(monkeypatch, tmp_path)
    assert compiled.build_key(relative, "cc") == compiled.build_key(list(reversed(relative)), "cc")
    assert compiled.build_key(relative[1:], "cc") != compiled.build_key(relative, "cc")
    assert compiled.build_key(relative, "clang") != compiled.build_key(relative, "cc")
    built = tmp_path / "built"
    (built / "x").mkdir(parents=True)
    root = tmp_path / "cache"
    for n in range(compiled.CACHED_BUILDS + 2):
        compiled._to_cache(built, root, f"build{n}")
        os.utime(root / f"build{n}", (n, n))
    kept = sorted(p.name for p in root.iterdir())
    assert kept == [f"build{n}" for n in range(2, compiled.CACHED_BUILDS + 2)]
