"""Where a run's chunks of games are played: ``local`` (a pool of processes on this machine) or
``ray`` (tasks on a Ray cluster: a local one started on first use and kept until the process
exits, or one reached at an address).

A chunk is a range ``[start, stop)`` of game indices and ``play(start, stop)`` returns its results;
since game ``i`` depends only on the run's seed and ``i`` (see ``sim.runner``), the backend and the
chunk size cannot change a result. Each chunk's results are collected exactly once, whatever
retries happened on the way: on Ray, a chunk whose worker died is run again (``MAX_RETRIES``) and
only the run that finished is returned. Ray is imported only when chosen.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from ..core.errors import LudothequeError

T = TypeVar("T")
#: Plays games ``start`` to ``stop - 1``; must pickle (a module-level function or a partial of one).
Chunk = Callable[[int, int], list[T]]
#: Called with the number of games just finished (for progress bars).
Progress = Callable[[int], None]
#: Called with each chunk's results as they come (a progress that counts more than games).
Arrived = Callable[[list[T]], None]

BACKENDS = ("local", "ray")
#: How many times Ray runs a chunk again after its worker died.
MAX_RETRIES = 3
#: Chunks handed out per worker ahead of the results: enough to keep workers busy, few enough
#: that the driver's memory and each ``ray.wait`` stay small on a run of millions of games.
IN_FLIGHT_PER_WORKER = 4
NO_RAY = "the ray backend needs Ray, an optional extra: pip install 'ludotheque[ray]'"


def check_backend(backend: str, address: str | None = None) -> None:
    """Refuse, before any game is played, a backend that does not exist or is not installed, and an
    address that is not one (whether a cluster answers there is known only when joining it)."""
    if backend not in BACKENDS:
        raise LudothequeError(f"unknown backend {backend!r}; choose {' or '.join(BACKENDS)}")
    if address is not None:
        if backend != "ray":
            raise LudothequeError("an address (--address) names a Ray cluster: use it with the ray "
                                  "backend (--backend ray)")
        _host_and_port(address)
    if backend == "ray":
        from importlib.util import find_spec

        if find_spec("ray") is None:
            raise LudothequeError(NO_RAY)


def _host_and_port(address: str) -> tuple[str, int] | None:
    """Where to knock for a cluster's address (None for ``auto``: Ray finds it)."""
    if address == "auto":
        return None
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host.strip("[]") or not port.isdigit():
        raise LudothequeError(f"--address: expected HOST:PORT, ray://HOST:PORT or auto; got {address!r}")
    return host.strip("[]"), int(port)


def chunk_bounds(games: int, size: int) -> list[tuple[int, int]]:
    """``[start, stop)`` ranges of at most ``size`` games covering ``0..games-1`` in order."""
    return [(start, min(games, start + size)) for start in range(0, games, max(1, size))]


