"""Players' names: chosen by a seat's holder, checked (a bad one changes nothing), stored, and shown
wherever the seat is (view, log, scores, replay, lobby); databases made before names were kept are
brought up to date."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludotheque.server.limits import RENAME_BURST
from ludotheque.server.store import SeatRow, Store, TableRow


def _name(client: TestClient, table: str, token: str, name: Any) -> Any:
    return client.post(f"/api/tables/{table}/name", json={"token": token, "name": name})


def test_a_seat_takes_a_name_shown_in_its_view_log_scores_and_replay(client: TestClient, tables: Any) -> None:
    table, tokens = tables.create(["human", "human", "bot:random"], first_player=0)
    answer = _name(client, table, tokens[0], "  Zoé   la  Rousse ")
    assert answer.status_code == 200 and answer.json() == {"seat": 0, "name": "Zoé la Rousse"}
    assert _name(client, table, tokens[1], "Bob").status_code == 200
    for lang in ("en", "fr"):
        view = tables.view(table, tokens[1], lang)
        assert [s["name"] for s in view["seats"]][:2] == ["Zoé la Rousse", "Bob"]
        assert view["seats"][2]["name"] == ("Random bot" if lang == "en" else "Robot aléatoire")
    listed = client.get("/api/tables").json()["tables"]
    row = next(t for t in listed if t["id"] == table)
    assert [s["name"] for s in row["seats"]] == ["Zoé la Rousse", "Bob", None]
    tables.play_out(table, tokens)
    last = tables.view(table, None)  # the spectator's log names every seat
    assert any("Zoé la Rousse" in line for line in last["log"])
    assert "Zoé la Rousse" in last["scores"]["headers"] or "Zoé la Rousse" in str(last["scores"]["rows"])
    replay = client.get(f"/api/tables/{table}/replay", params={"step": 3}).json()
    assert replay["seats"][0]["name"] == "Zoé la Rousse"


@pytest.mark.parametrize("bad", ["", "   ", "x" * 25, "Zoé\x07", "a\u202eb", "line\u2028two", 12, None])
def test_a_bad_name_is_a_clear_400_and_changes_nothing(client: TestClient, tables: Any, bad: Any) -> None:
    table, tokens = tables.create(["human", "bot:random", "bot:random"])
    assert _name(client, table, tokens[0], "Zoé").status_code == 200
    answer = _name(client, table, tokens[0], bad)
    assert answer.status_code == 400, answer.text
    assert answer.json()["code"] in ("bad_name", "malformed") and "Traceback" not in answer.text
    assert tables.view(table, tokens[0])["seats"][0]["name"] == "Zoé"


@pytest.mark.parametrize("game", ["drakon", "kagoun"])
def test_naming_a_seat_keeps_the_log(client: TestClient, tables: Any, game: str) -> None:
    """The log is told again in the new name, whole: it once restarted from the last event."""
    table, tokens = tables.create(["human", "bot:random"], game=game, first_player=1)
    before = tables.wait_for(table, tokens[0])["log"]
    assert before  # the bot moved first
    assert _name(client, table, tokens[0], "Zoé").status_code == 200
    after = tables.view(table, tokens[0])["log"]
    assert len(after) >= len(before) and after[0] == before[0]


def test_only_a_seat_names_itself(client: TestClient, tables: Any) -> None:
    table, _ = tables.create(["human", "bot:random", "bot:random"])
    assert _name(client, table, "not-a-token", "Mallory").status_code == 403
    assert _name(client, "nope", "x", "Mallory").status_code == 404
    assert tables.view(table, None)["seats"][0]["name"] == "Seat 1"


def test_a_name_reaches_the_pages_watching_at_once(client: TestClient, tables: Any) -> None:
    from .conftest import Page

    table, tokens = tables.create(["human", "human", "bot:random"])
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_json({"type": "hello", "token": tokens[1], "lang": "fr"})
        reader = Page(socket.receive_text)
        reader.until("view")
        assert _name(client, table, tokens[0], "Zoé").status_code == 200
        view = reader.until("view")
        assert view["seats"][0]["name"] == "Zoé"


def test_names_are_stored_and_old_seat_rows_get_a_name_column(db_url: str) -> None:
    from sqlalchemy import create_engine, inspect, text

    store = Store(db_url)
    store.create_table(TableRow("named", "gargon", 1, {"players": 3}, 7,
                                [SeatRow(0, "human", token_hash="x" * 64), SeatRow(1, "bot", "random"),
                                 SeatRow(2, "human")]))
    store.set_name("named", 0, "Zoé")
    store.set_name("named", 1, "not a bot's")  # bots keep their own names
    loaded = store.load("named")
    assert loaded is not None and [s.name for s in loaded[0].seats] == ["Zoé", None, None]
    store.close()
    engine = create_engine(Store(db_url).url)
    with engine.begin() as db:  # a database of before names: its seats have no name column
        db.execute(text("DROP INDEX ix_ludo_seats_name"))
        db.execute(text("ALTER TABLE ludo_seats DROP COLUMN name"))
    engine.dispose()
    store = Store(db_url)
    assert "name" in {c["name"] for c in inspect(store.engine).get_columns("ludo_seats")}
    assert "ix_ludo_seats_name" in {i["name"] for i in inspect(store.engine).get_indexes("ludo_seats")}
    loaded = store.load("named")
    assert loaded is not None and [s.name for s in loaded[0].seats] == [None, None, None]
    store.close()


def test_a_finished_tables_names_are_frozen(client: TestClient, tables: Any) -> None:
    """Renaming after the end rewrote the leaderboard, the replay and the past games (issue 31)."""
    table, tokens = tables.create(["human", "human", "bot:random"])
    assert _name(client, table, tokens[0], "Zed").status_code == 200
    tables.play_out(table, tokens)
    record = client.get(f"/api/tables/{table}/record").json()
    for token, name in ((tokens[0], "Farmer"), (tokens[1], "Farmer")):  # a named seat, an unnamed one
        for lang in ("en", "fr"):
            answer = client.post(f"/api/tables/{table}/name", json={"token": token, "name": name},
                                 headers={"accept-language": lang})
            assert answer.status_code == 409 and answer.json()["code"] == "name_frozen", answer.text
            assert ("over" if lang == "en" else "terminée") in answer.json()["detail"]
    assert [s["name"] for s in tables.view(table, None)["seats"]][:2] == ["Zed", "Seat 2"]
    assert client.get(f"/api/tables/{table}/record").json() == record
    assert client.get("/api/players/Farmer/games").json()["games"] == []


def test_the_store_names_no_seat_of_a_finished_table(db_url: str) -> None:
    """The last move may be played by another process while a name is on its way: the store,
    not only the table in memory, refuses it."""
    store = Store(db_url)
    store.create_table(TableRow("over", "gargon", 1, {"players": 3}, 7,
                                [SeatRow(0, "human", token_hash="x" * 64), SeatRow(1, "bot", "random"),
                                 SeatRow(2, "human")]))
    assert store.set_name("over", 0, "Zed")
    store.append_action("over", 0, 0, "pass", 0, None, {"winners": [0], "scores": [1, 0, 0]})
    assert not store.set_name("over", 0, "Farmer") and not store.set_name("over", 2, "Farmer")
    assert not store.set_name("nowhere", 0, "Farmer")
    loaded = store.load("over")
    assert loaded is not None and [s.name for s in loaded[0].seats] == ["Zed", None, None]
    store.close()


BOT_LIKE = ["bot:heuristic", "BOT:Random", " bot : x", "Heuristic bot", "robot  heuristique", "RANDOM BOT 2",
            "Robot aléatoire 1", "Search bot", "Strong search bot 3", "Robot chercheur fort",
            "ｂｏｔ:heuristic"]  # (full width)


@pytest.mark.parametrize("bot_like", BOT_LIKE)
def test_a_person_cannot_take_a_bots_name(client: TestClient, tables: Any, bot_like: str) -> None:
    """A person named like a bot reads as one on every page, and "bot:heuristic" was rated as
    the heuristic bot's fixed level."""
    table, tokens = tables.create(["human", "bot:random", "bot:random"])
    for lang, word in (("en", "bot's name"), ("fr", "nom d'un robot")):
        answer = client.post(f"/api/tables/{table}/name", json={"token": tokens[0], "name": bot_like},
                             headers={"accept-language": lang})
        assert answer.status_code == 400 and answer.json()["code"] == "bad_name", answer.text
        assert word in answer.json()["detail"]
    assert tables.view(table, tokens[0])["seats"][0]["named"] is False


