"""Instructions the web table spends publishing an action to every seat, counted by Valgrind's
callgrind: the same games as ``views_speed.py`` (a ``PlayedGame`` with one watcher per seat), in
a child process under callgrind, and the instructions inside ``TableViews.publish`` per call.

    .venv/bin/python benchmarks/views_instructions.py [--games 4] [GAME ...]

On a shared machine whose speed drifts by a third from one run to the next, the count of
instructions is the same at every run: it tells a change of a few percent that timings cannot.
It is not time (a cache miss costs more than an add), and the games' own caches start cold here.
Needs ``valgrind`` and the compiled build (``make compiled``: the count is read off the compiled
function). This script only prints; it never fails a build.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import report_and_exit  # noqa: E402

#: The compiled ``TableViews.publish``, as callgrind names it.
PUBLISH = "CPyDef_views___TableViews___publish"
#: How many times a caller called it, as callgrind_annotate writes it: ``(2,860x)``.
CALLS = re.compile(r"\(([\d,]+)x\)")


def count(game_id: str, games: int) -> tuple[int, int]:
    """(instructions inside ``publish``, its calls) over ``games`` games of ``game_id``."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
                        __file__, "--child", "--games", str(games), game_id],
                       check=True, capture_output=True)
        tree = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--tree=caller", str(out)],
                              check=True, capture_output=True, text=True).stdout
    for block in tree.split("\n\n"):
        lines = block.strip("\n").split("\n")
        own = [line for line in lines if "*  " in line and PUBLISH + " " in line]
        if own:
            instructions = int(own[0].split()[0].replace(",", ""))
            callers = [line for line in lines if line.lstrip()[:1].isdigit() and "< " in line]
            calls = sum(int(n.replace(",", "")) for line in callers for n in re.findall(CALLS, line))
            return instructions, calls
    raise SystemExit(f"no {PUBLISH} in the profile: is the compiled build there (make compiled)?")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games_ids", nargs="*", default=["gargon", "drakon", "kagoun"], metavar="GAME")
    parser.add_argument("--games", type=int, default=4, help="games played per game")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        from views_speed import one_run
        for game_id in args.games_ids:
            one_run(game_id, args.games, "en", 1)
        return
    if shutil.which("valgrind") is None or shutil.which("callgrind_annotate") is None:
        print("valgrind is not installed: nothing measured")
        return
    for game_id in args.games_ids:
        instructions, calls = count(game_id, args.games)
        print(f"{game_id}: {instructions / max(1, calls):,.0f} instructions per action published "
              f"({calls:,} actions, {args.games} games, every seat watching)")


if __name__ == "__main__":
    report_and_exit(main)
