"""Taking back a move at a table that allows it: only one's own last move, only before anyone
else acts, never one that showed its player something hidden; a refusal changes nothing, and
what is taken back is gone from the store, the record and every page."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludotheque.server import create_app

from .conftest import Page, TableDriver


def _create(client: TestClient, seats: list[str], undo: bool = True, game: str = "gargon",
            **options: Any) -> tuple[str, dict[int, str]]:
    return TableDriver(client).create(seats, game=game, table={"undo": undo}, **options)


def _undo(client: TestClient, table: str, token: str, version: int) -> Any:
    return client.post(f"/api/tables/{table}/undo", json={"token": token, "version": version})


def _play_first(tables: TableDriver, table: str, token: str, prefix: str = "") -> dict[str, Any]:
    """The seat of ``token`` plays its first legal action starting with ``prefix``; its view after."""
    mine = tables.view(table, token)
    action = next(e["action"] for e in mine["legal"] if e["action"].startswith(prefix))
    assert tables.play(table, token, action, mine["version"]).status_code == 200
    return tables.view(table, token)


def test_a_player_takes_back_a_move_that_showed_them_nothing(client: TestClient, tables: TableDriver) -> None:
    table, tokens = _create(client, ["human", "human", "human"], first_player=0)
    before = tables.view(table, tokens[0])
    other_before = tables.view(table, tokens[1])
    after = _play_first(tables, table, tokens[0], "play")
    assert after["version"] == 1 and after["undo"] == {"allowed": True, "reason": None}
    assert tables.view(table, tokens[1])["undo"] is None  # only the player of the move may
    answer = _undo(client, table, tokens[0], 1)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"version": 2}  # a new revision: the position is the first one again
    back = tables.view(table, tokens[0])
    assert back["version"] == 2 and back["to_act"] == 0
    assert back["observation"] == before["observation"] and back["legal"] == before["legal"]
    assert back["log"] == before["log"] and back["undo"] is None
    assert tables.view(table, tokens[1])["log"] == other_before["log"]
    listed = next(t for t in client.get("/api/tables").json()["tables"] if t["id"] == table)
    assert listed["version"] == 2 and listed["undo"] is True


def test_a_move_taken_back_is_gone_from_the_store_and_the_record(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(url, bot_delay=0.0)) as client:
        tables = TableDriver(client)
        table, tokens = _create(client, ["human", "human", "human"], first_player=0)
        first = tables.view(table, tokens[0])["legal"]
        _play_first(tables, table, tokens[0], "play")
        assert _undo(client, table, tokens[0], 1).status_code == 200
        other = first[-1]["action"]  # another move instead
        assert tables.play(table, tokens[0], other, 2).status_code == 200
    with TestClient(create_app(url, bot_delay=0.0)) as client:  # the server restarted
        tables = TableDriver(client)
        view = tables.view(table, tokens[1])
        assert view["version"] == 3 and view["to_act"] == 1  # the revision outlives the process
        tables.play_out(table, tokens)
        record = client.get(f"/api/tables/{table}/record").json()
        assert record["actions"][0] == other


def test_a_move_that_showed_something_hidden_cannot_be_taken_back(client: TestClient,
                                                                  tables: TableDriver) -> None:
    table, tokens = _create(client, ["human", "human", "human"], first_player=0)
    _play_first(tables, table, tokens[0], "play")
    _play_first(tables, table, tokens[1], "pass")  # who passes draws
    drawn = _play_first(tables, table, tokens[1], "draw")
    assert drawn["undo"] is not None and drawn["undo"]["allowed"] is False
    assert "hidden" in drawn["undo"]["reason"]
    assert tables.view(table, tokens[1], "fr")["undo"]["reason"].startswith("Ce coup vous a montré")
    answer = _undo(client, table, tokens[1], drawn["version"])
    assert answer.status_code == 409 and answer.json()["code"] == "undo_reveals"
    assert tables.view(table, tokens[1]) == drawn  # nothing changed


def test_only_ones_own_last_move_and_only_before_anyone_else_plays(client: TestClient,
                                                                    tables: TableDriver) -> None:
    table, tokens = _create(client, ["human", "human", "human"], first_player=0)
    assert _undo(client, table, tokens[0], 0).json()["code"] == "undo_not_yours"  # nothing played yet
    _play_first(tables, table, tokens[0], "play")
    assert _undo(client, table, tokens[1], 1).json()["code"] == "undo_not_yours"
    _play_first(tables, table, tokens[1], "play")
    current = tables.settled(table, tokens)["version"]  # (seat 2 may have had a forced move)
    answer = _undo(client, table, tokens[0], current)
    assert answer.status_code == 409 and answer.json()["code"] == "undo_not_yours"
    assert tables.view(table, tokens[0])["version"] == current


def test_a_table_without_undo_a_stale_view_and_a_bad_token_are_refused(client: TestClient,
                                                                        tables: TableDriver) -> None:
    plain, plain_tokens = _create(client, ["human", "human", "human"], undo=False, first_player=0)
    view = _play_first(tables, plain, plain_tokens[0], "play")
    assert view["undo"] is None
    answer = _undo(client, plain, plain_tokens[0], 1)
    assert answer.status_code == 409 and answer.json()["code"] == "undo_off"
    table, tokens = _create(client, ["human", "human", "human"], first_player=0)
    _play_first(tables, table, tokens[0], "play")
    assert _undo(client, table, tokens[0], 0).json()["code"] == "stale"
    assert _undo(client, table, "not-a-token", 1).status_code == 403
    assert client.post(f"/api/tables/{table}/undo", json={"token": tokens[0]}).status_code == 400
    assert client.post("/api/tables", json={"game": "gargon", "undo": "yes"}).status_code == 400
    assert tables.view(table, tokens[0])["version"] == 1


def test_the_game_over_takes_nothing_back(client: TestClient, tables: TableDriver) -> None:
    # (a short game: Kagoun's round cap ends it after two rounds)
    table, tokens = _create(client, ["human", "bot:random", "bot:random"], game="kagoun", first_player=0,
                            max_rounds=2)
    last = tables.play_out(table, tokens)
    answer = _undo(client, table, tokens[0], last["version"])
    assert answer.status_code == 409 and answer.json()["code"] == "game_over"


def test_pages_get_the_whole_view_again_and_play_on_after_an_undo(client: TestClient,
                                                                   tables: TableDriver) -> None:
    table, tokens = _create(client, ["human", "human", "human"], first_player=0)
    with client.websocket_connect(f"/ws/tables/{table}") as mover, \
            client.websocket_connect(f"/ws/tables/{table}") as watcher:
        mover.send_json({"type": "hello", "token": tokens[0], "lang": "en"})
        watcher.send_json({"type": "hello", "token": tokens[1], "lang": "fr"})
        page, other = Page(mover.receive_text), Page(watcher.receive_text)
        start = page.until("view")
        other.until("view")
        action = start["legal"][0]["action"]
        mover.send_json({"type": "action", "action": action, "version": 0})
        assert page.until("update")["version"] == 1 and other.until("update")["version"] == 1
        assert page.view is not None and page.view["undo"]["allowed"] is True
        mover.send_json({"type": "undo", "version": 1})
        assert page.until("view")["version"] == 2 and other.until("view")["version"] == 2
        assert page.view["observation"] == start["observation"] and page.view["undo"] is None
        watcher.send_json({"type": "undo", "version": 2})  # not theirs: refused, nothing changes
        refused = other.until("refused")
        assert refused["code"] == "undo_not_yours" and refused["message"].startswith("Seul votre")
        mover.send_json({"type": "action", "action": action, "version": 2})  # and the game goes on
        assert page.until("update")["version"] == 3 and other.until("update")["version"] == 3


#: Drakon's laid room draws the pile's top tile (no chance: refused as revealing); Kagoun's
#: revealing moves are followed by a chance draw at once, after which the move is not the last
#: (its game shortened by a round cap: it has no refusal to wait for).
@pytest.mark.parametrize("game,refusals,options",
                         [("drakon", True, {}), ("kagoun", False, {"max_rounds": 3})],
                         ids=["drakon", "kagoun"])
def test_every_game_offers_undo_only_for_moves_that_reveal_nothing(client: TestClient, tables: TableDriver,
                                                                    game: str, refusals: bool,
                                                                    options: dict[str, Any]) -> None:
    """Played by two people: after a move its player is offered to take it back when it showed
    nothing, and doing so restores the view they had before it; a revealing one is refused (until
    three of each were seen, or the end)."""
    table, tokens = _create(client, ["human", "human"], game=game, players=2, **options)
    taken_back = refused = 0
    for _ in range(300):
        current = tables.wait_for(table, tokens[0], {0, 1})
        if current["terminal"] or (taken_back >= 3 and refused >= 3):
            break
        token = tokens[current["to_act"]]
        mine = tables.view(table, token)
        if len(mine["legal"]) < 2:  # the table plays a forced move (or moved meanwhile)
            if mine["legal"]:
                tables.decide(table, token, mine, mine["legal"][0]["action"])
            continue
        tables.play(table, token, mine["legal"][-1]["action"], mine["version"])
        after = tables.view(table, token)
        if after["undo"] is None:
            continue  # the move was someone else's by now (chance drew), or the game ended
        if after["undo"]["allowed"] and taken_back < 3:
            answer = _undo(client, table, token, after["version"])
            if answer.status_code == 409 and answer.json()["code"] == "stale":
                continue  # a forced move was played for the other seat meanwhile
            assert answer.status_code == 200, answer.text
            back = tables.view(table, token)
            assert back["version"] == after["version"] + 1  # a new revision, of the position before
            assert {**back, "version": 0} == {**mine, "version": 0}
            taken_back += 1
            tables.play(table, token, mine["legal"][-1]["action"], back["version"])
        elif not after["undo"]["allowed"]:
            code = _undo(client, table, token, after["version"]).json()["code"]
            if code == "stale":  # chance has drawn meanwhile: the move is no longer the last
                assert tables.view(table, token)["version"] > after["version"]
                continue
            assert code == "undo_reveals"
            refused += 1
    assert taken_back >= 1 and (refused >= 1 or not refusals), (taken_back, refused)


def test_an_answer_chosen_on_a_position_taken_back_is_refused_over_http(tables: TableDriver) -> None:
    """Seat 2 played, took it back and played something else: seat 0's answer chosen on the first
    position (the same step) is stale, and so is seat 2's undo chosen there; nothing changes."""
    table, tokens = tables.create(["human"] * 3, table={"undo": True}, first_player=2)
    answer, version = tables.replaced_move(table, tokens)
    before = tables.view(table, tokens[0])
    assert before["version"] == version + 2 and before["to_act"] == 0  # the step is the same
    refused = tables.play(table, tokens[0], answer, version)
    assert refused.status_code == 409 and refused.json()["code"] == "stale"
    undo = tables.undo(table, tokens[2], version)
    assert undo.status_code == 409 and undo.json()["code"] == "stale"
    assert tables.view(table, tokens[0]) == before
    assert tables.play(table, tokens[0], answer, before["version"]).status_code == 200


