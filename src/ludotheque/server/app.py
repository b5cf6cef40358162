"""The web table as an ASGI app: pages, the JSON API and the live websocket.

Every route answers a user's mistake with a 4xx and ``{"detail", "code"}``, never a traceback; the
limits on what a request may hold are in limits.py and docs/web.md; the documentation of the API
is at ``/docs``.
"""

from __future__ import annotations

import gc
import logging
import math
import os
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import Body, FastAPI, Header, Query, Request
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StringConstraints
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp

from ..bots.registry import bot_names
from ..core.errors import LudothequeError
from ..core.registry import game_ids, get_game
from ..core.spec import OptionSpec
from .access_log import AccessLog
from .account_routes import add_account_routes
from .accounts import COOKIE
from .analysis import ANALYSIS_ITERATIONS
from .clients import client_at, note_client
from .errors import ApiError
from .expiry import Expiry
from .headers import SecureAnswers
from .hosting import Hosting
from .inputs import CheckedBodies
from .limits import (
    AWAY_SECONDS,
    BOT_SECONDS,
    MAX_ACTION,
    MAX_KNOWN_TABLES,
    MAX_LANG,
    MAX_MESSAGE,
    MAX_NAME,
    MAX_OPTIONS,
    MAX_SEATS,
    MAX_STRING,
    MAX_TABLE_ID,
    MAX_TOKEN,
    PAGE_DEFAULT,
    PAGE_MAX,
    AddressRates,
)
from .live import socket_endpoint
from .mail import parse_smtp
from .names import name_of_segment
from .players import past_games
from .prefix import UnderPrefix, page_html
from .service import TableService
from .store import Store
from .table import Table
from .tutorials import step_payload, tutorial_games
from .undo import UNDO_WAIT
from .words import pick_lang, say

WEB = Path(__file__).resolve().parent.parent / "web"
KNOWN_IDS_LENGTH = MAX_KNOWN_TABLES * (MAX_TABLE_ID + 1)  # ``GET /api/tables?ids=``: a comma list
log = logging.getLogger("ludotheque.server")

Name = Annotated[str, StringConstraints(max_length=MAX_NAME)]
Token = Annotated[str, StringConstraints(max_length=MAX_TOKEN)]
Lang = Annotated[str, StringConstraints(max_length=MAX_LANG)]


def _create_example(schema: dict[str, Any]) -> None:
    """The API documentation's example: the first registered game, one human against random bots."""
    ids = game_ids()
    if ids:
        players = get_game(ids[0]).spec.min_players
        schema["examples"] = [{"game": ids[0], "options": {"players": players},
                               "seats": ["human"] + ["bot:random"] * (players - 1)}]


