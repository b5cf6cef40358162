"""Helpers the browser tests share: tables made and watched over HTTP, and what a page shows."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx


def create_table(base: str, seats: list[str], options: dict[str, Any] | None = None,
                 game: str = "gargon") -> dict[str, Any]:
    """A table of ``game`` (the API's answer: id, seat links, spectator link)."""
    answer = httpx.post(f"{base}/api/tables", json={"game": game, "options": options or {}, "seats": seats})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def wait_over(base: str, table_id: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if httpx.get(f"{base}/api/tables/{table_id}").json()["terminal"]:
            return
        time.sleep(0.2)
    raise AssertionError(f"table {table_id} did not finish in {timeout} s")


def version(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.version || '-1'"))


def wait_turn_or_end(page: Any) -> bool:
    """Wait until the seat has something to do (True) or the game is over (False)."""
    page.wait_for_function("document.querySelector('[data-action]:not([disabled])')"
                           " || document.body.dataset.terminal === 'true'")
    return page.evaluate("document.body.dataset.terminal") != "true"


def legal(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)"))


ENGLISH = re.compile(r"\b(Seat|Waiting|Random|random|Heuristic|heuristic|bot|Your|name|Sound|turn|Take|Step|"
                     r"Replay|Players|Moves|Spectator|Connected|Change|the|and|of|to|is|your|players|with)\b")


def english_words(page: Any, where: str = "body") -> list[str]:
    """The English words on the page (or in ``where``), each with the line it is on."""
    return sorted({f"{word}: {line}" for line in page.inner_text(where).splitlines()
                   for word in ENGLISH.findall(line)})
