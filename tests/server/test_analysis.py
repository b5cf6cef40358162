"""Post-game analysis at the web table (issue 18 item 6, ``server/analysis.py``): only a finished
game, only a seat it has; it runs in the background with its progress, gives the same review as
``ludotheque analyse``, is stored with the table and read back without searching again, and each
decision is reviewed from the seat's own information (the leak tests' method)."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludotheque.bots.analysis import position_at, review_decision, review_game, review_move, review_rng
from ludotheque.core.record import GameRecord
from ludotheque.server import create_app
from ludotheque.server.limits import ANALYSES_RETRY
from ludotheque.server.store import SeatRow, Store, TableRow, analyses

from ..bots.test_analysis import heuristic_record
from .conftest import TableDriver

ITERATIONS = 3  # tiny: these tests are about the plumbing, the review itself is tested in tests/bots


def app_on(db: Path) -> TestClient:
    return TestClient(create_app(f"sqlite:///{db}", bot_delay=0.0, search_workers=1,
                                 analysis_iterations=ITERATIONS))


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("analysis") / "tables.db"


@pytest.fixture(scope="module")
def client(db: Path) -> Iterator[TestClient]:
    with app_on(db) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def finished(client: TestClient) -> str:
    return finish(client)


#: The token of the person's seat at each finished table (who may start its analyses).
TOKENS: dict[str, str] = {}


def finish(client: TestClient) -> str:
    """A Kagoun game of a person (playing first legal actions) against a random bot, played to
    the end."""
    tables = TableDriver(client)
    table, tokens = tables.create(["human", "bot:random"], game="kagoun", players=2)
    assert tables.play_out(table, tokens)["terminal"]
    TOKENS[table] = tokens[0]
    return table


def status(client: TestClient, table: str, seat: Any, lang: str = "en") -> Any:
    return client.get(f"/api/tables/{table}/analysis", params={"seat": seat, "lang": lang})


def start(client: TestClient, table: str, seat: Any, token: str | None = None) -> Any:
    """Ask for the analysis of ``seat``, as the person of the table (or with ``token``)."""
    body = {"seat": seat, "token": token or TOKENS.get(table)}
    return client.post(f"/api/tables/{table}/analysis", json=body)


def test_only_a_finished_game_and_a_seat_it_has(client: TestClient, finished: str) -> None:
    playing, tokens = TableDriver(client).create(["human", "human"], game="kagoun", players=2)
    for answer in (start(client, playing, 0, tokens[1]), status(client, playing, 0)):
        assert answer.status_code == 409 and answer.json()["code"] == "analysis_not_over"
    refused = start(client, finished, 2)
    assert refused.status_code == 400 and refused.json()["code"] == "analysis_seat"
    french = client.post(f"/api/tables/{finished}/analysis?lang=fr",
                         json={"seat": 7, "token": TOKENS[finished]})
    assert french.status_code == 400 and "Pas de place 7" in french.json()["detail"]
    for bad in (start(client, finished, "1"), start(client, finished, None), status(client, finished, -1),
                status(client, finished, "x")):
        assert bad.status_code == 400 and bad.json()["code"] == "malformed", bad.text
    assert start(client, "nosuchtable", 0, "x").status_code == 404
    assert status(client, finished, 0).json()["state"] == "none"  # nothing was started


def test_only_a_player_of_the_table_starts_an_analysis(client: TestClient, finished: str) -> None:
    """A spectator (no token) may read an analysis but not spend the search on one; a token of
    another table is no seat here."""
    spectator = client.post(f"/api/tables/{finished}/analysis", json={"seat": 0})
    assert spectator.status_code == 403 and spectator.json()["code"] == "analysis_token"
    other = finish(client)
    assert start(client, finished, 0, TOKENS[other]).json()["code"] == "bad_token"
    assert status(client, finished, 0).json()["state"] == "none"  # nothing was started


def test_analyses_past_a_clients_share_are_refused_with_a_time_to_come_back(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two analyses at once per client address (limits.py): a third is 429 with Retry-After and
    starts nothing; once one ends, the share is free again."""
    bots = client.app.state.service.bots  # type: ignore[attr-defined]
    held = [finish(client) for _ in range(3)]
    release = threading.Event()

    async def stuck(*_: Any) -> Any:
        await asyncio.to_thread(release.wait, 30)
        raise RuntimeError("stopped by the test")

    with monkeypatch.context() as patch:
        patch.setattr(bots, "work", stuck)
        assert [start(client, t, 0).status_code for t in held[:2]] == [202, 202]
        refused = start(client, held[2], 0)
        assert refused.status_code == 429 and refused.json()["code"] == "queue_full"
        assert refused.headers["retry-after"] == str(ANALYSES_RETRY)
        assert status(client, held[2], 0).json()["state"] == "none"
        release.set()
        deadline = time.monotonic() + 30
        while status(client, held[0], 0).json()["state"] == "running":
            assert time.monotonic() < deadline
            time.sleep(0.02)
    assert start(client, held[2], 0).status_code == 202  # a share was given back


