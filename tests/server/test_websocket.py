"""Live play over the websocket, and the guarantee that a seat or a spectator is never sent another
seat's hidden values before the end."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ludotheque.core.record import GameRecord


def _hello(ws: Any, token: str | None, lang: str = "en") -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token, "lang": lang})
    return dict(ws.receive_json())


def test_hello_gives_the_seat_its_view_and_others_see_it_connected(client: TestClient, tables: Any) -> None:
    table, tokens = tables.create(["human", "human", "bot:random"], first_player=0)
    with client.websocket_connect(f"/ws/tables/{table}") as seat0:
        first = _hello(seat0, tokens[0])
        assert first["type"] == "view" and first["seat"] == 0 and first["legal"]
        assert [s["connected"] for s in first["seats"]] == [True, False, True]
        with client.websocket_connect(f"/ws/tables/{table}") as seat1:
            assert _hello(seat1, tokens[1])["seat"] == 1
            assert [s["connected"] for s in seat0.receive_json()["seats"]] == [True, True, True]


def test_an_action_over_the_socket_updates_every_watcher(client: TestClient, tables: Any) -> None:
    table, tokens = tables.create(["human", "human", "human"], first_player=0)
    with client.websocket_connect(f"/ws/tables/{table}") as seat0, \
            client.websocket_connect(f"/ws/tables/{table}") as watcher:
        view = _hello(seat0, tokens[0])
        _hello(watcher, None)
        seat0.receive_json()  # the watcher joined
        seat0.send_json({"type": "action", "action": view["legal"][0]["action"], "version": view["version"]})
        assert seat0.receive_json()["version"] == 1
        update = watcher.receive_json()
        assert update["version"] == 1 and update["seat"] is None and update["to_act"] == 1
        assert update["legal"] == []


def test_refusals_over_the_socket_say_why_in_the_seat_language(client: TestClient, tables: Any) -> None:
    table, tokens = tables.create(["human", "human", "human"], first_player=0)
    with client.websocket_connect(f"/ws/tables/{table}") as seat0:
        view = _hello(seat0, tokens[0], "fr")
        assert view["lang"] == "fr"
        seat0.send_json({"type": "action", "action": "pass", "version": 0})
        refused = seat0.receive_json()
        assert refused["type"] == "refused" and refused["code"] == "illegal"
        assert "premier joueur" in refused["message"] and refused["legal"]
        seat0.send_json({"type": "action", "action": view["legal"][0]["action"], "version": 3})
        assert seat0.receive_json()["code"] == "stale"
        seat0.send_json({"type": "action", "action": "pass"})
        assert seat0.receive_json()["code"] == "malformed"
        seat0.send_text("not json")
        assert seat0.receive_json()["code"] == "bad_json"
        seat0.send_json({"type": "action", "action": view["legal"][0]["action"], "version": 0,
                         "token": tokens[1]})
        assert seat0.receive_json()["code"] == "bad_token"  # a socket acts only for its own seat
        seat0.send_json({"type": "dance"})
        assert seat0.receive_json()["code"] == "unknown_message"
        seat0.send_json({"type": "lang", "lang": "en"})
        assert seat0.receive_json()["lang"] == "en"
    assert tables.view(table, tokens[0])["version"] == 0


def test_a_spectator_cannot_act(client: TestClient, tables: Any) -> None:
    table, _ = tables.create(["human", "human", "human"], first_player=0)
    with client.websocket_connect(f"/ws/tables/{table}") as watcher:
        _hello(watcher, None)
        watcher.send_json({"type": "action", "action": "pass", "version": 0})
        assert watcher.receive_json()["code"] == "bad_token"


@pytest.mark.parametrize(("path", "hello", "code", "close"), [
    ("/ws/tables/{table}", {"type": "hello", "token": "forged"}, "bad_token", 4403),
    ("/ws/tables/nope", {"type": "hello", "token": None}, "no_table", 4404),
    ("/ws/tables/{table}", {"type": "action"}, "bad_hello", 4400),
])
def test_a_bad_hello_is_answered_then_closed(client: TestClient, tables: Any, path: str, hello: Any,
                                             code: str, close: int) -> None:
    table, _ = tables.create(["human"] * 3)
    with client.websocket_connect(path.format(table=table)) as ws:
        ws.send_json(hello)
        assert ws.receive_json()["code"] == code
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == close


def _face_up(observation: dict[str, Any]) -> set[str]:
    """Every card whose value this observation shows."""
    zones = [*observation["hands"], *observation["in_play"], *observation["won"], observation["discard"]]
    return {card for zone in zones for card in zone if not card.endswith("?")}


def _mentions(text: str, card: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9]){card}(?![0-9])", text) is not None


def _seat_zones(observation: dict[str, Any], seat: int) -> dict[str, Any]:
    return {**observation, "hands": [observation["hands"][seat]], "in_play": [observation["in_play"][seat]],
            "won": [observation["won"][seat]], "discard": []}


def test_no_hidden_value_of_one_seat_reaches_another_seat_or_a_spectator(client: TestClient,
                                                                        tables: Any) -> None:
    """Everything sent to seat 1 and to a spectator is checked against the engine: the observation is
    exactly the engine's observation for that reader, and no text names a card of seat 0 that the
    reader has never been shown."""
    table, tokens = tables.create(["human"] * 4)
    sent: dict[int | None, list[dict[str, Any]]] = {1: [], None: []}
    with client.websocket_connect(f"/ws/tables/{table}") as seat1, \
            client.websocket_connect(f"/ws/tables/{table}") as watcher:
        sockets = {1: seat1, None: watcher}
        sent[1].append(_hello(seat1, tokens[1]))
        sent[None].append(_hello(watcher, None))
        sent[1].append(seat1.receive_json())
        while not sent[1][-1]["terminal"]:
            current = tables.view(table, tokens[0])
            token = tokens[current["to_act"]]
            legal = tables.view(table, token)["legal"]
            response = tables.play(table, token, legal[len(legal) // 2]["action"], current["version"])
            assert response.status_code == 200
            for reader, socket in sockets.items():
                sent[reader].append(socket.receive_json())
    state = replay_start(client, table)
    record_actions = client.get(f"/api/tables/{table}/record").json()["actions"]
    known: dict[int | None, set[str]] = {1: set(), None: set()}
    checks = 0
    by_version = {reader: {m["version"]: m for m in messages} for reader, messages in sent.items()}
    for version in range(len(record_actions) + 1):
        if version:
            state.apply_text(record_actions[version - 1])
        if state.is_terminal:
            break
        owner_private = _face_up(_seat_zones(state.observe(0).to_json(), 0))
        for reader in (1, None):
            truth = state.observe(reader).to_json()
            known[reader] |= _face_up(truth)
            message = by_version[reader][version]
            assert message["observation"] == truth
            text = json.dumps(message, ensure_ascii=False)
            for card in owner_private - known[reader]:
                assert not _mentions(text, card), f"{card} of seat 0 sent to {reader} at {version}"
                checks += 1
    assert checks > 500  # many private cards were looked for
    assert all("seed" not in m for messages in sent.values() for m in messages)


def replay_start(client: TestClient, table: str) -> Any:
    """The finished game's starting position, from its record (public once the game is over)."""
    record = GameRecord.from_json(client.get(f"/api/tables/{table}/record").json())
    return record.start()
