"""The store keeps every table and action as it happens; a new server on the same database resumes
every table where it was. Runs on SQLite, and on PostgreSQL when LUDOTHEQUE_TEST_PG_URL is set."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from ludotheque.core.registry import get_game
from ludotheque.server.errors import ApiError
from ludotheque.server.service import TableService
from ludotheque.server.store import SeatRow, Store, StoreError, TableMoved, TableRow


def _row(table_id: str = "t1") -> TableRow:
    return TableRow(table_id, "gargon", 1, {"players": 3}, 42,
                    [SeatRow(0, "human", None, "ab" * 32), SeatRow(1, "bot", "random"), SeatRow(2, "human")])


def test_a_table_and_its_actions_read_back_in_order(db_url: str) -> None:
    store = Store(db_url)
    store.create_table(_row())
    store.append_action("t1", 0, 0, "play R3", 0, 1, None)
    store.append_action("t1", 1, 1, "pass", 1, 1, None)
    store.close()
    again = Store(db_url)  # a new connection pool: what was committed is on disk
    loaded = again.load("t1")
    assert loaded is not None
    row, moves = loaded
    assert moves == ["play R3", "pass"] and row.step == row.revision == 2
    assert row.to_act == 1 and row.rules_version == 1
    assert [(s.seat, s.kind, s.bot, s.token_hash) for s in row.seats] == [
        (0, "human", None, "ab" * 32), (1, "bot", "random", None), (2, "human", None, None)]
    assert row.options == {"players": 3} and row.seed == 42 and not row.finished
    assert again.load("missing") is None
    again.close()


def test_a_second_action_on_one_revision_is_refused_by_the_database(db_url: str) -> None:
    store = Store(db_url)
    store.create_table(_row())
    store.append_action("t1", 0, 0, "play R3", 0, 1, None)
    with pytest.raises(TableMoved):
        store.append_action("t1", 0, 0, "play R5", 0, 1, None)
    loaded = store.load("t1")
    assert loaded is not None and loaded[1] == ["play R3"]
    store.close()


def test_an_undo_makes_a_new_revision_and_choices_made_before_it_are_refused(db_url: str) -> None:
    store = Store(db_url)
    store.create_table(_row())
    store.append_action("t1", 0, 0, "play R3", 0, 1, None)  # revision 1, step 1
    store.undo_last("t1", 1, 1, 0)  # revision 2, step 0 again
    with pytest.raises(TableMoved):  # chosen on revision 0: the same step, but a position gone
        store.append_action("t1", 0, 0, "play R5", 0, 1, None)
    with pytest.raises(TableMoved):
        store.undo_last("t1", 1, 1, 0)
    store.append_action("t1", 2, 0, "play R5", 0, 1, None)
    loaded = store.load("t1")
    assert loaded is not None and loaded[1] == ["play R5"]
    assert (loaded[0].step, loaded[0].revision) == (1, 3)
    assert store.actions_since("t1", 0) == (3, ["play R5"])
    store.close()


def test_finished_tables_leave_the_unfinished_list(db_url: str) -> None:
    store = Store(db_url)
    store.create_table(_row("a"))
    store.create_table(_row("b"))
    store.append_action("b", 0, 0, "play R3", 0, None, {"scores": [1, 2, 3], "winners": [2]})
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
            while table.bot_to_act:  # (as do a person's forced moves: played.py)
                await asyncio.sleep(0.001)
            seat = table.state.to_act
            await table.act(seat, table.state.legal_texts()[0], table.step, "en")
        while table.bot_to_act:  # a person's decision is next
            await asyncio.sleep(0.001)
        before = (table.step, table.state.observe(None).to_json(), list(table.game.record.actions))
        await first.close()
        store.close()

        store = Store(db_url)
        second = TableService(store, bot_delay=3600.0)  # bots wait: nothing moves while we compare
        await second.start()
        assert table.id not in second.tables  # a human is to act: read back only when asked for
        again = await second.get(table.id)
        assert (again.step, again.state.observe(None).to_json(), again.game.record.actions) == before
        assert again.seat_of(tokens[2]) == 2
        await second.close()
        store.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("url", ["nosuchdb://x", "postgresql://nobody@127.0.0.1:1/none"])
def test_a_bad_database_url_is_a_clear_error(url: str) -> None:
    with pytest.raises(StoreError, match="database"):
        Store(url)




def test_a_database_of_the_first_web_table_is_brought_up_to_date(db_url: str) -> None:
    """The first schema called the action counter "version" and kept no rules version nor
    revision: the store renames the one, fills the others with the rules those tables were played
    with and their step, adds the lobby's indexes, and the tables read back."""
    from sqlalchemy import create_engine, inspect, text

    engine = create_engine(Store(db_url).url)
    with engine.begin() as db:
        db.execute(text("DROP TABLE ludo_chat"))  # (the chat came later)
        db.execute(text("DROP TABLE ludo_seat_keys"))  # (and claimed names)
        db.execute(text("DROP TABLE ludo_sessions"))
        db.execute(text("DROP TABLE ludo_accounts"))
        db.execute(text("DROP TABLE ludo_analyses"))  # (analyses came later)
        db.execute(text("DROP TABLE ludo_actions"))
        db.execute(text("DROP TABLE ludo_seats"))
        db.execute(text("DROP TABLE ludo_tables"))
        db.execute(text("CREATE TABLE ludo_tables (id VARCHAR(32) PRIMARY KEY, game VARCHAR(32) NOT NULL, "
                        "options JSON NOT NULL, seed BIGINT NOT NULL, created FLOAT NOT NULL, "
                        "version INTEGER NOT NULL, to_act INTEGER, finished BOOLEAN NOT NULL, result JSON, "
                        "next_id VARCHAR(32))"))
        db.execute(text("INSERT INTO ludo_tables VALUES ('old', 'gargon', '{\"players\": 3}', 42, 1.0, 2, 0, "
                        "false, NULL, NULL)"))
    engine.dispose()
    store = Store(db_url)
    columns = {c["name"] for c in inspect(store.engine).get_columns("ludo_tables")}
    assert {"step", "rules_version", "revision"} <= columns and "version" not in columns
    indexes = {i["name"] for i in inspect(store.engine).get_indexes("ludo_tables")}
    assert {"ix_ludo_tables_created", "ix_ludo_tables_finished_created"} <= indexes
    made = set(inspect(store.engine).get_table_names())
    assert {"ludo_analyses", "ludo_chat", "ludo_accounts", "ludo_seat_keys"} <= made
    loaded = store.load("old")
    assert loaded is not None and loaded[0].rules_version == 1 and loaded[0].step == loaded[0].revision == 2
    Store(db_url).close()  # and again: nothing left to do
    store.close()


