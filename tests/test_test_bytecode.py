"""tools/test_bytecode.py: pytest's rewritten test modules kept from one run for the next clone."""

from __future__ import annotations

import os
import py_compile
import subprocess
import sys
from pathlib import Path

import pytest

from .tool_modules import load_tool

tool = load_tool("test_bytecode")
TAG = f"{sys.implementation.cache_tag}-pytest-{pytest.__version__}"


def project_with(root: Path, sources: dict[str, str], checked: bool = True) -> Path:
    """Test files and, beside each, a pyc as pytest writes it (checked against the source's hash;
    ``checked=False``: against its time, as Python's own)."""
    modes = py_compile.PycInvalidationMode
    mode = modes.CHECKED_HASH if checked else modes.TIMESTAMP
    for relative, text in sources.items():
        source = root / relative
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text(text)
        pyc = source.parent / "__pycache__" / f"{source.stem}.{TAG}.pyc"
        py_compile.compile(str(source), str(pyc), doraise=True, invalidation_mode=mode)
    return root


def pycs(root: Path) -> set[str]:
    return {str(path.relative_to(root)) for path in root.rglob("*.pyc")}


def test_a_clone_gets_back_the_files_of_its_unchanged_tests_and_only_those(tmp_path: Path) -> None:
    run = project_with(tmp_path / "run", {"tests/test_a.py": "assert 1\n", "tests/web/test_b.py": "x = 1\n",
                                          "tests/conftest.py": "y = 2\n"})
    cache = tmp_path / "cache"
    tool.keep(run, cache)
    assert pycs(cache) == pycs(run)
    clone = tmp_path / "clone"
    for relative, text in {"tests/test_a.py": "assert 1\n", "tests/web/test_b.py": "x = 2\n",
                           "tests/conftest.py": "y = 2\n"}.items():
        (clone / relative).parent.mkdir(parents=True, exist_ok=True)
        (clone / relative).write_text(text)
    assert tool.restore(cache, clone) == 2
    assert pycs(clone) == {f"tests/__pycache__/test_a.{TAG}.pyc", f"tests/__pycache__/conftest.{TAG}.pyc"}
    assert tool.restore(cache, clone) == 0  # a file there already is left as it is


def test_the_cache_holds_the_last_runs_current_files_and_nothing_else(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    old = project_with(tmp_path / "old", {"tests/test_gone.py": "a = 1\n", "tests/test_kept.py": "b = 1\n"})
    tool.keep(old, cache)
    new = project_with(tmp_path / "new", {"tests/test_kept.py": "b = 2\n", "tests/test_new.py": "c = 1\n"})
    stale = new / "tests" / "__pycache__" / f"test_stale.{TAG}.pyc"
    stale.write_bytes((new / "tests" / "__pycache__" / f"test_new.{TAG}.pyc").read_bytes())
    (new / "tests" / "test_stale.py").write_text("d = 1\n")  # its pyc is another file's
    tool.keep(new, cache)
    assert pycs(cache) == {f"tests/__pycache__/test_kept.{TAG}.pyc", f"tests/__pycache__/test_new.{TAG}.pyc"}
    kept = cache / "tests" / "__pycache__" / f"test_kept.{TAG}.pyc"
    assert tool.current(kept, new / "tests" / "test_kept.py")
    assert not tool.current(kept, old / "tests" / "test_kept.py")


def test_a_pyc_checked_by_time_is_never_kept(tmp_path: Path) -> None:
    run = project_with(tmp_path / "run", {"tests/test_a.py": "assert 1\n"}, checked=False)
    tool.keep(run, tmp_path / "cache")
    assert pycs(tmp_path / "cache") == set()


def test_nothing_is_kept_or_restored_when_the_caches_are_turned_off(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    run = project_with(tmp_path / "run", {"tests/test_a.py": "assert 1\n"})
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("LUDOTHEQUE_VENV_CACHE", "0")
    assert tool.main(["keep", "--project", str(run)]) == 0
    assert not (tmp_path / "xdg").exists()
    monkeypatch.delenv("LUDOTHEQUE_VENV_CACHE")
    assert tool.main(["keep", "--project", str(run)]) == 0
    assert pycs(tmp_path / "xdg" / "ludotheque" / "pytest") == pycs(run)


def test_pytest_uses_a_restored_file_in_another_clone_without_rewriting_it(tmp_path: Path) -> None:
    """The whole point, with the pytest installed: its rewrite of a test in one clone serves
    another clone at another path (pytest would replace a file it found out of date)."""
    test = "def test_it():\n    value = 2\n    assert value == 2\n"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTEST_ADDOPTS")}

    def collect(project: Path) -> None:
        subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
                        "tests"], cwd=project, env=env, check=True, capture_output=True, timeout=120)

    first, second = tmp_path / "first", tmp_path / "second"
    for project in (first, second):
        (project / "tests").mkdir(parents=True)
        (project / "tests" / "test_one.py").write_text(test)
        (project / "pytest.ini").write_text("[pytest]\n")
    collect(first)
    assert [p.name for p in (first / "tests" / "__pycache__").iterdir() if "-pytest-" in p.name]
    tool.keep(first, tmp_path / "cache")
    assert tool.restore(tmp_path / "cache", second) == 1
    restored = next((second / "tests" / "__pycache__").glob("*-pytest-*.pyc"))
    inode = restored.stat().st_ino
    collect(second)
    assert restored.stat().st_ino == inode  # read as it was, not written anew (a junk file is)


def test_the_files_of_another_pytest_or_python_are_left_out(tmp_path: Path) -> None:
    run = project_with(tmp_path / "run", {"tests/test_a.py": "assert 1\n"})
    ours = run / "tests" / "__pycache__" / f"test_a.{TAG}.pyc"
    others = (f"test_a.{sys.implementation.cache_tag}-pytest-0.1.pyc",
              f"test_a.cpython-27-pytest-{pytest.__version__}.pyc")
    for other in others:
        (ours.parent / other).write_bytes(ours.read_bytes())
    tool.keep(run, tmp_path / "cache")
    assert pycs(tmp_path / "cache") == {f"tests/__pycache__/test_a.{TAG}.pyc"}


def test_a_cache_that_cannot_be_written_costs_the_run_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    run = project_with(tmp_path / "run", {"tests/test_a.py": "assert 1\n"})
    (tmp_path / "xdg").write_text("a file where the cache's folder would be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert tool.main(["keep", "--project", str(run)]) == 0
    assert tool.main(["restore", "--project", str(run)]) == 0
    assert "nothing kept" in capsys.readouterr().err
