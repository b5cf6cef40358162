"""The ``ludotheque`` command: its grammar (argparse), and each verb run from its own module,
imported only when that verb runs, so that ``simulate`` or ``replay`` load neither the server nor
the web stack.

A user's mistake ends with a message and a non-zero exit, never a traceback: verbs catch the
library's LudothequeError, and argparse reports usage errors itself (exit status 2).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any

from .. import __version__, compiled
from .common import add_backend_args

DESCRIPTION = ("Ludothèque: Gargon, Drakon and Kagoun — play, replay, simulate and serve "
               "the web table.")


def _verb(commands: Any, name: str, help_text: str, description: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(name, help=help_text, description=description)
    parser.set_defaults(verb=name)
    return parser


def _games(commands: Any) -> None:
    p = _verb(commands, "games", "list the games", "List the registered games with their players, "
              "options and bots.")
    p.add_argument("--lang", help="en or fr (default: from LANG)")


def _add_options(p: Any) -> None:
    p.add_argument("--variant", help="game variant, e.g. open")
    p.add_argument("-o", "--option", dest="option", action="append", metavar="NAME=VALUE",
                   help="any game option (see `ludotheque games`), e.g. -o teams=yes; repeatable")


def _play(commands: Any) -> None:
    p = _verb(commands, "play", "play against bots in the terminal", "Play against bots in the terminal.")
    p.add_argument("game_id", metavar="GAME", help="the game to play, e.g. gargon")
    p.add_argument("--players", type=int, help="number of players (default: the game's)")
    p.add_argument("--seat", type=int, default=0, help="your seat as records number them, from 0 "
                   "(default 0; the screen counts players from 1: --seat 0 is player 1)")
    p.add_argument("--bots", default="heuristic", help="one bot for every other seat, or a comma list "
                   "(default: heuristic)")
    _add_options(p)
    p.add_argument("--seed", type=int, help="deal seed (default: random, shown at the end)")
    p.add_argument("--first-player", type=int, help="seat of the first player, from 0 "
                   "(default: drawn at random)")
    p.add_argument("--lang", help="en or fr (default: from LANG)")
    p.add_argument("--save", metavar="FILE", help="save the game record there")


def _replay(commands: Any) -> None:
    p = _verb(commands, "replay", "replay a game record",
              "Replay a game record: move by move in words, or as one JSON object with --json.")
    p.add_argument("file", metavar="FILE", help="a game record (JSON); '-' reads standard input")
    p.add_argument("--json", dest="json_out", action="store_true",
                   help="print one JSON object: where the record leads, or its first fault")
    p.add_argument("--lang", help="en or fr (default: from LANG)")


def _analyse(commands: Any) -> None:
    p = _verb(commands, "analyse", "review a seat's moves in a game record",
              "Review one seat's moves in a game record: the search's win chance before each "
              "decision, the move it prefers, and what the move played cost (from what the seat "
              "knew then).")
    p.add_argument("file", metavar="FILE", help="a game record (JSON); '-' reads standard input")
    p.add_argument("--seat", type=int, default=0, help="the seat reviewed, from 0 (default 0)")
    p.add_argument("--iterations", type=int, default=200, help="playouts of each search (default 200)")
    p.add_argument("--seed", type=int, default=0, help="the searches' seed (default 0)")
    p.add_argument("--json", dest="json_out", action="store_true", help="print one JSON object")
    p.add_argument("--lang", help="en or fr (default: from LANG)")


def _simulate(commands: Any) -> None:
    p = _verb(commands, "simulate", "bots against bots, many games",
              "Play many games between bots; print win rates, scores and game lengths.")
    p.add_argument("game_id", metavar="GAME", help="the game, e.g. gargon")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--players", type=int, help="number of players (default: the game's)")
    p.add_argument("--bots", default="random", help="bot names, cycled over the seats (default: random)")
    p.add_argument("--seed", type=int, help="run seed (default: random, shown)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (CPUs of a local Ray cluster); "
                   "results do not depend on it")
    p.add_argument("--out", dest="out_file", metavar="FILE", help="write every game's record, one JSON "
                   "per line")
    add_backend_args(p)
    _add_options(p)
    p.add_argument("--json", dest="json_out", action="store_true", help="print the summary as one JSON "
                   "object")


def _tournament(commands: Any) -> None:
    p = _verb(commands, "tournament", "bots rated against each other",
              "Play every seat arrangement of some bots equally often; print each bot's rating "
              "(OpenSkill), win share and head-to-head results with 95% intervals; plot them on request.")
    p.add_argument("game_id", metavar="GAME", help="the game, e.g. gargon")
    p.add_argument("--bots", required=True, help="two or more different bots, comma-separated, "
                   "e.g. heuristic,random (see `ludotheque games`)")
    p.add_argument("--games", type=int, default=100, help="number of games, rounded up to whole rounds "
                   "of the lineups (default 100)")
    p.add_argument("--players", type=int, help="number of players (default: the game's)")
    p.add_argument("--seed", type=int, help="run seed (default: random, shown)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes; results do not depend on it")
    p.add_argument("--out", dest="out_file", metavar="FILE", help="write every game's record, one JSON "
                   "per line")
    p.add_argument("--plot", dest="plot_file", metavar="FILE", help="save a plot of ratings and win "
                   "shares there (.png or .svg)")
    p.add_argument("--json", dest="json_out", action="store_true", help="print the results as one JSON "
                   "object")
    add_backend_args(p)
    _add_options(p)
    p.add_argument("--lang", help="en or fr (default: from LANG)")


def _report(commands: Any) -> None:
    p = _verb(commands, "report", "a balance report: plots, variants side by side",
              "Play many games between bots, for the base game and each variant, and write a "
              "self-contained HTML page of plots (seat advantage, length, scores, how games end, "
              "what decides them) and a JSON of every figure.")
    p.add_argument("game_id", metavar="GAME", help="the game, e.g. gargon")
    p.add_argument("--games", type=int, default=2000, help="games per column (default 2000)")
    p.add_argument("--players", type=int, help="number of players (default: the game's)")
    p.add_argument("--bots", default="random", help="bot names, cycled over the seats (default: random)")
    p.add_argument("--seed", type=int, help="run seed (default: random, shown); every column plays "
                   "the same deals")
    p.add_argument("--jobs", type=int, default=1, help="worker processes; results do not depend on it")
    p.add_argument("--variants", nargs="+", metavar="'NAME=VALUE ...'", help="one column per variant: "
                   "a quoted set of options, e.g. \"heroes=yes\" \"escape=yes teams=yes\"")
    p.add_argument("--components", metavar="[NAME=]FILE", action="append",
                   help="a components file of your own box (games with a components option: "
                   "Drakon, Kagoun), its column named NAME (default: after the file); the first "
                   "is played by every variant column, each further one adds a column; repeat "
                   "to compare boxes")
    p.add_argument("-o", "--out", dest="out_file", metavar="FILE.html", help="the page (default: "
                   "GAME-report.html)")
    p.add_argument("--json", dest="json_file", metavar="FILE", help="also write every figure as JSON")
    p.add_argument("--sweep", metavar="NAME=A..B[:STEP]", help="one column per value of a numeric "
                   "option, e.g. goal=5..15:5, and the figures' trends against it")
    p.add_argument("--csv", dest="csv_dir", metavar="DIR", help="also write CSV tables in DIR: one "
                   "row per game (games.csv) and one table per figure")
    add_backend_args(p)
    p.add_argument("--lang", help="en or fr (default: from LANG)")


def _serve(commands: Any) -> None:
    p = _verb(commands, "serve", "the web table", "Run the web table: a lobby to start tables, live play "
              "over websockets, replays.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0 for the whole "
                   "network; default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    p.add_argument("--db", help="any SQLAlchemy URL, e.g. postgresql://user@host/db; default: a SQLite "
                   "file in your data directory")
    p.add_argument("--bot-delay", type=float, default=0.8, help="seconds a bot waits before it moves, so "
                   "people can follow (default 0.8)")
    p.add_argument("--away", type=float, default=60.0, help="seconds the page of a person to act must be "
                   "gone, at a table without a clock, before the others may let a bot play for them "
                   "(default 60)")
    p.add_argument("--workers", type=int, default=1, help="server processes sharing the port (PostgreSQL "
                   "only: SQLite serves one process; default 1)")
    p.add_argument("--search-workers", type=int, help="processes where searching bots think, in each "
                   "server process (default: a core for each but one, at least 1)")
    p.add_argument("--analysis-iterations", type=int, help="playouts of the search for each decision "
                   "a post-game analysis reviews (default 24: a short game in a few seconds)")
    p.add_argument("--open", dest="open_browser", action=argparse.BooleanOptionalAction, default=False,
                   help="open the lobby in a browser")
    p.add_argument("--sqlite-sync", choices=("full", "normal"), default="full", help="how a SQLite "
                   "database syncs each commit: full (on disk before a move is told; the default) or "
                   "normal (no sync to wait for: a power cut may take back the last moves stored; "
                   "docs/hosting.md)")
    hosting = p.add_argument_group("hosting", "a public server, bare or behind a proxy (docs/hosting.md)")
    hosting.add_argument("--proxy-headers", action="store_true", help="trust X-Forwarded-For and "
                         "X-Forwarded-Proto from --forwarded-allow-ips (a proxy in front): clients are "
                         "known by the address it forwards (default: the headers are ignored)")
    hosting.add_argument("--forwarded-allow-ips", metavar="IPS", help="with --proxy-headers: the proxies' "
                         "addresses or networks, comma-separated, or * for any (default 127.0.0.1,::1)")
    hosting.add_argument("--root-path", default="", metavar="PATH", help="serve under this path prefix "
                         "behind a proxy, e.g. /ludo (the proxy may strip it or not)")
    hosting.add_argument("--access-log", action="store_true", help="one line per request on standard "
                         "output: address, method, path (no query string), status, time taken")
    # (the defaults are server/limits.py's, given by serve: importing them would load the server here)
    hosting.add_argument("--request-timeout", type=float, metavar="S", help="seconds a client has to send "
                         "a whole request, from its connection or the last answer on it (default 10)")
    hosting.add_argument("--max-connections-per-address", type=int, metavar="N", help="connections one "
                         "address may hold at once, websockets included; 0: no cap (default 32; proxies "
                         "trusted with --proxy-headers are not capped)")
    hosting.add_argument("--tables-per-minute", type=int, metavar="N", help="new tables (and rematches) "
                         "one address may make a minute; 0: no limit (default 30)")
    hosting.add_argument("--expire-days", type=float, metavar="D", help="delete an unfinished table "
                         "nobody acted at for D days; 0: never (default 30)")
    hosting.add_argument("--expire-finished-days", type=float, default=0.0, metavar="D", help="delete a "
                         "finished table D days after its last action; 0: never (the default: finished "
                         "games make the leaderboard and players' past games)")
    hosting.add_argument("--smtp", default="", metavar="URL", help="mail a claimed name that gave an "
                         "address when it is their turn at a turn-based table, and daily while it waits: "
                         "smtp://[user:password@]host[:port]?from=address (smtps:// for TLS, &starttls=1)")
    hosting.add_argument("--public-url", default="", metavar="URL", help="the server's address as people "
                         "reach it, for the links in mails (e.g. https://ludo.example.org)")


def _train(commands: Any) -> None:
    p = _verb(commands, "train", "train a game's network by self-play",
              "Expert iteration: self-play by the search guided by the best network so far, a "
              "replay buffer on disk, training (PyTorch: the learn extra), a gate against the best, "
              "a checkpoint each generation. Run it again with the same --out to go on.")
    p.add_argument("game_id", metavar="GAME", help="the game, e.g. kagoun")
    p.add_argument("--players", type=int, help="number of players (default: the game's)")
    _add_options(p)
    p.add_argument("--out", dest="out_dir", metavar="DIR", help="the training folder: checkpoint, "
                   "best.npz, card (default: training/GAME-Np in your data directory)")
    p.add_argument("--generations", type=int, help="generations this run plays (default 10 unless "
                   "--hours; 0: only the warm start, --imitate and --reinforce)")
    p.add_argument("--hours", type=float, help="no generation starts after this many hours")
    p.add_argument("--games", type=int, default=100, help="self-play games a generation (default 100)")
    p.add_argument("--imitate", type=int, default=0, metavar="GAMES", help="a new folder's network "
                   "first learns to play as the game's heuristic bot does, from this many of its games "
                   "(cheap: thousands a minute), then self-play goes on from it (default 0: from "
                   "random weights)")
    p.add_argument("--reinforce", type=int, default=0, metavar="GAMES", help="then, before generation "
                   "1, the network plays this many games against the game's heuristic bot, learning "
                   "from them in rounds of 128 (policy gradient, PPO) (default 0)")
    p.add_argument("--iterations", type=int, default=100, help="search walks a move, in self-play and "
                   "the gate (default 100)")
    p.add_argument("--gate-games", type=int, default=16, help="games of a candidate against the best, "
                   "rounded up to one a seat for each deal; 0: every candidate is promoted (default 16)")
    p.add_argument("--batch-size", type=int, default=256, help="samples a training step (default 256)")
    p.add_argument("--steps", type=int, help="training steps a generation (default: each new sample "
                   "drawn 4 times on average)")
    p.add_argument("--capacity", type=int, default=200_000, help="samples the replay buffer keeps "
                   "(default 200000)")
    p.add_argument("--device", choices=("auto", "cpu", "cuda"), default="auto", help="where the "
                   "learner trains (default auto: the GPU when there is one)")
    p.add_argument("--jobs", type=int, default=1, help="processes playing the games (CPUs of a local "
                   "Ray cluster; default 1)")
    add_backend_args(p)
    p.add_argument("--seed", type=int, help="a new folder's seed (default: random, shown on its card)")
    p.add_argument("--hidden", metavar="W,W", help="a new network's hidden widths (default: the game's)")
    p.add_argument("--lang", help="en or fr (default: from LANG)")


VERBS: tuple[Callable[[Any], None], ...] = (_games, _play, _replay, _analyse, _simulate, _tournament,
                                             _report, _serve, _train)


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(prog="ludotheque", description=DESCRIPTION)
    main.add_argument("--version", action="version", version=f"ludotheque {__version__} ({compiled.status})")
    commands = main.add_subparsers(title="commands", metavar="COMMAND")
    for verb in VERBS:
        verb(commands)
    return main


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv``; returns the exit status."""
    args = vars(parser().parse_args(argv))
    verb = args.pop("verb", None)
    if verb is None:
        parser().print_help()
        return 2
    run = getattr(import_module(f".{verb}", __package__), verb)
    try:
        run(**args)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
    return 0


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
