"""``ludotheque report GAME``: a balance report, the base game and each variant side by side, as
a self-contained HTML page (plots drawn by matplotlib, loaded only here) and a JSON of every
figure. The games are played by ``sim.runner`` (each game's figures counted where it was
played), summed by ``sim.report`` and drawn by ``sim.report_page``."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import math
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.errors import LudothequeError, WordedError
from ..core.registry import get_game
from ..sim.backends import check_backend
from ..sim.runner import check_run, rotations, run_games
from ..sim.stats import finite
from .common import check_lang, fail, parse_bot_list, run_seed_for, where_played
from .simulate import progress_bar
from .words import bot_word

if TYPE_CHECKING:
    from ..sim.report_csv import GamesTable

#: The name of the option that points at a components file (Drakon's; a game without one
#: cannot take --components).
COMPONENTS_OPTION = "components"


def parse_variant(text: str) -> dict[str, str]:
    """``"heroes=yes escape=yes"`` -> its options (values checked by the game when it starts)."""
    options: dict[str, str] = {}
    for item in text.split():
        name, sep, value = item.partition("=")
        if not sep or not name:
            fail(f"--variants: expected NAME=VALUE options separated by spaces, got {text!r}")
        options[name] = value
    if not options:
        fail("--variants: an empty variant; give NAME=VALUE options, e.g. \"heroes=yes\"")
    return options


def parse_box(text: str) -> tuple[str, str]:
    """``mine=my-box.toml`` -> its name and path; ``my-box.toml`` is named after its file."""
    name, sep, path = text.partition("=")
    if not sep:
        return Path(text).stem, text
    if not name.strip() or not path:
        fail(f"--components: expected NAME=FILE or FILE, got {text!r}")
    return name.strip(), path


def _boxes(game: Any, texts: list[str], lang: str) -> list[dict[str, Any]]:
    """Each ``--components`` box, checked before any game: its name, path, SHA-256 and what
    differs from the box the package ships (from the game's ``report.box``; errors in ``lang``)."""
    if texts and COMPONENTS_OPTION not in {option.name for option in game.spec.options}:
        names = ", ".join(option.name for option in game.spec.options)
        fail(f"{game.spec.name} has no components file option, so --components cannot apply "
             f"(it works for a game with a '{COMPONENTS_OPTION}' option, such as Drakon or "
             f"Kagoun; {game.spec.name}'s options are: {names})")
    module = game.report_figures()
    boxes: list[dict[str, Any]] = []
    named = [parse_box(text) for text in texts]
    for name, _ in named:
        if [n for n, _ in named].count(name) > 1:
            fail(f"--components: two boxes named {name!r}; name them: NAME=FILE")
    for name, path in named:
        if not Path(path).is_file():
            fail(f"--components: no such file: {path}")
        differences = None
        if module is not None and hasattr(module, "box"):
            try:
                differences = module.box(path)
            except WordedError as exc:
                fail(exc.said(lang), lang=lang)
        boxes.append({"name": name, "path": path, "differences": differences,
                      "sha256": hashlib.sha256(Path(path).read_bytes()).hexdigest()})
    return boxes


def _base_options(players: int | None, boxes: list[dict[str, Any]]) -> dict[str, Any]:
    options: dict[str, Any] = {} if players is None else {"players": players}
    if boxes:  # the first box is every column's but the other boxes'
        options[COMPONENTS_OPTION] = boxes[0]["path"]
    return options


def _sweep_columns(game: Any, base: dict[str, Any], columns: list[dict[str, Any]], sweep: str | None,
                   lang: str) -> tuple[list[dict[str, Any]], tuple[str, list[int]] | None]:
    """The report's ``columns`` as they are (no sweep), or one per value of ``sweep`` (then the
    base game must be alone), with the option swept and its values."""
    if sweep is None:
        return columns, None
    from ..sim.sweep import parse_sweep
    from ..sim.sweep_words import sweep_word

    if len(columns) > 1:
        fail(sweep_word("with_variants", lang), lang=lang)
    try:
        players = game.resolve_options(base)["players"]
        name, values = parse_sweep(sweep, game.spec, players, lang)
    except LudothequeError as exc:
        fail(str(exc), lang=lang)
    return [{name: value} for value in values], (name, values)


def _csv_folder(folder: str | None) -> None:
    """A folder for the CSV tables: one that exists, or one to make in a folder that does."""
    if folder is not None and not (Path(folder).is_dir() or Path(folder).resolve().parent.is_dir()):
        fail(f"--csv {folder}: no such folder, and none can be made there")


def _games_table(folder: str | None) -> GamesTable | None:
    """``games.csv`` to fill a column at a time (None: no CSV asked for); its folder made."""
    if folder is None:
        return None
    from ..sim.report_csv import GamesTable

    try:
        Path(folder).mkdir(exist_ok=True)
        return GamesTable(Path(folder))
    except OSError as exc:
        fail(f"cannot write in {folder}: {exc.strerror or exc}")


def _write_csv(folder: str, games: GamesTable, document: dict[str, Any]) -> None:
    from ..sim.report_csv import figure_tables

    try:
        games.write(Path(folder) / "games.csv")
    except OSError as exc:
        fail(f"cannot write {folder}/games.csv: {exc.strerror or exc}")
    for name, text in figure_tables(document).items():
        _write(str(Path(folder) / f"{name}.csv"), text)


def _write(path: str, text: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {path}: {exc.strerror or exc}")


def report(game_id: str, games: int = 2000, players: int | None = None, bots: str = "random",
           sweep: str | None = None, csv_dir: str | None = None,  # a sweep; the CSV tables' folder
           seed: int | None = None, jobs: int = 1, variants: list[str] | None = None,
           components: list[str] | None = None, out_file: str | None = None, json_file: str | None = None,
           lang: str | None = None, backend: str = "local", address: str | None = None) -> None:
    """Play ``games`` games of the base game and of each variant; write the page and the JSON."""
    lang = check_lang(lang)
    if importlib.util.find_spec("matplotlib") is None:  # found out before the games, not after
        fail("the report draws with matplotlib, which is not installed: "
             "pip install 'ludotheque[report]'")
    run_seed = run_seed_for(games, jobs, seed, lang)
    names = parse_bot_list(bots)
    try:
        game = get_game(game_id)
    except LudothequeError as exc:
        fail(str(exc))
    boxes = _boxes(game, components or [], lang)
    base = _base_options(players, boxes)
    # the first box (or the game as it comes), each other box, then each variant on the first box
    columns: list[dict[str, Any]] = [{}] + [{COMPONENTS_OPTION: b["path"]} for b in boxes[1:]]
    columns += [parse_variant(text) for text in variants or ()]
    columns, swept = _sweep_columns(game, base, columns, sweep, lang)
    # a box's column is named after it (a sweep's columns, after their values)
    box_names: list[str | None] = [None] * len(columns) if swept else (
        [b["name"] for b in boxes] + [None] * (len(columns) - len(boxes)))
    seats = []  # each column's players, checked before any game is played
    for column in columns:
        try:
            seats.append(check_run(game.id, base | column, names))
        except LudothequeError as exc:
            if column.get(COMPONENTS_OPTION):  # a bad box file is said in the page's language
                _boxes(game, [f"{COMPONENTS_OPTION}={column[COMPONENTS_OPTION]}"], lang)
            named = " ".join(f"{k}={v}" for k, v in column.items())
            where = f"variant {named!r}" if column else "the base game"
            fail(f"{f'--sweep {named}' if swept else where}: {exc}", lang=lang)
    out_file = out_file or f"{game.id}-report.html"
    for path in (out_file, json_file):  # found out before the games, not after them
        if path is not None and not Path(path).resolve().parent.is_dir():
            fail(f"cannot write {path}: no such folder")
    _csv_folder(csv_dir)
    try:
        check_backend(backend, address)
    except LudothequeError as exc:
        fail(str(exc))
    # (a sweep of the players may seat different numbers: whole rotations of each)
    lineups = math.lcm(*(len(rotations(names, players)) for players in seats))
    if games % lineups:  # whole rotations, so that every bot holds every seat equally often
        games += lineups - games % lineups
        print(f"games rounded up to {games}: {lineups} seatings of the bots, each played equally "
              "often", flush=True)
    print(f"{games} games of {game.spec.name} per column, {len(columns)} column(s), seed {run_seed}, "
          f"{where_played(backend, jobs, address)}", flush=True)
    from ..sim.report import TOO_FEW_GAMES, WIDEST_MARGIN, compare_columns, variant_figures

    module = game.report_figures()
    # every key the game names a figure's rows by is listed, 0 when it never happens
    keys = {} if module is None else {name: list(labels)
                                      for name, (_, _, labels) in module.words("en").items()}

    wins_only = game.spec.max_score <= 1  # scores that only say who won are the seat advantage
    began = time.perf_counter()
    summed: list[dict[str, Any]] = []  # each column summed as soon as it is played
    rows = _games_table(csv_dir)  # each game's row of the CSV, when asked for
    try:
        with progress_bar(games * len(columns)) as advance:
            for column, box in zip(columns, box_names, strict=True):
                results = run_games(game.id, base | column, names, games, run_seed, jobs=jobs,
                                    progress=advance, figures=True, backend=backend, address=address,
                                    rotate=True)
                # a box's column is named after it
                as_box: dict[str, Any] = {} if box is None else {"box": box}
                summed.append({"options": column, **as_box,
                               **variant_figures(results, wins_only, keys)})
                if rows is not None:
                    from ..sim.report_csv import column_name

                    rows.add(column_name(column), results, keys)
    except LudothequeError as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        fail("interrupted", 130)
    compare_columns(summed)
    document = finite({
        "game": game.id, "name": game.spec.name, "games": games, "players": seats[0], "bots": names,
        "seed": run_seed, "components": boxes,
        "too_few": {"games": TOO_FEW_GAMES, "margin95": WIDEST_MARGIN}, "variants": summed,
    })
    if swept is not None:
        from ..sim.sweep import trends

        option, values = swept
        document["sweep"] = finite({"option": option, "values": values,
                                    "trends": trends(values, summed)})
    from ..sim.report_page import render_page

    game_words = module.words(lang) if module is not None else {}
    box_words = module.box_words(lang) if module is not None and hasattr(module, "box_words") else {}
    page = render_page(document, game_words, lang, [bot_word(name, lang) for name in names],
                       json_file=json_file, box_words=box_words)
    _write(out_file, page)
    if json_file is not None:
        _write(json_file, json.dumps(document, ensure_ascii=False, indent=1) + "\n")
    if rows is not None and csv_dir is not None:
        _write_csv(csv_dir, rows, document)
    elapsed = time.perf_counter() - began
    print(f"report written to {out_file}" + (f" and {json_file}" if json_file else "")
          + (f", CSV tables in {csv_dir}" if csv_dir else "")
          + f" in {elapsed:.1f} s", flush=True)
