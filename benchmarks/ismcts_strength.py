"""The search bot against each game's heuristic: ISMCTS in one seat, rotated over the seats, the
heuristic in the others; its share of the wins with a 95% interval (Wilson), against the fair
share, and the search's iterations per second. Figures only; never fails.

    .venv/bin/python benchmarks/ismcts_strength.py [--games 40] [--seconds 0.1 | --iterations 200]
        [--jobs 2] [--only kagoun] [--rollouts game|random|par] [--beliefs]
        [--margin M]

An iteration budget (``--iterations``) gives figures that do not depend on the machine's load.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor

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
    for seat, bot in enumerate(bots):
        bot.reset(game, state.options, seat)
    chance = random.Random(index)
    iterations, thinking = 0, 0.0
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
            iterations += search.last.iterations
        state.apply_trusted(action)
    return shares(state)[me], iterations, thinking


def wilson(wins: float, games: int) -> tuple[float, float]:
    if not games:
        return math.nan, math.nan
    p, z = wins / games, 1.96
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


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
    args = parser.parse_args()
    budget = f"{args.iterations} playouts" if args.iterations else f"{args.seconds} s"
    beliefs = "on" if args.beliefs else "off"
    margin = "the game's" if args.margin is None else args.margin
    print(f"ISMCTS at {budget} a move ({args.rollouts} rollouts, beliefs {beliefs}, margin {margin}) "
          "against the heuristic, "
          f"{args.games} games each, seats rotated ({status})")
    print("| game | players | ISMCTS win share [95%] | fair share | iterations/s |")
    print("| --- | --- | --- | --- | --- |")
    for game_id in [args.only] if args.only else sorted(PLAYERS):
        results = []
        with ProcessPoolExecutor(args.jobs) as pool:
            for result in pool.map(one_game, [game_id] * args.games, range(args.games),
                                   [args.seconds] * args.games, [args.rollouts] * args.games,
                                   [args.iterations] * args.games, [args.beliefs] * args.games,
                                   [args.margin] * args.games):
                results.append(result)
                if len(results) % args.every == 0 and len(results) < args.games:
                    # a long run stopped early still tells its figure so far (stderr: not the table)
                    share = sum(r[0] for r in results)
                    low, high = wilson(share, len(results))
                    print(f"  {game_id}: {share / len(results):.1%} [{low:.1%}, {high:.1%}] after "
                          f"{len(results)} games", file=sys.stderr, flush=True)
        wins = sum(r[0] for r in results)
        low, high = wilson(wins, len(results))
        rate = sum(r[1] for r in results) / max(1e-9, sum(r[2] for r in results))
        print(f"| {game_id} | {PLAYERS[game_id]} | {wins / len(results):.1%} [{low:.1%}, {high:.1%}] "
              f"| {1 / PLAYERS[game_id]:.0%} | {rate:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
