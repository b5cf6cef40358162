"""Where tables live between requests and across restarts: an event log in any SQLAlchemy database.

A table is one row (game, the version of its rules, options, seed or key) plus its seats and its actions
in order. Every action is committed in its own transaction before anyone is told about it, so a
server killed at any moment (even ``kill -9``) restarts from exactly the actions it acknowledged.
The row's ``revision`` is the table's clock: it names one position, and grows by one with every
action and every move taken back (``step``, the number of actions played, goes back on an undo,
so it cannot). An action or an undo is written only if the row is still at the revision it was
chosen on, so however many processes share the database, exactly one change is made from each
position, and a choice made on a position taken back never lands on another. Seat tokens are
stored only as SHA-256 digests: reading the database does not give the power to act at a table;
the client that used a seat, only as a keyed digest (clients.py), never its address.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import secrets
import threading
import time
import unicodedata
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Connection,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    and_,
    bindparam,
    create_engine,
    delete,
    event,
    exists,
    false,
    func,
    insert,
    inspect,
    or_,
    select,
    text,
    tuple_,
    update,
)
from sqlalchemy.engine import Dialect, Engine
from sqlalchemy.exc import ArgumentError, IntegrityError, SQLAlchemyError
from sqlalchemy.sql.elements import TextClause

from ..core.errors import LudothequeError, UnknownGameError
from ..core.game import CHANCE
from ..core.registry import get_game
from ..core.seeds import is_key

metadata = MetaData()

tables = Table(
    "ludo_tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("rules_version", Integer, nullable=True),  # the game's spec version when it was created
    Column("options", JSON, nullable=False),  # as asked for: a rematch asks for the same
    Column("seed", BigInteger, nullable=False),  # a seed of the Mersenne Twister; 0 with a key
    # the key a table is dealt from (core/seeds.py), in hex: too wide for any integer column;
    # None at tables made before keys, which keep dealing from their seed
    Column("seed_key", String(64), nullable=True),
    Column("created", Float, nullable=False),
    Column("step", Integer, nullable=False, default=0),  # the number of actions played
    Column("revision", Integer, nullable=False, default=0),  # one more at each action and each undo
    Column("to_act", Integer, nullable=True),
    Column("finished", Boolean, nullable=False, default=False),
    Column("result", JSON, nullable=True),
    Column("next_id", String(32), nullable=True),  # the "play again" table
    Column("clock", JSON, nullable=True),  # the turn timer (server/clocks.py); None: none
    Column("undo", Boolean, nullable=False, default=False),  # players may take back a move
    Column("clock_state", JSON, nullable=True),  # each seat's time left, and since when (clocks.py)
    # the person to act has one legal action, which the table plays for them (played.py)
    Column("forced", Boolean, nullable=False, default=False, server_default=false()),
    # players may ask the search for a hint; such a table is not rated (server/hints.py)
    Column("hints", Boolean, nullable=False, default=False, server_default=false()),
    # when the last action was stored (None until then): the leaderboard rates in this order
    Column("finished_at", Float, nullable=True),
    # the lobby pages through tables newest first, all of them or by status
    Index("ix_ludo_tables_created", "created", "id"),
    Index("ix_ludo_tables_finished_created", "finished", "created", "id"),
    # the leaderboard reads a game's finished tables in the order they finished, and counts them
    Index("ix_ludo_tables_game_finished_at", "game", "finished", "finished_at", "id"),
)

seats = Table(
    "ludo_seats", metadata,
    Column("table_id", String(32), ForeignKey("ludo_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),  # human | bot
    Column("bot", String(32), nullable=True),
    Column("token_hash", String(64), nullable=True),  # None: a human seat not claimed yet
    Column("name", String(64), nullable=True),  # the name its player chose (None: none yet)
    # a keyed digest of the address that first played a move with the seat's token or named it
    # (server/clients.py; None: nobody yet): the leaderboard rates people from distinct clients
    Column("client", String(64), nullable=True),
    # the claimed name (server/accounts.py) whose owner, signed in, took this name at the seat;
    # None: a name anyone could take (the leaderboard ranks claimed names only)
    Column("account", String(64), nullable=True),
    # a person's seat left open at the table's creation, which anyone may take until someone does
    # (its token_hash is None until then)
    Column("open_seat", Boolean, nullable=False, default=False, server_default=false()),
    # a player's page lists the tables where a seat carries their name
    Index("ix_ludo_seats_name", "name"),
    # the lobby lists the tables with an open seat
    Index("ix_ludo_seats_open", "open_seat", "table_id"),
)

actions = Table(
    "ludo_actions", metadata,
    Column("table_id", String(32), ForeignKey("ludo_tables.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),  # the step the action was played at
    Column("action", String(64), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("at", Float, nullable=False),
)

seat_keys = Table(
    "ludo_seat_keys", metadata,  # more links to a seat taken under a claimed name (accounts.py):
    Column("table_id", String(32), ForeignKey("ludo_tables.id"), primary_key=True),  # one per
    Column("seat", Integer, primary_key=True),  # browser its owner signed in from; digests only
    Column("token_hash", String(64), primary_key=True),
    Column("created", Float, nullable=False),
)

accounts = Table(
    "ludo_accounts", metadata,  # names claimed with a password (server/accounts.py)
    Column("name", String(64), primary_key=True),  # as names are compared (names.composed)
    Column("password", String(255), nullable=False),  # an argon2 hash, never the password
    Column("created", Float, nullable=False),
    Column("email", String(254), nullable=True),  # where to say it is their turn (mail.py); None: nowhere
)

sessions = Table(
    "ludo_sessions", metadata,  # who is signed in: a cookie's SHA-256 digest, never the cookie
    Column("digest", String(64), primary_key=True),
    Column("name", String(64), ForeignKey("ludo_accounts.name"), nullable=False),
    Column("expires", Float, nullable=False),
    Index("ix_ludo_sessions_name", "name"),
)

secrets_ = Table(
    "ludo_secrets", metadata,  # the database's own keys, made once (server/clients.py)
    Column("name", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
)

analyses = Table(
    "ludo_analyses", metadata,  # post-game analyses of finished tables (server/analysis.py)
    Column("table_id", String(32), ForeignKey("ludo_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("settings", String(64), primary_key=True),  # the search's budget and seed
    # each decision's review, in order; NULL (not JSON's null) while it is under way
    Column("moves", JSON(none_as_null=True), nullable=True),
    Column("done", Integer, nullable=False, default=0),  # decisions reviewed so far
    Column("total", Integer, nullable=True),  # decisions to review (None: not counted yet)
    Column("updated", Float, nullable=False),  # the last sign of life of the process making it
)

chat = Table(
    "ludo_chat", metadata,  # what was said at a table, in its two rooms (server/chat.py)
    Column("id", Integer, primary_key=True, autoincrement=True),  # the order messages were stored in
    Column("table_id", String(32), ForeignKey("ludo_tables.id"), nullable=False),
    Column("room", String(16), nullable=False),  # players | spectators
    Column("seat", Integer, nullable=True),  # the player's seat; None: a spectator
    Column("author", String(40), nullable=False),  # who said it, as a reader may mute them
    Column("name", String(64), nullable=True),  # a spectator's name, when they have one
    Column("text", String(1000), nullable=True),  # the words (plain text), or None for a phrase
    Column("phrase", String(16), nullable=True),  # a quick phrase, said in each reader's language
    Column("step", Integer, nullable=False),  # the table's step then (the replay shows it there)
    Column("at", Float, nullable=False),
    Index("ix_ludo_chat_table", "table_id", "room", "id"),
)

#: The PostgreSQL channel on which a process announces what it changed (see bus.py).
CHANNEL = "ludotheque"
#: Advisory lock key held while a process creates or upgrades the schema.
_SCHEMA_LOCK = 0x6C75646F  # "ludo"


#: The hot path's two statements, as plain SQL, run on the driver's own cursor (``DriverStatement``).
_ADVANCE = text("UPDATE ludo_tables SET step = :next, revision = :revision + 1, to_act = :to_act, "
                "finished = :finished, result = :result, clock_state = :clock_state, forced = :forced, "
                "finished_at = :finished_at WHERE id = :id AND revision = :revision")
_ADVANCE = _ADVANCE.bindparams(bindparam("result", type_=JSON), bindparam("clock_state", type_=JSON))
_RECORD = text("INSERT INTO ludo_actions (table_id, idx, action, seat, at) "
               "VALUES (:id, :step, :action, :seat, :at)")
#: A seat's first client (clients.py), noted with the move it played.
_NOTE_CLIENT = text("UPDATE ludo_seats SET client = :client WHERE table_id = :id AND seat = :seat "
                    "AND kind = 'human' AND client IS NULL")


class DriverStatement:
    """A statement of the writer's hot path, rendered once for a dialect and run on the
    transaction's own driver cursor, its parameters converted by its binds' types (JSON) as
    SQLAlchemy would. Through ``Connection.execute`` (each call's parameters processed, a result
    built), ``append_actions`` took 183 µs of CPU a move in commits of 12 on SQLite; this way, 105.
    That is the writer's thread, holding the interpreter the event loop needs meanwhile."""

    def __init__(self, statement: TextClause, dialect: Dialect) -> None:
        compiled = statement.compile(dialect=dialect)
        self.sql = compiled.string
        self.order = compiled.positiontup  # the parameters' order (None: by name)
        self.convert = {name: convert for name, bind in compiled.binds.items()
                        if (convert := bind.type.dialect_impl(dialect).bind_processor(dialect)) is not None}

    def _parameters(self, values: dict[str, Any]) -> Any:
        for name, convert in self.convert.items():
            values[name] = convert(values[name])
        return values if self.order is None else tuple(values[name] for name in self.order)

    def execute(self, cursor: Any, values: dict[str, Any]) -> int:
        """Run with ``values`` (changed in place); the rows it changed."""
        cursor.execute(self.sql, self._parameters(values))
        return int(cursor.rowcount)

    def execute_many(self, cursor: Any, rows: list[dict[str, Any]]) -> None:
        cursor.executemany(self.sql, [self._parameters(values) for values in rows])


