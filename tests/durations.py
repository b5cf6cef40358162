"""The seconds each test file took in a run, kept in ``tests/durations.json``: the order in which
``make test`` hands files to pytest-xdist's workers (longest first, see ``conftest.py``). Only the
order depends on it: a file missing from it, or grown slower, is still run, maybe less evenly.

Made again from a run's report of durations::

    .venv/bin/python -m pytest -n auto --dist=loadfile --durations=0 > run.log
    .venv/bin/python tests/durations.py run.log
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

KEPT = Path(__file__).with_name("durations.json")
LINE = re.compile(r"\s*([\d.]+)s (?:call|setup|teardown)\s+([^:\s]+)::")


def durations(report: str) -> dict[str, float]:
    """Seconds by test file, from pytest's ``--durations=0`` lines."""
    seconds: Counter[str] = Counter()
    for line in report.splitlines():
        if found := LINE.match(line):
            seconds[found.group(2)] += float(found.group(1))
    return {path: round(total, 1) for path, total in sorted(seconds.items())}


if __name__ == "__main__":
    KEPT.write_text(json.dumps(durations(Path(sys.argv[1]).read_text()), indent=1) + "\n")
