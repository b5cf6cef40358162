"""One seat renaming itself as fast as it can, watched by many pages.

    .venv/bin/python benchmarks/web_renames.py [--watchers 100] [--seconds 20]

A real ``ludotheque serve`` (a fresh SQLite file); ``--watchers`` spectator sockets watch one
table while one seat's holder sends ``POST …/name`` back to back for ``--seconds``. Reported: the
renames tried and accepted, and the whole views the watchers received meanwhile (each a page's
full redraw). This script only prints; it never fails a build.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets
from rich.console import Console

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import report_and_exit  # noqa: E402

from ludotheque.server.process import ServerProcess  # noqa: E402


async def watch(url: str, views: list[int], index: int, stop: asyncio.Event) -> None:
    async with websockets.connect(url, max_size=None) as socket:
        await socket.send(json.dumps({"type": "hello", "token": None, "lang": "en"}))
        while not stop.is_set():
            try:
                message = await asyncio.wait_for(socket.recv(), 0.5)
            except TimeoutError:
                continue
            if json.loads(message).get("type") == "view":
                views[index] += 1


async def run(base: str, watchers: int, seconds: float) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        table = (await http.post("/api/tables", json={"game": "gargon",
                                                      "seats": ["human", "human", "bot:random"]})).json()
        token = table["seats"][0]["url"].split("#token=", 1)[1]
        views, stop = [0] * watchers, asyncio.Event()
        url = base.replace("http", "ws", 1) + f"/ws/tables/{table['id']}"
        tasks = [asyncio.create_task(watch(url, views, index, stop)) for index in range(watchers)]
        while sum(views) < watchers:  # every page has its first view
            await asyncio.sleep(0.1)
        first = sum(views)
        tried = accepted = 0
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            answer = await http.post(f"/api/tables/{table['id']}/name",
                                     json={"token": token, "name": f"N{tried}"})
            tried += 1
            accepted += answer.status_code == 200
        await asyncio.sleep(1.0)  # the last views arrive
        stop.set()
        await asyncio.gather(*tasks)
    sent = sum(views) - first
    Console().print(f"{tried} renames tried in {seconds:.0f} s, {accepted} accepted; {sent} whole views to "
                    f"{watchers} watchers ({sent / watchers:.1f} each)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--watchers", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, \
            ServerProcess(f"sqlite:///{Path(folder) / 'bench.db'}", bot_delay=0.0) as server:
        asyncio.run(run(server.url, args.watchers, args.seconds))


if __name__ == "__main__":
    report_and_exit(main)
