"""A balance report's figures, in numbers: finished games (``GameResult``, with the figures each
game's ``report`` module counted in the worker that played it) summed into one JSON-ready
mapping per variant. No words and no plots here (``sim/report_page.py`` draws them).

Every figure carries ``too_few``: it rests on too few games when fewer than ``TOO_FEW_GAMES``
games feed it, or, for shares and win rates, when a 95% interval is wider than
``WIDEST_MARGIN`` either side.

A game's own figure is, per game, a word (a category: its shares are reported), a number (a
distribution), a list (one number per seat: a distribution per seat) or a mapping of counts
(totals and means per game)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from .runner import GameResult
from .stats import Distribution, histogram, margin95, summarize

TOO_FEW_GAMES = 30
WIDEST_MARGIN = 0.10


def _key_order(key: str) -> tuple[int, float, str]:
    """Numbers in numeric order (amulets on 1..12), then words in alphabetical order."""
    try:
        return (0, float(key), "")
    except ValueError:
        return (1, 0.0, key)


def _shares(counts: Mapping[str, float], games: int) -> dict[str, Any]:
    keys = sorted(counts, key=_key_order)
    shares = {k: {"count": counts[k], "share": counts[k] / games,
                  "margin95": margin95(counts[k] / games, games)} for k in keys}
    widest = max((s["margin95"] for s in shares.values()), default=math.nan)
    return {"kind": "shares", "games": games, "shares": shares,
            "too_few": games < TOO_FEW_GAMES or widest > WIDEST_MARGIN}


def _distribution(values: Sequence[float]) -> dict[str, Any]:
    return {"kind": "distribution", "distribution": asdict(Distribution.of(values)),
            "histogram": histogram(values), "too_few": len(values) < TOO_FEW_GAMES}


def _per_seat(seats: Sequence[Sequence[float]]) -> dict[str, Any]:
    pooled = [v for seat in seats for v in seat]
    return {"kind": "per_seat", "seats": [asdict(Distribution.of(seat)) for seat in seats],
            "all": asdict(Distribution.of(pooled)), "histogram": histogram(pooled),
            "too_few": min((len(s) for s in seats), default=0) < TOO_FEW_GAMES}


def _counts(totals: Mapping[str, float], games: int) -> dict[str, Any]:
    keys = sorted(totals, key=_key_order)
    return {"kind": "counts", "games": games, "totals": {k: totals[k] for k in keys},
            "per_game": {k: totals[k] / games for k in keys}, "too_few": games < TOO_FEW_GAMES}


def _game_figures(results: Sequence[GameResult]) -> dict[str, Any]:
    """The game's own figures summed over its games, each by the shape its values have."""
    words: dict[str, dict[str, float]] = {}
    numbers: dict[str, list[float]] = {}
    seats: dict[str, list[list[float]]] = {}
    counts: dict[str, dict[str, float]] = {}
    for result in results:
        for name, value in (result.figures or {}).items():
            if isinstance(value, str):
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
        out[name] = _shares(tally, games)
    for name, values in numbers.items():
        out[name] = _distribution(values)
    for name, per_seat in seats.items():
        out[name] = _per_seat(per_seat)
    for name, total in counts.items():
        out[name] = _counts(total, games)
    return out


def variant_figures(results: Sequence[GameResult], wins_only: bool = False) -> dict[str, Any]:
    """Every figure of one variant's games: seat advantage, length, scores (unless the scores
    only say who won: ``wins_only``), then the game's own figures."""
    summary = summarize(results)
    games = len(results)
    seats: list[dict[str, Any]] = []
    for standing in summary.seats:
        rate, margin = standing.win_rate, standing.margin
        seats.append({"seat": standing.seat, "games": standing.games, "wins": standing.wins,
                      "win_rate": rate, "margin95": margin, "low": max(0.0, rate - margin),
                      "high": min(1.0, rate + margin)})
    widest = max((s["margin95"] for s in seats), default=math.nan)
    figures: dict[str, Any] = {
        "seat_advantage": {"kind": "seats", "games": games, "seats": seats,
                           "fair_share": 1 / len(seats) if seats else math.nan,
                           "too_few": games < TOO_FEW_GAMES or widest > WIDEST_MARGIN},
        "length_actions": _distribution([r.actions for r in results]),
    }
    rounds = [r.rounds for r in results if r.rounds is not None]
    if rounds:
        figures["length_rounds"] = _distribution(rounds)
    if not wins_only:
        by_seat = [[r.scores[s] for r in results] for s in range(len(seats))]
        figures["scores"] = _per_seat(by_seat)
    figures.update(_game_figures(results))
    return {"games": games, "ties": summary.ties, "figures": figures}
