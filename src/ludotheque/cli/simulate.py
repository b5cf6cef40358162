"""``ludotheque simulate GAME --games N``: bots against bots, then win rates and distributions.
The work is done by ``sim.runner`` and ``sim.stats``; this module only formats, in plain text
(Rich is loaded only for the progress bar on a terminal, ``cli.progress``)."""

from __future__ import annotations

import math
import time
from pathlib import Path

from ..core.errors import LudothequeError
from ..core.registry import get_game
from ..sim.backends import check_backend
from ..sim.runner import GameResult, check_run, run_games
from ..sim.stats import Distribution, Standing, Summary, finite, summarize
from .common import emit_json, fail, game_options, parse_bot_list, run_seed_for, where_played
from .progress import progress_bar as progress_bar
from .progress import rate_text  # tournament and report use it from here
from .text_table import text_table


def _num(value: float, digits: int = 1) -> str:
    if math.isnan(value):
        return "—"
    return f"{value:.{digits}f}"


def _interval(bounds: tuple[float, float]) -> str:
    """Wilson's interval, ``21.0–34.2%``: not a "± 0.0" at 0% or 100%."""
    low, high = bounds
    return "—" if math.isnan(low) else f"{100 * low:.1f}–{100 * high:.1f}%"


def _standings(title: str, rows: tuple[Standing, ...], by_seat: bool) -> str:
    headers = (["seat", "bot"] if by_seat else ["bot", "games"]) + ["wins", "win %", "95% interval", "mean",
                                                                    "sd", "min", "median", "max"]
    cells = []
    for row in rows:
        scores = row.scores
        cells.append(([str(row.seat), row.name] if by_seat else [row.name, str(row.games)]) + [
            _num(row.wins), f"{row.win_rate:.1%}", _interval(row.interval),
            _num(scores.mean), _num(scores.sd), _num(scores.min, 0), _num(scores.median),
            _num(scores.max, 0)])
    return text_table(title, headers, cells, left=(1 if by_seat else 0,))


def _lengths(summary: Summary) -> str:
    items: list[tuple[str, Distribution]] = [("actions", summary.actions)]
    if summary.rounds is not None:
        items.append(("rounds", summary.rounds))
    rows = [[name, _num(d.mean), _num(d.sd), _num(d.min, 0), _num(d.median), _num(d.max, 0)]
            for name, d in items]
    return text_table("Game length", ["", "mean", "sd", "min", "median", "max"], rows)


def print_summary(summary: Summary, elapsed: float) -> None:
    rate = summary.games / elapsed if elapsed > 0 else math.inf
    print(_standings("Win rate per seat (shared wins count 1/k)", summary.seats, True))
    print(_standings("Per bot (scores over every seat it held)", summary.bots, False))
    print(_lengths(summary))
    print(f"{summary.games} games in {elapsed:.2f} s: {rate_text(rate)} games/s; "
          f"{summary.ties} shared win(s)")


def _write_records(path: str, results: list[GameResult]) -> None:
    try:
        with Path(path).open("w", encoding="utf-8") as handle:
            for result in results:
                assert result.record is not None
                handle.write(result.record.dumps() + "\n")
    except OSError as exc:
        fail(f"cannot write {path}: {exc.strerror or exc}")


def simulate(game_id: str, games: int = 100, players: int | None = None, bots: str = "random",
             seed: int | None = None, jobs: int = 1, out_file: str | None = None, variant: str | None = None,
             json_out: bool = False, option: list[str] | None = None, backend: str = "local",
             address: str | None = None) -> None:
    """Play many games between bots; print win rates, scores and game lengths."""
    run_seed = run_seed_for(games, jobs, seed)
    names = parse_bot_list(bots)
    try:
        game = get_game(game_id)
        options = game_options(option, players=players, variant=variant)
        seats = check_run(game.id, options, names)
        check_backend(backend, address)
    except LudothequeError as exc:
        fail(str(exc))
    if not json_out:
        lineup = ", ".join(f"{s}: {names[s % len(names)]}" for s in range(seats))
        print(f"{games} games of {game.spec.name}, {seats} players, seed {run_seed}, "
              f"{where_played(backend, jobs, address)}; seats {lineup}", flush=True)
    began = time.perf_counter()
    try:
        with progress_bar(games) as advance:
            results = run_games(game.id, options, names, games, run_seed, jobs=jobs,
                                keep_records=out_file is not None, progress=advance, backend=backend,
                                address=address)
    except LudothequeError as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        fail("interrupted", 130)
    elapsed = time.perf_counter() - began
    if out_file is not None:
        _write_records(out_file, results)
    summary = summarize(results)
    if json_out:
        obj = {"game": game.id, "options": options, "players": seats, "lineup": names, "seed": run_seed,
               "jobs": jobs, "backend": backend,
               "elapsed": elapsed, **summary.to_json()}
        emit_json(finite(obj))
        return
    print_summary(summary, elapsed)
    if out_file is not None:
        print(f"records written to {out_file}")