@pytest.mark.parametrize("person", ["Bot", "Robot", "Robotine", "Bob the bot", "Random", "Heuristic bot fan"])
def test_names_that_merely_mention_bots_are_names(client: TestClient, tables: Any, person: str) -> None:
    table, tokens = tables.create(["human", "bot:random", "bot:random"])
    assert _name(client, table, tokens[0], person).status_code == 200


def test_renames_are_limited_per_seat_with_a_retry_after(client: TestClient, tables: Any) -> None:
    """A seat renaming itself a thousand times a second made every watcher read a thousand whole
    views: a burst, then one a second (limits.RENAME_BURST, RENAMES_PER_SECOND)."""
    table, tokens = tables.create(["human", "human", "bot:random"])
    accepted = []
    for attempt in range(50):  # far more than a burst, far faster than one a second
        answer = _name(client, table, tokens[0], f"Zoé {attempt}")
        if answer.status_code != 200:
            break
        accepted.append(f"Zoé {attempt}")
    assert answer.status_code == 429 and answer.json()["code"] == "too_many_names", answer.text
    assert RENAME_BURST <= len(accepted) < 50
    assert int(answer.headers["retry-after"]) >= 1 and "try again" in answer.json()["detail"]
    french = client.post(f"/api/tables/{table}/name", json={"token": tokens[0], "name": "Léa"},
                         headers={"accept-language": "fr"})
    assert french.status_code == 429 and "réessayez" in french.json()["detail"]
    assert tables.view(table, None)["seats"][0]["name"] == accepted[-1]  # refused: nothing changed
    assert _name(client, table, tokens[0], accepted[-1]).status_code == 200  # the same name: no change
    assert _name(client, table, tokens[1], "Bob").status_code == 200  # another seat has its own


def test_a_burst_of_renames_reaches_each_page_as_two_whole_views(client: TestClient, tables: Any,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The first rename reaches the pages at once; those that follow within views.SOON seconds
    are sent once, then: here that moment waits for the test, so that the burst is one whatever
    the machine's pace."""
    from ludotheque.server import views as table_views

    from .conftest import Page

    monkeypatch.setattr(table_views, "SOON", 3600.0)
    table, tokens = tables.create(["human", "human", "bot:random"])
    live = client.app.state.service.tables[table]  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_json({"type": "hello", "token": tokens[1], "lang": "en"})
        reader = Page(socket.receive_text)
        reader.until("view")
        for name in ("Ann", "Bea", "Cid"):
            assert _name(client, table, tokens[0], name).status_code == 200
        client.portal.call(live.views.send_pending)  # type: ignore[union-attr]  # (SOON, elapsed)
        socket.send_json({"type": "lang", "lang": "fr"})  # answered after whatever was sent before
        views = [reader.until("view") for _ in range(3)]
        assert [(v["lang"], v["seats"][0]["name"]) for v in views] == [
            ("en", "Ann"),  # at once
            ("en", "Cid"),  # the rest of the burst, once (not one view per rename)
            ("fr", "Cid")]
