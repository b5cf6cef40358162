"""The web table as an ASGI app: pages, the JSON API and the live websocket.

Every route answers a user's mistake with a 4xx and ``{"detail", "code"}``, never a traceback; the
documentation of the API is at ``/docs``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import Body, FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..bots.registry import bot_names
from ..core.errors import LudothequeError
from ..core.registry import game_ids, get_game
from .errors import ApiError
from .replays import replay_view
from .service import TableService
from .store import Store
from .tables import Subscriber
from .words import LANGS, pick_lang, say

WEB = Path(__file__).resolve().parent.parent / "web"


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
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[str] | None = None


class SeatToken(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str
    lang: str | None = None


class PlayAction(BaseModel):
    """An action in the game's notation, with the version of the view it was chosen on."""

    model_config = ConfigDict(extra="forbid")
    token: str
    action: str
    version: StrictInt


#: What a game's board folder may serve.
BOARD_FILES = (".js", ".css", ".svg", ".png", ".webp", ".json")


def board_file(folder: Path | None, path: str) -> Path | None:
    """The file ``path`` of a board ``folder``, if it is one of its own assets (never outside)."""
    if folder is None or not path.endswith(BOARD_FILES):
        return None
    root = folder.resolve()
    asset = (root / path).resolve()
    return asset if asset.is_relative_to(root) and asset.is_file() else None


def _lang(explicit: str | None, header: str | None) -> str:
    return pick_lang(explicit or header)


