"""tools/make_venv.py: the copy kept of an install, and a virtualenv made from it (the parts that
decide what is copied and how; pip itself runs in every ``make`` of a fresh clone)."""

from __future__ import annotations

import importlib.util
import os
import py_compile
import sys
import time
from pathlib import Path

import pytest

from .tool_modules import ROOT, load_tool

tool = load_tool("make_venv")
SITE = "lib/python3.11/site-packages"


def fake_venv(root: Path, python_of_scripts: str) -> Path:
    """A virtualenv's layout: its own files, this project's, and a dependency's."""
    venv = root / "venv"
    for relative, text in {
        "pyvenv.cfg": f"home = {Path(os.path.realpath(sys.executable)).parent}\n",
        ".installed-test": "",
        "bin/activate": "# activate\n",
        "bin/ludotheque": f"#!{python_of_scripts}\nfrom ludotheque.cli.main import run\n",
        "bin/pytest": f"#!{python_of_scripts}\nimport pytest\n",
        "bin/ruff": "\x7fELF a binary",
        f"{SITE}/__editable__.ludotheque-0.1.0.pth": "/somewhere/src\n",
        f"{SITE}/__editable___ludotheque_0_1_0_finder.py": "",
        f"{SITE}/ludotheque-0.1.0.dist-info/METADATA": "Name: ludotheque\n",
        f"{SITE}/dep/__init__.py": "VALUE = 1\n",
        f"{SITE}/dep-2.0.dist-info/METADATA": "Name: dep\n",
        f"{SITE}/ludotheque_extra/__init__.py": "",  # another package whose name starts alike
    }.items():
        path = venv / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (venv / "bin" / "python").symlink_to(sys.executable)
    (venv / "lib64").symlink_to("lib")
    return venv


def files_under(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file() or p.is_symlink()}


def test_what_is_the_virtualenvs_or_the_projects_own_is_not_copied() -> None:
    scripts, name = {"ludotheque"}, "ludotheque"
    own = ["pyvenv.cfg", "bin/python3.11", "bin/activate.fish", ".installed-test", ".mypyc-modules",
           "bin/ludotheque", f"{SITE}/__editable__.ludotheque-0.1.0.pth",
           f"{SITE}/__editable___ludotheque_0_1_0_finder.py", f"{SITE}/ludotheque-0.1.0.dist-info"]
    installed = ["bin/pytest", "bin/ruff", f"{SITE}/dep", f"{SITE}/dep-2.0.dist-info",
                 f"{SITE}/ludotheque_extra", f"{SITE}/dep/ludotheque-0.1.0.dist-info", "lib64"]
    assert [p for p in own if not tool.ours(p, scripts, name)] == []
    assert [p for p in installed if tool.ours(p, scripts, name)] == []


def test_the_copy_links_the_installed_files_and_the_oldest_go(tmp_path: Path) -> None:
    venv = fake_venv(tmp_path, "/old/venv/bin/python")
    cache = tmp_path / "cache"
    stale = [cache / name for name in ("a", "b")]
    for age, folder in enumerate(stale):
        folder.mkdir(parents=True)
        os.utime(folder, (time.time() - 100 + age, time.time() - 100 + age))
    copy = cache / "key"
    tool.keep(venv, copy, ROOT)
    assert files_under(copy) == {".made", "bin/pytest", "bin/ruff", f"{SITE}/dep/__init__.py",
                                 f"{SITE}/dep-2.0.dist-info/METADATA", f"{SITE}/ludotheque_extra/__init__.py",
                                 "lib64"}
    assert os.path.samefile(copy / SITE / "dep/__init__.py", venv / SITE / "dep/__init__.py")  # a hard link
    assert (copy / "lib64").is_symlink()
    assert tool.fresh(copy)
    assert sorted(p.name for p in cache.iterdir()) == ["b", "key"]  # the newest two kept


