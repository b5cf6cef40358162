"""The web table in a real browser (headless Chromium driven by Playwright): a game from the lobby
played by clicking (each way of playing, the rest over the API) to its end, what a second seat can
see, languages, reconnection, the replay page and the phone layout.

Debian's chromium is used through ``executable_path`` (no browser is ever downloaded). Without it the
module's tests are skipped, unless LUDOTHEQUE_REQUIRE_BROWSER=1 (CI) makes that a failure.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import httpx
import pytest

from .tables import (
    ANIMATED_DECISIONS,
    DECISION_OR_END,
    POLL_MS,
    calm,
    create_table,
    legal,
    play_out,
    version,
    wait_over,
    wait_turn_or_end,
)

TIMEOUT_MS = 15_000


# -- fixtures -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def browser(chromium: Any) -> Any:
    return chromium



@pytest.fixture(scope="module")
def bots_table(base: str) -> str:
    """A table of three bots, started early so that it is over when the replay test needs it."""
    return str(create_table(base, ["bot:random"] * 3)["id"])


@pytest.fixture
def page(browser: Any, open_page: Any) -> Any:
    """A page under reduced motion: the tests that take it are not about motion (the whole game's
    first decisions and the second seat's try the animations), and a page animating (the pulse of
    the seat to act, cards fading in) repaints every frame."""
    page = open_page(browser, 1366, 768)
    calm(page)
    return page


# -- helpers ------------------------------------------------------------------------------------

def record_scores(base: str, table_id: str) -> list[float]:
    answer = httpx.get(f"{base}/api/tables/{table_id}/record")
    assert answer.status_code == 200, answer.text
    return [float(s) for s in answer.json()["result"]["scores"]]


def wait_view(page: Any) -> None:
    page.wait_for_function("document.body.dataset.version !== undefined")


def hand(page: Any, seat: int) -> list[str]:
    return list(page.eval_on_selector_all(
        f'[data-zone="hand"][data-seat="{seat}"] .card', "els => els.map(e => e.dataset.card)"))


def click_and_wait(page: Any, selector: str) -> None:
    """Click, then wait for the next view (the server accepted the action: the version moves on)."""
    before = version(page)
    page.click(selector)
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")


def play_turn(page: Any, turn: int, ways: dict[str, int]) -> None:
    """One decision, taken the ways a person would: plays by selecting cards then confirming, draws
    by clicking a pile, colours by clicking them, and the moves panel for the rest."""
    actions = legal(page)
    if not actions:
        return  # the table played this seat's only choice meanwhile (server/played.py)
    plays = [a for a in actions if a.startswith("play ")]
    if plays and (turn % 4 == 0 or "pass" not in actions):
        cards = plays[turn % len(plays)].split()[1:]
        for card in cards:  # the same card twice (two 0s) takes two distinct card buttons
            page.click(f'.g-me [data-zone="hand"] button.card[data-card="{card}"][aria-pressed="false"]')
        click_and_wait(page, "#play-selected")
        ways["select"] += 1
    elif "pass" in actions:
        click_and_wait(page, '[data-action="pass"]')
        ways["panel"] += 1
    elif any(a.startswith("draw ") for a in actions):
        draws = [a for a in actions if a.startswith("draw ")]
        pile = draws[turn % len(draws)]
        click_and_wait(page, f'button.g-pile[data-move="{pile}"]')
        ways["pile"] += 1
    elif any(a.startswith("battle ") for a in actions):
        colour = [a for a in actions if a.startswith("battle ")][-1]
        where = f'.colour-choice[data-move="{colour}"]' if turn % 2 else f'[data-action="{colour}"]'
        click_and_wait(page, where)
        ways["colour"] += 1
    else:
        click_and_wait(page, f'[data-action="{actions[0]}"]')
        ways["panel"] += 1


def wait_any_turn(pages: list[Any], timeout: float = TIMEOUT_MS / 1000) -> Any:
    """The page whose seat is to act (its actions are on screen), or None once the game is over."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for p in pages:
            if p.evaluate(f"({DECISION_OR_END})() && document.body.dataset.terminal !== 'true'"):
                return p
        if pages[0].evaluate("document.body.dataset.terminal") == "true":
            return None
        time.sleep(POLL_MS / 1000)
    raise AssertionError("neither seat got a turn")


