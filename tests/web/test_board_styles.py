"""Every game's board is drawn with its own stylesheet from its first drawing (found in CI: a
Kagoun hand drawn unstyled, then travelling from where the unstyled page had put it, out of sight
for a moment). The stylesheet is served slowly here, as on a loaded machine or a slow network."""

from __future__ import annotations

import time
from typing import Any

import pytest

from .tables import create_table

#: Records, when the board first holds something, whether the board's stylesheet had loaded.
FIRST_DRAWING = """
new MutationObserver((_, observer) => {
  const board = document.getElementById("board");
  if (!board || !board.firstElementChild) return;
  const link = document.querySelector("link[data-board]");
  window.firstDrawingStyled = !!(link && link.sheet);
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });
"""


@pytest.mark.parametrize("game", ["gargon", "drakon", "kagoun"])
def test_a_board_is_first_drawn_once_its_stylesheet_has_loaded(chromium: Any, open_page: Any, base: str,
                                                                game: str) -> None:
    table = create_table(base, ["human", "bot:random", "bot:random"], {"players": 3}, game=game)
    page = open_page(chromium, 1366, 768)
    served: list[str] = []

    def slowly(route: Any) -> None:
        time.sleep(1.0)
        served.append(route.request.url)
        route.continue_()

    page.route(f"**/games/{game}/board.css", slowly)
    page.add_init_script(FIRST_DRAWING)
    page.goto(base + table["seats"][0]["url"])
    page.wait_for_function("window.firstDrawingStyled !== undefined")
    assert served, "the board's stylesheet was never asked for"
    assert page.evaluate("window.firstDrawingStyled") is True
