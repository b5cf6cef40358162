"""``ludotheque analyse RECORD --seat N [--json]``: a finished game reviewed move by move for one
seat (``bots/analysis.py``): the search's win chance before each decision, the move it prefers,
and what the move played cost, the costly ones marked. Each estimate is made from what the seat
knew at the time, never from the record's open hands."""

from __future__ import annotations

from typing import Any

from ..bots.analysis import MoveReview, review_game
from ..core.errors import LudothequeError
from ..core.record import ReplayStepError
from ..renderers import renderer_for
from .common import check_lang, emit_json, fail, out
from .replay import load_record

WORDS: dict[str, dict[str, str]] = {
    "en": {"title": "{game}: the moves of {name} reviewed ({iterations} playouts a move)",
           "step": "move", "played": "played", "best": "the search prefers", "chance": "win chance",
           "cost": "cost", "blunder": "blunder", "mistake": "mistake", "inaccuracy": "inaccuracy",
           "none": "{name} had no choice to make in this game.",
           "summary": "Decisions reviewed: {n} — blunders: {blunder}, mistakes: {mistake}, "
                      "inaccuracies: {inaccuracy}",
           "progress": "Reviewing", "no_seat": "no seat {seat}: seats are 0 to {last}",
           "iterations": "--iterations: a whole number from 1 to 100000"},
    "fr": {"title": "{game} : les coups de {name} passés en revue ({iterations} parties simulées par coup)",
           "step": "coup", "played": "joué", "best": "la recherche préfère", "chance": "chance de gagner",
           "cost": "coût", "blunder": "gaffe", "mistake": "erreur", "inaccuracy": "imprécision",
           "none": "{name} n'a eu aucun choix à faire dans cette partie.",
           "summary": "Décisions passées en revue : {n} — gaffes : {blunder}, erreurs : {mistake}, "
                      "imprécisions : {inaccuracy}",
           "progress": "Analyse", "no_seat": "pas de place {seat} : les places vont de 0 à {last}",
           "iterations": "--iterations : un nombre entier de 1 à 100000"},
}


def word(key: str, lang: str, **params: Any) -> str:
    return WORDS[lang][key].format(**params)


def analyse(file: str, seat: int = 0, iterations: int = 200, seed: int = 0, json_out: bool = False,
            lang: str | None = None) -> None:
    """Review ``seat``'s moves in the record ``file``: a table in words, or one JSON object."""
    lang = check_lang(lang)
    if not 1 <= iterations <= 100_000:
        fail(word("iterations", lang), lang=lang)
    try:
        record = load_record(file)
        players = record.start().players
    except LudothequeError as exc:
        fail(str(exc), lang=lang)
    if not 0 <= seat < players:
        fail(word("no_seat", lang, seat=seat, last=players - 1), lang=lang)
    try:
        if json_out:
            reviews = review_game(record, seat, iterations, seed)
        else:
            reviews = _with_progress(record, seat, iterations, seed, lang)
    except ReplayStepError as exc:
        fail(f"{exc.error.index}: {exc.error.action}: {exc.error.message}", lang=lang)
    if json_out:
        emit_json({"ok": True, "game": record.game, "seat": seat, "iterations": iterations,
                   "moves": [review.to_json() for review in reviews]})
        return
    _print(record.game, seat, iterations, reviews, lang)


def _with_progress(record: Any, seat: int, iterations: int, seed: int, lang: str) -> list[MoveReview]:
    from rich.progress import Progress

    with Progress(transient=True, console=out()) as progress:
        task = progress.add_task(word("progress", lang), total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        return review_game(record, seat, iterations, seed, advance)


def _print(game_id: str, seat: int, iterations: int, reviews: list[MoveReview], lang: str) -> None:
    from rich.table import Table

    from ..core.registry import get_game

    game = get_game(game_id)
    renderer = renderer_for(game)
    name = renderer.seat_name(seat, lang)

    def label(text: str) -> str:
        return renderer.action_label(game.parse_action(text), None, lang, markup=True)

    console = out()
    if not reviews:
        console.print(word("none", lang, name=name))
        return
    table = Table(title=word("title", lang, game=game.spec.name, name=name, iterations=iterations))
    for key in ("step", "played", "best", "chance", "cost"):
        table.add_column(word(key, lang), justify="right" if key in ("step", "chance", "cost") else "left")
    table.add_column("")
    colours = {"blunder": "bold red", "mistake": "red", "inaccuracy": "yellow"}
    for review in reviews:
        mark = review.mark
        table.add_row(str(review.step + 1), label(review.played),
                      "" if review.best == review.played else label(review.best),
                      f"{review.chance:.0%}", f"{review.loss:.0%}" if review.loss >= 0.005 else "",
                      f"[{colours[mark]}]{word(mark, lang)}[/]" if mark else "")
    console.print(table)
    counts = {mark: sum(r.mark == mark for r in reviews) for mark in colours}
    console.print(word("summary", lang, n=len(reviews), **counts))
    console.print(_chance_line(reviews))


def _chance_line(reviews: list[MoveReview]) -> str:
    """The win chance along the game, as a line of block characters (a plot in the terminal)."""
    blocks = " ▁▂▃▄▅▆▇█"
    return "".join(blocks[min(8, round(r.chance * 8))] for r in reviews)
