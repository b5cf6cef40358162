"""A ``ludotheque serve`` in a child process on a free loopback port: what the restart and browser
tests and the benchmarks run against (a real server, as users run it), and a way to bring a table
of it to a chance step."""

from __future__ import annotations

import json
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from ..core.game import CHANCE


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ServerProcess:
    """``python -m ludotheque serve`` in a child process, on a free loopback port.

    Every client of a test comes from one address: the per-address limits of a public server
    (connections at once, tables a minute) are off unless ``extra`` sets them; ``open_files``
    lowers the child's limit of file descriptors (what a crowd of clients runs out)."""

    #: serve's options given before ``extra`` (which may set them again: the last one counts)
    ONE_ADDRESS = ("--max-connections-per-address", "0", "--tables-per-minute", "0")

    def __init__(self, db_url: str, bot_delay: float = 0.0, log_path: Path | None = None,
                 workers: int = 1, away: float = 60.0, extra: tuple[str, ...] = (),
                 open_files: int | None = None) -> None:
        self.db_url, self.bot_delay, self.log_path, self.workers = db_url, bot_delay, log_path, workers
        self.away, self.extra, self.open_files = away, extra, open_files  # more of serve's options
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()

    def start(self, timeout: float = 30.0) -> ServerProcess:
        log = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL  # noqa: SIM115
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ludotheque", "serve", "--port", str(self.port), "--db", self.db_url,
             "--bot-delay", str(self.bot_delay), "--workers", str(self.workers), "--away", str(self.away),
             *self.ONE_ADDRESS, *self.extra],
            stdout=log, stderr=log, stdin=subprocess.DEVNULL, env={**os.environ, "PYTHONUNBUFFERED": "1"},
            preexec_fn=None if self.open_files is None else self._limit_files,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with code {self.process.returncode}")
            try:
                with urllib.request.urlopen(self.url + "/api/games", timeout=1.0) as answer:
                    if answer.status == 200:
                        return self
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("the server did not start in time")

    def _limit_files(self) -> None:
        """In the child, before it runs: at most ``open_files`` descriptors open at once."""
        assert self.open_files is not None
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        resource.setrlimit(resource.RLIMIT_NOFILE, (self.open_files, hard))

    def kill(self) -> None:
        """kill -9: no shutdown handler runs, as in a crash or a power cut."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    @property
    def ws_url(self) -> str:
        return self.url.replace("http://", "ws://", 1)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def call(url: str, body: Any = None) -> Any:
    """The JSON answer to a GET of ``url`` (a POST of ``body`` as JSON when given)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def play_to_chance(base: str, game: str, players: int, rng: random.Random) -> tuple[str, int]:
    """A new table of people only at the server ``base``, played with random legal actions until
    chance is to draw (a game that ends first is replaced): its id and its version then. Against a
    server with a long bot delay, the table then waits there for its draw."""
    while True:
        created = call(f"{base}/api/tables", {"game": game, "seats": ["human"] * players})
        table = created["id"]
        tokens = {s["seat"]: s["url"].split("#token=")[1] for s in created["seats"]}
        while True:
            summary = call(f"{base}/api/tables/{table}")
            if summary["terminal"]:
                break
            if summary["to_act"] == CHANCE:
                return table, int(summary["version"])
            token = tokens[summary["to_act"]]
            view = call(f"{base}/api/tables/{table}/view", {"token": token})
            if not view["legal"]:
                continue  # the table moved meanwhile (a forced move played for the seat)
            try:
                action = rng.choice(view["legal"])["action"]
                call(f"{base}/api/tables/{table}/actions",
                     {"token": token, "action": action, "version": view["version"]})
            except urllib.error.HTTPError as exc:
                # a seat's only choice may be played by the table first (played.py)
                if exc.code != 409 or len(view["legal"]) != 1:
                    raise
