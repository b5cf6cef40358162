"""The leaderboard: Elo ratings at a game from its finished tables, bots as fixed anchors; a game
counts only when two people or more played it from distinct clients (server/clients.py); each
game's ratings are kept up as tables finish, and equal the ones computed again from scratch."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect, text

from ludotheque.server import create_app
from ludotheque.server.clients import client_digest, client_of
from ludotheque.server.leaderboard import Leaderboards, standings
from ludotheque.server.store import Move, SeatRow, Store, StoreError, TableRow

from .conftest import TableDriver, behind_proxy, from_address


@pytest.fixture
def app(db_url: str) -> Any:
    return create_app(db_url, bot_delay=0.0)


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    """The app on a fresh database of each kind, behind a proxy that says who each client is."""
    with TestClient(behind_proxy(app)) as test_client:
        yield test_client


@pytest.fixture
def tables(client: TestClient) -> TableDriver:
    return TableDriver(client)


#: A short game: Kagoun's first round, then the most points win (a rated game is a rated game,
#: however long it was).
SHORT = {"game": "kagoun", "max_rounds": 1, "stalemate": "most_points"}


def finished(tables: TableDriver, seats: list[str], names: dict[int, tuple[str, str]],
             sessions: dict[str, str] | None = None) -> str:
    """A table whose seats take ``names`` (seat: (name, address)), played to the end; every
    seat it names is used first from its own address, signed in as the name when ``sessions``
    has its cookie (a claimed name)."""
    table, tokens = tables.create(seats, **SHORT)
    for seat, (name, address) in names.items():
        answer = tables.name(table, tokens[seat], name, address, (sessions or {}).get(name))
        assert answer.status_code == 200, answer.text
    if tokens:
        tables.play_out(table, tokens)
    else:
        tables.settled(table, {})  # (bots alone: to the end)
    return table


def board(client: TestClient, lang: str = "en", part: str = "standings") -> dict[str, dict[str, Any]]:
    """The leaderboard's people (``part="bots"``: its bots), by name."""
    answer = client.get(f"/api/leaderboard/{SHORT['game']}", headers={"accept-language": lang})
    assert answer.status_code == 200, answer.text
    return {row["name"]: row for row in answer.json()[part]}


def test_a_game_counts_when_people_played_it_from_distinct_clients(client: TestClient,
                                                                   tables: TableDriver) -> None:
    assert client.get("/api/leaderboard/kagoun").json() == {"game": "kagoun", "standings": [], "bots": []}
    sessions = {name: tables.claim(name) for name in ("Ann", "Bob", "Hal", "Cid", "Dee", "Eve", "Fay", "Gus")}
    bots = ["bot:random", "bot:heuristic"]
    counted = [finished(tables, ["human", "human", *bots], {0: ("Ann", "10.0.0.1"), 1: ("Bob", "10.0.0.2")},
                        sessions),
               # a seat first used to act, unnamed, from a client of its own: Hal's game counts
               finished(tables, ["human", "human", "bot:random"], {0: ("Hal", "2001:db8:1::1")}, sessions)]
    alone = finished(tables, ["human", *bots], {0: ("Cid", "10.0.0.3")}, sessions)  # against bots only
    held = finished(tables, ["human", "human", "bot:random"],  # two seats held from one client
                    {0: ("Dee", "10.0.0.4"), 1: ("Eve", "10.0.0.4")}, sessions)
    finished(tables, ["human", "human", "bot:random"],  # one network: two addresses of one /64
             {0: ("Fay", "2001:db8::1"), 1: ("Gus", "2001:db8::2")}, sessions)
    finished(tables, bots + ["bot:random"], {})  # bots alone: nobody to rate
    # names nobody claimed: rated (their opponents' ratings move) but never listed
    finished(tables, ["human", "human", "bot:random"], {0: ("Ivy", "10.0.0.5"), 1: ("Jo", "10.0.0.6")})
    rows, bot_rows = board(client, "fr"), board(client, "fr", "bots")
    assert set(rows) == {"Ann", "Bob", "Hal"} and set(bot_rows) == {"Robot aléatoire", "Robot heuristique"}
    assert [rows[name]["games"] for name in ("Ann", "Bob", "Hal")] == [1, 1, 1]
    assert [bot_rows[name]["games"] for name in ("Robot aléatoire", "Robot heuristique")] == [3, 1]
    assert bot_rows["Robot aléatoire"]["rating"] == 1000 and bot_rows["Robot heuristique"]["rating"] == 1500
    for ranked in (list(rows.values()), list(bot_rows.values())):
        assert [row["rank"] for row in ranked] == list(range(1, len(ranked) + 1))
        assert [row["rating"] for row in ranked] == sorted((row["rating"] for row in ranked), reverse=True)
    # a player's past games say which ones count
    for name, table, rated in (("Ann", counted[0], True), ("Hal", counted[1], True), ("Cid", alone, False),
                               ("Dee", held, False), ("Eve", held, False), ("Fay", None, False)):
        games = client.get(f"/api/players/{name}/games").json()["games"]
        assert len(games) == 1 and games[0]["rated"] is rated, (name, games)
        assert table is None or games[0]["id"] == table


