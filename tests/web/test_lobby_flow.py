"""The lobby's flow in Chromium: a game's essential options in sight and the others folded under
"More options" with nothing cut off, "Create the table" leading to your seat, the lists up to
date when you come back, and a wrong seat link opening the table as a spectator with a notice."""

from __future__ import annotations

import time
from typing import Any

import httpx

from ..conftest import CHROMIUM_ARGS, CHROMIUM_BROWSER, TIMEOUT_MS, browser_unavailable, chromium_missing
from .tables import calm, create_table

# whether the words of a choice fit in their select (nothing cut off as "back to the treasu")
FITS = """(select) => {
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d');
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const words = select.tagName === 'SELECT' ? select.selectedOptions[0].text
        : select.placeholder || select.value;
    return context.measureText(words).width + 32 <= select.clientWidth;
}"""


#: [inside the viewport, not covered] for the create button
CREATE_IN_SIGHT = """() => {
    const r = document.getElementById('create').getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return [r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth,
            !!hit && hit.closest('#create') !== null];
}"""


def test_drakon_shows_its_variants_and_folds_the_rest(chromium: Any, base: str, open_page: Any) -> None:
    """Also (issue 34) "Create the table" in sight without scrolling, on a laptop in French and
    on a phone (it was at y=1155), and still with the expert options unfolded."""
    for width, height, locale in ((1366, 768, "fr-FR"), (390, 844, "en-GB")):
        page = open_page(chromium, width, height, locale=locale)
        page.goto(base + "/")
        page.wait_for_selector("#game option", state="attached")
        page.select_option("#game", "drakon")
        shown = page.eval_on_selector_all("#options [name], #options-more [name]",
                                          "els => els.filter(e => e.checkVisibility()).map(e => e.name)")
        assert shown == ["players", "heroes", "escape", "teams", "couple"], shown
        assert page.evaluate(CREATE_IN_SIGHT) == [True, True], (width, locale)
        page.click("#more-options > summary")
        assert page.evaluate(CREATE_IN_SIGHT) == [True, True], (width, locale)
        expert = page.eval_on_selector_all("#options-more select, #options-more input",
                                           "els => els.map(e => e.name)")
        assert {"first_player", "goal", "lost_coins", "map_room", "turn_limit"} <= set(expert)
        assert page.locator("#opt-lost_coins").is_visible() and page.locator("#clock-mode").is_visible()
        for name in expert:
            assert page.eval_on_selector(f"#opt-{name}", FITS), f"{name} is cut off at {width}px"


def test_create_goes_to_your_seat(chromium: Any, base: str, open_page: Any) -> None:
    page = open_page(chromium, 1366, 768)
    calm(page)
    page.goto(base + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "gargon")
    page.click("#create")  # you and three bots: straight to your seat
    page.wait_for_url("**/t/*#token=*")
    page.wait_for_selector("#board *")
    assert page.evaluate("document.body.dataset.seat") == "0"
    # with several people, your seat's button is in sight above the links to send
    page.go_back()
    page.wait_for_selector("#seat-1", state="attached")
    page.select_option("#seat-1", "human")
    page.click("#create")
    open_seat = page.locator("#open-seat")
    open_seat.wait_for()
    box = open_seat.bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 768
    assert page.evaluate("document.activeElement.id") == "open-seat"


