"""Two rows of ``ismcts_strength.py --results`` compared on the games both played: each row's
win share there and their paired difference (the same deal and seat in both) with its standard
error. Figures only; never fails.

    .venv/bin/python benchmarks/paired_rows.py BEFORE.jsonl AFTER.jsonl

Two searches on the same deals share the luck of the deal, so the difference of their shares deal
by deal says more than two intervals side by side.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

from _results import read_lines


def games_of(path: Path) -> dict[tuple[str, int], float]:
    """The share of each finished game in a results file, by (game, index)."""
    return {(record["game"], record["index"]): record["share"] for record in read_lines(path)[1:]}


def paired(before: dict[tuple[str, int], float],
           after: dict[tuple[str, int], float]) -> tuple[int, float, float, float, float]:
    """Over the games both rows hold: their number, each row's mean share, the mean difference
    (after − before) and its standard error."""
    common = sorted(before.keys() & after.keys())
    n = len(common)
    if n < 2:
        return n, math.nan, math.nan, math.nan, math.nan
    differences = [after[key] - before[key] for key in common]
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    return (n, sum(before[key] for key in common) / n, sum(after[key] for key in common) / n,
            mean, math.sqrt(variance / n))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    args = parser.parse_args()
    for path in (args.before, args.after):
        if not path.is_file():
            parser.error(f"{path}: no such results file")
    n, before, after, difference, error = paired(games_of(args.before), games_of(args.after))
    print(f"{n} games in both: {before:.1%} -> {after:.1%}, "
          f"paired difference {difference * 100:+.1f} points (standard error {error * 100:.1f})")


if __name__ == "__main__":
    main()
