"""What memory is worth: ISMCTS that resamples consistently with everything its seat has seen
(``IsmctsBot(remember=True)``) in one seat, rotated over the seats, against
the same search without memory in the others, at a fixed iteration budget a move (so that the
figures do not depend on the machine's load). The remembering seat's share of the wins with a
95% interval (Wilson) against the fair share. Figures only; never fails.

    .venv/bin/python benchmarks/beliefs_strength.py [--iterations 200] [--minutes 25]
        [--only kagoun] [--players 3]
    .venv/bin/python benchmarks/beliefs_strength.py --speed   # resamplings per second

The games of each game are played one after the other, in one process, until its share of the
CPU time (``--minutes`` split evenly over the games) is spent.
"""

from __future__ import annotations

import argparse
import random
import time

from _report import report_and_exit
from ismcts_strength import PLAYERS

from ludotheque.bots.ismcts import IsmctsBot, shares
from ludotheque.compiled import status
from ludotheque.core.bot import ask
from ludotheque.core.game import CHANCE, State, sample_chance
from ludotheque.core.registry import get_game
from ludotheque.sim.match import bot_seed
from ludotheque.sim.stats import wilson


def one_game(game_id: str, players: int, index: int, iterations: int) -> float:
    """The remembering search at seat ``index % players`` of game ``index``: its win share."""
    game = get_game(game_id)
    state = game.new_state({"players": players}, 5000 + index)
    me = index % players
    bots = [IsmctsBot(bot_seed(5000 + index, seat), iterations=iterations, remember=seat == me)
            for seat in range(players)]
    for seat, bot in enumerate(bots):
        bot.reset(game, state.options, seat)
    chance = random.Random(index)
    while not state.is_terminal:
        seat = state.to_act
        if seat == CHANCE or seat is None:
            state.apply_trusted(sample_chance(state, chance))
            continue
        state.apply_trusted(ask(bots[seat], state, seat))
    return shares(state)[me]


def positions(game_id: str, players: int, games: int = 10) -> list[State]:
    """Every fifth position of random games, the last one excluded."""
    out: list[State] = []
    for seed in range(games):
        state = get_game(game_id).new_state({"players": players}, seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal:
            if step % 5 == 0:
                out.append(state.clone())
            chance = state.to_act == CHANCE
            state.apply_trusted(sample_chance(state, rng) if chance else state.sample_action(rng))
            step += 1
    return out


def resample_speed(game_id: str, players: int, remember: bool, seconds: float = 2.0) -> float:
    """Resamplings per CPU second, each seat of each position in turn."""
    states, rng = positions(game_id, players), random.Random(1)
    done, started = 0, time.process_time()
    while time.process_time() - started < seconds:
        for state in states:
            for seat in range(players):
                if remember:
                    state.resample(seat, rng, True)
                else:
                    state.resample(seat, rng)  # the protocol before memory takes this too
            done += players
    return done / (time.process_time() - started)


def speed(game_ids: list[str]) -> None:
    print(f"resamplings per CPU second ({status})")
    print("| game | players | without memory | with memory |")
    print("| --- | --- | --- | --- |")
    for game_id in game_ids:
        players = PLAYERS[game_id]
        print(f"| {game_id} | {players} | {resample_speed(game_id, players, False):,.0f} "
              f"| {resample_speed(game_id, players, True):,.0f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--minutes", type=float, default=25.0, help="CPU time for all the games")
    parser.add_argument("--only", default=None, help="one game")
    parser.add_argument("--players", type=int, default=None, help="instead of each game's usual count")
    parser.add_argument("--speed", action="store_true", help="resamplings per second instead")
    args = parser.parse_args()
    game_ids = [args.only] if args.only else sorted(PLAYERS)
    if args.speed:
        speed(game_ids)
        return
    budget = args.minutes * 60 / len(game_ids)
    print(f"ISMCTS with memory in one seat (rotated) against ISMCTS without, {args.iterations} "
          f"iterations a move, {budget / 60:.1f} min of CPU per game ({status})")
    print("| game | players | games | remembering seat's win share [95%] | fair share | s/game |")
    print("| --- | --- | --- | --- | --- | --- |")
    for game_id in game_ids:
        players = args.players or PLAYERS[game_id]
        results: list[float] = []
        started = time.process_time()
        while time.process_time() - started < budget:
            results.append(one_game(game_id, players, len(results), args.iterations))
        wins, games = sum(results), len(results)
        low, high = wilson(wins, games)
        print(f"| {game_id} | {players} | {games} | {wins / games:.1%} [{low:.1%}, {high:.1%}] "
              f"| {1 / players:.0%} | {(time.process_time() - started) / games:.1f} |", flush=True)


if __name__ == "__main__":
    report_and_exit(main)
