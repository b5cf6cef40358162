"""The pages under the server's Content-Security-Policy (server/headers.py), in Chromium: the
lobby, a live table of each game (its socket connected, a move played), a replay, a lesson, the
leaderboard and a player's page report no violation of the policy. Every browser test also fails
on one (``open_page`` in tests/conftest.py listens for them); this one visits each kind of page."""

from __future__ import annotations

from typing import Any

import httpx

from ludotheque.server.headers import PAGE_POLICY

from .tables import DECISION_OR_END, calm, create_table, wait_over

#: Each violation the page reports, as the event says it (also logged on the console).
LISTEN = """window.__violations = [];
document.addEventListener('securitypolicyviolation',
    (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));"""


def violations(page: Any) -> list[str]:
    return list(page.evaluate("window.__violations"))


def test_every_kind_of_page_works_under_the_policy(chromium: Any, open_page: Any, base: str) -> None:
    # a short game (Kagoun's round cap) to replay: the kind of page, not the length of the game
    finished = create_table(base, ["bot:random"] * 3, {"max_rounds": 3}, game="kagoun")["id"]
    assert httpx.get(f"{base}/").headers["content-security-policy"] == PAGE_POLICY
    page = open_page(chromium, 1366, 900)
    calm(page)
    page.add_init_script(LISTEN)
    page.add_init_script("localStorage.setItem('ludotheque.name', 'Zoé')")
    page.goto(f"{base}/")
    page.wait_for_selector("#seat-0")
    assert violations(page) == []
    for game in ("gargon", "drakon", "kagoun"):
        table = create_table(base, ["human", "bot:random", "bot:random"], {"first_player": 0}, game=game)
        page.goto(base + table["seats"][0]["url"])
        page.wait_for_selector('#status[data-status="connected"]')  # its socket: 'self' covers ws:
        page.wait_for_function(DECISION_OR_END)
        before = int(page.evaluate("document.body.dataset.version"))
        page.locator("[data-action]:not([disabled]):not([data-confirm])").first.click()
        page.wait_for_function(f"Number(document.body.dataset.version) > {before}")  # the socket's update
        page.click("#rules-button")  # the rules panel: the game's own text, set as HTML
        assert violations(page) == [], game
    wait_over(base, finished)
    for path, ready in [(f"/t/{finished}/replay#step=5", 'body[data-step="5"]'),
                        ("/learn/gargon", "body[data-step]"),
                        ("/leaderboard?game=gargon", "#standings[data-game='gargon']"),
                        ("/players/Zo%C3%A9", "#player-title:not(:empty)")]:
        page.goto(base + path)
        page.wait_for_selector(ready)
        assert violations(page) == [], path
