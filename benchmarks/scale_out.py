"""How a long simulation scales out: ``ludotheque simulate gargon`` (random bots, 4 players) with
the local backend on one and two processes and on Ray with two workers, Ray's cost per task, and
from these a paper estimate of a 10-million-game study on 100 cores.

    .venv/bin/python benchmarks/scale_out.py [--games 20000] [--rounds 3] [--tasks 2000]

Each round runs the whole command three times, one after the other (start-up included, as a
user waits for it): ``--jobs 1``, ``--jobs 2``, ``--backend ray --jobs 2`` (a local Ray cluster
started and stopped by the command). Then, in this process, one local Ray cluster of 2 CPUs
is started (its start-up timed) and serves every round of the warm measures: the same games on
Ray once the cluster is up (a long study pays the start-up once), and ``--tasks`` chunks that play
nothing, to time what a task costs. Times are wall-clock; the machine may be shared, so each
figure is a range over the rounds. CPU seconds count every process of a run (the pool's workers;
the cluster's workers, raylet and GCS) and show what parallelism costs; on a shared machine the
wall times also depend on how the kernel shares the cores between sessions (Ray's processes run in
sessions of their own). This script measures and prints; it never fails a build.
"""

from __future__ import annotations

import argparse
import logging
import os
import resource
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from _report import report_and_exit

#: The study of the paper estimate.
STUDY_GAMES, STUDY_CORES = 10_000_000, 100


@dataclass
class Figure:
    name: str
    walls: list[float] = field(default_factory=list)
    cpus: list[float] = field(default_factory=list)


def command(games: int, extra: list[str]) -> list[str]:
    return [sys.executable, "-m", "ludotheque", "simulate", "gargon", "--players", "4", "--bots", "random",
            "--seed", "1", "--games", str(games), *extra]


