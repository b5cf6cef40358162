"""One language per page (issue 17, item 7), in a real browser: every page of every game — the
lobby (with a refused option), the table while playing (with a refused name, and the rules) and
at the end, the replay, the leaderboard, the player's page and the page of a table that does not
exist — read in French has no English word, read in English no French word, and neither shows a
raw value (``false``, ``{name}``, ``Ω``, "1 cards").

Each page's language is the opposite of the browser's (a French page in an English browser and
the reverse), so that an answer in the browser's language instead of the page's shows up. One
short game per game is played through, in French (its first decisions on the page, the rest over
the API); the English pass reads the same finished table and a new one at its first decision.
The pages are under reduced motion: they are read, not watched."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from typing import Any

import pytest

from .tables import (
    calm,
    create_table,
    foreign_words,
    legal,
    page_codes,
    page_texts,
    play_out,
    version,
)

#: Each game with a short game's players and options, and an option value the server refuses.
GAMES: dict[str, tuple[int, dict[str, Any], tuple[str, str]]] = {
    "gargon": (3, {}, ("amulets", "zz")),
    "drakon": (2, {"goal": 3}, ("goal", "abc")),
    "kagoun": (2, {"max_rounds": 1}, ("max_rounds", "-3")),
}
#: Cards named by the English colour letters (Gargon's W B V R Y G: ``R14``, ``W?``), or a colour
#: by its letter beside its name (``R rouge``, ``W dragon``), which a French page names in words
#: (``rouge 14``): English initials, and French ones collide.
LETTER_CARDS = {"gargon": re.compile(r"(?<![\w-])[WBVRYG](?:1[0-5]|[0-9]|\?)(?![\w?])|(?<![\w-])[WBVRYG] "
                                     r"(?=(blanc|bleu|violet|rouge|jaune|vert|dragon|pégase|gargouille|"
                                     r"phénix|manticore|fée)\b)")}
BROWSER = {"fr": "en-GB", "en": "fr-FR"}  # each page in the language its browser does not speak
SCANNED_MOVES = (0, 2, 6, 20)  # the decisions at which a playing table is read


class Reader:
    """Reads pages in one language and keeps what is foreign on them, page by page."""

    def __init__(self, chromium: Any, open_page: Callable[..., Any], lang: str, game: str = "") -> None:
        self.lang = lang
        self.letters = LETTER_CARDS.get(game) if lang == "fr" else None
        self.page = open_page(chromium, 1366, 768, locale=BROWSER[lang])
        calm(self.page)  # (words, not motion: a page animating repaints every frame)
        self.page.add_init_script(f"localStorage.setItem('ludotheque.lang', '{lang}')")
        self.found: list[str] = []

    def scan(self, where: str) -> None:
        self.found += [f"{where}: {line}" for line in foreign_words(self.page, self.lang)]
        self.found += [f"{where}: code {code}" for code in page_codes(self.page)]  # words, not codes
        if self.letters is not None:
            self.found += sorted({f"{where}: {m.group(0)}: {line}" for line in page_texts(self.page)
                                  for m in self.letters.finditer(line)})

    def lobby(self, base: str, game: str) -> None:
        page = self.page
        page.goto(base + "/")
        page.wait_for_selector("#seat-0")
        page.select_option("#game", game)
        self.scan(f"lobby of {game}")
        page.click("#more-options > summary")  # the expert options, folded at first
        self.scan(f"lobby of {game}, more options")
        name, value = GAMES[game][2]
        page.fill(f"#opt-{name}", value)
        page.click("#create")
        page.wait_for_selector("#form-error:not([hidden])")
        assert page.inner_text("#form-error").strip()
        self.scan(f"lobby of {game}, option refused")

    def claim(self, url: str, base: str, name: str) -> None:
        """Open a seat's link, be refused a blank name, then take one."""
        page = self.page
        page.goto(base + url)
        page.wait_for_selector("#name-input", state="visible")
        page.fill("#name-input", "   ")
        page.click("#name-save")
        page.wait_for_selector("#name-error:not([hidden])")
        self.scan("table, name refused")
        page.fill("#name-input", name)
        page.click("#name-save")
        page.wait_for_selector("#name-form", state="hidden")

    def rules(self, where: str) -> None:
        self.page.click("#rules-button")
        self.page.wait_for_selector("#rules:not([hidden])")
        self.scan(f"{where}, rules")
        self.page.click("#rules .close")

    def play_through(self, game: str, base: str, table: dict[str, Any]) -> None:
        """Play the seat's first action at each decision (a forced one is left to the table for a
        moment: it may play it itself), reading the table now and then; after the last decision
        read, the rest of the game is played over the API, the page away meanwhile (``finished``
        reads the table at its end: drawing each move on the way would read nothing)."""
        page = self.page
        for move in range(2000):
            page.wait_for_function(f"document.querySelector('{PLAYABLE}')"
                                   " || document.body.dataset.terminal === 'true'", timeout=60_000)
            if page.evaluate("document.body.dataset.terminal") == "true":
                return
            if move > max(SCANNED_MOVES):
                page.goto(f"{base}/t/nope")  # away (a page of the site: its scripts read localStorage)
                play_out(base, table)
                return
            if move in SCANNED_MOVES:
                self.scan(f"{game} table, decision {move}")
            before = version(page)
            if len(legal(page)) == 1 and changed(page, before, 3000):
                continue
            try:
                page.click(PLAYABLE, timeout=2000)
            except Exception:  # the table moved on meanwhile (a forced move played for us)
                continue
            changed(page, before, 10_000)
        raise AssertionError(f"{game}: no end after 2000 decisions")

    def finished(self, base: str, game: str, table: dict[str, Any], name: str) -> None:
        """The pages of a finished table and of its player."""
        page = self.page
        page.goto(base + table["seats"][0]["url"])
        page.wait_for_selector("#end:not([hidden])")
        self.scan(f"{game} table at the end")
        self.rules(f"{game} table")
        page.goto(f"{base}/t/{table['id']}/replay")
        page.wait_for_selector("body[data-step]")
        self.scan(f"{game} replay, first step")
        steps = int(page.evaluate("document.body.dataset.steps"))
        for step in sorted({steps // 2, steps}):
            page.goto(f"{base}/t/{table['id']}/replay#step={step}")
            page.reload()
            page.wait_for_selector(f'body[data-step="{step}"]')
            self.scan(f"{game} replay, step {step}")
        page.goto(f"{base}/leaderboard?game={game}")
        page.wait_for_selector(f'#standings[data-game="{game}"]')
        self.scan(f"{game} leaderboard")
        page.goto(f"{base}/players/{name}")
        page.wait_for_selector(f"#games tr[data-table='{table['id']}']")
        self.scan(f"{game} player's page")
        page.goto(f"{base}/t/nope")
        page.wait_for_selector("#not-found")
        self.scan("no such table")


#: A move of the panel that is sent at once (one that asks first, a Kagoun! call that can lose, is not)
PLAYABLE = "#moves [data-action]:not([disabled]):not([data-confirm])"


def changed(page: Any, before: int, timeout_ms: int) -> bool:
    """Whether the table moves past revision ``before`` within ``timeout_ms``."""
    try:
        page.wait_for_function(f"Number(document.body.dataset.version) !== {before}", timeout=timeout_ms)
    except Exception:
        return False
    return True


@pytest.mark.parametrize("game", list(GAMES))
def test_every_page_of_a_game_speaks_one_language(chromium: Any, open_page: Any, base: str,
                                                  game: str) -> None:
    players, options, _ = GAMES[game]
    name = f"Zoé{secrets.token_hex(2)}"
    table = create_table(base, ["human"] + ["bot:heuristic"] * (players - 1), options, game)
    french = Reader(chromium, open_page, "fr", game)
    french.lobby(base, game)
    french.claim(table["seats"][0]["url"], base, name)
    french.rules(f"{game} table")
    french.play_through(game, base, table)
    french.finished(base, game, table, name)

    english = Reader(chromium, open_page, "en")
    english.lobby(base, game)
    fresh = create_table(base, ["human"] + ["bot:heuristic"] * (players - 1), options, game)
    english.claim(fresh["seats"][0]["url"], base, "Ann")
    english.page.wait_for_function(f"document.querySelector('{PLAYABLE}')"
                                   " || document.body.dataset.terminal === 'true'")
    english.scan(f"{game} table, first decision")
    english.finished(base, game, table, name)

    assert french.found == [], "\n".join(french.found)
    assert english.found == [], "\n".join(english.found)
