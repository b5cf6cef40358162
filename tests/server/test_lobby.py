"""Finished tables leave memory and come back from the store when asked for; the lobby pages
through every table from the store, newest first, on its indexes."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import text

from ludotheque.server.service import FINISHED_LINGER, IDLE_LINGER, TableService
from ludotheque.server.store import Store


def test_finished_tables_leave_memory_and_are_read_back_on_demand(db_url: str) -> None:
    async def scenario() -> None:
        store = Store(db_url)
        service = TableService(store, bot_delay=0.0)
        over, _ = await service.create("gargon", {}, ["bot:random"] * 3)
        seats = ["human", "bot:random", "human"]
        waiting, tokens = await service.create("gargon", {"first_player": 0}, seats)
        # finished, and its bots' task done saving (a busy table is never evicted)
        while not over.finished or over.busy:
            await asyncio.sleep(0.01)
        record = service.record(over).to_json()
        now = time.monotonic()
        await service._evict(now + FINISHED_LINGER / 2)
        assert over.id in service.tables  # just finished: kept a little while for the last readers
        await service._evict(now + FINISHED_LINGER + 1)
        assert over.id not in service.tables and waiting.id in service.tables  # the idle one stays longer
        again = await service.get(over.id)
        assert again is not over and again.finished and service.record(again).to_json() == record
        await service._evict(now + IDLE_LINGER + 1)
        assert service.tables == {}  # a human is to act at "waiting": the store has it
        back = await service.get(waiting.id)
        assert back.seat_of(tokens[2]) == 2 and back.step == waiting.step
        await service.close()
        store.close()

    asyncio.run(scenario())


def test_a_watched_or_playing_table_stays_in_memory(client: TestClient, tables: Any) -> None:
    service: TableService = client.app.state.service  # type: ignore[attr-defined]
    table, _ = tables.create(["bot:random"] * 3)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "token": None})
        message = ws.receive_json()
        while not (message.get("terminal") or message.get("set", {}).get("terminal")):
            message = ws.receive_json()
        asyncio.run(service._evict(time.monotonic() + IDLE_LINGER + 1))
        assert table in service.tables  # watched
    assert client.get(f"/api/tables/{table}/record").status_code == 200


def test_the_lobby_pages_through_every_table_newest_first(client: TestClient, tables: Any) -> None:
    made = [tables.create(["human"] * 3)[0] for _ in range(7)]
    finished = tables.create(["bot:random"] * 3)[0]
    tables_seen, before = [], None
    while True:
        query = {"limit": 3} if before is None else {"limit": 3, "before": before}
        page = client.get("/api/tables", params=query).json()
        assert len(page["tables"]) <= 3
        tables_seen += [t["id"] for t in page["tables"]]
        before = page["next"]
        if before is None:
            break
    assert tables_seen == [finished, *reversed(made)]
    while not client.get(f"/api/tables/{finished}").json()["terminal"]:
        time.sleep(0.01)
    over = client.get("/api/tables", params={"status": "over"}).json()
    assert [t["id"] for t in over["tables"]] == [finished] and over["next"] is None
    assert over["tables"][0]["terminal"] and over["tables"][0]["rules_version"] == 1
    open_page = client.get("/api/tables", params={"status": "open", "limit": 5}).json()
    assert [t["id"] for t in open_page["tables"]] == list(reversed(made))[:5] and open_page["next"]


def test_the_lobby_reads_its_index(tmp_path: Any) -> None:
    """The lobby's queries walk an index instead of sorting every table (what keeps them fast with
    10,000 finished tables; benchmarks/web_lobby.py measures it)."""
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    with store.engine.connect() as db:
        for where in ["", "WHERE finished = 1 "]:
            plan = db.execute(text(f"EXPLAIN QUERY PLAN SELECT id FROM ludo_tables {where}"
                                   "ORDER BY created DESC, id DESC LIMIT 50")).all()
            details = " ".join(str(row[-1]) for row in plan)
            assert "USING" in details and "INDEX" in details and "TEMP B-TREE" not in details, details
    store.close()