def totals_shown(page: Any) -> list[float]:
    cells = page.eval_on_selector_all("#scores tr.totals-row td", "els => els.map(e => e.textContent)")
    return [float(x) for x in cells]


def no_horizontal_overflow(page: Any) -> bool:
    return bool(page.evaluate(
        "document.documentElement.scrollWidth <= innerWidth && document.body.scrollWidth <= innerWidth"))


# -- the tests ----------------------------------------------------------------------------------

def test_the_test_browser_draws_nothing_but_the_pages_it_is_given(browser: Any) -> None:
    """No page of Chromium's own (its address bar's popups: conftest.DISABLED_FEATURES) beside a
    test's pages: each costs CPU in every context a test opens. Fails when a Chromium update
    brings one back under another name. Chromium may open them a moment after the context, so
    they are looked for during 2 s."""
    context = browser.new_context()
    session = browser.new_browser_cdp_session()
    try:
        context.new_page().goto("data:text/html,<p>a page</p>")
        deadline = time.monotonic() + 2.0
        while True:
            kinds = [(t["type"], t["url"]) for t in session.send("Target.getTargets")["targetInfos"]]
            if any(kind != "page" for kind, _ in kinds) or time.monotonic() > deadline:
                break
            time.sleep(0.2)
    finally:
        session.detach()
        context.close()
    assert [k for k in kinds if k[0] != "page"] == [], kinds
    assert ("page", "data:text/html,<p>a page</p>") in kinds


#: The decisions the lobby's game clicks at least, and until each way of playing was clicked; the
#: rest of the game is played over the API with the page away (a page following a Gargon game
#: costs Chromium about 60 ms of CPU a move): tests/games/gargon/test_browser.py follows two whole
#: games to their end, every decision clicked.
CLICKED_DECISIONS = 12


def test_lobby_table_with_bots_played_by_clicking_each_way_then_to_its_end(
        browser: Any, open_page: Any, base: str, bots_table: str) -> None:
    page = open_page(browser, 1366, 768)  # its animations on, for the first decisions
    page.goto(base + "/")
    page.select_option("#game", "gargon")
    page.fill("#opt-players", "3")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "bot:random")
    page.select_option("#seat-2", "bot:heuristic")
    page.click("#create")  # the only person at the table goes straight to their seat
    page.wait_for_url("**/t/*#token=*")
    table_id = page.evaluate("location.pathname").split("/")[2]
    remembered = page.evaluate("JSON.parse(localStorage.getItem('ludotheque.mine')).map(e => e.id)")
    assert table_id in remembered  # listed under "Your tables" in the lobby
    wait_view(page)
    assert page.evaluate("document.body.dataset.seat") == "0"

    ways = {"select": 0, "pile": 0, "colour": 0, "panel": 0}
    turn = 0
    while wait_turn_or_end(page):
        play_turn(page, turn, ways)
        turn += 1
        assert turn < 400, "the game does not end"
        if turn == ANIMATED_DECISIONS:  # the animations tried: the rest of the game without them
            calm(page)
        if turn >= CLICKED_DECISIONS and ways["select"] and ways["pile"] and ways["panel"]:
            seat_url = page.url  # every way clicked: the rest over the API, then back to the seat
            page.goto(f"{base}/t/nope")
            seat = {"seat": 0, "kind": "human", "url": "#token=" + seat_url.split("#token=")[1]}
            play_out(base, {"id": table_id, "seats": [seat]})
            page.goto(seat_url)
            break
    assert ways["select"] and ways["pile"] and ways["panel"], ways

    page.wait_for_selector("#end:not([hidden])")
    assert totals_shown(page) == record_scores(base, table_id)
    assert page.locator("#scores .winners").inner_text().strip()
    assert legal(page) == []  # nothing to click once the game is over
    # play again: a new table with the same seats, this seat's own link
    page.click("#play-again")
    page.wait_for_function(f"!location.pathname.includes('{table_id}')")
    wait_view(page)
    assert page.evaluate("document.body.dataset.terminal") == "false"
    assert page.evaluate("document.body.dataset.seat") == "0"


