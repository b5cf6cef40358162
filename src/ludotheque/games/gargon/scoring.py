"""End-of-game scoring (000 "Fin de partie", 002 "Fin de la partie et marque")."""

# mypyc: compile

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .components import COMPONENTS, NUM_COLOURS


@dataclass(frozen=True)
class ColourScore:
    """One seat's result in one colour."""

    cards: int  # won cards of the colour, 0s included
    bonus: int  # +10 for the sole majority, +5 each when tied for it, else 0
    amulets: int  # amulets printed on the won cards
    zeros: int  # won 0s of the colour
    multiplier: int  # 1, 2 with one 0, 4 with both

    @property
    def points(self) -> int:
        return self.bonus + self.amulets * self.multiplier


@dataclass(frozen=True)
class ScoreRow:
    """One seat's score with its breakdown by colour."""

    colours: tuple[ColourScore, ...]

    @property
    def bonus(self) -> int:
        return sum(c.bonus for c in self.colours)

    @property
    def amulets(self) -> int:
        """Amulet points, multipliers applied."""
        return sum(c.amulets * c.multiplier for c in self.colours)

    @property
    def total(self) -> int:
        return self.bonus + self.amulets


def multiplier(zeros: int) -> int:
    if zeros >= 2:
        return COMPONENTS.both_zeros_multiplier
    return COMPONENTS.one_zero_multiplier if zeros == 1 else 1


def _in_colour(won: Sequence[Sequence[Sequence[int]]], amulets: Sequence[int], colour: int
               ) -> list[tuple[int, int, int, int]]:
    """Each seat's (cards, bonus, amulets, zeros) in ``colour``."""
    counts = [len(seat_won[colour]) for seat_won in won]
    most = max(counts)
    leaders = counts.count(most)
    out = []
    for seat_won in won:
        values = seat_won[colour]
        bonus = 0
        if most and len(values) == most:
            bonus = COMPONENTS.majority_bonus if leaders == 1 else COMPONENTS.tied_bonus
        out.append((len(values), bonus, sum([amulets[v] for v in values]), values.count(0)))
    return out


def score_table(won: Sequence[Sequence[Sequence[int]]], amulets: Sequence[int]) -> list[ScoreRow]:
    """Score every seat from its won cards (``won[seat][colour]`` = values); hands do not count."""
    rows: list[list[ColourScore]] = [[] for _ in won]
    for colour in range(NUM_COLOURS):
        for seat, (cards, bonus, printed, zeros) in enumerate(_in_colour(won, amulets, colour)):
            rows[seat].append(ColourScore(cards, bonus, printed, zeros, multiplier(zeros)))
    return [ScoreRow(tuple(r)) for r in rows]


def colour_points(won: Sequence[Sequence[Sequence[int]]], amulets: Sequence[int]) -> list[list[int]]:
    """Every seat's points in each colour (``out[seat][colour]``), as ``score_table`` gives them,
    without the breakdown."""
    out = [[0] * NUM_COLOURS for _ in won]
    for colour in range(NUM_COLOURS):
        for seat, (_, bonus, printed, zeros) in enumerate(_in_colour(won, amulets, colour)):
            out[seat][colour] = bonus + printed * multiplier(zeros)
    return out


def totals(won: Sequence[Sequence[Sequence[int]]], amulets: Sequence[int]) -> list[float]:
    """Every seat's total, as ``score_table`` gives it, without the breakdown."""
    return [float(sum(points)) for points in colour_points(won, amulets)]
