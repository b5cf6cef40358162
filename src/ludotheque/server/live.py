"""One live websocket at a table (docs/web.md): the hello, then actions, chat, language switches
and requests for a whole view, each message checked before it is read.

A bad hello is answered with an error and the socket is closed with a code saying why; after the
hello, a message that is not what the protocol describes gets an error and the socket stays open,
unless it is too large (1009) or comes too fast (4429).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from starlette.websockets import WebSocket

from .accounts import COOKIE
from .chat import author_of
from .clients import client_at
from .errors import ApiError
from .inputs import Malformed, decode
from .limits import (
    CLOSE_BAD_HELLO,
    CLOSE_INTERNAL,
    CLOSE_TOO_BIG,
    CLOSE_TOO_FAST,
    HELLO_SECONDS,
    MAX_ACTION,
    MAX_LANG,
    MAX_MESSAGE,
    MAX_TOKEN,
    MESSAGES_PER_SECOND,
    MessageRate,
)
from .names import check_name
from .service import TableService
from .table import Table
from .watchers import Watcher, close_now, error_text
from .words import LANGS, pick_lang

log = logging.getLogger("ludotheque.server")


class Closing(Exception):
    """End the session: send the error ``code`` (a words key), then close with ``close``."""

    def __init__(self, close: int, code: str, **params: Any) -> None:
        super().__init__(code)
        self.close, self.code, self.params = close, code, params


def _text(message: Mapping[str, Any]) -> str | None:
    """The text of a received frame (binary frames must be UTF-8 too); None once disconnected."""
    if message["type"] == "websocket.disconnect":
        return None
    if message.get("text") is not None:
        return str(message["text"])
    try:
        return bytes(message.get("bytes") or b"").decode("utf-8")
    except UnicodeDecodeError:
        return "\0"  # not text: refused by decode


def _read(text: str) -> Any:
    """A message's JSON value; raises Closing when it is too large, Malformed when not JSON."""
    if len(text) > MAX_MESSAGE:
        raise Closing(CLOSE_TOO_BIG, "too_big", limit=MAX_MESSAGE)
    return decode(text)


def _hello_fields(hello: Any) -> tuple[str | None, str]:
    """The token (None: a spectator) and language of a hello, or Closing ``bad_hello``."""
    if not isinstance(hello, dict) or hello.get("type") != "hello":
        raise Closing(CLOSE_BAD_HELLO, "bad_hello")
    token, lang = hello.get("token"), hello.get("lang")
    if token is not None and not (isinstance(token, str) and len(token) <= MAX_TOKEN):
        raise Closing(CLOSE_BAD_HELLO, "bad_hello")
    if lang is not None and not (isinstance(lang, str) and len(lang) <= MAX_LANG):
        raise Closing(CLOSE_BAD_HELLO, "bad_hello")
    return token or None, pick_lang(lang)


def socket_endpoint(service: TableService) -> Callable[[WebSocket, str], Awaitable[None]]:
    """The route of ``/ws/tables/{table_id}`` (app.py): a ``Session`` for each socket. (Made here:
    every message a socket gets resumes each frame that awaits it, none of them app.py's.)"""

    async def live(socket: WebSocket, table_id: str) -> None:
        await Session(service, socket).run(table_id)

    return live


