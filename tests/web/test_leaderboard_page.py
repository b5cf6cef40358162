"""The leaderboard page in a real browser: the ratings of a game's finished tables, in French."""

from __future__ import annotations

import time
from typing import Any

import httpx


def test_the_leaderboard_lists_a_finished_games_players_in_french(chromium: Any, base: str,
                                                                 open_page: Any) -> None:
    body = {"game": "gargon", "options": {}, "seats": ["bot:random", "bot:heuristic", "bot:random"]}
    table = httpx.post(f"{base}/api/tables", json=body).json()["id"]
    deadline = time.monotonic() + 120
    while not httpx.get(f"{base}/api/tables/{table}").json()["terminal"]:
        assert time.monotonic() < deadline, "the bots' game does not end"
        time.sleep(0.5)
    page = open_page(chromium, locale="fr-FR")
    page.goto(f"{base}/")
    page.click("#to-leaderboard")
    page.wait_for_function("document.querySelectorAll('#board-game option').length >= 3")
    page.select_option("#board-game", "gargon")
    page.wait_for_selector("#standings[data-game='gargon'] tbody tr")  # (not the first game's)
    names = page.eval_on_selector_all("#standings tbody tr", "rows => rows.map(r => r.dataset.name)")
    bots = [name for name in names if name.startswith("Robot")]  # (other tests rate people too)
    assert bots == ["Robot heuristique", "Robot aléatoire"]  # their fixed levels, best first
    assert page.inner_text("#board-title") == "Classement"
    assert page.locator("#no-standings").is_hidden()
