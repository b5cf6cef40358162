"""Make the project's virtualenv, or bring it up to date, and keep a copy of what it installed.

    python3 tools/make_venv.py .venv '.[test,research]'
    python3 tools/make_venv.py --keep-bytecode .venv '.[test,research]'

A virtualenv that exists gets the requirement installed (pip, as before). A new one is made from
the copy kept by the last install of the same requirement with the same Python and pip settings,
when there is one younger than a week: its files are hard links into that copy (a second or two,
where pip takes most of a minute for the same files), the project alone is installed by pip (in
editable mode, as the requirement asks), and the copy's scripts are given this virtualenv's
interpreter. Otherwise pip installs everything, and the copy is kept for the next clone. A fresh
clone on a machine that ran ``make`` before so sets up in seconds, as ``src/ludotheque/compiled.py``
does for the compiled build.

``--keep-bytecode`` (after a test run) adds to the copy the bytecode Python wrote for the modules
it imported from it: a clone's processes then compile none of them (each of the test run's three
workers compiled torch, FastAPI, SQLAlchemy... at the same time: about 9 s of a core each).

The copies live in ``$XDG_CACHE_HOME/ludotheque/venv`` (``~/.cache`` by default); the newest two are
kept. ``LUDOTHEQUE_VENV_CACHE=0`` installs everything with pip. Needs only the Python standard
library: it runs before anything is installed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: How long a copy serves: releases published since it was made reach the next install after it.
MAX_AGE_S = 7 * 24 * 3600
KEPT = 2
#: What a virtualenv holds of its own (made anew by ``python -m venv``) or of this make.
OWN = ("pyvenv.cfg", "bin/python", "bin/activate", "bin/Activate.ps1", ".installed", ".mypyc")
PIP = ["-m", "pip", "install", "-q", "--no-compile"]
#: pip's settings that change what it installs.
PIP_CHOICES = {"index-url", "extra-index-url", "find-links", "constraint", "no-index", "pre", "only-binary",
               "no-binary", "prefer-binary", "platform", "implementation", "abi", "python-version",
               "use-feature", "use-deprecated"}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep-bytecode", action="store_true",
                        help="add the bytecode written in VENV to the copy it was made from")
    parser.add_argument("venv", type=Path)
    parser.add_argument("requirement")
    args = parser.parse_args(argv)
    venv, requirement = args.venv, args.requirement
    python = venv / "bin" / "python"
    if python.exists() and not args.keep_bytecode:  # brought up to date (pyproject.toml changed)
        return run([str(python), *PIP, "-e", requirement])
    copy = the_copy(Path.cwd(), requirement)
    serving = copy if copy is not None and fresh(copy) else None
    if args.keep_bytecode:
        if serving is not None:
            keep_bytecode(venv, serving)
        return 0
    if serving is not None:
        try:
            made_from(serving, venv, Path.cwd())
            print(f"make_venv: {venv} made from the copy of an earlier install, {copy} "
                  "(LUDOTHEQUE_VENV_CACHE=0 installs everything again)")
            return 0
        except (OSError, subprocess.CalledProcessError) as exc:
            print(f"make_venv: the copy {copy} did not serve ({exc}); installing everything", file=sys.stderr)
            shutil.rmtree(venv, ignore_errors=True)
    made = installed(venv, requirement)
    if made == 0 and copy is not None:
        keep(venv, copy, Path.cwd())
    return made


def the_copy(project: Path, requirement: str) -> Path | None:
    if os.environ.get("LUDOTHEQUE_VENV_CACHE") == "0":
        return None
    return cache_root() / key(project, requirement)


def run(command: list[str]) -> int:
    print(" ".join(command), flush=True)
    return subprocess.run(command).returncode


def cache_root() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "ludotheque" / "venv"


def key(project: Path, requirement: str) -> str:
    """What the installed files depend on: the requirement and the project's metadata (its
    dependencies: pyproject.toml's tool settings do not count), the Python that makes the
    virtualenv, and pip's settings that choose what it installs (from its configuration files and
    PIP_ variables: indexes, local wheels, constraints), not those of how it fetches (timeouts)."""
    listed = subprocess.run([sys.executable, "-m", "pip", "config", "list"], capture_output=True,
                            text=True).stdout.splitlines()
    choosing = sorted(line for line in listed if line.partition("=")[0].rsplit(".", 1)[-1] in PIP_CHOICES)
    settings = pyproject(project)
    what = json.dumps([settings.get("project"), settings.get("build-system")], sort_keys=True)
    parts = [requirement, what, sys.version, os.path.realpath(sys.executable), *choosing]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:24]


def pyproject(project: Path) -> dict[str, Any]:
    return tomllib.loads((project / "pyproject.toml").read_text())


def fresh(copy: Path) -> bool:
    try:
        return time.time() - (copy / ".made").stat().st_mtime < MAX_AGE_S
    except OSError:
        return False


def installed(venv: Path, requirement: str) -> int:
    """Everything by pip. The virtualenv is made without pip and given the newest pip by this
    interpreter's own pip (6 s less than making it with this pip and upgrading it); a Python whose
    pip cannot install into another environment (pip < 22.3, or none) makes it the usual way."""
    python = str(venv / "bin" / "python")
    if (run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
            or run([sys.executable, "-m", "pip", "--python", python, *PIP[2:], "--upgrade", "pip"])):
        if run([sys.executable, "-m", "venv", "--clear", str(venv)]):
            return 1
    return run([python, *PIP, "--upgrade", "pip"]) or run([python, *PIP, "-e", requirement])


def project_files(project: Path) -> tuple[set[str], str]:
    """The project's own scripts, and the start of its own entries in site-packages (its editable
    finder and its metadata): installed for each clone, never copied."""
    meta = pyproject(project)["project"]
    return set(meta.get("scripts", {})), meta["name"].replace("-", "_")


def ours(relative: str, scripts: set[str], name: str) -> bool:
    """Whether a path of the virtualenv is its own or this project's rather than installed from the
    requirement's dependencies."""
    if relative.startswith(OWN):
        return True
    folder, _, leaf = relative.rpartition("/")
    if folder == "bin":
        return leaf in scripts
    if folder.endswith("site-packages"):
        return (leaf.startswith((f"__editable__.{name}-", f"__editable___{name}_"))
                or (leaf.startswith(f"{name}-") and leaf.endswith(".dist-info")))
    return False


