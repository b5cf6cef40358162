"""Claimed names (server/accounts.py): claim, sign in and out, and a claimed name taken at a seat
only by its owner, over SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludotheque.server import limits
from ludotheque.server.accounts import COOKIE
from ludotheque.server.app import create_app
from ludotheque.server.store import Store

from .conftest import TableDriver, behind_proxy, from_address


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(behind_proxy(create_app(db_url, bot_delay=0.0))) as test_client:
        yield test_client


def claim(client: TestClient, name: str, password: str = "correct horse", address: str = "10.1.0.1") -> Any:
    return client.post("/api/accounts", json={"name": name, "password": password},
                       headers=from_address(address))


def sign_in(client: TestClient, name: str, password: str, address: str = "10.1.0.1") -> Any:
    return client.post("/api/session", json={"name": name, "password": password},
                       headers=from_address(address))


def test_a_claimed_name_signs_its_browser_in_and_out(client: TestClient, db_url: str) -> None:
    claimed = claim(client, "Zoé")
    assert claimed.status_code == 201, claimed.text
    assert claimed.json() == {"name": "Zoé"}
    cookie = claimed.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Secure" not in cookie  # (plain HTTP here: the cookie is Secure over HTTPS)
    assert client.get("/api/session").json() == {"name": "Zoé"}
    token = client.cookies[COOKIE]
    # the store keeps neither the password nor the cookie
    store = Store(db_url)
    try:
        stored = store.password_hash("Zoé")
        assert stored is not None and stored.startswith("$argon2id$") and "correct horse" not in stored
        assert store.session_name(token) is None  # (looked up by its digest only)
    finally:
        store.close()
    assert client.delete("/api/session").json() == {"name": None}
    assert client.get("/api/session").json() == {"name": None}
    client.cookies.set(COOKIE, token)  # the old cookie, kept by a thief: forgotten by the server
    assert client.get("/api/session").json() == {"name": None}


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # (the store only reads a hash back)
def test_signing_in_takes_the_right_password_and_says_nothing_more(client: TestClient) -> None:
    assert claim(client, "Ann").status_code == 201
    client.cookies.clear()
    wrong, unknown = sign_in(client, "Ann", "wrong horse"), sign_in(client, "Nobody", "wrong horse")
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() and wrong.json()["code"] == "bad_sign_in"
    assert COOKIE not in client.cookies
    right = sign_in(client, "Ann", "correct horse", address="10.1.0.2")
    assert right.status_code == 200 and client.get("/api/session").json() == {"name": "Ann"}


def test_a_name_is_claimed_once_and_checked_like_a_seats_name(client: TestClient) -> None:
    assert claim(client, "Bob").status_code == 201
    again = claim(client, "Bob", "another password", address="10.1.0.3")
    assert again.status_code == 409 and again.json()["code"] == "name_taken"
    for name, password, code in (("", "correct horse", "bad_name"),
                                 ("Heuristic bot", "correct horse", "bad_name"),
                                 ("x" * 25, "correct horse", "bad_name"), ("Cid", "short", "bad_password"),
                                 ("Cid", "p" * 129, "bad_password")):
        answer = claim(client, name, password, address="10.1.0.4")
        assert answer.status_code == 400 and answer.json()["code"] == code, (name, answer.text)
    assert sign_in(client, "Cid", "correct horse").status_code == 401  # nothing was claimed
    malformed = client.post("/api/accounts", json={"name": "Dee", "password": 12345678})
    assert malformed.status_code == 400 and malformed.json()["code"] == "malformed"


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # (attempts are counted in memory)
def test_attempts_are_limited_per_address_and_per_name(client: TestClient,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # the limiter's clock stopped: a loaded machine hashing slowly would see an attempt come back
    monkeypatch.setattr(limits, "time", SimpleNamespace(monotonic=lambda: 1000.0))
    assert claim(client, "Eve").status_code == 201
    answers = [sign_in(client, "Eve", f"guess {n}", address=f"10.2.0.{n}") for n in range(12)]
    assert [a.status_code for a in answers[:9]] == [401] * 9  # (the claim was one attempt at the name)
    assert answers[-1].status_code == 429 and answers[-1].json()["code"] == "too_many_sign_ins"
    assert int(answers[-1].headers["retry-after"]) >= 1
    # the right password is refused too meanwhile: a guesser cannot tell when it hit
    assert sign_in(client, "Eve", "correct horse", address="10.2.1.1").status_code == 429


def test_a_claimed_name_is_taken_at_a_seat_only_by_its_owner(client: TestClient, db_url: str) -> None:
    tables = TableDriver(client)
    assert claim(client, "Zoé").status_code == 201
    owner = client.cookies[COOKIE]
    table, tokens = tables.create(["human", "human", "bot:random"])
    client.cookies.clear()  # another browser, signed in as nobody
    taken = tables.name(table, tokens[1], "Zoé")
    assert taken.status_code == 409 and taken.json()["code"] == "name_claimed"
    assert tables.name(table, tokens[1], "zoé").status_code == 200  # another name (names keep their case)
    assert [s["name"] for s in tables.view(table, None)["seats"]][1] == "zoé"
    client.cookies.set(COOKIE, owner)
    assert tables.name(table, tokens[0], "Zoé").status_code == 200
    store = Store(db_url)
    try:
        seats = store.load_seats(table)
        assert [(s.name, s.account) for s in seats[:2]] == [("Zoé", "Zoé"), ("zoé", None)]
    finally:
        store.close()
    # before the claim anyone could take the name: the seat keeps it, but not as the account's
    client.cookies.clear()
    earlier, earlier_tokens = tables.create(["human", "human", "bot:random"])
    assert tables.name(earlier, earlier_tokens[0], "Yan").status_code == 200
    assert claim(client, "Yan", address="10.1.0.9").status_code == 201
    assert tables.name(earlier, earlier_tokens[0], "Yan").status_code == 200  # now signed in as Yan
    store = Store(db_url)
    try:
        assert store.load_seats(earlier)[0].account == "Yan"
    finally:
        store.close()


def test_my_tables_follow_a_claimed_name_to_another_browser(client: TestClient) -> None:
    tables = TableDriver(client)
    assert claim(client, "Zoé").status_code == 201
    waiting, tokens = tables.create(["human", "human", "bot:random"], first_player=1)
    to_act, to_act_tokens = tables.create(["human", "human", "bot:random"], first_player=0)
    for table, seat_tokens in ((waiting, tokens), (to_act, to_act_tokens)):
        assert tables.name(table, seat_tokens[0], "Zoé").status_code == 200  # (signed in)
    client.cookies.clear()
    assert client.get("/api/session/tables").status_code == 401
    assert client.post(f"/api/tables/{waiting}/link").json()["code"] == "signed_out"
    # another browser signs in: its tables are there, the one where it is to act first
    assert sign_in(client, "Zoé", "correct horse").status_code == 200
    mine = client.get("/api/session/tables").json()
    listed = [(t["id"], t["seat"], t["my_turn"]) for t in mine["tables"]]
    assert listed == [(to_act, 0, True), (waiting, 0, False)]
    link = client.post(f"/api/tables/{to_act}/link")
    assert link.status_code == 200, link.text
    assert link.json()["seat"] == 0 and link.json()["url"].startswith(f"/t/{to_act}#token=")
    new_token = link.json()["url"].split("#token=")[1]
    assert tables.view(to_act, new_token)["seat"] == 0 == tables.view(to_act, to_act_tokens[0])["seat"]
    played = tables.view(to_act, new_token)["legal"][0]["action"]
    acted = client.post(f"/api/tables/{to_act}/actions",
                        json={"token": new_token, "action": played, "version": 0})
    assert acted.status_code == 200, acted.text
    # a seat keeps its 8 newest such links
    links = [client.post(f"/api/tables/{waiting}/link").json()["url"].split("#token=")[1] for _ in range(9)]
    views = [client.post(f"/api/tables/{waiting}/view", json={"token": t}).status_code for t in links]
    assert views == [403] + [200] * 8
    assert client.post(f"/api/tables/{waiting}/view", json={"token": tokens[0]}).status_code == 200
    # nobody else gets a link to it
    client.cookies.clear()
    assert claim(client, "Ann", address="10.1.0.5").status_code == 201
    refused = client.post(f"/api/tables/{waiting}/link")
    assert refused.status_code == 403 and refused.json()["code"] == "not_your_seat"
