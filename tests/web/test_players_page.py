"""A player's page in a real browser: after a game finished under a name, the lobby's "My games"
(and the leaderboard's name) open the list of that name's games, in French, with a replay link
that works; a name without games, or one nobody could take, says so in words."""

from __future__ import annotations

import secrets
from typing import Any
from urllib.parse import quote

import pytest

from .tables import create_table, english_words, finish_people

#: The names of the game played for this file: no other test plays under them. ".." (a dot
#: segment browsers resolve even encoded) and a name holding "/", "?", "#", "%" test the links.
ZOE = f"Zoé {secrets.token_hex(3)}"
ODD_NAMES = ["..", f"a/b?c#d%e {secrets.token_hex(2)}"]


@pytest.fixture(scope="module")
def finished(base: str) -> str:
    """One table where each name (claimed, from an address of its own) sits beside a bot, played
    to the end: a game the leaderboard counts and lists under every name. Returns its id (the
    tests only read it: one game serves them all, rather than one game a name)."""
    table = create_table(base, ["human", "bot:random", "human", "human"], {"players": 4})
    names = {0: (ZOE, "127.0.0.7"), 2: (ODD_NAMES[0], "127.0.0.8"), 3: (ODD_NAMES[1], "127.0.0.9")}
    return finish_people(base, table, names, claim=True)


def test_my_games_lists_a_finished_game_in_french_with_its_replay(chromium: Any, open_page: Any,
                                                                 base: str, finished: str) -> None:
    name, table = ZOE, finished
    page = open_page(chromium, locale="fr-FR")
    page.add_init_script(f"localStorage.setItem('ludotheque.name', {name!r})")
    page.goto(f"{base}/")
    page.click("#to-my-games")
    page.wait_for_selector(f"#games tr[data-table='{table}']")
    assert page.evaluate("decodeURIComponent(location.pathname)") == f"/players/{name}"
    assert page.inner_text("#player-title") == f"Parties de {name}"
    row = page.locator(f"#games tr[data-table='{table}']")
    assert row.locator(".me").inner_text().startswith(name)  # the player's own seat stands out
    assert "Robot aléatoire" in row.inner_text() and "Gargon" in row.inner_text()
    assert row.locator("td").nth(3).inner_text() in ("Gagné", "Perdu")
    assert page.locator("#no-games").is_hidden() and page.locator("#more-games").is_hidden()
    assert english_words(page) == []
    page.select_option("#player-game", "drakon")  # the filter: no game of Drakon under this name
    page.wait_for_selector("#no-games:not([hidden])")
    assert page.inner_text("#no-games") == "Aucune partie terminée sous ce nom pour l'instant."
    assert english_words(page) == []
    page.select_option("#player-game", "")
    page.wait_for_selector(f"#games tr[data-table='{table}']")
    row.locator("a").click()  # the replay
    page.wait_for_selector("body[data-steps]")
    assert page.evaluate("location.pathname") == f"/t/{table}/replay"
    assert int(page.evaluate("document.body.dataset.steps")) > 0
    # the leaderboard's name opens the same page
    page.goto(f"{base}/leaderboard?game=gargon")
    page.click(f"#standings a[href='/players/{quote(name, safe='')}']")
    page.wait_for_selector(f"#games tr[data-table='{table}']")


def test_a_name_without_games_and_a_bad_name_say_so_in_french(chromium: Any, open_page: Any,
                                                              base: str) -> None:
    page = open_page(chromium, locale="fr-FR")
    page.goto(f"{base}/players/{quote('Personne ' + secrets.token_hex(3))}")
    page.wait_for_selector("#no-games:not([hidden])")
    assert page.locator("#games tbody tr").count() == 0 and english_words(page) == []
    page.goto(f"{base}/players/{'x' * 30}")
    page.wait_for_selector("#games-error:not([hidden])")
    assert "pas un nom" in page.inner_text("#games-error") and english_words(page) == []
    page.goto(f"{base}/")
    page.wait_for_selector("#seat-0")
    assert page.locator("#to-my-games").is_hidden()  # no name remembered: no "My games"


def test_the_leaderboard_links_any_name_to_its_page(chromium: Any, open_page: Any, base: str,
                                                    finished: str) -> None:
    """".." (a dot segment browsers resolve even encoded) and a name holding "/", "?", "#", "%"
    reach their own page from the leaderboard (the link once led ".." to "/")."""
    page = open_page(chromium, locale="fr-FR")
    for name in ODD_NAMES:
        page.goto(f"{base}/leaderboard?game=gargon")
        page.get_by_role("link", name=name, exact=True).click()
        page.wait_for_selector(f"#games tr[data-table='{finished}']")
        assert page.inner_text("#player-title") == f"Parties de {name}"
    page.goto(f"{base}/")