def keep(venv: Path, copy: Path, project: Path) -> None:
    """Hard links to the virtualenv's installed files under ``copy`` (made whole, then renamed into
    place: a clone never sees half of one). The oldest copies beyond KEPT go."""
    scripts, name = project_files(project)
    building = copy.with_name(f"{copy.name}.{os.getpid()}.part")
    try:
        link_tree(venv, building, lambda rel: not ours(rel, scripts, name))
        (building / ".made").touch()
        shutil.rmtree(copy, ignore_errors=True)
        building.rename(copy)
    except OSError as exc:  # a copy is a convenience: the virtualenv is made all the same
        print(f"make_venv: no copy kept ({exc})", file=sys.stderr)
        shutil.rmtree(building, ignore_errors=True)
        return
    others = sorted((p for p in copy.parent.iterdir() if p != copy), key=lambda p: p.stat().st_mtime)
    for old in others[:max(0, len(others) - (KEPT - 1))]:
        shutil.rmtree(old, ignore_errors=True)


def keep_bytecode(venv: Path, copy: Path) -> None:
    """Hard links, in the copy, to each module's bytecode that the virtualenv has and the copy has
    not, where the module's source is the copy's own file (the same inode: never another version's
    bytecode; Python checks a source's size and time against its bytecode all the same)."""
    added = 0
    for folder, _dirs, files in os.walk(venv / "lib"):
        if os.path.basename(folder) != "__pycache__":
            continue
        relative = Path(os.path.relpath(folder, venv))
        for name in files:
            source = name.split(".", 1)[0] + ".py"
            kept, ours_now = copy / relative / name, venv / relative.parent / source
            try:
                if kept.exists() or not os.path.samefile(ours_now, copy / relative.parent / source):
                    continue
                kept.parent.mkdir(exist_ok=True)
                os.link(Path(folder, name), kept)
                added += 1
            except OSError:  # no such source in the copy, or another device: nothing to add
                continue
    if added:
        print(f"make_venv: the bytecode of {added} modules added to {copy}")


def made_from(copy: Path, venv: Path, project: Path) -> None:
    """A new virtualenv with the copy's files (hard links; scripts given this virtualenv's
    interpreter), then the project installed by pip on its own."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    link_tree(copy, venv, lambda rel: rel != ".made")
    for script in (venv / "bin").iterdir():
        rewrite_shebang(script, python)
    # the project's build needs setuptools, which the test extra installs; else an isolated build
    no_isolation = [str(python), *PIP, "--no-deps", "--no-build-isolation", "-e", "."]
    if subprocess.run(no_isolation, cwd=project).returncode:
        subprocess.run([str(python), *PIP, "--no-deps", "-e", "."], cwd=project, check=True)


def link_tree(source: Path, target: Path, wanted: Callable[[str], bool]) -> None:
    """Every wanted file and folder of ``source`` under ``target`` (paths relative to ``source``),
    files as hard links (copies across devices), symbolic links as such."""
    for folder, dirs, files in os.walk(source):
        relative = os.path.relpath(folder, source)
        here = target / relative
        here.mkdir(parents=True, exist_ok=True)
        dirs[:] = [d for d in dirs if wanted(os.path.normpath(os.path.join(relative, d)))]
        links = [d for d in dirs if os.path.islink(os.path.join(folder, d))]  # (os.walk does not enter them)
        for entry in [*files, *links]:
            if not wanted(os.path.normpath(os.path.join(relative, entry))):
                continue
            src, dst = Path(folder, entry), here / entry
            if dst.exists() or dst.is_symlink():
                continue
            if src.is_symlink():
                dst.symlink_to(os.readlink(src))
                continue
            try:
                os.link(src, dst)
            except OSError:
                shutil.copy2(src, dst)


def rewrite_shebang(script: Path, python: Path) -> None:
    """A script that runs another virtualenv's Python runs this one's (the file is written anew: the
    copy's hard link is left as it was). Its first line names the interpreter, or, where that path
    is too long for one, a shell line after ``#!/bin/sh`` does (pip writes either)."""
    if script.is_symlink() or not script.is_file():
        return
    interpreter = str(python.absolute()).encode()
    with script.open("rb") as handle:
        head = [handle.readline(), handle.readline()]
        if head[0].startswith(b"#!") and b"python" in head[0]:
            head[0] = b"#!" + interpreter + b"\n"
        elif head[0] == b"#!/bin/sh\n" and head[1].startswith(b"'''exec' "):
            head[1] = b"'''exec' \"" + interpreter + b"\" \"$0\" \"$@\"\n"
        else:
            return
        rest = handle.read()
    mode = script.stat().st_mode
    script.unlink()
    script.write_bytes(b"".join(head) + rest)
    script.chmod(mode)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
