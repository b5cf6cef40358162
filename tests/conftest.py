"""Fixtures shared across test folders: a real ``ludotheque serve`` process on loopback, and
Debian's chromium driven by Playwright (never a downloaded browser), with the live server's
address and pages that fail the test on any JavaScript error."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest

from ludotheque.server.process import ServerProcess

# pytest-xdist's workers inherit a terminal's size (LINES, COLUMNS) that a piped command does
# not have: the terminal game would then page its screens as on a terminal
if os.environ.get("PYTEST_XDIST_WORKER"):
    os.environ.pop("LINES", None)
    os.environ.pop("COLUMNS", None)


@pytest.fixture
def start_server(tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    """Factory: ``start_server(db_url, bot_delay=0.0, workers=1, away=60.0)`` starts a server stopped
    after the test (each with its own log file in the test's folder)."""
    started: list[ServerProcess] = []

    def start(db_url: str, bot_delay: float = 0.0, workers: int = 1, away: float = 60.0) -> ServerProcess:
        log = tmp_path / f"server{len(started)}.log"
        server = ServerProcess(db_url, bot_delay, log, workers, away).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()
    for server in started:  # whatever a test sent, the server said nothing of a bug
        log = server.log_path.read_text(errors="replace") if server.log_path else ""
        assert "Traceback" not in log and "ERROR" not in log, log[-3000:]


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for a whole session (browser tests), with a short bot delay."""
    folder = tmp_path_factory.mktemp("live")
    server = ServerProcess(f"sqlite:///{folder / 'tables.db'}", 0.05, folder / "server.log").start()
    yield server
    server.stop()
    log = (folder / "server.log").read_text(errors="replace")
    assert "Traceback" not in log and "ERROR" not in log, log[-3000:]


#: Debian's Chromium, the browser (package chromium), for what only a person's browser does: the
#: back-forward cache, which its headless shell does not keep.
CHROMIUM_BROWSER = Path("/usr/bin/chromium")
#: The rest runs in its headless shell (package chromium-headless-shell: the same Blink and V8
#: without the browser's windows and its own pages; what Playwright runs headless by default)
#: where it is installed, as .ci/services does: a fifth less CPU for the same pages (49 against
#: 61 s for Gargon's board file, 269 against 341 s for all the browser tests).
CHROMIUM = next((path for path in (Path("/usr/bin/chromium-headless-shell"), CHROMIUM_BROWSER)
                 if path.exists()), CHROMIUM_BROWSER)


def chromium_missing(path: Path) -> str:
    package = "chromium" if path == CHROMIUM_BROWSER else "chromium-headless-shell"
    return f"{path} is missing (apt-get install {package}); no browser is ever downloaded"


def browser_unavailable(reason: str) -> NoReturn:
    """Skip (the test, or the module when called at its top), or fail when CI demands the browser
    (LUDOTHEQUE_REQUIRE_BROWSER=1)."""
    if os.environ.get("LUDOTHEQUE_REQUIRE_BROWSER") == "1":
        pytest.fail(f"LUDOTHEQUE_REQUIRE_BROWSER=1 but {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=True)

#: Chromium features off: Playwright's own list (1.65, ``chromiumSwitches.ts``: a later
#: ``--disable-features`` replaces it, so it is given again here), and the address bar's two
#: popups, which headless Chromium 156 draws as web pages of their own in every context
#: (``chrome://omnibox-popup.top-chrome/``, and ``.../omnibox_popup_aim.html``): about a fifth of
#: the browser's CPU in a browser test file, for a bar no test sees
#: (tests/web/test_browser.py::test_the_test_browser_draws_nothing_but_the_pages_it_is_given).
DISABLED_FEATURES = [
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect", "OptimizationHints",
    "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch",
    "WebUIOmniboxPopup", "WebUIOmniboxAimPopup",
]
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 f"--disable-features={','.join(DISABLED_FEATURES)}"]


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """Headless Debian chromium; skipped without it, unless LUDOTHEQUE_REQUIRE_BROWSER=1 (CI).
    One per test process, started by the first test that asks (Playwright's sync API allows one
    running instance per process, and its driver and the browser cost about a second of CPU to
    start); each test's pages are closed after it."""
    reason = None
    if not CHROMIUM.exists():
        reason = chromium_missing(CHROMIUM)
    try:
        from playwright import sync_api
    except ImportError:
        reason = "Playwright for Python is not installed (pip install playwright)"
    if reason is not None:
        browser_unavailable(reason)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def _event_loop_free_of_playwright(request: pytest.FixtureRequest) -> Iterator[None]:
    """Between its calls, Playwright's sync API leaves its event loop marked as this thread's
    running loop (the loop waits in a greenlet; Playwright marks it again after each call), and
    ``asyncio.run`` refuses to start beside a running loop: a test that does not use the browser
    runs with no loop marked (its function-scoped fixtures too; a module-scoped fixture is set up
    before this one, so it must not run an event loop of its own in this thread)."""
    parked = asyncio._get_running_loop()
    if parked is None or "chromium" in request.fixturenames:
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(parked)


#: How long a browser test waits for what it expects. A Gargon play chosen on the board after a
#: whole game on the same server was seen to take 15-17 s to come back on a busy 2-core machine
#: (at 40e57ab too: noticed in issue 31, not explained yet); a wait is not a speed limit.
TIMEOUT_MS = 30_000


@pytest.fixture(scope="module")
def base(live_server: Any) -> str:
    return str(live_server.url)


def compiled_once(predicate: str) -> str:
    """A ``wait_for_function`` predicate (an expression, or a function of ``arg``) as one function.

    The pages' Content-Security-Policy forbids ``eval`` (server/headers.py), and Playwright
    evaluates an expression predicate again with ``eval`` at each poll (only its first evaluation,
    driven by the browser's protocol, is exempt): as a function, it is evaluated once and called."""
    return f"(arg) => {{ const r = (\n{predicate}\n); return typeof r === 'function' ? r(arg) : r; }}"


#: How often a ``wait_for_function`` looks again unless told (milliseconds). Playwright's default
#: looks at every animation frame, which keeps Chromium producing frames as long as the wait lasts
#: (about a tenth of a core, measured while a whole game waits).
POLL_DEFAULT_MS = 50


def _predicates_compiled_once() -> None:
    """Every page's and frame's ``wait_for_function`` (whoever made the page) polls a function,
    every POLL_DEFAULT_MS unless the caller says otherwise."""
    try:
        from playwright.sync_api import Frame, Page
    except ImportError:
        return
    for kind in (Page, Frame):
        def wait_for_function(self: Any, expression: str, *args: Any, _wait: Any = kind.wait_for_function,
                              **kwargs: Any) -> Any:
            kwargs.setdefault("polling", POLL_DEFAULT_MS)
            return _wait(self, compiled_once(expression), *args, **kwargs)
        kind.wait_for_function = wait_for_function  # type: ignore[method-assign]


_predicates_compiled_once()


@pytest.fixture
def open_page() -> Iterator[Callable[..., Any]]:
    """``open_page(browser, width, height, locale)``: a new page in its own context; every page
    opened is closed after the test, which fails if any of them raised a JavaScript error or
    had something refused by the server's Content-Security-Policy."""
    contexts: list[Any] = []
    errors: list[str] = []
    refused: list[str] = []  # what the server's Content-Security-Policy blocked (server/headers.py)

    def open_(browser: Any, width: int = 1366, height: int = 768, locale: str = "en-GB") -> Any:
        context = browser.new_context(viewport={"width": width, "height": height}, locale=locale)
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda message: refused.append(message.text)
                if "Content Security Policy" in message.text else None)
        return page

    yield open_
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
    assert not refused, f"the Content-Security-Policy refused: {refused}"



def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The longest files first (as a run measured them: tests/durations.py), each file's tests in
    their own order: ``make test`` hands whole files to pytest-xdist's workers in this order
    (``--no-loadscope-reorder``), so that no worker is left alone on a long file at the end."""
    took = json.loads(Path(__file__).with_name("durations.json").read_text())
    root = Path(config.rootpath)
    items.sort(key=lambda item: -took.get(item.path.relative_to(root).as_posix(), 1.0))  # (stable)
