"""The search bot against each game's heuristic: ISMCTS in one seat, rotated over the seats, the
heuristic in the others; its share of the wins with a 95% interval (Wilson), against the fair
share, and the search's iterations per second. Figures only; never fails.

    .venv/bin/python benchmarks/ismcts_strength.py [--games 40] [--seconds 0.1 | --iterations 200]
        [--jobs 2] [--only kagoun] [--rollouts game|random|par] [--beliefs]
        [--margin M] [--results FILE]

An iteration budget (``--iterations``) gives figures that do not depend on the machine's load.
A row at 1 s a move costs hours: ``--results FILE`` keeps each finished game in FILE (JSON lines)
and a later run with the same settings plays only the games FILE lacks, so a row can be stopped
(before a test run, at a session's end) and taken up again; the table counts every game in FILE.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from _results import Results, win_share

from ludotheque.bots.ismcts import IsmctsBot, shares
from ludotheque.bots.registry import make_bot
from ludotheque.compiled import status
from ludotheque.core.bot import ask
from ludotheque.core.game import CHANCE, sample_chance
from ludotheque.core.registry import get_game
from ludotheque.sim.match import bot_seed

PLAYERS = {"gargon": 4, "drakon": 3, "kagoun": 2}


def one_game(game_id: str, index: int, seconds: float, rollouts: str,
             iterations: int | None = None, beliefs: bool = False,
             margin: float | None = None) -> tuple[float, int, float]:
    """ISMCTS at seat ``index % players`` of game ``index``: its share of the win, its
    iterations and its thinking time."""
    import random

    players = PLAYERS[game_id]
    game = get_game(game_id)
    state = game.new_state({"players": players}, 1000 + index)
    me = index % players
    bots = [make_bot(game_id, "heuristic", bot_seed(1000 + index, s)) for s in range(players)]
    search = IsmctsBot(bot_seed(1000 + index, me), iterations, seconds=seconds, rollouts=rollouts,
                       beliefs=beliefs, margin=margin)
    if rollouts != "par":  # "par": the heuristic keeps the seat (what the deals give it)
        bots[me] = search
    for place, bot in enumerate(bots):
        bot.reset(game, state.options, place)
    chance = random.Random(index)
    spent, thinking = 0, 0.0
    while not state.is_terminal:
        seat = state.to_act
        if seat == CHANCE or seat is None:
            state.apply_trusted(sample_chance(state, chance))
            continue
        started = time.perf_counter()
        search.last = None
        action = ask(bots[seat], state, seat)
        if seat == me and search.last is not None:
            thinking += time.perf_counter() - started
            spent += search.last.iterations
        state.apply_trusted(action)
    return shares(state)[me], spent, thinking


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=0.1)
    parser.add_argument("--iterations", type=int, default=None, help="playouts a move (instead of --seconds)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", default=None, help="one game")
    parser.add_argument("--every", type=int, default=20, help="the share so far every N games, on stderr")
    parser.add_argument("--rollouts", default="game", choices=("game", "random", "par"),
                        help="the game's playout move where it has one, or random moves; par: "
                             "no search, the heuristic in the seat too (the share the same deals give it)")
    parser.add_argument("--beliefs", action="store_true",
                        help="positions weighed by what the others' plays say (the game's plausibility)")
    parser.add_argument("--margin", type=float, default=None,
                        help="instead of the game's MARGIN: how far a searched move must lead the "
                             "game's own (-1: never the game's)")
    parser.add_argument("--results", type=Path, default=None,
                        help="keep each finished game in this JSON-lines file and play only the "
                             "games it lacks (a long row stopped and taken up again)")
    args = parser.parse_args()
    if args.only is not None and args.only not in PLAYERS:
        parser.error(f"--only: one of {', '.join(sorted(PLAYERS))}")
    budget = f"{args.iterations} playouts" if args.iterations else f"{args.seconds} s"
    beliefs = "on" if args.beliefs else "off"
    margin = "the game's" if args.margin is None else args.margin
    settings = {"seconds": None if args.iterations else args.seconds, "iterations": args.iterations,
                "rollouts": args.rollouts, "beliefs": args.beliefs, "margin": args.margin}
    results = Results(args.results, settings)
    print(f"ISMCTS at {budget} a move ({args.rollouts} rollouts, beliefs {beliefs}, margin {margin}) "
          "against the heuristic, "
          f"{args.games} games each, seats rotated ({status})")
    print("| game | players | games | ISMCTS win share [95%] | fair share | iterations/s |")
    print("| --- | --- | --- | --- | --- | --- |")
    for game_id in [args.only] if args.only else sorted(PLAYERS):
        with ProcessPoolExecutor(args.jobs) as pool:
            futures = {pool.submit(one_game, game_id, i, args.seconds, args.rollouts,
                                   args.iterations, args.beliefs, args.margin): i
                       for i in results.todo(game_id, args.games)}
            for future in as_completed(futures):
                share, iterations, thinking = future.result()
                results.add(game_id, futures[future], share=share, iterations=iterations,
                            thinking=thinking)
                done = results.of(game_id, args.games)
                if len(done) % args.every == 0 and len(done) < args.games:
                    # a long run stopped early still tells its figure so far (stderr: not the table)
                    print(f"  {game_id}: {win_share(done)} after {len(done)} games",
                          file=sys.stderr, flush=True)
        done = results.of(game_id, args.games)
        rate = sum(r["iterations"] for r in done) / max(1e-9, sum(r["thinking"] for r in done))
        print(f"| {game_id} | {PLAYERS[game_id]} | {len(done)} | {win_share(done)} "
              f"| {1 / PLAYERS[game_id]:.0%} | {rate:,.0f} |", flush=True)
        commits = results.revisions(game_id, args.games)
        if len(commits) > 1:
            print(f"  ({game_id}: games played at {', '.join(commits)})")


if __name__ == "__main__":
    main()