@dataclass
class Move:
    """One action to record: chosen on ``revision`` of table ``table_id`` and played at ``step``
    by ``seat``, leaving ``to_act`` to act, and ``result`` once the game is over; ``notice`` tells
    the other processes; ``clock_state``: the turn timer's state once it is played (clocks.py), at
    a table with one; ``forced``: whether ``to_act`` is a person with one legal action then;
    ``client``: the digest of the client that played it, noted with its seat if it has none
    (clients.py)."""

    table_id: str
    revision: int
    step: int
    action: str
    seat: int | None
    to_act: int | None
    result: dict[str, Any] | None = None
    notice: str | None = None
    clock_state: dict[str, Any] | None = None
    forced: bool = False
    client: str | None = None


#: An analysis: its table, seat and the search's settings.
AnalysisKey = tuple[str, int, str]


@dataclass
class AnalysisRow:
    """A stored analysis: its reviews once done (None while under way), its progress, and when
    the process making it last said so."""

    moves: list[dict[str, Any]] | None
    done: int
    total: int | None
    updated: float


@dataclass(frozen=True)
class ChatLine:
    """One message of a table's chat, as stored (server/chat.py)."""

    id: int
    room: str
    seat: int | None
    author: str
    name: str | None
    text: str | None
    phrase: str | None
    step: int
    at: float


class StoreError(LudothequeError):
    """The database cannot be opened or used (bad URL, server down, ...)."""


