"""Summaries of many games: win rates per seat and per bot, score and length distributions.

A shared win counts 1/k for each of the k winners, so win rates over all seats add up to 1.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from .runner import GameResult

#: A difference is marked significant below this p-value (and "not significant" above).
SIGNIFICANCE = 0.05


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


def bin_edges(values: Iterable[float], most_bins: int = 30) -> list[float]:
    """Edges of equal bins over ``values``: one bin per whole number when they are whole and
    few enough, else ``most_bins`` equal bins (none for no values). Several columns of one
    figure take the edges of all their values together, so that one bin means the same in each."""
    seen = list(values)
    if not seen:
        return []
    low, high = min(seen), max(seen)
    if all(float(v).is_integer() for v in seen) and high - low < most_bins:
        return [low - 0.5 + k for k in range(int(high - low) + 2)]
    width = (high - low) / most_bins or 1.0
    return [low + k * width for k in range(most_bins + 1)]


def histogram(values: Sequence[float] | Mapping[float, int], most_bins: int = 30,
              edges: Sequence[float] | None = None) -> dict[str, Any]:
    """Counts of ``values`` (a list, or a tally: value -> times seen) in bins (``edges`` has one
    more item than ``counts``): the given ``edges``, else ``bin_edges`` of the values."""
    tally: Mapping[float, int] = values if isinstance(values, Mapping) else Counter(values)
    edges = list(bin_edges(tally, most_bins) if edges is None else edges)
    if not edges:
        return {"edges": [], "counts": []}
    counts = [0] * (len(edges) - 1)
    last = len(counts) - 1
    for value, times in tally.items():
        counts[max(0, min(last, int((value - edges[0]) / (edges[1] - edges[0]))))] += times
    return {"edges": edges, "counts": counts}


def normal_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def chi_square_p(statistic: float, df: int) -> float:
    """P(X >= statistic) for a chi-square of ``df`` degrees of freedom: the regularized upper
    incomplete gamma Q(df/2, statistic/2), by its series or its continued fraction (Numerical
    Recipes, 6.2); no scipy needed."""
    if df <= 0 or statistic <= 0:
        return 1.0
    a, x = df / 2, statistic / 2
    front = math.exp(-x + a * math.log(x) - math.lgamma(a))
    if x < a + 1:  # the series of P converges fast here
        term = total = 1 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1 - front * total)
    b, c, d = x + 1 - a, 1 / 1e-300, 1 / (x + 1 - a)  # Lentz's continued fraction for Q
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return min(1.0, front * h)


def fair_share_test(wins: Sequence[float], games: Sequence[int], shares: Sequence[float]
                    ) -> dict[str, Any]:
    """Pearson's chi-square test of wins against the ``shares`` a fair game would give each row
    (a seat, a turn position) over its ``games``: the statistic, its degrees of freedom and
    p-value; ``significant`` when p < 0.05. A shared win counts 1/k, so wins may be fractional
    (the test is then approximate)."""
    expected = [n * share for n, share in zip(games, shares, strict=True)]
    statistic = sum((w - e) ** 2 / e for w, e in zip(wins, expected, strict=True) if e > 0)
    df = sum(1 for e in expected if e > 0) - 1
    p = chi_square_p(statistic, df)
    return {"chi2": statistic, "df": df, "p": p, "significant": df > 0 and p < SIGNIFICANCE}


def proportion_difference(successes: float, trials: int, base_successes: float,
                          base_trials: int) -> dict[str, Any]:
    """A share against the same share in the base column: the difference (share minus base),
    Newcombe's 95% interval on it (from both Wilson intervals) and the p-value of the pooled
    two-proportion z-test; ``significant`` when p < 0.05. Columns play the same deals, so this
    test, which takes them as independent, errs on the side of "not significant"."""
    if trials <= 0 or base_trials <= 0:
        return {"difference": math.nan, "low": math.nan, "high": math.nan, "p": math.nan,
                "significant": False}
    p1, p2 = successes / trials, base_successes / base_trials
    l1, u1 = wilson(successes, trials)
    l2, u2 = wilson(base_successes, base_trials)
    difference = p1 - p2
    low = difference - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = difference + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    pooled = (successes + base_successes) / (trials + base_trials)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / trials + 1 / base_trials))
    p = 1.0 if spread == 0 else normal_p(difference / spread)
    return {"difference": difference, "low": low, "high": high, "p": p,
            "significant": p < SIGNIFICANCE}


def mean_difference(mean: float, sd: float, count: int, base_mean: float, base_sd: float,
                    base_count: int) -> dict[str, Any]:
    """A mean against the base column's: the difference, its 95% interval and p-value by Welch's
    statistic read on the normal curve (fine past a few dozen games)."""
    if count < 2 or base_count < 2:
        return {"difference": math.nan, "low": math.nan, "high": math.nan, "p": math.nan,
                "significant": False}
    difference = mean - base_mean
    spread = math.sqrt(sd * sd / count + base_sd * base_sd / base_count)
    p = (1.0 if difference == 0 else 0.0) if spread == 0 else normal_p(difference / spread)
    return {"difference": difference, "low": difference - 1.96 * spread,
            "high": difference + 1.96 * spread, "p": p, "significant": p < SIGNIFICANCE}


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
    def interval(self) -> tuple[float, float]:
        """Wilson's 95% interval on the win rate (shared wins make it approximate)."""
        return wilson(self.wins, self.games)

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"name": self.name, "seat": self.seat, "games": self.games, "wins": self.wins,
                "win_rate": self.win_rate, "low": low, "high": high, "scores": asdict(self.scores)}


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
