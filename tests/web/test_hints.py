"""A hint asked for at the table in a real browser (issue 18 item 5): the Hint button shows at a
table with hints, for the person to act; the search's move is named in the page's language with
its win chance, and marked in the moves panel."""

from __future__ import annotations

from typing import Any

import httpx


def test_a_hint_is_asked_for_and_shown_in_french(chromium: Any, open_page: Any, base: str) -> None:
    created = httpx.post(f"{base}/api/tables", json={
        "game": "kagoun", "options": {"players": 2}, "seats": ["human", "bot:heuristic"], "hints": True})
    assert created.status_code == 201, created.text
    page = open_page(chromium, 1366, 768, locale="fr-FR")
    page.goto(base + created.json()["seats"][0]["url"])
    page.wait_for_function("document.body.dataset.myTurn === 'true'"
                           " && window.ludotheque.view().legal.length > 1", timeout=30_000)
    button = page.locator("#hint")
    assert button.is_visible() and button.inner_text().strip() == "Conseil"
    button.click()
    page.wait_for_function("document.getElementById('hint-text').textContent.includes('jouerait')",
                           timeout=30_000)
    text = page.inner_text("#hint-text")
    assert "Le robot chercheur jouerait" in text and "%" in text
    hinted = page.locator("#moves .move.hinted")
    assert hinted.count() == 1
    legal = {e["action"] for e in page.evaluate("window.ludotheque.view().legal")}
    assert hinted.get_attribute("data-action") in legal
    assert button.is_disabled()  # one hint a position


def test_no_hint_button_at_a_table_without_hints(chromium: Any, open_page: Any, base: str) -> None:
    created = httpx.post(f"{base}/api/tables", json={
        "game": "kagoun", "options": {"players": 2}, "seats": ["human", "bot:heuristic"]})
    page = open_page(chromium, 1366, 768)
    page.goto(base + created.json()["seats"][0]["url"])
    page.wait_for_function("document.body.dataset.myTurn === 'true'", timeout=30_000)
    assert not page.locator("#hint").is_visible()
