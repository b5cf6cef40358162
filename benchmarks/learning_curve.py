"""A training run's learning curve (issue 35, item 5): each generation's network kept by
``ludotheque train`` (``networks/gen-NNN.npz``, and ``gen-000-NNNNNN.npz`` along a
reinforcement against the heuristic: ``--reinforce``) plays against fixed opponents, the same deals for
every generation, seats rotated; its win share with a 95% interval (Wilson) against the hours of
training it had, as a table and a plot. Figures only; never fails.

    .venv/bin/python benchmarks/learning_curve.py RUN_DIR [--bot policy|expert]
        [--against heuristic|ismcts] [--iterations 50] [--games 100] [--jobs 2] [--plot FILE.svg]

A run that reinforced its network against the heuristic (``--reinforce``) also shows each
round's own win share, read from ``history.jsonl`` (no game played: the policy's draws against
the heuristic, 128 games a round), as a second curve; ``--rounds-only`` shows that one alone.

``--bot policy``: the network's policy alone, one evaluation a move (what the network learnt,
no search); ``expert``: the search guided by it, ``--iterations`` walks a move (a budget that
does not depend on the machine's load; ``ismcts`` opponents get as many).
"""

from __future__ import annotations

import argparse
import json
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from _results import win_share
from expert_strength import one_game

from ludotheque.bots.network import Network
from ludotheque.sim.stats import wilson


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("run", type=Path)
    parser.add_argument("--bot", choices=("policy", "expert"), default="policy")
    parser.add_argument("--against", default="heuristic")
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--plot", type=Path, default=None, help="an .svg or .png of the curve")
    parser.add_argument("--rounds-only", action="store_true", help="only the reinforcement's rounds")
    args = parser.parse_args()
    rounds = reinforcement_rounds(args.run)
    if rounds:
        print(f"reinforcement against the heuristic: {len(rounds)} rounds, the policy's draws")
        print("| round | hours | win share [95%] |")
        print("| --- | --- | --- |")
        for number, point in enumerate(rounds, 1):
            if number % 10 == 0 or number in (1, len(rounds)):
                print(f"| {number} | {point['hours']:.2f} | {point['share']:.1%} "
                      f"[{point['low']:.1%}, {point['high']:.1%}] |")
    if args.rounds_only:
        if args.plot and rounds:
            card = json.loads((args.run / "card.json").read_text(encoding="utf-8"))
            plot([], args, card["game"], int(card["options"]["players"]), rounds)
            print(f"plot: {args.plot}")
        return
    networks = sorted((args.run / "networks").glob("gen-*.npz"))
    if not networks:
        print(f"no networks/gen-*.npz in {args.run}: train with ludotheque train first")
        return
    first = Network.load(networks[0])
    game_id, players, options = first.game_id, first.players, first.meta["options"]
    print(f"{args.bot} of each generation of {args.run} against {args.against} ({game_id} {players}p, "
          f"{args.games} games each, seats rotated, the same deals)")
    print(f"| generation | hours | games trained | {args.bot} win share [95%] | fair share |")
    print("| --- | --- | --- | --- | --- |")
    points = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for path in networks:
            trained = Network.load(path).meta["trained"]
            shares = list(pool.map(one_game, *zip(*[
                (game_id, options, i, args.bot, args.against, 1.0, args.iterations, str(path))
                for i in range(args.games)], strict=True)))
            done = [{"share": share} for share in shares]
            low, high = wilson(sum(shares), len(shares))
            points.append({"generation": trained["generation"], "hours": trained["hours"],
                           "games": trained["games"], "share": sum(shares) / len(shares),
                           "low": low, "high": high})
            reinforced = f" (+{trained['reinforced']} against the heuristic)" if trained.get("reinforced") \
                else ""
            print(f"| {trained['generation']}{reinforced} | {trained['hours']:.2f} | {trained['games']} | "
                  f"{win_share(done)} | {1 / players:.0%} |", flush=True)
    if args.plot:
        plot(points, args, game_id, players, rounds)
        print(f"plot: {args.plot}")
    print(json.dumps(points))


def reinforcement_rounds(run: Path) -> list[dict[str, float]]:
    """Each reinforcement round of ``run``'s history: the hours of training by its end and its
    games' win share (with a 95% interval)."""
    history = run / "history.jsonl"
    if not history.exists():
        return []
    seconds = 0.0
    found = []
    for line in history.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        seconds += entry["seconds"]
        if entry.get("phase") == "reinforcement":
            games, share = entry["gate"]["games"], entry["gate"]["share"]
            low, high = wilson(share * games, games)
            found.append({"hours": seconds / 3600, "share": share, "low": low, "high": high})
    return found


def plot(points: list[dict[str, float]], args: argparse.Namespace, game_id: str, players: int,
         rounds: list[dict[str, float]]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    hours = [p["hours"] for p in points]
    share = [p["share"] for p in points]
    figure, axes = plt.subplots(figsize=(6, 3.6))
    if rounds:
        axes.plot([r["hours"] for r in rounds], [r["share"] for r in rounds], color="tab:orange",
                  alpha=0.6, label="reinforcement rounds (the policy's draws, 128 games)")
    if points:
        axes.fill_between(hours, [p["low"] for p in points], [p["high"] for p in points], alpha=0.2)
        axes.plot(hours, share, marker="o", label=f"{args.bot} against {args.against}")
    axes.axhline(1 / players, color="grey", linestyle="--", label="fair share")
    axes.set_xlabel("hours of training")
    axes.set_ylabel("win share (95% interval)")
    axes.set_ylim(0, 1)
    each = f": {args.games} games a point" if points else ""
    axes.set_title(f"{game_id.capitalize()}, {players} players{each}")
    axes.legend(loc="best")
    figure.tight_layout()
    figure.savefig(args.plot)


if __name__ == "__main__":
    main()
