"""Slow clients against a bare ``ludotheque serve``: can a visitor still get in?

    .venv/bin/python benchmarks/slow_clients.py [--slow 300] [--addresses 1,10] [--visits 50]
        [--open-files 256] [--byte-every 1] [--seconds 25]

A real ``ludotheque serve`` (a fresh SQLite file) runs as a child with at most ``--open-files``
file descriptors (256: the issue's measure, where 260 such clients made every visitor fail for
100 s). ``--slow`` connections, spread over A loopback addresses (127.0.2.x: each a client of its
own; one row per A of ``--addresses``), each send the start of a request and then a byte every
``--byte-every`` seconds, never finishing. Meanwhile a visitor from 127.0.0.1 asks
``GET /api/health`` ``--visits`` times, a new connection each, evenly over the row's ``--seconds``
(2 s at most each).
Each row is run with serve's limits (a whole request within 10 s, 32 connections an address:
server/connections.py) and without them (a deadline of an hour, no cap: uvicorn alone).

Reported for each row: the visitor's latency (p50, p99, max), how many visits failed and when
the last one did (seconds after the slow connections opened: how long nobody got in); of the slow
connections, how many were refused at once (the cap), how long the others were held before
the server closed them (median, max), and how many were still open when the row ended
(``--seconds``). The clients run in this process; this script only prints, it never fails a build.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import resource
import select
import socket
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import report_and_exit  # noqa: E402

from ludotheque.server.process import ServerProcess  # noqa: E402

#: serve's options without its limits (an hour to send a request: longer than any row).
UNLIMITED = ("--request-timeout", "3600", "--max-connections-per-address", "0")


@dataclass
class Slow:
    """The slow connections of one row: when each opened, and how long each was held."""

    opened: dict[socket.socket, float] = field(default_factory=dict)
    refused: int = 0  # closed within 0.5 s of opening (the cap), or never connected
    held: list[float] = field(default_factory=list)  # seconds until the server closed it
    stop: threading.Event = field(default_factory=threading.Event)

    def open(self, port: int, count: int, addresses: int) -> None:
        for k in range(count):
            sock = socket.socket()
            sock.bind((f"127.0.2.{1 + k % addresses}", 0))
            sock.setblocking(False)
            sock.connect_ex(("127.0.0.1", port))
            self.opened[sock] = time.monotonic()
        time.sleep(0.2)
        for sock in self.opened:
            with contextlib.suppress(OSError):
                sock.send(b"GET /api/health HTTP/1.1\r\nHost: bench\r\nX-Slow: ")

    def trickle(self, every: float) -> None:
        """A byte to each open connection every ``every`` seconds; note those the server closed."""
        waiting = dict(self.opened)
        next_byte = time.monotonic() + every
        while waiting and not self.stop.is_set():
            readable, _, _ = select.select(list(waiting), [], [], 0.05)
            now = time.monotonic()
            for sock in readable:
                with contextlib.suppress(OSError):
                    sock.recv(4096)
                took = now - waiting.pop(sock)
                if took < 0.5:
                    self.refused += 1
                else:
                    self.held.append(took)
            if now >= next_byte:
                next_byte = now + every
                for sock in list(waiting):
                    try:
                        sock.send(b"a")
                    except BlockingIOError:
                        pass
                    except OSError:
                        took = now - waiting.pop(sock)
                        self.refused, self.held = ((self.refused + 1, self.held) if took < 0.5
                                                   else (self.refused, [*self.held, took]))

    def close(self) -> None:
        for sock in self.opened:
            sock.close()


def visit(port: int) -> float | None:
    """Seconds a GET /api/health took on a new connection, or None if it failed."""
    start = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2.0)
    try:
        connection.request("GET", "/api/health")
        answer = connection.getresponse()
        answer.read()
        return time.perf_counter() - start if answer.status == 200 else None
    except OSError:
        return None
    finally:
        connection.close()


def row(args: argparse.Namespace, folder: Path, addresses: int, limits: bool) -> list[str]:
    extra = () if limits else UNLIMITED
    with ServerProcess(f"sqlite:///{folder / f'{addresses}-{limits}.db'}", 0.0, folder / "server.log",
                       extra=("--max-connections-per-address", "32", *extra),
                       open_files=args.open_files) as server:
        slow = Slow()
        slow.open(server.port, args.slow, addresses)
        holder = threading.Thread(target=slow.trickle, args=(args.byte_every,), daemon=True)
        holder.start()
        started = time.monotonic()
        times: list[float] = []
        failed, last_failure = 0, None
        for k in range(args.visits):
            time.sleep(max(0.0, started + k * args.seconds / args.visits - time.monotonic()))
            took = visit(server.port)
            if took is None:
                failed, last_failure = failed + 1, time.monotonic() - started
            else:
                times.append(took)
        while time.monotonic() - started < args.seconds and holder.is_alive():
            time.sleep(0.2)
        slow.stop.set()
        holder.join(5)
        still = len(slow.opened) - slow.refused - len(slow.held)
        slow.close()

    def ms(values: list[float], q: float) -> str:
        if not values:
            return "—"
        ordered = sorted(values)
        return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:.0f} ms"

    failures = f"{failed}/{args.visits}" + (f", the last at {last_failure:.1f} s" if last_failure else "")
    return [("serve's" if limits else "none"), str(addresses), ms(times, 0.5), ms(times, 0.99),
            ms(times, 1.0), failures, str(slow.refused),
            f"{statistics.median(slow.held):.1f} s" if slow.held else "—",
            f"{max(slow.held):.1f} s" if slow.held else "—", f"{still} (after {args.seconds:g} s)"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--slow", type=int, default=300, help="slow connections (default 300)")
    parser.add_argument("--addresses", default="1,10", help="rows: the loopback addresses the slow "
                        "connections come from, comma-separated (default 1,10)")
    parser.add_argument("--visits", type=int, default=50, help="the visitor's requests (default 50)")
    parser.add_argument("--open-files", type=int, default=256, help="the server's file descriptors "
                        "(default 256)")
    parser.add_argument("--byte-every", type=float, default=1.0, help="seconds between two bytes of a "
                        "slow connection (default 1)")
    parser.add_argument("--seconds", type=float, default=25.0, help="how long a row lasts (default 25)")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # the clients' own sockets
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, args.slow + 1024)), hard))
    console = Console(width=max(160, Console().width))
    table = Table(title=f"{args.slow} slow connections, a visitor's GET /api/health, server with "
                        f"{args.open_files} file descriptors")
    for title in ("limits", "addresses", "visitor p50", "p99", "max", "visits failed", "slow refused at once",
                  "slow held (median)", "(max)", "slow still open"):
        table.add_column(title, justify="right")
    with tempfile.TemporaryDirectory() as folder:
        for addresses in (int(a) for a in args.addresses.split(",")):
            for limits in (True, False):
                table.add_row(*row(args, Path(folder), addresses, limits))
                state = "on" if limits else "off"
                console.print(f"[dim]row done: {addresses} address(es), limits {state}[/]")
    console.print(table)


if __name__ == "__main__":
    report_and_exit(main)