def test_a_seat_keeps_its_first_client_over_http_and_the_socket(app: Any, client: TestClient,
                                                               tables: TableDriver) -> None:
    store: Store = app.state.service.store
    table, tokens = tables.create(["human", "human", "human"], first_player=0)
    with client.websocket_connect(f"/ws/tables/{table}", headers=from_address("10.0.0.7")) as socket:
        socket.send_json({"type": "hello", "token": tokens[0], "lang": "en"})
        view = socket.receive_json()
        socket.send_json({"type": "action", "action": view["legal"][0]["action"], "version": view["version"]})
        while socket.receive_json()["type"] != "update":
            pass
    assert tables.name(table, tokens[0], "Ann", "10.0.0.8").status_code == 200  # not its first client
    assert tables.name(table, tokens[1], "Bob", "10.0.0.8").status_code == 200
    noted = [s.client for s in store.load_seats(table)]
    assert noted == [client_digest(store.client_secret, table, "10.0.0.7"),
                     client_digest(store.client_secret, table, "10.0.0.8"), None]
    assert all("10.0.0" not in (digest or "") for digest in noted)  # never the address itself


def test_a_move_the_database_refuses_is_taken_back_with_its_seats_client(app: Any, client: TestClient,
                                                                          tables: TableDriver) -> None:
    """The store down: the move is answered 503 and taken back, and the client it would have
    noted is not kept; once the store is back, the move plays and notes it."""
    store: Store = app.state.service.store
    table, tokens = tables.create(["human", "human", "human"], first_player=0)
    action = tables.view(table, tokens[0])["legal"][0]["action"]
    working = store.append_actions

    def down(_moves: object) -> list[bool]:
        raise StoreError("the database is down")
    store.append_actions = down  # type: ignore[method-assign]
    move = {"token": tokens[0], "action": action, "version": 0}
    refused = client.post(f"/api/tables/{table}/actions", json=move, headers=from_address("10.0.0.9"))
    assert refused.status_code == 503 and refused.json()["code"] == "store"
    assert tables.view(table, tokens[0])["version"] == 0
    store.append_actions = working  # type: ignore[method-assign]
    assert [s.client for s in store.load_seats(table)] == [None, None, None]
    played = client.post(f"/api/tables/{table}/actions", json=move, headers=from_address("10.0.0.10"))
    assert played.status_code == 200, played.text
    assert [s.client for s in store.load_seats(table)] == [
        client_digest(store.client_secret, table, "10.0.0.10"), None, None]


def test_a_client_digest_hides_the_address_and_differs_from_table_to_table() -> None:
    key = bytes(32)
    one, other = client_digest(key, "t1", "192.0.2.1"), client_digest(key, "t2", "192.0.2.1")
    assert one and other and one != other and "192" not in one and len(one) == 32
    assert client_digest(key, "t1", "192.0.2.2") != one
    assert client_digest(bytes([1] * 32), "t1", "192.0.2.1") != one
    assert client_digest(key, "t1", "::ffff:192.0.2.1") == one  # an IPv4 address carried by IPv6
    assert client_of("2001:db8:0:0:ffff::1") == client_of("2001:db8::2") == "2001:db8::/64"
    assert client_of("2001:db8:0:1::1") != client_of("2001:db8::1")
    assert client_digest(key, "t1", None) is None and client_of("") is None


def test_a_finished_tables_clients_are_never_written(db_url: str) -> None:
    store = Store(db_url)
    row = _row("over", [("Ann", None), ("Bob", None)])
    store.create_table(row)
    assert store.set_client("over", 0, "a" * 32) and not store.set_client("over", 0, "b" * 32)  # first only
    store.append_action("over", 0, 0, "pass", 0, None, {"winners": [0]})
    assert not store.set_client("over", 1, "c" * 32)
    assert [s.client for s in store.load_seats("over")] == ["a" * 32, None, None]
    store.close()


def test_a_move_notes_its_seats_first_client_in_its_own_write(db_url: str) -> None:
    store = Store(db_url)
    store.create_table(_row("t", [("Ann", None), ("Bob", None)]))
    assert store.append_actions([Move("t", 0, 0, "pass", 0, 1, client="a" * 32)]) == [True]
    assert store.append_actions([Move("t", 0, 0, "pass", 1, 1, client="b" * 32)]) == [False]  # stale
    assert store.append_actions([Move("t", 1, 1, "pass", 0, 1, client="c" * 32)]) == [True]  # not the first
    assert [s.client for s in store.load_seats("t")] == ["a" * 32, None, None]
    store.close()


People = list[tuple[str | None, str | None]]


