"""The leaderboard page in a real browser: the ratings of a game's finished tables, in French."""

from __future__ import annotations

import secrets
from typing import Any

from .tables import create_table, finish_people


def test_the_leaderboard_lists_a_finished_games_players_in_french(chromium: Any, base: str,
                                                                 open_page: Any) -> None:
    """A game of two people from two clients (names from addresses of their own: uvicorn takes
    a loopback client's X-Forwarded-For) and two bots counts; the bots stand at their levels."""
    people = [f"Ann {secrets.token_hex(2)}", f"Bob {secrets.token_hex(2)}"]
    table = create_table(base, ["human", "human", "bot:random", "bot:heuristic"])
    finish_people(base, table, {0: (people[0], "127.0.0.11"), 1: (people[1], "127.0.0.12")}, claim=True)
    page = open_page(chromium, locale="fr-FR")
    page.goto(f"{base}/")
    page.click("#to-leaderboard")
    page.wait_for_function("document.querySelectorAll('#board-game option').length >= 3")
    page.select_option("#board-game", "gargon")
    page.wait_for_selector("#standings[data-game='gargon'] tbody tr")  # (not the first game's)
    names = page.eval_on_selector_all("#standings tbody tr", "rows => rows.map(r => r.dataset.name)")
    bots = page.eval_on_selector_all("#bot-standings tbody tr", "rows => rows.map(r => r.dataset.name)")
    assert bots == ["Robot heuristique", "Robot aléatoire"]  # their fixed levels, best first
    assert set(people) <= set(names) and not any(name.startswith("Robot") for name in names)
    assert page.inner_text("#board-title") == "Classement"
    assert page.locator("#no-standings").is_hidden()