def test_an_answer_chosen_on_a_position_taken_back_is_refused_over_the_websocket(
        client: TestClient, tables: TableDriver) -> None:
    table, tokens = tables.create(["human"] * 3, table={"undo": True}, first_player=2)
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_json({"type": "hello", "token": tokens[0], "lang": "en"})
        page = Page(socket.receive_text)
        page.until("view")
        answer, version = tables.replaced_move(table, tokens)
        before = tables.view(table, tokens[0])
        while page.view is None or page.view["version"] != before["version"]:
            page.receive()  # the page follows: the move, the whole view after the undo, the new move
        socket.send_json({"type": "action", "action": answer, "version": version})
        refused = page.receive()
        assert refused["type"] == "refused" and refused["code"] == "stale", refused
        assert str(before["version"]) in refused["message"]
        assert tables.view(table, tokens[0]) == before
        socket.send_json({"type": "action", "action": answer, "version": before["version"]})
        assert page.until("update")["version"] == before["version"] + 1


def test_taking_a_move_back_buys_no_time(client: TestClient, tables: TableDriver) -> None:
    """The mover's turn goes on from when it began: a clock does not start again."""
    table, tokens = tables.create(["human", "human", "human"], table={
        "undo": True, "clock": {"mode": "move", "seconds": 60}}, first_player=0)
    time.sleep(1.5)  # seat 0 thinks
    _play_first(tables, table, tokens[0], "play")
    assert _undo(client, table, tokens[0], 1).status_code == 200
    clocks = client.app.state.service.tables[table].clocks  # type: ignore[attr-defined]
    left = clocks.left(time.monotonic())
    assert clocks.to_act == 0 and left[0] <= 58.5, left


