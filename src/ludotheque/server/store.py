"""Where tables live between requests and across restarts: an event log in any SQLAlchemy database.

A table is one row (game, options, seed) plus its seats and the actions in order. Every action is
committed in its own transaction before anyone is told about it, so a server killed at any moment
(even ``kill -9``) restarts from exactly the actions it acknowledged. Seat tokens are stored only
as SHA-256 digests: reading the database does not give the power to act at a table.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    and_,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from ..core.errors import LudothequeError

metadata = MetaData()

tables = Table(
    "ludo_tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("options", JSON, nullable=False),  # as asked for: a rematch asks for the same
    Column("seed", BigInteger, nullable=False),
    Column("created", Float, nullable=False),
    Column("version", Integer, nullable=False, default=0),  # number of actions played
    Column("to_act", Integer, nullable=True),
    Column("finished", Boolean, nullable=False, default=False),
    Column("result", JSON, nullable=True),
    Column("next_id", String(32), nullable=True),  # the "play again" table
)

seats = Table(
    "ludo_seats", metadata,
    Column("table_id", String(32), ForeignKey("ludo_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),  # human | bot
    Column("bot", String(32), nullable=True),
    Column("token_hash", String(64), nullable=True),  # None: a human seat not claimed yet
)

actions = Table(
    "ludo_actions", metadata,
    Column("table_id", String(32), ForeignKey("ludo_tables.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),  # the version the action was played on
    Column("action", String(64), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("at", Float, nullable=False),
)


class StoreError(LudothequeError):
    """The database cannot be opened or used (bad URL, server down, ...)."""


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None = None
    token_hash: str | None = None


@dataclass
class TableRow:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[SeatRow]
    created: float = field(default_factory=time.time)
    version: int = 0
    to_act: int | None = None
    finished: bool = False
    result: dict[str, Any] | None = None
    next_id: str | None = None


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers run beside the writer; FULL makes every commit durable on disk.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _normalise_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 here (the driver we depend on), not psycopg2."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


class Store:
    """The tables, their seats and their actions in one database."""

    def __init__(self, url: str) -> None:
        self.url = _normalise_url(url)
        try:
            self.engine: Engine = create_engine(self.url, pool_pre_ping=True)
        except (ArgumentError, ImportError, ValueError) as exc:
            raise StoreError(f"cannot use database {url!r}: {exc}") from None
        # SQLite has one writer at a time, and a writer that finds the file locked backs off by
        # sleeping (up to 100 ms a try): queueing writers here instead keeps every commit prompt.
        self._write_lock: threading.Lock | contextlib.nullcontext[None] = contextlib.nullcontext()
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
            self._write_lock = threading.Lock()
        try:
            metadata.create_all(self.engine)
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot open database {url!r}: {exc.__class__.__name__}: {exc}") from None

    def close(self) -> None:
        self.engine.dispose()

    # -- writing ------------------------------------------------------------------------------
    @contextlib.contextmanager
    def _writing(self) -> Iterator[Any]:
        with self._write_lock, self.engine.begin() as db:
            yield db

    def create_table(self, row: TableRow) -> None:
        with self._writing() as db:
            db.execute(insert(tables).values(
                id=row.id, game=row.game, options=row.options, seed=row.seed, created=row.created,
                version=0, to_act=row.to_act, finished=row.finished, result=None, next_id=None))
            db.execute(insert(seats), [
                {"table_id": row.id, "seat": s.seat, "kind": s.kind, "bot": s.bot, "token_hash": s.token_hash}
                for s in row.seats])

    def append_action(self, table_id: str, index: int, action: str, seat: int | None, to_act: int | None,
                      result: dict[str, Any] | None) -> None:
        """Record action number ``index``; the primary key refuses a second action at one index."""
        with self._writing() as db:
            db.execute(insert(actions).values(table_id=table_id, idx=index, action=action, seat=seat,
                                              at=time.time()))
            db.execute(update(tables).where(tables.c.id == table_id).values(
                version=index + 1, to_act=to_act, finished=result is not None, result=result))

    def set_next(self, table_id: str, next_id: str) -> None:
        with self._writing() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(next_id=next_id))

    def claim_seat(self, table_id: str, seat: int, token_hash: str) -> None:
        """Give an unclaimed human seat its token (a rematch seat, claimed by its old holder)."""
        with self._writing() as db:
            db.execute(update(seats).where(and_(seats.c.table_id == table_id, seats.c.seat == seat,
                                                seats.c.token_hash.is_(None))).values(token_hash=token_hash))

    # -- reading ------------------------------------------------------------------------------
    def load(self, table_id: str) -> tuple[TableRow, list[str]] | None:
        """A table and its actions in order, or None."""
        with self.engine.connect() as db:
            row = db.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
            if row is None:
                return None
            seat_rows = db.execute(select(seats).where(seats.c.table_id == table_id)
                                   .order_by(seats.c.seat)).mappings().all()
            moves = db.execute(select(actions.c.action).where(actions.c.table_id == table_id)
                               .order_by(actions.c.idx)).scalars().all()
        return _table_row(row, seat_rows), list(moves)

    def list_tables(self, finished: bool | None = None, limit: int = 100) -> list[TableRow]:
        """Newest first; ``finished`` filters on the game being over."""
        query = select(tables).order_by(tables.c.created.desc()).limit(limit)
        if finished is not None:
            query = query.where(tables.c.finished == finished)
        with self.engine.connect() as db:
            rows = db.execute(query).mappings().all()
            ids = [r["id"] for r in rows]
            seat_rows = db.execute(select(seats).where(seats.c.table_id.in_(ids))
                                   .order_by(seats.c.seat)).mappings().all() if ids else []
        by_table: dict[str, list[Any]] = {}
        for s in seat_rows:
            by_table.setdefault(s["table_id"], []).append(s)
        return [_table_row(r, by_table.get(r["id"], [])) for r in rows]

    def unfinished_ids(self) -> list[str]:
        with self.engine.connect() as db:
            return list(db.execute(select(tables.c.id).where(tables.c.finished.is_(False))
                                   .order_by(tables.c.created)).scalars().all())


def _table_row(row: Any, seat_rows: Sequence[Any]) -> TableRow:
    return TableRow(
        id=row["id"], game=row["game"], options=dict(row["options"] or {}), seed=int(row["seed"]),
        seats=[SeatRow(s["seat"], s["kind"], s["bot"], s["token_hash"]) for s in seat_rows],
        created=float(row["created"]), version=int(row["version"]), to_act=row["to_act"],
        finished=bool(row["finished"]), result=row["result"], next_id=row["next_id"],
    )