def test_a_table_made_under_older_rules_plays_on_under_them(db_url: str) -> None:
    """A Kagoun table of rules version 1 (stored before version 2) is read back and plays on with
    version 1's rules, kept as options; its record is a record of the current version."""
    async def scenario() -> None:
        store = Store(db_url)
        row = TableRow("old-kagoun", "kagoun", 1, {"players": 2, "max_rounds": 40}, 42,
                       [SeatRow(0, "human", None, "cd" * 32), SeatRow(1, "human", None, "ef" * 32)])
        store.create_table(row)
        service = TableService(store, bot_delay=3600.0)
        table = await service.get("old-kagoun")
        options = table.state.options
        assert (options["reconsolidation_choice"], options["replay_limit"], options["stalemate"],
                options["max_rounds"]) == ("best", "seat", "most_points", 40)
        assert table.game.record.version == get_game("kagoun").spec.version == 2
        await service.close()
        store.close()

    asyncio.run(scenario())


def test_a_table_keeps_the_rules_version_it_was_created_with(db_url: str) -> None:
    async def scenario() -> None:
        store = Store(db_url)
        row = _row("future")
        row.rules_version = 99
        store.create_table(row)
        service = TableService(store, bot_delay=3600.0)
        with pytest.raises(ApiError) as refused:
            await service.get("future")
        assert refused.value.code == "old_rules" and refused.value.status == 409
        assert "version 99" in refused.value.message() and "version 1" in refused.value.message()
        table, _ = await service.create("gargon", {}, ["human"] * 3)
        assert table.row.rules_version == 1 == table.game.record.version
        assert store.load(table.id)[0].rules_version == 1  # type: ignore[index]
        await service.close()
        store.close()

    asyncio.run(scenario())


def test_the_writer_stores_a_batch_in_one_transaction_and_tells_each_action_its_fate(db_url: str) -> None:
    """Moves sent to the writer together: each one stored is answered, one on a revision its table
    has left raises TableMoved, and a store that fails answers every waiting move with its error."""
    from ludotheque.server.store import Move
    from ludotheque.server.writer import ActionWriter

    store = Store(db_url)
    for table_id in ("t1", "t2"):
        store.create_table(_row(table_id))
    writer = ActionWriter(store)

    async def scenario() -> list[BaseException | None]:
        moves = [Move("t1", 0, 0, "play R3", 0, 1), Move("t2", 0, 0, "play R5", 0, 1),
                 Move("t1", 0, 0, "play R7", 0, 1)]  # t1's revision 0 again: one of the two loses
        return await asyncio.gather(*(writer.append(m) for m in moves), return_exceptions=True)

    try:
        first, second, third = asyncio.run(scenario())
        assert second is None
        assert sorted([type(first).__name__, type(third).__name__]) == ["NoneType", "TableMoved"]
        loaded = store.load("t2")
        assert loaded is not None and loaded[1] == ["play R5"]
        def down(_moves: object) -> list[bool]:
            raise StoreError("the database is down")
        store.append_actions = down  # type: ignore[method-assign]

        async def failing() -> list[BaseException | None]:
            return await asyncio.gather(writer.append(Move("t1", 1, 1, "pass", 1, 1)),
                                        writer.append(Move("t2", 1, 1, "pass", 1, 1)), return_exceptions=True)
        outcomes = asyncio.run(failing())  # another event loop: each hears from the writer all the same
        assert [str(o) for o in outcomes] == ["the database is down"] * 2
    finally:
        writer.close()
        store.close()


