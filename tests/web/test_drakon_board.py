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

from .tables import ANIMATED_DECISIONS, calm, create_table, legal, version, wait_turn_or_end

TIMEOUT_MS = 15_000


@pytest.fixture
def page(chromium: Any, open_page: Any) -> Any:
    return open_page(chromium, 1366, 900)


#: Which way a room or spot lies out of its map's sight ('n', 'e', 's', 'w'), or null; measured
#: once the node has stopped travelling (a laid tile slides in from the hand).
AWAY = """async (node) => {
  const map = node.closest('.d-viewport');
  if (!map) return null;
  const moving = [];
  for (let n = node; n && n !== map; n = n.parentElement)
    for (const a of n.getAnimations())
      if (a.effect.getComputedTiming().endTime !== Infinity) moving.push(a.finished);
  await Promise.all(moving).catch(() => null);
  const r = node.getBoundingClientRect(), m = map.getBoundingClientRect();
  const away = r.left < m.left - 1 ? 'w' : r.right > m.right + 1 ? 'e' : r.top < m.top - 1 ? 'n'
    : r.bottom > m.bottom + 1 ? 's' : null;
  if (away) return away;
  // in sight but under the map's own controls (the zoom buttons of a small screen): pan
  // towards the nearest edge, which brings it inwards, as a player would
  const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
  const hit = document.elementFromPoint(x, y);
  if (!hit || hit === node || node.contains(hit)) return null;
  const gaps = { w: x - m.left, e: m.right - x, n: y - m.top, s: m.bottom - y };
  return Object.keys(gaps).reduce((a, b) => (gaps[a] <= gaps[b] ? a : b));
}"""


def board_click(page: Any, selector: str) -> None:
    """Click the first element of ``selector``; a room or spot out of the map's sight, or under
    its controls, is first brought into it with the map's edge buttons, as a player would."""
    target = page.locator(selector).first
    for _ in range(12):
        away = page.evaluate(AWAY, target.element_handle())
        edge = page.locator(f".d-edge-{away}")
        if away is None or edge.is_hidden():  # the board sees it whole: nothing to pan
            break
        edge.click()
    target.click()


def click_and_wait(page: Any, selector: str) -> str:
    """Click, then wait until the server accepted the action (the version moves on); returns the
    action the clicked element carries."""
    before = version(page)
    element = page.locator(selector).first
    action = element.get_attribute("data-move") or element.get_attribute("data-action") or ""
    board_click(page, selector)
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
    ways["could_move"] += bool(moves)  # with none clicked yet, a move is always the choice
    if places and (turn % 3 != 2 or not moves) and (ways["room"] or not moves):
        assert lay_a_tile(page, actions, turn) in places
        ways["spot"] += 1
    elif moves and (turn % 5 != 4 or not ways["room"]):
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
    elif any(a.startswith("exchange ") for a in actions) and turn % 2:
        page.locator(".d-hand button.d-tile").first.click()
        assert click_and_wait(page, 'button.d-room.target[data-move^="exchange "]') in actions
        ways["room"] += 1
    elif any(a.startswith("relocate ") for a in actions) and turn % 2:
        assert click_and_wait(page, ".d-spot") in actions
        ways["spot"] += 1
    elif any(a.startswith("map ") for a in actions) and turn % 2:
        assert click_and_wait(page, '.d-controls button[data-move^="map "]') in actions
        ways["button"] += 1
    else:
        click_and_wait(page, f'[data-action="{actions[turn % len(actions)]}"]')
        ways["panel"] += 1


def test_a_whole_game_played_on_the_board_ends_with_the_result(page: Any, base: str) -> None:
    # against a random bot the game mostly ends at its turn limit: 20 turns (10 of the seat's) see a
    # tile laid and a room clicked
    options = {"players": 2, "first_player": 0, "goal": 4, "turn_limit": 20}
    table = create_table(base, ["human", "bot:random"], options, game="drakon")
    page.goto(base + table["seats"][0]["url"])
    ways = {"spot": 0, "room": 0, "button": 0, "panel": 0, "could_move": 0}
    turn = 0
    deadline = time.monotonic() + 240
    while wait_turn_or_end(page):
        assert time.monotonic() < deadline, "the game did not end in time"
        play_decision(page, turn, ways)
        turn += 1
        if turn == ANIMATED_DECISIONS:  # the animations tried: the rest of the game without them
            calm(page)
    # a room is clicked whenever the deal lets the hero move at all (a random deal may not)
    assert ways["spot"] >= 1 and (ways["room"] >= 1 or not ways["could_move"]), ways
    page.wait_for_selector("#end:not([hidden])")
    result = page.inner_text("#end")
    assert "Winner" in result
    assert page.locator("#scores table").count() == 1
    record = httpx.get(f"{base}/api/tables/{table['id']}/record").json()
    assert record["result"] is not None
    # at the end every purse is shown, on the board too
    assert page.locator('.d-purse [data-field="gold"].gold').count() == 2
    # the replay page draws the same board, read-only
    page.goto(f"{base}/t/{table['id']}/replay")
    page.wait_for_selector('.d-room[data-cell="0,0"]')
    assert page.locator(".d-spot, button.d-room").count() == 0


