"""The bare server against slow and crowding clients (server/connections.py), on a real ``serve``
with a 1 s deadline, a cap of a few connections per address and 256 file descriptors (the
issue's measure: there, 260 connections that never finished their headers made every visitor
fail for 100 s).

Loopback addresses 127.0.0.x stand for distinct clients (Linux routes all of 127/8 to ``lo``).
No test measures a time: each waits, within a generous bound, for an outcome (closed, refused,
served)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import select
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
import websockets.sync.client

from ludotheque.server import connections
from ludotheque.server.hosting import Hosting
from ludotheque.server.process import ServerProcess, free_port

#: The server's limits: a client has DEADLINE seconds to send a request; an address holds CAP
#: connections at once.
DEADLINE = 1
CAP = 8
#: How long a test waits for an outcome before it fails (many deadlines).
PATIENCE = 20.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("connections")
    with ServerProcess(f"sqlite:///{folder / 'tables.db'}", 0.0, folder / "server.log", open_files=256,
                       extra=("--request-timeout", str(DEADLINE),
                              "--max-connections-per-address", str(CAP))) as running:
        yield running
    log = (folder / "server.log").read_text(errors="replace")
    assert "Traceback" not in log, log[-3000:]


def connect(port: int, client: str = "127.0.0.1") -> socket.socket:
    """A connection to the server on ``port`` from the loopback address ``client``."""
    return socket.create_connection(("127.0.0.1", port), timeout=PATIENCE, source_address=(client, 0))


def until_closed(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (fails past PATIENCE)."""
    received = b""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(4096)
        except ConnectionResetError:
            return received
        except TimeoutError:
            break
        if not chunk:
            return received
        received += chunk
    raise AssertionError(f"still open after {PATIENCE} s: {received[:200]!r}")


def request(sock: socket.socket, path: str = "/api/health") -> bytes:
    """A whole GET on a kept-alive connection, and its whole answer."""
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: test\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        assert chunk, "closed before answering"
        head += chunk
    head, _, body = head.partition(b"\r\n\r\n")
    length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length")))
    while len(body) < length:
        body += sock.recv(4096)
    return head


def served(server: ServerProcess, client: str = "127.0.0.1") -> bool:
    """Whether a visitor from ``client`` gets ``/api/health``, trying again within PATIENCE."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        try:
            with connect(server.port, client) as sock:
                if request(sock).startswith(b"HTTP/1.1 200"):
                    return True
        except (OSError, AssertionError, StopIteration):
            time.sleep(0.2)
    return False


def test_a_request_line_never_finished_is_answered_408_and_closed(server: ServerProcess) -> None:
    with connect(server.port) as sock:
        sock.sendall(b"GET /api/hea")
        answer = until_closed(sock)
    assert answer.startswith(b"HTTP/1.1 408")
    assert json.loads(answer.partition(b"\r\n\r\n")[2])["code"] == "request_timeout"


def test_a_connection_that_sends_nothing_is_closed(server: ServerProcess) -> None:
    with connect(server.port) as sock:
        assert until_closed(sock) == b""  # nothing of a request came: closed without a word


def test_a_request_trickled_a_byte_at_a_time_is_cut_off(server: ServerProcess) -> None:
    """uvicorn's #157: every byte used to reset the only timer there was."""
    with connect(server.port) as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: test\r\nX-Slow: ")
        deadline = time.monotonic() + PATIENCE
        while time.monotonic() < deadline:
            try:
                sock.sendall(b"a")
            except OSError:
                break  # closed (and reset) under us
            if select.select([sock], [], [], 0.2)[0]:
                break
        else:
            raise AssertionError("the trickling connection was never closed")
        answer = until_closed(sock)
    assert answer == b"" or answer.startswith(b"HTTP/1.1 408")


