"""Where self-play and gate games are played: in this process (``jobs`` 1), in ``jobs`` local
processes (spawned: each starts clean and imports numpy, never torch), or on Ray. The processes
and Ray are ``sim/backends.py``'s, the way every long run of games is spread; a chunk of games
is ``(start, stop)`` and the job (plain data and network bytes) travels with it."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TypeVar

from ..sim.backends import run_chunks

T = TypeVar("T")
J = TypeVar("J")
#: A chunk of a job's games: ``(job, start, stop)`` to one result per game.
JobChunk = Callable[[J, int, int], list[T]]


def play_games(chunk: JobChunk[J, T], job: J, games: int, backend: str = "local", jobs: int = 1,
               address: str | None = None, arrived: Callable[[list[T]], None] | None = None) -> list[T]:
    """Every game's result of ``job`` (in any order); ``arrived`` is told of each chunk's."""
    if backend == "local" and jobs == 1:  # no process to start: a game at a time, here
        found: list[T] = []
        for index in range(games):
            part = chunk(job, index, index + 1)
            found += part
            if arrived is not None:
                arrived(part)
        return found
    return run_chunks(partial(chunk, job), games, backend, jobs, address, arrived=arrived)