def test_second_seat_never_sees_first_seat_hidden_values(browser: Any, base: str) -> None:
    table = create_table(base, ["human", "human", "bot:random"])
    pages, frames = [], []
    for seat in (0, 1):
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        context.set_default_timeout(TIMEOUT_MS)
        p = context.new_page()
        if seat == 1:  # everything seat 1's socket receives
            p.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
        p.goto(base + table["seats"][seat]["url"])
        wait_view(p)
        pages.append(p)
    a, b = pages
    ways = {"select": 0, "pile": 0, "colour": 0, "panel": 0}
    try:
        for turn in range(16):
            mover = wait_any_turn(pages)
            if mover is None:
                break
            other = b if mover is a else a
            other.wait_for_function(f"document.body.dataset.version === '{version(mover)}'")
            secret = [c for c in hand(a, 0) if not c.endswith("?") and not c.endswith("0")]
            assert secret or turn > 0, "seat 0 sees its own hand values"
            # on seat 1's page, seat 0's hand is only backs ...
            backs = hand(b, 0)
            assert all(c.endswith("?") for c in backs) and len(backs) == len(hand(a, 0)), backs
            assert b.locator('[data-seat="0"] [data-zone="hand"] .card[data-face="up"]').count() == 0
            # ... and none of seat 0's values appears anywhere: page text, card elements, socket
            text = b.inner_text("body")
            shown = set(b.eval_on_selector_all(".card", "els => els.map(e => e.dataset.card)"))
            for card in secret:
                token = re.compile(rf"\b{card}\b")
                assert card not in shown and not token.search(text), card
                assert not any(token.search(f) for f in frames), card
            play_turn(mover, turn, ways)
            if turn + 1 == ANIMATED_DECISIONS:  # the animations tried: the rest without them
                for p in pages:
                    calm(p)
    finally:
        for p in pages:
            p.context.close()
    assert frames


def test_language_switch_changes_shell_and_game_words(page: Any, base: str) -> None:
    table = create_table(base, ["human", "bot:random", "bot:random"])
    page.goto(base + table["seats"][0]["url"])
    wait_view(page)
    page.click('.lang-toggle button[data-lang="en"]')
    page.wait_for_function("window.ludotheque.view().lang === 'en'")
    assert page.inner_text("#moves-title") == "Moves"
    assert page.inner_text("#rules-button") == "Rules"
    seats_en = page.inner_text("#seats")

    page.click('.lang-toggle button[data-lang="fr"]')
    page.wait_for_function("window.ludotheque.view().lang === 'fr'")  # the server re-sent the view
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.inner_text("#moves-title") == "Coups"
    assert page.inner_text("#rules-button") == "Règles"
    assert page.inner_text("#seats") != seats_en  # seat names and marks from the French view
    page.click("#rules-button")
    assert "Les cartes" in page.inner_text("#rules")
    page.click("#rules .close")
    assert page.locator("#rules").is_hidden()

    page.reload()  # the choice is remembered
    page.wait_for_function("window.ludotheque?.view()?.lang === 'fr'")
    assert page.inner_text("#log-title") == "Journal"
    page.click('.lang-toggle button[data-lang="en"]')
    page.wait_for_function("window.ludotheque.view().lang === 'en'")
    assert page.inner_text("#log-title") == "Log"