class CreateTable(BaseModel):
    """A new table: the game, its options, and each seat ``human`` or ``bot:<name>``."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=_create_example)
    game: Name
    options: dict[Name, Any] = Field(default_factory=dict, max_length=MAX_OPTIONS)
    seats: list[Name] | None = Field(default=None, max_length=MAX_SEATS)
    clock: dict[Name, Any] | None = Field(default=None, max_length=4)
    undo: StrictBool = False
    hints: StrictBool = False


class TakeSeat(BaseModel):
    """An open seat to take (from 0; null: the first one open), under a name when given."""

    model_config = ConfigDict(extra="forbid")
    seat: Annotated[StrictInt, Field(ge=0, le=MAX_SEATS)] | None = None
    name: Annotated[str, StringConstraints(max_length=MAX_STRING)] | None = None


class SeatToken(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: Token
    lang: Lang | None = None


class SeatName(BaseModel):
    """A seat's player's name: 1 to 24 characters of plain text."""

    model_config = ConfigDict(extra="forbid")
    token: Token
    name: Annotated[str, StringConstraints(max_length=MAX_STRING)]


class TakeBack(BaseModel):
    """Take back one's last move, chosen on the view of ``version`` (the table's revision)."""

    model_config = ConfigDict(extra="forbid")
    token: Token
    version: StrictInt


class AnalysisOf(BaseModel):
    """The seat whose moves a post-game analysis reviews (from 0), asked by a player of the table
    (the ``token`` of any of its seats)."""

    model_config = ConfigDict(extra="forbid")
    seat: StrictInt
    token: Token | None = None


class PlayAction(BaseModel):
    """An action in the game's notation, with the ``version`` (the table's revision) of the view it
    was chosen on."""

    model_config = ConfigDict(extra="forbid")
    token: Token
    action: Annotated[str, StringConstraints(max_length=MAX_ACTION)]
    version: StrictInt


#: New containers the garbage collector lets come before it looks at the young ones (Python's
#: default: 700); the middle and old generations keep their thresholds.
YOUNG_OBJECTS = 20_000

#: What a game's board folder may serve.
BOARD_FILES = (".js", ".css", ".svg", ".png", ".webp", ".json")


def board_file(folder: Path | None, path: str) -> Path | None:
    """The file ``path`` of a board ``folder``, if it is one of its own assets (never outside)."""
    if folder is None or not path.endswith(BOARD_FILES):
        return None
    root = folder.resolve()
    asset = (root / path).resolve()
    return asset if asset.is_relative_to(root) and asset.is_file() else None


def choice_key(value: Any) -> str:
    """A choice as the page writes it (``String(value)`` in JavaScript: ``true``, ``treasure``)."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def option_entry(spec: OptionSpec, words: Mapping[str, str], lang: str) -> dict[str, Any]:
    """An option as the lobby shows it: the game's words for it, else its name and help; a
    yes-or-no choice says yes or no in ``lang`` when the game has no words for it."""
    choices = list(spec.choices) if spec.choices else None
    labels = {choice_key(c): words.get(f"choice:{c}") or (say("yes" if c else "no", lang)
                                                         if isinstance(c, bool) else None)
              for c in choices or []}
    return {"name": spec.name, "default": spec.default, "help": words.get("help", spec.help),
            "label": words.get("label"), "choices": choices,
            "placeholder": words.get("placeholder"),  # a free value's default in words
            "essential": spec.essential or spec.name == "players",
            "choice_labels": {key: label for key, label in labels.items() if label} or None}


def _lang(explicit: str | None, header: str | None) -> str:
    return pick_lang(explicit or header)


def _client(request: Request) -> str | None:
    """The client's address (the forwarded one behind a trusted proxy): what shares are kept by."""
    return request.client.host if request.client else None


def _json(text: str) -> Response:
    """A view already encoded (it is shared by everyone reading that seat in that language)."""
    return Response(text, media_type="application/json")


def _cursor(before: str | None) -> tuple[float, str] | None:
    """``created~id`` (a page's ``next``) to the lobby's keyset cursor."""
    if before is None:
        return None
    created, _, table_id = before.partition("~")
    try:
        at = float(created)
    except ValueError:
        at = math.nan
    if not math.isfinite(at):
        raise ApiError(400, "malformed", problem="before: use the next value of the previous page")
    return at, table_id


def _next(after: tuple[float, str] | None) -> str | None:
    """The keyset cursor of the next page as ``created~id`` (None on the last page)."""
    return None if after is None else f"{after[0]!r}~{after[1]}"


class WebTable(FastAPI):
    """FastAPI with ``SecureAnswers`` outside everything, its 500s included (headers.py), and
    outside it, when ``access_log``, the access log: it sees every answer, the refusals of a
    path before routing included, and the time taken."""

    access_log = False

    def build_middleware_stack(self) -> ASGIApp:
        stack = SecureAnswers(super().build_middleware_stack())
        return AccessLog(stack) if self.access_log else stack


#: How uvicorn runs the app: frames bounded (in bytes: a message is at most MAX_MESSAGE characters),
#: dead clients found by pings, no compression (updates are small; deflating every frame cost more
#: CPU than it saved), and a shutdown that does not wait for ever on a stuck client.
UVICORN: dict[str, Any] = {"log_level": "warning", "ws_max_size": 4 * MAX_MESSAGE, "ws_ping_interval": 20,
                           "ws_ping_timeout": 20, "ws_per_message_deflate": False,
                           "timeout_graceful_shutdown": 5}
