"""Open seats (issue 33): a table may leave people's seats open; the lobby lists it, and anyone
may take such a seat once (its own private link), whoever races for it and through whichever
process; bad requests change nothing; taking seats is limited per address like making tables."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from ludotheque.server import create_app
from ludotheque.server.errors import ApiError
from ludotheque.server.hosting import Hosting
from ludotheque.server.service import TableService
from ludotheque.server.store import SeatRow, Store, TableRow
from ludotheque.server.table import token_digest

from .conftest import token_of


def _create(client: TestClient, seats: list[str], **options: Any) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"game": "gargon", "options": options, "seats": seats})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def _join(client: TestClient, table: str, **body: Any) -> Any:
    return client.post(f"/api/tables/{table}/join", json=body)


def _open_tables(client: TestClient) -> list[str]:
    return [t["id"] for t in client.get("/api/tables", params={"seats": "open"}).json()["tables"]]


def test_an_open_seat_is_listed_until_a_person_takes_it(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0.0)) as client:
        made = _create(client, ["human", "open", "open"], first_player=0)
        table = made["id"]
        assert made["seats"][1] == {"seat": 1, "kind": "human", "open": True}  # no link: anyone's
        _create(client, ["human", "bot:random", "bot:random"])  # nothing open: not listed
        assert _open_tables(client) == [table]
        listed = client.get("/api/tables", params={"seats": "open"}).json()["tables"][0]
        assert [s["open"] for s in listed["seats"]] == [False, True, True]
        assert listed["options"] == {"first_player": 0, "players": 3}

        joined = _join(client, table, name="  Bob ")
        assert joined.status_code == 200, joined.text
        assert joined.json()["seat"] == 1 and joined.json()["url"].startswith(f"/t/{table}#token=")
        bob = token_of(joined.json()["url"])
        view = client.post(f"/api/tables/{table}/view", json={"token": bob}).json()
        assert view["seat"] == 1 and view["seats"][1]["name"] == "Bob"  # named by the rules of names
        assert [s["open"] for s in view["seats"]] == [False, False, True]

        assert _join(client, table, seat=1).json()["code"] == "seat_taken"
        last = _join(client, table, seat=2)
        assert last.status_code == 200 and last.json()["seat"] == 2
        assert table not in _open_tables(client)  # full: no longer listed
        full = _join(client, table)
        assert full.status_code == 409 and full.json()["code"] == "table_full"

        # the seat's link is a seat like any: it plays
        first = token_of(made["seats"][0]["url"])
        mine = client.post(f"/api/tables/{table}/view", json={"token": first}).json()
        played = client.post(f"/api/tables/{table}/actions", json={
            "token": first, "action": mine["legal"][0]["action"], "version": mine["version"]})
        assert played.status_code == 200, played.text


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"seat": 3}, 400, "bad_seat"), ({"seat": -1}, 400, "malformed"), ({"seat": 99}, 400, "malformed"),
    ({"seat": "1"}, 400, "malformed"), ({"seat": True}, 400, "malformed"), ({"name": ""}, 400, "bad_name"),
    ({"name": "Heuristic bot"}, 400, "bad_name"), ({"name": "x" * 25}, 400, "bad_name"),
    ({"token": "x"}, 400, "malformed"), ({"seat": 0}, 409, "seat_taken"), ({"seat": 2}, 409, "seat_taken"),
])
def test_a_bad_request_to_take_a_seat_changes_nothing(client: TestClient, body: dict[str, Any], status: int,
                                                    code: str) -> None:
    table = _create(client, ["human", "open", "bot:random"])["id"]
    answer = _join(client, table, **body)
    assert (answer.status_code, answer.json()["code"]) == (status, code), answer.text
    assert "Traceback" not in answer.text
    assert _open_tables(client) == [table]
    assert _join(client, "nosuchtable").status_code == 404
    refused = client.post("/api/tables", json={"game": "gargon", "seats": ["human", "opened", "open"]})
    assert refused.status_code == 400 and refused.json()["code"] == "bad_seats"


def test_people_racing_for_the_last_seat_one_wins_the_others_get_409(client: TestClient) -> None:
    table = _create(client, ["human", "bot:random", "open"])["id"]
    answers: list[Any] = []
    racers = [threading.Thread(target=lambda: answers.append(_join(client, table))) for _ in range(6)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    assert sorted(a.status_code for a in answers) == [200] + [409] * 5
    assert {a.json()["code"] for a in answers if a.status_code == 409} == {"table_full"}


def test_the_store_gives_a_seat_to_one_of_two_racers(db_url: str) -> None:
    """Two processes' writes at once (each thread its own connection): one seat, one winner."""
    store = Store(db_url)
    seats = [SeatRow(0, "human", token_hash="a" * 64), SeatRow(1, "human", open=True),
             SeatRow(2, "bot", "random")]
    row = TableRow("racetable", "gargon", 1, {}, 7, seats)
    store.create_table(row)
    won: list[int | None] = []
    barrier = threading.Barrier(4)

    def race(index: int) -> None:
        barrier.wait()
        won.append(store.take_open_seat(row.id, None, token_digest(f"racer{index}"), None))

    racers = [threading.Thread(target=race, args=(i,)) for i in range(4)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    assert sorted(won, key=str) == [1, None, None, None]
    stored = store.load_seats(row.id)
    assert not stored[1].open and stored[1].token_hash is not None
    assert store.take_open_seat(row.id, 1, "b" * 64, None) is None
    store.close()


def test_a_seat_taken_through_one_process_is_taken_in_the_other(pg_url: str) -> None:
    async def scenario() -> None:
        stores = [Store(pg_url), Store(pg_url)]
        a, b = (TableService(store, bot_delay=0.0) for store in stores)
        for service in (a, b):
            await service.start()
        table, _ = await a.create("gargon", {}, ["human", "open", "bot:random"])
        there = await b.get(table.id)  # both processes hold the table, its seat open
        outcomes = await asyncio.gather(a.take_seat(table, 1, "Zoé"), b.take_seat(there, 1, "Bob"),
                                        return_exceptions=True)
        wins = [o for o in outcomes if not isinstance(o, BaseException)]
        losses = [o for o in outcomes if isinstance(o, ApiError)]
        assert len(wins) == 1 and [e.code for e in losses] == ["seat_taken"]
        token = wins[0][1]
        for service, held in ((a, table), (b, there)):  # each process knows the seat and its token
            for _ in range(200):
                if not held.row.seats[1].open:
                    break
                await asyncio.sleep(0.01)
            assert not held.row.seats[1].open
            assert await service.seat_of(held, token) == 1
        for service in (a, b):
            await service.close()
        for store in stores:
            store.close()

    asyncio.run(scenario())


def test_taking_seats_is_limited_per_address(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 't.db'}", 0.0, hosting=Hosting(tables_per_minute=2))
    with TestClient(app) as client:
        table = _create(client, ["open", "open", "open"])["id"]
        assert [_join(client, table).status_code for _ in range(2)] == [200, 200]
        refused = _join(client, table)
        assert refused.status_code == 429 and refused.json()["code"] == "too_many_joins"
        assert int(refused.headers["Retry-After"]) >= 1
        assert _open_tables(client) == [table]  # the last seat is still open


def test_a_page_asks_after_its_tables_in_one_request(client: TestClient) -> None:
    made = [_create(client, ["human", "bot:random", "bot:random"])["id"] for _ in range(3)]
    answer = client.get("/api/tables", params={"ids": f"{made[0]},{made[2]},nosuchtable"})
    assert answer.status_code == 200
    assert sorted(t["id"] for t in answer.json()["tables"]) == sorted([made[0], made[2]])
    too_many = client.get("/api/tables", params={"ids": ",".join(f"t{i}" for i in range(21))})
    assert too_many.status_code == 400 and too_many.json()["code"] == "malformed"


def test_an_older_database_gets_the_column_of_open_seats(db_url: str) -> None:
    store = Store(db_url)
    seats = [SeatRow(0, "human"), SeatRow(1, "bot", "random"), SeatRow(2, "bot", "random")]
    store.create_table(TableRow("oldtable", "gargon", 1, {}, 7, seats))
    store.close()
    engine = create_engine(Store(db_url).url)
    with engine.begin() as db:  # as it was: every seat given at the creation
        db.execute(text("DROP INDEX ix_ludo_seats_open"))
        db.execute(text("ALTER TABLE ludo_seats DROP COLUMN open_seat"))
    engine.dispose()
    store = Store(db_url)
    assert [s.open for s in store.load_seats("oldtable")] == [False, False, False]
    assert store.list_tables(open_seats=True) == []
    store.close()
