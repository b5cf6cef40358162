"""A whole game of Kagoun in a real browser (headless Debian chromium, skipped without it): the
human seat plays every decision from the moves panel (each legal action is an element with
data-action="<notation>"), the board draws cards as cards, and the page shows no script error."""

from __future__ import annotations

import re
from typing import Any

import httpx

#: Moves that keep the human in the game (a random Kagoun! call would end it at once).
QUIET = r"(discard|drop|stop|chain|consolidate|scrap|take|defend|clear)"


def test_kagoun_game_played_by_clicking(chromium: Any, live_server: Any) -> None:
    base = str(live_server.url)
    answer = httpx.post(f"{base}/api/tables", json={
        "game": "kagoun", "options": {"players": 2}, "seats": ["human", "bot:heuristic"]})
    assert answer.status_code == 201, answer.text
    url = next(s["url"] for s in answer.json()["seats"] if s["kind"] == "human")
    context = chromium.new_context(viewport={"width": 1366, "height": 900})
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url if url.startswith("http") else base + url)
    page.wait_for_function("document.body.dataset.version !== undefined")
    page.wait_for_selector(".k-board .k-card")
    assert page.locator(".k-card .k-half").count() > 0  # halves drawn by colour
    turns = 0
    while True:
        page.wait_for_function("document.querySelector('[data-action]:not([disabled])')"
                               " || document.body.dataset.terminal === 'true'")
        if page.evaluate("document.body.dataset.terminal") == "true":
            break
        actions = page.eval_on_selector_all("[data-action]:not([disabled])",
                                            "els => els.map(e => e.dataset.action)")
        good = [a for a in actions if re.match(QUIET, a)]
        choice = good[turns % len(good)] if good and turns % 3 else actions[turns % len(actions)]
        before = int(page.evaluate("document.body.dataset.version"))
        page.click(f'[data-action="{choice}"]')
        page.wait_for_function(f"Number(document.body.dataset.version) > {before}"
                               " || document.body.dataset.terminal === 'true'")
        turns += 1
        assert turns < 600, "the game does not end"
    context.close()
    assert not errors, errors
