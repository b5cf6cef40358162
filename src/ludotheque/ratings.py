"""Elo ratings per player name and game, from finished games (for a leaderboard).

A game of n players counts as the n(n-1)/2 duels between them: a winner beats a loser, two
winners (a shared win) or two losers draw. Each player's change is the sum of its duels' Elo
changes scaled by 1/(n-1), so a game weighs the same whatever the number of players. Bots can be
*anchors*: their ratings are fixed levels (``random`` low, ``heuristic`` higher), so that people's
ratings mean something from the first games on, and they never move.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

START = 1500.0
K = 32.0
#: Fixed levels of the bots, by bot name (a seat played by ``bot:<name>`` is rated by them).
BOT_LEVELS: Mapping[str, float] = {"random": 1000.0, "heuristic": 1500.0}


def expected(rating: float, other: float) -> float:
    """The score ``rating`` expects against ``other`` (1 a win, 0.5 a draw)."""
    return 1.0 / (1.0 + 10 ** ((other - rating) / 400.0))


@dataclass(frozen=True)
class Standing:
    name: str
    rating: float
    games: int
    fixed: bool  # an anchor (a bot's level)


@dataclass
class Ratings:
    """Ratings of one game's players, updated game by game in the order they finished."""

    anchors: Mapping[str, float] = field(default_factory=dict)
    k: float = K
    ratings: dict[str, float] = field(default_factory=dict)
    played: dict[str, int] = field(default_factory=dict)

    def rating(self, name: str) -> float:
        if name in self.anchors:
            return self.anchors[name]
        return self.ratings.get(name, START)

    def record(self, names: Sequence[str], winners: Iterable[int]) -> None:
        """One finished game: the seats' player names, and the winning seats. A name at two
        seats (one person playing two seats) plays no duel against itself."""
        won = set(winners)
        if not names or not won or not won <= set(range(len(names))):
            raise ValueError("a finished game needs its players and at least one winner among them")
        n = len(names)
        before = [self.rating(name) for name in names]
        change = [0.0] * n
        for i in range(n):
            for j in range(n):
                if i == j or names[i] == names[j]:
                    continue
                score = 0.5 if (i in won) == (j in won) else (1.0 if i in won else 0.0)
                change[i] += self.k * (score - expected(before[i], before[j])) / (n - 1)
        for seat, name in enumerate(names):
            self.played[name] = self.played.get(name, 0) + 1
            if name not in self.anchors:
                self.ratings[name] = self.rating(name) + change[seat]

    def leaderboard(self) -> list[Standing]:
        """Everyone who played, best first (ties by name)."""
        rows = [Standing(name, self.rating(name), count, name in self.anchors)
                for name, count in self.played.items()]
        return sorted(rows, key=lambda row: (-row.rating, row.name))


def rate(games: Iterable[tuple[Sequence[str], Iterable[int]]],
         anchors: Mapping[str, float] | None = None) -> Ratings:
    """Ratings after ``games`` (each: the seats' names and the winning seats), in order."""
    ratings = Ratings(anchors=dict(anchors or {}))
    for names, winners in games:
        ratings.record(names, winners)
    return ratings
