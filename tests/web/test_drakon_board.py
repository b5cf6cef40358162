"""Drakon's board in a real browser (headless Debian chromium driven by Playwright): a whole game
against a random bot, played through the board (a tile chosen in the hand, turned, laid on a
highlighted spot; the hero moved by clicking a room; rooms' choices by clicking) and through the
moves panel's ``data-action`` elements, to the result; the camera pans and zooms; French words."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

TIMEOUT_MS = 15_000


@pytest.fixture(scope="module")
def base(live_server: Any) -> str:
    return str(live_server.url)


@pytest.fixture
def page(chromium: Any) -> Iterator[Any]:
    context = chromium.new_context(viewport={"width": 1366, "height": 900}, locale="en-GB")
    context.set_default_timeout(TIMEOUT_MS)
    new = context.new_page()
    errors: list[str] = []
    new.on("pageerror", lambda exc: errors.append(str(exc)))
    yield new
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def create_table(base: str, options: dict[str, Any]) -> dict[str, Any]:
    body = {"game": "drakon", "options": options, "seats": ["human", "bot:random"]}
    answer = httpx.post(f"{base}/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def version(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.version || '-1'"))


def wait_turn_or_end(page: Any) -> bool:
    page.wait_for_function("document.querySelector('[data-action]:not([disabled])')"
                           " || document.body.dataset.terminal === 'true'")
    return page.evaluate("document.body.dataset.terminal") != "true"


def legal(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)"))


def click_and_wait(page: Any, selector: str) -> str:
    """Click, then wait until the server accepted the action (the version moves on); returns the
    action the clicked element carries."""
    before = version(page)
    element = page.locator(selector).first
    action = element.get_attribute("data-move") or element.get_attribute("data-action") or ""
    element.click()
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
    return action


def lay_a_tile(page: Any, actions: list[str], turn: int) -> str:
    """Choose a tile of the hand, turn it, click a highlighted spot: the action sent must be one
    of the legal placements, with the tile turned as shown."""
    tiles = page.locator(".d-hand button.d-tile")
    tiles.nth(turn % tiles.count()).click()
    assert page.locator(".d-tile.chosen").count() == 1
    turn_button = page.locator("#d-turn")
    if turn % 2 and turn_button.is_enabled():
        before = page.locator(".d-spot").first.get_attribute("data-move")
        turn_button.click()
        assert page.locator(".d-spot").first.get_attribute("data-move") != before  # turned
    spots = page.locator(".d-spot")
    assert spots.count() > 0
    offered = spots.evaluate_all("els => els.map(e => e.dataset.move)")
    assert set(offered) <= set(actions)  # only legal spots, in the orientation shown
    return click_and_wait(page, ".d-spot")


def play_decision(page: Any, turn: int, ways: dict[str, int]) -> None:
    actions = legal(page)
    places = [a for a in actions if a.startswith("place ")]
    moves = [a for a in actions if a.startswith("move ")]
    rooms = [a for a in actions if a.split()[0] in ("harp", "destroy", "drakon")]
    if places and (turn % 3 != 2 or not moves):
        assert lay_a_tile(page, actions, turn) in places
        ways["spot"] += 1
    elif moves and turn % 5 != 4:
        target = moves[turn % len(moves)]
        assert click_and_wait(page, f'button.d-room[data-move="{target}"]') == target
        ways["room"] += 1
    elif rooms:
        assert click_and_wait(page, f'button.d-room[data-move="{rooms[0]}"]') == rooms[0]
        ways["room"] += 1
    elif any(a.startswith("rotate ") for a in actions):
        cell = next(a for a in actions if a.startswith("rotate ")).split()[1]
        page.click(f'button.d-room[data-cell="{cell}"]')
        assert click_and_wait(page, '.d-controls button[data-move^="rotate "]').startswith(f"rotate {cell} ")
        ways["room"] += 1
    else:
        click_and_wait(page, f'[data-action="{actions[turn % len(actions)]}"]')
        ways["panel"] += 1


def test_a_whole_game_played_on_the_board_ends_with_the_result(page: Any, base: str) -> None:
    table = create_table(base, {"players": 2, "first_player": 0, "goal": 4, "turn_limit": 50})
    page.goto(base + table["seats"][0]["url"])
    ways = {"spot": 0, "room": 0, "panel": 0}
    turn = 0
    deadline = time.monotonic() + 240
    while wait_turn_or_end(page):
        assert time.monotonic() < deadline, "the game did not end in time"
        play_decision(page, turn, ways)
        turn += 1
    assert ways["spot"] >= 1 and ways["room"] >= 1, ways
    page.wait_for_selector("#end:not([hidden])")
    result = page.inner_text("#end")
    assert "Winner" in result
    assert page.locator("#scores table").count() == 1
    record = httpx.get(f"{base}/api/tables/{table['id']}/record").json()
    assert record["result"] is not None
    # at the end every purse is shown, on the board too
    assert page.locator('.d-purse [data-field="gold"].gold').count() == 2


def test_the_camera_pans_and_zooms_and_words_follow_the_language(page: Any, base: str) -> None:
    table = create_table(base, {"players": 2, "first_player": 0})
    page.goto(base + table["seats"][0]["url"])
    assert wait_turn_or_end(page)
    page.click('.lang-toggle button[data-lang="en"]')
    page.wait_for_function("window.ludotheque.view().lang === 'en'")
    world = page.locator(".d-world")
    scale = float(world.get_attribute("data-scale") or 0)
    page.click("#d-zoom-in")
    assert float(page.locator(".d-world").get_attribute("data-scale") or 0) > scale
    before = page.locator(".d-world").get_attribute("style")
    box = page.locator(".d-viewport").bounding_box()
    page.mouse.move(box["x"] + 20, box["y"] + 20)
    page.mouse.down()
    page.mouse.move(box["x"] + 120, box["y"] + 80, steps=5)
    page.mouse.up()
    assert page.locator(".d-world").get_attribute("style") != before
    assert page.locator('.d-room[data-cell="0,0"]').get_attribute("data-room") == "start"
    assert "Start" in (page.locator('.d-room[data-cell="0,0"]').get_attribute("title") or "")
    page.click('.lang-toggle button[data-lang="fr"]')
    page.wait_for_function("window.ludotheque.view().lang === 'fr'")
    assert "Départ" in (page.locator('.d-room[data-cell="0,0"]').get_attribute("title") or "")
    assert "vos tuiles" in page.inner_text(".d-hand").lower()
