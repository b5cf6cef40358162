"""A player's past games (``GET /api/players/{name}/games``): the finished tables where a seat
carries that name, newest first, a page at a time, on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient

from ludotheque.server import create_app

from .conftest import TableDriver, behind_proxy


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """The app on a fresh database of each kind, bots moving at once, behind a proxy that says who
    each client is."""
    with TestClient(behind_proxy(create_app(db_url, bot_delay=0.0))) as test_client:
        yield test_client


@pytest.fixture
def tables(client: TestClient) -> TableDriver:
    return TableDriver(client)


#: A short game: Kagoun's first round, then the most points win (a past game is a past game,
#: however long it was).
SHORT = {"game": "kagoun", "max_rounds": 1, "stalemate": "most_points"}


def named(client: TestClient, table: str, token: str, name: str) -> None:
    response = client.post(f"/api/tables/{table}/name", json={"token": token, "name": name})
    assert response.status_code == 200, response.text


def finished(tables: TableDriver, name: str, seats: list[str] | None = None,
             address: str | None = None, session: str | None = None) -> str:
    """A table whose first seat takes ``name`` (from ``address``; signed in with ``session``),
    played to the end."""
    table, tokens = tables.create(seats or ["human", "bot:random", "bot:heuristic"], **SHORT)
    response = tables.name(table, tokens[0], name, address, session)
    assert response.status_code == 200, response.text
    tables.play_out(table, tokens)
    return table


def games_of(client: TestClient, name: str, **params: Any) -> dict[str, Any]:
    response = client.get(f"/api/players/{name}/games", params=params)
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_a_players_finished_games_newest_first_a_page_at_a_time(client: TestClient,
                                                                 tables: TableDriver) -> None:
    assert games_of(client, "Ann") == {"name": "Ann", "game": None, "games": [], "next": None}
    ann = [finished(tables, "Ann") for _ in range(3)]
    finished(tables, "Bob")
    waiting, tokens = tables.create(["human", "bot:random", "bot:random"], first_player=0)
    named(client, waiting, tokens[0], "Ann")  # not over: not listed
    page = games_of(client, "Ann")
    assert [g["id"] for g in page["games"]] == ann[::-1] and page["next"] is None
    first = page["games"][0]
    assert first["game"] == "kagoun" and first["game_name"] == "Kagoun" and first["players"] == 3
    assert [s["name"] for s in first["seats"]] == ["Ann", "Random bot", "Heuristic bot"]
    assert first["player_seats"] == [0] and first["won"] == (0 in first["winners"])
    record = client.get(f"/api/tables/{ann[-1]}").json()["view"]["scores"]
    assert first["scores"] == record["totals"]
    assert client.get(first["replay_url"]).status_code == 200
    assert client.get(f"/api/tables/{ann[-1]}/record").status_code == 200
    # a page at a time, as the lobby's list
    one = games_of(client, "Ann", limit=2)
    assert [g["id"] for g in one["games"]] == ann[:0:-1] and one["next"]
    two = games_of(client, "Ann", limit=2, before=one["next"])
    assert [g["id"] for g in two["games"]] == ann[:1] and two["next"] is None
    # the name as check_name trims it; names are exact, not prefixes
    assert [g["id"] for g in games_of(client, "  Ann ")["games"]] == ann[::-1]
    assert games_of(client, "An")["games"] == [] and len(games_of(client, "Bob")["games"]) == 1


def test_seats_are_named_in_the_readers_language_and_unnamed_ones_stay_unnamed(
        client: TestClient, tables: TableDriver) -> None:
    table, tokens = tables.create(["human", "human", "bot:random"], **SHORT)
    named(client, table, tokens[1], "Zoé / Léa")  # a slash in a name reads back too
    tables.play_out(table, tokens)
    entry = games_of(client, "Zoé / Léa", lang="fr")["games"][0]
    assert [s["name"] for s in entry["seats"]] == ["Joueur 1", "Zoé / Léa", "Robot aléatoire"]
    assert [s["named"] for s in entry["seats"]] == [False, True, False]
    assert entry["player_seats"] == [1] and entry["won"] == (1 in entry["winners"])


def test_the_game_filter(client: TestClient, tables: TableDriver) -> None:
    table = finished(tables, "Ann")
    assert [g["id"] for g in games_of(client, "Ann", game="kagoun")["games"]] == [table]
    assert [g["id"] for g in games_of(client, "Ann", game="KAGOUN")["games"]] == [table]
    assert games_of(client, "Ann", game="drakon")["games"] == []
    response = client.get("/api/players/Ann/games", params={"game": "chess"})
    assert response.status_code == 404 and response.json()["code"] == "unknown_game"


def test_a_seat_renamed_is_found_under_its_new_name(client: TestClient, tables: TableDriver) -> None:
    table, tokens = tables.create(["human", "bot:random", "bot:random"], **SHORT)
    named(client, table, tokens[0], "Zed")
    named(client, table, tokens[0], "Zoé")  # (once the game is over, names are frozen: test_names)
    tables.play_out(table, tokens)
    assert [g["id"] for g in games_of(client, "Zoé")["games"]] == [table]
    assert games_of(client, "Zed")["games"] == []


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # (refused before the store)
@pytest.mark.parametrize("name", ["%20%20", "a" * 25, "Z%07e", "Z%E2%80%AEe"])
def test_a_name_no_seat_could_take_is_a_400(client: TestClient, name: str) -> None:
    response = client.get(f"/api/players/{name}/games")
    assert response.status_code == 400, response.text
    code = "bad_path" if name == "Z%07e" else "bad_name"  # a control character: refused before routing
    assert response.json()["code"] == code and "Traceback" not in response.text


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # (refused before the store)
@pytest.mark.parametrize("params", [{"before": "soon"}, {"limit": 0}, {"limit": 201}])
def test_a_bad_page_is_a_400(client: TestClient, params: dict[str, Any]) -> None:
    response = client.get("/api/players/Ann/games", params=params)
    assert response.status_code == 400 and response.json()["code"] == "malformed"


def test_a_name_is_one_name_however_its_accents_were_typed(client: TestClient, tables: TableDriver) -> None:
    """"Zoé" typed composed (é) or decomposed (e + combining accent) is one player: stored, listed
    and rated as its composed form (NFC)."""
    decomposed, composed = "Zoe\u0301 Nfc", "Zo\u00e9 Nfc"
    # (seat 1 plays from the test's own client: two clients, the games count)
    session = tables.claim(decomposed)  # (claimed as its composed form)
    both = [finished(tables, spelt, ["human", "human", "bot:random"], "10.0.0.1", session)
            for spelt in (decomposed, composed)]
    for asked in (decomposed, composed):
        page = games_of(client, asked)
        assert page["name"] == composed and {g["id"] for g in page["games"]} == set(both)
        assert all(g["player_seats"] == [0] for g in page["games"])
    standings = client.get("/api/leaderboard/kagoun").json()["standings"]
    assert [(s["name"], s["games"]) for s in standings if s["name"].startswith("Zo")] == [(composed, 2)]


def segment(name: str) -> str:
    """A name as the pages put it in an address (``nameSegment`` in web/js/api.js)."""
    return quote(f"~{name}" if name in (".", "..") or name.startswith("~") else name, safe="")


#: Names that mean something in an address (a path segment, a query, a fragment, an escape).
ODD_NAMES = ["..", ".", "a/b", "100%", "why?", "#1", "~tilde", "../x"]


def test_any_name_rides_in_an_address(client: TestClient, tables: TableDriver) -> None:
    """Each odd name's page of past games finds its table; four names share a table (each seat
    named), so two games carry all eight."""
    found: dict[str, str] = {}
    for four in (ODD_NAMES[:4], ODD_NAMES[4:]):
        table, tokens = tables.create(["human"] * 4, **SHORT)
        for seat, name in enumerate(four):
            named(client, table, tokens[seat], name)
        tables.play_out(table, tokens)
        found |= dict.fromkeys(four, table)
    for name, table in found.items():
        page = games_of(client, segment(name))
        assert page["name"] == name and [g["id"] for g in page["games"]] == [table], name
        assert client.get(f"/players/{segment(name)}").status_code == 200, name  # the page itself
