"""``ludotheque serve``: the web table, for friends and bots, in the browser."""

from __future__ import annotations

import ipaddress
import math
import os
import socket
import threading
import webbrowser
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.errors import LudothequeError
from .common import fail, out

if TYPE_CHECKING:
    from ..server.hosting import Hosting


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


def _check_proxies(text: str) -> str:
    """``--forwarded-allow-ips``: addresses or networks, comma-separated, or ``*`` alone (what
    uvicorn understands: it would take anything else for a name no client has)."""
    if text.strip() == "*":
        return "*"
    for item in (part.strip() for part in text.split(",")):
        try:
            ipaddress.ip_network(item)  # an address is a network of one
        except ValueError:
            fail(f"--forwarded-allow-ips: {item!r} is not an address, a network (10.0.0.0/8) or * alone")
    return text


def _in_range(option: str, value: float, low: float, high: float, unit: str) -> None:
    if not (math.isfinite(value) and low <= value <= high):
        fail(f"{option} must be {unit} from {low:g} to {high:g}")


def hosting_of(proxy_headers: bool, forwarded_allow_ips: str | None, root_path: str, access_log: bool,
               request_timeout: float | None, max_connections_per_address: int | None,
               tables_per_minute: int | None, expire_days: float | None,
               expire_finished_days: float, smtp: str = "", public_url: str = "") -> Hosting:
    """The hosting options checked (a clear message for a bad one), with limits.py's defaults."""
    from ..server.hosting import Hosting
    from ..server.limits import CONNECTIONS_PER_ADDRESS, EXPIRE_DAYS, REQUEST_SECONDS, TABLES_PER_MINUTE
    from ..server.prefix import check_prefix

    if forwarded_allow_ips is not None and not proxy_headers:
        fail("--forwarded-allow-ips needs --proxy-headers (without it the forwarded headers are ignored)")
    try:
        prefix = check_prefix(root_path)
    except ValueError as exc:
        fail(f"--root-path: {exc}")
    checked = Hosting(
        request_timeout=REQUEST_SECONDS if request_timeout is None else request_timeout,
        per_address=(CONNECTIONS_PER_ADDRESS if max_connections_per_address is None
                     else max_connections_per_address),
        uncapped=_check_proxies(forwarded_allow_ips or "127.0.0.1,::1") if proxy_headers else "",
        root_path=prefix, access_log=access_log,
        tables_per_minute=TABLES_PER_MINUTE if tables_per_minute is None else tables_per_minute,
        expire_days=EXPIRE_DAYS if expire_days is None else expire_days,
        expire_finished_days=expire_finished_days, smtp=smtp, public_url=public_url)
    if smtp:
        from ..server.mail import parse_smtp

        try:
            parse_smtp(smtp, public_url)
        except ValueError as exc:
            fail(str(exc))
    days = "a number of days (0: never)"
    _in_range("--request-timeout", checked.request_timeout, 0.1, 3600, "a number of seconds")
    _in_range("--max-connections-per-address", checked.per_address, 0, 100_000, "a whole number (0: no cap)")
    _in_range("--tables-per-minute", checked.tables_per_minute, 0, 100_000, "a whole number (0: no limit)")
    _in_range("--expire-days", checked.expire_days, 0, 100_000, days)
    _in_range("--expire-finished-days", checked.expire_finished_days, 0, 100_000, days)
    return checked


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, bot_delay: float = 0.8,
          workers: int = 1, open_browser: bool = False, away: float = 60.0,
          search_workers: int | None = None, analysis_iterations: int | None = None,
          proxy_headers: bool = False, forwarded_allow_ips: str | None = None, root_path: str = "",
          access_log: bool = False, request_timeout: float | None = None,
          max_connections_per_address: int | None = None, tables_per_minute: int | None = None,
          expire_days: float | None = None, expire_finished_days: float = 0.0, smtp: str = "",
          public_url: str = "", sqlite_sync: str = "full") -> None:
    """Run the web table: a lobby to start tables, live play over websockets, replays. The hosting
    options (``hosting_of``) are in docs/hosting.md."""
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
    from ..server.connections import protocol
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
    hosting = hosting_of(proxy_headers, forwarded_allow_ips, root_path, access_log, request_timeout,
                         max_connections_per_address, tables_per_minute, expire_days, expire_finished_days,
                         smtp, public_url)
    url_db = db or default_db_url()
    if sqlite_sync != "full" and not url_db.startswith("sqlite"):
        fail("--sqlite-sync is for a SQLite database (PostgreSQL has its own synchronous_commit)")
    try:
        store = Store(url_db, sqlite_sync)  # a clear message now for a bad URL; the schema made once, here
        shared = store.is_postgres
        store.close()
        if workers > 1 and not shared:
            fail(f"--workers {workers} needs PostgreSQL (--db postgresql://...): SQLite serves one process")
        app = (create_app(url_db, bot_delay, away_seconds=away, search_workers=search_workers,
                          analysis_iterations=analysis_iterations, hosting=hosting, sqlite_sync=sqlite_sync)
               if workers == 1 else None)
    except LudothequeError as exc:
        fail(str(exc))
    _check_port(host, port)
    shown_host = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    url = f"http://{shown_host}:{port}{hosting.root_path}/"
    console = out()
    console.print(f"[bold]Ludothèque[/] web table: [bold link={url}]{url}[/]", soft_wrap=True)
    processes = f" · {workers} processes" if workers > 1 else ""
    console.print(f"[dim]database {url_db.split('@')[-1]}{processes} · Ctrl-C to stop[/]", soft_wrap=True)
    if open_browser:
        _open_when_ready(url)
    os.environ.update(hosting.to_env())  # for the HTTP protocol, and for every worker (hosting.py)
    # uvicorn trusts X-Forwarded-* from 127.0.0.1 unless told not to: only with --proxy-headers here
    hosted: dict[str, Any] = {"http": protocol(), "proxy_headers": proxy_headers,
                              "forwarded_allow_ips": hosting.uncapped or None}
    if app is not None:
        uvicorn.run(app, host=host, port=port, **UVICORN, **hosted)
    else:  # each worker builds its own app (its own connections, listener and bot leases)
        os.environ[WORKER_DB], os.environ[WORKER_BOT_DELAY] = url_db, str(bot_delay)
        os.environ[WORKER_AWAY] = str(away)
        os.environ[WORKER_ANALYSIS] = str(analysis_iterations)
        if search_workers is not None:
            os.environ[WORKER_SEARCHES] = str(search_workers)
        uvicorn.run("ludotheque.server.app:worker_app", factory=True, host=host, port=port, workers=workers,
                    **UVICORN, **hosted)
