"""The chat of a table (server/chat.py) over its socket: the players' room read by everyone, the
spectators' room read by spectators only until the end, then both rooms open; text kept as
text; limits that refuse clearly and change nothing; messages stored with the table, read back
after a restart and shown with the replay; on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from ludotheque.server import create_app
from ludotheque.server.limits import CHAT_BURST, CHAT_LENGTH

from .conftest import Page, TableDriver


def _page(ws: Any, token: str | None, lang: str = "en") -> Page:
    """A page that said hello and got its whole view, then the chat it reads (returned first)."""
    ws.send_json({"type": "hello", "token": token, "lang": lang, "chat": True})
    page = Page(ws.receive_text)
    assert page.receive()["type"] == "view"
    assert page.until("chat")["reset"] is True
    return page


def _said(page: Page) -> list[tuple[str, Any]]:
    """What the next chat message brings: (room, text or phrase) of each line."""
    return [(m["room"], m["text"] or m["phrase"]) for m in page.until("chat")["messages"]]


def _refused(page: Page) -> dict[str, Any]:
    return page.until("chat_refused")


HTML = '<img src=x onerror="alert(1)"> <b>gg</b> & "bye"'


def test_players_talk_spectators_read_them_and_their_own_room_stays_theirs(
        client: TestClient, tables: TableDriver) -> None:
    table, tokens = tables.create(["human", "human", "human"], first_player=0)
    with client.websocket_connect(f"/ws/tables/{table}") as a, \
            client.websocket_connect(f"/ws/tables/{table}") as b, \
            client.websocket_connect(f"/ws/tables/{table}") as c:
        seat0, seat1, spectator = _page(a, tokens[0]), _page(b, tokens[1]), _page(c, None)
        a.send_json({"type": "chat", "text": f"  {HTML}  "})
        for page in (seat0, seat1, spectator):  # the words as written (trimmed), never made safe by escaping
            message = page.until("chat")
            assert [(m["room"], m["seat"], m["author"], m["text"]) for m in message["messages"]] == [
                ("players", 0, "p:0", HTML)]
        c.send_json({"type": "chat", "text": "seat 2 should play the red 14", "name": "Zoé"})
        line = spectator.until("chat")["messages"][0]
        assert (line["room"], line["seat"], line["name"]) == ("spectators", None, "Zoé")
        assert line["author"].startswith("s:") and "testclient" not in line["author"]  # a digest
        c.send_json({"type": "chat", "text": "a spectator in the players' room", "room": "players"})
        assert _refused(spectator)["code"] == "chat_room"
        b.send_json({"type": "chat", "phrase": "gl", "room": "spectators"})
        assert _refused(seat1)["code"] == "chat_room"
        b.send_json({"type": "chat", "phrase": "gl"})  # the players' next line: the spectators' never came
        for page in (seat0, seat1, spectator):
            assert _said(page) == [("players", "gl")]
        assert all(m["type"] != "chat_refused" for _, m in seat0.messages)
        # a page opened later reads the room it may read, in order
        with client.websocket_connect(f"/ws/tables/{table}") as d, \
                client.websocket_connect(f"/ws/tables/{table}") as e:
            d.send_json({"type": "hello", "token": tokens[2], "chat": True})
            e.send_json({"type": "hello", "token": None, "chat": True})
            late_seat, late_spectator = Page(d.receive_text), Page(e.receive_text)
            seat_reads = late_seat.until("chat")
            assert seat_reads["you"] == "p:2"
            assert [m["text"] or m["phrase"] for m in seat_reads["messages"]] == [HTML, "gl"]
            assert [m["room"] for m in late_spectator.until("chat")["messages"]] == [
                "players", "spectators", "players"]


def test_chat_limits_refuse_clearly_and_change_nothing(client: TestClient, tables: TableDriver) -> None:
    table, tokens = tables.create(["human", "human", "human"], first_player=0)
    with client.websocket_connect(f"/ws/tables/{table}") as a:
        seat0 = _page(a, tokens[0], "fr")
        refusals = [
            ({"text": "x" * (CHAT_LENGTH + 1)}, "chat_text", f"{CHAT_LENGTH + 1} caractères"),
            ({"text": "   "}, "chat_text", "vide"),
            ({"text": "two\nlines"}, "chat_text", "contrôle"),
            ({"text": "a", "phrase": "gg"}, "malformed", "phrase"),
            ({"phrase": "<b>"}, "malformed", "gg"),
            ({"text": 5}, "malformed", "text"),
            ({"text": "hi", "room": "kitchen"}, "malformed", "room"),
        ]
        for fields, code, words in refusals:
            a.send_json({"type": "chat", **fields})
            refused = _refused(seat0)
            assert refused["code"] == code and words in refused["message"], refused
        for n in range(CHAT_BURST):
            a.send_json({"type": "chat", "text": f"message {n}"})
            assert _said(seat0) == [("players", f"message {n}")]
        a.send_json({"type": "chat", "text": "one too many"})
        refused = _refused(seat0)
        assert refused["code"] == "chat_too_fast" and refused["retry_after"] >= 1
        assert "réessayez dans" in refused["message"]
        a.send_json({"type": "chat", "text": "x" * CHAT_LENGTH})  # refused for its rate, not its length
        assert _refused(seat0)["code"] == "chat_too_fast"
        assert seat0.view is not None and seat0.view["version"] == 0  # the game did not move either
    with client.websocket_connect(f"/ws/tables/{table}") as b:  # what was said: the burst, nothing else
        b.send_json({"type": "hello", "token": None, "chat": True})
        stored = Page(b.receive_text).until("chat")["messages"]
        assert [m["text"] for m in stored] == [f"message {n}" for n in range(CHAT_BURST)]
    # the rate is the author's, not the socket's: another seat still talks; a socket that did
    # not ask for the chat in its hello (a tool) hears none and says nothing
    with client.websocket_connect(f"/ws/tables/{table}") as c, \
            client.websocket_connect(f"/ws/tables/{table}") as tool:
        tool.send_json({"type": "hello", "token": tokens[2]})
        silent = Page(tool.receive_text)
        assert silent.receive()["type"] == "view"
        seat1 = _page(c, tokens[1])
        c.send_json({"type": "chat", "phrase": "thanks"})
        assert _said(seat1) == [("players", "thanks")]
        tool.send_json({"type": "chat", "phrase": "thanks"})
        assert silent.until("chat_refused")["code"] == "malformed"
        assert [m["type"] for _, m in silent.messages] == ["view", "presence", "chat_refused"]


def test_chat_is_stored_survives_a_restart_opens_at_the_end_and_is_in_the_replay(db_url: str) -> None:
    """On SQLite and PostgreSQL."""
    with TestClient(create_app(db_url, bot_delay=0.0)) as client:
        tables = TableDriver(client)
        table, tokens = tables.create(["human", "human", "bot:random"], first_player=0)
        with client.websocket_connect(f"/ws/tables/{table}") as a, \
                client.websocket_connect(f"/ws/tables/{table}") as c:
            seat0, spectator = _page(a, tokens[0]), _page(c, None)
            a.send_json({"type": "chat", "phrase": "hello"})
            assert _said(spectator) == [("players", "hello")]
            c.send_json({"type": "chat", "text": "who wins?"})
            assert _said(spectator) == [("spectators", "who wins?")]
        assert client.get(f"/api/tables/{table}/chat").json()["code"] == "not_over"  # (live until the end)

    with TestClient(create_app(db_url, bot_delay=0.0)) as client:  # the server started again
        tables = TableDriver(client)
        with client.websocket_connect(f"/ws/tables/{table}") as a, \
                client.websocket_connect(f"/ws/tables/{table}") as c:
            a.send_json({"type": "hello", "token": tokens[0], "chat": True})
            seat0 = Page(a.receive_text)
            assert _said(seat0) == [("players", "hello")]  # the players' room only, during the game
            spectator = _page(c, None)
            tables.play_out(table, tokens)
            # the end opens the rooms: the players' pages read the spectators' room too
            opened = seat0.until("chat")
            assert opened["reset"] and [m["room"] for m in opened["messages"]] == ["players", "spectators"]
            c.send_json({"type": "chat", "phrase": "gg", "room": "players"})  # anyone writes anywhere now
            assert _said(seat0) == [("players", "gg")]
            a.send_json({"type": "chat", "text": "thanks for watching", "room": "spectators"})
            assert _said(spectator) == [("players", "gg")]
            assert _said(spectator) == [("spectators", "thanks for watching")]
        steps = len(client.get(f"/api/tables/{table}/record").json()["actions"])
        replayed = client.get(f"/api/tables/{table}/chat").json()["messages"]
        assert [(m["room"], m["text"] or m["phrase"], m["step"]) for m in replayed] == [
            ("players", "hello", 0), ("spectators", "who wins?", 0), ("players", "gg", steps),
            ("spectators", "thanks for watching", steps)]
        assert [m["id"] for m in replayed] == sorted(m["id"] for m in replayed)


def test_a_spectator_speaks_under_a_claimed_name_only_signed_in_as_it(client: TestClient,
                                                                      tables: TableDriver) -> None:
    session = tables.claim("Zoé")
    table, _ = tables.create(["human", "human", "human"], first_player=0)
    with client.websocket_connect(f"/ws/tables/{table}") as anyone:
        page = _page(anyone, None)
        anyone.send_json({"type": "chat", "text": "I am Zoé", "name": "Zoé"})
        refused = _refused(page)
        assert refused["code"] == "name_claimed", refused
    signed_in = {"cookie": f"ludo_session={session}"}
    with client.websocket_connect(f"/ws/tables/{table}", headers=signed_in) as zoe:
        page = _page(zoe, None)
        zoe.send_json({"type": "chat", "text": "I am Zoé", "name": "Zoé"})
        assert page.until("chat")["messages"][0]["name"] == "Zoé"
