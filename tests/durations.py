"""The seconds each test file took in a run, kept in ``tests/durations.json``: the order in which
``make test`` hands files to pytest-xdist's workers (longest first, see ``conftest.py``). Only the
order depends on it: a file missing from it, or grown slower, is still run, maybe less evenly.

Made again from a run's report of durations, or from its JUnit XML report (``make test`` with
``PYTEST_ADDOPTS=--junitxml=run.xml``)::

    .venv/bin/python -m pytest -n auto --dist=loadfile --durations=0 > run.log
    .venv/bin/python tests/durations.py run.log     # or run.xml
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


def junit_durations(report: Path) -> dict[str, float]:
    """Seconds by test file, from a JUnit XML report (each test's setup, call and teardown)."""
    import xml.etree.ElementTree as ET

    root = Path(__file__).resolve().parent.parent
    seconds: Counter[str] = Counter()
    for case in ET.parse(report).iter("testcase"):
        parts = case.get("classname", "").split(".")  # the module, then any class
        for end in range(len(parts), 0, -1):
            path = "/".join(parts[:end]) + ".py"
            if (root / path).is_file():
                seconds[path] += float(case.get("time", 0))
                break
    return {path: round(total, 1) for path, total in sorted(seconds.items())}


if __name__ == "__main__":
    report = Path(sys.argv[1])
    found = junit_durations(report) if report.suffix == ".xml" else durations(report.read_text())
    KEPT.write_text(json.dumps(found, indent=1) + "\n")