def test_the_camera_pans_and_zooms_and_words_follow_the_language(page: Any, base: str) -> None:
    table = create_table(base, ["human", "bot:random"], {"players": 2, "first_player": 0}, game="drakon")
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


# -- every room's choice on the board, from explicit positions ------------------------------------

PROBE = """async (view) => {
  const i18n = await import("/static/js/i18n.js");
  const mod = await import("/games/drakon/board.js");
  i18n.addStrings(mod.strings);
  document.querySelector("section.probe")?.remove();  // the board of the test before
  const root = document.createElement("section");
  root.className = "board probe";
  document.body.prepend(root);
  window.sent = [];
  // what the table's shell does with a click on an element carrying an action
  root.addEventListener("click", (event) => {
    const target = event.target.closest("[data-move]");
    if (target) window.sent.push(target.dataset.move);
  });
  const board = mod.createBoard(root, { t: i18n.t, act: () => true, notify: () => {}, interactive: true });
  board.update(view);
  window.probeBoard = board;
}"""


def hint_targets(page: Any, action: str) -> list[str]:
    """What the board marks for a hinted ``action`` that no element sends in one click: each
    marked element's id, data-key or data-kind."""
    return list(page.evaluate("""(action) => window.probeBoard.hintTargets(action)
      .map((e) => e.id || e.dataset.key || e.dataset.kind || '')""", action))


def view_of(setup: dict[str, Any], played: list[str], options: dict[str, Any] | None = None,
            lang: str = "en", spectator: bool = False, seat: int | None = None) -> dict[str, Any]:
    """The view the server would send the seat to act (or ``seat``, or a spectator) after
    ``played`` from ``setup``."""
    from ludotheque.games.drakon import GAME
    from ludotheque.renderers import renderer_for
    from ludotheque.server.store import SeatRow
    from ludotheque.server.views import build_view, whole_view

    state = GAME.state_from_setup(setup, options)
    for text in played:
        state.apply(GAME.parse_action(text))
    seat = state.to_act if seat is None else seat
    assert isinstance(seat, int) and seat >= 0
    seats = [SeatRow(s, "human") if s == seat else SeatRow(s, "bot", "random") for s in range(state.players)]
    reader = None if spectator else seat
    view = whole_view(build_view(state, renderer_for(GAME), seats, reader, lang), [], set())
    return {**view, "version": len(played) + 1, "game": "drakon", "game_name": "Drakon"}


@pytest.fixture(scope="module")
def probe(chromium: Any, base: str) -> Iterator[Any]:
    context = chromium.new_context(viewport={"width": 1200, "height": 900}, locale="en-GB")
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(base + "/")
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def show(page: Any, view: dict[str, Any]) -> set[str]:
    """Draw the board of ``view``; returns its legal actions."""
    page.evaluate(PROBE, view)
    return {entry["action"] for entry in view["legal"]}


def sent(page: Any) -> list[str]:
    return list(page.evaluate("window.sent"))


START = "start 0,0 NESW"


def test_laying_offers_only_legal_spots_for_the_way_the_tile_is_turned(probe: Any) -> None:
    legal = show(probe, view_of({"rooms": [START], "hands": [["find N"], ["room N"]]}, []))
    assert probe.locator(".d-spot").count() == 0  # nothing before a tile is chosen
    probe.click('.d-tile[data-kind="find N"]')
    shown = set()
    for _ in range(4):
        spots = set(probe.locator(".d-spot").evaluate_all("els => els.map(e => e.dataset.move)"))
        arrows = {spot.split()[-1] for spot in spots}
        assert len(arrows) == 1
        way = arrows.pop()
        assert spots == {a for a in legal if a.startswith("place find ") and a.endswith(" " + way)}
        shown |= spots
        probe.click("#d-turn")
    assert shown == {a for a in legal if a.startswith("place ")}
    assert "place find 0,-1 N" not in shown  # Start points south at it: never offered
    probe.click('.d-spot[data-cell="1,0"]')
    assert sent(probe)[-1] in legal and sent(probe)[-1].startswith("place find 1,0 ")


