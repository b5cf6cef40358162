"""Every HTTP answer carries the security headers (headers.py); a path with a control character is
a 400 before any route sees it; a redirect never names the host a request claimed to be for."""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ludotheque.server import create_app
from ludotheque.server.app import WEB
from ludotheque.server.headers import DOCS_POLICY, PAGE_POLICY, has_control, relative
from ludotheque.server.limits import MAX_BODY

COMMON = {"x-content-type-options": "nosniff", "x-frame-options": "DENY", "referrer-policy": "no-referrer"}


def secured(response: Any, policy: str = PAGE_POLICY) -> None:
    for name, value in {**COMMON, "content-security-policy": policy}.items():
        assert response.headers.get(name) == value, (response.request.url, name, response.headers)


def test_every_page_file_and_api_answer_carries_the_headers(client: TestClient, tables: Any) -> None:
    table, tokens = tables.create(["human", "bot:random", "bot:random"])
    for path in ["/", "/leaderboard", "/players/Ann", f"/t/{table}", f"/t/{table}/replay", "/t/nope",
                 "/learn/gargon", "/learn/nope", "/static/css/app.css", "/static/js/table.js",
                 "/games/gargon/board.js", "/games/gargon/nope.js", "/api/games", "/api/tables",
                 f"/api/tables/{table}", f"/api/tables/{table}/record", "/api/leaderboard/gargon",
                 "/api/players/Ann/games", "/api/nope", "/openapi.json"]:
        secured(client.get(path))
    secured(client.head("/"))
    secured(client.post("/api/tables", json={"game": "gargon", "seats": ["human"] * 3}))
    secured(client.post("/api/tables", content=b"{"))  # 400 malformed
    secured(client.post("/api/tables", content=b"[" + b" " * MAX_BODY + b"]"))  # 413 too_large
    secured(client.post(f"/api/tables/{table}/view", json={"token": tokens[0]}))
    for path in ("/docs", "/redoc"):  # FastAPI's pages: their CDN and inline start-up script
        answer = client.get(path)
        assert answer.status_code == 200
        secured(answer, DOCS_POLICY)


def test_a_bug_answers_with_the_headers_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", bot_delay=0.0)

    def broken(*_: Any) -> None:
        raise RuntimeError("a bug")

    with TestClient(app, raise_server_exceptions=False) as client:
        monkeypatch.setattr(app.state.service.store, "list_tables", broken)
        answer = client.get("/api/tables")
        assert answer.status_code == 500 and answer.json()["code"] == "internal"
        secured(answer)


@pytest.mark.parametrize("path", ["/games/gargon/board.js%00.json", "/api/tables/%00", "/t/a%0Ab",
                                  "/players/A%7Fnn", "/api/players/Z%07e/games", "/static/%1B.css",
                                  "/t/a%C2%85b", "/%00"])
def test_a_path_with_a_control_character_is_a_400_before_any_route(
        client: TestClient, path: str, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        answer = client.get(path)
        french = client.get(path, headers={"accept-language": "fr"})
    assert answer.status_code == 400 and answer.json()["code"] == "bad_path", answer.text
    assert "control character" in answer.json()["detail"] and "contrôle" in french.json()["detail"]
    secured(answer)
    assert not caplog.records, [r.getMessage() for r in caplog.records]  # no traceback, no warning


def test_a_socket_with_a_control_character_in_its_path_is_closed_unaccepted(client: TestClient) -> None:
    with pytest.raises(WebSocketDisconnect), client.websocket_connect("/ws/tables/a%00b") as socket:
        socket.receive_text()


def test_plain_paths_and_names_still_reach_their_routes(client: TestClient) -> None:
    """Spaces, accents, emoji and a format character are no control characters: a name holding a
    bidi override is refused by the name's own check, as before."""
    assert client.get("/players/Zo%C3%A9%20L%C3%A9a").status_code == 200
    assert client.get("/api/players/%F0%9F%8E%B2/games").status_code == 200
    answer = client.get("/api/players/Z%E2%80%AEe/games")
    assert answer.status_code == 400 and answer.json()["code"] == "bad_name"
    assert not has_control("/players/Zoé Léa 🎲\u202e") and has_control("/a\x00") and has_control("/a\x85")


@pytest.mark.parametrize("path", ["/api/tables/", "/leaderboard/", "/api/games/?lang=fr"])
def test_a_redirect_is_relative_whatever_host_the_request_names(client: TestClient, path: str) -> None:
    answer = client.get(path, headers={"host": "evil.example"}, follow_redirects=False)
    assert answer.status_code == 307, answer.text
    location = answer.headers["location"]
    assert location == path.replace("/?", "?").rstrip("/") and "evil" not in location
    secured(answer)
    assert client.get(path).status_code == 200  # a browser follows it to the page


def test_a_relative_target_never_names_another_host() -> None:
    assert relative("http://evil.example/api/tables?x=1") == "/api/tables?x=1"
    assert relative("http://evil.example//other.example/x") == "/other.example/x"
    assert relative("https://h/\\\\other.example") == "/other.example"
    assert relative("/t/abc") == "/t/abc"


def test_every_page_sends_no_referrer_and_holds_no_inline_code_or_style() -> None:
    """The policy refuses inline scripts, style elements and attributes and event handlers: the
    pages have none (what JavaScript adds is checked in a browser: tests/web/test_content_policy.py)."""
    pages = sorted(WEB.glob("*.html"))
    assert len(pages) >= 7
    for page in pages:
        text = page.read_text()
        assert '<meta name="referrer" content="no-referrer">' in text, page.name
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>|<style\b|\sstyle=|\son[a-z]+=", text), page.name
