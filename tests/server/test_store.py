"""The store keeps every table and action as it happens; a new server on the same database resumes
every table where it was. Runs on SQLite, and on PostgreSQL when LUDOTHEQUE_TEST_PG_URL is set."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy.exc import IntegrityError

from ludotheque.server.service import TableService
from ludotheque.server.store import SeatRow, Store, StoreError, TableRow


def _row(table_id: str = "t1") -> TableRow:
    return TableRow(table_id, "gargon", {"players": 3}, 42,
                    [SeatRow(0, "human", None, "ab" * 32), SeatRow(1, "bot", "random"), SeatRow(2, "human")])


def test_a_table_and_its_actions_read_back_in_order(db_url: str) -> None:
    store = Store(db_url)
    store.create_table(_row())
    store.append_action("t1", 0, "play R3", 0, 1, None)
    store.append_action("t1", 1, "pass", 1, 1, None)
    store.close()
    again = Store(db_url)  # a new connection pool: what was committed is on disk
    loaded = again.load("t1")
    assert loaded is not None
    row, moves = loaded
    assert moves == ["play R3", "pass"] and row.version == 2 and row.to_act == 1
    assert [(s.seat, s.kind, s.bot, s.token_hash) for s in row.seats] == [
        (0, "human", None, "ab" * 32), (1, "bot", "random", None), (2, "human", None, None)]
    assert row.options == {"players": 3} and row.seed == 42 and not row.finished
    assert again.load("missing") is None
    again.close()


def test_a_second_action_at_one_version_is_refused_by_the_database(db_url: str) -> None:
    store = Store(db_url)
    store.create_table(_row())
    store.append_action("t1", 0, "play R3", 0, 1, None)
    with pytest.raises(IntegrityError):
        store.append_action("t1", 0, "play R5", 0, 1, None)
    loaded = store.load("t1")
    assert loaded is not None and loaded[1] == ["play R3"]
    store.close()


def test_finished_tables_leave_the_unfinished_list(db_url: str) -> None:
    store = Store(db_url)
    store.create_table(_row("a"))
    store.create_table(_row("b"))
    store.append_action("b", 0, "play R3", 0, None, {"scores": [1, 2, 3], "winners": [2]})
    assert store.unfinished_ids() == ["a"]
    assert [t.id for t in store.list_tables(finished=True)] == ["b"]
    assert store.list_tables(finished=True)[0].result == {"scores": [1, 2, 3], "winners": [2]}
    store.close()


def test_a_seat_is_claimed_once(db_url: str) -> None:
    store = Store(db_url)
    store.create_table(_row())
    store.claim_seat("t1", 2, "cd" * 32)
    store.claim_seat("t1", 2, "ef" * 32)  # already claimed: unchanged
    loaded = store.load("t1")
    assert loaded is not None and loaded[0].seats[2].token_hash == "cd" * 32
    store.close()


def test_a_new_server_resumes_every_table_where_it_was(db_url: str) -> None:
    async def scenario() -> None:
        store = Store(db_url)
        first = TableService(store, bot_delay=0.0)
        table, tokens = await first.create("gargon", {"first_player": 0}, ["human", "bot:random", "human"])
        for _ in range(12):  # humans play their first legal action; the bot answers at once
            while table.state.to_act == 1:
                await asyncio.sleep(0.001)
            seat = table.state.to_act
            await first.act(table, seat, table.state.legal_texts()[0], table.version, "en")
        before = (table.version, table.state.observe(None).to_json(), list(table.game.record.actions))
        await first.close()
        store.close()

        store = Store(db_url)
        second = TableService(store, bot_delay=3600.0)  # bots wait: nothing moves while we compare
        assert await second.resume() == 1
        again = await second.get(table.id)
        assert (again.version, again.state.observe(None).to_json(), again.game.record.actions) == before
        assert again.seat_of(tokens[2]) == 2
        await second.close()
        store.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("url", ["nosuchdb://x", "postgresql://nobody@127.0.0.1:1/none"])
def test_a_bad_database_url_is_a_clear_error(url: str) -> None:
    with pytest.raises(StoreError, match="database"):
        Store(url)