def test_selection_that_is_no_legal_play_is_explained_not_sent(page: Any, base: str) -> None:
    table = create_table(base, ["human", "bot:random", "bot:random"], {"first_player": 0})
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(str(f))))
    page.goto(base + table["seats"][0]["url"])
    assert wait_turn_or_end(page)
    assert any('"type":"hello"' in f for f in sent)
    page.click('.lang-toggle button[data-lang="en"]')
    before = version(page)
    for index in range(4):
        page.click(f'.g-me [data-zone="hand"] button.card[data-index="{index}"]')
    assert page.locator('.g-me button.card[aria-pressed="true"]').count() == 4
    page.click("#play-selected")
    assert "one to three cards" in page.inner_text("#notice")
    page.click('.lang-toggle button[data-lang="fr"]')  # the explanation follows the language
    page.click("#play-selected")
    assert "une à trois cartes" in page.inner_text("#notice")
    assert version(page) == before and not any('"type":"action"' in f for f in sent)
    page.click("#clear-selection")
    assert page.locator('.g-me button.card[aria-pressed="true"]').count() == 0
    page.click('.g-me [data-zone="hand"] button.card[data-index="0"]')
    click_and_wait(page, "#play-selected")  # one card is always a legal first play
    assert any('"type":"action"' in f for f in sent)
    page.click('.lang-toggle button[data-lang="en"]')


