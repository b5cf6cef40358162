"""How strong the Gargon heuristic bot is: win rates against random bots and against itself.

    .venv/bin/python benchmarks/gargon_bots.py [--games N] [--players P] [--seed S]

Three line-ups, N games each (game i is dealt from seed S + i; each bot's stream comes from
``ludotheque.sim.match.bot_seed``):

- 1 heuristic vs P-1 random: the heuristic's seat rotates (game i: seat i mod P).
- 2 heuristic vs P-2 random: the heuristic pair rotates over every pair of seats.
- P heuristic: seat balance. The first round's first player rotates too (game i: seat i mod P),
  and results are given by place in the first round's order (1 = first player).

A shared win counts 1/k for each of the k winners, so each game's win shares add up to 1 and the
fair share of one seat is 1/P. A line-up's heuristic seats win a share of each game (0 to 1): its
mean comes with a 95% Wilson score interval, and the rate per heuristic seat is that share (and
interval) divided by the number of heuristic seats. Mean scores come with 95% normal intervals
(± 1.96 standard errors). This script only measures and
prints; it never fails a build (exit status 0).
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import combinations
from typing import Any

from _report import report_and_exit
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ludotheque.bots import make_bot
from ludotheque.sim.match import bot_seed, play_game

Z95 = 1.96


@dataclass
class Sample:
    """Per-game values, summarised as a mean with a 95% interval."""

    values: list[float] = field(default_factory=list)

    def add(self, value: float) -> None:
        self.values.append(value)

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else 0.0

    @property
    def half_width(self) -> float:
        n = len(self.values)
        if n < 2:
            return 0.0
        m = self.mean
        variance = sum((v - m) ** 2 for v in self.values) / (n - 1)
        return Z95 * math.sqrt(variance / n)

    def rate(self, per: int = 1) -> str:
        """The mean of per-game shares in [0, 1] as a rate with its 95% Wilson score interval,
        divided among ``per`` seats (a line-up's share gives the rate of each of its seats)."""
        n = len(self.values)
        if not n:
            return "-"
        p = min(1.0, max(0.0, self.mean))
        z2 = Z95 * Z95
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = Z95 / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
        low, high = max(0.0, centre - half), min(1.0, centre + half)
        return f"{100 * p / per:5.1f}% [{100 * low / per:.1f}, {100 * high / per:.1f}]"

    def plain(self) -> str:
        return f"{self.mean:5.1f} ± {self.half_width:.1f}"


@dataclass
class LineUp:
    """A line-up: which bot sits where in game i, and the options of game i."""

    title: str
    seats: Callable[[int], list[str]]
    first_player: Callable[[int], int | None] = lambda _: None


@dataclass
class Result:
    line_up: LineUp
    heuristic_share: Sample = field(default_factory=Sample)  # per game: sum of heuristic win shares
    heuristic_seats: int = 0
    scores: dict[str, Sample] = field(default_factory=dict)
    by_place: list[Sample] = field(default_factory=list)  # seat balance: win share by place
    place_scores: list[Sample] = field(default_factory=list)
    actions: Sample = field(default_factory=Sample)


def line_ups(players: int) -> list[LineUp]:
    pairs = list(combinations(range(players), 2))

    def one(i: int) -> list[str]:
        return ["heuristic" if s == i % players else "random" for s in range(players)]

    def two(i: int) -> list[str]:
        pair = pairs[i % len(pairs)]
        return ["heuristic" if s in pair else "random" for s in range(players)]

    return [
        LineUp(f"1 heuristic vs {players - 1} random", one),
        LineUp(f"2 heuristic vs {players - 2} random", two),
        LineUp(f"{players} heuristic (seat balance)", lambda _: ["heuristic"] * players,
               first_player=lambda i: i % players),
    ]


def play(line_up: LineUp, games: int, players: int, seed: int, advance: Callable[[], None]) -> Result:
    result = Result(line_up, by_place=[Sample() for _ in range(players)],
                    place_scores=[Sample() for _ in range(players)])
    for i in range(games):
        names = line_up.seats(i)
        options: dict[str, Any] = {"players": players}
        first = line_up.first_player(i)
        if first is not None:
            options["first_player"] = first
        game_seed = seed + i
        bots = [make_bot("gargon", name, bot_seed(game_seed, seat)) for seat, name in enumerate(names)]
        record = play_game("gargon", options, bots, game_seed).record
        assert record.result is not None
        scores, winners = record.result["scores"], record.result["winners"]
        share = [1 / len(winners) if seat in winners else 0.0 for seat in range(players)]
        result.heuristic_seats = names.count("heuristic")
        result.heuristic_share.add(sum(share[seat] for seat, name in enumerate(names) if name == "heuristic"))
        for seat, name in enumerate(names):
            result.scores.setdefault(name, Sample()).add(scores[seat])
        if first is not None:
            for seat in range(players):
                place = (seat - first) % players
                result.by_place[place].add(share[seat])
                result.place_scores[place].add(scores[seat])
        result.actions.add(len(record.actions))
        advance()
    return result


def summary(results: Sequence[Result], players: int) -> Table:
    table = Table(title=f"Gargon heuristic bot, {players} players: win rates and mean scores, "
                        "95% intervals", box=box.SIMPLE_HEAD)
    for column in ("line-up", "games", "per heuristic seat", "line-up share", "fair",
                   "score heuristic", "score random"):
        table.add_column(column, justify="left" if column == "line-up" else "right", no_wrap=True)
    for r in results:
        k = max(1, r.heuristic_seats)
        random_score = r.scores.get("random")
        alone = k < players  # with every seat heuristic, the rates are 1/P by definition
        table.add_row(r.line_up.title, str(len(r.heuristic_share.values)),
                      r.heuristic_share.rate(k) if alone else "(see below)",
                      r.heuristic_share.rate() if alone else "-",
                      f"{100 * k / players:.0f}%" if alone else "-",
                      r.scores["heuristic"].plain(), random_score.plain() if random_score else "-")
    return table


def balance(result: Result) -> Table:
    table = Table(title="Heuristic self-play by place in the first round (1 = first player)",
                  box=box.SIMPLE_HEAD)
    for column in ("place", "win rate", "mean score"):
        table.add_column(column, justify="right")
    for place, (share, score) in enumerate(zip(result.by_place, result.place_scores, strict=True)):
        table.add_row(str(place + 1), share.rate(), score.plain())
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=400, help="games per line-up (default 400)")
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5), help="players (default 4)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    args = parser.parse_args(argv)
    console = Console() if sys.stdout.isatty() else Console(width=130)
    games, players = max(1, args.games), args.players
    chosen = line_ups(players)
    results: list[Result] = []
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        for line_up in chosen:
            task = progress.add_task(line_up.title, total=games)
            results.append(play(line_up, games, players, args.seed, partial(progress.advance, task)))
    console.print(summary(results, players))
    console.print(balance(results[-1]))
    lengths = results[0].actions
    console.print(f"Seeds {args.seed}..{args.seed + games - 1}; mean game length (1 heuristic line-up): "
                  f"{lengths.plain()} actions.")
    return 0


if __name__ == "__main__":
    report_and_exit(main)