def test_a_bot_waits_to_answer_a_move_that_may_be_taken_back(tmp_path: Path) -> None:
    """At a table with undo, a bot answers a person's move only once it can no longer be taken
    back by waiting (``undo_wait`` seconds after it): the person takes it back meanwhile; the
    pages hear that the bot thinks, for the wait and its own time; then the bot answers."""
    wait = 1.5
    app = create_app(f"sqlite:///{tmp_path / 'tables.db'}", bot_delay=0.0, undo_wait=wait)
    with TestClient(app) as client:
        tables = TableDriver(client)
        table, tokens = _create(client, ["human", "bot:heuristic", "bot:heuristic"], first_player=0)
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            ws.send_json({"type": "hello", "token": tokens[0], "lang": "en"})
            page = Page(ws.receive_text)
            assert page.receive()["type"] == "view"
            _play_first(tables, table, tokens[0], "play")
            thinking = page.until("thinking")
            assert thinking["seat"] == 1 and thinking["version"] == 1
            assert wait - 0.5 <= thinking["seconds"] <= wait  # the wait (its start passed already)
        assert _undo(client, table, tokens[0], 1).status_code == 200  # the bot did not answer yet
        _play_first(tables, table, tokens[0], "play")
        answered = tables.wait_for(table, tokens[0], timeout=30.0)  # then it answers on its own
        assert answered["to_act"] == 0 and answered["version"] >= 5
