"""Many games between bots, in one process or several, with identical results either way.

Game ``i`` of a run with seed ``S`` is dealt from ``game_seed(S, i)`` and its bots are seeded
from that (``match.bot_seed``), so a game's outcome depends only on (S, i, options, bots): how
the run is split into chunks, processes or machines cannot change it. Chunks run in this process
(``jobs=1``), in a pool of processes or on Ray (``sim.backends``); workers rebuild games from the
registry, so only games installed through the entry point can be run with ``jobs > 1`` or on Ray.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from ..bots.registry import bot_factory, make_bot
from ..core.errors import LudothequeError
from ..core.record import GameRecord, RecordedGame
from ..core.registry import get_game
from .backends import Progress as Progress  # callers of run_games name it from here
from .backends import check_backend, run_chunks
from .match import bot_seed, play_game


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` of a run: stable across processes and Python versions
    (a hash, not ``hash()``), and below 2**48 so that JSON readers keep it exact."""
    digest = hashlib.sha256(f"{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def seat_bots(bots: Sequence[str], players: int) -> tuple[str, ...]:
    """The bot of each seat: the list cycled over the seats (seat s plays ``bots[s % len]``)."""
    if not bots:
        raise LudothequeError("at least one bot name is needed")
    return tuple(bots[seat % len(bots)] for seat in range(players))


def rotations(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The lineups a report rotates over: the bots cycled over the seats (``seat_bots``), then
    that lineup turned one seat at a time, each distinct turn once. Over one round of them every
    bot holds every seat equally often (as in a tournament), so a seat's win share is not its
    bot's; one bot alone is one lineup."""
    first = seat_bots(bots, players)
    turned = [first[-shift:] + first[:-shift] if shift else first for shift in range(players)]
    return list(dict.fromkeys(turned))


@dataclass(frozen=True)
class GameResult:
    """One finished game: enough for statistics, and its record when asked for."""

    index: int
    seed: int
    bots: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    actions: int
    rounds: int | None
    record: GameRecord | None = None
    #: The game's own figures of this game (its ``report`` module), when the run asked for them
    figures: Mapping[str, Any] | None = None
    #: The seat that took the first decision: the first player (turn position 0)
    first: int | None = None


class _Run:
    """Games of one run: the game, options and bots looked up once for all of them."""

    def __init__(self, game_id: str, options: Mapping[str, Any] | None, bots: Sequence[str],
                 seed: int, figures: bool = False, rotate: bool = False) -> None:
        self.game_id, self.options, self.seed = game_id, options, seed
        game = get_game(game_id)
        players = game.resolve_options(options)["players"]
        #: game i plays lineup i % len: one lineup (bots fixed to seats) unless ``rotate``
        self.lineups = rotations(bots, players) if rotate else [seat_bots(bots, players)]
        makers = {name: bot_factory(game_id, name) for name in set(self.lineups[0])}
        self.factories = [[makers[name] for name in lineup] for lineup in self.lineups]
        # figures are counted here, in the worker that played the game, while its state is at hand
        self.report = game.report_figures() if figures else None

    def play(self, index: int, keep_record: bool = False) -> GameResult:
        dealt = game_seed(self.seed, index)
        lineup = index % len(self.lineups)
        players = [make(bot_seed(dealt, seat)) for seat, make in enumerate(self.factories[lineup])]
        report = self.report
        game = play_game(self.game_id, self.options, players, dealt,
                         log=report is not None and report.NEEDS_LOG)
        state = game.state
        return GameResult(index, dealt, self.lineups[lineup], tuple(state.scores()),
                          tuple(state.winners()), game.moves, state.rounds(),
                          game.record if keep_record else None,
                          None if report is None else report.figures(state, game.actions()),
                          game.first_seat)


def play_one(game_id: str, options: Mapping[str, Any] | None, bots: Sequence[str], seed: int,
             index: int = 0, keep_record: bool = False) -> GameResult:
    """Play game ``index`` of a run seeded ``seed``, with ``bots`` cycled over the seats."""
    return _Run(game_id, options, bots, seed).play(index, keep_record)


def _run_chunk(game_id: str, options: Mapping[str, Any] | None, bots: Sequence[str], seed: int,
               start: int, stop: int, keep_records: bool, figures: bool = False,
               rotate: bool = False) -> list[GameResult]:
    run = _Run(game_id, options, bots, seed, figures, rotate)
    return [run.play(i, keep_records) for i in range(start, stop)]


def check_run(game_id: str, options: Mapping[str, Any] | None, bots: Sequence[str]) -> int:
    """Fail early, in the calling process, on a bad game, options or bot name; returns players."""
    state = RecordedGame.start(game_id, options, 0).state
    for name in set(bots):
        make_bot(game_id, name, 0)
    return state.players


def run_games(game_id: str, options: Mapping[str, Any] | None, bots: Sequence[str], games: int,
              seed: int, jobs: int = 1, keep_records: bool = False, progress: Progress | None = None,
              chunk: int | None = None, figures: bool = False, backend: str = "local",
              address: str | None = None, rotate: bool = False) -> list[GameResult]:
    """Play ``games`` games; results in game order, identical whatever ``jobs``, ``chunk`` and
    ``backend`` (``local``: this process or ``jobs`` processes; ``ray``: a local Ray cluster of
    ``jobs`` CPUs, or the one at ``address``). With ``figures``, each result carries the game's own
    figures (``GameResult.figures``); with ``rotate``, game i plays lineup i of ``rotations``
    (cycled), else the bots are cycled over the seats in every game."""
    if games < 0 or jobs < 1:
        raise LudothequeError("games must be >= 0 and jobs >= 1")
    check_backend(backend, address)
    check_run(game_id, options, bots)
    if backend == "local" and (jobs == 1 or games <= 1):
        run = _Run(game_id, options, bots, seed, figures, rotate)
        results = []
        for index in range(games):
            results.append(run.play(index, keep_records))
            if progress is not None:
                progress(1)
        return results
    play = partial(_run_chunk, game_id, dict(options or {}), list(bots), seed, keep_records=keep_records,
                   figures=figures, rotate=rotate)
    found = run_chunks(play, games, backend, jobs, address, chunk, progress)
    return sorted(found, key=lambda result: result.index)
