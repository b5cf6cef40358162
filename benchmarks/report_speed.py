"""How long a balance report takes, and where the time goes (issue 20's target: 100,000 random-bot
Gargon games to a finished report in <= 60 s wall on 2 cores, compiled build).

    .venv/bin/python benchmarks/report_speed.py [--game gargon] [--games 100000] [--jobs 2]

Prints the wall time of each phase as ``ludotheque report`` runs them: playing the games in
``--jobs`` worker processes (each game's figures counted there), summing the results, drawing the
page; and the CPU time of the workers and of this process, which other programs sharing the
machine move less than wall time. This script measures and prints; it never fails a build.
"""

from __future__ import annotations

import argparse
import resource
import time

from ludotheque import compiled
from ludotheque.core.registry import get_game
from ludotheque.sim.report import variant_figures
from ludotheque.sim.report_page import render_page
from ludotheque.sim.runner import run_games
from ludotheque.sim.stats import finite


def cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="gargon")
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    game = get_game(args.game)
    began = time.perf_counter()
    results = run_games(game.id, None, ["random"], args.games, 1, jobs=args.jobs, figures=True)
    played = time.perf_counter()
    summed = variant_figures(results, game.spec.max_score <= 1)
    counted = time.perf_counter()
    document = finite({"game": game.id, "name": game.spec.name, "games": args.games, "players":
                       len(results[0].scores), "bots": ["random"], "seed": 1, "components": None,
                       "variants": [{"options": {}, **summed}]})
    module = game.report_figures()
    render_page(document, module.words("en") if module else {}, "en")
    drawn = time.perf_counter()
    print(f"{args.games} {game.spec.name} games, jobs {args.jobs}, {compiled.status}")
    print(f"  play and count figures  {played - began:6.1f} s wall "
          f"(workers' CPU {cpu(resource.RUSAGE_CHILDREN):.1f} s: "
          f"{1000 * cpu(resource.RUSAGE_CHILDREN) / args.games:.2f} ms a game)")
    print(f"  sum the results         {counted - played:6.1f} s")
    print(f"  draw the page           {drawn - counted:6.1f} s")
    print(f"  in all                  {drawn - began:6.1f} s wall; this process's CPU "
          f"{cpu(resource.RUSAGE_SELF):.1f} s")


if __name__ == "__main__":
    main()
