"""The compiled build: the hot modules (those with the line ``# mypyc: compile``) compiled by
mypyc from the same ``.py`` files, kept in ``_mypyc/`` beside the sources, and used in their place
when they are fresh.

``python -c "import ludotheque.compiled as c; c.main()"`` builds them (``make`` does it when a C
compiler is present).
Importing ``ludotheque`` installs a finder that loads a compiled module instead of its source only
if every compiled module was built from the sources as they are now (a SHA-256 per source in the
build's manifest) for this interpreter: after any edit, the whole package runs as pure Python, with
a warning, until the next build. ``LUDOTHEQUE_PURE=1`` forces pure Python.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent
SRC = PACKAGE.parent
MARK = "# mypyc: compile"
#: Where the build lives (another folder can be named, e.g. by tests of the guard).
FOLDER = Path(os.environ.get("LUDOTHEQUE_COMPILED_DIR") or PACKAGE / "_mypyc")
MANIFEST = "manifest.json"

#: What the running process uses: "compiled", or why it runs pure Python.
status = "pure Python: no compiled build"


class _Finder:
    """Finds the compiled modules of a fresh build (and mypyc's shared library beside them). A
    meta path finder needs only ``find_spec`` (importlib.abc would cost the start-up 15 ms)."""

    def __init__(self, folder: Path, files: dict[str, str]) -> None:
        self.folder, self.files = folder, files

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        relative = self.files.get(fullname)
        if relative is None:
            return None
        location = str(self.folder / relative)
        loader = importlib.machinery.ExtensionFileLoader(fullname, location)
        return importlib.machinery.ModuleSpec(fullname, loader, origin=location)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def marked_sources() -> list[Path]:
    """The package's modules that ask to be compiled."""
    return sorted(p for p in PACKAGE.rglob("*.py") if MARK in p.read_text(encoding="utf-8").splitlines())


def _fresh_build(folder: Path) -> tuple[dict[str, str] | None, str]:
    """The compiled files by module name if the build in ``folder`` matches the sources, else
    None; and what the process will run."""
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None, "pure Python: no compiled build (make builds it)"
    if manifest.get("cache_tag") != sys.implementation.cache_tag:
        return None, f"pure Python: the compiled build is for {manifest.get('cache_tag')}"
    files: dict[str, str] = {}
    for name, entry in manifest.get("modules", {}).items():
        source = SRC / entry["source"]
        if not source.is_file() or digest(source) != entry["sha256"]:
            return None, f"pure Python: {entry['source']} changed since the compiled build (run make)"
        files[name] = entry["file"]
    files.update(manifest.get("shared", {}))
    if not all((folder / relative).is_file() for relative in files.values()):
        return None, "pure Python: the compiled build is incomplete (run make)"
    return files, "compiled"


def install() -> None:
    """Put the finder in front of the import system when a fresh build exists."""
    global status
    if os.environ.get("LUDOTHEQUE_PURE", "") not in ("", "0"):
        status = "pure Python: LUDOTHEQUE_PURE is set"
        return
    files, status = _fresh_build(FOLDER)
    if files is None:
        if (FOLDER / MANIFEST).exists():
            warnings.warn(f"ludotheque: {status}", RuntimeWarning, stacklevel=3)
        return
    sys.meta_path.insert(0, _Finder(FOLDER, files))


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from the compiled build."""
    path = str(module.__file__ or "")
    return any(path.endswith(suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def main() -> None:
    """Build, and exit with the build's status."""
    sys.exit(build())


#: What the C code is compiled with (a part of the build cache's key).
OPT_LEVEL = "3"
#: How many builds the cache keeps (the newest used).
CACHED_BUILDS = 4


def cache_root() -> Path | None:
    """Where builds are kept by what they were built from, so that another checkout of the same
    sources (a fresh clone, a CI run) copies the build instead of compiling it again, as pip
    keeps wheels: ``LUDOTHEQUE_BUILD_CACHE`` names the folder, ``0`` turns it off; by default
    ``$XDG_CACHE_HOME/ludotheque/mypyc`` (``~/.cache``)."""
    setting = os.environ.get("LUDOTHEQUE_BUILD_CACHE", "")
    if setting == "0":
        return None
    if setting:
        return Path(setting)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "ludotheque" / "mypyc"


def build_key(relative: Sequence[str], compiler: str) -> str:
    """What a build depends on: the interpreter, mypyc's version, the C compiler and its
    optimisation, and every compiled source's path and content."""
    import subprocess

    try:
        from mypy.version import __version__ as mypyc_version
    except ImportError:  # (no mypyc: the build itself then fails, and says so)
        mypyc_version = "none"
    try:
        compiler_version = subprocess.run([compiler, "--version"], capture_output=True, text=True,
                                          timeout=30).stdout.partition("\n")[0]
    except (OSError, subprocess.SubprocessError):
        compiler_version = "?"
    key = hashlib.sha256()
    sources = (f"{name}:{digest(SRC / name)}" for name in sorted(relative))
    for part in (sys.implementation.cache_tag, sys.version, mypyc_version, compiler, compiler_version,
                 OPT_LEVEL, *sources):
        key.update(part.encode() + b"\0")
    return key.hexdigest()[:32]


def _from_cache(cached: Path, folder: Path) -> bool:
    """Copy a cached build into ``folder`` if it is whole and matches the sources."""
    import shutil

    if _fresh_build(cached)[0] is None:
        return False
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(cached, folder)
    os.utime(cached)  # (the cache keeps the newest used)
    return True


def _to_cache(built: Path, root: Path, key: str) -> None:
    """Keep a build (written aside, then renamed: a reader never sees half of one); the oldest
    builds beyond CACHED_BUILDS go. A cache that cannot be written is only a slower next build."""
    import shutil
    import tempfile

    try:
        root.mkdir(parents=True, exist_ok=True)
        partial = Path(tempfile.mkdtemp(prefix=".partial-", dir=root))
        shutil.copytree(built, partial, dirs_exist_ok=True)
        try:
            partial.rename(root / key)
        except OSError:  # another build of the same sources got there first
            shutil.rmtree(partial, ignore_errors=True)
        builds = sorted((p for p in root.iterdir() if not p.name.startswith(".")),
                        key=lambda p: p.stat().st_mtime)
        for old in builds[:-CACHED_BUILDS]:
            shutil.rmtree(old, ignore_errors=True)
    except OSError as exc:
        print(f"ludotheque: the build cache {root} could not keep this build ({exc})", file=sys.stderr)


def build(folder: Path = PACKAGE / "_mypyc") -> int:
    """Compile the marked modules into ``folder`` with mypyc; returns an exit status (0 also when
    there is no C compiler: the package then runs as pure Python)."""
    import shutil
    import subprocess
    import tempfile

    compiler = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if not compiler or not (shutil.which(compiler) or Path(compiler).exists()):
        print("ludotheque: no C compiler; the package runs as pure Python", file=sys.stderr)
        shutil.rmtree(folder, ignore_errors=True)
        return 0
    sources = marked_sources()
    relative = [str(p.relative_to(SRC)) for p in sources]
    root = cache_root()
    key = build_key(relative, compiler) if root is not None else ""
    if root is not None and _from_cache(root / key, folder):
        print(f"ludotheque: the compiled build of these sources copied from the build cache {root / key}"
              " (LUDOTHEQUE_BUILD_CACHE=0 compiles them again)", file=sys.stderr)
        return 0
    with tempfile.TemporaryDirectory(prefix="ludotheque-mypyc-") as scratch:
        out, temp = Path(scratch) / "out", Path(scratch) / "temp"
        script = ("import sys\nfrom setuptools import setup\nfrom mypyc.build import mypycify\n"
                  "setup(name='ludotheque-compiled', ext_modules=mypycify(sys.argv[1:],"
                  f" opt_level={OPT_LEVEL!r}, target_dir={str(temp / 'c')!r}),"
                  f" script_args=['build_ext', '--build-lib', {str(out)!r},"
                  f" '--build-temp', {str(temp)!r}])\n")
        env = {**os.environ, "MYPY_CACHE_DIR": str(temp / "mypy")}  # nothing left in the sources
        done = subprocess.run([sys.executable, "-c", script, *relative], cwd=SRC, env=env,
                              capture_output=True, text=True)
        if done.returncode:
            print(done.stdout[-4000:], done.stderr[-4000:], sep="\n", file=sys.stderr)
            print("ludotheque: the mypyc build failed; the package runs as pure Python", file=sys.stderr)
            shutil.rmtree(folder, ignore_errors=True)
            return 1
        modules, shared = {}, {}
        for path in sorted(out.rglob("*")):
            if not path.is_file():
                continue
            name = str(path.relative_to(out)).split(".", 1)[0].replace(os.sep, ".")
            source = SRC / (name.replace(".", os.sep) + ".py")
            if source in sources:
                modules[name] = {"file": str(path.relative_to(out)), "source": str(source.relative_to(SRC)),
                                 "sha256": digest(source)}
            else:  # mypyc's library shared by the modules
                shared[name] = str(path.relative_to(out))
        manifest = {"cache_tag": sys.implementation.cache_tag, "modules": modules, "shared": shared}
        (out / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(out, folder)
        if root is not None:
            _to_cache(out, root, key)
    print(f"ludotheque: compiled {len(modules)} modules with mypyc into {folder}", file=sys.stderr)
    return 0

