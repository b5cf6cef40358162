"""A table's deal and chance draws come from a 128-bit key that never leaves the server before the
end (docs/security.md): a seed search over the public view finds an old table's seed, and nothing
at a table dealt from a key; the key is in no answer or message until the record of the finished
game, which replays; tables stored with a small seed keep dealing from it."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludotheque.bots.registry import make_bot
from ludotheque.core import get_game
from ludotheque.core.bot import ask
from ludotheque.core.game import CHANCE, sample_chance
from ludotheque.core.record import GameRecord
from ludotheque.core.seeds import KeyedRandom, is_key, new_seed
from ludotheque.server import service as service_module
from ludotheque.server.service import TableService
from ludotheque.server.store import SeatRow, Store, TableRow
from ludotheque.server.table import Table

from .conftest import Page, TableDriver

#: The reduced space searched: a window of 2**12 seeds around where the old seed was drawn (its
#: size shows nothing more: a key's deal is in no window of 32-bit seeds, the old seed in this one).
WINDOW = 1 << 12


def seeds_dealing(observations: list[dict[str, Any]], base: int) -> list[list[int]]:
    """For each observation, every seed of ``[base, base + WINDOW)`` whose four-player Gargon deal
    shows a spectator exactly that: what an attacker computes from the public view."""
    gargon = get_game("gargon")
    found: list[list[int]] = [[] for _ in observations]
    for seed in range(base, base + WINDOW):
        dealt = gargon.new_state({"players": 4}, seed).observe(None).to_json()
        for index, observation in enumerate(observations):
            if dealt == observation:
                found[index].append(seed)
    return found


def spectator_observation(tables: TableDriver) -> dict[str, Any]:
    table, _ = tables.create(["human"] * 4)
    return dict(tables.view(table, None)["observation"])


def test_a_seed_search_over_the_public_view_finds_an_old_deal_and_nothing_of_a_keyed_one(
        tables: TableDriver, monkeypatch: pytest.MonkeyPatch) -> None:
    base = 0x5EED0000
    with monkeypatch.context() as patch:  # a table as they were dealt before keys: a small seed
        patch.setattr(service_module, "new_seed", lambda: base + 1234)
        old = spectator_observation(tables)
    first, second = spectator_observation(tables), spectator_observation(tables)
    # the old seed is found, and with it every hidden card; the keys' deals are nowhere
    assert seeds_dealing([old, first, second], base) == [[base + 1234], [], []]
    assert first["piles"] != second["piles"]  # two keys, two deals


def test_a_table_is_dealt_from_a_new_key_each_time(client: TestClient) -> None:
    service: TableService = client.app.state.service  # type: ignore[attr-defined]
    keys = set()
    for _ in range(3):
        answer = client.post("/api/tables", json={"game": "kagoun", "seats": ["human"] * 3})
        loaded = service.store.load(answer.json()["id"])
        assert loaded is not None
        keys.add(loaded[0].seed)
    assert len(keys) == 3 and all(is_key(k) for k in keys)


def _traced(client: TestClient, seen: list[str]) -> Callable[..., Any]:
    def call(method: str, url: str, **kwargs: Any) -> Any:
        response = client.request(method, url, **kwargs)
        seen.append(response.text)
        return response
    return call


def good_move(client: TestClient, table: str, mine: dict[str, Any]) -> str:
    """What the heuristic would play from ``mine`` (the seat's view; the test peeks at the table
    in memory to ask it, which changes nothing of what is sent): a game of random moves lasts
    some 1,500 steps, of the heuristic's a few dozen."""
    state = client.app.state.service.tables[table].state  # type: ignore[attr-defined]
    legal = [e["action"] for e in mine["legal"]]
    if state.to_act != mine["seat"]:
        return legal[-1]  # the table moved meanwhile: refused as stale, harmlessly
    chosen = state.game.action_to_text(ask(make_bot("kagoun", "heuristic", 0), state.clone(), mine["seat"]))
    return chosen if chosen in legal else legal[-1]