def test_a_body_trickled_a_byte_at_a_time_is_cut_off(server: ServerProcess) -> None:
    with connect(server.port) as sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 1000\r\n\r\n{")
        deadline = time.monotonic() + PATIENCE
        closed = False
        while time.monotonic() < deadline and not closed:
            try:
                sock.sendall(b" ")
            except OSError:
                closed = True
            closed = closed or bool(select.select([sock], [], [], 0.2)[0])
        assert closed, "the trickling body was never cut off"


def test_kept_alive_each_request_has_its_own_deadline(server: ServerProcess) -> None:
    with connect(server.port) as sock:
        assert request(sock).startswith(b"HTTP/1.1 200")
        assert request(sock).startswith(b"HTTP/1.1 200")  # the same connection, served again
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHo")
        assert until_closed(sock).startswith(b"HTTP/1.1 408")


def _table(server: ServerProcess) -> str:
    answer = httpx.post(f"{server.url}/api/tables", json={"game": "gargon", "seats": ["human"] * 3})
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


@contextlib.contextmanager
def watching(server: ServerProcess, table: str, client: str = "127.0.0.1") -> Iterator[
        websockets.sync.client.ClientConnection]:
    """A spectator's websocket from ``client``, past its hello."""
    url = f"{server.ws_url}/ws/tables/{table}"
    with websockets.sync.client.connect(url, sock=connect(server.port, client), open_timeout=PATIENCE) as ws:
        ws.send(json.dumps({"type": "hello", "token": None}))
        assert json.loads(ws.recv(timeout=PATIENCE))["type"] == "view"
        yield ws


def test_a_websocket_outlives_the_deadline(server: ServerProcess) -> None:
    with watching(server, _table(server)) as ws:
        time.sleep(3 * DEADLINE)  # three deadlines of silence
        ws.send(json.dumps({"type": "sync"}))
        assert json.loads(ws.recv(timeout=PATIENCE))["type"] == "view"


def test_an_address_over_its_cap_is_refused_and_others_are_served(server: ServerProcess) -> None:
    """Websockets hold the address's connections (they count, and have no request deadline)."""
    table = _table(server)
    with contextlib.ExitStack() as held:
        sockets = [held.enter_context(watching(server, table, "127.0.0.3")) for _ in range(CAP)]
        with connect(server.port, "127.0.0.3") as over:
            over.sendall(b"GET /api/health HTTP/1.1\r\nHost: test\r\n\r\n")
            answer = until_closed(over)  # refused before a byte is read: maybe reset before the 429 is
        assert answer == b"" or answer.startswith(b"HTTP/1.1 429")
        assert served(server, "127.0.0.4")  # another address is not concerned
        sockets[0].close()
        assert served(server, "127.0.0.3")  # one closed: there is room again


def test_three_hundred_slow_connections_leave_room_for_a_visitor(server: ServerProcess) -> None:
    """300 connections that never finish a request, from 40 addresses (each under its cap), on a
    server with 256 file descriptors: each is cut off at its deadline, and a visitor is served."""
    slow: list[socket.socket] = []
    try:
        for k in range(300):
            sock = socket.socket()
            sock.setblocking(False)
            sock.bind((f"127.0.1.{1 + k % 40}", 0))
            sock.connect_ex(("127.0.0.1", server.port))
            slow.append(sock)
        select.select([], slow, [], PATIENCE)
        for sock in slow:
            with contextlib.suppress(OSError):
                sock.send(b"GET / HTTP/1.1\r\nX-Slow: ")
        assert served(server, "127.0.0.9")
        deadline = time.monotonic() + PATIENCE
        open_ = list(slow)
        while open_ and time.monotonic() < deadline:  # a byte now and then: each is still cut off
            for sock in open_:
                with contextlib.suppress(OSError):
                    sock.send(b"a")
            readable, _, _ = select.select(open_, [], [], 0.3)
            for sock in readable:  # a 408 and the end, or the end alone
                with contextlib.suppress(OSError):
                    sock.recv(4096)
                open_.remove(sock)
        assert not open_, f"{len(open_)} slow connections still open"
    finally:
        for sock in slow:
            sock.close()


def test_near_the_limit_of_open_files_the_longest_waiting_connection_makes_room(
        tmp_path: Path) -> None:
    """With a deadline far away (60 s), 300 slow connections from 40 addresses, each under its cap,
    would hold all 256 file descriptors until it: near the limit, each newcomer closes the one that
    waited longest for its request, so a visitor is served now (before PATIENCE, a third of the
    deadline), and the first slow ones are the ones closed."""
    limits = ("--request-timeout", "60", "--max-connections-per-address", str(CAP))
    with ServerProcess(f"sqlite:///{tmp_path / 'tables.db'}", 0.0, tmp_path / "server.log", open_files=256,
                       extra=limits) as server:
        slow: list[socket.socket] = []
        try:
            for k in range(300):
                sock = socket.socket()
                sock.setblocking(False)
                sock.bind((f"127.0.2.{1 + k % 40}", 0))
                sock.connect_ex(("127.0.0.1", server.port))
                slow.append(sock)
                if k % 20 == 19:  # in order: the first ones are the longest waiting
                    select.select([], slow[-20:], [], PATIENCE)
                    for each in slow[-20:]:
                        with contextlib.suppress(OSError):
                            each.send(b"GET / HTTP/1.1\r\nX-Slow: ")
            assert served(server, "127.0.0.9")
            closed = [k for k, sock in enumerate(slow) if _closed_by_server(sock)]
            assert closed and min(closed) == 0 and len(closed) < 300
        finally:
            for sock in slow:
                sock.close()


def _closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closed ``sock`` (it is readable: a 408 then the end, or the end)."""
    readable, _, _ = select.select([sock], [], [], 0)
    return bool(readable)


def test_the_log_says_nothing_of_a_bug(server: ServerProcess) -> None:
    assert server.log_path is not None
    log = Path(server.log_path).read_text(errors="replace")
    assert "Traceback" not in log and "Exception in" not in log, log[-3000:]


async def _tiny_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """Answers every request 200 (``/slow`` after two deadlines), and accepts and echoes websockets."""
    if scope["type"] == "http":
        if scope["path"] == "/slow":
            await asyncio.sleep(2 * DEADLINE)
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
        await send({"type": "http.response.body", "body": b"ok"})
    elif scope["type"] == "websocket":
        await receive()
        await send({"type": "websocket.accept"})
        while (message := await receive())["type"] == "websocket.receive":
            await send({"type": "websocket.send", "text": message.get("text", "")})


@pytest.mark.parametrize("implementation", ["h11", "httptools"])
def test_both_of_uvicorns_protocols_are_guarded(implementation: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """serve uses httptools' protocol (``http="auto"``), or h11's where httptools is missing."""
    protocol = {"h11": connections.GuardedH11Protocol,
                "httptools": connections.GuardedHttpToolsProtocol}[implementation]
    limits = Hosting(request_timeout=DEADLINE, per_address=2)
    monkeypatch.setattr(connections, "_crowd", connections.Crowd(limits))
    port = free_port()
    running = uvicorn.Server(uvicorn.Config(_tiny_app, port=port, http=protocol, log_level="warning",
                                            lifespan="off"))
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + PATIENCE
        while not running.started and time.monotonic() < deadline:
            time.sleep(0.05)
        with websockets.sync.client.connect(f"ws://127.0.0.1:{port}/", sock=connect(port, "127.0.0.5")) as ws:
            time.sleep(2 * DEADLINE)
            ws.send("still here")
            assert ws.recv(timeout=PATIENCE) == "still here"
            with connect(port, "127.0.0.5") as second:
                second.sendall(b"GET / HT")
                assert until_closed(second).startswith(b"HTTP/1.1 408")
            with connect(port, "127.0.0.5") as kept, connect(port, "127.0.0.5") as over:
                assert until_closed(over).startswith(b"HTTP/1.1 429")  # the websocket and "kept"
                assert request(kept, "/").startswith(b"HTTP/1.1 200")
                assert request(kept, "/slow").startswith(b"HTTP/1.1 200")  # the server's time is not counted
    finally:
        running.should_exit = True
        thread.join(10)