def test_the_analysis_runs_with_its_progress_and_is_stored(client: TestClient, finished: str,
                                                           db: Path) -> None:
    assert status(client, finished, 1).json() == {"seat": 1, "state": "none"}
    started = start(client, finished, 1)
    assert started.status_code == 202 and started.json()["state"] == "running", started.text
    seen = []
    deadline = time.monotonic() + 120
    while (answer := status(client, finished, 1, "fr").json())["state"] == "running":
        seen.append((answer["done"], answer["total"]))
        assert time.monotonic() < deadline, "the analysis did not finish"
        time.sleep(0.05)
    assert answer["state"] == "done", answer
    assert all(total is None or 0 <= done <= total for done, total in seen)
    record = GameRecord.from_json(client.get(f"/api/tables/{finished}/record").json())
    moves = answer["moves"]
    assert answer["done"] == answer["total"] == len(moves) > 0
    # the same review as `ludotheque analyse RECORD --seat 1 --iterations 3 --json`
    assert [{k: v for k, v in m.items() if not k.endswith("_label")} for m in moves] == [
        r.to_json() for r in review_game(record, 1, ITERATIONS, 0)]
    assert all(m["played_label"] and m["best_label"] for m in moves)
    assert start(client, finished, 1).status_code == 200  # done: nothing started again
    # a server started on a copy of the database reads it back at once, without a search process
    copy = db.with_name("copy.db")
    with sqlite3.connect(db) as source, sqlite3.connect(copy) as target:
        source.backup(target)
    with app_on(copy) as other:
        again = status(other, finished, 1, "fr").json()
        assert start(other, finished, 1).json()["state"] == "done"
        assert other.app.state.service.bots.workers.pool is None  # type: ignore[attr-defined]
    assert again == answer


def test_a_decision_is_reviewed_from_what_the_seat_saw() -> None:
    """The web table's review of a decision is the review from any position drawn again for the
    seat (others' hidden cards changed, what the seat saw kept): the real hands never count."""
    record = heuristic_record("kagoun", 11)
    state, checked = record.start(), 0
    for step, text in enumerate(record.actions):
        if state.to_act == 1 and len(state.legal_actions()) > 1 and checked < 2:
            ours = review_decision(record, 1, step, 10, 0)
            played = state.game.parse_action(text)
            assert position_at(record, step).observe(1) == state.observe(1)
            for k in range(2):
                other = state.resample(1, random.Random(f"other:{k}"), True)
                assert review_move(other, 1, played, step, 10, review_rng(0, 1, step)).to_json() == ours
            checked += 1
        state.apply_text(text)
    assert checked == 2


def test_the_store_keeps_an_analysis_by_seat_and_settings(db_url: str) -> None:
    """One process claims an analysis, tells its progress, then its reviews; another claims it
    only once the first has said nothing for long (it died), or once it failed."""
    store = Store(db_url)
    try:
        store.create_table(TableRow("t1", "kagoun", 1, {"players": 2}, 5, [SeatRow(0, "human"),
                                                                               SeatRow(1, "human")]))
        key, now = ("t1", 0, "a"), time.time()
        assert store.analysis(key) is None
        assert store.claim_analysis(key, now - 100) and not store.claim_analysis(key, now - 100)
        store.analysis_progress(key, 2, 5)
        row = store.analysis(key)
        assert row is not None and (row.moves, row.done, row.total) == (None, 2, 5)
        assert store.claim_analysis(key, time.time() + 1)  # silent since: taken over
        store.drop_analysis(key)  # it failed
        assert store.analysis(key) is None and store.claim_analysis(key, now)
        moves = [{"step": 3, "played": "stop", "best": "stop", "chance": 0.5, "played_chance": 0.5,
                  "loss": 0.0, "mark": ""}]
        store.analysis_progress(key, 1, 1, moves)
        store.analysis_progress(key, 0, 1, [])  # done stays done
        assert not store.claim_analysis(key, time.time() + 1)
        row = store.analysis(key)
        assert row is not None and row.moves == moves and row.done == 1
        assert store.analysis(("t1", 1, "a")) is None and store.analysis(("t1", 0, "b")) is None
    finally:
        store.close()


def test_an_analysis_under_way_in_another_process_is_followed_not_repeated(client: TestClient,
                                                                          finished: str) -> None:
    service = client.app.state.service  # type: ignore[attr-defined]
    key = (finished, 0, service.analyses.settings)
    assert service.store.claim_analysis(key, time.time())  # another process took it
    service.store.analysis_progress(key, 2, 9)
    assert status(client, finished, 0).json() == {"seat": 0, "state": "running", "done": 2, "total": 9}
    assert start(client, finished, 0).json()["state"] == "running" and key not in service.analyses.runs
    with service.store.engine.begin() as db:  # ... and died long ago
        db.execute(analyses.update().values(updated=0.0))
    assert status(client, finished, 0).json()["state"] == "failed"
    taken = start(client, finished, 0)  # taken over, and made here
    assert taken.status_code == 202
    assert taken.json() == {"seat": 0, "state": "running", "done": 0, "total": None}
    deadline = time.monotonic() + 120
    while status(client, finished, 0).json()["state"] != "done":
        assert time.monotonic() < deadline, "the analysis did not finish"
        time.sleep(0.05)


def test_a_failed_analysis_says_so_and_may_be_started_again(client: TestClient,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    table = finish(client)
    bots = client.app.state.service.bots  # type: ignore[attr-defined]

    async def broken(*_: Any) -> Any:
        raise RuntimeError("a worker process died")

    with monkeypatch.context() as patch:
        patch.setattr(bots, "work", broken)
        assert start(client, table, 1).status_code == 202
        deadline = time.monotonic() + 30
        while (answer := status(client, table, 1).json())["state"] == "running":
            assert time.monotonic() < deadline
            time.sleep(0.02)
        assert answer["state"] == "failed"
    assert start(client, table, 1).status_code == 202  # again, and this time it works
    deadline = time.monotonic() + 120
    while (answer := status(client, table, 1).json())["state"] == "running":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert answer["state"] == "done" and answer["moves"]
