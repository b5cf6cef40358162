"""Turn timers: a table option checked before anything is made; a person out of time is replaced by
a bot that plays their turns until they open their link again."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludotheque.server.clocks import Clock, SeatClocks

from .conftest import Page, token_of


def _create(client: TestClient, clock: Any, seats: list[str] | None = None) -> Any:
    body = {"game": "gargon", "options": {"first_player": 0},
            "seats": seats or ["human", "human", "bot:random"], "clock": clock}
    return client.post("/api/tables", json=body)


@pytest.mark.parametrize("clock", [{"mode": "hour", "seconds": 30}, {"mode": "move", "seconds": 2},
                                   {"mode": "move", "seconds": "30"}, {"mode": "game", "seconds": 30, "x": 1},
                                   {"mode": "move", "seconds": 30, "away": 1}, [1], "move",
                                   {"mode": "days", "seconds": 600}, {"mode": "days", "seconds": 15 * 86_400},
                                   {"mode": "days", "seconds": 86_400, "away": 60}])
def test_a_bad_clock_is_a_clear_400_and_no_table(client: TestClient, clock: Any) -> None:
    before = len(client.get("/api/tables").json()["tables"])
    answer = _create(client, clock)
    assert answer.status_code == 400 and answer.json()["code"] in ("bad_clock", "malformed"), answer.text
    assert len(client.get("/api/tables").json()["tables"]) == before


def test_the_clock_is_kept_with_the_table(client: TestClient) -> None:
    answer = _create(client, {"mode": "game", "seconds": 300})
    assert answer.status_code == 201
    summary = client.get(f"/api/tables/{answer.json()['id']}").json()
    assert summary["clock"] == {"mode": "game", "seconds": 300, "away": 60}
    assert _create(client, {"mode": "none"}).status_code == 201


def test_a_turn_based_table_waits_days_for_a_move_whoever_is_away(client: TestClient) -> None:
    """A game over days: a move may take from an hour to two weeks; a person who closed the page
    is never replaced for it, only once their move's time ran out."""
    answer = _create(client, {"mode": "days", "seconds": 3 * 86_400})
    assert answer.status_code == 201, answer.text
    summary = client.get(f"/api/tables/{answer.json()['id']}").json()
    assert summary["clock"] == {"mode": "days", "seconds": 3 * 86_400, "away": 0}
    days = SeatClocks(Clock("days", 3 * 86_400, 0), 3, 0.0)
    days.turn(0, 0, 0.0)
    assert days.tick(0, 0, {0, 1}, frozenset(), 86_400.0) is None  # gone a day: still theirs
    assert days.left(86_400.0)[0] == 2 * 86_400
    assert days.tick(1, 1, {0, 1}, frozenset(), 90_000.0) is None  # the next move: three days again
    assert days.left(90_000.0 + 86_400)[1] == 2 * 86_400
    assert days.tick(1, 1, {0, 1}, frozenset(), 90_000.0 + 3 * 86_400) == 1  # out of time: a bot


def test_clocks_count_down_per_move_and_per_game() -> None:
    per_move = SeatClocks(Clock("move", 10), 3, 0.0)
    per_move.turn(0, 0, 0.0)
    assert per_move.tick(0, 0, {0, 1}, frozenset({0, 1}), 4.0) is None
    assert per_move.left(4.0)[0] == 6.0
    assert per_move.tick(1, 1, {0, 1}, frozenset({0, 1}), 5.0) is None  # a new turn: ten again
    assert per_move.left(9.0)[1] == 6.0
    assert per_move.tick(1, 1, {0, 1}, frozenset({0, 1}), 15.0) == 1  # out of time
    per_game = SeatClocks(Clock("game", 10), 2, 0.0)
    per_game.tick(0, 0, {0, 1}, frozenset({0, 1}), 0.0)
    per_game.tick(1, 1, {0, 1}, frozenset({0, 1}), 7.0)  # seat 0 spent 7 s
    per_game.tick(2, 0, {0, 1}, frozenset({0, 1}), 8.0)
    assert per_game.left(10.0)[0] == 1.0 and per_game.left(10.0)[1] == 9.0
    gone = SeatClocks(Clock("move", 100, away=5), 2, 0.0)
    assert gone.tick(0, 0, {0, 1}, frozenset(), 1.0) is None
    assert gone.tick(0, 0, {0, 1}, frozenset(), 6.5) == 0  # gone for more than 5 s


def test_a_player_out_of_time_is_played_by_a_bot_until_they_come_back(client: TestClient) -> None:
    answer = _create(client, {"mode": "move", "seconds": 5})
    assert answer.status_code == 201
    body = answer.json()
    table, tokens = body["id"], [token_of(s["url"]) for s in body["seats"] if s["kind"] == "human"]
    with client.websocket_connect(f"/ws/tables/{table}") as first, \
            client.websocket_connect(f"/ws/tables/{table}") as second:
        first.send_json({"type": "hello", "token": tokens[0], "lang": "en"})
        second.send_json({"type": "hello", "token": tokens[1], "lang": "en"})
        page = Page(first.receive_text)
        clock = page.until("clock")
        assert clock["to_act"] == 0 and clock["zombies"] == [] and 0 < clock["left"][0] <= 5
        started = time.monotonic()
        while not clock["zombies"]:
            clock = page.until("clock")
        assert clock["zombies"] == [0] and time.monotonic() - started >= 3  # five seconds, then a bot
        while page.view is None or page.view["version"] == 0:
            page.receive()
        assert page.view["version"] >= 1  # the bot played seat 0's turn
    with client.websocket_connect(f"/ws/tables/{table}") as again:  # the link opened again
        again.send_json({"type": "hello", "token": tokens[0], "lang": "en"})
        back = Page(again.receive_text)
        clock = back.until("clock")
        assert clock["zombies"] == []


