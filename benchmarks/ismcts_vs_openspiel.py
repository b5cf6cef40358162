"""The project's search bot against OpenSpiel's own ISMCTS, at equal time per move: the project's
``IsmctsBot`` (its game's search knowledge, default settings) in one seat, rotated over the seats,
OpenSpiel's ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` in the others; the project's share of
the wins with a 95% interval (Wilson), against the fair share, and each side's iterations a move.
Figures only; never fails.

    .venv/bin/python benchmarks/ismcts_vs_openspiel.py [--seconds 0.5] [--games 20] [--only kagoun]
        [--iterations N] [--players N] [--uct-c 2.0] [--jobs 2] [--results FILE]

One loop drives the game through the project's OpenSpiel adapter (``adapters/openspiel.py``):
OpenSpiel's bot steps on the pyspiel state (information state strings, ``resample_from_infostate``
backed by the game's own ``resample``); the project's bot is asked through the protocol
(``ask``: a ``Decision`` of its seat only) and its action is played as its dense index.

OpenSpiel's side: ``RandomRolloutEvaluator()`` (one rollout to the end), ``ISMCTSBot``'s defaults
(unlimited world samples, most visited action, information state keys, UCT) with ``--uct-c``
(OpenSpiel's MCTS example uses 2). Its bot takes a simulation count, not a time budget: here it is
wrapped to run simulations until the same ``--seconds`` as the project's bot (``TimedISMCTSBot``),
at least two (its final policy needs a visited root). Both answer at once when one action is legal.

``--jobs`` plays games side by side (one a core keeps both sides' time equal), and ``--results
FILE`` keeps each finished game in FILE (JSON lines, ``_results.py``): a later run with the same
settings plays only the games FILE lacks, and the table counts every game in FILE.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import astuple, dataclass, field
from pathlib import Path
from typing import Any

from _report import report_and_exit
from _results import Results, win_share
from ismcts_strength import PLAYERS

from ludotheque.bots.ismcts import IsmctsBot
from ludotheque.compiled import status
from ludotheque.core.bot import ask
from ludotheque.sim.match import bot_seed

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    from ludotheque.adapters import openspiel
    from ludotheque.adapters.table import dense_legal
except ImportError:  # reported by main
    pyspiel = None


if pyspiel is not None:
    class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
        """OpenSpiel's ISMCTS, its simulations run until ``seconds`` have passed (at least two)
        instead of a fixed count; the search itself is OpenSpiel's, unchanged."""

        def __init__(self, game: Any, evaluator: Any, uct_c: float, seconds: float,
                     random_state: Any, simulations: int | None = None) -> None:
            super().__init__(game, evaluator, uct_c, max_simulations=0, random_state=random_state)
            self.seconds = seconds
            self.limit = simulations  # a fixed count instead of the time
            self.simulations = 0  # of the last search

        def run_search(self, state: Any) -> list[tuple[int, float]]:
            # ISMCTSBot.run_search with its ``for _ in range(max_simulations)`` made a deadline
            self.reset()
            self.simulations = 0
            legal_actions = state.legal_actions()
            if len(legal_actions) == 1:
                return [(legal_actions[0], 1.0)]
            self._root_node = self.create_new_node(state)
            root_key = self.get_state_key(state)
            deadline = time.perf_counter() + self.seconds
            while self.simulations < 2 or (time.perf_counter() < deadline if self.limit is None
                                           else self.simulations < self.limit):
                sampled = self.sample_root_state(state)
                assert root_key == self.get_state_key(sampled)
                self.run_simulation(sampled)
                self.simulations += 1
            policy: list[tuple[int, float]] = self.get_final_policy(state, self._root_node)
            return policy


@dataclass
class Side:
    """One side's iterations over the moves it searched (more than one legal action)."""

    iterations: int = 0
    moves: int = 0
    seconds: float = 0.0

    def add(self, iterations: int, seconds: float) -> None:
        self.iterations += iterations
        self.moves += 1
        self.seconds += seconds

    def add_all(self, other: Side) -> None:
        self.iterations += other.iterations
        self.moves += other.moves
        self.seconds += other.seconds


@dataclass
class Result:
    share: float  # the project's share of the win
    ours: Side = field(default_factory=Side)
    theirs: Side = field(default_factory=Side)