def create_app(db_url: str, bot_delay: float = 0.8) -> FastAPI:
    """The app over the database ``db_url`` (any SQLAlchemy URL); bots wait ``bot_delay`` seconds."""
    store = Store(db_url)
    service = TableService(store, bot_delay)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await service.resume()
        yield
        await service.close()
        store.close()

    app = FastAPI(title="Ludothèque web table", lifespan=lifespan,
                  description="Play Gargon with friends and bots. Protocol: docs/web.md.")
    app.state.service = service

    # -- errors ---------------------------------------------------------------------------------
    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        lang = pick_lang(request.headers.get("accept-language"))
        return JSONResponse(exc.to_json(lang), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg', '')}"
                             for e in exc.errors())
        return await api_error(request, ApiError(400, "malformed", problem=problems))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 404:
            return await api_error(request, ApiError(404, "not_found", path=request.url.path))
        return JSONResponse({"detail": str(exc.detail), "code": "http"}, status_code=exc.status_code)

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

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(WEB / "lobby.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "table.html")

    @app.get("/t/{table_id}/replay", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "replay.html")

    # -- the API --------------------------------------------------------------------------------
    @app.get("/api/games", tags=["games"])
    async def games() -> list[dict[str, Any]]:
        """The games a table can play, with their options and bots."""
        out = []
        for game_id in game_ids():
            spec = get_game(game_id).spec
            out.append({
                "id": spec.id, "name": spec.name, "description": spec.description,
                "min_players": spec.min_players, "max_players": spec.max_players,
                "options": [{"name": o.name, "default": o.default, "help": o.help,
                             "choices": list(o.choices) if o.choices else None} for o in spec.options],
                "bots": bot_names(game_id),
            })
        return out

    @app.post("/api/tables", status_code=201, tags=["tables"])
    async def create_table(body: CreateTable) -> dict[str, Any]:
        """Start a table. Each human seat gets a private link (keep it: it is shown only now)."""
        table, tokens = await service.create(body.game, body.options, body.seats)
        seats = []
        for s in table.row.seats:
            entry: dict[str, Any] = {"seat": s.seat, "kind": s.kind}
            if s.kind == "bot":
                entry["bot"] = s.bot
            else:
                entry["url"] = f"/t/{table.id}#token={tokens[s.seat]}"
            seats.append(entry)
        return {"id": table.id, "seats": seats, "spectator_url": f"/t/{table.id}",
                "replay_url": f"/t/{table.id}/replay"}

    @app.get("/api/tables", tags=["tables"])
    async def list_tables(status: Annotated[str | None, Query(pattern="^(open|over)$")] = None,
                          limit: Annotated[int, Query(ge=1, le=500)] = 100) -> dict[str, Any]:
        """The tables, newest first (``status=open`` or ``over`` to filter)."""
        finished = None if status is None else status == "over"
        return {"tables": await service.list(finished, limit)}

    @app.get("/api/tables/{table_id}", tags=["tables"])
    async def public_state(table_id: str, lang: str | None = None,
                           accept_language: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """The public state: the summary and the spectator's view."""
        table = await service.get(table_id)
        return {**table.summary(), "view": table.view(None, _lang(lang, accept_language))}

    @app.post("/api/tables/{table_id}/view", tags=["tables"])
    async def seat_view(table_id: str, body: SeatToken,
                        accept_language: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """A seat's view (what its page shows)."""
        table = await service.get(table_id)
        return table.view(table.seat_of(body.token), _lang(body.lang, accept_language))

    @app.post("/api/tables/{table_id}/actions", tags=["tables"])
    async def play(table_id: str, body: PlayAction,
                   accept_language: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """Play an action in notation, chosen on view ``version``."""
        table = await service.get(table_id)
        seat = table.seat_of(body.token)
        version = await service.act(table, seat, body.action, body.version, _lang(None, accept_language))
        return {"version": version}

    @app.get("/api/tables/{table_id}/record", tags=["replays"])
    async def record(table_id: str) -> dict[str, Any]:
        """The game record (the format ``ludotheque replay`` reads), once the game is over."""
        table = await service.get(table_id)
        return service.record(table).to_json()

    @app.get("/api/tables/{table_id}/replay", tags=["replays"])
    async def replay(table_id: str, step: Annotated[int, Query(ge=0)] = 0,
                     seat: Annotated[int | None, Query(ge=0)] = None, lang: str | None = None,
                     accept_language: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """A finished game after ``step`` actions, as ``seat`` (or a spectator) saw it."""
        table = await service.get(table_id)
        return replay_view(table, service.record(table), step, seat, _lang(lang, accept_language))

    @app.post("/api/tables/{table_id}/rematch", tags=["tables"])
    async def rematch(table_id: str, body: Annotated[SeatToken, Body()]) -> dict[str, Any]:
        """Play again: the same game and seats, a new deal; returns this seat's new link."""
        table = await service.get(table_id)
        new_id, token = await service.rematch(table, body.token)
        return {"id": new_id, "url": f"/t/{new_id}#token={token}"}

    # -- live play ------------------------------------------------------------------------------
    @app.websocket("/ws/tables/{table_id}")
    async def live(socket: WebSocket, table_id: str) -> None:
        await socket.accept()
        lang = "en"

        async def fail(code: str, close: int, **params: Any) -> None:
            await socket.send_json({"type": "error", "code": code, "message": say(code, lang, **params)})
            await socket.close(close)

        try:
            hello = json.loads(await asyncio.wait_for(socket.receive_text(), timeout=60))
        except (TimeoutError, json.JSONDecodeError, UnicodeDecodeError, KeyError):
            await fail("bad_hello", 4400)
            return
        except WebSocketDisconnect:
            return
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            await fail("bad_hello", 4400)
            return
        lang = pick_lang(str(hello.get("lang") or "en"))
        token = hello.get("token")
        try:
            table = await service.get(table_id)
            seat = table.seat_of(token if isinstance(token, str) and token else None)
        except ApiError as exc:
            await fail(exc.code, 4000 + exc.status, **exc.params)
            return
        sub = Subscriber(socket, seat, lang)
        await service.join(table, sub)
        try:
            while True:
                try:
                    message = json.loads(await socket.receive_text())
                except (json.JSONDecodeError, UnicodeDecodeError, KeyError):
                    message = None
                if not isinstance(message, dict):
                    await sub.send(json.dumps({"type": "error", "code": "bad_json",
                                               "message": say("bad_json", sub.lang)}))
                    continue
                kind = message.get("type")
                if kind == "lang" and message.get("lang") in LANGS:
                    sub.lang = str(message["lang"])
                    await sub.send(json.dumps(table.view(seat, sub.lang), ensure_ascii=False))
                elif kind == "action":
                    await _act(table, sub, message)
                else:
                    await sub.send(json.dumps({"type": "error", "code": "unknown_message",
                                               "message": say("unknown_message", sub.lang, kind=kind)}))
        except WebSocketDisconnect:
            pass
        finally:
            service.leave(table, sub)

    async def _act(table: Any, sub: Subscriber, message: dict[str, Any]) -> None:
        action, version = message.get("action"), message.get("version")
        try:
            if not isinstance(action, str) or isinstance(version, bool) or not isinstance(version, int):
                raise ApiError(400, "malformed", problem='send {"type": "action", "action": text, '
                                                         '"version": number}')
            token = message.get("token")
            if token is not None and (not isinstance(token, str) or table.seat_of(token) != sub.seat):
                raise ApiError(403, "bad_token")  # the action names another seat than the socket's
            await service.act(table, sub.seat, action, version, sub.lang)
        except ApiError as exc:
            refusal = {"type": "refused", **exc.to_json(sub.lang)}
            refusal["message"] = refusal.pop("detail")
            await sub.send(json.dumps(refusal, ensure_ascii=False))

    return app
