"""``serve`` as a public server behind a proxy, tried on real servers with the proxy's headers sent
by the test: the client's address comes from ``X-Forwarded-For`` only with ``--proxy-headers``
(in the access log, in the tables an address may make a minute), the proxy itself is not capped,
and under ``--root-path /ludo`` every page, script, API call and websocket stays under the
prefix, whether the proxy strips it or not."""

from __future__ import annotations

import json
import re
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets.sync.client

from ludotheque.server import create_app
from ludotheque.server.prefix import RESERVED
from ludotheque.server.process import ServerProcess

TABLES_PER_MINUTE = 2
GARGON = {"game": "gargon", "seats": ["human", "bot:random", "bot:random"]}
CAP = 2
PATIENCE = 20.0


def _server(folder: Path, *extra: str) -> ServerProcess:
    return ServerProcess(f"sqlite:///{folder / 'tables.db'}", 0.0, folder / "server.log",
                         extra=("--access-log", "--tables-per-minute", str(TABLES_PER_MINUTE),
                                "--max-connections-per-address", str(CAP), *extra))


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """Behind a proxy on 127.0.0.1, under the prefix /ludo."""
    with _server(tmp_path_factory.mktemp("proxied"), "--proxy-headers", "--forwarded-allow-ips", "127.0.0.1",
                 "--root-path", "/ludo") as running:
        yield running
    _no_bug(running)


