"""A balance report's figures, in numbers: finished games (``GameResult``, with the figures each
game's ``report`` module counted in the worker that played it) summed into one JSON-ready
mapping per variant. No words and no plots here (``sim/report_page.py`` draws them).

Every figure carries ``too_few``: it rests on too few games when fewer than ``TOO_FEW_GAMES``
games feed it, or, for shares and win rates, when a 95% interval is wider than
``WIDEST_MARGIN`` either side.

A game's own figure is, per game, a word (a category: its shares are reported), a number (a
distribution), a list (one number per seat: a distribution per seat), a mapping of counts
(totals and means per game) or a mapping of ``winners`` and ``others`` to mappings of counts
(what the game's winners did against what the other players did: means per winner and per
other player). Every key a game names for a figure (``keys``) is listed, 0 when
it never happened.

Shares and win rates carry Wilson's 95% interval (``low``, ``high``; ``margin95`` is its
half-width); win shares per seat, turn position and bot carry a chi-square test against a fair
share. ``compare_columns`` then puts every column's histograms on the same bins and tests each
variant column against the base game (``versus_base``), so that noise is not read as a rule's
effect."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from .runner import GameResult
from .stats import (
    Distribution,
    bin_edges,
    fair_share_test,
    histogram,
    mean_difference,
    proportion_difference,
    summarize,
    wilson,
)

TOO_FEW_GAMES = 30
WIDEST_MARGIN = 0.10


def _key_order(key: str) -> tuple[int, float, str]:
    """Numbers in numeric order (amulets on 1..12), then words in alphabetical order."""
    try:
        return (0, float(key), "")
    except ValueError:
        return (1, 0.0, key)


def _interval(successes: float, trials: int) -> dict[str, float]:
    """Wilson's 95% interval, and its half-width (for the too-few-games warning)."""
    low, high = wilson(successes, trials)
    return {"low": low, "high": high, "margin95": (high - low) / 2}


def _shares(counts: Mapping[str, float], games: int, every: Sequence[str] = ()) -> dict[str, Any]:
    keys = list(every) + sorted((k for k in counts if k not in every), key=_key_order)
    shares = {k: {"count": counts.get(k, 0), "share": counts.get(k, 0) / games if games else math.nan,
                  **_interval(counts.get(k, 0), games)} for k in keys}
    widest = max((s["margin95"] for s in shares.values()), default=math.nan)
    return {"kind": "shares", "games": games, "shares": shares,
            "too_few": games < TOO_FEW_GAMES or widest > WIDEST_MARGIN}


def _tally(values: Sequence[float]) -> list[list[float]]:
    """Each value seen and how often, in order: enough to bin them again with other columns."""
    return [[value, times] for value, times in sorted(Counter(values).items())]


def _distribution(values: Sequence[float]) -> dict[str, Any]:
    return {"kind": "distribution", "distribution": asdict(Distribution.of(values)),
            "histogram": histogram(values), "tally": _tally(values),
            "too_few": len(values) < TOO_FEW_GAMES}


def _per_seat(seats: Sequence[Sequence[float]]) -> dict[str, Any]:
    pooled = [v for seat in seats for v in seat]
    return {"kind": "per_seat", "seats": [asdict(Distribution.of(seat)) for seat in seats],
            "all": asdict(Distribution.of(pooled)), "histogram": histogram(pooled),
            "tally": _tally(pooled),
            "too_few": min((len(s) for s in seats), default=0) < TOO_FEW_GAMES}


def _counts(totals: Mapping[str, float], games: int, every: Sequence[str] = ()) -> dict[str, Any]:
    keys = list(every) + sorted((k for k in totals if k not in every), key=_key_order)
    return {"kind": "counts", "games": games, "totals": {k: totals.get(k, 0) for k in keys},
            "per_game": {k: totals.get(k, 0) / games if games else math.nan for k in keys},
            "too_few": games < TOO_FEW_GAMES}


