"""What the web table's views cost per action, without a server: a game played at random by a
``PlayedGame`` (server/played.py) whose ``TableViews`` (server/views.py) feed one watcher per
seat, as at a table of people: every action builds each seat's view, diffs it against the last
one and encodes the update (the legal actions with their words and parts, Gargon's refused
selections with the rules' reasons, the new log lines).

    .venv/bin/python benchmarks/views_speed.py [--games N] [--lang en|fr] [--runs 3] [GAME ...]

Reported per game: CPU ms per action to play it (``PlayedGame.play``) and to publish it to every
seat (the best of ``--runs`` runs, and their range), bytes sent per action, and the reference:
OpenSpiel's C++ ``hearts`` games/s in this process, with actions/s of play + publish as a ratio
to it. This script only prints; it never fails a build.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _hearts import hearts_playouts  # noqa: E402
from _report import report_and_exit  # noqa: E402

from ludotheque.core.game import CHANCE, sample_chance  # noqa: E402
from ludotheque.core.registry import get_game  # noqa: E402
from ludotheque.renderers import renderer_for  # noqa: E402
from ludotheque.server.played import PlayedGame  # noqa: E402
from ludotheque.server.store import SeatRow  # noqa: E402
from ludotheque.server.views import TableViews  # noqa: E402

PLAYERS = {"gargon": 4, "drakon": 4, "kagoun": 2}


class Reader:
    """A watcher as ``TableViews`` sees one: whose eyes, which language, what it was sent."""

    def __init__(self, seat: int, lang: str) -> None:
        self.seat, self.lang, self.revision, self.sent = seat, lang, -1, 0

    @property
    def key(self) -> tuple[int | None, str]:
        return self.seat, self.lang

    def offer(self, text: str) -> None:
        self.sent += len(text.encode())


def one_run(game_id: str, games: int, lang: str, seed: int) -> tuple[float, float, float]:
    """(play, publish) CPU seconds per action, and bytes sent per action, over ``games`` games."""
    game, rng = get_game(game_id), random.Random(seed)
    players = PLAYERS.get(game_id, game.spec.min_players)
    actions, playing, publishing, sent = 0, 0.0, 0.0, 0
    for _ in range(games):
        deal = rng.randrange(1 << 30)
        played = PlayedGame(functools.partial(game.new_state, None, deal), renderer_for(game),
                            list(range(players)), deal, False)
        views = TableViews(played, [SeatRow(s, "human") for s in range(players)],
                           {"table": "bench", "game": game_id, "game_name": game.spec.name,
                            "rules_version": game.spec.version, "next_id": None, "hints": False}, 0)
        readers: list[Any] = [Reader(s, lang) for s in range(players)]
        views.watchers = set(readers)
        for reader in readers:
            views.send_whole(reader)
        while not played.finished:
            state = played.state
            chance = state.to_act == CHANCE
            action = sample_chance(state, rng) if chance else rng.choice(state.legal_actions())
            start = time.thread_time()
            played.play(action)
            middle = time.thread_time()
            actions += 1
            views.publish(actions)
            playing += middle - start
            publishing += time.thread_time() - middle
        sent += sum(r.sent for r in readers)
    return playing / actions, publishing / actions, sent / actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games_ids", nargs="*", default=list(PLAYERS), metavar="GAME")
    parser.add_argument("--games", type=int, default=8, help="games played per run")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    console = Console()
    hearts = hearts_playouts(3.0)
    per_second = hearts[0] / hearts[2] if hearts else None
    table = Table(title=f"views per action, every seat watching ({args.lang}); best of {args.runs} runs")
    for column in ("game", "play ms", "publish ms (range)", "bytes sent", "ratio to hearts"):
        table.add_column(column, justify="right")
    for game_id in args.games_ids:
        runs = [one_run(game_id, args.games, args.lang, args.seed) for _ in range(args.runs)]
        play = min(r[0] for r in runs)
        publish = sorted(r[1] for r in runs)
        ratio = f"{1 / (play + publish[0]) / per_second:.3f}" if per_second else "—"
        table.add_row(game_id, f"{1000 * play:.3f}",
                      f"{1000 * publish[0]:.3f} ({1000 * publish[0]:.3f}–{1000 * publish[-1]:.3f})",
                      f"{runs[0][2]:,.0f}", ratio)
    console.print(table)
    if per_second:
        console.print(f"reference: OpenSpiel hearts {per_second:,.0f} games/s in this process")


if __name__ == "__main__":
    report_and_exit(main)
