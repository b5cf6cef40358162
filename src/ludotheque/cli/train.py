"""``ludotheque train GAME``: expert iteration by self-play (``learn/loop.py``), with a progress
bar on a terminal (games/s, positions/s, the losses) and a line per generation. Needs PyTorch
(the ``learn`` extra): without it, one line says what to install."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

from ..core.errors import LudothequeError
from ..core.registry import get_game
from .common import check_lang, fail, game_options, run_seed_for
from .train_progress import TrainingProgress

#: Generations of a run given neither ``--generations`` nor ``--hours``.
GENERATIONS = 10

WORDS = {
    "en": {"torch": "training needs PyTorch, an optional extra: pip install 'ludotheque[learn]'",
           "heading": "Training {game}, {players} players, in {out}",
           "stopped": "stopped: run the same command again to go on from generation {n}",
           "positive": "{name} must be at least 1; got {n}",
           "hidden": "--hidden: widths separated by commas, e.g. 64,64; got {text!r}",
           "done": "{n} generation(s) in {out}: best network {best}",
           "hours": "--hours must be more than 0; got {h}",
           "negative": "{name} must be 0 or more; got {n}"},
    "fr": {"torch": "l'entraînement demande PyTorch, en option : pip install 'ludotheque[learn]'",
           "heading": "Entraînement de {game}, {players} joueurs, dans {out}",
           "stopped": "arrêté : relancez la même commande pour reprendre à la génération {n}",
           "positive": "{name} doit valoir au moins 1 ; reçu {n}",
           "hidden": "--hidden : des largeurs séparées par des virgules, p. ex. 64,64 ; reçu {text!r}",
           "done": "{n} génération(s) dans {out} : meilleur réseau {best}",
           "hours": "--hours doit dépasser 0 ; reçu {h}",
           "negative": "{name} doit valoir 0 ou plus ; reçu {n}"},
}


def default_out(game_id: str, players: int) -> Path:
    """Where a game's training goes unless told: the user's data folder."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("ludotheque", appauthor=False)) / "training" / f"{game_id}-{players}p"


def _widths(text: str | None, words: dict[str, str], lang: str) -> tuple[int, ...] | None:
    if text is None:
        return None
    try:
        widths = tuple(int(part) for part in text.split(","))
    except ValueError:
        widths = ()
    if not widths or min(widths) < 1:
        fail(words["hidden"].format(text=text), lang=lang)
    return widths


def plan_words(generations: int | None, hours: float | None, games: int, iterations: int,
               gate_games: int, batch_size: int, steps: int | None, capacity: int, device: str,
               jobs: int, backend: str, address: str | None, seed: int, hidden: str | None,
               imitate: int = 0, reinforce: int = 0) -> list[str]:
    """The run's options as a command line gives them (those left out took their defaults)."""
    given = {"--generations": generations, "--hours": hours, "--games": games,
             "--imitate": imitate or None, "--reinforce": reinforce or None,
             "--iterations": iterations, "--gate-games": gate_games, "--batch-size": batch_size,
             "--steps": steps, "--capacity": capacity, "--device": device, "--jobs": jobs,
             "--backend": backend, "--address": address, "--seed": seed, "--hidden": hidden}
    return [part for name, value in given.items() if value is not None for part in (name, str(value))]


def _command(game_id: str, options: dict[str, Any], out: Path, words: list[str]) -> str:
    """The command that makes this run again (every option spelt out: a card says how; one
    left unset, as a random first player, is left out: no word on a command line says None)."""
    parts = ["ludotheque", "train", game_id, "--out", str(out)]
    for name, value in options.items():
        if value is not None:
            parts += ["--players", str(value)] if name == "players" else ["-o", f"{name}={value}"]
    return shlex.join(parts + words)


def train(game_id: str, players: int | None = None, variant: str | None = None,
          option: list[str] | None = None, out_dir: str | None = None, generations: int | None = None,
          hours: float | None = None, games: int = 100, iterations: int = 100, gate_games: int = 16,
          batch_size: int = 256, steps: int | None = None, capacity: int = 200_000,
          device: str = "auto", jobs: int = 1, backend: str = "local", address: str | None = None,
          seed: int | None = None, hidden: str | None = None, imitate: int = 0, reinforce: int = 0,
          lang: str | None = None) -> None:
    """Train ``game_id``'s network by self-play, generation after generation, in ``out_dir``."""
    lang = check_lang(lang)
    words = WORDS[lang]
    try:
        import torch  # noqa: F401  (only to know it is there)
    except ImportError:
        fail(words["torch"], lang=lang)
    from ..learn.loop import Plan
    from ..learn.loop import train as run_training

    run_seed = run_seed_for(games, jobs, seed, lang)
    for name, value in (("--iterations", iterations), ("--batch-size", batch_size),
                        ("--capacity", capacity), ("--steps", steps)):
        if value is not None and value < 1:
            fail(words["positive"].format(name=name, n=value), lang=lang)
    try:
        game = get_game(game_id)
        options = game.resolve_options(game_options(option, players=players, variant=variant))
    except LudothequeError as exc:
        fail(str(exc), lang=lang)
    seats = int(options["players"])
    out = Path(out_dir) if out_dir else default_out(game.spec.id, seats)
    for name, value in (("--imitate", imitate), ("--reinforce", reinforce),
                        ("--generations", generations or 0)):
        if value < 0:
            fail(words["negative"].format(name=name, n=value), lang=lang)
    if hours is not None and not hours > 0:
        fail(words["hours"].format(h=hours), lang=lang)
    unbounded = generations is None and hours is None
    plan = Plan(game.spec.id, options, out, GENERATIONS if unbounded else generations, hours,
                games, iterations, gate_games, batch_size, steps, capacity, device=device, jobs=jobs,
                backend=backend, address=address, seed=run_seed, hidden=_widths(hidden, words, lang),
                imitate=imitate, reinforce=reinforce,
                command=_command(game.spec.id, options, out, plan_words(generations, hours, games,
                                 iterations, gate_games, batch_size, steps, capacity, device, jobs,
                                 backend, address, run_seed, hidden, imitate, reinforce)))
    print(words["heading"].format(game=game.spec.name, players=seats, out=out), flush=True)
    progress = TrainingProgress(lang)
    try:
        with progress:
            counters = run_training(plan, progress)
    except LudothequeError as exc:
        fail(str(exc), lang=lang)
    except KeyboardInterrupt:
        fail(words["stopped"].format(n=progress.generation), 130, lang=lang)
    best: Any = out / "best.npz" if counters.best else "—"
    print(words["done"].format(n=counters.generation, out=out, best=best))
