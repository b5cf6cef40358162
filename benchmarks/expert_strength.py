"""The learned bots against fixed opponents (issue 35's figures): the ``expert`` (the search
guided by a network) or the network's policy alone (one evaluation a move, its likeliest legal
action, no search) in one seat, rotated over the seats, the same deals for every row, and
``ismcts`` or the game's heuristic in the others; its share of the wins with a 95% interval
(Wilson) against the fair share. Figures only; never fails.

    .venv/bin/python benchmarks/expert_strength.py kagoun [--players 2] [--bot expert|policy]
        [--against ismcts|heuristic] [--seconds 1 | --iterations N] [--network FILE]
        [--games 400] [--jobs 2] [--results FILE]

``--network``: a ``ludotheque train`` run's ``best.npz`` (default: the network the game ships
for that many players). Equal time a move: ``--seconds`` is every searching bot's budget.
``--results FILE`` keeps each finished game (JSON lines), so that a long row can be stopped and
taken up again (``_results.py``).
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from _results import Results, win_share

from ludotheque.bots.evaluators import shares
from ludotheque.bots.expert import ExpertBot
from ludotheque.bots.ismcts import IsmctsBot
from ludotheque.bots.network import NetworkError, NetworkEvaluator, cached, shipped
from ludotheque.bots.registry import make_bot
from ludotheque.compiled import status
from ludotheque.core.bot import Bot, Decision
from ludotheque.core.game import Action, Observation
from ludotheque.core.registry import get_game
from ludotheque.sim.match import bot_seed, play_game


class PolicyBot(Bot):
    """The network's policy alone: its likeliest legal action from the seat's information state."""

    name = "policy"

    def __init__(self, seed: int | str | None, network: str | None) -> None:
        super().__init__(seed)
        self.network = network

    def choose(self, decision: Decision) -> Action:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        network = cached(self.network) if self.network else shipped(self.game, self.options)
        assert network is not None, "no network for these options"
        evaluator = NetworkEvaluator(network, self.game, self.options)
        # a position drawn for the seat: the network reads only what the seat sees and remembers
        prior, _ = evaluator.evaluate([decision.sample_position(self.rng, True)], self.rng)[0]
        assert prior is not None
        return max(legal, key=lambda action: prior.get(action, 0.0))

    def act(self, observation: Observation, legal: Any) -> Action:
        raise NotImplementedError


def one_game(game_id: str, options: dict[str, Any], index: int, bot: str, against: str,
             seconds: float, iterations: int | None, network: str | None) -> float:
    """The learned bot at seat ``index % players`` of deal ``index``: its share of the win."""
    players = int(options["players"])
    me = index % players
    bots: list[Bot] = []
    for seat in range(players):
        seed = bot_seed(1000 + index, seat)
        if seat == me:
            bots.append(PolicyBot(seed, network) if bot == "policy"
                        else ExpertBot(seed, iterations, seconds, network))
        elif against == "ismcts":
            bots.append(IsmctsBot(seed, iterations, seconds))
        else:
            bots.append(make_bot(game_id, against, seed))
    return shares(play_game(game_id, options, bots, seed=1000 + index).state)[me]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--bot", choices=("expert", "policy"), default="expert")
    parser.add_argument("--against", default="ismcts", help="ismcts, or a bot of the game (heuristic)")
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--iterations", type=int, default=None, help="walks a move (instead of --seconds)")
    parser.add_argument("--network", default=None, help="a network file (default: the game's shipped one)")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--results", type=Path, default=None)
    args = parser.parse_args()
    game = get_game(args.game)
    players = args.players or game.spec.min_players
    options = game.resolve_options({"players": players})
    try:
        network = cached(args.network) if args.network else shipped(game, options)
    except NetworkError as error:
        print(error, file=sys.stderr)
        return
    if network is None:
        print(f"no network for {args.game} with {players} players: name one with --network", file=sys.stderr)
        return
    trained = network.meta.get("trained", {})
    settings = {"players": players, "bot": args.bot, "against": args.against, "network": args.network,
                "seconds": None if args.iterations else args.seconds, "iterations": args.iterations}
    results = Results(args.results, settings)
    budget = f"{args.iterations} walks" if args.iterations else f"{args.seconds} s"
    print(f"{args.bot} ({network.path}, trained {trained}) against {args.against}, {budget} a move, "
          f"{args.game} {players}p, seats rotated ({status})")
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = {pool.submit(one_game, args.game, options, i, args.bot, args.against, args.seconds,
                               args.iterations, args.network): i
                   for i in results.todo(args.game, args.games)}
        for future in as_completed(futures):
            results.add(args.game, futures[future], share=future.result())
    done = results.of(args.game, args.games)
    print(f"| game | players | games | {args.bot} win share [95%] | fair share |")
    print("| --- | --- | --- | --- | --- |")
    print(f"| {args.game} | {players} | {len(done)} | {win_share(done)} | {1 / players:.0%} |")


if __name__ == "__main__":
    main()
