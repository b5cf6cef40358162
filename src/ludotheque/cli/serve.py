"""``ludotheque serve``: the web table, for friends and bots, in the browser."""

from __future__ import annotations

import os
import socket
import threading
import webbrowser
from pathlib import Path

from ..core.errors import LudothequeError
from .common import fail, out


def default_db_url() -> str:
    """A SQLite file in the user's data directory (created on first use)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("ludotheque", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tables.db'}"


def _open_when_ready(url: str) -> None:
    """Open the lobby in a browser, if this machine has one (no error when it has none)."""
    try:
        browser = webbrowser.get()
    except webbrowser.Error:
        return
    threading.Timer(1.0, browser.open, args=(url,)).start()


def _check_port(host: str, port: int) -> None:
    """A clear message when the port is taken (uvicorn would only log an error)."""
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as exc:
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc} (another server? try --port)")


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, bot_delay: float = 0.8,
          workers: int = 1, open_browser: bool = False, away: float = 60.0,
          search_workers: int | None = None, analysis_iterations: int | None = None) -> None:
    """Run the web table: a lobby to start tables, live play over websockets, replays."""
    import uvicorn

    from ..server import create_app
    from ..server.analysis import ANALYSIS_ITERATIONS
    from ..server.app import (
        UVICORN,
        WORKER_ANALYSIS,
        WORKER_AWAY,
        WORKER_BOT_DELAY,
        WORKER_DB,
        WORKER_SEARCHES,
    )
    from ..server.store import Store

    if bot_delay < 0:
        fail("--bot-delay cannot be negative")
    if not away > 0:
        fail("--away must be a number of seconds above 0")
    if workers < 1:
        fail("--workers must be at least 1")
    if search_workers is not None and not 1 <= search_workers <= 64:
        fail("--search-workers must be a whole number from 1 to 64")
    if analysis_iterations is None:
        analysis_iterations = ANALYSIS_ITERATIONS
    if not 1 <= analysis_iterations <= 100_000:
        fail("--analysis-iterations must be a whole number from 1 to 100000")
    url_db = db or default_db_url()
    try:
        store = Store(url_db)  # a clear message now for a bad URL; the schema made once, here
        shared = store.is_postgres
        store.close()
        if workers > 1 and not shared:
            fail(f"--workers {workers} needs PostgreSQL (--db postgresql://...): SQLite serves one process")
        app = (create_app(url_db, bot_delay, away_seconds=away, search_workers=search_workers,
                          analysis_iterations=analysis_iterations) if workers == 1 else None)
    except LudothequeError as exc:
        fail(str(exc))
    _check_port(host, port)
    shown_host = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    url = f"http://{shown_host}:{port}/"
    console = out()
    console.print(f"[bold]Ludothèque[/] web table: [bold link={url}]{url}[/]", soft_wrap=True)
    processes = f" · {workers} processes" if workers > 1 else ""
    console.print(f"[dim]database {url_db.split('@')[-1]}{processes} · Ctrl-C to stop[/]", soft_wrap=True)
    if open_browser:
        _open_when_ready(url)
    if app is not None:
        uvicorn.run(app, host=host, port=port, **UVICORN)
    else:  # each worker builds its own app (its own connections, listener and bot leases)
        os.environ[WORKER_DB], os.environ[WORKER_BOT_DELAY] = url_db, str(bot_delay)
        os.environ[WORKER_AWAY] = str(away)
        os.environ[WORKER_ANALYSIS] = str(analysis_iterations)
        if search_workers is not None:
            os.environ[WORKER_SEARCHES] = str(search_workers)
        uvicorn.run("ludotheque.server.app:worker_app", factory=True, host=host, port=port, workers=workers,
                    **UVICORN)
