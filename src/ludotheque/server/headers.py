"""What every HTTP answer says about itself, and the addresses no route is asked about.

- Security headers on every answer (pages, API, errors, files): a Content-Security-Policy that
  lets a page load only this server's own scripts, styles, images and sockets (no inline script
  or style attribute, no frame around it), ``nosniff``, ``X-Frame-Options: DENY`` for browsers
  without ``frame-ancestors``, and no Referer (a seat's page never tells another site where it
  was). The API documentation (``/docs``, ``/redoc``) is FastAPI's: Swagger UI and ReDoc load
  from a CDN and start with an inline script, so they get a policy of their own that allows
  that CDN and inline code there, and only there.
- A path holding a control character once decoded (``%00``, ``%0a``, ``%7f``, ``%c2%85``) is
  refused with 400 ``bad_path`` before routing: no route has anything to do with one (a NUL
  reached the file system through a board's path and came back as a 500).
- A redirect's ``Location`` is made relative: Starlette builds the redirect of a path with or
  without its last slash from the request's Host header (``Host: evil.example`` answered
  ``307 http://evil.example/api/tables``), and behind a TLS proxy it would say ``http``. This
  app never redirects to another site, so dropping the scheme and host changes no target.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Awaitable
from urllib.parse import urlsplit, urlunsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .errors import ApiError
from .inputs import lang_of, refuse

#: The pages', boards' and API's policy: this server only (its websockets included: 'self'
#: matches ws: and wss: of the page's own host in CSP level 3); images may also be data: URLs
#: (the pages' empty favicon).
PAGE_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
               "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; "
               "form-action 'self'; frame-ancestors 'none'")
#: FastAPI's documentation pages: their CDN, their inline start-up script and styles, ReDoc's
#: fonts, logo and web worker; still no frame around them.
DOCS_POLICY = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
               "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
               "img-src 'self' data: https://fastapi.tiangolo.com https://cdn.redoc.ly; "
               "font-src 'self' https://fonts.gstatic.com; worker-src 'self' blob:; connect-src 'self'; "
               "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'")
DOCS_PATHS = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc"})

_COMMON = ((b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
           (b"referrer-policy", b"no-referrer"))


def policy_of(path: str) -> str:
    """The Content-Security-Policy of the answer to ``path``."""
    return DOCS_POLICY if path in DOCS_PATHS else PAGE_POLICY


def has_control(path: str) -> bool:
    """Whether a decoded path holds a control character (C0, DEL or C1)."""
    return not path.isprintable() and any(unicodedata.category(c) == "Cc" for c in path)


def relative(location: str) -> str:
    """A redirect's target without its scheme and host; never one a browser would read as
    another host (``//host`` or ``/\\host``)."""
    parts = urlsplit(location)
    path = "/" + parts.path.lstrip("/\\")
    return urlunsplit(("", "", path, parts.query, parts.fragment))


def _with_headers(message: Message, policy: str) -> Message:
    headers = list(message.get("headers", []))
    present = {name.lower() for name, _ in headers}
    added = [(b"content-security-policy", policy.encode()), *_COMMON]
    headers += [(name, value) for name, value in added if name not in present]
    if 300 <= message["status"] < 400:
        headers = [(name, relative(value.decode("latin-1")).encode("latin-1")) if name.lower() == b"location"
                   else (name, value) for name, value in headers]
    return {**message, "headers": headers}


def _secured(send: Send, policy: str) -> Send:
    async def secured(message: Message) -> None:
        await send(_with_headers(message, policy) if message["type"] == "http.response.start" else message)
    return secured


class SecureAnswers:
    """ASGI middleware, outermost (errors included): refuses control characters in paths, adds
    the security headers to every HTTP answer and makes redirects relative.

    A plain function that hands on the app's awaitable: no frame of it stays in the await chain of
    a request it lets through (each message of a websocket resumes every frame of that chain)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            return self.app(scope, receive, send)
        if has_control(scope["path"]):
            return self._refuse_path(scope, receive, send)
        if kind == "websocket":
            return self.app(scope, receive, send)
        return self.app(scope, receive, _secured(send, policy_of(scope["path"])))

    @staticmethod
    async def _refuse_path(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":  # closed before it is accepted: its client sees a 403
            await send({"type": "websocket.close", "code": 1008})
        else:
            await refuse(ApiError(400, "bad_path"), lang_of(scope), scope, receive,
                         _secured(send, PAGE_POLICY))