def chunk_size(games: int, workers: int) -> int:
    """About 8 chunks per worker, so that a slow one does not hold the end of the run; at most 200
    games each on up to 8 workers (progress moves, a retried chunk costs little), 200 more for each
    8 workers beyond: the one process collecting the results then handles about as many chunks a
    second on 100 cores as on 8 (each costs it a millisecond or so, see benchmarks/scale_out.py)."""
    return max(1, min(200 * -(-workers // 8), games // (workers * 8)))


def run_chunks(play: Chunk[T], games: int, backend: str = "local", jobs: int = 1,
               address: str | None = None, chunk: int | None = None,
               progress: Progress | None = None, arrived: Arrived[T] | None = None) -> list[T]:
    """Every result of games ``0..games-1``, chunk by chunk as they finish (not in order)."""
    check_backend(backend, address)
    if backend == "ray":
        return _on_ray(play, games, jobs, address, chunk, progress, arrived)
    return _on_processes(play, chunk_bounds(games, chunk or chunk_size(games, jobs)), jobs, progress,
                         arrived)


def _on_processes(play: Chunk[T], bounds: list[tuple[int, int]], jobs: int,
                  progress: Progress | None, arrived: Arrived[T] | None = None) -> list[T]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    found: list[T] = []
    # spawn: workers start clean (no inherited threads such as a progress bar's)
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        futures = [pool.submit(play, start, stop) for start, stop in bounds]
        try:
            for future in as_completed(futures):
                part = future.result()
                found += part
                if arrived is not None:
                    arrived(part)
                if progress is not None:
                    progress(len(part))
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    return found


def _play_chunk(play: Chunk[T], start: int, stop: int) -> list[T]:
    """A Ray task: one chunk (module-level, so that workers import it rather than unpickle it)."""
    return play(start, stop)


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise LudothequeError(NO_RAY) from None
    return ray


def _check_reachable(address: str) -> None:
    """Ray waits minutes, logging, for a cluster that is not there: knock on its port first."""
    import socket

    place = _host_and_port(address)
    if place is None:
        return
    try:
        socket.create_connection(place, timeout=5).close()
    except OSError as exc:
        raise LudothequeError(f"cannot reach a Ray cluster at {address}: {exc.strerror or exc}") from None


def _send_token_when_at_hand() -> None:
    """Clusters started by recent Rays authenticate clients with a token (``~/.ray/auth_token``),
    but a process joining one sends it only with ``RAY_AUTH_MODE=token``: set it when a token is at
    hand and nothing was chosen (a cluster without authentication ignores the token). Ray reads it
    when imported: call this first."""
    import os

    if "RAY_AUTH_MODE" in os.environ:
        return
    path = os.environ.get("RAY_AUTH_TOKEN_PATH") or os.path.expanduser("~/.ray/auth_token")
    if os.environ.get("RAY_AUTH_TOKEN") or os.path.isfile(path):
        os.environ["RAY_AUTH_MODE"] = "token"


def _connect(ray: Any, jobs: int, address: str | None) -> None:
    """Use the Ray this process already joined, or join the cluster at ``address``, or start a
    local one with ``jobs`` CPUs. Either stays for the rest of the process (Ray leaves it when the
    process exits), so the next runs of a tournament or a report start at once."""
    if address is not None:
        _check_reachable(address)
    if ray.is_initialized():
        return
    import logging

    quiet: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                             "logging_level": logging.ERROR}
    if address is None:
        ray.init(address="local", num_cpus=jobs, **quiet)
        return
    try:
        if address.startswith("ray://"):  # Ray Client: no dashboard or logging options to give
            ray.init(address=address, logging_level=logging.ERROR)
        else:
            ray.init(address=address, **quiet)
    except (ConnectionError, ValueError, RuntimeError) as exc:
        raise LudothequeError(f"cannot join the Ray cluster at {address}: {exc} (a cluster with "
                              "token authentication needs its token: RAY_AUTH_TOKEN or ~/.ray/auth_token)"
                              ) from None


def _on_ray(play: Chunk[T], games: int, jobs: int, address: str | None, chunk: int | None,
            progress: Progress | None, arrived: Arrived[T] | None = None) -> list[T]:
    if address is not None:
        _send_token_when_at_hand()
    ray = _import_ray()
    _connect(ray, jobs, address)
    if progress is not None:  # the games begin: Ray's start-up (seconds) is not counted as play
        progress(0)
    waiting: list[Any] = []
    try:
        workers = max(1, int(ray.cluster_resources().get("CPU", jobs)))
        bounds = iter(chunk_bounds(games, chunk or chunk_size(games, workers)))
        task = _remote_task(ray)
        shared = ray.put(play)
        found: list[T] = []
        _submit(task, shared, bounds, waiting, workers * IN_FLIGHT_PER_WORKER)
        while waiting:
            done, waiting[:] = ray.wait(waiting, num_returns=1)
            part = _result(ray, done[0])
            found += part
            if arrived is not None:
                arrived(part)
            if progress is not None:
                progress(len(part))
            _submit(task, shared, bounds, waiting, workers * IN_FLIGHT_PER_WORKER)
        return found
    except BaseException:
        with contextlib.suppress(Exception):  # an interrupted run leaves no work behind
            for ref in waiting:
                ray.cancel(ref, force=True)
        raise


@functools.cache
def _remote_task(ray: Any) -> Any:
    """The chunk as a Ray task, made once a process (each is exported to the cluster)."""
    return ray.remote(max_retries=MAX_RETRIES)(_play_chunk)


def _submit(task: Any, shared: Any, bounds: Iterator[tuple[int, int]], waiting: list[Any],
            limit: int) -> None:
    """Hand out chunks until ``limit`` are waiting or none are left."""
    while len(waiting) < limit:
        span = next(bounds, None)
        if span is None:
            return
        waiting.append(task.remote(shared, *span))


def _result(ray: Any, ref: Any) -> Any:
    """A chunk's results; a game's own error is raised as itself, a worker lost for good as a
    LudothequeError."""
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as exc:
        raise (exc.cause if isinstance(exc.cause, Exception) else exc) from None
    except ray.exceptions.RayError as exc:
        raise LudothequeError(f"a chunk of games failed on Ray after {MAX_RETRIES} retries: "
                              f"{type(exc).__name__}") from None