#: What ``ludotheque serve --workers N`` hands each worker process.
WORKER_DB, WORKER_BOT_DELAY, WORKER_AWAY, WORKER_SEARCHES, WORKER_ANALYSIS = (
    "LUDOTHEQUE_SERVE_DB", "LUDOTHEQUE_SERVE_BOT_DELAY", "LUDOTHEQUE_SERVE_AWAY",
    "LUDOTHEQUE_SERVE_SEARCH_WORKERS", "LUDOTHEQUE_SERVE_ANALYSIS_ITERATIONS")


def worker_app() -> FastAPI:
    """The app of one worker of ``ludotheque serve --workers N`` (settings from the environment)."""
    searches = os.environ.get(WORKER_SEARCHES)
    return create_app(os.environ[WORKER_DB], float(os.environ.get(WORKER_BOT_DELAY, "0.8")),
                      away_seconds=float(os.environ.get(WORKER_AWAY, str(AWAY_SECONDS))),
                      search_workers=int(searches) if searches else None,
                      analysis_iterations=int(os.environ.get(WORKER_ANALYSIS, str(ANALYSIS_ITERATIONS))),
                      hosting=Hosting.from_env(os.environ))


def create_app(db_url: str, bot_delay: float = 0.8, bot_seconds: float = BOT_SECONDS,
               away_seconds: float = AWAY_SECONDS, search_workers: int | None = None,
               analysis_iterations: int = ANALYSIS_ITERATIONS, hosting: Hosting | None = None,
               undo_wait: float = UNDO_WAIT, sqlite_sync: str = "full") -> FastAPI:
    """The app over the database ``db_url`` (any SQLAlchemy URL); bots wait ``bot_delay`` seconds
    before they move and think at most ``bot_seconds``, searching bots in ``search_workers``
    processes (default: a core for each but one); a person to act gone ``away_seconds`` may be
    handed to a bot by the others, at a table without a clock; a post-game analysis spends
    ``analysis_iterations`` playouts on each decision (server/analysis.py); ``hosting``: how
    ``serve`` hosts it (a path prefix, an access log, tables per minute, expiry: hosting.py); at a
    table with undo, bots wait ``undo_wait`` seconds to answer a move that may be taken back;
    ``sqlite_sync``: how a SQLite database syncs its commits (store.SQLITE_SYNC)."""
    hosting = hosting or Hosting()
    store = Store(db_url, sqlite_sync)
    service = TableService(store, bot_delay, bot_seconds=bot_seconds, away_seconds=away_seconds,
                           search_workers=search_workers, analysis_iterations=analysis_iterations,
                           expiry=Expiry.of(hosting), undo_wait=undo_wait,
                           mail=parse_smtp(hosting.smtp, hosting.public_url) if hosting.smtp else None)
    new_tables = AddressRates(hosting.tables_per_minute)
    seats_taken = AddressRates(hosting.tables_per_minute)  # open seats taken, at the same pace

    def count_new(request: Request, rates: AddressRates, code: str) -> None:
        """429 ``code`` past what an address may make a minute (tables, seats taken)."""
        wait = rates.wait(request.client.host if request.client else "")
        if wait:
            seconds = math.ceil(wait)
            raise ApiError(429, code, retry_after=seconds, limit=rates.per_minute, seconds=seconds)

    def count_new_table(request: Request) -> None:
        count_new(request, new_tables, "too_many_tables")

    async def note(table: Table, seat: int | None, request: Request) -> None:
        """The client of the person using ``seat`` (clients.py)."""
        await note_client(store, table, seat, client_at(store, table, request))

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        # what is loaded by now lives as long as the server: keep the collector off it (a full
        # collection walks every object, a pause every request would feel)
        gc.collect()
        gc.freeze()
        # and collect the young ones less often: every action makes hundreds of containers (views,
        # frames, futures) that die young or live on in the tables; at Python's 700 the collector
        # took about a sixth of a busy server's time (benchmarks/web_tables.py)
        gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])
        yield
        await service.close()
        store.close()

    names = [get_game(game_id).spec.name for game_id in game_ids()]
    every_game = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)
    app = WebTable(title="Ludothèque web table", lifespan=lifespan,
                   description=f"Play {every_game} with friends and bots. Protocol: docs/web.md.")
    app.state.service = service
    app.add_middleware(CheckedBodies)
    if hosting.root_path:
        app.add_middleware(UnderPrefix, prefix=hosting.root_path)
    app.access_log = hosting.access_log

    # -- errors ---------------------------------------------------------------------------------
    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        # the page's language: its ?lang= or the Accept-Language it sends (web/js/api.js)
        lang = _lang(request.query_params.get("lang"), request.headers.get("accept-language"))
        return JSONResponse(exc.to_json(lang), status_code=exc.status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg', '')}"
                             for e in exc.errors())
        return await api_error(request, ApiError(400, "malformed", problem=problems[:500]))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 404:
            return await api_error(request, ApiError(404, "not_found", path=request.url.path[:200]))
        return JSONResponse({"detail": str(exc.detail), "code": "http"}, status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception) -> JSONResponse:
        log.error("%s %s failed", request.method, request.url.path, exc_info=exc)  # a bug: say it once
        return await api_error(request, ApiError(500, "internal"))

    add_account_routes(app, service)

    # -- pages ----------------------------------------------------------------------------------
    app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.get("/games/{game_id}/{path:path}", include_in_schema=False)
    async def game_asset(game_id: str, path: str) -> FileResponse:
        """A file of a game's browser board, from the folder the game declares."""
        try:
            folder = get_game(game_id).web_assets()
        except LudothequeError:
            folder = None
        asset = board_file(folder, path)
        if asset is None:
            raise ApiError(404, "not_found", path=f"/games/{game_id}/{path}")
        return FileResponse(asset)

    def page(request: Request, name: str, status_code: int = 200) -> Response:
        """A page of web/, pointed at the prefix it is served under (prefix.py)."""
        return page_html(WEB / name, request.scope.get("root_path", ""), status_code)

    @app.get("/", include_in_schema=False)
    async def lobby(request: Request) -> Response:
        return page(request, "lobby.html")

    async def table_file(request: Request, table_id: str, name: str) -> Response:
        """The page of a table, or a 404 page (in the reader's language) when there is no such
        table; a table this server cannot play still gets its page, which says why."""
        try:
            await service.get(table_id)
        except ApiError as exc:
            if exc.code == "no_table":
                return page(request, "notfound.html", 404)
        return page(request, name)

    @app.get("/leaderboard", include_in_schema=False)
    async def leaderboard_page(request: Request) -> Response:
        return page(request, "leaderboard.html")

    @app.get("/players/{name:path}", include_in_schema=False)
    async def player_page(request: Request, name: str) -> Response:
        return page(request, "players.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(request: Request, table_id: str) -> Response:
        return await table_file(request, table_id, "table.html")

    @app.get("/t/{table_id}/replay", include_in_schema=False)
    async def replay_page(request: Request, table_id: str) -> Response:
        return await table_file(request, table_id, "replay.html")

    @app.get("/learn/{game_id}", include_in_schema=False)
    async def learn_page(request: Request, game_id: str) -> Response:
        """A game's guided first game (a 404 page for a game without one)."""
        if game_id not in tutorial_games():
            return page(request, "notfound.html", 404)
        return page(request, "learn.html")

    # -- the API --------------------------------------------------------------------------------
    @app.get("/api/games", tags=["games"])
    async def games(lang: Lang | None = None,
                    accept_language: Annotated[str | None, Header()] = None) -> list[dict[str, Any]]:
        """The games a table can play, with their options (in the reader's language when the
        game has words for them: ``label``, ``help``, ``choice_labels``) and bots."""
        language = _lang(lang, accept_language)
        out = []
        for game_id in game_ids():
            game = get_game(game_id)
            spec, words = game.spec, game.option_words(language)
            out.append({
                "id": spec.id, "name": spec.name, "description": game.describe(language),
                "version": spec.version, "min_players": spec.min_players, "max_players": spec.max_players,
                "options": [option_entry(o, words.get(o.name, {}), language)
                            for o in spec.options if not o.local],
                "bots": bot_names(game_id),
            })
        return out

    @app.get("/api/health", tags=["server"])
    async def health() -> dict[str, Any]:
        """This process: alive, and what it holds (for a load balancer, or a look at memory)."""
        workers = service.bots.workers
        return {"ok": True, "process": service.bus.origin, "processes": "several" if service.bus.multi_process
                else "one", "tables_in_memory": len(service.tables),
                "watchers": sum(len(t.watchers) for t in service.tables.values()),
                "search_workers": {"processes": workers.processes, "running": workers.running,
                                   "queued": len(workers.waiting), "replaced": workers.replaced},
                "writer": service.writer.figures(),
                "bot_fallbacks": dict(service.bots.fallbacks),
                "bot_fallback_causes": dict(service.bots.causes)}

    @app.post("/api/tables", status_code=201, tags=["tables"])
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        """Start a table. Each human seat gets a private link (keep it: it is shown only now). 429
        ``too_many_tables`` past the tables an address may make a minute (``serve
        --tables-per-minute``), with a ``Retry-After``."""
        count_new_table(request)
        table, tokens = await service.create(body.game, body.options, body.seats, body.clock, body.undo,
                                               body.hints)
        seats = []
        for s in table.row.seats:
            entry: dict[str, Any] = {"seat": s.seat, "kind": s.kind}
            if s.kind == "bot":
                entry["bot"] = s.bot
            elif s.open:
                entry["open"] = True  # anyone may take it from the lobby (``/join``)
            else:
                entry["url"] = f"/t/{table.id}#token={tokens[s.seat]}"
            seats.append(entry)
        return {"id": table.id, "seats": seats, "spectator_url": f"/t/{table.id}",
                "replay_url": f"/t/{table.id}/replay"}

    @app.get("/api/tables", tags=["tables"])
    async def list_tables(status: Annotated[str | None, Query(pattern="^(open|over)$")] = None,
                          seats: Annotated[str | None, Query(pattern="^open$")] = None,
                          ids: Annotated[str | None, Query(max_length=KNOWN_IDS_LENGTH)] = None,
                          limit: Annotated[int, Query(ge=1, le=PAGE_MAX)] = PAGE_DEFAULT,
                          before: Annotated[str | None, Query(max_length=80)] = None) -> dict[str, Any]:
        """The tables, newest first, a page at a time (``status=open`` or ``over`` to filter;
        ``seats=open``: the unfinished tables with a seat anyone may take; ``before`` is the
        ``next`` of the previous page, null on the last one). ``ids`` (a comma list of at most
        20): those tables only, in one page (a page asks after its browser's tables)."""
        if ids is not None:
            wanted = sorted({i for i in ids.split(",") if i})
            if len(wanted) > MAX_KNOWN_TABLES:
                raise ApiError(400, "malformed", problem=f"ids: at most {MAX_KNOWN_TABLES} tables")
            return {"tables": await service.summaries(wanted), "next": None}
        finished = None if status is None else status == "over"
        summaries, after = await service.list(finished, limit, _cursor(before), seats == "open")
        return {"tables": summaries, "next": _next(after)}

    @app.get("/api/leaderboard/{game_id}", tags=["games"])
    async def leaderboard(game_id: str, lang: Lang | None = None,
                          accept_language: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """Elo ratings at a game from its finished tables, best first: ``standings``, people by
        their claimed names (from the seats they took signed in as them); ``bots``, at fixed
        levels (anchors)."""
        return {"game": game_id, **await service.leaderboard(game_id, _lang(lang, accept_language))}

    @app.get("/api/players/{name:path}/games", tags=["players"])
    async def player_games(name: Annotated[str, PathParam(max_length=MAX_STRING)],
                           game: Annotated[str | None, Query(max_length=MAX_NAME)] = None,
                           limit: Annotated[int, Query(ge=1, le=PAGE_MAX)] = PAGE_DEFAULT,
                           before: Annotated[str | None, Query(max_length=80)] = None,
                           lang: Lang | None = None,
                           accept_language: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """A player's finished games (the tables where a seat carries ``name``), newest first, a
        page at a time like ``/api/tables``; ``game`` to keep one game's. 400 ``bad_name``, 404
        ``unknown_game``."""
        clean, entries, after = await past_games(service.store, name_of_segment(name), game, limit,
                                                 _cursor(before), _lang(lang, accept_language))
        return {"name": clean, "game": game, "games": entries, "next": _next(after)}

    @app.get("/api/tables/{table_id}", tags=["tables"])
    async def public_state(table_id: str, lang: Lang | None = None,
                           accept_language: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """The public state: the summary and the spectator's view."""
        table = await service.get(table_id)
        return await table.summary(_lang(lang, accept_language))

    @app.post("/api/tables/{table_id}/view", tags=["tables"])
    async def seat_view(table_id: str, body: SeatToken,
                        accept_language: Annotated[str | None, Header()] = None) -> Response:
        """A seat's view (what its page shows)."""
        table = await service.get(table_id)
        seat = await service.seat_of(table, body.token)
        return _json((await table.view(seat, _lang(body.lang, accept_language)))[1])

    @app.post("/api/tables/{table_id}/name", tags=["tables"])
    async def name_seat(table_id: str, body: SeatName, request: Request) -> dict[str, Any]:
        """The seat of ``token`` takes a name (shown wherever the seat is: board, log, scores,
        replay); 400 ``bad_name`` for an empty or too long name, one with control characters or
        a bot's; 409 ``name_frozen`` once the game is over."""
        table = await service.get(table_id)
        await note(table, await service.seat_of(table, body.token), request)
        seat, name = await service.set_name(table, body.token, body.name, request.cookies.get(COOKIE))
        return {"seat": seat, "name": name}

    @app.post("/api/tables/{table_id}/join", tags=["tables"])
    async def join(table_id: str, body: TakeSeat, request: Request) -> dict[str, Any]:
        """Take an open seat (``seat``, from 0, or the first one open) under ``name`` when given:
        returns its private link (keep it: it is shown only now), and the seat is no longer open.
        409 ``seat_taken`` (that seat is not open: someone took it first) or ``table_full`` (no
        seat is open any more), ``game_over``; 400 ``bad_seat``, ``bad_name``; 429
        ``too_many_joins`` past the seats an address may take a minute (as many as tables)."""
        count_new(request, seats_taken, "too_many_joins")
        table = await service.get(table_id)
        seat, token = await service.take_seat(table, body.seat, body.name, request.cookies.get(COOKIE))
        if body.name is not None:
            await note(table, seat, request)  # (named)
        return {"id": table.id, "seat": seat, "url": f"/t/{table.id}#token={token}"}

    @app.post("/api/tables/{table_id}/actions", tags=["tables"])
    async def play(table_id: str, body: PlayAction, request: Request,
                   accept_language: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """Play an action in notation, chosen on the view of ``version`` (the table's revision: it
        names one position, and grows at every action and every move taken back); 409 ``stale``
        for any other revision. Answers the new revision."""
        table = await service.get(table_id)
        seat = await service.seat_of(table, body.token)
        version = await table.act(seat, body.action, body.version, _lang(None, accept_language),
                                  client_at(store, table, request))
        return {"version": version}

    @app.post("/api/tables/{table_id}/undo", tags=["tables"])
    async def undo(table_id: str, body: TakeBack) -> dict[str, Any]:
        """Take back your last move, at a table created with ``undo``: only while nobody has
        acted since and if the move showed you nothing hidden (409 ``undo_reveals``,
        ``undo_not_yours``, ``undo_off``, ``stale``)."""
        table = await service.get(table_id)
        seat = await service.seat_of(table, body.token)
        return {"version": await table.undo(seat, body.version)}

    @app.post("/api/tables/{table_id}/hint", tags=["tables"])
    async def ask_hint(table_id: str, body: TakeBack, request: Request,
                       accept_language: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """What the search would play for you now, at a table created with ``hints`` (such a
        table is not rated): ``{"version", "action", "label", "chance"}``, the chance being the
        search's estimate of your win share. 409 ``hints_off``, ``hint_not_your_turn``,
        ``stale``, ``game_over``; 429 ``queue_full`` (with ``Retry-After``) when the hints'
        share of the search is taken (one at a time per client and per table); 503 ``busy`` when
        the search takes too long."""
        table = await service.get(table_id)
        seat = await service.seat_of(table, body.token)
        return await service.hint(table, seat, body.version, _lang(None, accept_language), _client(request))

    @app.get("/api/tables/{table_id}/record", tags=["replays"])
    async def record(table_id: str) -> dict[str, Any]:
        """The game record (the format ``ludotheque replay`` reads), once the game is over."""
        table = await service.get(table_id)
        return service.record(table).to_json()

    @app.get("/api/tables/{table_id}/replay", tags=["replays"])
    async def replay(table_id: str, step: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
                     seat: Annotated[int | None, Query(ge=0, le=MAX_SEATS)] = None, lang: Lang | None = None,
                     accept_language: Annotated[str | None, Header()] = None) -> Response:
        """A finished game after ``step`` actions, as ``seat`` (or a spectator) saw it."""
        table = await service.get(table_id)
        return _json(await service.replays.view(table, service.record(table), step, seat,
                                                _lang(lang, accept_language)))

    @app.get("/api/tables/{table_id}/chat", tags=["replays"])
    async def chat(table_id: str) -> dict[str, Any]:
        """What was said at a finished table, both rooms, in order (server/chat.py): its replay
        shows it; 409 ``not_over`` before the end (live pages hear it on their socket)."""
        table = await service.get(table_id)
        return {"messages": await table.chat_lines()}

    @app.post("/api/tables/{table_id}/analysis", status_code=202, tags=["replays"])
    async def start_analysis(table_id: str, body: AnalysisOf, request: Request) -> JSONResponse:
        """Analyse a finished game's decisions of ``seat`` (server/analysis.py), at the request of
        a player of the table (``token``: any of its seats): 202 and ``{"state": "running",
        "done", "total"}`` while it runs in the background, 200 and ``{"state": "done"}`` when it
        is stored already. 403 ``analysis_token`` without a seat's token, 409
        ``analysis_not_over``, 400 ``analysis_seat``, 429 ``queue_full`` (with ``Retry-After``)
        when the analyses' share of the search is taken (two at a time per client and per table)."""
        table = await service.get(table_id)
        if await service.seat_of(table, body.token) is None:
            raise ApiError(403, "analysis_token")
        answer = await service.analyses.start(table, body.seat, _client(request))
        return JSONResponse(answer, status_code=200 if answer["state"] == "done" else 202)

    @app.get("/api/tables/{table_id}/analysis", tags=["replays"])
    async def analysis(table_id: str, seat: Annotated[int, Query(ge=0, le=MAX_SEATS)],
                       lang: Lang | None = None,
                       accept_language: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """Where the analysis of ``seat`` stands: ``{"state": "none" | "running" | "failed" |
        "done", "done", "total"}``, and once done ``moves``: for each decision, its ``step``, the
        move ``played`` and the one the search prefers (``best``, with ``played_label`` and
        ``best_label`` in the reader's language), the win ``chance`` before it, ``played_chance``
        after the move played, their difference ``loss`` and its ``mark`` (``inaccuracy``,
        ``mistake``, ``blunder`` or empty)."""
        table = await service.get(table_id)
        return await service.analyses.progress(table, seat, _lang(lang, accept_language))

    @app.post("/api/tables/{table_id}/rematch", tags=["tables"])
    async def rematch(table_id: str, body: Annotated[SeatToken, Body()], request: Request) -> dict[str, Any]:
        """Play again: the same game and seats, a new deal; returns this seat's new link (429
        ``too_many_tables`` as when starting a table)."""
        count_new_table(request)
        table = await service.get(table_id)
        new_id, token = await service.rematch(table, body.token)
        return {"id": new_id, "url": f"/t/{new_id}#token={token}"}

    @app.get("/api/tutorials", tags=["tutorials"])
    async def tutorials() -> list[dict[str, Any]]:
        """The games with a guided first game, and its page."""
        return [{"game": game_id, "name": get_game(game_id).spec.name, "url": f"/learn/{game_id}"}
                for game_id in tutorial_games()]

    @app.get("/api/tutorials/{game_id}/steps/{step}", tags=["tutorials"])
    async def tutorial_step(game_id: str, step: Annotated[int, PathParam(ge=0, le=10_000)],
                            lang: Lang | None = None,
                            accept_language: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """A guided first game after ``step`` steps: the learner's view, the move expected of
        them now with its explanation, and the note on the step just played."""
        return step_payload(game_id, step, _lang(lang, accept_language))

    # -- live play ------------------------------------------------------------------------------
    app.add_api_websocket_route("/ws/tables/{table_id}", socket_endpoint(service), name="live")

    return app
