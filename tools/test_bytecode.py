"""Keep the test files' rewritten bytecode from one test run to the next clone's.

    .venv/bin/python tools/test_bytecode.py restore   # before the tests
    .venv/bin/python tools/test_bytecode.py keep      # after them

pytest rewrites the asserts of each test module it imports (the source parsed, rewritten and
compiled: about 8.5 s of a core for this suite) and caches the result beside it, in
``__pycache__/*-pytest-<version>.pyc``. A fresh clone has none of them, and every process of the
test run (three pytest-xdist workers and the pure Python run, started together) rewrote every file
it collected. pytest checks such a file against a hash of its source, not against its time, so the
file of an earlier run serves any clone whose source is the same: ``keep`` saves them after a run,
``restore`` puts back those whose source has not changed since (and no other: a changed test is
rewritten by pytest, as always).

Run it with the virtualenv's Python: a source's hash depends on the Python that reads it. The
files live in ``$XDG_CACHE_HOME/ludotheque/pytest`` (``~/.cache`` by default), under their path in
the project; ``LUDOTHEQUE_VENV_CACHE=0`` turns this off as well as the virtualenv's copy
(tools/make_venv.py). Needs only the standard library.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

#: Where pytest writes them, under the project (the tests and their conftest files).
TESTS = "tests"


def pattern() -> str:
    """The names pytest gives them, for this Python and the pytest installed beside it."""
    try:
        version = importlib.metadata.version("pytest")
    except importlib.metadata.PackageNotFoundError:
        version = "*"
    return f"*.{sys.implementation.cache_tag}-pytest-{version}.pyc"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("restore", "keep"))
    parser.add_argument("--project", type=Path, default=Path(__file__).resolve().parents[1])
    args = parser.parse_args(argv)
    if os.environ.get("LUDOTHEQUE_VENV_CACHE") == "0":
        return 0
    project = args.project.resolve()
    try:
        cache = cache_root()
        if args.what == "restore":
            count = restore(cache, project)
            if count:
                print(f"{count} test files' rewritten bytecode from an earlier run (tools/test_bytecode.py)")
        else:
            keep(project, cache)
    except (OSError, RuntimeError) as exc:  # a convenience: the tests run (and pass) all the same
        print(f"test_bytecode: nothing {'put back' if args.what == 'restore' else 'kept'}: {exc}",
              file=sys.stderr)
    return 0


def cache_root() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "ludotheque" / "pytest"


def source_of(pyc: Path) -> Path:
    """``tests/x/__pycache__/test_y.cpython-311-pytest-9.2.0.pyc`` → ``tests/x/test_y.py``."""
    return pyc.parent.parent / (pyc.name.split(".", 1)[0] + ".py")


def current(pyc: Path, source: Path) -> bool:
    """Whether ``pyc`` is pytest's (hash-checked) bytecode of ``source`` as it is now."""
    try:
        with pyc.open("rb") as file:
            header = file.read(16)
        code = source.read_bytes()
    except OSError:
        return False
    return (len(header) == 16 and header[:4] == importlib.util.MAGIC_NUMBER
            and header[4:8] == b"\x03\x00\x00\x00" and header[8:16] == importlib.util.source_hash(code)[:8])


def rewritten(root: Path) -> Iterator[Path]:
    """pytest's bytecode files under ``root``'s tests, as paths relative to ``root``."""
    for pyc in (root / TESTS).rglob(f"__pycache__/{pattern()}"):
        yield pyc.relative_to(root)


def restore(cache: Path, project: Path) -> int:
    """Copy into ``project`` the cached files its sources match and it lacks; returns how many."""
    if not (cache / TESTS).is_dir():
        return 0
    count = 0
    for relative in rewritten(cache):
        target = project / relative
        if target.exists() or not current(cache / relative, project / source_of(relative)):
            continue
        target.parent.mkdir(exist_ok=True)
        put(cache / relative, target)
        count += 1
    return count


def keep(project: Path, cache: Path) -> None:
    """Make the cache hold ``project``'s current files, and nothing else."""
    wanted = {relative for relative in rewritten(project)
              if current(project / relative, project / source_of(relative))}
    if (cache / TESTS).is_dir():
        for relative in rewritten(cache):
            if relative not in wanted:
                (cache / relative).unlink()
    for relative in wanted:
        target = cache / relative
        if not (target.exists() and target.read_bytes() == (project / relative).read_bytes()):
            target.parent.mkdir(parents=True, exist_ok=True)
            put(project / relative, target)


def put(source: Path, target: Path) -> None:
    """A copy written whole under another name, then renamed: a reader never sees half of one."""
    part = target.with_name(f"{target.name}.{os.getpid()}.part")
    shutil.copyfile(source, part)
    os.replace(part, target)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