def test_coming_back_shows_what_changed(chromium: Any, base: str) -> None:
    # Playwright turns the back-forward cache off in the browsers it starts: this one keeps it, as
    # a person's browser does, so that Back restores the lobby as it was left (the browser, not
    # the headless shell the other tests use: the shell keeps no such cache)
    if not CHROMIUM_BROWSER.exists():
        browser_unavailable(chromium_missing(CHROMIUM_BROWSER))
    browser = chromium.browser_type.launch(executable_path=str(CHROMIUM_BROWSER), args=CHROMIUM_ARGS,
                                           ignore_default_args=["--disable-back-forward-cache"])
    try:
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        calm(page)
        page.set_default_timeout(TIMEOUT_MS)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(base + "/")
        page.wait_for_selector("#game option", state="attached")
        page.evaluate("window.stayed = true")  # gone if the page is loaded anew rather than restored
        made = create_table(base, ["human", "bot:random", "bot:random"])
        page.goto(base + made["spectator_url"])
        page.wait_for_selector("#board *")
        # meanwhile this browser took a seat at another table ("play again" remembers it so)
        later = create_table(base, ["human", "bot:random", "bot:random"])
        page.evaluate("""(entry) => {
            const list = JSON.parse(localStorage.getItem('ludotheque.mine') || '[]');
            localStorage.setItem('ludotheque.mine', JSON.stringify([entry, ...list]));
        }""", {"id": later["id"], "game": "gargon", "created": "", "spectator_url": later["spectator_url"],
               "seats": [{"seat": 0, "url": later["seats"][0]["url"]}]})
        page.go_back(wait_until="commit")  # a page restored from the cache fires no "load"
        page.wait_for_selector(f"#mine [data-table='{later['id']}']")
        page.wait_for_selector(f"#tables [data-table='{later['id']}']")
        assert page.evaluate("window.stayed === true"), "the lobby was loaded anew, not restored"
        assert not errors, errors
    finally:
        browser.close()


def test_a_wrong_seat_link_opens_the_spectator_view(chromium: Any, base: str, open_page: Any) -> None:
    made = create_table(base, ["human", "bot:random", "bot:random"])
    page = open_page(chromium, 390, 844)
    calm(page)
    page.goto(f"{base}/t/{made['id']}#token=not-a-seat-of-this-table")
    page.wait_for_selector("#board *")
    assert page.evaluate("document.body.dataset.seat") == "null"
    notice = page.locator("#notice")
    assert notice.is_visible() and "spectator" in notice.inner_text()
    assert page.evaluate("location.hash") == ""
    assert httpx.get(f"{base}/api/tables/{made['id']}").json()["version"] >= 0


#: In the second player's browser: notifications that record what they would show (and whether
#: permission was asked), and a page that may be told it is out of sight (``window.__hidden``).
NOTIFICATIONS = """
window.__notes = [];
window.__asked = 0;
window.Notification = class {
  constructor(title, options) { window.__notes.push({ title, body: options && options.body }); }
  close() {}
  static requestPermission() {
    window.__asked += 1;
    this.permission = 'granted';
    return Promise.resolve('granted');
  }
};
window.Notification.permission = 'default';
Object.defineProperty(Document.prototype, 'hidden', {
  configurable: true, get() { return window.__hidden === true; } });
"""
TURN_ICON = "%3Ccircle"  # the dot of the page's icon (an SVG data URL) on your turn
#: Whether the page's tab says it is your turn (its title or its icon).
MY_TURN = ("document.title.includes('●') || "
           f"document.querySelector('link[rel=icon]').href.includes('{TURN_ICON}')")


def icon(page: Any) -> str:
    return str(page.get_attribute("link[rel=icon]", "href"))