def test_a_virtualenv_made_from_the_copy_runs_its_own_python(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "copy"
    tool.link_tree(fake_venv(tmp_path, "/old/venv/bin/python"), copy, lambda rel: not tool.ours(
        rel, {"ludotheque"}, "ludotheque"))
    installs: list[list[str]] = []

    def new_venv(command: list[str], **kw: object) -> object:  # python -m venv, then pip
        if command[1:3] == ["-m", "venv"]:
            target = Path(command[-1])
            (target / "bin").mkdir(parents=True)
            (target / "bin" / "python").symlink_to(sys.executable)
        installs.append(command)
        return type("Done", (), {"returncode": 0})()

    monkeypatch.setattr(tool.subprocess, "run", new_venv)
    venv = tmp_path / "new"
    tool.made_from(copy, venv, ROOT)
    python = str((venv / "bin" / "python").absolute())
    assert (venv / "bin" / "pytest").read_text().splitlines()[0] == f"#!{python}"
    assert (venv / "bin" / "ruff").read_text() == "\x7fELF a binary"
    assert (copy / "bin" / "pytest").read_text().startswith("#!/old/venv/bin/python")  # the copy untouched
    assert os.path.samefile(copy / SITE / "dep/__init__.py", venv / SITE / "dep/__init__.py")
    assert not (venv / ".made").exists()
    assert installs[-1][-2:] == ["-e", "."] and "--no-deps" in installs[-1]  # the project alone, by pip


def test_the_copy_answers_for_the_same_dependencies_only(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    pyproject = project / "pyproject.toml"
    pyproject.write_text('[project]\nname = "x"\ndependencies = ["a"]\n[tool.ruff]\nline-length = 100\n')
    first = tool.key(project, ".[test]")
    pyproject.write_text('[project]\nname = "x"\ndependencies = ["a"]\n[tool.ruff]\nline-length = 110\n')
    assert tool.key(project, ".[test]") == first  # a tool's settings are not what is installed
    assert tool.key(project, ".[test,learn]") != first
    pyproject.write_text('[project]\nname = "x"\ndependencies = ["a", "b"]\n')
    assert tool.key(project, ".[test]") != first


def test_an_old_copy_or_none_does_not_serve(tmp_path: Path) -> None:
    assert not tool.fresh(tmp_path / "none")
    (tmp_path / ".made").touch()
    assert tool.fresh(tmp_path)
    week_ago = time.time() - tool.MAX_AGE_S - 1
    os.utime(tmp_path / ".made", (week_ago, week_ago))
    assert not tool.fresh(tmp_path)


def test_the_bytecode_a_run_wrote_joins_the_copy_for_the_sources_it_shares(tmp_path: Path) -> None:
    venv = fake_venv(tmp_path, "/old/venv/bin/python")
    copy = tmp_path / "copy"
    tool.keep(venv, copy, ROOT)
    (venv / SITE / "changed.py").write_text("A = 1\n")  # installed later, or by hand: not the copy's
    (copy / SITE / "changed.py").write_text("A = 2\n")
    for module in ("dep/__init__.py", "changed.py"):
        py_compile.compile(str(venv / SITE / module), cfile=importlib.util.cache_from_source(
            str(venv / SITE / module)))
    tool.keep_bytecode(venv, copy)
    written = Path(importlib.util.cache_from_source(str(venv / SITE / "dep/__init__.py")))
    kept = copy / written.relative_to(venv)
    assert os.path.samefile(kept, written)
    assert [p for p in files_under(copy) if p.endswith(".pyc")] == [kept.relative_to(copy).as_posix()]
    tool.keep_bytecode(venv, copy)  # again: nothing new, nothing broken
    assert os.path.samefile(kept, written)


def test_a_script_too_long_for_a_shebang_runs_the_new_interpreter_too(tmp_path: Path) -> None:
    """pip writes a script whose interpreter's path is too long for its first line as a shell
    script that runs it; others are left as they are."""
    long = tmp_path / "long.sh"
    long.write_bytes(b"#!/bin/sh\n'''exec' \"/old/venv/bin/python\" \"$0\" \"$@\"\n' '''\nimport sys\n")
    other = tmp_path / "other.sh"
    other.write_bytes(b"#!/bin/sh\necho python\n")
    python = tmp_path / "venv" / "bin" / "python"
    for script in (long, other):
        tool.rewrite_shebang(script, python)
    assert long.read_bytes() == (b"#!/bin/sh\n'''exec' \"" + str(python).encode() + b"\" \"$0\" \"$@\"\n"
                                 b"' '''\nimport sys\n")
    assert other.read_bytes() == b"#!/bin/sh\necho python\n"