def _row(table_id: str, people: People, hints: bool = False) -> TableRow:
    """A Gargon table of these people (name, client digest) and a heuristic bot."""
    seats = [SeatRow(seat, "human", name=name) for seat, (name, _) in enumerate(people)]
    return TableRow(table_id, "gargon", 1, {"players": len(seats) + 1}, 7,
                    [*seats, SeatRow(len(seats), "bot", "heuristic")], hints=hints)


def _finish(store: Store, row: TableRow, people: People, winners: list[int]) -> None:
    store.create_table(row)
    for seat, (name, client) in enumerate(people):
        if name is not None:
            # signed in as the name it claimed (a bot's name cannot be claimed)
            assert store.set_name(row.id, seat, name, account=None if name.startswith("bot:") else name)
        if client is not None:
            assert store.set_client(row.id, seat, client)
    store.append_action(row.id, 0, 0, "pass", 0, None, {"winners": winners})


def test_the_ratings_kept_up_are_the_ones_computed_again(db_url: str) -> None:
    """Each read rates only what finished since the last; the result is always what rating every
    finished table again, in the order they finished, gives: also when a table that finished
    earlier is stored later (another process), and across a restart."""
    store = Store(db_url)
    kept = Leaderboards(store)
    players, pick = ["Ann", "Bob", "Cid", "Dee", "bot:heuristic"], random.Random(5)

    def again() -> dict[str, list[dict[str, Any]]]:
        return standings(store.finished_tables("gargon"), "en")

    for number in range(24):
        people = [(name, f"client-{name}" if pick.random() < 0.9 else None)
                  for name in pick.sample(players, pick.choice([1, 2, 3]))]
        _finish(store, _row(f"t{number:02}", people, hints=number == 7), people,
                pick.sample(range(len(people) + 1), 1))
        if number % 5 == 0:
            assert kept.standings("gargon", "en") == again()
    assert kept.standings("gargon", "en") == again()
    names = {row["name"] for row in again()["standings"]}
    assert {"Ann", "Bob", "Cid", "Dee"} <= names and "bot:heuristic" not in names
    heuristic = next(r for r in again()["bots"] if r["name"] == "Heuristic bot")
    assert heuristic["rating"] == 1500  # a person named "bot:heuristic" is not the anchor
    # a table that finished before the last one rated, stored after it: all rated again, in order
    late = [("Ann", "client-Ann"), ("Bob", "client-Bob")]
    _finish(store, _row("late", late), late, [0])
    engine = create_engine(store.url)
    with engine.begin() as db:
        db.execute(text("UPDATE ludo_tables SET finished_at = 1 WHERE id = 'late'"))
    engine.dispose()
    assert store.finished_tables("gargon")[0].id == "late"
    assert kept.standings("gargon", "en") == again() == Leaderboards(store).standings("gargon", "en")
    assert kept.standings("gargon", "fr") == standings(store.finished_tables("gargon"), "fr")
    store.close()


def test_tables_are_rated_in_the_order_they_finished(db_url: str) -> None:
    store = Store(db_url)
    first, second = [("Ann", "a"), ("Bob", "b")], [("Ann", "a"), ("Bob", "b")]
    store.create_table(_row("created-first", first))
    _finish(store, _row("created-second", second), second, [0])
    store.set_name("created-first", 0, "Ann")
    store.set_name("created-first", 1, "Bob")
    store.set_client("created-first", 0, "a")
    store.set_client("created-first", 1, "b")
    store.append_action("created-first", 0, 0, "pass", 0, None, {"winners": [1]})
    assert [row.id for row in store.finished_tables("gargon")] == ["created-second", "created-first"]
    store.close()


def test_an_older_database_gets_finish_times_clients_and_a_key(db_url: str) -> None:
    store = Store(db_url)
    people = [("Ann", "a"), ("Bob", "b")]
    _finish(store, _row("old", people), people, [0])
    store.create_table(_row("open", people))
    store.close()
    engine = create_engine(Store(db_url).url)
    with engine.begin() as db:  # as it was: no finish times, no clients, no keys
        db.execute(text("DROP INDEX ix_ludo_tables_game_finished_at"))
        db.execute(text("ALTER TABLE ludo_tables DROP COLUMN finished_at"))
        db.execute(text("ALTER TABLE ludo_seats DROP COLUMN client"))
        db.execute(text("DROP TABLE ludo_secrets"))
        played = db.execute(text("SELECT at FROM ludo_actions WHERE table_id = 'old'")).scalar_one()
    engine.dispose()
    store = Store(db_url)
    assert {"finished_at"} <= {c["name"] for c in inspect(store.engine).get_columns("ludo_tables")}
    assert [row.finished_at for row in store.finished_tables("gargon")] == [played]
    assert [s.client for s in store.load_seats("old")] == [None, None, None]
    assert standings(store.finished_tables("gargon"), "en")["standings"] == []  # nobody knows who played it
    key = store.client_secret
    store.close()
    reopened = Store(db_url)
    assert len(key) == 32 and reopened.client_secret == key  # made once, then kept
    reopened.close()
