"""A report's sweep: one numeric option stepped over a range (``goal=5..15:5``), one column per
value, and the trends of the main figures against the value, in numbers (``report_page.py``
draws them).

The values a sweep may take are the option's own (``OptionSpec.bounds``); the number of
players and the first player are bounded by the game itself. A mistake is a ``SweepError``
naming the option and its range, in English or French."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.errors import LudothequeError
from ..core.spec import GameSpec
from .sweep_words import sweep_word

#: More columns than this make a page no one reads (every figure has a bar per column).
MOST_VALUES = 12

#: The figures whose trends are drawn: the game's shares (how games end ...), the game's length
#: and the win shares by seat and by turn position.
TREND_KINDS = ("shares", "wins", "distribution")
TREND_FIGURES = ("seat_advantage", "turn_order", "length_actions", "length_rounds")

class SweepError(LudothequeError):
    """A sweep the game cannot take, said in the page's language."""


def option_range(spec: GameSpec, name: str, players: int) -> tuple[int, int] | None:
    """The values option ``name`` may take with ``players`` players (None: not a number)."""
    if name == "players":
        return spec.min_players, spec.max_players
    if name == "first_player":
        return 0, players - 1
    return spec.option(name).bounds


def numeric_options(spec: GameSpec, players: int) -> list[str]:
    return [o.name for o in spec.options if option_range(spec, o.name, players) is not None]


_SWEEP = re.compile(r"^\s*([A-Za-z_]\w*)\s*=\s*([+-]?\d+)\s*\.\.\s*([+-]?\d+)\s*(?::\s*(\d+))?\s*$")


def parse_sweep(text: str, spec: GameSpec, players: int, lang: str = "en") -> tuple[str, list[int]]:
    """``"goal=5..15:5"`` -> ``("goal", [5, 10, 15])``, each value within the option's range
    (``players``: the base game's, for the first player's range)."""
    found = _SWEEP.match(text)
    if found is None:
        raise SweepError(sweep_word("syntax", lang, text=text))
    name, low, high, step = found[1], int(found[2]), int(found[3]), int(found[4] or 1)
    numeric = ", ".join(numeric_options(spec, players))
    if name not in {o.name for o in spec.options}:
        raise SweepError(sweep_word("unknown", lang, game=spec.name, name=name, numeric=numeric))
    bounds = option_range(spec, name, players)
    if bounds is None:
        raise SweepError(sweep_word("not_numeric", lang, game=spec.name, name=name, numeric=numeric))
    if low > high or step < 1:
        raise SweepError(sweep_word("order", lang, text=text.strip()))
    for value in (low, high):
        if not bounds[0] <= value <= bounds[1]:
            raise SweepError(sweep_word("range", lang, text=text.strip(), name=name, low=bounds[0],
                                        high=bounds[1], value=value))
    values = list(range(low, high + 1, step))
    if len(values) > MOST_VALUES:
        raise SweepError(sweep_word("too_many", lang, text=text.strip(), count=len(values),
                                    most=MOST_VALUES))
    return name, values


def _point(value: int, y: float | None, low: float | None, high: float | None) -> dict[str, Any]:
    return {"value": value, "y": y, "low": low, "high": high}


def _mean_interval(stats: Mapping[str, Any]) -> tuple[float | None, float | None]:
    """The normal 95% interval of a mean (None for fewer than two values)."""
    count, mean, sd = stats.get("count") or 0, stats.get("mean"), stats.get("sd")
    if count < 2 or mean is None or sd is None:
        return None, None
    half = 1.96 * sd / math.sqrt(count)
    return mean - half, mean + half


def trends(values: Sequence[int], columns: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Per figure drawn against the swept value (``TREND_FIGURES`` and every shares figure of
    the game), its ``kind`` and, per row, one point per value: ``y`` with its 95% interval
    (``low``, ``high``: Wilson's for shares and win shares, the normal one for a mean), and for
    win shares the ``fair`` share at each value. A row a column lacks (a seat of fewer players)
    has no point there."""
    out: dict[str, Any] = {}
    names: list[str] = []
    for column in columns:
        names += [n for n, f in column["figures"].items() if n not in names and (
            n in TREND_FIGURES or f["kind"] == "shares")]
    for name in names:
        series: dict[str, list[dict[str, Any]]] = {}
        fair: list[dict[str, Any]] = []  # a win share's fair share at each value
        kind = ""
        for value, column in zip(values, columns, strict=True):
            figure = column["figures"].get(name)
            if figure is None:
                continue
            kind = figure["kind"]
            if kind == "wins":
                fair.append({"value": value, "y": figure["fair_share"]})
                for row in figure["rows"]:
                    series.setdefault(row["key"], []).append(
                        _point(value, row["win_rate"], row["low"], row["high"]))
            elif kind == "shares":
                for key, share in figure["shares"].items():
                    series.setdefault(key, []).append(
                        _point(value, share["share"], share["low"], share["high"]))
            elif kind == "distribution":
                stats = figure["distribution"]
                series.setdefault("mean", []).append(_point(value, stats["mean"],
                                                            *_mean_interval(stats)))
        if kind in TREND_KINDS:
            out[name] = {"kind": "mean" if kind == "distribution" else kind, "series": series}
            if fair:
                out[name]["fair"] = fair
    return out
