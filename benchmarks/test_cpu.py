"""Where the CPU of ``make test`` goes: the command run while every process on the machine is read.

    .venv/bin/python benchmarks/test_cpu.py [COMMAND ...]      (default: make test)

On a 2-core machine ``make test`` keeps both cores busy to its end, so its time is its CPU: what
takes the CPU is what to cut. Every second /proc is read: each process's user and system CPU time,
by kind (from its command line): the pytest workers and runs, Chromium, its Playwright driver,
the ``ludotheque serve`` and ``ludotheque play`` processes tests start, PostgreSQL, Ray, mypy and
ruff, the rest. A process first seen after the start counts from its own start (so short
children count if a read catches them; one that starts and ends between two reads is missed);
one already running counts from the start. Printed: the wall time, how busy the machine was
(``/proc/stat``), and CPU seconds by kind, after the command's own output. This script only
prints; it never fails a build.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import report_and_exit  # noqa: E402

#: (what a command line holds, its kind): the first that matches names the process.
KINDS = [
    ("playwright/driver", "Playwright's driver"),
    ("chromium", "Chromium"),
    ("postgres", "PostgreSQL"),
    ("ludotheque serve", "ludotheque serve"),
    ("ludotheque play", "ludotheque play"),  # the terminal tests' games (saved under /tmp/pytest-of-…)
    ("import sys;exec(eval(sys.stdin.readline()))", "pytest workers"),
    ("-m pytest", "pytest (the run, the pure Python run)"),
    ("mypy", "mypy"),
    ("ruff", "ruff"),
    ("-m pip", "pip (the install)"),  # (before Ray: its extras name Ray)
    ("ray", "Ray"),
]


def kind_of(pid: str) -> str:
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return "other"
    command = command.replace("-m ludotheque serve", "ludotheque serve")
    return next((kind for part, kind in KINDS if part in command), "other")


def cpu_times() -> dict[tuple[str, str], float]:
    """(pid, start time) → user + system CPU seconds, for every process readable now."""
    ticks = os.sysconf("SC_CLK_TCK")
    out = {}
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            out[(pid, fields[19])] = (int(fields[11]) + int(fields[12])) / ticks
    return out


def busy_share(before: list[int], after: list[int]) -> float:
    """The share of the machine's CPU time not idle between two reads of /proc/stat's cpu line."""
    spent = [b - a for a, b in zip(before, after, strict=True)]
    idle = spent[3] + spent[4]  # idle, iowait
    return 1 - idle / max(1, sum(spent))


def machine_times() -> list[int]:
    return [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs=argparse.REMAINDER, help="what to run (default: make test)")
    args = parser.parse_args()
    args.command = args.command or ["make", "test"]
    mine = str(os.getpid())
    seen = cpu_times()  # already running: counted from now on
    kinds: dict[tuple[str, str], str] = {}
    spent: dict[str, float] = {}
    machine, start = machine_times(), time.monotonic()
    run = subprocess.Popen(args.command)  # (its output goes on as it would)
    while True:
        done = run.poll() is not None
        for key, cpu in cpu_times().items():
            if key[0] == mine:
                continue
            kind = kinds.get(key)
            if kind is None or kind == "other":  # (read again: a child may have become another program)
                kind = kinds[key] = kind_of(key[0])
            spent[kind] = spent.get(kind, 0.0) + cpu - seen.get(key, 0.0)
            seen[key] = cpu
        if done:
            break
        time.sleep(1.0)
    wall = time.monotonic() - start
    console = Console()
    busy = busy_share(machine, machine_times())
    console.print(f"[bold]{escape(' '.join(args.command))}[/]: exit status {run.returncode}, {wall:.0f} s, "
                  f"the machine {100 * busy:.0f}% busy on {os.cpu_count()} cores")
    table = Table()
    table.add_column("processes")
    table.add_column("CPU s", justify="right")
    table.add_column("share", justify="right")
    total = sum(spent.values())
    for kind, cpu in sorted(spent.items(), key=lambda item: -item[1]):
        if cpu >= 0.5:
            table.add_row(kind, f"{cpu:,.0f}", f"{100 * cpu / total:.0f}%")
    table.add_row("all", f"{total:,.0f}", "100%")
    console.print(table)


if __name__ == "__main__":
    report_and_exit(main)
