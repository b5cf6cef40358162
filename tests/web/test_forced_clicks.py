"""A click that comes as the table moves on (a person clicking their only choice just as the table
plays it for them: server/played.py) is no news: the page shows no refusal, and plays on."""

from __future__ import annotations

import json
import re
from typing import Any

from .tables import create_table, version, wait_turn_or_end

#: Every text the page's notice shows, in order (watched from the start).
WATCH_NOTICES = """addEventListener('DOMContentLoaded', () => {
  window.__notices = [];
  const text = document.querySelector('#notice .notice-text');
  new MutationObserver(() => window.__notices.push(text.textContent))
    .observe(text, { childList: true, characterData: true, subtree: true });
});"""


def test_a_click_the_table_overtook_shows_no_refusal(chromium: Any, open_page: Any, base: str) -> None:
    table = create_table(base, ["human", "bot:random", "bot:random"], {"first_player": 0})
    twice, refused = [True], []

    def relay(ws: Any) -> None:
        """The page's first action reaches the server twice: played, then stale (the page has moved
        on by then), as when the table played a seat's only choice a moment before the click; after
        that refusal, a marker refusal of our own tells when the page has handled it."""
        server = ws.connect_to_server()

        def up(message: str | bytes) -> None:
            server.send(message)
            if json.loads(message).get("type") == "action" and twice:
                twice.clear()
                server.send(message)

        def down(message: str | bytes) -> None:
            ws.send(message)
            if json.loads(message).get("type") == "refused":
                refused.append(json.loads(message)["code"])
                ws.send(json.dumps({"type": "refused", "code": "illegal", "message": "MARKER"}))

        ws.on_message(up)
        server.on_message(down)

    page = open_page(chromium)
    page.add_init_script("localStorage.setItem('ludotheque.name', 'Zoé')")
    page.add_init_script(WATCH_NOTICES)
    page.route_web_socket(re.compile(r"/ws/tables/"), relay)
    page.goto(base + table["seats"][0]["url"])
    assert wait_turn_or_end(page)
    before = version(page)
    page.locator("[data-action^='play ']").first.click()
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
    page.wait_for_function("(window.__notices || []).some((n) => n.includes('MARKER'))")
    assert refused[0] == "stale"
    notices = page.evaluate("window.__notices")
    assert notices and all("MARKER" in n for n in notices), notices  # the stale answer showed nothing
