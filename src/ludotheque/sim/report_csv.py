"""A report as CSV tables for a spreadsheet: ``games.csv``, one row per game of every column,
and one table per figure (``NAME.csv``: a row per column and key), each with a header. Field
names are the JSON's, in English whatever the page's language; numbers are written with a
decimal point; a number a column does not have (a seat of fewer players, a statistic of
nothing) is an empty cell.

A game's own per-game figures are flattened into its row: a word or a number as one field
``NAME``, one number per seat as ``NAME.SEAT``, counts as ``NAME.KEY`` (0 for every key the
game names that did not happen) and winners' and others' counts as ``NAME.winners.KEY`` and
``NAME.others.KEY``."""

from __future__ import annotations

import csv
import io
import json
import math
import tempfile
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from .runner import GameResult

#: The first fields of a game's row, in this order; the scores by seat and its own figures follow.
GAME_FIELDS = ("column", "index", "seed", "lineup", "first_player", "winners", "length", "rounds")
#: The fields of a distribution's statistics.
STATS = ("count", "mean", "sd", "min", "median", "max")


def column_name(options: Mapping[str, Any]) -> str:
    """A column as the tables name it: its options (``goal=5 heroes=yes``), ``base`` for none."""
    return " ".join(f"{k}={v}" for k, v in options.items()) or "base"


def _flatten(figures: Mapping[str, Any], keys: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for name, value in figures.items():
        if isinstance(value, Mapping) and any(isinstance(v, Mapping) for v in value.values()):
            for group in ("winners", "others"):
                tally = value.get(group, {})
                for key in [*keys.get(name, ()), *(k for k in tally if k not in keys.get(name, ()))]:
                    row[f"{name}.{group}.{key}"] = tally.get(key, 0)
        elif isinstance(value, Mapping):
            for key in [*keys.get(name, ()), *(k for k in value if k not in keys.get(name, ()))]:
                row[f"{name}.{key}"] = value.get(key, 0)
        elif isinstance(value, list | tuple):
            for seat, number in enumerate(value):
                row[f"{name}.{seat}"] = number
        else:
            row[name] = value
    return row


def game_rows(column: str, results: Iterable[GameResult],
              keys: Mapping[str, Sequence[str]] | None = None) -> Iterator[dict[str, Any]]:
    """One row per game of one column: its index and deal seed, the bots by seat (``lineup``,
    separated by spaces), the first player, the winning seats (separated by spaces), its length
    in moves and rounds, each seat's score (``score.SEAT``) and the game's own figures."""
    for r in results:
        row: dict[str, Any] = {
            "column": column, "index": r.index, "seed": r.seed, "lineup": " ".join(r.bots),
            "first_player": r.first, "winners": " ".join(map(str, r.winners)), "length": r.actions,
            "rounds": r.rounds}
        row.update({f"score.{seat}": score for seat, score in enumerate(r.scores)})
        row.update(_flatten(r.figures or {}, keys or {}))
        yield row


class _Header:
    """The union of some rows' fields in order of first appearance, each kept beside the
    fields of its figure (``score.3`` of a later, larger game after ``score.2``)."""

    def __init__(self) -> None:
        self.groups: dict[str, dict[str, None]] = {}

    def add(self, row: Mapping[str, Any]) -> None:
        for field in row:
            self.groups.setdefault(field.partition(".")[0], {})[field] = None

    def fields(self) -> list[str]:
        return [field for group in self.groups.values() for field in group]


class GamesTable:
    """``games.csv`` of a long run: each column's rows are put aside (as JSON lines, in a
    folder of their own in ``folder``) as soon as the column is played, so that no run holds
    every game's row, then written under the header of them all."""

    def __init__(self, folder: Path) -> None:
        self.aside = tempfile.TemporaryDirectory(prefix=".games-", dir=folder)
        self.parts: list[Path] = []
        self.header = _Header()

    def add(self, column: str, results: Iterable[GameResult],
            keys: Mapping[str, Sequence[str]] | None = None) -> None:
        part = Path(self.aside.name) / f"{len(self.parts)}.jsonl"
        with part.open("w", encoding="utf-8") as file:
            for row in game_rows(column, results, keys):
                self.header.add(row)
                file.write(json.dumps(row) + "\n")
        self.parts.append(part)

    def write(self, path: Path) -> None:
        try:
            with path.open("w", encoding="utf-8", newline="") as out:
                writer = csv.DictWriter(out, self.header.fields(), restval="", lineterminator="\n")
                writer.writeheader()
                for part in self.parts:
                    with part.open(encoding="utf-8") as rows:
                        writer.writerows({k: _cell(v) for k, v in json.loads(line).items()}
                                         for line in rows)
        finally:
            self.aside.cleanup()


def _cell(value: Any) -> Any:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    return value


def table(rows: Sequence[Mapping[str, Any]]) -> str:
    """Rows as CSV text, the header the union of their fields in order of first appearance,
    each kept beside the fields of its figure (``score.3`` of a later, larger game after
    ``score.2``)."""
    header = _Header()
    for row in rows:
        header.add(row)
    out = io.StringIO()
    writer = csv.DictWriter(out, header.fields(), restval="", lineterminator="\n")
    writer.writeheader()
    writer.writerows({k: _cell(v) for k, v in row.items()} for row in rows)
    return out.getvalue()


def figure_rows(column: str, figure: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One column's figure as the rows a spreadsheet wants, by the figure's kind."""
    kind = figure["kind"]
    if kind == "wins":
        return [{"column": column, "key": r["key"], "games": r["games"], "wins": r["wins"],
                 "win_rate": r["win_rate"], "low": r["low"], "high": r["high"]}
                for r in figure["rows"]]
    if kind == "shares":
        return [{"column": column, "key": k, "count": s["count"], "share": s["share"],
                 "low": s["low"], "high": s["high"]} for k, s in figure["shares"].items()]
    if kind == "counts":
        return [{"column": column, "key": k, "total": total, "per_game": figure["per_game"][k]}
                for k, total in figure["totals"].items()]
    if kind == "by_outcome":
        won, other = figure["winners"], figure["others"]
        return [{"column": column, "key": k, "winners_total": won["totals"][k],
                 "winners_per_player": won["per_seat"][k], "others_total": other["totals"][k],
                 "others_per_player": other["per_seat"][k]} for k in won["totals"]]
    if kind == "distribution":
        return [{"column": column, **{s: figure["distribution"][s] for s in STATS}}]
    if kind == "per_seat":
        seats = [("all", figure["all"])] + [(str(s), d) for s, d in enumerate(figure["seats"])]
        return [{"column": column, "seat": seat, **{s: d[s] for s in STATS}} for seat, d in seats]
    return []


def figure_tables(document: Mapping[str, Any]) -> dict[str, str]:
    """Each figure of the report (``cli/report.py``'s document) as one CSV table, every column's
    rows in it, by figure name; with a sweep, its trends as ``trends``."""
    rows: dict[str, list[dict[str, Any]]] = {}
    for variant in document["variants"]:
        name = column_name(variant["options"])
        for figure, data in variant["figures"].items():
            rows.setdefault(figure, []).extend(figure_rows(name, data))
    sweep = document.get("sweep")
    if sweep:
        rows["trends"] = [{"figure": figure, "key": key, sweep["option"]: point["value"],
                           "y": point["y"], "low": point["low"], "high": point["high"]}
                          for figure, trend in sweep["trends"].items()
                          for key, points in trend["series"].items() for point in points]
    return {name: table(found) for name, found in rows.items()}
