"""A tournament between bots: every seat arrangement played equally often, then a rating per bot,
its win share with an interval, and who finished ahead of whom.

Fair rotation: with k different bots over n seats, the *lineups* are every distinct arrangement,
``itertools.permutations(bots, n)`` when k >= n, or every order of the k bots cycled over the n
seats (seat s takes ``order[s % k]``) when k < n. Over one round of lineups each bot holds each seat
equally often, and (k >= n) every ordered arrangement of bots appears once. The games asked are
rounded up to whole rounds, so that this holds for the whole run.

Each lineup's games are those of a ``run_games`` run seeded ``game_seed(seed, j)`` (j its place in
the list), so a game depends only on the seed, the game's options and its lineup: not on ``jobs``
or the backend.

A game is read as a ranking of the bots in it: the winners first (tied, a shared win too), then
the others by score (equal scores tied). A bot holding several seats of a game is one player
there, placed by its best seat; its win share of the game is the sum of its seats' shares (a
win shared by k seats counts 1/k to each). Ratings come from OpenSkill's Plackett-Luce model, a
Bayesian rating for games of more than two players (Elo rates pairs: the web leaderboard's
``ludotheque.ratings`` splits a game into duels, which a tournament needs not do).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from ..core.errors import LudothequeError
from .backends import check_backend, run_chunks
from .runner import GameResult, Progress, _Run, check_run, game_seed
from .stats import wilson


class BotListError(LudothequeError):
    """A list of bots a tournament cannot rotate; ``twice`` names the bots given twice (none:
    fewer than two bots), for a front end to say it in its own words."""

    def __init__(self, twice: Sequence[str] = ()) -> None:
        self.twice = tuple(twice)
        super().__init__(f"each bot once, please (the lineups fill the seats): {', '.join(twice)} given "
                         f"more than once" if twice else "a tournament needs at least two different bots")


def lineups(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The seat arrangements of one round (see the module's docstring)."""
    if len(set(bots)) != len(bots):
        raise BotListError(sorted({name for name in bots if list(bots).count(name) > 1}))
    if len(bots) < 2:
        raise BotListError()
    if len(bots) >= players:
        return list(itertools.permutations(bots, players))
    return [tuple(order[seat % len(order)] for seat in range(players))
            for order in itertools.permutations(bots)]


