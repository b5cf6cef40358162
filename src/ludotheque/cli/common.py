"""What every command shares: consoles, the player's language, clean failures, option parsing."""

from __future__ import annotations

import json
import os
import secrets
import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from .words import bot_of_word

if TYPE_CHECKING:
    from argparse import ArgumentParser

    from rich.console import Console

LANGS = ("en", "fr")


def out() -> Console:
    """A console on the current stdout (made per call, so test runners can capture it)."""
    from rich.console import Console

    return Console(highlight=False, soft_wrap=False)


def err() -> Console:
    from rich.console import Console

    return Console(stderr=True, highlight=False)


def default_lang() -> str:
    """French when the locale says so (LC_ALL first, then LANG), English otherwise."""
    for name in ("LC_ALL", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


def check_lang(lang: str | None) -> str:
    if lang is None:
        return default_lang()
    key = lang.strip().lower()[:2]
    if key not in LANGS:
        fail(f"unknown language {lang!r}; choose en or fr")
    return key


def fail(message: str, code: int = 1, lang: str = "en") -> NoReturn:
    """Say what went wrong on stderr (in ``lang``) and exit non-zero, without a traceback."""
    from rich.markup import escape

    head = "erreur :" if lang == "fr" else "error:"
    err().print(f"[bold red]{head}[/] {escape(message)}", soft_wrap=True)
    raise SystemExit(code)


def emit_json(obj: Mapping[str, Any]) -> None:
    """Exactly one JSON object on its own line on stdout."""
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def number(value: float) -> int | float:
    """47.0 -> 47: scores print as whole numbers when they are."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def numbers(values: Any) -> list[int | float]:
    return [number(v) for v in values]


def game_options(option: Sequence[str] | None = None, **given: Any) -> dict[str, Any]:
    """The options given on the command line (None: not given), ``-o NAME=VALUE`` ones
    included. The game checks them when it starts, and refuses one it does not have with a
    message."""
    options = {name: value for name, value in given.items() if value is not None}
    for item in option or ():
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            fail(f"-o/--option: expected NAME=VALUE, got {item!r}")
        options[name.strip()] = value.strip()
    return options


def parse_bot_list(text: str) -> list[str]:
    """Bot names, each as the program knows it: a name in the players' words (``hasard``, as
    the French tables say) is the bot it names (``random``)."""
    names = [bot_of_word(name.strip().lower()) for name in text.split(",")]
    if not names or any(not name for name in names):
        fail(f"--bots: expected bot names separated by commas, got {text!r}")
    return names




def add_backend_args(parser: ArgumentParser) -> None:
    """``--backend`` and ``--address``: where a long run's games are played (simulate, tournament,
    report); the verb passes both to ``sim.runner.run_games``, which checks them."""
    from ..sim.backends import BACKENDS

    parser.add_argument("--backend", choices=BACKENDS, default="local",
                        help="local: this machine, --jobs processes (default); ray: a Ray cluster, "
                        "started here with --jobs CPUs unless --address (needs the ray extra); "
                        "results do not depend on it")
    parser.add_argument("--address", help="a running Ray cluster (HOST:PORT, ray://HOST:PORT or auto) "
                        "for --backend ray; every node needs ludotheque installed")


_RUN_WORDS = {
    "en": ("--games must be at least 1; got {n}", "--jobs must be at least 1; got {n}"),
    "fr": ("--games doit valoir au moins 1 ; reçu {n}", "--jobs doit valoir au moins 1 ; reçu {n}"),
}


def run_seed_for(games: int, jobs: int, seed: int | None, lang: str = "en") -> int:
    """A long run's seed (simulate, tournament, report) once its size is checked: ``seed``, or a
    fresh one. It only names the run's games (their deal seeds are hashes of it): short, to type
    again."""
    bad_games, bad_jobs = _RUN_WORDS[lang]
    if games < 1:
        fail(bad_games.format(n=games), lang=lang)
    if jobs < 1:
        fail(bad_jobs.format(n=jobs), lang=lang)
    return secrets.randbits(32) if seed is None else seed


def where_played(backend: str, jobs: int, address: str | None) -> str:
    """How a run is spread, as its heading says it: "jobs 2", "Ray, 2 CPUs here", "Ray at HOST"."""
    if backend != "ray":
        return f"jobs {jobs}"
    return f"Ray at {address}" if address else f"Ray, {jobs} CPU{'s' if jobs > 1 else ''} here"