class Session:
    """The life of one socket: hello, then a watcher of its table until either side closes."""

    def __init__(self, service: TableService, socket: WebSocket) -> None:
        self.service, self.socket = service, socket
        self.lang = "en"
        self.client: str | None = None  # the digest of the client at this socket (clients.py)

    async def run(self, table_id: str) -> None:
        await self.socket.accept()
        watcher: Watcher | None = None
        table: Table | None = None
        try:
            try:
                async with asyncio.timeout(HELLO_SECONDS):
                    first = await self.socket.receive()
            except TimeoutError:
                raise Closing(CLOSE_BAD_HELLO, "bad_hello") from None
            text = _text(first)
            if text is None:
                return
            try:
                hello = _read(text)
            except Malformed as exc:
                raise Closing(CLOSE_BAD_HELLO, "malformed", problem=exc.problem) from None
            token, self.lang = _hello_fields(hello)
            try:
                table = await self.service.get(table_id)
                seat = await self.service.seat_of(table, token)
                self.client = client_at(self.service.store, table, self.socket)
                # the chat only for a page that asks for it in its hello (tools and bots do not read it)
                author = author_of(seat, self.client) if hello.get("chat") is True else None
                watcher = Watcher(self.socket, seat, self.lang, table.leave, author)
                await self.service.join(table, watcher)
            except ApiError as exc:
                raise Closing(4000 + exc.status, exc.code, **exc.params) from None
            await self._serve(table, watcher)
        except Closing as end:
            text = error_text(end.code, self.lang, **end.params)
            if watcher is not None:
                watcher.close(end.close, text)
            else:
                await close_now(self.socket, end.close, text)
        except Exception:  # a bug: logged once, and the client told to come back
            log.exception("websocket of table %s failed", table_id)
            if watcher is not None:
                watcher.close(CLOSE_INTERNAL, error_text("internal", self.lang))
            else:
                await close_now(self.socket, CLOSE_INTERNAL, error_text("internal", self.lang))
        finally:
            if watcher is not None and table is not None:
                table.leave(watcher)
                await watcher.stop()

    async def _serve(self, table: Table, watcher: Watcher) -> None:
        rate = MessageRate()
        while watcher.closed is None:
            try:
                text = _text(await self.socket.receive())
            except RuntimeError:  # starlette: the socket was closed meanwhile
                return
            if text is None or watcher.closed is not None:
                return
            if not rate.allow():
                raise Closing(CLOSE_TOO_FAST, "too_fast", rate=int(MESSAGES_PER_SECOND))
            try:
                message = _read(text)
            except Malformed as exc:
                watcher.offer(error_text("malformed", watcher.lang, problem=exc.problem))
                continue
            if not isinstance(message, dict):
                watcher.offer(error_text("bad_json", watcher.lang))
                continue
            kind = message.get("type")
            if kind == "action":
                await self._act(table, watcher, message)
            elif kind == "lang" and message.get("lang") in LANGS:
                watcher.lang = str(message["lang"])
                await table.resend(watcher)
            elif kind == "sync":
                await table.resend(watcher)
            elif kind == "undo":
                await self._undo(table, watcher, message)
            elif kind == "replace":  # "let a bot play for them": a player who left, no clock
                try:
                    await table.hand_to_bot(watcher.seat, message.get("seat"))
                except ApiError as exc:
                    self._refuse(watcher, exc)
            elif kind == "back":  # "take my seat back" from a bot playing for it
                await table.take_back(watcher.seat)
            elif kind == "chat":
                await self._chat(table, watcher, message)
            else:
                shown = kind if isinstance(kind, str) and len(kind) <= 40 else "?"
                watcher.offer(error_text("unknown_message", watcher.lang, kind=shown))

    async def _undo(self, table: Table, watcher: Watcher, message: dict[str, Any]) -> None:
        version = message.get("version")
        try:
            if isinstance(version, bool) or not isinstance(version, int):
                raise ApiError(400, "malformed", problem='send {"type": "undo", "version": number}')
            await table.undo(watcher.seat, version)
        except ApiError as exc:
            self._refuse(watcher, exc)

    async def _chat(self, table: Table, watcher: Watcher, message: dict[str, Any]) -> None:
        try:
            if watcher.author is None:
                raise ApiError(400, "malformed", problem='say "chat": true in the hello to chat')
            name = message.get("name")
            if watcher.seat is None and isinstance(name, str):  # a spectator's name: a claimed one
                await self.service.accounts.owner_check(check_name(name), self.socket.cookies.get(COOKIE))
            await table.say(watcher.seat, watcher.author, message)
        except ApiError as exc:
            self._refuse(watcher, exc, "chat_refused")  # (not "refused": no move of theirs was)

    def _refuse(self, watcher: Watcher, exc: ApiError, kind: str = "refused") -> None:
        refusal = {"type": kind, **exc.to_json(watcher.lang)}
        refusal["message"] = refusal.pop("detail")
        watcher.offer(json.dumps(refusal, ensure_ascii=False))

    async def _act(self, table: Table, watcher: Watcher, message: dict[str, Any]) -> None:
        action, version, token = message.get("action"), message.get("version"), message.get("token")
        try:
            if (not isinstance(action, str) or len(action) > MAX_ACTION or isinstance(version, bool)
                    or not isinstance(version, int)):
                raise ApiError(400, "malformed", problem='send {"type": "action", "action": text, '
                                                         f'"version": number}} (an action has at most '
                                                         f'{MAX_ACTION} characters)')
            if token is not None and (not isinstance(token, str) or len(token) > MAX_TOKEN
                                      or table.seat_of(token) != watcher.seat):
                raise ApiError(403, "bad_token")  # the action names another seat than the socket's
            await table.act(watcher.seat, action, version, watcher.lang, self.client)  # (clients.py)
        except ApiError as exc:
            self._refuse(watcher, exc)