def run_child(args: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the child and its own children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise RuntimeError(f"{' '.join(args)} failed: {done.stderr.strip()[-500:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def tree_cpu(pid: int) -> float:
    """CPU seconds used so far by the processes descended from ``pid`` (a Ray cluster started by
    this process: its workers, raylet and GCS), read from /proc (0 where there is none)."""
    ticks = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    used: dict[int, float] = {}
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else ():
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as file:
                fields = file.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        used[int(entry)] = (int(fields[11]) + int(fields[12])) / ticks
    total, frontier = 0.0, {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier}
        total += sum(used[child] for child in frontier)
    return total


class Nothing:
    """A chunk that plays no game: what is left is the cost of the task itself."""

    def __call__(self, start: int, stop: int) -> list[Any]:
        return []


def span(values: list[float], fmt: str) -> str:
    if not values:
        return "—"
    low, high = min(values), max(values)
    return format(low, fmt) if format(low, fmt) == format(high, fmt) else f"{low:{fmt}}–{high:{fmt}}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20_000, help="games a run (default 20000)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--tasks", type=int, default=2000, help="empty tasks timed on Ray (default 2000)")
    args = parser.parse_args(argv)
    games, rounds = max(1, args.games), max(1, args.rounds)
    from ludotheque import compiled

    print(f"ludotheque {compiled.status}; {os.cpu_count()} cores; load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)

    commands = [(Figure("local --jobs 1"), ["--jobs", "1"]), (Figure("local --jobs 2"), ["--jobs", "2"]),
                (Figure("ray, 2 workers (cluster started by the command)"),
                 ["--backend", "ray", "--jobs", "2"])]
    for round_ in range(rounds):
        for figure, extra in commands:
            print(f"round {round_ + 1}: {figure.name}...", file=sys.stderr, flush=True)
            wall, cpu = run_child(command(games, extra))
            figure.walls.append(wall)
            if "ray" not in extra:  # Ray kills its workers rather than waiting for them: uncounted
                figure.cpus.append(cpu)

    import ray

    from ludotheque.sim.backends import chunk_size, run_chunks
    from ludotheque.sim.runner import run_games

    began = time.perf_counter()
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False,
             logging_level=logging.ERROR)
    start_up = time.perf_counter() - began
    warm, driver_per_game = Figure("ray, 2 workers, cluster already up"), []
    task_walls, task_driver = [], []
    try:
        run_chunks(Nothing(), 4, backend="ray", chunk=1)  # the workers start
        for round_ in range(rounds):
            print(f"round {round_ + 1}: Ray, warm...", file=sys.stderr, flush=True)
            cluster, cpu, began = tree_cpu(os.getpid()), time.process_time(), time.perf_counter()
            run_games("gargon", {"players": 4}, ["random"], games, 1, jobs=2, backend="ray")
            warm.walls.append(time.perf_counter() - began)
            driver_per_game.append((time.process_time() - cpu) / games)
            warm.cpus.append(time.process_time() - cpu + tree_cpu(os.getpid()) - cluster)
            cpu, began = time.process_time(), time.perf_counter()
            run_chunks(Nothing(), args.tasks, backend="ray", chunk=1)
            task_walls.append((time.perf_counter() - began) / args.tasks)
            task_driver.append((time.process_time() - cpu) / args.tasks)
    finally:
        ray.shutdown()

    print(f"\n{games:,} random-bot Gargon games (4 players), wall seconds over {rounds} round(s):")
    one = commands[0][0]
    two = commands[1][0]
    rows = [*(figure for figure, _ in commands), warm]
    for figure in rows:
        speed = [games / wall for wall in figure.walls]
        ratio = [a / b for a, b in zip(one.walls, figure.walls, strict=False)]
        versus = [b / a for a, b in zip(two.walls, figure.walls, strict=False)]
        per_cpu = [games / cpu for cpu in figure.cpus]
        print(f"  {figure.name:<48} {span(figure.walls, '.2f'):>12} s  {span(speed, ',.0f'):>12} games/s"
              f"  speed-up ×{span(ratio, '.2f')}  time ÷ local --jobs 2: {span(versus, '.2f')}"
              f"  CPU {span(figure.cpus, '.1f')} s: {span(per_cpu, ',.0f')} games/CPU s")
    print(f"  Ray cluster start-up (2 CPUs, in this process): {start_up:.1f} s")
    per_game = [cpu / games for cpu in one.cpus]
    print(f"  cost of a game (CPU of --jobs 1 / games): {span([x * 1e6 for x in per_game], ',.0f')} µs")
    print(f"  Ray driver, per game collected: {span([x * 1e6 for x in driver_per_game], ',.1f')} µs")
    print(f"  Ray task ({args.tasks} empty chunks, 2 workers): "
          f"{span([x * 1e3 for x in task_walls], '.2f')} ms wall each, "
          f"{span([x * 1e3 for x in task_driver], '.2f')} ms of the driver's CPU")
    estimate(min(per_game), max(per_game), task_walls, task_driver, driver_per_game,
             chunk_size(games, 2), start_up)
    return 0


def estimate(game_low: float, game_high: float, task_walls: list[float], task_driver: list[float],
             driver_per_game: list[float], measured_chunk: int, start_up: float) -> None:
    """10 million games on 100 cores, on paper: the games spread over the cores, each chunk's task
    (measured with 2 workers: wall × 2 is the cluster's time a task takes, an upper bound), and the
    driver, which collects every result alone: its cost per game measured above is a share of its
    cost per task (``task_driver / measured_chunk``) plus the cost of a result."""
    from ludotheque.sim.backends import chunk_size

    size = chunk_size(STUDY_GAMES, STUDY_CORES)
    tasks = -(-STUDY_GAMES // size)
    games = [STUDY_GAMES * cost / STUDY_CORES for cost in (game_low, game_high)]
    task_cost = [tasks * wall * 2 / STUDY_CORES for wall in (min(task_walls), max(task_walls))]
    per_result = [max(0.0, g - t / measured_chunk)
                  for g, t in zip(driver_per_game, task_driver, strict=False)]
    driver = sorted(STUDY_GAMES * r + tasks * t for r, t in zip(per_result, task_driver, strict=False))
    cores = [games[0] + task_cost[0], games[1] + task_cost[1]]
    print(f"\nPaper estimate: {STUDY_GAMES:,} games on {STUDY_CORES} cores like these, chunks of {size:,} "
          f"({tasks:,} tasks):")
    print(f"  the games spread over the cores: {games[0] / 60:.1f}–{games[1] / 60:.1f} min; "
          f"the tasks' cost: {task_cost[0]:.0f}–{task_cost[1]:.0f} s")
    print(f"  the driver collecting every result (one process, alongside): "
          f"{driver[0] / 60:.1f}–{driver[-1] / 60:.1f} min "
          f"({span([r * 1e6 for r in per_result], '.1f')} µs a result)")
    bound = "the driver" if driver[0] > cores[1] else "the cores" if cores[0] > driver[-1] else "either"
    print(f"  whole study: about {(max(cores[0], driver[0]) + start_up) / 60:.1f}–"
          f"{(max(cores[1], driver[-1]) + start_up) / 60:.1f} min with the cluster's start-up, "
          f"bound by {bound}")


if __name__ == "__main__":
    report_and_exit(main)
