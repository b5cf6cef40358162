"""Live play over the websocket: a whole view on hello, then updates that rebuild exactly the view
the server would send whole, presence in small messages, and the guarantee that a seat or a
spectator is never sent another seat's hidden values before the end."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludotheque.core.record import GameRecord

from .conftest import Page


def _page(ws: Any, token: str | None, lang: str = "en") -> Page:
    """A page that said hello and got its whole view."""
    ws.send_json({"type": "hello", "token": token, "lang": lang})
    page = Page(ws.receive_text)
    assert page.receive()["type"] == "view"
    return page


def test_hello_gives_the_seat_its_view_and_others_hear_of_it_in_a_presence_message(
        client: TestClient, tables: Any) -> None:
    table, tokens = tables.create(["human", "human", "bot:random"], first_player=0)
    with client.websocket_connect(f"/ws/tables/{table}") as seat0:
        page0 = _page(seat0, tokens[0])
        assert page0.view is not None and page0.view["seat"] == 0 and page0.view["legal"]
        assert [s["connected"] for s in page0.view["seats"]] == [True, False, True]
        with client.websocket_connect(f"/ws/tables/{table}") as seat1:
            assert _page(seat1, tokens[1]).view["seat"] == 1  # type: ignore[index]
            assert page0.receive() == {"type": "presence", "connected": [0, 1]}
            assert [s["connected"] for s in page0.view["seats"]] == [True, True, True]
        assert page0.receive() == {"type": "presence", "connected": [0]}


def test_an_action_over_the_socket_sends_every_watcher_an_update(client: TestClient, tables: Any) -> None:
    table, tokens = tables.create(["human", "human", "human"], first_player=0)
    with client.websocket_connect(f"/ws/tables/{table}") as seat0, \
            client.websocket_connect(f"/ws/tables/{table}") as watcher:
        page0 = _page(seat0, tokens[0])
        spectator = _page(watcher, None)
        assert page0.view is not None
        seat0.send_json({"type": "action", "action": page0.view["legal"][0]["action"], "version": 0})
        mine = page0.receive()
        assert (mine["type"], mine["base"], mine["version"]) == ("update", 0, 1)
        assert mine["set"]["legal"] == [] and mine["set"]["to_act"] == 1 and len(mine["log"]) == 1
        theirs = spectator.receive()
        assert (theirs["type"], theirs["base"], theirs["version"]) == ("update", 0, 1)
        assert "legal" not in theirs["set"] and theirs["set"]["to_act"] == 1
        assert "legend" not in theirs["set"] and "seats" not in theirs["set"]  # what did not change
        assert spectator.view == tables.view(table, None)


def test_updates_rebuild_exactly_the_whole_views(client: TestClient, tables: Any) -> None:
    """Through a whole game, the view a page rebuilds from updates is the whole view the server
    gives at that step, for the seat to act, another seat and a spectator, in two languages."""
    table, tokens = tables.create(["human"] * 4)
    with client.websocket_connect(f"/ws/tables/{table}") as a, \
            client.websocket_connect(f"/ws/tables/{table}") as b, \
            client.websocket_connect(f"/ws/tables/{table}") as c:
        pages = {0: _page(a, tokens[0]), 1: _page(b, tokens[1], "fr"), None: _page(c, None)}
        assert pages[0].until("presence")["connected"] == [0, 1]  # seat 1 arrived
        steps = 0
        while tables.play_turn(table, tokens, lambda legal: legal[-1]):
            settled = tables.settled(table, tokens)  # forced moves played
            for page in pages.values():
                page.catch_up(settled["version"])
            for seat, page in pages.items():
                assert page.view is not None
                token = None if seat is None else tokens[seat]
                assert page.view == tables.view(table, token, page.view["lang"])
            steps += 1
    assert steps > 50 and pages[1].view is not None and pages[1].view["lang"] == "fr"


def test_a_page_can_ask_for_a_whole_view(client: TestClient, tables: Any) -> None:
    table, tokens = tables.create(["human"] * 3, first_player=0)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        page = _page(ws, tokens[0])
        ws.send_json({"type": "sync"})
        again = page.receive()
        assert again["type"] == "view" and again == page.messages[0][1]


def test_refusals_over_the_socket_say_why_in_the_seat_language(client: TestClient, tables: Any) -> None:
    table, tokens = tables.create(["human", "human", "human"], first_player=0)
    with client.websocket_connect(f"/ws/tables/{table}") as seat0:
        view = _page(seat0, tokens[0], "fr").view
        assert view is not None and view["lang"] == "fr"
        seat0.send_json({"type": "action", "action": "pass", "version": 0})
        refused = seat0.receive_json()
        assert refused["type"] == "refused" and refused["code"] == "illegal"
        assert "premier joueur" in refused["message"] and refused["legal"]
        seat0.send_json({"type": "action", "action": view["legal"][0]["action"], "version": 3})
        assert seat0.receive_json()["code"] == "stale"
        seat0.send_json({"type": "action", "action": "pass"})
        assert seat0.receive_json()["code"] == "malformed"
        seat0.send_text("not json")
        assert seat0.receive_json()["code"] == "malformed"
        seat0.send_json([1, 2])
        assert seat0.receive_json()["code"] == "bad_json"
        seat0.send_json({"type": "action", "action": view["legal"][0]["action"], "version": 0,
                         "token": tokens[1]})
        assert seat0.receive_json()["code"] == "bad_token"  # a socket acts only for its own seat
        seat0.send_json({"type": "dance"})
        assert seat0.receive_json()["code"] == "unknown_message"
        seat0.send_json({"type": "lang", "lang": "en"})
        again = seat0.receive_json()
        assert again["type"] == "view" and again["lang"] == "en"
    assert tables.view(table, tokens[0])["version"] == 0


def test_a_spectator_cannot_act(client: TestClient, tables: Any) -> None:
    table, _ = tables.create(["human", "human", "human"], first_player=0)
    with client.websocket_connect(f"/ws/tables/{table}") as watcher:
        _page(watcher, None)
        watcher.send_json({"type": "action", "action": "pass", "version": 0})
        assert watcher.receive_json()["code"] == "bad_token"


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
    """Everything sent to seat 1 and to a spectator is checked against the engine: the observation
    a page rebuilds is exactly the engine's observation for that reader, and no message names a
    card of seat 0 that the reader has never been shown."""
    table, tokens = tables.create(["human"] * 4)
    seen: dict[int | None, dict[int, tuple[dict[str, Any], str]]] = {1: {}, None: {}}
    with client.websocket_connect(f"/ws/tables/{table}") as seat1, \
            client.websocket_connect(f"/ws/tables/{table}") as watcher:
        pages = {1: _page(seat1, tokens[1]), None: _page(watcher, None)}
        for reader, page in pages.items():
            assert page.view is not None
            seen[reader][0] = (page.view, page.messages[-1][0])
        while tables.play_turn(table, tokens, lambda legal: legal[len(legal) // 2]):
            settled = tables.settled(table, tokens)  # forced moves played, one update each
            for reader, page in pages.items():
                while page.view is None or page.view["version"] < settled["version"]:
                    page.until("update")
                    assert page.view is not None
                    seen[reader][page.view["version"]] = (page.view, page.messages[-1][0])
    state = replay_start(client, table)
    record_actions = client.get(f"/api/tables/{table}/record").json()["actions"]
    known: dict[int | None, set[str]] = {1: set(), None: set()}
    checks = 0
    for version in range(len(record_actions) + 1):
        if version:
            state.apply_text(record_actions[version - 1])
        if state.is_terminal:
            break
        owner_private = _face_up(_seat_zones(state.observe(0).to_json(), 0))
        for reader in (1, None):
            truth = state.observe(reader).to_json()
            known[reader] |= _face_up(truth)
            view, text = seen[reader][version]
            assert view["observation"] == truth
            for card in owner_private - known[reader]:
                assert not _mentions(text, card), f"{card} of seat 0 sent to {reader} at {version}"
                assert not _mentions(json.dumps(view, ensure_ascii=False), card)
                checks += 1
    assert checks > 500  # many private cards were looked for
    assert all("seed" not in text for pages_seen in seen.values() for _, text in pages_seen.values())


def replay_start(client: TestClient, table: str) -> Any:
    """The finished game's starting position, from its record (public once the game is over)."""
    record = GameRecord.from_json(client.get(f"/api/tables/{table}/record").json())
    return record.start()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_watcher_switching_language_gets_a_whole_view_then_updates_in_it(client: TestClient, tables: Any,
                                                                          lang: str) -> None:
    table, tokens = tables.create(["human"] * 3, first_player=0)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        page = _page(ws, tokens[0], "fr" if lang == "en" else "en")
        ws.send_json({"type": "lang", "lang": lang})
        assert page.receive()["lang"] == lang
        assert page.view is not None
        ws.send_json({"type": "action", "action": page.view["legal"][0]["action"], "version": 0})
        page.until("update")
        assert page.view == tables.view(table, tokens[0], lang)
