"""Every hostile input of issue 8 gets a clear 4xx (HTTP) or an error and a close code (websocket),
changes nothing, allocates nothing for what it asks, and leaves no traceback in the log."""

from __future__ import annotations

import logging
import tracemalloc
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ludotheque.server.limits import MAX_BODY, MAX_MESSAGE

NESTED = "[" * 5_000 + "]" * 5_000  # under the size limits: refused for its depth
VERY_NESTED = "[" * 100_000  # refused for its size before anything else
LONG_NUMBER = "1" * 5_000


@pytest.fixture(autouse=True)
def no_traceback(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Whatever these tests send, the server logs no error (a traceback would be one)."""
    with caplog.at_level(logging.WARNING):
        yield
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]


@pytest.fixture
def table(tables: Any) -> tuple[str, dict[int, str]]:
    return tables.create(["human"] * 3, first_player=0)  # type: ignore[no-any-return]


def _refused(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["code"] == code and body["detail"], body
    return dict(body)


# -- HTTP -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [9223372036854775808, 1_000_000_000_000_000, 3_000_000, "3000000", -1])
def test_a_huge_number_of_players_is_refused_before_any_seat_exists(client: TestClient, players: Any) -> None:
    before = client.get("/api/tables").json()["tables"]
    tracemalloc.start()
    try:
        response = client.post("/api/tables", json={"game": "gargon", "options": {"players": players}})
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "3 to 5 players" in _refused(response, 400, "bad_options")["detail"]
    assert peak < 5_000_000  # three million seats would be hundreds of megabytes
    assert client.get("/api/tables").json()["tables"] == before


def test_a_list_of_seats_longer_than_any_game_is_refused(client: TestClient) -> None:
    _refused(client.post("/api/tables", json={"game": "gargon", "seats": ["human"] * 1_000_000}),
             413, "too_large")
    _refused(client.post("/api/tables", json={"game": "gargon", "seats": ["human"] * 17}), 400, "malformed")
    body = _refused(client.post("/api/tables", json={"game": "gargon", "seats": ["human"] * 6}),
                    400, "bad_options")
    assert "3 to 5 players" in body["detail"]
    assert client.get("/api/tables").json()["tables"] == []


def test_an_action_of_thousands_of_digits_is_refused(client: TestClient, table: Any) -> None:
    table_id, tokens = table
    before = client.get(f"/api/tables/{table_id}").json()
    for action, status, code in [("play R" + "9" * 5_000, 400, "malformed"),
                                 ("play R" + "9" * 150, 422, "illegal"),
                                 ("x" * 201, 400, "malformed")]:
        response = client.post(f"/api/tables/{table_id}/actions",
                               json={"token": tokens[0], "action": action, "version": 0})
        _refused(response, status, code)
    assert client.get(f"/api/tables/{table_id}").json() == before


@pytest.mark.parametrize("route", ["/view", "/actions", "/rematch"])
def test_a_lone_surrogate_is_malformed(client: TestClient, table: Any, route: str) -> None:
    table_id, _ = table
    body = '{"token": "\\ud800"' + (', "action": "pass", "version": 0}' if route == "/actions" else "}")
    response = client.post(f"/api/tables/{table_id}{route}", content=body.encode(),
                           headers={"content-type": "application/json"})
    assert "surrogate" in _refused(response, 400, "malformed")["detail"]


@pytest.mark.parametrize(("body", "status", "problem"), [
    (NESTED, 400, "nest"),
    ('{"game": "gargon", "options": {"amulets": ' + "{\"a\": " * 20 + "1" + "}" * 20 + "}}", 400, "nest"),
    ('{"game": "gargon", "options": {"players": ' + LONG_NUMBER + "}}", 400, "number"),
    ('{"game": "gargon", "options": {"players": 1e' + "9" * 30 + "}}", 400, "number"),
    ('{"game": "gargon", "options": {"players": NaN}}', 400, "NaN"),
    ('{"game": "gargon", "seats": ["' + "h" * 1_001 + '"]}', 400, "string"),
    ("{not json", 400, "not JSON"),
    (VERY_NESTED, 413, "bytes"),
])
def test_malformed_json_is_malformed_not_an_http_error(client: TestClient, body: str, status: int,
                                                       problem: str) -> None:
    for path in ["/api/tables", "/api/tables/whatever/actions"]:
        response = client.post(path, content=body.encode(), headers={"content-type": "application/json"})
        detail = _refused(response, status, "malformed" if status == 400 else "too_large")["detail"]
        assert problem in detail


def test_bodies_are_bounded_before_they_are_read(client: TestClient) -> None:
    _refused(client.post("/api/tables", content=b"{}", headers={"content-length": "999999999999"}),
             413, "too_large")

    def chunks() -> Iterator[bytes]:  # no length announced: counted as it comes
        for _ in range(MAX_BODY // 1000 + 2):
            yield b" " * 1000

    _refused(client.post("/api/tables", content=chunks(), headers={"content-type": "application/json"}),
             413, "too_large")
    not_utf8 = b'{"game": "\xff"}'
    _refused(client.post("/api/tables", content=not_utf8, headers={"content-type": "application/json"}),
             400, "malformed")


def test_queries_out_of_range_are_refused(client: TestClient, table: Any) -> None:
    table_id, _ = table
    huge = "1" * 30
    for path, query in [("/api/tables", {"limit": huge}), ("/api/tables", {"before": "yesterday"}),
                        ("/api/tables", {"before": "x" * 100}),
                        (f"/api/tables/{table_id}/replay", {"step": huge}),
                        (f"/api/tables/{table_id}/replay", {"seat": huge}),
                        (f"/api/tables/{table_id}", {"lang": "x" * 100})]:
        _refused(client.get(path, params=query), 400, "malformed")
    _refused(client.get("/api/tables/" + "t" * 5_000), 404, "no_table")


# -- websocket ------------------------------------------------------------------------------------

def _closed(ws: Any, code: str, close: int) -> dict[str, Any]:
    """The error message, then the close with its code."""
    error = ws.receive_json()
    assert error["type"] == "error" and error["code"] == code and error["message"], error
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == close
    return dict(error)


@pytest.mark.parametrize(("hello", "code", "close"), [
    ('{"type": "hello", "token": "\\ud800"}', "malformed", 4400),
    ('{"type": "hello", "token": 42}', "bad_hello", 4400),  # not a spectator in disguise
    ('{"type": "hello", "token": ["x"]}', "bad_hello", 4400),
    ('{"type": "hello", "token": null, "lang": 5}', "bad_hello", 4400),
    ('{"type": "hello", "token": "' + "t" * 129 + '"}', "bad_hello", 4400),
    (NESTED, "malformed", 4400),
    ('{"type": "hello", "token": null, "n": ' + LONG_NUMBER + "}", "malformed", 4400),
    ("not json", "malformed", 4400),
    ('{"type": "action"}', "bad_hello", 4400),
    (VERY_NESTED, "too_big", 1009),
    ('{"type": "hello", "token": "forged"}', "bad_token", 4403),
])
def test_a_bad_hello_gets_an_error_then_a_close_code(client: TestClient, table: Any, hello: str, code: str,
                                                     close: int) -> None:
    table_id, _ = table
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_text(hello)
        _closed(ws, code, close)


def test_a_hello_to_no_table_or_in_bytes_that_are_not_text(client: TestClient, table: Any) -> None:
    with client.websocket_connect("/ws/tables/nope") as ws:
        ws.send_json({"type": "hello", "token": None})
        _closed(ws, "no_table", 4404)
    with client.websocket_connect(f"/ws/tables/{table[0]}") as ws:
        ws.send_bytes(b"\xff\xfe")
        _closed(ws, "malformed", 4400)


@pytest.mark.parametrize("message", [
    '{"type": "action", "action": "pass", "version": 0, "token": "\\ud800"}', NESTED,
    '{"type": "action", "action": "pass", "version": ' + LONG_NUMBER + "}",
    '{"type": "action", "action": "play R' + "9" * 5_000 + '", "version": 0}',
])
def test_after_hello_a_malformed_message_gets_an_error_and_the_socket_plays_on(
        client: TestClient, table: Any, tables: Any, message: str) -> None:
    table_id, tokens = table
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "token": tokens[0]})
        view = ws.receive_json()
        ws.send_text(message)
        assert ws.receive_json()["code"] == "malformed"
        ws.send_json({"type": "action", "action": view["legal"][0]["action"], "version": 0})
        assert ws.receive_json()["version"] == 1
    assert tables.view(table_id, tokens[0])["version"] == 1


def test_after_hello_a_message_too_large_closes_the_socket(client: TestClient, table: Any) -> None:
    with client.websocket_connect(f"/ws/tables/{table[0]}") as ws:
        ws.send_json({"type": "hello", "token": None})
        ws.receive_json()
        ws.send_text(" " * (MAX_MESSAGE + 1))
        _closed(ws, "too_big", 1009)


def test_a_socket_sending_too_fast_is_closed(client: TestClient, table: Any) -> None:
    with client.websocket_connect(f"/ws/tables/{table[0]}") as ws:
        ws.send_json({"type": "hello", "token": None})
        ws.receive_json()
        for _ in range(500):  # far beyond the burst, far faster than the rate
            ws.send_text("{}")
        while True:
            message = ws.receive_json()
            if message["code"] != "unknown_message":
                break
        assert message["code"] == "too_fast"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4429
