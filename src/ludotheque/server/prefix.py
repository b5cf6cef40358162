"""``serve --root-path /ludo``: the web table under a path prefix, behind a proxy.

A proxy may pass the prefix on (``/ludo/api/games``) or strip it (``/api/games``): both reach
the same route, and the app knows its prefix (``root_path``) either way. The pages find
everything relative to it: each page's ``<base href>`` is the prefix (``page_html``), and the
scripts ask for ``api/...``, ``ws/...`` and ``static/...`` relative to it (web/js/api.js).

A prefix is one or more path segments of plain letters, digits and ``-._~``, and its first
segment is none of the app's own (``/api``, ``/t``, ...), so that a stripped path is never taken
for a prefixed one.
"""

from __future__ import annotations

import html
import re
from collections.abc import Awaitable
from pathlib import Path

from starlette.responses import HTMLResponse, RedirectResponse
from starlette.types import ASGIApp, Receive, Scope, Send

#: The first segments of the app's own paths (tests/server/test_hosting.py checks the app's routes).
RESERVED = frozenset({"api", "static", "games", "t", "learn", "players", "leaderboard", "ws", "docs",
                      "redoc", "openapi.json"})
_SEGMENTS = re.compile(r"(/[A-Za-z0-9._~-]+)+")
#: What every page's head holds, for the server to point at the prefix.
BASE = '<base href="/">'


def check_prefix(text: str) -> str:
    """``text`` as a prefix (``/ludo``, no trailing slash; "" for none), or ValueError saying why."""
    prefix = text.rstrip("/")
    if not prefix:
        return ""
    if not _SEGMENTS.fullmatch(prefix) or any(s in (".", "..") for s in prefix.split("/")):
        raise ValueError(f"{text!r} is not a path prefix such as /ludo (letters, digits and -._~ "
                         "between slashes)")
    first = prefix.split("/")[1]
    if first in RESERVED:
        raise ValueError(f"{text!r} starts with /{first}, a path of the web table itself: choose another")
    return prefix


def page_html(path: Path, root_path: str, status_code: int = 200) -> HTMLResponse:
    """A page of web/, its ``<base href>`` at the prefix the request came under."""
    text = path.read_text(encoding="utf-8")
    if root_path:
        text = text.replace(BASE, f'<base href="{html.escape(root_path)}/">', 1)
    return HTMLResponse(text, status_code=status_code)


class UnderPrefix:
    """ASGI middleware: requests with or without the prefix reach the app's routes, with
    ``root_path`` set to it; the prefix alone (``/ludo``) is sent on to ``/ludo/``. (A plain
    function: no frame of it stays in the await chain of what it hands on.)"""

    def __init__(self, app: ASGIApp, prefix: str) -> None:
        self.app, self.prefix = app, prefix

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        if scope["type"] not in ("http", "websocket"):
            return self.app(scope, receive, send)
        prefix, path = self.prefix, scope["path"]
        if path == prefix and scope["type"] == "http":
            query = scope.get("query_string", b"").decode("latin-1")
            return RedirectResponse(prefix + "/" + (f"?{query}" if query else ""))(scope, receive, send)
        if not path.startswith(prefix + "/"):  # the proxy stripped it
            raw = scope.get("raw_path") or path.encode()
            scope = {**scope, "path": prefix + path, "raw_path": prefix.encode() + raw}
        return self.app({**scope, "root_path": prefix}, receive, send)
