"""sim.backends: the same games whatever the backend (local processes or Ray), a chunk whose Ray
worker died counted once, and a clear error for a backend or address that cannot be used. One
local Ray instance serves the whole module: Ray takes seconds to start. It has one CPU, so one
worker plays the chunks in turn (each worker Ray starts costs a second of start-up: 8 s of Ray's
CPU for this file, 12 with two)."""

from __future__ import annotations

import importlib.util
import logging
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from ludotheque.cli.testing import CliRunner
from ludotheque.core import LudothequeError
from ludotheque.sim import runner
from ludotheque.sim.backends import run_chunks
from ludotheque.sim.runner import GameResult, run_games

# Ray is imported by the tests that start it, not when the suite is collected (seconds in every
# pytest-xdist worker)
pytestmark = pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                                reason="Ray is not installed (pip install 'ludotheque[ray]')")

RUN = ("gargon", {"players": 4}, ["heuristic", "random"])
GAMES, SEED = 10, 23


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    ray = importlib.import_module("ray")
    ray.init(address="local", num_cpus=1, include_dashboard=False, log_to_driver=False,
             logging_level=logging.ERROR)
    # the test's chunk functions below travel by value: Ray's workers cannot import this file
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    yield ray
    ray.cloudpickle.unregister_pickle_by_value(sys.modules[__name__])
    ray.shutdown()


@pytest.fixture(scope="module")
def expected() -> list[GameResult]:
    return run_games(*RUN, GAMES, seed=SEED)


def test_every_backend_plays_the_same_games(local_ray: None, expected: list[GameResult]) -> None:
    assert [r.index for r in expected] == list(range(GAMES))
    assert run_games(*RUN, GAMES, seed=SEED, jobs=2, chunk=3) == expected
    ticks: list[int] = []
    assert run_games(*RUN, GAMES, seed=SEED, backend="ray", chunk=4, progress=ticks.append) == expected
    # 0 when the games begin (Ray has started: its start-up is not playing time), then each chunk
    assert ticks[0] == 0 and sorted(ticks[1:]) == [2, 4, 4]


@dataclass(frozen=True)
class DiesOnce:
    """Plays a chunk, except that the worker running the chunk from ``victim`` dies (as a killed
    process does, without a word) the first time; ``marker`` remembers that it happened."""

    victim: int
    marker: str

    def __call__(self, start: int, stop: int) -> list[GameResult]:
        if start == self.victim and not os.path.exists(self.marker):
            Path(self.marker).touch()
            os._exit(1)
        return runner._run_chunk(*RUN, SEED, start, stop, False)


def test_a_chunk_whose_worker_died_is_played_again_and_counted_once(
        local_ray: None, expected: list[GameResult], tmp_path: Path) -> None:
    marker = tmp_path / "died"
    ticks: list[int] = []
    found = run_chunks(DiesOnce(4, str(marker)), GAMES, backend="ray", chunk=2, progress=ticks.append)
    assert marker.exists()  # the worker did die on the chunk of games 4 and 5
    assert sorted(found, key=lambda r: r.index) == expected
    assert ticks[0] == 0 and sum(ticks) == GAMES and len(ticks) == GAMES // 2 + 1


@dataclass(frozen=True)
class Refuses:
    def __call__(self, start: int, stop: int) -> list[Any]:
        raise LudothequeError(f"no games from {start}")


def test_a_game_error_on_ray_is_raised_as_itself(local_ray: None) -> None:
    with pytest.raises(LudothequeError, match="^no games from 0$"):
        run_chunks(Refuses(), 4, backend="ray", chunk=4)


def test_simulate_on_ray_writes_the_records_of_the_local_run(local_ray: None, tmp_path: Path) -> None:
    cli = CliRunner()
    args = ["simulate", "gargon", "--games", "12", "--seed", "5", "--bots", "heuristic,random"]
    local = cli.invoke([*args, "--out", str(tmp_path / "local.jsonl")])
    on_ray = cli.invoke([*args, "--backend", "ray", "--out", str(tmp_path / "ray.jsonl")])
    assert local.exit_code == on_ray.exit_code == 0, on_ray.output
    assert "Ray" in on_ray.stdout
    assert (tmp_path / "ray.jsonl").read_text() == (tmp_path / "local.jsonl").read_text()


def test_simulate_joins_a_running_cluster_at_its_address(local_ray: Any, tmp_path: Path) -> None:
    """Another process (the command) joins this module's Ray by its address and plays there."""
    address = local_ray.get_runtime_context().gcs_address
    args = ["simulate", "gargon", "--games", "12", "--seed", "5", "--bots", "heuristic,random"]
    assert CliRunner().invoke([*args, "--out", str(tmp_path / "local.jsonl")]).exit_code == 0
    joined = subprocess.run([sys.executable, "-m", "ludotheque", *args, "--backend", "ray", "--address",
                             address, "--out", str(tmp_path / "joined.jsonl")],
                            capture_output=True, text=True, timeout=120)
    assert joined.returncode == 0, joined.stderr
    assert f"Ray at {address}" in joined.stdout
    assert (tmp_path / "joined.jsonl").read_text() == (tmp_path / "local.jsonl").read_text()


def closed_port() -> int:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        return int(free.getsockname()[1])


def test_unusable_backends_and_addresses_are_refused_with_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    port = closed_port()
    for kwargs, message in [
        ({"backend": "dask"}, "unknown backend 'dask'; choose local or ray"),
        ({"address": f"127.0.0.1:{port}"}, "use it with the ray backend"),
        ({"backend": "ray", "address": "nowhere"}, "expected HOST:PORT"),
        ({"backend": "ray", "address": f"127.0.0.1:{port}"}, f"cannot reach a Ray cluster at .*:{port}"),
    ]:
        with pytest.raises(LudothequeError, match=message):
            run_games(*RUN, 4, seed=1, **kwargs)
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    with pytest.raises(LudothequeError, match=r"needs Ray.*pip install 'ludotheque\[ray\]'"):
        run_games(*RUN, 4, seed=1, backend="ray")


def test_the_command_refuses_them_without_a_traceback() -> None:
    port = closed_port()
    for args, code, message in [
        (["--backend", "dask"], 2, "invalid choice: 'dask'"),
        (["--address", f"127.0.0.1:{port}"], 1, "--backend ray"),
        (["--backend", "ray", "--address", f"127.0.0.1:{port}"], 1, "cannot reach a Ray cluster"),
    ]:
        result = CliRunner().invoke(["simulate", "gargon", "--games", "2", *args])
        assert result.exit_code == code, args
        assert message in result.stderr and "Traceback" not in result.output, (args, result.stderr)


def test_tournaments_and_report_figures_are_the_same_on_ray(local_ray: None) -> None:
    from ludotheque.sim import tournament as tour

    laid = tour.plan("kagoun", {"players": 2}, ["random", "heuristic"], 6)
    assert tour.play("kagoun", {"players": 2}, laid, 3, backend="ray") == tour.play(
        "kagoun", {"players": 2}, laid, 3)
    local = run_games(*RUN, 6, seed=SEED, figures=True)
    assert local[0].figures and run_games(*RUN, 6, seed=SEED, figures=True, backend="ray") == local