class TableMoved(Exception):
    """The table is no longer at the revision an action was chosen on: someone else played first,
    or a move was taken back."""


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None = None
    token_hash: str | None = None
    name: str | None = None  # the name its player chose (None: "Seat 1", or the bot's name)
    #: the digest of the first client that acted or named the seat (server/clients.py); in a
    #: table in memory, the one this process noted (the store keeps the first of all processes)
    client: str | None = None
    account: str | None = None  # the claimed name its owner took the seat under (accounts.py)
    #: the digests of the seat's other links, made for its owner's other browsers (accounts.py)
    keys: list[str] = field(default_factory=list)
    #: a person's seat anyone may take (server/table.py ``take_seat``) until someone does
    open: bool = False


@dataclass
class TableRow:
    id: str
    game: str
    rules_version: int | None
    options: dict[str, Any]
    seed: int
    seats: list[SeatRow]
    created: float = field(default_factory=time.time)
    step: int = 0
    revision: int = 0  # grows at every action and every undo: names one position
    to_act: int | None = None
    finished: bool = False
    result: dict[str, Any] | None = None
    next_id: str | None = None
    clock: dict[str, Any] | None = None
    undo: bool = False  # a player may take back their last move (server/undo.py)
    clock_state: dict[str, Any] | None = None  # the turn timer as of the last action (clocks.py)
    forced: bool = False  # the person to act has one legal action: the table plays it (played.py)
    hints: bool = False  # players may ask the search what it would play; not rated (hints.py)
    finished_at: float | None = None  # when its last action was stored (the leaderboard's order)


#: How SQLite syncs a commit to disk (``serve --sqlite-sync``). ``full``, the default: each commit
#: is on disk before its moves are told to anyone, and survives a power cut. ``normal``: a commit is
#: in the write-ahead log (it survives the server's process being killed) and reaches the disk
#: at the log's checkpoints; a power cut or a crash of the machine may take back the last moves
#: stored, the database staying whole (SQLite's recommendation for WAL). A commit then waits for
#: no sync (measured where the syncs were slow: docs/hosting.md).
SQLITE_SYNC: Final = ("full", "normal")