def _by_outcome(totals: Mapping[str, Mapping[str, float]], seats: Mapping[str, int], games: int,
                every: Sequence[str] = ()) -> dict[str, Any]:
    """Counts of the winners and of the other players, each per seat of its group (a game of 4
    won alone has 1 winner and 3 others)."""
    found = [k for group in totals.values() for k in group]
    keys = list(every) + sorted({k for k in found if k not in every}, key=_key_order)
    out: dict[str, Any] = {"kind": "by_outcome", "games": games,
                           "too_few": games < TOO_FEW_GAMES}
    for group in ("winners", "others"):
        tally, held = totals.get(group, {}), seats.get(group, 0)
        out[group] = {"seats": held, "totals": {k: tally.get(k, 0) for k in keys},
                      "per_seat": {k: tally.get(k, 0) / held if held else math.nan for k in keys}}
    return out


def _wins(rows: Sequence[tuple[str, int, float]], fair: Sequence[float], games: int) -> dict[str, Any]:
    """Win shares of some rows (seats, turn positions, bots): (key, games, wins) each, and the
    share each would win in a fair game."""
    out: list[dict[str, Any]] = [{"key": key, "games": played, "wins": won,
            "win_rate": won / played if played else math.nan, **_interval(won, played)}
           for key, played, won in rows]
    widest = max((r["margin95"] for r in out), default=math.nan)
    return {"kind": "wins", "games": games, "rows": out, "fair_share": fair[0] if fair else math.nan,
            "test": fair_share_test([r[2] for r in rows], [r[1] for r in rows], fair),
            "too_few": games < TOO_FEW_GAMES or widest > WIDEST_MARGIN}


