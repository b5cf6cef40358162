"""How Drakon plays with a set of components (the reconstructed box by default): how games end,
how long they last, who wins by seat, how often each room acts, how often the dungeon splits.

    .venv/bin/python benchmarks/drakon_components.py [--games N] [--players P] [--bots B]
        [--seed S] [-o NAME=VALUE ...]

``-o components=FILE`` plays another components file; any other game option works the same way
(``-o goal=7``, ``-o teams=yes``). Game i is dealt from seed S + i, every seat played by bot B
(default heuristic; a comma list is cycled over the seats). A room "acts" each time a hero enters
it (moved, pulled, teleported) and is not caught by Drakon first. The dungeon "splits" when an
action leaves some room out of reach of Start (Destroy and the Moving room can do it). This
script only measures and prints (exit status 0).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from collections.abc import Sequence

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ludotheque.bots import make_bot
from ludotheque.core import CHANCE, get_game
from ludotheque.core.bot import ask
from ludotheque.core.game import sample_chance
from ludotheque.games.drakon.components import EFFECTS
from ludotheque.games.drakon.events import Event
from ludotheque.games.drakon.geometry import NEIGHBOUR, NO_CELL, START
from ludotheque.games.drakon.state import DrakonState
from ludotheque.sim.match import bot_seed


def connected(rooms: dict[int, int]) -> bool:
    seen, edge = {START}, [START]
    while edge:
        cell = edge.pop()
        for side in range(4):
            other = NEIGHBOUR[4 * cell + side]
            if other != NO_CELL and other in rooms and other not in seen:
                seen.add(other)
                edge.append(other)
    return len(seen) == len(rooms)


def play(game_id: str, options: dict[str, object], bots: list[str], seed: int
         ) -> tuple[DrakonState, Counter[str], int]:
    """One game: its final state, the rooms that acted, and how many actions split the dungeon."""
    game = get_game(game_id)
    state = game.new_state(options, seed)
    assert isinstance(state, DrakonState)
    log: list[Event] = []
    state.log = log
    players = [make_bot(game_id, bots[s % len(bots)], bot_seed(seed, s)) for s in range(state.n)]
    for seat, bot in enumerate(players):
        bot.reset(game, state.options, seat)
    rng = random.Random(f"chance:{seed}")
    acted: Counter[str] = Counter()
    splits, whole, seen = 0, True, 0
    while not state.is_terminal:
        seat = state.to_act
        action = sample_chance(state, rng) if seat == CHANCE else ask(players[seat], state, seat)
        state.apply_trusted(action)
        for event in log[seen:]:
            if event.kind in ("move", "pull") and event.cell in state.rooms \
                    and event.cell != state.drakon:
                acted[EFFECTS[state.rooms[event.cell] >> 4]] += 1
        seen = len(log)
        now = connected(state.rooms)
        splits += whole and not now
        whole = now
    return state, acted, splits


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args(argv)
    options: dict[str, object] = {"players": args.players}
    options.update(item.split("=", 1) for item in args.option)
    bots = args.bots.split(",")
    console = Console()
    endings: Counter[str] = Counter()
    acted: Counter[str] = Counter()
    wins = [0.0] * args.players
    turns: list[int] = []
    split_games, split_count, best_gold = 0, 0, []
    columns = (TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("games", total=args.games)
        for i in range(args.games):
            state, fired, splits = play("drakon", options, bots, args.seed + i)
            endings[state.ending] += 1
            acted.update(fired)
            winners = state.winning or []
            for seat in winners:
                wins[seat] += 1 / len(winners)
            turns.append(state.turns)
            split_games += splits > 0
            split_count += splits
            best_gold.append(max(state.gold(p) for p in range(len(state.purses))))
            bar.advance(task)
    n = args.games
    console.print(f"{n} games of Drakon, {args.players} players, bots {args.bots}, "
                  f"options {options}, seeds {args.seed}..{args.seed + n - 1}")
    table = Table("how it ended", "games", "share", box=box.SIMPLE)
    for how, count in endings.most_common():
        table.add_row(how, str(count), f"{count / n:.0%}")
    console.print(table)
    table = Table("turns", "mean", "median", "min", "max", box=box.SIMPLE)
    table.add_row("per game", f"{statistics.mean(turns):.1f}", f"{statistics.median(turns):.0f}",
                  str(min(turns)), str(max(turns)))
    table.add_row("per player", f"{statistics.mean(turns) / args.players:.1f}", "", "", "")
    console.print(table)
    table = Table("seat", "wins (shared 1/k)", "share", box=box.SIMPLE)
    for seat, count in enumerate(wins):
        table.add_row(str(seat), f"{count:.1f}", f"{count / n:.0%}")
    console.print(table)
    table = Table("room", "acted per game", box=box.SIMPLE)
    for room, count in sorted(acted.items(), key=lambda kv: -kv[1]):
        table.add_row(room, f"{count / n:.2f}")
    console.print(table)
    console.print(f"dungeon split in {split_games / n:.0%} of games ({split_count / n:.2f} splits "
                  f"a game); richest purse at the end: {statistics.mean(best_gold):.1f} gold on "
                  "average")
    return 0


if __name__ == "__main__":
    sys.exit(main())
