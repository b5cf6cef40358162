"""Tables nobody plays are deleted (server/expiry.py, ``Store.expire``): an unfinished table after
days without an action, a finished one only when asked; never a table this process holds; with
their seats, actions and analyses. SQLite, and PostgreSQL when configured."""

from __future__ import annotations

import time
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import func, insert, select, update

from ludotheque.core.registry import get_game
from ludotheque.server import create_app
from ludotheque.server.expiry import DAY, Expiry
from ludotheque.server.hosting import Hosting
from ludotheque.server.store import SeatRow, Store, TableRow, actions, analyses, seats, tables

NOW = time.time()
LONG_AGO = NOW - 40 * DAY
LATELY = NOW - 1 * DAY


def make(store: Store, table_id: str, created: float, acted: tuple[float, ...] = (), finished: bool = False,
         next_id: str | None = None) -> str:
    """A table created at ``created``, with an action at each time of ``acted`` (and an analysis)."""
    seated = [SeatRow(0, "human"), SeatRow(1, "bot", "random"), SeatRow(2, "bot", "random")]
    version = get_game("gargon").spec.version
    store.create_table(TableRow(table_id, "gargon", version, {"players": 3}, 7, seated, created=created))
    with store.engine.begin() as db:
        for idx, at in enumerate(acted):
            db.execute(insert(actions).values(table_id=table_id, idx=idx, action="pass", seat=0, at=at))
        db.execute(update(tables).where(tables.c.id == table_id).values(
            finished=finished, next_id=next_id, step=len(acted), revision=len(acted)))
        db.execute(insert(analyses).values(table_id=table_id, seat=0, settings="s", moves=[], done=0,
                                           updated=created))
    return table_id


def rows(store: Store, table_id: str) -> dict[str, int]:
    with store.engine.connect() as db:
        return {t.name: db.execute(select(func.count()).select_from(t).where(
            (t.c.id if t is tables else t.c.table_id) == table_id)).scalar_one()
            for t in (tables, seats, actions, analyses)}


def test_unfinished_tables_idle_for_days_go_with_everything_theirs(db_url: str) -> None:
    store = Store(db_url)
    never_played = make(store, "never", LONG_AGO)
    abandoned = make(store, "abandoned", LONG_AGO, (LONG_AGO, LONG_AGO + 60))
    slow = make(store, "slow", LONG_AGO, (LONG_AGO, LATELY))  # one move a month: still played
    young = make(store, "young", LATELY)
    over = make(store, "over", LONG_AGO, (LONG_AGO,), finished=True, next_id="never")  # its rematch: never
    held = make(store, "held", LONG_AGO)
    gone = store.expire(NOW - 30 * DAY, None, keep={held})
    assert sorted(gone) == sorted([never_played, abandoned])
    for table_id in gone:
        assert set(rows(store, table_id).values()) == {0}  # the table, its seats, actions, analyses
    for table_id in (slow, young, over, held):
        assert rows(store, table_id)["ludo_seats"] == 3 and rows(store, table_id)["ludo_analyses"] == 1
    loaded = store.load(over)
    assert loaded is not None and loaded[0].next_id is None  # "play again" may make a new one
    store.close()


def test_finished_tables_go_only_when_asked(db_url: str) -> None:
    store = Store(db_url)
    over = make(store, "over", LONG_AGO, (LONG_AGO,), finished=True)
    lately = make(store, "lately", LONG_AGO, (LATELY,), finished=True)
    assert store.expire(NOW - 30 * DAY, None) == []
    assert store.expire(None, NOW - 30 * DAY) == [over]
    assert rows(store, lately)["ludo_tables"] == 1
    store.close()


def test_every_idle_table_goes_a_batch_at_a_time_past_those_kept(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    idle = [make(store, f"idle{k}", LONG_AGO) for k in range(7)]
    gone = store.expire(NOW - 30 * DAY, None, keep={idle[0], idle[3]}, batch=2)
    assert sorted(gone) == sorted(set(idle) - {idle[0], idle[3]})
    store.close()


def test_the_server_keeps_the_tables_it_holds(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    store = Store(url)
    watched, forgotten = make(store, "watched", LONG_AGO), make(store, "forgotten", LONG_AGO)
    store.close()
    app = create_app(url, 0.0, hosting=Hosting(expire_days=30))
    assert app.state.service.expiry == Expiry(30.0, None)
    with TestClient(app) as client:
        assert client.get(f"/api/tables/{watched}").status_code == 200  # now in memory
        client.portal.call(app.state.service.expire)  # type: ignore[union-attr]
        assert client.get(f"/api/tables/{watched}").status_code == 200
        assert client.get(f"/api/tables/{forgotten}").status_code == 404


def test_nothing_is_deleted_unless_asked(tmp_path: Path) -> None:
    assert Expiry.of(Hosting()) is None  # the app alone (tests, benchmarks) keeps everything
    assert Expiry.of(Hosting(expire_days=30, expire_finished_days=0)) == Expiry(30, None)
