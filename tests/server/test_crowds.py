"""Watchers that cannot slow a table down: a spectator that never reads, hundreds of spectators
coming and going, a socket whose outbox fills up."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import random
import socket
import struct
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import websockets.sync.client
from fastapi.testclient import TestClient

from ludotheque.server.limits import CLOSE_TOO_SLOW, OUTBOX, SEND_SECONDS
from ludotheque.server.watchers import Watcher

from .conftest import Page


def _frame(text: str) -> bytes:
    """A masked text frame, as a client sends it."""
    payload, mask = text.encode(), os.urandom(4)
    size = len(payload)
    header = b"\x81" + (bytes([0x80 | size]) if size < 126 else bytes([0x80 | 126]) + struct.pack("!H", size))
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def stuck_spectator(url: str, table: str) -> socket.socket:
    """A spectator that says hello and then never reads a byte (with a tiny receive buffer)."""
    host, port = url.removeprefix("http://").split(":")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    sock.connect((host, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(f"GET /ws/tables/{table} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    answer = b""
    while not answer.endswith(b"\r\n\r\n"):  # the handshake, byte by byte: not one frame more
        answer += sock.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    sock.sendall(_frame(json.dumps({"type": "hello", "token": None})))
    return sock


def _play(http: httpx.Client, table: str, tokens: dict[int, str], until: int) -> None:
    """Play random legal actions (long games: large views) up to step ``until`` or the end, each
    answered (httpx gives up after 5 s: a frozen table fails here)."""
    rng = random.Random(8)
    while True:
        view = http.post(f"/api/tables/{table}/view", json={"token": tokens[0]}).json()
        if view["terminal"] or view["version"] >= until:
            return
        token = tokens[view["to_act"]]
        mine = http.post(f"/api/tables/{table}/view", json={"token": token}).json()
        legal = mine["legal"] if mine["version"] == view["version"] else []
        if len(legal) < 2:  # the table moved meanwhile, or plays this seat's only choice for it
            continue
        chosen = {"token": token, "action": rng.choice(legal)["action"], "version": view["version"]}
        answer = http.post(f"/api/tables/{table}/actions", json=chosen)
        assert answer.status_code == 200, answer.text


def test_a_spectator_that_never_reads_delays_nobody(start_server: Callable[..., Any], tmp_path: Path) -> None:
    """The issue's frozen table: midway through a game (a long log: large views), a spectator
    says hello and never reads while 300 others come and go, and the game is played to the end:
    every newcomer still gets its view, and every action its answer (waits that a frozen table
    would exceed; how long they take is measured by benchmarks/web_fairness.py, not asserted).
    (That the stuck spectator is then dropped is shown below with a socket that blocks at once: a
    real one needs megabytes of kernel buffers filled first.)"""
    server = start_server(f"sqlite:///{tmp_path / 'tables.db'}")
    created = httpx.post(f"{server.url}/api/tables", json={"game": "gargon", "seats": ["human"] * 4}).json()
    table = created["id"]
    tokens = {s["seat"]: s["url"].split("#token=")[1] for s in created["seats"]}
    with httpx.Client(base_url=server.url) as http:
        _play(http, table, tokens, until=80)
        assert not http.get(f"/api/tables/{table}").json()["terminal"]
        stuck = stuck_spectator(server.url, table)
        ws_url = server.url.replace("http://", "ws://") + f"/ws/tables/{table}"
        for _ in range(300):  # others come and go (each used to send every watcher a whole view)
            with websockets.sync.client.connect(ws_url) as other:
                other.send(json.dumps({"type": "hello", "token": None}))
                assert json.loads(other.recv(timeout=10))["type"] == "view"
        _play(http, table, tokens, until=10_000)
        assert http.get(f"/api/tables/{table}").json()["version"] > 100
    stuck.close()


def test_hundreds_of_spectators_coming_and_going_send_nothing_to_the_others(client: TestClient,
                                                                           tables: Any) -> None:
    """Each spectator gets its own whole view; a seat's page hears nothing of them, and exactly one
    small presence message when another seat arrives."""
    table, tokens = tables.create(["human"] * 3, first_player=0)
    with client.websocket_connect(f"/ws/tables/{table}") as seat0:
        seat0.send_json({"type": "hello", "token": tokens[0]})
        page = Page(seat0.receive_text)
        page.receive()
        for _ in range(3):
            with contextlib.ExitStack() as crowd:
                for _ in range(100):
                    spectator = crowd.enter_context(client.websocket_connect(f"/ws/tables/{table}"))
                    spectator.send_json({"type": "hello", "token": None})
                    assert spectator.receive_json()["type"] == "view"
        with client.websocket_connect(f"/ws/tables/{table}") as seat1:
            seat1.send_json({"type": "hello", "token": tokens[1]})
            seat1.receive_json()
            text, message = page.receive_text(), None
            message = json.loads(text)
            assert message == {"type": "presence", "connected": [0, 1]}  # the first frame since the view
            assert len(text) < 100


class _StuckSocket:
    """A websocket whose sends never finish (a client that does not read)."""

    def __init__(self) -> None:
        self.sent: list[Any] = []
        self.closed = asyncio.Event()

    async def send(self, message: Any) -> None:
        self.sent.append(message)
        if message.get("type") == "websocket.close":
            self.closed.set()
        await asyncio.Event().wait()  # forever

    async def close(self, code: int) -> None:
        await self.send({"type": "websocket.close", "code": code})


def test_an_outbox_that_fills_up_drops_its_watcher_without_waiting() -> None:
    async def scenario() -> None:
        gone: list[Watcher] = []
        watcher = Watcher(_StuckSocket(), None, "en", gone.append)  # type: ignore[arg-type]
        for n in range(OUTBOX + 10):
            watcher.offer(f'{{"n": {n}}}')  # returns at once, every time
        await asyncio.sleep(0)
        assert watcher.closed == CLOSE_TOO_SLOW and gone == [watcher]

    asyncio.run(asyncio.wait_for(scenario(), 5))


def test_a_frame_that_does_not_leave_in_time_drops_its_watcher_at_the_next_tick() -> None:
    """The table's tick (every second) drops a socket whose frame has been written for more than
    SEND_SECONDS, not sooner, and cancels that frame; a socket that is not writing is left alone."""
    async def scenario() -> None:
        gone: list[Watcher] = []
        stuck = Watcher(_StuckSocket(), None, "en", gone.append)  # type: ignore[arg-type]
        idle = Watcher(_StuckSocket(), None, "en", gone.append)  # type: ignore[arg-type]
        stuck.offer('{"n": 1}')
        await asyncio.sleep(0)  # its writer takes the frame and blocks on it
        began = time.monotonic()
        for watcher in (stuck, idle):
            watcher.check_sending(began + SEND_SECONDS - 1)
        assert stuck.closed is None and gone == []
        for watcher in (stuck, idle):
            watcher.check_sending(began + SEND_SECONDS + 1)
        assert stuck.closed == CLOSE_TOO_SLOW and gone == [stuck] and idle.closed is None
        await asyncio.sleep(0)
        assert stuck._writer.cancelled()  # and the frame with it

    asyncio.run(asyncio.wait_for(scenario(), 5))