def _game_figures(results: Sequence[GameResult], keys: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """The game's own figures summed over its games, each by the shape its values have; every
    key in ``keys`` listed (0 when it never happened)."""
    words: dict[str, dict[str, float]] = {}
    numbers: dict[str, list[float]] = {}
    seats: dict[str, list[list[float]]] = {}
    counts: dict[str, dict[str, float]] = {}
    outcomes: dict[str, dict[str, dict[str, float]]] = {}
    groups = {"winners": sum(len(r.winners) for r in results),
              "others": sum(len(r.scores) - len(r.winners) for r in results)}
    for result in results:
        for name, value in (result.figures or {}).items():
            if isinstance(value, Mapping) and any(isinstance(v, Mapping) for v in value.values()):
                by_group = outcomes.setdefault(name, {})
                for group, tally in value.items():
                    total = by_group.setdefault(group, {})
                    for key, count in tally.items():
                        total[key] = total.get(key, 0) + count
            elif isinstance(value, str):
                tally = words.setdefault(name, {})
                tally[value] = tally.get(value, 0) + 1
            elif isinstance(value, Mapping):
                total = counts.setdefault(name, {})
                for key, count in value.items():
                    total[key] = total.get(key, 0) + count
            elif isinstance(value, list | tuple):
                per_seat = seats.setdefault(name, [[] for _ in value])
                for seat, number in enumerate(value):
                    per_seat[seat].append(float(number))
            else:
                numbers.setdefault(name, []).append(float(value))
    games = len(results)
    out: dict[str, Any] = {}
    for name, tally in words.items():
        out[name] = _shares(tally, games, keys.get(name, ()))
    for name, values in numbers.items():
        out[name] = _distribution(values)
    for name, per_seat in seats.items():
        out[name] = _per_seat(per_seat)
    for name, total in counts.items():
        out[name] = _counts(total, games, keys.get(name, ()))
    for name, by_group in outcomes.items():
        out[name] = _by_outcome(by_group, groups, games, keys.get(name, ()))
    return out


def _turn_order(results: Sequence[GameResult], players: int) -> dict[str, Any]:
    """Win shares by turn position: 0 the first player (the seat that took the first decision),
    1 the next clockwise, ... (the first player is drawn, so a seat is not a turn position)."""
    wins = [0.0] * players
    played = [r for r in results if r.first is not None]
    for result in played:
        share = 1 / len(result.winners) if result.winners else 0.0
        for seat in result.winners:
            wins[(seat - (result.first or 0)) % players] += share
    rows = [(str(k), len(played), wins[k]) for k in range(players)]
    return _wins(rows, [1 / players] * players, len(played))


def variant_figures(results: Sequence[GameResult], wins_only: bool = False,
                    keys: Mapping[str, Sequence[str]] | None = None) -> dict[str, Any]:
    """Every figure of one variant's games: seat advantage, turn order, win share by bot (when
    several bots play), length, scores (unless the scores only say who won: ``wins_only``), then
    the game's own figures, each listing every key ``keys`` names for it."""
    summary = summarize(results)
    games = len(results)
    players = len(summary.seats)
    fair = [1 / players] * players if players else []
    figures: dict[str, Any] = {
        "seat_advantage": _wins([(str(s.seat), s.games, s.wins) for s in summary.seats], fair, games),
    }
    if players and any(r.first is not None for r in results):
        figures["turn_order"] = _turn_order(results, players)
    if len(summary.bots) > 1:  # a bot's share per seat it held: fair is 1/players too
        figures["bots"] = _wins([(b.name, b.games, b.wins) for b in summary.bots],
                                [1 / players] * len(summary.bots), games)
    figures["length_actions"] = _distribution([r.actions for r in results])
    rounds = [r.rounds for r in results if r.rounds is not None]
    if rounds:
        figures["length_rounds"] = _distribution(rounds)
    if not wins_only:
        by_seat = [[r.scores[s] for r in results] for s in range(players)]
        figures["scores"] = _per_seat(by_seat)
    figures.update(_game_figures(results, keys or {}))
    return {"games": games, "ties": summary.ties, "figures": figures}


def _share_bins(figures: Sequence[dict[str, Any]]) -> None:
    """One set of bins for every column of a histogram, from all their values together."""
    edges = bin_edges(value for figure in figures for value, _ in figure["tally"])
    for figure in figures:
        figure["histogram"] = histogram({v: int(n) for v, n in figure["tally"]}, edges=edges)


def _versus(figure: Mapping[str, Any], base: Mapping[str, Any]) -> dict[str, Any] | None:
    """The tests of one variant column's figure against the base game's (None: no test for
    this kind of figure)."""
    kind = figure["kind"]
    if kind == "shares":
        return {k: proportion_difference(s["count"], figure["games"],
                                         base["shares"].get(k, {}).get("count", 0), base["games"])
                for k, s in figure["shares"].items()}
    if kind == "wins":
        before = {r["key"]: r for r in base["rows"]}
        return {r["key"]: proportion_difference(r["wins"], r["games"], before[r["key"]]["wins"],
                                                before[r["key"]]["games"])
                for r in figure["rows"] if r["key"] in before}
    if kind in ("distribution", "per_seat"):
        field = "distribution" if kind == "distribution" else "all"
        mine, theirs = figure[field], base[field]
        return {"mean": mean_difference(mine["mean"], mine["sd"], mine["count"], theirs["mean"],
                                        theirs["sd"], theirs["count"])}
    return None


def compare_columns(columns: Sequence[Mapping[str, Any]]) -> None:
    """Columns (``variant_figures`` of each, the base game first) made comparable, in place:
    each histogram on bins shared by every column, and each variant column's figure tested
    against the base game's (``versus_base``: per key, the difference, its 95% interval, its
    p-value and whether it is significant)."""
    if not columns:
        return
    base = columns[0]["figures"]
    for name, figure in base.items():
        same = [c["figures"][name] for c in columns if name in c["figures"]]
        if "tally" in figure:
            _share_bins(same)
        for column in columns[1:]:
            mine = column["figures"].get(name)
            if mine is not None and mine["kind"] == figure["kind"]:
                tests = _versus(mine, figure)
                if tests is not None:
                    mine["versus_base"] = tests
