"""What the browser tests share: the live server's address and pages that fail the test on any
JavaScript error."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

TIMEOUT_MS = 15_000


@pytest.fixture(scope="module")
def base(live_server: Any) -> str:
    return str(live_server.url)


@pytest.fixture
def open_page() -> Iterator[Callable[..., Any]]:
    """``open_page(browser, width, height)``: a new page in its own context; every page opened
    is closed after the test, which fails if any of them raised a JavaScript error."""
    contexts: list[Any] = []
    errors: list[str] = []

    def open_(browser: Any, width: int = 1366, height: int = 768, locale: str = "en-GB") -> Any:
        context = browser.new_context(viewport={"width": width, "height": height}, locale=locale)
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield open_
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