def test_refused_action_is_shown_and_the_page_plays_on(page: Any, base: str) -> None:
    table = create_table(base, ["human", "bot:random", "bot:random"], {"first_player": 0})
    stale = [True]

    def relay(ws: Any) -> None:
        """Pass every message through, but send the first action with an old version."""
        server = ws.connect_to_server()

        def out(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "action" and stale:
                stale.clear()
                data["version"] -= 1
            server.send(json.dumps(data))

        ws.on_message(out)
        server.on_message(lambda message: ws.send(message))

    page.route_web_socket(re.compile(r"/ws/tables/"), relay)
    page.goto(base + table["seats"][0]["url"])
    assert wait_turn_or_end(page)
    page.click('.lang-toggle button[data-lang="en"]')
    before, first = version(page), legal(page)[0]
    page.click(f'[data-action="{first}"]')
    page.wait_for_selector("#notice.error:not([hidden])")
    assert page.inner_text("#notice").startswith("Refused:")
    page.wait_for_function("document.body.dataset.pending === 'false'")
    assert version(page) == before and first in legal(page)
    click_and_wait(page, f'[data-action="{first}"]')  # the same click, now on the right version


def test_reload_and_dropped_socket_restore_the_page(page: Any, base: str) -> None:
    table = create_table(base, ["human", "bot:random", "bot:random"], {"first_player": 0})
    page.goto(base + table["seats"][0]["url"])
    assert wait_turn_or_end(page)
    ways = {"select": 0, "pile": 0, "colour": 0, "panel": 0}
    play_turn(page, 0, ways)  # the first player plays cards
    assert wait_turn_or_end(page)
    before_hand, before_version = hand(page, 0), version(page)
    before_in_play = page.eval_on_selector_all(
        '.g-me [data-zone="in_play"] .card', "els => els.map(e => e.dataset.card)")

    page.reload()
    wait_view(page)
    assert hand(page, 0) == before_hand
    assert version(page) == before_version  # nobody moves while this seat is to act
    assert page.eval_on_selector_all(
        '.g-me [data-zone="in_play"] .card', "els => els.map(e => e.dataset.card)") == before_in_play
    assert legal(page)

    page.evaluate("window.ludotheque.drop()")
    page.wait_for_selector('#status[data-status="retry"]')
    page.wait_for_selector('#status[data-status="connected"]')
    assert hand(page, 0) == before_hand and legal(page)
    play_turn(page, 1, ways)  # and the page still plays


def test_replay_page_steps_through_a_finished_game(page: Any, base: str, bots_table: str) -> None:
    running = create_table(base, ["human", "human", "human"])
    page.goto(f"{base}/t/{running['id']}/replay")
    page.wait_for_selector('body[data-error="not_over"]')
    assert "not over" in page.inner_text("#notice")

    wait_over(base, bots_table)
    page.goto(f"{base}/t/{bots_table}/replay")
    page.wait_for_selector("body[data-steps]")
    steps = int(page.evaluate("document.body.dataset.steps"))
    assert steps > 10 and page.evaluate("document.body.dataset.step") == "0"
    # the game is over: a spectator at the start sees every hand of ten face up
    assert page.locator('[data-zone="hand"] .card[data-face="up"]').count() == 30
    assert len(hand(page, 1)) == 10
    page.click("#next")
    page.wait_for_selector('body[data-step="1"]')
    assert page.locator("#log li").count() >= 1
    page.keyboard.press("ArrowRight")
    page.wait_for_selector('body[data-step="2"]')
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector('body[data-step="1"]')
    page.select_option("#view-as", "1")  # seat 1's own view: its hand face up
    page.wait_for_function("location.hash.includes('seat=1')")
    page.wait_for_selector('.g-me [data-zone="hand"] .card[data-face="up"]')
    page.click("#last")
    page.wait_for_selector(f'body[data-step="{steps}"]')
    page.wait_for_selector("#end:not([hidden])")
    assert totals_shown(page) == record_scores(base, bots_table)
    assert page.get_attribute("#download", "href") == f"/api/tables/{bots_table}/record"
    page.click("#first")
    page.wait_for_selector('body[data-step="0"]')


def test_phone_layout_has_no_horizontal_overflow(browser: Any, base: str, bots_table: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  reduced_motion="reduce")  # (not about motion: no frame repainted)
    context.set_default_timeout(TIMEOUT_MS)
    try:
        phone = context.new_page()
        phone.goto(base + "/")
        phone.wait_for_selector("#seat-0")
        assert no_horizontal_overflow(phone)
        table = create_table(base, ["human", "bot:random", "bot:random", "bot:random", "bot:random"])
        phone.goto(base + table["seats"][0]["url"])
        wait_view(phone)
        assert no_horizontal_overflow(phone)
        wait_over(base, bots_table)
        phone.goto(f"{base}/t/{bots_table}")  # the end: a wide score table scrolls in its own box
        phone.wait_for_selector("#end:not([hidden])")
        assert no_horizontal_overflow(phone)
        phone.goto(f"{base}/t/{bots_table}/replay")
        phone.wait_for_selector("body[data-steps]")
        assert no_horizontal_overflow(phone)
    finally:
        context.close()


def phone(browser: Any, locale: str = "en-GB", size: tuple[int, int] = (390, 844)) -> Any:
    """A page of a new touch-screen context, 390×844 unless ``size`` says otherwise, under reduced
    motion (closed with its context by the caller)."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, is_mobile=True,
                                  has_touch=True, locale=locale, reduced_motion="reduce")
    context.set_default_timeout(TIMEOUT_MS)
    return context.new_page()


@pytest.mark.parametrize("size", [(390, 844), (360, 740)])
def test_on_a_phone_the_top_bar_and_the_seats_take_one_line_each(browser: Any, base: str,
                                                                 size: tuple[int, int]) -> None:
    """Issue 34: the top bar and five seats took 290 of 844 px. Now one line each (the seats
    scroll sideways), the decision starting under 120 px, and every control of the bar still
    reached, named, through its menu, in both languages; on the smaller phone too."""
    table = create_table(base, ["human"] + ["bot:random"] * 4, {"players": 5})
    page = phone(browser, size=size)
    try:
        page.add_init_script("localStorage.setItem('ludotheque.name', 'Zoé')")
        page.goto(base + table["seats"][0]["url"])
        page.wait_for_selector("#seats li[data-seat='4']")
        bottom = page.evaluate("Math.max(...['.topbar', '#seats'].map("
                               "(s) => document.querySelector(s).getBoundingClientRect().bottom))")
        assert bottom <= 120, bottom
        tops = page.eval_on_selector_all("#seats li", "els => els.map(e => e.getBoundingClientRect().top)")
        assert len(tops) == 5 and max(tops) - min(tops) < 1, tops
        assert page.evaluate("document.querySelector('.topbar').getBoundingClientRect().height") < 56
        assert no_horizontal_overflow(page)
        folded = ["#rules-button", "#sound", '[data-lang="fr"]', ".menu-home"]
        assert not any(page.locator(s).is_visible() for s in folded)
        menu = page.locator("#menu-button")
        assert menu.get_attribute("aria-label") == "Menu" and menu.get_attribute("aria-expanded") == "false"
        menu.click()
        assert all(page.locator(s).is_visible() for s in folded)
        page.click('[data-lang="fr"]')  # a toggle: the menu stays open to show it
        page.wait_for_function("document.querySelector('#rules-button').textContent === 'Règles'")
        assert page.inner_text("#sound") == "Son à mon tour : désactivé"
        page.click("#rules-button")  # it opens the rules, and the menu closes
        assert page.locator("#rules").is_visible() and menu.get_attribute("aria-expanded") == "false"
        page.click("#rules .close")
        menu.click()
        page.keyboard.press("Escape")
        assert not page.locator("#rules-button").is_visible()
    finally:
        page.context.close()


def test_no_keyboard_key_is_named_on_a_touch_screen(browser: Any, base: str) -> None:
    """Issue 34: Drakon's "turn it (R)" on a phone, which has no R to press. The key is still
    named with a mouse and a keyboard."""
    table = create_table(base, ["human", "bot:random"], {"players": 2, "first_player": 0}, game="drakon")
    for touch in (True, False):
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=touch,
                                      has_touch=touch, reduced_motion="reduce")
        context.set_default_timeout(TIMEOUT_MS)
        try:
            page = context.new_page()
            page.goto(base + table["seats"][0]["url"])
            page.wait_for_selector("#board p.hint .key-hint", state="attached")
            shown = page.eval_on_selector_all(".key-hint",
                                              "els => els.filter(e => e.checkVisibility()).length")
            assert (shown, "(R)" in page.inner_text("#board")) == ((0, False) if touch else (1, True)), touch
            if touch:  # the sentence reads whole without it
                assert "turn it, then click" in page.inner_text("#board p.hint")
        finally:
            context.close()


def test_lobby_lists_tables_a_page_at_a_time(page: Any, base: str) -> None:
    while len(httpx.get(f"{base}/api/tables", params={"limit": 60}).json()["tables"]) <= 50:
        create_table(base, ["human"] * 3)
    page.goto(base + "/")
    page.wait_for_selector("#tables li[data-table]")
    assert page.locator("#tables li[data-table]").count() == 50
    page.click("#more-tables")
    page.wait_for_function("document.querySelectorAll('#tables li[data-table]').length > 50")
    ids = page.eval_on_selector_all("#tables li[data-table]", "els => els.map(e => e.dataset.table)")
    assert len(ids) == len(set(ids))  # the second page follows the first, nothing twice


def test_a_page_that_missed_an_update_asks_for_the_whole_view(page: Any, base: str) -> None:
    """One update is lost on the way: the next one does not follow from the page's view, so the page
    asks for a whole view (sync) and plays on from it."""
    table = create_table(base, ["human", "bot:random", "bot:random"], {"first_player": 0})
    dropped: list[str] = []
    sent: list[str] = []

    def relay(ws: Any) -> None:
        server = ws.connect_to_server()

        def down(message: str | bytes) -> None:
            if json.loads(message).get("type") == "update" and not dropped:
                dropped.append(str(message))  # lost
                return
            ws.send(message)

        def up(message: str | bytes) -> None:
            sent.append(str(message))
            server.send(message)

        ws.on_message(up)
        server.on_message(down)

    page.route_web_socket(re.compile(r"/ws/tables/"), relay)
    page.goto(base + table["seats"][0]["url"])
    assert wait_turn_or_end(page)
    ways = {"select": 0, "pile": 0, "colour": 0, "panel": 0}
    play_turn(page, 0, ways)  # the update of this move is lost; the bots' next ones do not follow
    page.wait_for_function("document.body.dataset.version !== '0'")
    assert dropped and any('"type":"sync"' in m.replace(" ", "") for m in sent)
    assert wait_turn_or_end(page)
    view = page.evaluate("window.ludotheque.view()")
    server_view = httpx.post(f"{base}/api/tables/{table['id']}/view",
                             json={"token": table["seats"][0]["url"].split("#token=")[1]}).json()
    assert view["version"] == server_view["version"] and view["log"] == server_view["log"]
    play_turn(page, 1, ways)  # and the page still plays