@pytest.mark.parametrize(("sync", "pragma"), [(None, 2), ("full", 2), ("normal", 1)])
def test_a_sqlite_store_syncs_each_commit_as_told_full_by_default(tmp_path: Path, sync: str | None,
                                                                   pragma: int) -> None:
    """``serve --sqlite-sync``: FULL (2) unless told NORMAL (1), on every connection of the pool;
    anything else is refused before the database is touched."""
    from sqlalchemy import text

    url = f"sqlite:///{tmp_path / 'tables.db'}"
    store = Store(url) if sync is None else Store(url, sync)
    try:
        with store.engine.connect() as first, store.engine.connect() as second:
            assert [db.execute(text("PRAGMA synchronous")).scalar() for db in (first, second)] == [pragma] * 2
            assert first.execute(text("PRAGMA journal_mode")).scalar() == "wal"
    finally:
        store.close()
    with pytest.raises(StoreError, match="not 'off'"):
        Store(f"sqlite:///{tmp_path / 'other.db'}", "off")
    assert not (tmp_path / "other.db").exists()


def test_the_writer_counts_its_commits_the_moves_they_held_and_the_time_they_took(db_url: str) -> None:
    """Two moves that arrive while a commit is under way go together in the next one: the writer
    counts 2 commits of 3 moves, and at least the time the first one was held (``/api/health``)."""
    import threading
    import time

    from ludotheque.server.store import Move
    from ludotheque.server.writer import ActionWriter

    store = Store(db_url)
    for table_id in ("t1", "t2", "t3"):
        store.create_table(_row(table_id))
    writer = ActionWriter(store)
    entered, release = threading.Event(), threading.Event()
    append = store.append_actions

    def held(moves: list[Move]) -> list[bool]:
        if not entered.is_set():  # the first commit waits until the others are queued
            entered.set()
            assert release.wait(10)
            time.sleep(0.05)
        return append(moves)
    store.append_actions = held  # type: ignore[method-assign]

    async def scenario() -> None:
        first = asyncio.ensure_future(writer.append(Move("t1", 0, 0, "play R3", 0, 1)))
        while not entered.is_set():
            await asyncio.sleep(0.001)
        others = [asyncio.ensure_future(writer.append(Move(t, 0, 0, "play R5", 0, 1))) for t in ("t2", "t3")]
        await asyncio.sleep(0)  # (each is queued at its first step)
        release.set()
        await asyncio.gather(first, *others)

    try:
        assert writer.figures() == {"commits": 0, "moves": 0, "busy_seconds": 0.0}
        asyncio.run(scenario())
        figures = writer.figures()
        assert (figures["commits"], figures["moves"]) == (2, 3)
        assert figures["busy_seconds"] >= 0.05
    finally:
        writer.close()
        store.close()


@pytest.mark.parametrize("ends", [False, True])
def test_the_writers_own_statements_store_what_sqlalchemy_would(db_url: str, ends: bool) -> None:
    """``append_actions`` runs its statements on the driver's cursor (store.DriverStatement): each
    column of the table's row and of its action holds what SQLAlchemy's ``execute`` of the same
    statements stores (the JSON columns' text, a None as JSON's null, the booleans), read raw."""
    from sqlalchemy import String, cast, select

    from ludotheque.server.store import _ADVANCE, _RECORD, Move, actions, tables

    store = Store(db_url)
    for table_id in ("driver", "core"):
        store.create_table(_row(table_id))
    result = {"winners": [0], "scores": [3, 1, 2], "why": "l'amulette"} if ends else None
    clock = None if ends else {"left": [30.5, 20.0, 10.0], "to_act": 1}
    assert store.append_actions([Move("driver", 0, 0, "play R3", 0, None if ends else 1, result, None, clock,
                                      not ends)]) == [True]
    with store.engine.begin() as db:
        db.execute(_ADVANCE, {"id": "core", "revision": 0, "next": 1, "to_act": None if ends else 1,
                              "finished": ends, "result": result, "clock_state": clock, "forced": not ends,
                              "finished_at": 1.0 if ends else None})
        db.execute(_RECORD, [{"id": "core", "step": 0, "action": "play R3", "seat": 0, "at": 1.0}])
    raw = [cast(column, String) if column.name in ("result", "clock_state") else column
           for column in tables.c if column.name not in ("id", "created", "finished_at")]
    with store.engine.connect() as db:
        rows = {row[0]: row[1:] for row in db.execute(select(tables.c.id, *raw))}
        moves = {row[0]: row[1:] for row in db.execute(
            select(actions.c.table_id, *(c for c in actions.c if c.name not in ("table_id", "at"))))}
        finished_at = dict(db.execute(select(tables.c.id, tables.c.finished_at)).all())
    store.close()
    assert rows["driver"] == rows["core"] and moves["driver"] == moves["core"]
    assert (finished_at["driver"] is not None) == ends
