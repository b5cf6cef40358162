"""The web table: an ASGI app (FastAPI + websockets) over a SQLAlchemy store. See docs/web.md.

``create_app`` is imported when first asked for: a search worker process that unpickles a job of
this package (a hint) need not import FastAPI, SQLAlchemy and uvicorn (a second, each time a
worker starts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
