"""What the web table accepts as JSON, checked before it is decoded: a bounded size, a bounded
nesting depth, short numbers, and strings that are real text (no lone surrogates).

Python's ``json`` would otherwise recurse until it runs out of stack on 100,000 nested ``[``, turn
5,000 digits into an error deep inside a request, and hand over ``"\\ud800"`` as a string that no
encoder can write back. Both the HTTP bodies (``CheckedBodies``) and the websocket messages go
through ``decode``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable
from typing import Any

from starlette.datastructures import Headers, QueryParams
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .errors import ApiError
from .limits import MAX_BODY, MAX_DEPTH, MAX_NUMBER, MAX_STRING
from .words import pick_lang


class Malformed(Exception):
    """Not JSON the web table accepts; ``problem`` says why (in English: it is for developers)."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


# a string (closed or not: an unclosed one runs to the end, so a scan never starts over) or a bracket
_TOKENS = re.compile(r'"(?:[^"\\]++|\\.)*+"?|[\[\]{}]', re.DOTALL)


def _depth(text: str) -> int:
    """The deepest nesting of arrays and objects, counted without decoding (strings skipped)."""
    depth = deepest = 0
    for token in _TOKENS.findall(text):
        if token[0] == '"':
            continue
        depth += 1 if token in "[{" else -1
        if depth > deepest:
            deepest = depth
            if deepest > MAX_DEPTH:
                break
    return deepest


def _number(kind: type[int] | type[float]) -> Any:
    def parse(literal: str) -> int | float:
        if len(literal) > MAX_NUMBER:
            raise Malformed(f"a number has at most {MAX_NUMBER} characters")
        return kind(literal)
    return parse


def _no_constant(name: str) -> Any:
    raise Malformed(f"{name} is not JSON")


def _check_strings(value: Any) -> None:
    if isinstance(value, str):
        if len(value) > MAX_STRING:
            raise Malformed(f"a string has at most {MAX_STRING} characters")
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise Malformed("a string holds a lone surrogate (\\ud800-\\udfff): not text") from None
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_strings(key)
            _check_strings(item)
    elif isinstance(value, list):
        for item in value:
            _check_strings(item)


def decode(data: str | bytes) -> Any:
    """The JSON value of ``data`` (UTF-8 when bytes), or Malformed. The caller bounds the size."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise Malformed("not UTF-8 text") from None
    if _depth(data) > MAX_DEPTH:
        raise Malformed(f"arrays and objects nest at most {MAX_DEPTH} deep")
    try:
        value = json.loads(data, parse_int=_number(int), parse_float=_number(float),
                           parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise Malformed(f"not JSON ({exc.msg} at character {exc.pos})") from None
    except (ValueError, RecursionError) as exc:  # defence in depth: the checks above come first
        raise Malformed(f"not JSON ({exc.__class__.__name__})") from None
    _check_strings(value)
    return value


class CheckedBodies:
    """ASGI middleware: a request body is read up to ``MAX_BODY`` bytes (413 beyond) and must be
    JSON that ``decode`` accepts (400 ``malformed`` otherwise) before any route sees it. (A plain
    function for what has no body: no frame of it stays in a websocket's await chain.)"""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            return self.app(scope, receive, send)
        return self._checked(scope, receive, send)

    async def _checked(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = Headers(scope=scope)
        lang = lang_of(scope)
        declared = headers.get("content-length", "")
        if declared.isdigit() and (len(declared) > 9 or int(declared) > MAX_BODY):
            await refuse(ApiError(413, "too_large", limit=MAX_BODY), lang, scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY:
                await refuse(ApiError(413, "too_large", limit=MAX_BODY), lang, scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if body:
            try:
                decode(body)
            except Malformed as exc:
                await refuse(ApiError(400, "malformed", problem=exc.problem), lang, scope, receive, send)
                return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def lang_of(scope: Scope) -> str:
    """The language of a request's refusals, as the app's (app.py): its ``?lang=``, else its
    Accept-Language."""
    asked = QueryParams(scope.get("query_string", b"").decode("latin-1")).get("lang")
    return pick_lang(asked or Headers(scope=scope).get("accept-language"))


async def refuse(error: ApiError, lang: str, scope: Scope, receive: Receive, send: Send) -> None:
    """Answer ``error`` before any route sees the request."""
    await JSONResponse(error.to_json(lang), status_code=error.status)(scope, receive, send)
