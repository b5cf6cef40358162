"""Which of the project's modules one action runs through on the web table, from the websocket
message to every seat's update: issue 32 asks for at most 6 server modules.

    .venv/bin/python benchmarks/action_path.py [GAME ...]

A real server (``create_app`` under uvicorn, SQLite) runs in a thread of this process; a table
of people only, one websocket per seat. Two actions are played first (the caches warm), then the
third is traced with ``sys.setprofile`` in the server's thread, from the moment it is sent until
every seat has its update: each module of the project whose Python code runs, or whose function
Python code calls, counts, in the order first met. The build is pure Python (``LUDOTHEQUE_PURE=1``
is set here): a compiled function calling another compiled one is invisible to the profiler.
A coroutine resumed on an action re-enters every frame it awaits through, so the middleware and
the route that hold the socket count too. This script only prints; it never fails a build.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from types import FrameType
from typing import Any

os.environ.setdefault("LUDOTHEQUE_PURE", "1")  # before the package is imported: every module traced

import httpx  # noqa: E402
import uvicorn  # noqa: E402
import websockets  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import report_and_exit  # noqa: E402

from ludotheque.server.app import create_app  # noqa: E402
from ludotheque.server.process import free_port  # noqa: E402

PLAYERS = {"gargon": 4, "drakon": 3, "kagoun": 2}


class Tracer:
    """The project's modules met in the thread it is installed in, while ``on``."""

    def __init__(self) -> None:
        self.on = False
        self.modules: dict[str, int] = {}  # in the order first met, with the calls counted
        self.functions: dict[str, dict[str, int]] = {}  # by module: each function's calls

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if not self.on or event not in ("call", "c_call"):
            return
        name = frame.f_globals.get("__name__", "") if event == "call" else getattr(arg, "__module__", "")
        if isinstance(name, str) and name.startswith("ludotheque."):
            self.modules[name] = self.modules.get(name, 0) + 1
            function = frame.f_code.co_qualname if event == "call" else getattr(arg, "__qualname__", "?")
            calls = self.functions.setdefault(name, {})
            calls[function] = calls.get(function, 0) + 1


async def _recv(socket: Any, kind: str) -> dict[str, Any]:
    while True:
        message = json.loads(await socket.recv())
        if message["type"] == kind:
            return dict(message)


async def _trace(port: int, game: str, tracer: Tracer) -> None:
    base = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=base) as http:
        made = (await http.post("/api/tables", json={"game": game, "options": {},
                                                     "seats": ["human"] * PLAYERS[game]})).json()
    tokens = [seat["url"].split("#token=")[1] for seat in made["seats"]]
    sockets = [await websockets.connect(f"ws://127.0.0.1:{port}/ws/tables/{made['id']}") for _ in tokens]
    views = []
    for socket, token in zip(sockets, tokens, strict=True):
        await socket.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
        views.append(await _recv(socket, "view"))
    for rounds in range(3):
        await asyncio.sleep(0.3)  # the others' presence messages come and go
        for socket in sockets:  # each page as it is now
            await socket.send(json.dumps({"type": "sync"}))
        views = [await _recv(socket, "view") for socket in sockets]
        mover = next(seat for seat, view in enumerate(views) if view["legal"])
        tracer.on = rounds == 2
        await sockets[mover].send(json.dumps({"type": "action", "action": views[mover]["legal"][0]["action"],
                                              "version": views[mover]["version"]}))
        for socket in sockets:
            await _recv(socket, "update")
        tracer.on = False
    for socket in sockets:
        await socket.close()


def trace(game: str) -> Tracer:
    tracer = Tracer()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(f"sqlite:///{folder}/tables.db", bot_delay=0.0, undo_wait=0.0)
        port = free_port()
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))

        def serve() -> None:
            sys.setprofile(tracer)
            server.run()

        thread = threading.Thread(target=serve, daemon=True)
        thread.start()
        deadline = time.monotonic() + 30
        while not server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        try:
            asyncio.run(_trace(port, game, tracer))
        finally:
            server.should_exit = True
            thread.join(timeout=10)
    return tracer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"of {', '.join(sorted(PLAYERS))} (all)")
    parser.add_argument("--calls", action="store_true",
                        help="each server module's functions, with their calls")
    args = parser.parse_args()
    unknown = sorted(set(args.games) - set(PLAYERS))
    if unknown:
        parser.error(f"no game {', '.join(unknown)}: choose from {', '.join(sorted(PLAYERS))}")
    for game in args.games or sorted(PLAYERS):
        tracer = trace(game)
        ours = [name.removeprefix("ludotheque.") for name in tracer.modules]
        server = [name.removeprefix("server.") for name in ours if name.startswith("server.")]
        others = [name for name in ours if not name.startswith("server.")]
        print(f"{game}: {len(server)} server modules, in the order first met: {', '.join(server)}")
        print(f"  and {len(others)} others: {', '.join(others)}")
        if args.calls:
            for module in server:
                calls = tracer.functions[f"ludotheque.server.{module}"]
                print(f"    {module}: " + ", ".join(f"{name} ×{count}" for name, count in calls.items()))


if __name__ == "__main__":
    report_and_exit(main)