def test_the_key_is_in_no_answer_or_message_before_the_end_and_the_record_replays_after(
        client: TestClient) -> None:
    """A Kagoun table (chance draws during play) with two people and a bot, played to the end
    over HTTP with a seat's and a spectator's sockets open: every answer and message before the
    end is searched for the key, in decimal and in hex; the record then carries it, replays to
    the same end, and its chance draws are those of the key's stream."""
    seen: list[str] = []
    http = _traced(client, seen)
    created = http("POST", "/api/tables", json={"game": "kagoun", "seats": ["human", "human", "bot:random"]})
    table = created.json()["id"]
    tokens = {s["seat"]: s["url"].split("#token=")[1]
              for s in created.json()["seats"] if s["kind"] == "human"}
    for seat, name in [(0, "Zoé"), (1, "Ana")]:
        named = http("POST", f"/api/tables/{table}/name", json={"token": tokens[seat], "name": name})
        assert named.status_code == 200
    with client.websocket_connect(f"/ws/tables/{table}") as seat0, \
            client.websocket_connect(f"/ws/tables/{table}") as watcher:
        pages = []
        for ws, token in [(seat0, tokens[0]), (watcher, None)]:
            ws.send_json({"type": "hello", "token": token, "lang": "en"})
            pages.append(Page(ws.receive_text))
        deadline = time.monotonic() + 180  # a guard against a game that never ends, not a speed limit
        while True:
            public = http("GET", f"/api/tables/{table}").json()
            for page in pages:  # each page catches up with the table, reading every message
                while page.view is None or page.view["version"] < public["view"]["version"]:
                    page.receive()
            if public["view"]["terminal"]:
                break
            for url in ["/api/tables", "/api/tables?status=open", f"/api/tables/{table}/record",
                        f"/api/tables/{table}/replay", "/api/players/Zoé/games", "/api/leaderboard/kagoun",
                        "/", f"/t/{table}", f"/t/{table}/replay", "/players/Zoé"]:
                answer = http("GET", url)
                if url.startswith("/api/tables/") and answer.status_code == 200:
                    # the bot ended the game meanwhile: the record may carry the key now
                    assert client.get(f"/api/tables/{table}").json()["view"]["terminal"]
                    seen.pop()
            to_act = public["view"]["to_act"]
            if to_act in tokens:
                mine = http("POST", f"/api/tables/{table}/view", json={"token": tokens[to_act]}).json()
                one = len(mine["legal"]) == 1  # the table plays a forced move (else: it moved meanwhile)
                if mine["legal"] and not (one and TableDriver(client).moved_on(table, None, mine["version"])):
                    http("POST", f"/api/tables/{table}/actions", json={"token": tokens[to_act],
                         "action": good_move(client, table, mine), "version": mine["version"]})
            assert time.monotonic() < deadline, "the game did not finish"
        seen += [text for page in pages for text, _ in page.messages]
    record = GameRecord.from_json(client.get(f"/api/tables/{table}/record").json())
    key = record.seed
    assert key is not None and is_key(key)
    for form in (str(key), f"{key:x}", f"{key:X}", f"{key:#x}"):
        assert not any(form in text for text in seen), f"the key ({form}) was sent before the end"
    assert len(seen) > 200
    state, chance_draws = record.start(), 0
    for step, text in enumerate(record.actions):
        if state.to_act == CHANCE:
            assert state.game.parse_action(text) == sample_chance(state, KeyedRandom(key, "chance", step))
            chance_draws += 1
        state.apply_text(text)
    assert chance_draws > 5 and state.is_terminal
    assert state.scores() == record.result["scores"]  # type: ignore[index]


def test_a_keyed_table_reads_back_whole_and_a_table_stored_before_keys_keeps_its_deal(db_url: str) -> None:
    """A key is wider than any integer column: it is stored apart and read back whole. A database
    made before keys gains the column, and its tables, dealt from a 32-bit seed, deal as before."""
    from sqlalchemy import create_engine, text

    engine = create_engine(Store(db_url).url)
    with engine.begin() as db:
        db.execute(text("ALTER TABLE ludo_tables DROP COLUMN seed_key"))
    engine.dispose()
    old_seed, version = 3_141_592_653, get_game("kagoun").spec.version
    seats = [SeatRow(0, "human"), SeatRow(1, "human"), SeatRow(2, "human")]
    with engine.begin() as db:
        db.execute(text("INSERT INTO ludo_tables (id, game, rules_version, options, seed, created, "
                        "step, revision, finished, undo) VALUES ('old', 'kagoun', :version, "
                        "'{\"players\": 3}', :seed, 1.0, 0, 0, false, false)"),
                   {"version": version, "seed": old_seed})
        for s in seats:
            db.execute(text("INSERT INTO ludo_seats (table_id, seat, kind) VALUES ('old', :seat, 'human')"),
                       {"seat": s.seat})
    engine.dispose()
    store = Store(db_url)
    try:
        loaded = store.load("old")
        assert loaded is not None and loaded[0].seed == old_seed
        dealt = get_game("kagoun").new_state({"players": 3}, old_seed)
        service = TableService(store, bot_delay=3600.0)
        try:
            table = Table(loaded[0], [], service.floor)
        finally:
            service.bots.close()
        assert table.state.observe(0).to_json() == dealt.observe(0).to_json()
        key = new_seed()
        store.create_table(TableRow("new", "kagoun", version, {"players": 3}, key, seats))
        again = store.load("new")
        assert again is not None and again[0].seed == key
    finally:
        store.close()