def _sqlite_pragmas(sync: str, dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers run beside the writer; ``sync``: see SQLITE_SYNC.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA synchronous={sync.upper()}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _normalise_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 here (the driver we depend on), not psycopg2."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def _migrate(db: Connection) -> None:
    """Bring a database made by an older version of the web table up to this schema."""
    columns = {c["name"] for c in inspect(db).get_columns("ludo_tables")}
    if "step" not in columns:  # the action counter used to be called "version"
        db.execute(text("ALTER TABLE ludo_tables RENAME COLUMN version TO step"))
    if "rules_version" not in columns:
        db.execute(text("ALTER TABLE ludo_tables ADD COLUMN rules_version INTEGER"))
        # tables made before versions were kept were played with the only rules there were
        for game_id in db.execute(select(tables.c.game).distinct()).scalars().all():
            try:
                version = get_game(game_id).spec.version
            except UnknownGameError:
                continue
            db.execute(update(tables).where(tables.c.game == game_id).values(rules_version=version))
    if "clock" not in columns:  # tables had no timers
        db.execute(text("ALTER TABLE ludo_tables ADD COLUMN clock JSON"))
    if "undo" not in columns:  # moves could not be taken back
        db.execute(text("ALTER TABLE ludo_tables ADD COLUMN undo BOOLEAN NOT NULL DEFAULT FALSE"))
    if "clock_state" not in columns:  # clocks were kept in memory only
        db.execute(text("ALTER TABLE ludo_tables ADD COLUMN clock_state JSON"))
    if "seed_key" not in columns:  # tables were dealt from 32-bit seeds, and still are
        db.execute(text("ALTER TABLE ludo_tables ADD COLUMN seed_key VARCHAR(64)"))
    if "forced" not in columns:  # people played their only legal actions themselves
        db.execute(text("ALTER TABLE ludo_tables ADD COLUMN forced BOOLEAN NOT NULL DEFAULT FALSE"))
    if "hints" not in columns:  # nobody could ask the search for a hint
        db.execute(text("ALTER TABLE ludo_tables ADD COLUMN hints BOOLEAN NOT NULL DEFAULT FALSE"))
    if "revision" not in columns:  # positions were named by their step, which an undo reuses
        db.execute(text("ALTER TABLE ludo_tables ADD COLUMN revision INTEGER NOT NULL DEFAULT 0"))
        db.execute(text("UPDATE ludo_tables SET revision = step"))
    if "finished_at" not in columns:  # the leaderboard rated tables in the order they were created
        db.execute(text("ALTER TABLE ludo_tables ADD COLUMN finished_at FLOAT"))
        # a finished table finished when its last action was stored
        db.execute(text("UPDATE ludo_tables SET finished_at = COALESCE((SELECT MAX(a.at) FROM ludo_actions a "
                        "WHERE a.table_id = ludo_tables.id), created) WHERE finished"))
    seat_columns = {c["name"] for c in inspect(db).get_columns("ludo_seats")}
    if "name" not in seat_columns:
        db.execute(text("ALTER TABLE ludo_seats ADD COLUMN name VARCHAR(64)"))  # seats had no names
    if "client" not in seat_columns:  # nobody knew which client used a seat: such games are not rated
        db.execute(text("ALTER TABLE ludo_seats ADD COLUMN client VARCHAR(64)"))
    if "account" not in seat_columns:  # names could not be claimed
        db.execute(text("ALTER TABLE ludo_seats ADD COLUMN account VARCHAR(64)"))
    if "open_seat" not in seat_columns:  # every seat was given its holder at the table's creation
        db.execute(text("ALTER TABLE ludo_seats ADD COLUMN open_seat BOOLEAN NOT NULL DEFAULT FALSE"))
    if inspect(db).has_table("ludo_accounts"):
        if "email" not in {c["name"] for c in inspect(db).get_columns("ludo_accounts")}:  # no mails yet
            db.execute(text("ALTER TABLE ludo_accounts ADD COLUMN email VARCHAR(254)"))
    for index in [*tables.indexes, *seats.indexes]:
        index.create(db, checkfirst=True)


class Store:
    """The tables, their seats and their actions in one database."""

    def __init__(self, url: str, sqlite_sync: str = "full") -> None:
        """``sqlite_sync``: how a SQLite database syncs its commits (``SQLITE_SYNC``)."""
        if sqlite_sync not in SQLITE_SYNC:
            raise StoreError(f"SQLite syncs its commits {' or '.join(SQLITE_SYNC)}, not {sqlite_sync!r}")
        self.url = _normalise_url(url)
        try:
            self.engine: Engine = create_engine(self.url, pool_pre_ping=True)
        except (ArgumentError, ImportError, ValueError) as exc:
            raise StoreError(f"cannot use database {url!r}: {exc}") from None
        self.is_postgres = self.engine.dialect.name == "postgresql"
        self._advance = DriverStatement(_ADVANCE, self.engine.dialect)
        self._record = DriverStatement(_RECORD, self.engine.dialect)
        # SQLite has one writer at a time, and a writer that finds the file locked backs off by
        # sleeping (up to 100 ms a try): queueing writers here instead keeps every commit prompt.
        self._write_lock: threading.Lock | contextlib.nullcontext[None] = contextlib.nullcontext()
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", functools.partial(_sqlite_pragmas, sqlite_sync))
            self._write_lock = threading.Lock()
        try:
            with self.engine.begin() as db:
                if self.is_postgres:  # several servers may start at once on one database
                    db.execute(select(func.pg_advisory_xact_lock(_SCHEMA_LOCK)))
                metadata.create_all(db)
                _migrate(db)
                self.client_secret = _secret(db, "client")
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot open database {url!r}: {exc.__class__.__name__}: {exc}") from None

    def close(self) -> None:
        self.engine.dispose()

    # -- writing ------------------------------------------------------------------------------
    @contextlib.contextmanager
    def _writing(self) -> Iterator[Connection]:
        with self._write_lock, self.engine.begin() as db:
            yield db

    def _notify(self, db: Connection, payload: str | None) -> None:
        """Tell the other processes, when the transaction commits (PostgreSQL only)."""
        if payload is not None and self.is_postgres:
            db.execute(select(func.pg_notify(CHANNEL, payload)))

    def create_table(self, row: TableRow) -> None:
        with self._writing() as db:
            self._insert_table(db, row)

    def _insert_table(self, db: Connection, row: TableRow) -> None:
        db.execute(insert(tables).values(
            id=row.id, game=row.game, rules_version=row.rules_version, options=row.options,
            **_seed_columns(row.seed),
            created=row.created, step=0, revision=0, to_act=row.to_act, finished=row.finished, result=None,
            next_id=None, clock=row.clock, undo=row.undo, forced=row.forced, hints=row.hints))
        db.execute(insert(seats), [
            {"table_id": row.id, "seat": s.seat, "kind": s.kind, "bot": s.bot, "token_hash": s.token_hash,
             "name": s.name, "client": s.client, "account": s.account, "open_seat": s.open}
            for s in row.seats])

    def append_actions(self, moves: Sequence[Move]) -> list[bool]:
        """Record actions of several tables in one transaction (one sync to disk for all); each
        is written only if its table is still at its revision. Returns which ones were.

        The conditional update locks the table's row until the commit, so of two processes
        playing on one revision, the second waits and then finds the revision gone. Rows are locked in
        the order of their ids, so two processes' transactions never wait for each other in a
        circle."""
        written = [False] * len(moves)
        at = time.time()
        records = []
        with self._writing() as db, contextlib.closing(db.connection.cursor()) as cursor:
            for index in sorted(range(len(moves)), key=lambda i: moves[i].table_id):
                move = moves[index]
                advanced = self._advance.execute(cursor, {
                    "id": move.table_id, "revision": move.revision, "next": move.step + 1,
                    "to_act": move.to_act, "finished": move.result is not None, "result": move.result,
                    "clock_state": move.clock_state, "forced": move.forced,
                    "finished_at": at if move.result is not None else None})
                if advanced != 1:
                    continue
                records.append({"id": move.table_id, "step": move.step, "action": move.action,
                                "seat": move.seat, "at": at})
                if move.client is not None and move.seat is not None:
                    db.execute(_NOTE_CLIENT, {"id": move.table_id, "seat": move.seat, "client": move.client})
                self._notify(db, move.notice)
                written[index] = True
            if records:  # one statement for them all (the rows they belong to are locked by now)
                self._record.execute_many(cursor, records)
        return written

    def append_action(self, table_id: str, revision: int, step: int, action: str, seat: int | None,
                      to_act: int | None, result: dict[str, Any] | None, notice: str | None = None) -> None:
        """Record one action (see ``append_actions``); TableMoved if the table has left ``revision``."""
        if not self.append_actions([Move(table_id, revision, step, action, seat, to_act, result, notice)])[0]:
            raise TableMoved(table_id)

    def undo_last(self, table_id: str, revision: int, step: int, to_act: int | None,
                  notice: str | None = None, clock_state: dict[str, Any] | None = None,
                  count: int = 1) -> None:
        """Forget the last ``count`` actions of a table at ``revision`` and ``step`` (a move and
        the forced moves after it: it goes back to ``step - count``, with ``to_act`` to act and a
        decision to make, at a new revision); TableMoved if the table has left ``revision`` or is
        over."""
        with self._writing() as db:
            back = db.execute(update(tables).where(and_(
                tables.c.id == table_id, tables.c.revision == revision, tables.c.step == step,
                tables.c.finished.is_(False)))
                .values(step=step - count, revision=revision + 1, to_act=to_act, clock_state=clock_state,
                        forced=False))
            if back.rowcount != 1:
                raise TableMoved(table_id)
            db.execute(delete(actions).where(and_(actions.c.table_id == table_id,
                                                  actions.c.idx >= step - count)))
            self._notify(db, notice)

    def create_rematch(self, table_id: str, row: TableRow) -> str:
        """Create ``row`` as the "play again" table of ``table_id``, unless it has one already;
        returns the id of the one that counts (of two processes racing, the first wins)."""
        with self._writing() as db:
            unset = and_(tables.c.id == table_id, tables.c.next_id.is_(None))
            claimed = db.execute(update(tables).where(unset).values(next_id=row.id))
            if claimed.rowcount == 1:
                self._insert_table(db, row)
                return row.id
            existing = db.execute(select(tables.c.next_id).where(tables.c.id == table_id)).scalar()
        if existing is None:
            raise StoreError(f"no table {table_id}")
        return str(existing)

    def claim_seat(self, table_id: str, seat: int, token_hash: str) -> None:
        """Give an unclaimed human seat its token (a rematch seat, claimed by its old holder)."""
        with self._writing() as db:
            db.execute(update(seats).where(and_(seats.c.table_id == table_id, seats.c.seat == seat,
                                                seats.c.token_hash.is_(None))).values(token_hash=token_hash))

    def take_open_seat(self, table_id: str, seat: int | None, token_hash: str, name: str | None,
                       notice: str | None = None, account: str | None = None) -> int | None:
        """Give an open seat (``seat``, or the first one open) its token, and its player's
        ``name`` when given (``account``: as for ``set_name``), unless the game is over; the seat
        is no longer open. Returns the seat, or None when it is not open (any more): of two
        people racing for one seat, the second finds it taken, whichever process each reached."""
        values: dict[str, Any] = {"token_hash": token_hash, "open_seat": False}
        if name is not None:
            values["name"], values["account"] = name, account
        with self._writing() as db:
            if not _unfinished(db, table_id):
                return None
            open_ = and_(seats.c.table_id == table_id, seats.c.open_seat.is_(True),
                         seats.c.token_hash.is_(None))
            wanted = select(seats.c.seat).where(open_).order_by(seats.c.seat)
            if seat is not None:
                wanted = wanted.where(seats.c.seat == seat)
            for candidate in db.execute(wanted).scalars().all():
                # (PostgreSQL: a racer's update waits for ours, then finds the seat taken)
                taken = db.execute(update(seats).where(open_, seats.c.seat == candidate).values(**values))
                if taken.rowcount == 1:
                    self._notify(db, notice)
                    return int(candidate)
        return None

    def set_name(self, table_id: str, seat: int, name: str, notice: str | None = None,
                 account: str | None = None) -> bool:
        """Name a human seat (its player chose the name; ``account``: the claimed name they are
        signed in as, when it is this one), unless the game is over: a finished table's names are
        frozen (what its record, replay and ratings say). Returns whether it was named."""
        with self._writing() as db:
            if not _unfinished(db, table_id):
                return False
            seat_row = and_(seats.c.table_id == table_id, seats.c.seat == seat, seats.c.kind == "human")
            named = db.execute(update(seats).where(seat_row).values(name=name, account=account))
            self._notify(db, notice)
            return bool(named.rowcount == 1)

    def set_client(self, table_id: str, seat: int, client: str) -> bool:
        """Note the digest of the client using a human seat, if none is noted yet and the game
        is not over (what the leaderboard reads of a finished table never changes). Returns
        whether it was noted."""
        with self._writing() as db:
            if not _unfinished(db, table_id):
                return False
            noted = db.execute(update(seats).where(and_(
                seats.c.table_id == table_id, seats.c.seat == seat, seats.c.kind == "human",
                seats.c.client.is_(None))).values(client=client))
            return bool(noted.rowcount == 1)

    def claim_analysis(self, key: AnalysisKey, stale_before: float) -> bool:
        """Whether this process is to make the analysis ``key`` (table, seat, settings): nobody
        has started it, or whoever did gave no sign of life since ``stale_before`` (a process
        that died) and it is not done. Of two processes claiming it at once, one gets it."""
        table_id, seat, settings = key
        now = time.time()
        try:
            with self._writing() as db:
                db.execute(insert(analyses).values(table_id=table_id, seat=seat, settings=settings,
                                                   moves=None, done=0, total=None, updated=now))
            return True
        except IntegrityError:
            pass
        with self._writing() as db:
            taken = db.execute(update(analyses).where(
                _analysis_is(key), analyses.c.moves.is_(None), analyses.c.updated < stale_before)
                .values(done=0, total=None, updated=now))
            return bool(taken.rowcount == 1)

    def analysis_progress(self, key: AnalysisKey, done: int, total: int | None,
                          moves: list[dict[str, Any]] | None = None) -> None:
        """An analysis under way has reviewed ``done`` decisions of ``total``; with ``moves``,
        it is done."""
        with self._writing() as db:
            values: dict[str, Any] = {"done": done, "total": total, "updated": time.time()}
            if moves is not None:
                values["moves"] = moves
            db.execute(update(analyses).where(_analysis_is(key), analyses.c.moves.is_(None)).values(**values))

    def drop_analysis(self, key: AnalysisKey) -> None:
        """Forget an analysis under way that failed (anyone may start it again)."""
        with self._writing() as db:
            db.execute(delete(analyses).where(_analysis_is(key), analyses.c.moves.is_(None)))

    def add_chat(self, table_id: str, line: ChatLine, room_limit: int) -> ChatLine | None:
        """Store ``line`` (its ``id`` and ``at`` are the store's) unless its room of the table
        holds ``room_limit`` messages already (None). Processes storing at once may pass the
        limit by one each: it bounds a table's chat, it is no count to the message."""
        with self._writing() as db:
            held = db.execute(select(func.count()).select_from(chat).where(
                and_(chat.c.table_id == table_id, chat.c.room == line.room))).scalar_one()
            if held >= room_limit:
                return None
            at = time.time()
            stored = db.execute(insert(chat).values(
                table_id=table_id, room=line.room, seat=line.seat, author=line.author, name=line.name,
                text=line.text, phrase=line.phrase, step=line.step, at=at))
            key = stored.inserted_primary_key
            assert key is not None
            return dataclasses.replace(line, id=int(key[0]), at=at)

    def chat_of(self, table_id: str) -> list[ChatLine]:
        """A table's chat, both rooms, in the order it was stored (bounded: server/chat.py)."""
        with self.engine.connect() as db:
            query = select(chat).where(chat.c.table_id == table_id).order_by(chat.c.id)
            rows = db.execute(query).mappings().all()
        return [ChatLine(int(r["id"]), r["room"], r["seat"], r["author"], r["name"], r["text"], r["phrase"],
                         int(r["step"]), float(r["at"])) for r in rows]

    def expire(self, unfinished_before: float | None, finished_before: float | None,
               keep: Collection[str] = (), batch: int = 500) -> list[str]:
        """Delete the tables nobody acted at since a time (``time.time()``): unfinished ones whose
        last action (or creation, without one) is before ``unfinished_before``, finished ones
        before ``finished_before`` (None: none of them), but never those of ``keep``; with their
        seats, actions, analyses and chat, ``batch`` tables a transaction. A table whose "play again"
        table is deleted may have another made. Returns the ids deleted (server/expiry.py)."""
        deleted: list[str] = []
        for finished, before in ((False, unfinished_before), (True, finished_before)):
            if before is None:
                continue
            idle = and_(tables.c.finished.is_(finished), tables.c.created < before,
                        ~exists().where(actions.c.table_id == tables.c.id, actions.c.at >= before))
            last = ""
            while True:  # through the idle tables in order of id, so that those kept are passed once
                with self.engine.connect() as db:
                    ids = list(db.execute(select(tables.c.id).where(idle, tables.c.id > last)
                                          .order_by(tables.c.id).limit(batch)).scalars().all())
                if not ids:
                    break
                last = ids[-1]
                wanted = [table_id for table_id in ids if table_id not in keep]
                if wanted:
                    with self._writing() as db:  # still idle now: an action may have come meanwhile
                        gone = list(db.execute(select(tables.c.id).where(idle, tables.c.id.in_(wanted)))
                                    .scalars().all())
                        for table in (chat, analyses, actions, seat_keys, seats):
                            db.execute(delete(table).where(table.c.table_id.in_(gone)))
                        db.execute(delete(tables).where(tables.c.id.in_(gone)))
                        db.execute(update(tables).where(tables.c.next_id.in_(gone)).values(next_id=None))
                    deleted += gone
                if len(ids) < batch:
                    break
        return deleted

    def notify(self, payloads: Sequence[str]) -> None:
        """Notices to the other processes outside any change (presence, rematch), in order."""
        if self.is_postgres:
            with self.engine.begin() as db:
                for payload in payloads:
                    self._notify(db, payload)

    # -- reading ------------------------------------------------------------------------------
    def load(self, table_id: str) -> tuple[TableRow, list[str]] | None:
        """A table and its actions in order (those of its row's revision), or None."""
        with self.engine.connect() as db:
            while True:  # the row and the actions of one revision (it may move in between)
                row = db.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
                if row is None:
                    return None
                revision, moves = _position(db, table_id, 0)
                if revision == row["revision"]:
                    break
            seat_rows = _seat_rows(db, table_id)
            keys = _seat_keys(db, table_id)
        loaded = _table_row(row, seat_rows)
        for seat in loaded.seats:
            seat.keys = keys.get(seat.seat, [])
        return loaded, moves

    def analysis(self, key: AnalysisKey) -> AnalysisRow | None:
        """The analysis ``key`` (table, seat, settings), done or under way, or None."""
        with self.engine.connect() as db:
            row = db.execute(select(analyses).where(_analysis_is(key))).mappings().first()
        if row is None:
            return None
        moves = None if row["moves"] is None else list(row["moves"])
        return AnalysisRow(moves, int(row["done"]), row["total"], float(row["updated"]))

    # -- claimed names (accounts.py) ----------------------------------------------------------
    def create_account(self, name: str, password_hash: str) -> bool:
        """Claim ``name`` (False: it was claimed already)."""
        try:
            with self._writing() as db:
                db.execute(insert(accounts).values(name=name, password=password_hash, created=time.time()))
        except IntegrityError:
            return False
        return True

    def password_hash(self, name: str) -> str | None:
        """The hash ``name`` was claimed with (None: nobody claimed it)."""
        with self.engine.connect() as db:
            found = db.execute(select(accounts.c.password).where(accounts.c.name == name)).scalar()
        return None if found is None else str(found)

    def is_claimed(self, name: str) -> bool:
        """Whether somebody claimed ``name`` (an account of that name exists)."""
        with self.engine.connect() as db:
            return db.execute(select(accounts.c.name).where(accounts.c.name == name)).first() is not None

    def set_password_hash(self, name: str, password_hash: str) -> None:
        with self._writing() as db:
            db.execute(update(accounts).where(accounts.c.name == name).values(password=password_hash))

    def set_email(self, name: str, email: str | None) -> None:
        with self._writing() as db:
            db.execute(update(accounts).where(accounts.c.name == name).values(email=email))

    def account_email(self, name: str) -> str | None:
        with self.engine.connect() as db:
            found = db.execute(select(accounts.c.email).where(accounts.c.name == name)).scalar()
        return None if found is None else str(found)

    def waiting_turns(self, before: float) -> list[tuple[str, str, str, str, int]]:
        """The turn-based tables (clock mode ``days``) waiting since before ``before`` (the last
        action, or the creation) on a seat taken under a claimed name with an address: (table,
        game, claimed name, address, revision)."""
        last = select(func.max(actions.c.at)).where(actions.c.table_id == tables.c.id).scalar_subquery()
        query = (select(tables.c.id, tables.c.game, tables.c.clock, accounts.c.name, accounts.c.email,
                        tables.c.revision)
                 .join(seats, and_(seats.c.table_id == tables.c.id, seats.c.seat == tables.c.to_act))
                 .join(accounts, accounts.c.name == seats.c.account)
                 .where(tables.c.finished.is_(False), accounts.c.email.is_not(None),
                        func.coalesce(last, tables.c.created) < before))
        with self.engine.connect() as db:
            found = db.execute(query).all()
        return [(str(t), str(g), str(n), str(e), int(r)) for t, g, clock, n, e, r in found
                if isinstance(clock, dict) and clock.get("mode") == "days"]

    def open_session(self, digest: str, name: str, expires: float) -> None:
        """A session of ``name`` until ``expires``; the expired ones are forgotten meanwhile."""
        with self._writing() as db:
            db.execute(delete(sessions).where(sessions.c.expires < time.time()))
            db.execute(insert(sessions).values(digest=digest, name=name, expires=expires))

    def session_name(self, digest: str) -> str | None:
        """The claimed name the session ``digest`` is signed in as (None: none, or expired)."""
        query = select(sessions.c.name).where(and_(sessions.c.digest == digest,
                                                   sessions.c.expires >= time.time()))
        with self.engine.connect() as db:
            found = db.execute(query).scalar()
        return None if found is None else str(found)

    def close_session(self, digest: str) -> None:
        with self._writing() as db:
            db.execute(delete(sessions).where(sessions.c.digest == digest))

    def add_seat_key(self, table_id: str, seat: int, account: str, token_hash: str, most: int) -> bool:
        """Another link to ``seat``, if its person took it signed in as ``account`` (False
        otherwise); a seat keeps its ``most`` newest such links."""
        with self._writing() as db:
            owned = db.execute(select(seats.c.seat).where(and_(
                seats.c.table_id == table_id, seats.c.seat == seat, seats.c.account == account))).first()
            if owned is None:
                return False
            db.execute(insert(seat_keys).values(table_id=table_id, seat=seat, token_hash=token_hash,
                                                created=time.time()))
            same_seat = and_(seat_keys.c.table_id == table_id, seat_keys.c.seat == seat)
            newest = select(seat_keys.c.token_hash).where(same_seat).order_by(seat_keys.c.created.desc())
            old = list(db.execute(newest).scalars().all())[most:]
            if old:
                db.execute(delete(seat_keys).where(same_seat, seat_keys.c.token_hash.in_(old)))
        return True

    def account_tables(self, account: str, limit: int) -> list[tuple[TableRow, int]]:
        """The tables where ``account`` took a seat (the table, the seat), unfinished ones first,
        newest first."""
        query = (select(tables, seats.c.seat.label("account_seat"))
                 .join(seats, seats.c.table_id == tables.c.id).where(seats.c.account == account)
                 .order_by(tables.c.finished, tables.c.created.desc(), tables.c.id).limit(limit))
        with self.engine.connect() as db:
            found = db.execute(query).mappings().all()
            by_table = _seats_by_table(db, [row["id"] for row in found])
        return [(_table_row(row, by_table.get(row["id"], [])), int(row["account_seat"])) for row in found]

    def load_seats(self, table_id: str) -> list[SeatRow]:
        """A table's seats as stored now (a rematch seat claimed through another process)."""
        with self.engine.connect() as db:
            seats_now, keys = [_seat(s) for s in _seat_rows(db, table_id)], _seat_keys(db, table_id)
        for seat in seats_now:
            seat.keys = keys.get(seat.seat, [])
        return seats_now

    def actions_since(self, table_id: str, step: int) -> tuple[int, list[str]]:
        """The table's revision and its actions from ``step`` on, in order, read together (what
        other processes played)."""
        with self.engine.connect() as db:
            return _position(db, table_id, step)

    def list_tables(self, finished: bool | None = None, limit: int = 100,
                    before: tuple[float, str] | None = None, open_seats: bool = False) -> list[TableRow]:
        """Newest first, after the (created, id) cursor ``before``; ``finished`` filters on the
        game being over, ``open_seats`` keeps the unfinished tables with a seat open."""
        query = _newest_first(limit, before)
        if finished is not None:
            query = query.where(tables.c.finished == finished)
        if open_seats:
            query = query.where(tables.c.finished.is_(False), tables.c.id.in_(
                select(seats.c.table_id).where(seats.c.open_seat.is_(True))))
        return self._with_seats(query)

    def tables_of(self, ids: Collection[str]) -> list[TableRow]:
        """The tables of ``ids`` that exist, newest first (what a page knows of a browser's tables)."""
        return self._with_seats(_newest_first(len(ids), None).where(tables.c.id.in_(list(ids))))

    def games_of(self, name: str, games: Sequence[str], limit: int = 100,
                 before: tuple[float, str] | None = None) -> list[TableRow]:
        """The finished tables of ``games`` where a seat carries the name ``name`` (a player's
        past games), newest first, after the (created, id) cursor ``before``. ``name`` is composed
        (NFC); names stored before names were composed may be decomposed (NFD)."""
        forms = sorted({name, unicodedata.normalize("NFD", name)})
        named = select(seats.c.table_id).where(seats.c.name.in_(forms))
        query = _newest_first(limit, before).where(
            tables.c.finished.is_(True), tables.c.game.in_(list(games)), tables.c.id.in_(named))
        return self._with_seats(query)

    def finished_tables(self, game: str, after: tuple[float, str] | None = None) -> list[TableRow]:
        """The finished tables of ``game`` in the order they finished (``finished_at``, then id),
        after that cursor: what the leaderboard rates, and in that order."""
        query = select(tables).where(_finished(game)).order_by(tables.c.finished_at, tables.c.id)
        if after is not None:
            query = query.where(tuple_(tables.c.finished_at, tables.c.id) > tuple_(*after))
        return self._with_seats(query)

    def finished_count(self, game: str, upto: tuple[float, str] | None = None) -> int:
        """How many tables of ``game`` are finished (up to the cursor ``upto``, included)."""
        query = select(func.count()).select_from(tables).where(_finished(game))
        if upto is not None:
            query = query.where(tuple_(tables.c.finished_at, tables.c.id) <= tuple_(*upto))
        with self.engine.connect() as db:
            return int(db.execute(query).scalar_one())

    def _with_seats(self, query: Any) -> list[TableRow]:
        """The tables ``query`` selects, each with its seats."""
        with self.engine.connect() as db:
            rows = db.execute(query).mappings().all()
            by_table = _seats_by_table(db, [r["id"] for r in rows])
        return [_table_row(r, by_table.get(r["id"], [])) for r in rows]

    def bot_turns(self) -> list[str]:
        """Unfinished tables where a bot or chance is to act, or a person's only legal action is
        to be played for them, oldest first: what a starting server (or one taking over from a
        dead one) must move."""
        with self.engine.connect() as db:
            return list(db.execute(
                select(tables.c.id).outerjoin(seats, and_(seats.c.table_id == tables.c.id,
                                                          seats.c.seat == tables.c.to_act))
                .where(and_(tables.c.finished.is_(False),
                            or_(tables.c.to_act == CHANCE, seats.c.kind == "bot",
                                tables.c.forced.is_(True))))
                .order_by(tables.c.created)).scalars().all())

    def clocked_ids(self) -> list[str]:
        """Unfinished tables with a turn timer: a starting server keeps their clocks running."""
        with self.engine.connect() as db:  # (a JSON null and SQL NULL both mean none: read, then sort out)
            rows = db.execute(select(tables.c.id, tables.c.clock).where(tables.c.finished.is_(False))
                              .order_by(tables.c.created)).all()
        return [table_id for table_id, clock in rows if clock]

    def unfinished_ids(self) -> list[str]:
        with self.engine.connect() as db:
            return list(db.execute(select(tables.c.id).where(tables.c.finished.is_(False))
                                   .order_by(tables.c.created)).scalars().all())


def _finished(game: str) -> Any:
    return and_(tables.c.game == game, tables.c.finished.is_(True))


def _secret(db: Connection, name: str) -> bytes:
    """The database's key ``name``: made at its first start (under the schema's lock), then read."""
    value = db.execute(select(secrets_.c.value).where(secrets_.c.name == name)).scalar()
    if value is None:
        value = secrets.token_hex(32)
        db.execute(insert(secrets_).values(name=name, value=value))
    return bytes.fromhex(value)


def _unfinished(db: Connection, table_id: str) -> bool:
    """Whether the table is not over, its row held until the commit (PostgreSQL: the last
    action of another process waits for it, or is seen), so that a seat's name or client is never
    written after the end."""
    finished = db.execute(select(tables.c.finished).where(tables.c.id == table_id)
                          .with_for_update(read=True)).scalar()
    return finished is not None and not finished


def _analysis_is(key: AnalysisKey) -> Any:
    table_id, seat, settings = key
    return and_(analyses.c.table_id == table_id, analyses.c.seat == seat, analyses.c.settings == settings)


def _position(db: Connection, table_id: str, since: int) -> tuple[int, list[str]]:
    """A table's revision and its actions from step ``since`` on, as of one revision: read again
    until the revision is the same before and after the actions (each statement may see a later
    commit, and every change of the actions changes the revision)."""
    revision_of = select(tables.c.revision).where(tables.c.id == table_id)
    revision = db.execute(revision_of).scalar_one()
    while True:
        moves = list(db.execute(select(actions.c.action).where(
            and_(actions.c.table_id == table_id, actions.c.idx >= since)).order_by(actions.c.idx))
            .scalars().all())
        again = db.execute(revision_of).scalar_one()
        if again == revision:
            return int(revision), moves
        revision = again


def _newest_first(limit: int, before: tuple[float, str] | None) -> Any:
    """A page of tables, newest first, after the (created, id) cursor ``before``."""
    query = select(tables).order_by(tables.c.created.desc(), tables.c.id.desc()).limit(limit)
    if before is not None:
        query = query.where(tuple_(tables.c.created, tables.c.id) < tuple_(*before))
    return query


def _seats_by_table(db: Connection, ids: Sequence[str]) -> dict[str, list[Any]]:
    """The seats of the tables ``ids``, by table, in seat order: one query for them all."""
    by_table: dict[str, list[Any]] = {}
    if ids:
        query = select(seats).where(seats.c.table_id.in_(list(ids))).order_by(seats.c.seat)
        for s in db.execute(query).mappings().all():
            by_table.setdefault(s["table_id"], []).append(s)
    return by_table


def _seat_rows(db: Connection, table_id: str) -> Sequence[Any]:
    query = select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
    return db.execute(query).mappings().all()


def _seat_keys(db: Connection, table_id: str) -> dict[int, list[str]]:
    keys: dict[int, list[str]] = {}
    query = select(seat_keys.c.seat, seat_keys.c.token_hash).where(seat_keys.c.table_id == table_id)
    for seat, digest in db.execute(query.order_by(seat_keys.c.created)).all():
        keys.setdefault(int(seat), []).append(str(digest))
    return keys


def _seat(row: Any) -> SeatRow:
    return SeatRow(row["seat"], row["kind"], row["bot"], row["token_hash"], row.get("name"),
                   row.get("client"), row.get("account"), open=bool(row.get("open_seat")))


def _seed_columns(seed: int) -> dict[str, Any]:
    """A table's seed as stored: a key in ``seed_key``, a small seed in ``seed``."""
    return {"seed": 0, "seed_key": f"{seed:x}"} if is_key(seed) else {"seed": seed, "seed_key": None}


def _table_row(row: Any, seat_rows: Sequence[Any]) -> TableRow:
    return TableRow(
        id=row["id"], game=row["game"], rules_version=row["rules_version"],
        options=dict(row["options"] or {}),
        seed=int(row["seed"]) if row.get("seed_key") is None else int(row["seed_key"], 16),
        seats=[_seat(s) for s in seat_rows],
        created=float(row["created"]), step=int(row["step"]), revision=int(row["revision"]),
        to_act=row["to_act"],
        finished=bool(row["finished"]), result=row["result"], next_id=row["next_id"],
        clock=row.get("clock"), undo=bool(row.get("undo")), clock_state=row.get("clock_state"),
        forced=bool(row.get("forced")), hints=bool(row.get("hints")), finished_at=row.get("finished_at"),
    )
