"""The web table: an ASGI app (FastAPI + websockets) over a SQLAlchemy store. See docs/web.md."""

from .app import create_app

__all__ = ["create_app"]
