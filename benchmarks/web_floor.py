"""What the web table's sockets cost before any game: the floor under ``web_tables.py``'s CPU an action.

    .venv/bin/python benchmarks/web_floor.py [--tables 50] [--players 4] [--seconds 20] [--bytes 930]
        [--again 0.32]

A server process runs the web table's own socket stack (uvicorn with ``serve``'s settings and its
guarded HTTP protocol, FastAPI behind the ``SecureAnswers`` middleware, each message checked by
``inputs.decode``, each socket written by its own ``Watcher``) but no game, no store and no view:
an action is answered at once by one update of ``--bytes`` characters offered to every seat of
its table, naming the next seat to act, and ``--again`` of the time by a second one (a move the
table plays for a seat: ``web_tables.py`` sees 1.32 updates a seat an action, 930 characters on
average, in 4-player Gargon). The clients run as ``web_tables.py``'s do, in one asyncio loop in
this process, each seat decoding every frame and acting at once on its turn (but keeping no
view). Reported: actions per second, the latency from an action sent to the next update, and the
server's CPU an action: what no change to the tables, views or store can take away while the
sockets stay as they are. This script only prints; it never fails a build.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import websockets
from fastapi import WebSocket, WebSocketDisconnect  # (module level: FastAPI reads the route's annotations)
from rich.console import Console

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import report_and_exit  # noqa: E402
from web_tables import cpu_seconds  # noqa: E402

from ludotheque.server.process import free_port  # noqa: E402


def serve(port: int, size: int, again: float) -> None:
    """The server process: the web table's socket stack around tables that only pass the turn."""
    import uvicorn
    from fastapi import FastAPI

    from ludotheque.server.app import UVICORN
    from ludotheque.server.connections import protocol
    from ludotheque.server.headers import SecureAnswers
    from ludotheque.server.inputs import decode
    from ludotheque.server.watchers import Watcher

    tables: dict[str, dict[int, Watcher]] = {}
    rng = random.Random(0)
    app = FastAPI()

    def publish(table: dict[int, Watcher], to_act: int, version: int) -> None:
        head = json.dumps({"type": "update", "version": version, "to_act": to_act, "pad": ""})
        text = head[:-2] + "x" * max(size - len(head), 0) + '"}'
        for watcher in table.values():
            watcher.offer(text)

    @app.websocket("/ws/{table_id}/{seat}/{players}")
    async def seat_socket(websocket: WebSocket, table_id: str, seat: int, players: int) -> None:
        await websocket.accept()
        table = tables.setdefault(table_id, {})
        watcher = Watcher(websocket, seat, "en", lambda _: None)
        table[seat] = watcher
        version = 0
        if len(table) == players:
            publish(table, 0, version)
        try:
            while True:
                message = decode(await websocket.receive_text())
                version = int(message["version"]) + 1
                to_act = (seat + 1) % players
                if rng.random() < again:  # a move the table plays for the next seat
                    publish(table, to_act, version)
                    version, to_act = version + 1, (to_act + 1) % players
                publish(table, to_act, version)
        except WebSocketDisconnect:
            pass
        finally:
            await watcher.stop()
            table.pop(seat, None)
            if not table:
                tables.pop(table_id, None)

    # (a plain function: uvicorn is told it is an ASGI 3 app rather than left to guess)
    uvicorn.run(SecureAnswers(app), host="127.0.0.1", port=port, http=protocol(), interface="asgi3",
                **UVICORN)


async def play_seat(url: str, seat: int, latencies: list[float], window: tuple[float, float],
                    deadline: float) -> int:
    """One seat: decode every frame, act at once on its turn; the actions it sent within
    ``window`` (``time.perf_counter``'s)."""
    since, until = window
    sent = 0
    async with websockets.connect(url, max_size=None, compression=None) as connection:
        sent_at: float | None = None
        while time.monotonic() < deadline:
            try:
                text = await asyncio.wait_for(connection.recv(), timeout=deadline - time.monotonic())
            except TimeoutError:
                break
            message = json.loads(text)
            if sent_at is not None:
                if since <= sent_at < until:
                    latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if message["to_act"] == seat:
                sent_at = time.perf_counter()
                action = {"type": "action", "action": "pass", "version": message["version"]}
                await connection.send(json.dumps(action))
                sent += since <= sent_at < until
    return sent


async def run(port: int, tables: int, players: int, seconds: float, warmup: float,
              pid: int) -> tuple[int, float, float, float, list[float]]:
    """Play; the actions sent in the measured window, its length, the server's and the clients'
    CPU seconds in it, and the latencies of its actions."""
    since = time.perf_counter() + warmup
    window = (since, since + seconds)
    latencies: list[float] = []
    seats = [play_seat(f"ws://127.0.0.1:{port}/ws/t{t}/{s}/{players}", s, latencies, window,
                       time.monotonic() + warmup + seconds + 2.0)
             for t in range(tables) for s in range(players)]
    playing = asyncio.gather(*seats)
    await asyncio.sleep(warmup)
    cpu, start, mine = cpu_seconds([pid]), time.perf_counter(), time.process_time()
    await asyncio.sleep(seconds)
    cpu, elapsed, mine = cpu_seconds([pid]) - cpu, time.perf_counter() - start, time.process_time() - mine
    return sum(await playing), elapsed, cpu, mine, latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=20.0, help="measure this long")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds played but not measured")
    parser.add_argument("--bytes", type=int, default=930, help="characters of an update")
    parser.add_argument("--again", type=float, default=0.32,
                        help="share of actions followed by a second update (a move played for a seat)")
    parser.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)  # the server process
    args = parser.parse_args()
    if args.serve is not None:
        serve(args.serve, args.bytes, args.again)
        return
    port = free_port()
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(port), "--bytes", str(args.bytes),
                               "--again", str(args.again)], stdin=subprocess.DEVNULL)
    try:
        while server.poll() is None:  # until it listens
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1.0).close()
                break
            except OSError:
                time.sleep(0.1)
        measured = run(port, args.tables, args.players, args.seconds, args.warmup, server.pid)
        sent, elapsed, cpu, clients, latencies = asyncio.run(measured)
    finally:
        server.terminate()
        server.wait(10)
    console = Console()
    ms = sorted(1000 * x for x in latencies)
    if not sent or not ms:
        console.print("[red]no action was answered[/]")
        return

    def pct(p: float) -> float:
        return ms[min(len(ms) - 1, int(p / 100 * len(ms)))]

    console.print(f"[bold]{sent} actions in {elapsed:.1f} s: {sent / elapsed:,.0f} actions/s[/] "
                  f"({args.tables} tables of {args.players}; updates of {args.bytes} characters, "
                  f"{1 + args.again:.2f} a seat an action; no game, no store)")
    console.print(f"latency action → update (ms): p50 {pct(50):.1f} · p90 {pct(90):.1f} · "
                  f"p99 {pct(99):.1f} · max {ms[-1]:.1f} · mean {statistics.fmean(ms):.1f}")
    console.print(f"CPU: server {cpu:.1f} s ([bold]{1000 * cpu / sent:.2f} ms per action[/]), clients "
                  f"{clients:.1f} s, over {elapsed:.1f} s "
                  f"on {os.cpu_count()} cores")


if __name__ == "__main__":
    report_and_exit(main)