def rounds_for(games: int, lineup_count: int) -> int:
    """Whole rounds of every lineup that play at least ``games`` games."""
    return max(1, -(-games // lineup_count))


@dataclass(frozen=True)
class Plan:
    """What a tournament plays: its lineups, and how many rounds of them."""

    players: int
    lineups: tuple[tuple[str, ...], ...]
    rounds: int

    @property
    def games(self) -> int:
        return self.rounds * len(self.lineups)

    @property
    def even_share(self) -> float:
        """The win share of every bot if all played equally well: the part of the seats it holds
        in the games it plays (the same for every bot, by the rotation)."""
        first = self.lineups[0][0]
        held = sum(lineup.count(first) for lineup in self.lineups)
        played = sum(1 for lineup in self.lineups if first in lineup)
        return held / (self.players * played)


def plan(game_id: str, options: Mapping[str, Any] | None, bots: Sequence[str], games: int) -> Plan:
    """Check the game, options and bots (failing early, with a message) and lay out the run."""
    if games < 1:
        raise LudothequeError(f"games must be at least 1; got {games}")
    players = check_run(game_id, options, bots)
    arranged = lineups(bots, players)
    return Plan(players, tuple(arranged), rounds_for(games, len(arranged)))


def _games(game_id: str, options: Mapping[str, Any], lineups: Sequence[Sequence[str]], seed: int,
           keep_records: bool, start: int, stop: int, progress: Progress | None = None
           ) -> list[tuple[int, GameResult]]:
    """Games ``start..stop-1`` of a tournament, numbered round by round: game ``g`` is game
    ``g // L`` of the run of lineup ``g % L`` (L lineups), as ``run_games`` would play it."""
    runs: dict[int, _Run] = {}
    found = []
    for number in range(start, stop):
        index, j = divmod(number, len(lineups))
        run = runs.get(j)
        if run is None:
            run = runs[j] = _Run(game_id, options, lineups[j], game_seed(seed, j))
        found.append((number, run.play(index, keep_records)))
        if progress is not None:
            progress(1)
    return found


def play(game_id: str, options: Mapping[str, Any] | None, the_plan: Plan, seed: int, jobs: int = 1,
         keep_records: bool = False, progress: Progress | None = None, backend: str = "local",
         address: str | None = None) -> list[GameResult]:
    """Play every round; results round by round (each round's lineups in order), so that the
    ratings, which read games in turn, never see one lineup's games all first. The games of every
    lineup are chunks of one run on the backend (one pool of processes, not one per lineup)."""
    check_backend(backend, address)
    total = the_plan.rounds * len(the_plan.lineups)
    lineups = [list(lineup) for lineup in the_plan.lineups]
    if backend == "local" and jobs == 1:
        found = _games(game_id, dict(options or {}), lineups, seed, keep_records, 0, total, progress)
    else:
        chunk = partial(_games, game_id, dict(options or {}), lineups, seed, keep_records)
        found = run_chunks(chunk, total, backend, jobs, address, progress=progress)
    return [result for _, result in sorted(found, key=lambda pair: pair[0])]


def placements(result: GameResult) -> dict[str, int]:
    """Each bot's place in a game, 0 the best (how many seats finished strictly ahead of its best
    seat): winners first, tied; then the others by score."""
    keys = [(1, 0.0) if seat in result.winners else (0, score) for seat, score in enumerate(result.scores)]
    places: dict[str, int] = {}
    for name, key in zip(result.bots, keys, strict=True):
        place = sum(1 for other in keys if other > key)
        places[name] = min(place, places.get(name, place))
    return places


def win_shares(result: GameResult) -> dict[str, float]:
    """Each bot's share of a game's win: 1/k for each of its seats among k winners."""
    shares = dict.fromkeys(result.bots, 0.0)
    for seat in result.winners:
        shares[result.bots[seat]] += 1 / len(result.winners)
    return shares


@dataclass(frozen=True)
class Rating:
    """An OpenSkill rating: mean skill ``mu`` and its uncertainty ``sigma``."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative rating bots are ranked by: mu - 3 sigma (OpenSkill's ordinal)."""
        return self.mu - 3 * self.sigma


def rate(results: Sequence[GameResult], bots: Sequence[str]) -> dict[str, Rating]:
    """OpenSkill Plackett-Luce ratings after every game, read in order (needs the ``report``
    extra)."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise LudothequeError("ratings need OpenSkill: pip install 'ludotheque[report]'") from None
    model = PlackettLuce()
    current = {name: model.rating(name=name) for name in bots}
    for result in results:
        places = placements(result)
        names = list(places)
        rated = model.rate([[current[name]] for name in names], ranks=[places[name] for name in names])
        for name, (rating,) in zip(names, rated, strict=True):
            current[name] = rating
    return {name: Rating(float(r.mu), float(r.sigma)) for name, r in current.items()}


@dataclass(frozen=True)
class Standing:
    """How one bot did over the tournament."""

    bot: str
    games: int  # games it played in
    seats: int  # seat-games it held
    wins: float  # its shares of wins
    rating: Rating

    @property
    def win_share(self) -> float:
        return self.wins / self.games if self.games else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson interval on the win share."""
        return wilson(self.wins, self.games)

    def to_json(self) -> dict[str, Any]:
        return {"bot": self.bot, "games": self.games, "seats": self.seats, "wins": self.wins,
                "win_share": self.win_share, "interval95": list(self.interval), "mu": self.rating.mu,
                "sigma": self.rating.sigma, "ordinal": self.rating.ordinal}


@dataclass(frozen=True)
class HeadToHead:
    """Games where both ``bot`` and ``other`` played: how often ``bot`` finished ahead."""

    bot: str
    other: str
    games: int
    ahead: int
    behind: int
    tied: int

    @property
    def share(self) -> float:
        """``bot``'s share of these games, a tie counting half."""
        return (self.ahead + self.tied / 2) / self.games if self.games else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.ahead + self.tied / 2, self.games)

    def to_json(self) -> dict[str, Any]:
        return {"bot": self.bot, "other": self.other, "games": self.games, "ahead": self.ahead,
                "behind": self.behind, "tied": self.tied, "share": self.share,
                "interval95": list(self.interval)}


def head_to_head(results: Sequence[GameResult], bot: str, other: str) -> HeadToHead:
    ahead = behind = tied = games = 0
    for result in results:
        places = placements(result)
        if bot in places and other in places:
            games += 1
            ahead += places[bot] < places[other]
            behind += places[bot] > places[other]
            tied += places[bot] == places[other]
    return HeadToHead(bot, other, games, ahead, behind, tied)


@dataclass(frozen=True)
class Outcome:
    """A tournament's figures: standings best first (by rating), and each pair of bots once,
    the better-placed bot of the two first."""

    standings: tuple[Standing, ...]
    pairs: tuple[HeadToHead, ...]

    def to_json(self) -> dict[str, Any]:
        return {"rating_model": "openskill.PlackettLuce", "standings": [s.to_json() for s in self.standings],
                "head_to_head": [p.to_json() for p in self.pairs]}


def outcome(results: Sequence[GameResult], bots: Sequence[str]) -> Outcome:
    """The figures of finished games between ``bots``."""
    ratings = rate(results, bots)
    games = dict.fromkeys(bots, 0)
    seats = dict.fromkeys(bots, 0)
    wins = dict.fromkeys(bots, 0.0)
    for result in results:
        for name, share in win_shares(result).items():
            games[name] += 1
            wins[name] += share
        for name in result.bots:
            seats[name] += 1
    standings = sorted((Standing(name, games[name], seats[name], wins[name], ratings[name]) for name in bots),
                       key=lambda s: (-s.rating.ordinal, s.bot))
    order = [s.bot for s in standings]
    pairs = tuple(head_to_head(results, a, b) for a, b in itertools.combinations(order, 2))
    return Outcome(tuple(standings), pairs)