def test_a_restarted_server_keeps_the_clocks_of_unfinished_tables_running(db_url: str) -> None:
    from ludotheque.server.app import create_app

    with TestClient(create_app(db_url, bot_delay=0.0)) as client:
        clocked = _create(client, {"mode": "move", "seconds": 60}).json()["id"]
        plain = _create(client, None).json()["id"]
    with TestClient(create_app(db_url, bot_delay=0.0)) as client:
        service = client.app.state.service  # type: ignore[attr-defined]
        assert clocked in service.tables and plain not in service.tables
        assert service.tables[clocked].clocks is not None


def test_what_the_store_keeps_of_a_clock_restores_it_in_another_process() -> None:
    here = SeatClocks(Clock("game", 100), 3, 0.0)
    here.turn(0, 0, 0.0)
    here.turn(1, 1, 30.0)  # seat 0 spent 30 s
    saved = here.saved(50.0, 1_000_050.0)  # seat 1 plays after 20 s; the wall clock says 1,000,050
    assert saved == {"bank": [70.0, 80.0, 100.0], "since": 1_000_050.0}
    there = SeatClocks(Clock("game", 100), 3, 500.0)  # another process, 5 s later by the wall clock
    there.turn(2, 2, 500.0)
    there.restore(saved, 500.0, 1_000_055.0)
    assert there.left(500.0) == [70.0, 80.0, 95.0]  # seat 2's turn began 5 s ago
    bads = (None, "x", {"bank": [1, 2], "since": 0}, {"bank": [1, 2, "x"], "since": 0}, {"bank": [1, 2, 3]})
    for bad in bads:
        kept = SeatClocks(Clock("game", 100), 3, 0.0)
        kept.restore(bad, 0.0, 10.0)
        assert kept.left(0.0) == [100.0, 100.0, 100.0]


def test_a_restarted_server_goes_on_with_the_time_each_seat_had_left(db_url: str) -> None:
    from ludotheque.server.app import create_app

    with TestClient(create_app(db_url, bot_delay=0.0)) as client:
        created = _create(client, {"mode": "game", "seconds": 600}, ["human", "human", "human"]).json()
        table, tokens = created["id"], [token_of(s["url"]) for s in created["seats"]]
        time.sleep(1.2)  # seat 0 thinks
        mine = client.post(f"/api/tables/{table}/view", json={"token": tokens[0]}).json()
        played = client.post(f"/api/tables/{table}/actions",
                             json={"token": tokens[0], "action": mine["legal"][0]["action"], "version": 0})
        assert played.status_code == 200
        service = client.app.state.service  # type: ignore[attr-defined]
        left_before = service.tables[table].clocks.left(time.monotonic())
    with TestClient(create_app(db_url, bot_delay=0.0)) as client:
        clocks = client.app.state.service.tables[table].clocks  # type: ignore[attr-defined]
        left = clocks.left(time.monotonic())
        assert left[0] <= 600 - 1.2 and abs(left[0] - left_before[0]) < 0.1  # seat 0's time is kept
        assert left[1] < left_before[1] <= 600  # seat 1's turn went on across the restart
        assert left[2] == 600


def test_without_a_clock_the_others_hand_the_seat_of_one_who_left_to_a_bot(tmp_path: Path) -> None:
    from ludotheque.server.app import create_app

    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", bot_delay=0.0, away_seconds=1.0)
    with TestClient(app) as client:
        body = client.post("/api/tables", json={"game": "gargon", "options": {"first_player": 1},
                                                "seats": ["human", "human", "bot:random"]}).json()
        table, tokens = body["id"], [token_of(s["url"]) for s in body["seats"] if s["kind"] == "human"]
        with client.websocket_connect(f"/ws/tables/{table}") as socket, \
                client.websocket_connect(f"/ws/tables/{table}") as spectator:
            socket.send_json({"type": "hello", "token": tokens[0], "lang": "fr"})
            spectator.send_json({"type": "hello", "token": None, "lang": "en"})
            page, watching = Page(socket.receive_text), Page(spectator.receive_text)
            page.until("view")
            watching.until("view")
            socket.send_json({"type": "replace", "seat": 1})  # not away yet: refused
            refused = page.until("refused")
            assert refused["code"] == "not_away" and "robot" in refused["message"]
            started = time.monotonic()
            clock = page.until("clock")  # seat 1, to act, never came: away after a second
            assert clock["mode"] == "none" and clock["left"] is None
            assert clock["gone"] == [1] and clock["zombies"] == [] and time.monotonic() - started >= 0.5
            spectator.send_json({"type": "replace", "seat": 1})  # only a player of the table may
            assert watching.until("refused")["code"] == "bad_token"
            for bad in (0, 2, "1", None):  # oneself, a bot, not a seat
                socket.send_json({"type": "replace", "seat": bad})
                assert page.until("refused")["code"] == "not_away"
            socket.send_json({"type": "replace", "seat": 1})
            clock = page.until("clock")
            assert clock["zombies"] == [1] and clock["gone"] == []
            while page.view is None or page.view["to_act"] == 1:
                page.receive()
            assert page.view["version"] >= 1  # the bot played seat 1's turn
        with client.websocket_connect(f"/ws/tables/{table}") as back:  # seat 1's link, at last
            back.send_json({"type": "hello", "token": tokens[1], "lang": "en"})
            assert Page(back.receive_text).until("clock")["zombies"] == []
        assert not client.app.state.service.tables[table].zombies  # type: ignore[attr-defined]
