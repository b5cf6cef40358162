"""Summaries of many games: win rates per seat and per bot, score and length distributions.

A shared win counts 1/k for each of the k winners, so win rates over all seats add up to 1.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from .runner import GameResult


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval (95% for the default ``z``) on a proportion: unlike the normal
    one it stays within [0, 1] and does not shrink to nothing at 0 or 1 successes. A shared win
    may make ``successes`` fractional. NaNs for no trials."""
    if trials <= 0:
        return math.nan, math.nan
    rate, spread = successes / trials, z * z / trials
    centre = (rate + spread / 2) / (1 + spread)
    half = z / (1 + spread) * math.sqrt(max(rate * (1 - rate), 0.0) / trials + spread / (4 * trials))
    # at none or all successes the bound is exactly 0 or 1 (in exact arithmetic; not in floats)
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return low, high


def finite(value: Any) -> Any:
    """NaN (a statistic of nothing) as null, so that JSON stays standard."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [finite(v) for v in value]
    return value


def margin95(rate: float, count: int) -> float:
    """Half-width of a normal 95% interval on a proportion ``rate`` seen over ``count`` games
    (NaN over none)."""
    if not count:
        return math.nan
    return 1.96 * math.sqrt(max(rate * (1 - rate), 0.0) / count)


def histogram(values: Sequence[float], most_bins: int = 30) -> dict[str, Any]:
    """Counts of ``values`` in bins (``edges`` has one more item than ``counts``): one bin per
    whole number when they are whole and few enough, else ``most_bins`` equal bins."""
    if not values:
        return {"edges": [], "counts": []}
    low, high = min(values), max(values)
    if all(float(v).is_integer() for v in values) and high - low < most_bins:
        edges = [low - 0.5 + k for k in range(int(high - low) + 2)]
    else:
        width = (high - low) / most_bins or 1.0
        edges = [low + k * width for k in range(most_bins + 1)]
    counts = [0] * (len(edges) - 1)
    last = len(counts) - 1
    for value in values:
        counts[min(last, int((value - edges[0]) / (edges[1] - edges[0])))] += 1
    return {"edges": edges, "counts": counts}


@dataclass(frozen=True)
class Distribution:
    """Count, mean, sample standard deviation, min, median and max of some numbers."""

    count: int
    mean: float
    sd: float
    min: float
    median: float
    max: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Distribution:
        if not values:
            return cls(0, math.nan, math.nan, math.nan, math.nan, math.nan)
        mean = math.fsum(values) / len(values)
        # two passes of float sums: statistics.stdev's exact fractions take ~1 s on 100,000 values
        squares = math.fsum((v - mean) ** 2 for v in values)
        sd = math.sqrt(squares / (len(values) - 1)) if len(values) > 1 else 0.0
        return cls(len(values), mean, sd, min(values), statistics.median(values), max(values))


@dataclass(frozen=True)
class Standing:
    """How one seat, or one bot over every seat it held, did."""

    name: str  # the bot's name (for a seat: the bot that held it)
    seat: int | None  # None for a bot's summary over all its seats
    games: int  # seat-games played
    wins: float  # shared wins count 1/k
    scores: Distribution

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else math.nan

    @property
    def margin(self) -> float:
        """Half-width of a normal 95% interval on the win rate (ties make it approximate)."""
        return margin95(self.win_rate, self.games)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "seat": self.seat, "games": self.games, "wins": self.wins,
                "win_rate": self.win_rate, "margin95": self.margin, "scores": asdict(self.scores)}


@dataclass(frozen=True)
class Summary:
    games: int
    seats: tuple[Standing, ...]
    bots: tuple[Standing, ...]
    actions: Distribution
    rounds: Distribution | None
    ties: int  # games won by more than one seat

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "seats": [s.to_json() for s in self.seats],
            "bots": [b.to_json() for b in self.bots],
            "actions": asdict(self.actions),
            "rounds": None if self.rounds is None else asdict(self.rounds),
            "ties": self.ties,
        }


def summarize(results: Sequence[GameResult]) -> Summary:
    """Statistics of finished games (any mix of bots; seats as in each result)."""
    players = max((len(r.scores) for r in results), default=0)
    seat_wins = [0.0] * players
    seat_scores: list[list[float]] = [[] for _ in range(players)]
    seat_names: list[set[str]] = [set() for _ in range(players)]
    bot_wins: dict[str, float] = {}
    bot_games: dict[str, int] = {}
    bot_scores: dict[str, list[float]] = {}
    for result in results:
        share = 1 / len(result.winners) if result.winners else 0.0
        for seat, (name, score) in enumerate(zip(result.bots, result.scores, strict=True)):
            won = share if seat in result.winners else 0.0
            seat_wins[seat] += won
            seat_scores[seat].append(score)
            seat_names[seat].add(name)
            bot_wins[name] = bot_wins.get(name, 0.0) + won
            bot_games[name] = bot_games.get(name, 0) + 1
            bot_scores.setdefault(name, []).append(score)
    seats = tuple(
        Standing("/".join(sorted(seat_names[s])), s, len(seat_scores[s]), seat_wins[s],
                 Distribution.of(seat_scores[s]))
        for s in range(players)
    )
    bots = tuple(
        Standing(name, None, bot_games[name], bot_wins[name], Distribution.of(bot_scores[name]))
        for name in sorted(bot_games)
    )
    rounds = [r.rounds for r in results if r.rounds is not None]
    return Summary(
        games=len(results),
        seats=seats,
        bots=bots,
        actions=Distribution.of([r.actions for r in results]),
        rounds=Distribution.of(rounds) if rounds else None,
        ties=sum(1 for r in results if len(r.winners) > 1),
    )