def one_game(game_id: str, players: int, index: int, seconds: float, uct_c: float,
             iterations: int | None = None) -> Result:
    """Game ``index``: the project's bot at seat ``index % players``, OpenSpiel's elsewhere;
    each side searches ``seconds`` a move, or ``iterations`` (simulations) when given."""
    game = openspiel.load(game_id, players=players)
    setup = game.setup
    me = index % players
    ours = IsmctsBot(bot_seed(2000 + index, me), iterations, seconds=seconds)
    ours.reset(setup.game, setup.options, me)
    rng = np.random.RandomState(index)  # the real game's chance
    theirs = {}
    for seat in range(players):
        if seat != me:
            stream = np.random.RandomState(bot_seed(2000 + index, seat) % 2**32)
            evaluator = mcts.RandomRolloutEvaluator(random_state=stream)
            theirs[seat] = TimedISMCTSBot(game, evaluator, uct_c, seconds, stream, iterations)
    result = Result(0.0)
    state = game.new_initial_state()
    state.apply_action(index % openspiel.DEALS)  # the deal: one seed per game
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
            continue
        seat = state.current_player()
        started = time.perf_counter()
        if seat == me:
            position = state.position.state  # the adapter's game position: asked of its seat only
            ours.last = None
            action = ask(ours, position, seat)
            index_of = {chosen: dense for dense, chosen in dense_legal(setup.encoding, position).items()}
            if ours.last is not None:
                result.ours.add(ours.last.iterations, time.perf_counter() - started)
            state.apply_action(index_of[action])
        else:
            bot = theirs[seat]
            bot.simulations = 0
            action = int(bot.step(state))
            if bot.simulations:
                result.theirs.add(bot.simulations, time.perf_counter() - started)
            state.apply_action(action)
    winners = state.position.state.winners()
    result.share = 1.0 / len(winners) if me in winners else 0.0
    return result


def per_move(side: Side) -> str:
    if not side.moves:
        return "-"
    return f"{side.iterations / side.moves:,.0f} ({side.seconds / side.moves:.2f} s)"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=0.5, help="thinking time a move, both sides")
    parser.add_argument("--iterations", type=int, default=None,
                        help="iterations a move each side instead of --seconds (figures free of load)")
    parser.add_argument("--games", type=int, default=20, help="games per game (seats rotated)")
    parser.add_argument("--only", default=None, choices=sorted(PLAYERS), help="one game")
    parser.add_argument("--players", type=int, default=None,
                        help="players in every game (default: Gargon 4, Drakon 3, Kagoun 2)")
    parser.add_argument("--uct-c", type=float, default=2.0, help="OpenSpiel's UCT constant")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--every", type=int, default=20, help="the share so far every N games, on stderr")
    parser.add_argument("--results", type=Path, default=None,
                        help="keep each finished game in this JSON-lines file and play only the "
                             "games it lacks (a long row stopped and taken up again)")
    args = parser.parse_args()
    if pyspiel is None:
        print("OpenSpiel is not installed: make bench, or .venv/bin/pip install -e '.[bench]'")
        return
    settings = {"seconds": None if args.iterations else args.seconds, "iterations": args.iterations,
                "players": args.players, "uct_c": args.uct_c}
    results = Results(args.results, settings)
    budget = f"{args.iterations} iterations" if args.iterations else f"{args.seconds} s"
    print(f"The project's ISMCTS (one seat, rotated) against OpenSpiel's ISMCTS (random rollouts, "
          f"uct_c {args.uct_c}) at {budget} a move each, through the OpenSpiel adapter ({status})")
    print("| game | players | games | project's win share [95%] | fair share "
          "| project's iterations/move (time) | OpenSpiel's simulations/move (time) |")
    print("| --- | --- | --- | --- | --- | --- | --- |", flush=True)
    for game_id in [args.only] if args.only else sorted(PLAYERS):
        players = args.players or PLAYERS[game_id]
        started = time.perf_counter()
        with ProcessPoolExecutor(args.jobs) as pool:
            futures = {pool.submit(one_game, game_id, players, i, args.seconds, args.uct_c,
                                   args.iterations): i for i in results.todo(game_id, args.games)}
            for future in as_completed(futures):
                result = future.result()
                results.add(game_id, futures[future], share=result.share,
                            ours=astuple(result.ours), theirs=astuple(result.theirs))
                done = results.of(game_id, args.games)
                if len(done) % args.every == 0 and len(done) < args.games:
                    print(f"  {game_id}: {win_share(done)} after {len(done)} games, "
                          f"{time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
        done = results.of(game_id, args.games)
        ours, theirs = Side(), Side()
        for record in done:
            ours.add_all(Side(*record["ours"]))
            theirs.add_all(Side(*record["theirs"]))
        print(f"| {game_id} | {players} | {len(done)} | {win_share(done)} | {1 / players:.0%} "
              f"| {per_move(ours)} | {per_move(theirs)} |", flush=True)
        commits = results.revisions(game_id, args.games)
        if len(commits) > 1:
            print(f"  ({game_id}: games played at {', '.join(commits)})")


if __name__ == "__main__":
    report_and_exit(main)
