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
    with tempfile.TemporaryDirectory(prefix="ludotheque-mypyc-") as scratch:
        out, temp = Path(scratch) / "out", Path(scratch) / "temp"
        script = ("import sys\nfrom setuptools import setup\nfrom mypyc.build import mypycify\n"
                  "setup(name='ludotheque-compiled', ext_modules=mypycify(sys.argv[1:], opt_level='3',"
                  f" target_dir={str(temp / 'c')!r}), script_args=['build_ext', '--build-lib', {str(out)!r},"
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
    print(f"ludotheque: compiled {len(modules)} modules with mypyc into {folder}", file=sys.stderr)
    return 0

