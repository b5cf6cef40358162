"""A hint asked for at the table in a real browser (issue 18 item 5): the Hint button shows at a
table with hints, for the person to act; the search's move is named in the page's language with
its win chance, and marked in the moves panel and on the board until the position changes."""

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
    action = hinted.get_attribute("data-action")
    assert action in legal
    assert button.is_disabled()  # one hint a position
    # on the board too: what sends the move, or (a move made of several clicks) what starts it
    marked = page.eval_on_selector_all(
        "#board .hinted", "els => els.map(e => e.dataset.move || e.dataset.hand || e.dataset.pick || '')")
    whole = page.locator(f"#board [data-move='{action}']").count()
    if whole:
        assert marked == [action] * whole
    else:
        assert marked and all(m and m in action for m in marked), marked
    version = int(page.evaluate("document.body.dataset.version"))
    hinted.click()  # the position changes: the marks go
    page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
    assert page.locator("#board .hinted, #moves .hinted").count() == 0


def test_no_hint_button_at_a_table_without_hints(chromium: Any, open_page: Any, base: str) -> None:
    created = httpx.post(f"{base}/api/tables", json={
        "game": "kagoun", "options": {"players": 2}, "seats": ["human", "bot:heuristic"]})
    page = open_page(chromium, 1366, 768)
    page.goto(base + created.json()["seats"][0]["url"])
    page.wait_for_function("document.body.dataset.myTurn === 'true'", timeout=30_000)
    assert not page.locator("#hint").is_visible()