def test_moving_is_a_click_on_a_highlighted_room(probe: Any) -> None:
    setup = {"rooms": [START, "find 1,0 N", "room 0,1 N"], "hands": [[], ["room NE"]]}
    legal = show(probe, view_of(setup, []))
    targets = set(probe.locator("button.d-room.target").evaluate_all("els => els.map(e => e.dataset.move)"))
    assert targets == {a for a in legal if a.startswith("move ")} == {"move 1,0", "move 0,1"}
    probe.click('button.d-room[data-cell="1,0"]')
    assert sent(probe) == ["move 1,0"]


@pytest.mark.parametrize(("room", "expected"), [
    ("destroy 1,0 NE", "destroy 0,1"), ("map 1,0 NE", None), ("rotate 1,0 NS", "rotate 0,1 "),
])
def test_a_rooms_choice_is_made_by_clicking(probe: Any, room: str, expected: str | None) -> None:
    setup = {"rooms": [START, room, "room 0,1 N"], "hands": [["find N"], ["lose NE"], ["room NE"]]}
    legal = show(probe, view_of(setup, ["move 1,0"]))
    if room.startswith("map"):
        probe.click('.d-controls button[data-move="map 2"]')
        assert sent(probe) == ["map 2"]
        return
    probe.click('button.d-room[data-cell="0,1"]')
    if room.startswith("rotate"):
        assert sent(probe) == []  # the room is chosen, then how to turn it
        probe.click('.d-controls button[data-move^="rotate 0,1 "]')
    assert len(sent(probe)) == 1 and sent(probe)[0].startswith(expected or "") and sent(probe)[0] in legal


def test_magic_exchange_swaps_a_turned_tile_of_the_hand_for_a_clicked_room(probe: Any) -> None:
    setup = {"rooms": [START, "exchange 1,0 NS", "room 0,1 N"], "hands": [["find N"], ["lose NE"]]}
    legal = show(probe, view_of(setup, ["move 1,0"]))
    probe.click('.d-tile[data-kind="find N"]')
    first = probe.locator('button.d-room[data-cell="0,1"]').get_attribute("data-move")
    probe.click("#d-turn")
    second = probe.locator('button.d-room[data-cell="0,1"]').get_attribute("data-move")
    assert first != second and {first, second} <= legal
    probe.click('button.d-room[data-cell="0,1"]')
    assert sent(probe) == [second]


def test_the_moving_room_goes_to_a_clicked_spot_or_stays(probe: Any) -> None:
    setup = {"rooms": [START, "moving 1,0 N"], "hands": [["find N"], ["lose NE"]]}
    legal = show(probe, view_of(setup, ["move 1,0"]))
    spots = set(probe.locator(".d-spot").evaluate_all("els => els.map(e => e.dataset.move)"))
    assert spots and spots <= legal and all(s.startswith("relocate ") for s in spots)
    probe.locator(".d-spot").first.click()
    probe.click('.d-controls button[data-move="stay"]')
    assert sent(probe)[0] in spots and sent(probe)[1] == "stay"


def test_a_hinted_relocation_the_tile_does_not_show_yet_marks_the_turn_button(probe: Any) -> None:
    setup = {"rooms": [START, "moving 1,0 N"], "hands": [["find N"], ["lose NE"]]}
    legal = show(probe, view_of(setup, ["move 1,0"]))
    spots = set(probe.locator(".d-spot").evaluate_all("els => els.map(e => e.dataset.move)"))
    elsewhere = sorted(a for a in legal if a.startswith("relocate ") and a not in spots)
    assert elsewhere, "every relocation shows at once: nothing to turn"
    assert hint_targets(probe, elsewhere[0]) == ["d-turn"]


