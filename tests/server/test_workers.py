"""The search workers (``server/workers.py``, issue 31): bots' moves go before hints and analyses,
a job whose caller gave up leaves the queue, a dead worker costs its job a retry and never the
pool, and no worker outlives its server (a clean stop, or ``kill -9``)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ludotheque.server.process import ServerProcess, call
from ludotheque.server.workers import ANALYSIS, BOT, HINT, NICENESS, SearchWorkers


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def gone_within(pids: list[int], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while any(alive(p) for p in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def worker_pids(workers: SearchWorkers) -> list[int]:
    assert workers.pool is not None
    return [p.pid for p in workers.pool._processes.values()]  # type: ignore[union-attr]


def test_bots_moves_go_first_then_hints_then_analyses() -> None:
    async def scenario() -> list[float]:
        workers = SearchWorkers(1)
        try:
            busy = asyncio.ensure_future(workers.run(ANALYSIS, time.sleep, 1.0))  # the one process
            await asyncio.sleep(0.1)
            later = [asyncio.ensure_future(workers.run(kind, time.monotonic))
                     for kind in (ANALYSIS, HINT, BOT)]
            await asyncio.sleep(0.1)
            assert [workers.queued(kind) for kind in (BOT, HINT, ANALYSIS)] == [1, 1, 1]
            await busy
            return list(await asyncio.gather(*later))
        finally:
            workers.close()

    analysis, hint, bot = asyncio.run(scenario())
    assert bot < hint < analysis  # (one clock for every process of the machine)


def test_a_job_given_up_on_leaves_the_queue() -> None:
    async def scenario() -> None:
        workers = SearchWorkers(1)
        try:
            busy = asyncio.ensure_future(workers.run(ANALYSIS, time.sleep, 0.5))
            await asyncio.sleep(0.05)
            with pytest.raises(TimeoutError):
                async with asyncio.timeout(0.1):
                    await workers.run(BOT, os.getpid)
            assert workers.queued(BOT) == 0
            await busy
            assert workers.waiting == [] and workers.running == 0
        finally:
            workers.close()

    asyncio.run(scenario())


def test_a_worker_killed_mid_job_costs_the_job_a_retry_and_the_pool_is_replaced() -> None:
    async def scenario() -> None:
        workers = SearchWorkers(2)
        try:
            first = await workers.run(BOT, os.getpid)
            jobs = [asyncio.ensure_future(workers.run(BOT, time.sleep, 1.0)) for _ in range(2)]
            await asyncio.sleep(0.3)
            old = worker_pids(workers)
            assert first in old
            os.kill(first, signal.SIGKILL)  # as an operator's kill -9, or the out-of-memory killer
            assert await asyncio.gather(*jobs) == [None, None]  # both answered, on a new pool
            assert workers.replaced == 1
            assert gone_within(old, 10)  # the broken pool's other process was stopped too
            assert await workers.run(HINT, os.getpid) not in old
        finally:
            workers.close()

    asyncio.run(scenario())


def test_a_job_that_kills_its_worker_again_fails_instead_of_looping() -> None:
    async def scenario() -> None:
        workers = SearchWorkers(1)
        try:
            with pytest.raises(Exception, match="terminated abruptly"):
                await workers.run(BOT, os._exit, 1)
            assert workers.replaced == 2  # the first death and the retry's
            assert await workers.run(BOT, sum, [1, 2]) == 3  # the next job has a pool
        finally:
            workers.close()

    asyncio.run(scenario())


def test_workers_search_below_the_servers_priority() -> None:
    """The event loop that acknowledges everyone's actions gets a core before a search does."""
    async def scenario() -> int:
        workers = SearchWorkers(1)
        try:
            return await workers.run(BOT, os.nice, 0)
        finally:
            workers.close()

    assert asyncio.run(scenario()) == min(19, os.nice(0) + NICENESS)


def test_close_stops_every_worker() -> None:
    async def scenario() -> list[int]:
        workers = SearchWorkers(2)
        await asyncio.gather(*(workers.run(BOT, time.sleep, 0.2) for _ in range(2)))
        pids = worker_pids(workers)
        workers.close()
        return pids

    pids = asyncio.run(scenario())
    assert len(pids) == 2 and gone_within(pids, 0.5)


PARENT = """
import asyncio, os
from ludotheque.server.workers import BOT, SearchWorkers

async def main():
    workers = SearchWorkers(1)
    print(await workers.run(BOT, os.getpid), flush=True)
    await asyncio.sleep(60)

asyncio.run(main())
"""


def test_a_worker_ends_when_its_server_is_killed() -> None:
    """``kill -9`` of the server runs no shutdown: the worker sees its parent gone and ends."""
    server = subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        worker = int(server.stdout.readline())
        assert alive(worker)
    finally:
        server.kill()
        server.wait(10)
    assert gone_within([worker], 10)


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc: Linux)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def search_workers_of(pid: int) -> list[int]:
    """The server's spawned search workers (not the resource tracker)."""
    pids = []
    for child in children(pid):
        try:
            with open(f"/proc/{child}/cmdline", "rb") as cmdline:
                line = cmdline.read()
        except OSError:
            continue
        if b"spawn_main" in line:
            pids.append(child)
    return pids


def moved_on(url: str, versions: dict[str, int], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        now = {t: call(f"{url}/api/tables/{t}")["version"] for t in versions}
        if all(now[t] > versions[t] for t in versions):
            return True
        time.sleep(0.1)
    return False


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads the processes from /proc")
def test_a_killed_worker_freezes_no_table_and_a_stopped_server_leaves_no_worker(tmp_path: Path) -> None:
    """The issue's measure: after ``kill -9`` of the server's search worker, every table of search
    bots moves on (its move retried on a new pool, none failed for it); after SIGTERM (what
    systemd and docker send) no worker of the server is left."""
    with ServerProcess(f"sqlite:///{tmp_path / 'tables.db'}", extra=("--search-workers", "1")) as server:
        assert server.process is not None
        tables = [call(f"{server.url}/api/tables", {"game": "kagoun", "options": {"players": 2},
                                                    "seats": ["bot:ismcts", "bot:ismcts"]})["id"]
                  for _ in range(3)]
        versions = {t: call(f"{server.url}/api/tables/{t}")["version"] for t in tables}
        assert moved_on(server.url, versions, 60)
        deadline = time.monotonic() + 30
        while not (workers := search_workers_of(server.process.pid)):
            assert time.monotonic() < deadline
            time.sleep(0.1)
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        versions = {t: call(f"{server.url}/api/tables/{t}")["version"] for t in tables}
        assert moved_on(server.url, versions, 30)
        health = call(f"{server.url}/api/health")
        # (on a loaded machine a retried move may come too late and the fallback play it, by
        # design; but no move is lost to the killed worker)
        assert health["search_workers"]["replaced"] >= 1 and "failed" not in health["bot_fallback_causes"]
        workers = search_workers_of(server.process.pid)
        everyone = children(server.process.pid)
        assert workers
        server.process.send_signal(signal.SIGTERM)
        server.process.wait(20)
    assert gone_within(everyone, 10)