@pytest.fixture(scope="module")
def bare(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """Without --proxy-headers: forwarded headers are the client's words, ignored."""
    with _server(tmp_path_factory.mktemp("bare")) as running:
        yield running
    _no_bug(running)


def _no_bug(server: ServerProcess) -> None:
    assert server.log_path is not None
    log = server.log_path.read_text(errors="replace")
    assert "Traceback" not in log and "ERROR" not in log, log[-3000:]


def logged(server: ServerProcess, pattern: str) -> str:
    """The first access-log line matching ``pattern`` (waits for it to be written)."""
    assert server.log_path is not None
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        found = re.search(pattern, server.log_path.read_text(errors="replace"), re.MULTILINE)
        if found:
            return found.group(0)
        time.sleep(0.1)
    raise AssertionError(f"no line {pattern!r} in the log")


def forwarded(client: str) -> dict[str, str]:
    return {"X-Forwarded-For": client, "X-Forwarded-Proto": "https"}


def new_table(base: str, client: str, lang: str = "en") -> httpx.Response:
    headers = {**forwarded(client), "Accept-Language": lang}
    return httpx.post(f"{base}/api/tables", json=GARGON, headers=headers)


def test_the_access_log_names_the_forwarded_client(proxied: ServerProcess) -> None:
    answer = httpx.get(f"{proxied.url}/ludo/api/health?token=secret-in-a-query",
                       headers=forwarded("203.0.113.7"))
    assert answer.status_code == 200
    line = logged(proxied, r'^.* 203\.0\.113\.7 "GET /ludo/api/health" 200 [\d.]+ ms$')
    assert "secret" not in proxied.log_path.read_text()  # type: ignore[union-attr]
    assert line


def test_without_proxy_headers_the_log_names_the_connection(bare: ServerProcess) -> None:
    assert httpx.get(f"{bare.url}/api/health", headers=forwarded("203.0.113.7")).status_code == 200
    logged(bare, r'^.* 127\.0\.0\.1 "GET /api/health" 200 [\d.]+ ms$')
    assert "203.0.113.7" not in bare.log_path.read_text()  # type: ignore[union-attr]


def test_the_access_log_cannot_be_forged_by_a_path(bare: ServerProcess) -> None:
    httpx.get(f"{bare.url}/nothing%0A1999-01-01%20forged")
    line = logged(bare, r'^.*"GET /nothing.*$')
    assert "\\x0a1999-01-01 forged" in line


def test_tables_a_minute_are_counted_by_forwarded_address(proxied: ServerProcess) -> None:
    base = f"{proxied.url}/ludo"
    for _ in range(TABLES_PER_MINUTE):
        assert new_table(base, "203.0.113.8").status_code == 201
    refused = new_table(base, "203.0.113.8")
    assert refused.status_code == 429
    assert refused.json()["code"] == "too_many_tables" and "a minute" in refused.json()["detail"]
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert "par minute" in new_table(base, "203.0.113.8", "fr").json()["detail"]
    assert new_table(base, "203.0.113.9").status_code == 201  # another client, the same proxy


def test_without_proxy_headers_a_forwarded_address_buys_nothing(bare: ServerProcess) -> None:
    answers = [new_table(bare.url, f"198.51.100.{k}").status_code for k in range(TABLES_PER_MINUTE + 1)]
    assert answers == [201] * TABLES_PER_MINUTE + [429]


def test_a_rematch_counts_as_a_new_table(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from ludotheque.server.hosting import Hosting

    app = create_app(f"sqlite:///{tmp_path / 't.db'}", 0.0, hosting=Hosting(tables_per_minute=1))
    with TestClient(app) as client:
        made = client.post("/api/tables", json=GARGON)
        token = made.json()["seats"][0]["url"].split("#token=")[1]
        again = client.post(f"/api/tables/{made.json()['id']}/rematch", json={"token": token})
    assert again.status_code == 429 and again.json()["code"] == "too_many_tables"  # before "not over"


def _served_on(sockets: list[socket.socket], port: int) -> list[bool]:
    """Whether each connection gets an answer to GET /api/health (the refused ones are closed)."""
    out = []
    for sock in sockets:
        try:
            sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: test\r\n\r\n")
            out.append(sock.recv(100).startswith(b"HTTP/1.1 200"))
        except OSError:
            out.append(False)
    return out


def test_the_trusted_proxy_is_not_capped_but_other_addresses_are(proxied: ServerProcess) -> None:
    def connections(client: str) -> list[socket.socket]:
        return [socket.create_connection(("127.0.0.1", proxied.port), timeout=PATIENCE,
                                         source_address=(client, 0)) for _ in range(CAP + 1)]

    trusted, other = connections("127.0.0.1"), connections("127.0.0.6")
    try:
        assert _served_on(trusted, proxied.port) == [True] * (CAP + 1)
        assert _served_on(other, proxied.port) == [True] * CAP + [False]
    finally:
        for sock in trusted + other:
            sock.close()


@pytest.mark.parametrize("path", ["/ludo/", "/"])
def test_pages_point_under_the_prefix_whether_the_proxy_strips_it_or_not(proxied: ServerProcess,
                                                                         path: str) -> None:
    page = httpx.get(proxied.url + path)
    assert page.status_code == 200 and '<base href="/ludo/">' in page.text
    for asset in ("/ludo/static/js/api.js", "/static/js/api.js", "/ludo/games/gargon/board.js",
                  "/ludo/api/games", "/ludo/docs", "/ludo/openapi.json"):
        assert httpx.get(proxied.url + asset).status_code == 200, asset
    assert httpx.get(f"{proxied.url}/ludo/t/nosuchtable").status_code == 404


def test_the_prefix_alone_leads_to_the_lobby(proxied: ServerProcess) -> None:
    answer = httpx.get(f"{proxied.url}/ludo?lang=fr")
    assert answer.status_code == 307 and answer.headers["location"] == "/ludo/?lang=fr"


def test_the_websocket_is_under_the_prefix(proxied: ServerProcess) -> None:
    table = new_table(f"{proxied.url}/ludo", "203.0.113.10").json()["id"]
    with websockets.sync.client.connect(f"{proxied.ws_url}/ludo/ws/tables/{table}") as ws:
        ws.send(json.dumps({"type": "hello", "token": None}))
        assert json.loads(ws.recv(timeout=PATIENCE))["type"] == "view"


def test_a_browser_plays_under_the_prefix(proxied: ServerProcess, chromium: Any, open_page: Any) -> None:
    """Every request the pages make stays under /ludo/: the lobby, the table it leads to (its
    board module, its websocket), the links it shows."""
    page = open_page(chromium)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.on("websocket", lambda socket: asked.append(socket.url))
    page.set_extra_http_headers(forwarded("203.0.113.11"))
    page.goto(f"{proxied.url}/ludo/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "gargon")
    page.click("#create")  # you and bots: straight to your seat
    page.wait_for_url("**/ludo/t/*#token=*")
    page.wait_for_selector("#board *")
    assert page.evaluate("document.body.dataset.seat") == "0"
    page.wait_for_function("document.body.dataset.version !== undefined")
    assert page.evaluate("document.querySelector('a.brand').href") == f"{proxied.url}/ludo/"
    outside = [url for url in asked if not url.startswith(f"{proxied.url}/ludo/") and
               not url.startswith(f"{proxied.ws_url}/ludo/") and not url.startswith("data:")]
    assert not outside, outside
    assert any(url.startswith(f"{proxied.ws_url}/ludo/ws/tables/") for url in asked)


def test_the_reserved_segments_are_the_apps_own() -> None:
    """A prefix may not start like one of the app's paths (prefix.py keeps the list)."""
    app = create_app("sqlite://")
    heads = {str(getattr(route, "path", "")).split("/")[1] for route in app.routes} - {""}
    assert heads <= RESERVED, heads - RESERVED