def test_a_hinted_ability_marks_the_ability_button_then_the_hero_to_push(probe: Any) -> None:
    amazon = {"rooms": [START, "room 1,0 N", "find 1,1 N"], "hands": [[], ["lose NE"]],
              "figures": ["amazon", "knight"]}
    legal = show(probe, view_of(amazon, ["move 1,0"], {"heroes": True}))
    assert "amazon 1,1" in legal
    assert hint_targets(probe, "amazon 1,1") == ["btn:ability"]  # not armed: the ⚡ first
    probe.click(".d-ability")
    assert hint_targets(probe, "amazon 1,1") == []  # armed: the room itself sends it
    assert probe.locator('[data-move="amazon 1,1"]').count() == 1


def test_mind_control_picks_a_hero_then_its_room(probe: Any) -> None:
    setup = {"rooms": [START, "mind 1,0 NE", "room 0,1 N"], "hands": [["find N"], ["lose NE"], ["room NE"]]}
    legal = show(probe, view_of(setup, ["move 1,0"]))
    assert probe.locator("button.d-room.target").count() == 0  # whose hero first
    probe.click('.d-controls button[data-figure="dwarf"]')
    probe.click('button.d-room[data-cell="0,1"]')
    assert sent(probe) == ["mind dwarf 0,1"] and "mind dwarf 0,1" in legal


def test_drakon_is_set_down_by_clicking_a_room_and_couples_choose_a_hero(probe: Any) -> None:
    setup = {"rooms": [START, "room 1,0 N"], "hands": [["drakon NS"], ["lose NE"]]}
    legal = show(probe, view_of(setup, ["place drakon 0,1 EW"]))
    assert probe.locator("button.d-room.target").count() == len(legal) == 2  # no hero on them
    probe.click('button.d-room[data-cell="0,1"]')
    assert sent(probe) == ["drakon 0,1"]
    couple = view_of({"rooms": [START], "hands": [["find N"], ["lose NE"]]}, [], {"couple": True}, "fr")
    show(probe, couple)
    probe.click('.d-controls button[data-move="hero barbarian"]')
    assert sent(probe) == ["hero barbarian"]
    assert "Barbare" in probe.inner_text(".d-controls")


def test_between_two_magic_harps_the_hero_is_pulled_onto_the_clicked_one(probe: Any) -> None:
    setup = {"rooms": [START, "room 1,0 NS", "harp 1,1 N", "harp 1,-1 NE"],
             "hands": [["find N"], ["lose NE"]]}
    view = view_of(setup, ["move 1,0"])
    assert view["observation"]["step"] == "harp"
    legal = show(probe, view)
    targets = set(probe.locator("button.d-room.target").evaluate_all("els => els.map(e => e.dataset.move)"))
    assert targets == legal == {"harp 1,1", "harp 1,-1"}
    probe.click('button.d-room[data-cell="1,-1"]')
    assert sent(probe) == ["harp 1,-1"]


def test_a_spectator_sees_the_dungeon_and_purses_but_no_hand_and_nothing_to_click(probe: Any) -> None:
    setup = {"rooms": [START, "find 1,0 N"], "hands": [["find N"], ["lose NE"]]}
    spectator = view_of(setup, [], spectator=True)
    assert spectator["seat"] is None and spectator["legal"] == []
    show(probe, spectator)
    assert probe.locator(".d-room").count() == 2 and probe.locator(".d-purse").count() == 2
    assert probe.locator(".d-hand, button.d-room, .d-spot").count() == 0


def test_the_wizards_move_and_the_amazons_are_clicked_rooms_too(probe: Any) -> None:
    """Once the ability is asked for with its button (tests/games/drakon/test_browser.py)."""
    wizard = {"rooms": [START, "room 1,0 N", "find 2,0 N"], "hands": [[], ["lose NE"]],
              "heroes": ["1,0", "0,0"], "figures": ["wizard", "knight"]}
    legal = show(probe, view_of(wizard, [], {"heroes": True}))
    assert "wizard 2,0" in legal
    assert probe.locator('button.d-room[data-cell="2,0"]').count() == 0  # only once asked for
    probe.click(".d-ability")
    probe.click('button.d-room[data-cell="2,0"]')
    assert sent(probe) == ["wizard 2,0"]
    amazon = {"rooms": [START, "room 1,0 N", "find 1,1 N"], "hands": [[], ["lose NE"]],
              "figures": ["amazon", "knight"]}
    legal = show(probe, view_of(amazon, ["move 1,0"], {"heroes": True}))  # after her move
    assert legal == {"amazon 1,1", "end"}
    probe.click(".d-ability")
    probe.click('button.d-room[data-cell="1,1"]')
    assert sent(probe) == ["amazon 1,1"]