def test_a_second_browser_joins_an_open_seat_and_the_tab_says_whose_turn(
        chromium: Any, base: str, open_page: Any) -> None:
    waiting = create_table(base, ["human", "human", "human"], {"first_player": 0})  # another table, your turn
    first = open_page(chromium, 1366, 768)
    calm(first)  # (what is tried here is no animation)
    first.goto(base + "/")
    entry = {"id": waiting["id"], "game": "gargon", "created": "", "spectator_url": waiting["spectator_url"],
             "seats": [{"seat": 0, "url": waiting["seats"][0]["url"]}]}
    first.evaluate("(entry) => localStorage.setItem('ludotheque.mine', JSON.stringify([entry]))", entry)
    # you, an open seat and a bot, you first
    first.wait_for_selector("#seat-1", state="attached")
    first.select_option("#game", "gargon")
    first.fill("#opt-players", "3")
    first.select_option("#seat-1", "open")
    first.select_option("#seat-2", "bot:random")
    first.click("#more-options > summary")
    first.fill("#opt-first_player", "1")
    first.click("#create")  # the only person with a link: straight to your seat
    first.wait_for_url("**/t/*#token=*")
    table = first.evaluate("location.pathname").split("/")[-1]
    first.wait_for_function("document.title === '(1) ● Your turn · Gargon'")  # (1): the other table
    assert TURN_ICON in icon(first)

    # a second browser finds the table in the lobby, in words, and joins it
    second = open_page(chromium, 1366, 768, locale="fr-FR")
    second.context.add_init_script(NOTIFICATIONS)
    calm(second)
    second.goto(base + "/")
    row = second.locator(f"#open-tables [data-table='{table}']")
    row.wait_for()
    words = row.inner_text()
    assert "Gargon" in words and "1 place libre" in words and table not in words
    second.click(f"[data-join='{table}']")
    second.wait_for_url(f"**/t/{table}#token=*")
    second.wait_for_selector("#board *")
    assert second.evaluate("document.body.dataset.seat") == "1"
    assert second.title() == f"Gargon · Table {table}" and TURN_ICON not in icon(second)
    assert table not in [t["id"] for t in httpx.get(f"{base}/api/tables?seats=open").json()["tables"]]
    second.click("#notify")  # the bell asks the browser's permission, from this click
    assert second.evaluate("window.__asked") == 1
    assert second.get_attribute("#notify", "aria-pressed") == "true"
    second.evaluate("window.__hidden = true")  # out of sight

    # your move: your tab no longer says it waits for you; theirs does, and notifies them
    first.click("#moves [data-action]")
    first.wait_for_function("!document.title.includes('●')")
    assert first.title() == f"(1) Gargon · Table {table}" and TURN_ICON not in icon(first)
    second.wait_for_function("document.title === '● À vous · Gargon'")
    assert TURN_ICON in icon(second)
    assert second.evaluate("window.__notes.map((n) => n.title)") == ["À vous · Gargon"]
    # they play (a card, else they pass, draw and stop): then the bot's turn, then yours
    deadline = time.monotonic() + 20
    while second.evaluate(MY_TURN):
        assert time.monotonic() < deadline, "the second player's turn did not end"
        moves = second.eval_on_selector_all("#moves [data-action]:not([disabled])",
                                            "els => els.map(e => e.dataset.action)")
        plays = [m for m in moves if m.startswith("play")]
        move = plays[0] if plays else "stop" if "stop" in moves else moves[0] if moves else None
        if move is not None:
            second.click(f"#moves [data-action='{move}']")
        second.wait_for_timeout(100)


def test_a_turn_based_table_is_made_in_days_a_move(chromium: Any, base: str, open_page: Any) -> None:
    """A game over days: the clock's amount is asked in days, the table keeps seconds, and the
    lobby and the seat's clock say it in days."""
    page = open_page(chromium, 1366, 768, locale="fr-FR")
    calm(page)
    page.goto(base + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "gargon")
    page.click("#more-options > summary")
    page.select_option("#clock-mode", "days")
    assert page.inner_text("#clock-unit") == "Jours par coup"
    assert page.input_value("#clock-seconds") == "3"
    page.fill("#clock-seconds", "2")
    page.select_option("#seat-1", "human")  # (a second person: the links to send are shown)
    page.click("#create")
    page.locator("#open-seat").wait_for()
    created = httpx.get(f"{base}/api/tables", params={"limit": 5}).json()["tables"]
    mine = next(x for x in created if x["clock"] and x["clock"]["mode"] == "days")
    assert mine["clock"] == {"mode": "days", "seconds": 2 * 86400, "away": 0}
    page.click("#open-seat")
    page.wait_for_selector("#seats .clock")
    assert page.locator("#seats .clock").first.inner_text().startswith(("1 j 23 h", "2 j 0 h"))
