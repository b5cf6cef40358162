"""Drakon played on its own board in a real browser (headless Debian chromium, skipped without it;
issue 17 items 2 to 5): a whole game against the heuristic bot with the Heroes! variant, at
1366×768 in French and at 390×844 in English, every decision taken by clicking inside ``#board``
only (never the moves panel); at the start of each of the seat's turns the hint, the hand, the
seat's hero and a highlighted room are inside the window without scrolling, rooms at a readable
size; the end says who won, why, and each purse's coins. The hero's ability is a quiet button:
unarmed, the page answers the rules' offer after the action with "end" by itself and says so;
armed, the offer waits and its choices are on the board."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from ...web.tables import (
    ANIMATED_DECISIONS,
    POLL_MS,
    calm,
    create_table,
    english_words,
    next_frames,
    page_codes,
)
from ...web.test_drakon_board import AWAY, board_click, view_of

#: Rooms and figures must be at least this big on screen (the old fit-to-screen went to 18 px).
READABLE_ROOM_PX = 60


def state_of(page: Any) -> str:
    return str(page.evaluate("document.body.dataset.terminal === 'true' ? 'over'"
                             " : document.body.dataset.myTurn === 'true'"
                             " && document.body.dataset.pending !== 'true' ? 'turn' : 'wait'"))


def version(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.version)"))


def click(page: Any, selector: str) -> None:
    board_click(page, f"#board {selector}")


def turns_of(arrows: str) -> set[str]:
    """The arrows of a tile in each of its four ways round ("NE" -> NE, ES, SW, NW)."""
    sides = "NESW"
    return {"".join(s for s in sides if sides[(sides.index(s) - q) % 4] in arrows) for q in range(4)}


def lay(page: Any, action: str, verb: str) -> None:
    """Choose the tile (for a placement or a swap), turn it until the action is on the board,
    click it. The Moving room is the tool already."""
    words = action.split()
    if verb in ("place", "exchange"):
        arrows = words[3] if len(words) > 3 else ""
        kind = next(k for k in page.evaluate("window.ludotheque.view().observation.hand")
                    if k.split()[0] == words[1] and arrows in turns_of(k.split()[1] if " " in k else ""))
        click(page, f'.d-hand button.d-tile[data-kind="{kind}"]')
    for _ in range(4):
        if page.locator(f'#board [data-move="{action}"]').count():
            break
        click(page, "#d-turn")
    click(page, f'[data-move="{action}"]')


def arm(page: Any) -> None:
    if page.locator("#board .d-ability").get_attribute("aria-pressed") != "true":
        click(page, ".d-ability")


def play_on_board(page: Any, action: str) -> None:
    """Take ``action`` by clicking inside #board only."""
    verb, *rest = action.split()
    if verb in ("place", "exchange", "relocate"):
        lay(page, action, verb)
    elif verb == "rotate":
        click(page, f'button.d-room[data-cell="{rest[0]}"]')
        click(page, f'[data-move="{action}"]')
    elif verb == "mind" and rest[1] != "stay":
        if page.locator(f'#board .d-controls [data-figure="{rest[0]}"]').count():
            click(page, f'.d-controls [data-figure="{rest[0]}"]')
        click(page, f'[data-move="{action}"]')
    elif verb in ("dwarf", "amazon", "wizard", "thief", "swap", "push"):
        arm(page)
        if verb == "push" and rest[1] != "stay":
            click(page, f'[data-key="push:{rest[0]}"]')
        click(page, f'[data-move="{action}"]')
    elif verb == "end":
        arm(page)
        click(page, f'[data-move="{action}"]')
    else:
        click(page, f'[data-move="{action}"]')


def choose(view: dict[str, Any], turn: int, moved: bool = True) -> str:
    """A plain player's choice: move every other turn (and at the first chance until it has moved
    once), else lay a tile, else move; the ability now and then; a choice step's first offer."""
    legal = [e["action"] for e in view["legal"]]
    step = view["observation"]["step"]
    if step == "turn":
        abilities = [a for a in legal if a.split()[0] in ("dwarf", "thief", "swap", "push", "amazon")]
        moves = [a for a in legal if a.startswith("move ")]
        places = [a for a in legal if a.startswith("place ")]
        if abilities and turn % 4 == 3 and (moved or not moves):
            return abilities[0]
        if moves and (turn % 2 == 0 or not places or not moved):
            return moves[turn % len(moves)]
        if places:
            return places[(turn * 7) % len(places)]
        return legal[0]
    if step == "ability":  # armed only when the choice is to use it
        return next(a for a in legal if a != "end")
    rotations = [a for a in legal if a.startswith("rotate ")]
    return (rotations or legal)[turn % len(rotations or legal)]


# -- what is in view --------------------------------------------------------------------------------

IN_VIEW = """() => {
  const W = window.innerWidth, H = window.innerHeight;
  const map = document.querySelector('#board .d-viewport').getBoundingClientRect();
  const inside = (r, box) => r.width > 0 && r.left >= box.left - 1 && r.top >= box.top - 1
    && r.right <= box.right + 1 && r.bottom <= box.bottom + 1;
  const win = { left: 0, top: 0, right: W, bottom: H };
  const seen = (node) => node && inside(node.getBoundingClientRect(), win);
  const onMap = (node) => seen(node) && inside(node.getBoundingClientRect(), map);
  const view = window.ludotheque.view();
  const hand = [...document.querySelectorAll('#board .d-hand .d-tile')];
  const turnFigure = view.observation.step_hero;
  const hero = document.querySelector(`#board .d-room .hero[data-figure="${turnFigure}"]`);
  const targets = [...document.querySelectorAll('#board button.d-room.target')];
  const scale = Number(document.querySelector('#board .d-world').dataset.scale);
  const name = document.querySelector('#board .d-room .name');
  return {
    hint: seen(document.querySelector('#board .d-act .hint')),
    prompt: seen(document.getElementById('prompt')),
    hand: hand.length === 0 || hand.every(seen),
    hero: onMap(hero),
    targets: targets.length, target_seen: targets.length === 0 || targets.some(onMap),
    map_in_window: map.top >= 0 && map.top < H - 150,
    room_px: Math.round(72 * scale),
    name_px: name ? parseFloat(getComputedStyle(name).fontSize) * scale : 12,
    scroll: window.scrollY,
    version: Number(document.body.dataset.version),
  };
}"""


def settle(page: Any) -> None:
    """Pieces still coming in (or sliding) are measured where they end, and a new decision once
    the board has brought it into sight (on the next frame)."""
    next_frames(page)
    page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running'"
                           " || a.effect.getTiming().iterations === Infinity)")


def check_in_view(page: Any) -> dict[str, Any]:
    settle(page)
    box = dict(page.evaluate(IN_VIEW))
    assert box["hint"] and box["prompt"] and box["hand"] and box["hero"] and box["target_seen"], str(box)
    assert box["map_in_window"], box
    assert box["room_px"] >= READABLE_ROOM_PX and box["name_px"] >= 9, box
    return box


#: What the page drew, recorded as it happens by a MutationObserver (the board draws itself anew
#: at each update, and the test may look only after the next one: the note of a turn the page
#: ended goes when the seat's next turn is drawn). ``drawn``: each version drawn, with its step,
#: whether the seat was to act and whether its ability was armed; ``notes``: the versions at
#: which a note of the page (``#board .d-note``) came into sight.
DRAWN = """(() => {
  window.drawn = {};
  window.notes = [];
  let shown = false;
  new MutationObserver(() => {
    const view = window.ludotheque && window.ludotheque.view();
    if (!view || !view.observation) return;
    const at = window.drawn[view.version] || (window.drawn[view.version] = {
      step: view.observation.step, mine: view.to_act === view.seat, armed: false });
    at.armed = at.armed || !!document.querySelector('#board .d-ability[aria-pressed="true"]');
    const note = document.querySelector('#board .d-note');
    if (note && !shown) window.notes.push({ version: view.version, text: note.textContent });
    shown = !!note;
  }).observe(document, { childList: true, subtree: true, attributes: true,
                         attributeFilter: ['aria-pressed'] });
})()"""


def open_seat(chromium: Any, open_page: Any, base: str, lang: str, size: tuple[int, int]) -> Any:
    # the published short game (goal 7): long enough for every kind of decision the test checks
    options = {"players": 2, "first_player": 0, "heroes": True, "goal": 7, "turn_limit": 40}
    table = create_table(base, ["human", "bot:heuristic"], options, game="drakon")
    page = open_page(chromium, *size, locale="fr-FR" if lang == "fr" else "en-GB")
    page.add_init_script("localStorage.setItem('ludotheque.name', 'Zoé')")
    page.add_init_script(DRAWN)
    page.goto(base + table["seats"][0]["url"])
    page.wait_for_selector("#board .d-room")
    page.evaluate("document.getElementById('moves').addEventListener('click', () => "
                  "{ window.panelClicks = (window.panelClicks || 0) + 1; }, true)")
    return page


@pytest.mark.parametrize(("lang", "size"), [("fr", (1366, 768)), ("en", (390, 844))])
def test_a_whole_game_is_played_on_the_board_with_the_action_in_view(chromium: Any, open_page: Any,
                                                                     base: str, lang: str,
                                                                     size: tuple[int, int]) -> None:
    page = open_seat(chromium, open_page, base, lang, size)
    turns = checked = 0
    kinds: set[str] = set()
    clicked: set[int] = set()  # the versions at which the test chose "end" itself
    could_move = False
    last_turn = -1
    deadline = time.monotonic() + 240
    while (now := state_of(page)) != "over":
        assert time.monotonic() < deadline, f"the game does not end ({turns} decisions)"
        if now == "wait":
            time.sleep(POLL_MS / 1000)
            continue
        view = page.evaluate("window.ludotheque.view()")
        obs, legal = view["observation"], [e["action"] for e in view["legal"]]
        if not legal:  # an update came between the two reads: no longer ours (the deadline
            continue   # still catches a page that says "your turn" with nothing to play)
        mark = version(page)
        if obs["step"] == "ability" and page.locator("#board .d-ability[aria-pressed=true]").count() == 0:
            # unarmed: the page itself ends the turn, and says so
            page.wait_for_function(f"Number(document.body.dataset.version) > {mark}")
            continue
        if obs["step"] == "turn" and obs["turn"] != last_turn:  # the turn begins
            last_turn = obs["turn"]
            check_in_view(page)
            checked += 1
            if checked % 4 == 1:  # words, not codes: rooms by where they lie, not "2,-1"
                assert page_codes(page) == []
                assert lang != "fr" or english_words(page) == []
        elif obs["step"] != "turn":  # a room's choice: what to click is in sight too
            settle(page)
            box = page.evaluate(IN_VIEW)
            if box["version"] != mark:  # the table played a forced choice meanwhile: look again
                continue
            assert box["hint"] and box["target_seen"], (obs["step"], box)
        if len(legal) == 1:  # forced: the table may play it for us
            try:
                page.wait_for_function(f"Number(document.body.dataset.version) > {mark}", timeout=3000)
                continue
            except Exception:  # noqa: BLE001 - still ours to play
                pass
        action = choose(view, checked if obs["step"] == "turn" else turns, "move" in kinds)
        could_move = could_move or any(a.startswith("move ") for a in legal)
        kinds.add(action.split()[0])
        if action == "end":
            clicked.add(view["version"])
        assert unnamed_controls(page) == 0
        play_on_board(page, action)
        page.wait_for_function(f"Number(document.body.dataset.version) > {mark}"
                               " || document.body.dataset.terminal === 'true'")
        turns += 1
        if turns == ANIMATED_DECISIONS:  # the animations tried: the rest of the game without them
            calm(page)
    assert page.evaluate("window.panelClicks || 0") == 0
    # every offer after the action that the page found unarmed, it answered with "end" and said
    # so on the board; it said so at no other time
    drawn = {int(v): at for v, at in page.evaluate("window.drawn").items()}
    table = page.evaluate("location.pathname").split("/")[2]
    actions = httpx.get(f"{base}/api/tables/{table}/record").json()["actions"]
    answered = {v for v, at in drawn.items() if at["mine"] and at["step"] == "ability" and not at["armed"]
                and v not in clicked}
    assert all(actions[v] == "end" for v in answered), [(v, actions[v]) for v in answered]
    notes = page.evaluate("window.notes")
    assert {note["version"] for note in notes} == answered and len(notes) == len(answered), (answered, notes)
    assert all(note["text"].strip() for note in notes), notes
    assert checked >= 3 and "place" in kinds and ("move" in kinds or not could_move), (checked, kinds)
    end_screen(page, lang)
    assert page_codes(page) == []
    if lang == "fr":
        assert english_words(page) == []


def unnamed_controls(page: Any) -> int:
    return int(page.evaluate("""[...document.querySelectorAll('#board button, #board [role=button]')]
        .filter(b => !(b.getAttribute('aria-label') || b.textContent).trim()).length"""))


def end_screen(page: Any, lang: str) -> None:
    """Said once, above the board: whether the seat won, who won and why, and each seat's coins
    adding up to its gold."""
    page.wait_for_selector("#end:not([hidden])")
    view = page.evaluate("window.ludotheque.view()")
    obs, names = view["observation"], [s["name"] for s in view["seats"]]
    assert all(names[s] in page.inner_text("#end .winners") for s in obs["winners"]), obs["winners"]
    won = view["seat"] in obs["winners"]
    outcome = {"en": ("You won", "You share the win") if won else ("You lost",),
               "fr": ("Vous avez gagné", "Vous partagez la victoire") if won else ("Vous avez perdu",)}
    assert page.inner_text("#end .outcome") in outcome[lang]
    why = page.inner_text("#end .reason")
    words = {"en": {"goal": "goal", "stuck": "most gold", "limit": "turn limit", "escape": "escaped"},
             "fr": {"goal": "objectif", "stuck": "le plus d'or", "limit": "limite de tours",
                    "escape": "évasion"}}
    assert words[lang][obs["ending"]] in why.lower(), why
    end = page.inner_text("#end")
    for seat in range(obs["players"]):
        purse = obs["purse_of"][seat]
        values = [str(v + 1) for v, n in enumerate(obs["purse_coins"][purse]) for _ in range(n)]
        if len(values) > 1:
            assert f"{' + '.join(values)} = {obs['gold'][purse]}" in end, (values, end)
    assert page.locator("#board .d-end").count() == 0  # (the board's own panel said it twice)
    assert "Ω" not in page.inner_text("#board")


# -- the ability, from explicit positions ----------------------------------------------------------

MOUNT = """async (views) => {
  const i18n = await import('/static/js/i18n.js');
  const board = await import('/games/drakon/board.js');
  i18n.addStrings(board.strings);
  document.getElementById('board')?.remove();  // the board of the test before
  const root = document.createElement('section');
  root.id = 'board';
  root.className = 'board';
  document.body.prepend(root);
  window.acted = [];
  root.addEventListener('click', (event) => {
    const target = event.target.closest('[data-move]');
    if (target) window.acted.push(target.dataset.move);
  });
  // what the page sends by itself (ui.act) is marked as such
  const act = (a) => { window.acted.push('page:' + a); return true; };
  const ui = { t: i18n.t, notify: () => {}, interactive: true, act };
  window.dboard = board.createBoard(root, ui);
  window.dboard.update(views[0]);
  window.next = (k) => window.dboard.update(views[k]);
}"""

AMAZON = {"rooms": ["start 0,0 NESW", "room 1,0 N", "find 1,1 N"], "hands": [[], ["lose NE"]],
          "figures": ["amazon", "knight"]}


@pytest.fixture(scope="module")
def probe(chromium: Any, base: str) -> Any:
    context = chromium.new_context(viewport={"width": 1366, "height": 768}, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(base + "/")
    yield page
    context.close()
    assert not errors, errors


#: The page's language switched in place (no reload): the board's words follow it.
SET_LANG = "(code) => import('/static/js/i18n.js').then((i18n) => i18n.setLang(code))"


def mount(page: Any, *views: dict[str, Any]) -> None:
    page.evaluate(MOUNT, list(views))


def test_unarmed_the_offer_after_the_action_is_answered_by_the_page(probe: Any) -> None:
    before, after = (view_of(AMAZON, played, {"heroes": True}) for played in ([], ["move 1,0"]))
    assert before["observation"]["turn"] == after["observation"]["turn"]
    assert {e["action"] for e in after["legal"]} == {"amazon 1,1", "end"}
    mount(probe, before, after)
    assert probe.locator("#board .d-ability").get_attribute("aria-pressed") == "false"
    # before the action the Amazon's extra moves are not offered until asked for
    assert probe.locator('#board [data-move^="amazon "]').count() == 0
    probe.evaluate("window.next(1)")
    probe.wait_for_function("window.acted.length > 0")
    assert probe.evaluate("window.acted") == ["page:end"]
    assert "kept for later" in probe.inner_text("#board .d-note")


def test_armed_the_ability_waits_after_the_action_with_its_choices_on_the_board(probe: Any) -> None:
    before, after = (view_of(AMAZON, played, {"heroes": True}) for played in ([], ["move 1,0"]))
    mount(probe, before, after)
    probe.click("#board .d-ability")  # asked for during the turn
    assert probe.locator("#board .d-ability").get_attribute("aria-pressed") == "true"
    probe.evaluate("window.next(1)")
    probe.wait_for_timeout(50)
    assert probe.evaluate("window.acted") == []  # nothing answered for the player
    assert probe.locator("#board .d-ability").get_attribute("aria-pressed") == "true"
    assert probe.locator("#board button.d-room.ability").count() == 1
    probe.click('#board button.d-room[data-cell="1,1"]')
    assert probe.evaluate("window.acted") == ["amazon 1,1"]
    probe.click('#board .d-controls [data-move="end"]')
    assert probe.evaluate("window.acted") == ["amazon 1,1", "end"]


def test_the_dwarf_is_used_before_the_action_by_the_keyboard_alone(probe: Any) -> None:
    dwarf = {"rooms": ["start 0,0 NESW", "room 1,0 N"], "hands": [["find N", "lose NE"], ["room NE"]],
             "pile": ["room N", "room E"], "figures": ["dwarf", "knight"]}
    start = view_of(dwarf, [], {"heroes": True})
    assert "dwarf" in {e["action"] for e in start["legal"]}
    mount(probe, start)
    assert probe.locator('#board [data-move="dwarf"]').count() == 0
    assert "discard any tiles" in (probe.locator("#board .d-ability").get_attribute("title") or "")
    probe.focus("#board .d-ability")
    probe.keyboard.press("Enter")
    assert probe.evaluate("document.activeElement.classList.contains('d-ability')")
    probe.keyboard.press("Tab")
    assert probe.evaluate("document.activeElement.dataset.move") == "dwarf"
    probe.keyboard.press("Enter")
    assert probe.evaluate("window.acted") == ["dwarf"]


def test_rooms_heroes_and_the_dragon_say_what_they_do_in_both_languages(probe: Any) -> None:
    """Tooltips, a tap's explanation on the map, the drawn dragon; the Rules drawer says how to
    play here."""
    setup = {"rooms": ["start 0,0 NESW", "find 1,0 N", "drakon 2,0 N"], "hands": [["wind N"], ["room NE"]],
             "drakon": "2,0", "figures": ["thief", "knight"]}
    said = {"en": ("takes a coin at random from the treasure", "steal a coin", "goes back to Start"),
            "fr": ("prend une pièce au hasard dans le trésor", "voler une pièce", "retourne au Départ")}
    for lang, words in said.items():
        probe.evaluate(SET_LANG, lang)
        mount(probe, view_of(setup, [], {"heroes": True}, lang))
        room = probe.locator('#board .d-room[data-cell="1,0"]')
        assert words[0] in (room.get_attribute("title") or "")
        chip = probe.locator('#board .d-purse .hero-chip[data-key="who:thief"]')
        assert words[1] in (chip.get_attribute("aria-label") or "")
        chip.click()  # a tap says it on the board
        assert words[1] in probe.inner_text("#board .d-explain")
        dragon = probe.locator("#board .figs .drakon")
        assert dragon.locator("svg").count() == 1 and words[2] in (dragon.get_attribute("title") or "")
        probe.click('#board div.d-room[data-cell="2,0"]')
        assert words[2] in probe.inner_text("#board .d-explain")
        if lang == "fr":
            assert english_words(probe, "#board") == []
    probe.evaluate(SET_LANG, "en")  # the browser's language, for the next tests
    probe.evaluate("localStorage.removeItem('ludotheque.lang')")
    drawer = probe.evaluate("import('/games/drakon/board.js').then(m => m.rules)")
    assert "<h3>Playing here</h3>" in drawer["en"] and "<h3>Jouer ici</h3>" in drawer["fr"]


def test_a_tile_is_laid_and_a_hero_moved_by_the_keyboard_alone(probe: Any) -> None:
    setup = {"rooms": ["start 0,0 NESW", "find 1,0 W"], "hands": [["wind N"], ["room NE"]]}
    mount(probe, view_of(setup, []))
    active = "document.activeElement"

    def tab_to(test: str) -> None:
        for _ in range(40):
            probe.keyboard.press("Tab")
            if probe.evaluate(f"!!{active}.closest('#board') && ({test})"):
                return
        raise AssertionError(f"never reached by Tab: {test}")

    tab_to(f"{active}.dataset.kind === 'wind N'")
    probe.keyboard.press("Enter")  # the tile is chosen, the focus on Turn
    assert probe.evaluate(f"{active}.id") == "d-turn"
    probe.keyboard.press("Enter")
    tab_to(f"{active}.classList.contains('d-spot')")
    spot = probe.evaluate(f"{active}.dataset.move")
    probe.keyboard.press("Enter")
    assert probe.evaluate("window.acted") == [spot] and spot.startswith("place wind ")
    mount(probe, view_of(setup, []))
    tab_to(f"{active}.dataset.move === 'move 1,0'")
    probe.keyboard.press("Enter")
    assert probe.evaluate("window.acted") == ["move 1,0"]
    # every room is reached with the arrow keys from the map, and says what it does
    mount(probe, view_of(setup, []))
    tab_to(f"{active}.classList.contains('d-viewport')")
    probe.keyboard.press("ArrowRight")  # from the hero's room, Start, to the next one east
    assert probe.evaluate(f"{active}.dataset.cell") in ("0,0", "1,0")
    probe.keyboard.press("ArrowRight")
    assert probe.evaluate(f"{active}.dataset.cell") == "1,0"
    assert "treasure" in probe.inner_text("#board .d-explain")


def test_pieces_keep_their_travel_keys_from_one_view_to_the_next(probe: Any) -> None:
    """For motion.js (item 8): a tile laid keeps the key it had in the hand, rooms, heroes, the
    dragon and coins keep theirs."""
    setup = {"rooms": ["start 0,0 NESW", "find 1,0 S", "room 1,-1 N"], "drakon": "1,-1",
             "hands": [["wind N", "lose N"], ["room NE"]], "purses": [[1, 0, 0], [0, 1, 0]]}
    before, after = view_of(setup, []), view_of(setup, ["place wind -1,0 N"], seat=0)
    mount(probe, before, after)
    keys = "(sel) => [...document.querySelectorAll(sel)].map(e => e.dataset.travel)"
    tile = probe.evaluate(f"({keys})('#board .d-hand [data-kind=\"wind N\"]')")[0]
    start = probe.get_attribute('#board .d-room[data-cell="0,0"]', "data-travel")
    figures = sorted(probe.evaluate(f"({keys})('#board .figs [data-travel]')"))
    coins = probe.evaluate(f"({keys})('#board .d-purse .d-coin')")
    heroes = ["fig-drakon", *(f"fig-{h['figure']}" for h in before["observation"]["heroes"])]
    assert tile and start and figures == sorted(heroes) and len(coins) == 2
    probe.evaluate("window.next(1)")
    assert probe.get_attribute('#board .d-room[data-cell="-1,0"]', "data-travel") == tile
    assert probe.get_attribute('#board .d-room[data-cell="0,0"]', "data-travel") == start
    assert sorted(probe.evaluate(f"({keys})('#board .figs [data-travel]')")) == figures
    assert probe.evaluate(f"({keys})('#board .d-purse .d-coin')") == coins
    every = probe.evaluate(f"({keys})('#board [data-travel]')")
    assert len(set(every)) == len(every)  # no two pieces share a key


# -- room names on the tiles -----------------------------------------------------------------------

def every_room(heroes: list[str]) -> dict[str, Any]:
    """Every kind of room on the map (every arrow on each that has some), a hand of long names,
    six heroes and Drakon standing where ``heroes`` says (the last cell is Drakon's)."""
    from ludotheque.games.drakon.components import ARROWLESS, EFFECTS

    cells = [f"{x},{y}" for y in (1, 0, -1) for x in range(-2, 4) if (x, y) != (0, 0)]
    rooms = ["start 0,0 NESW"]
    for effect, cell in enumerate(cells, 1):
        rooms.append(f"{EFFECTS[effect]} {cell}" + ("" if effect in ARROWLESS else " NESW"))
    hands = [["room NE", "steal-left NE", "teleport", "drakon NE"]] + [[]] * 5
    return {"rooms": rooms, "hands": hands, "heroes": heroes[:6], "drakon": heroes[6]}


#: Where each tile's name is not shown whole and apart (none, when all is well): cut (it overflows
#: its band, or a line of it lies outside the band's box), ellipsis, a word broken across lines
#: (a break is allowed only at a space or after a hyphen), other words than the room's (its whole
#: name, or else its short name), the whole name missing from the tooltip, a figure on the name or
#: on an arrow, a click on the name or a figure that does not reach its own room.
NAMES_WHOLE = r"""([full, short]) => {
  const bad = [];
  const inside = (x, y, r) => x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
  const meet = (a, b) => a.left < b.right - .5 && b.left < a.right - .5
    && a.top < b.bottom - .5 && b.top < a.bottom - .5;
  const map = document.querySelector('#board .d-viewport').getBoundingClientRect();
  const controls = [...document.querySelectorAll('#board .d-zoom, #board .d-edge:not([hidden])')]
    .map((c) => c.getBoundingClientRect());
  for (const tile of document.querySelectorAll('#board .d-room, #board .d-tile')) {
    const name = tile.querySelector(':scope > .name');
    const room = tile.dataset.room || tile.dataset.kind.split(' ')[0];
    const where = `${room} ${tile.dataset.cell || 'hand'}`;
    if (!name) {  // a plain room is named in the hand only
      if (room !== 'room' || tile.dataset.kind) bad.push(`${where}: no name`);
      continue;
    }
    const text = name.textContent, box = name.getBoundingClientRect();
    if (text !== full[room] && text !== short[room]) bad.push(`${where}: "${text}" is not its name`);
    if (!(tile.getAttribute('title') || '').includes(full[room])) bad.push(`${where}: a tooltip without it`);
    if (name.scrollWidth > name.clientWidth || name.scrollHeight > name.clientHeight + 1)
      bad.push(`${where}: "${text}" overflows`);
    if (text.includes('…') || getComputedStyle(name).textOverflow === 'ellipsis') bad.push(`${where}: …`);
    const node = name.firstChild, range = document.createRange();
    range.selectNodeContents(node);
    // a line's glyphs may rise above its line box: its middle must be in the band, its ends too
    for (const line of range.getClientRects()) {
      const middle = (line.top + line.bottom) / 2;
      if (line.left < box.left - .5 || line.right > box.right + .5 || middle < box.top || middle > box.bottom)
        bad.push(`${where}: "${text}" is cut`);
    }
    for (const word of text.matchAll(/[^\s-]+-?/g)) {
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      const lines = new Set(rects.map((r) => Math.round(r.top)));
      if (lines.size > 1) bad.push(`${where}: "${word[0]}" broken across lines`);
    }
    const figures = [...tile.querySelectorAll('.figs > *')]
      .map((f) => [f.dataset.travel, f.getBoundingClientRect()]);
    const arrows = [...tile.querySelectorAll(':scope > .arrow')].map((a) => a.getBoundingClientRect());
    for (const [figure, r] of figures) {
      if (meet(r, box)) bad.push(`${where}: ${figure} on the name`);
      if (arrows.some((a) => meet(r, a))) bad.push(`${where}: ${figure} on an arrow`);
    }
    if (!tile.classList.contains('d-room')) continue;
    for (const r of [box, ...figures.map(([, f]) => f)]) {  // in the map's sight, not under its buttons
      const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
      if (!inside(x, y, map) || controls.some((c) => inside(x, y, c))) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit.closest('.d-room') !== tile) bad.push(`${where}: a click hits ${hit && hit.className}`);
    }
  }
  return bad;
}"""

#: The map's zoom taken to its least ('min') or its most ('max'), with its own buttons.
ZOOM_TO = """async (end) => {
  const { MIN_SCALE, MAX_SCALE } = await import('/games/drakon/camera.js');
  const goal = end === 'min' ? MIN_SCALE : MAX_SCALE;
  const scale = () => Number(document.querySelector('#board .d-world').dataset.scale);
  for (let i = 0; i < 20 && Math.abs(scale() - goal) > 1e-3; i++)
    document.getElementById(end === 'min' ? 'd-zoom-out' : 'd-zoom-in').click();
  return Math.abs(scale() - goal) < 1e-3;
}"""

#: The next view drawn as the table draws it (motion.js slides the figures that moved); each
#: figure on its way, stopped halfway: the click at its centre goes to what lies under it.
FLYING = """async () => {
  const motion = await import('/static/js/motion.js');
  const root = document.getElementById('board');
  const before = motion.snapshot(root);
  window.next(1);
  motion.markFresh(root, before);
  const caught = [];
  let flying = 0;
  for (const figure of root.querySelectorAll('.figs > *')) {
    const slides = figure.getAnimations();
    if (!slides.length) continue;
    flying += 1;
    for (const a of slides) { a.pause(); a.currentTime = a.effect.getTiming().duration / 2; }
    const r = figure.getBoundingClientRect();
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (hit && hit.closest('.figs')) caught.push(`${hit.dataset.travel || hit.className} takes the click`);
    for (const a of slides) a.finish();
  }
  return { flying, caught };
}"""

SHORT_NAMES = """async (lang) => {
  const { strings } = await import('/games/drakon/board.js');
  return Object.fromEntries(Object.entries(strings[lang]).filter(([k]) => k.startsWith('d_short_'))
    .map(([k, v]) => [k.slice('d_short_'.length), v]));
}"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_room_name_is_whole_on_its_tile_with_the_figures_beside_it(probe: Any, lang: str) -> None:
    """Issue 34: names were broken mid-word ("Mouveme/nts de Drakon") or cut ("Vol de pièce,
    sens ant…") and figures sat on them. Crowded (six heroes and Drakon in one room), then one
    figure a room after they moved; at the least and the most zoom the board allows."""
    crowded = ["2,1"] * 7
    spread = ["0,-1", "1,-1", "0,1", "-1,0", "3,-1", "2,0", "-2,-1"]
    views = [view_of(every_room(heroes), [], {"players": 6}, lang) for heroes in (crowded, spread)]
    views[1]["version"] = 2
    full = {room: words["name"] for room, words in views[0]["legend"]["rooms"].items()}
    probe.evaluate(SET_LANG, lang)
    try:
        mount(probe, *views)
        short = probe.evaluate(SHORT_NAMES, lang)
        assert probe.locator("#board .d-room").count() == len(full)
        for view in (0, 1):
            if view:
                moved = probe.evaluate(FLYING)
                assert moved["flying"] == 7 and moved["caught"] == [], moved
            for end in ("min", "max"):
                assert probe.evaluate(ZOOM_TO, end)
                bad = probe.evaluate(NAMES_WHOLE, [full, short])
                assert bad == [], (view, end, bad)
        # on a phone too (tiles of the hand are smaller there)
        probe.set_viewport_size({"width": 390, "height": 844})
        probe.evaluate("window.next(1)")
        for end in ("min", "max"):
            assert probe.evaluate(ZOOM_TO, end)
            bad = probe.evaluate(NAMES_WHOLE, [full, short])
            assert bad == [], ("phone", end, bad)
        hand_tile = probe.locator("#board .d-hand .d-tile").first
        assert hand_tile.evaluate("t => getComputedStyle(t).width") == "60px"
        # the longest names took their short names; the whole names stay in the tooltips
        for room in ("steal-left", "steal-right", "drakon"):
            tile = probe.locator(f'#board .d-room[data-room="{room}"]')
            assert tile.locator(".name").text_content() == short[room]
            assert full[room] in (tile.get_attribute("aria-label") or "")
    finally:
        probe.set_viewport_size({"width": 1366, "height": 768})
        probe.evaluate(SET_LANG, "en")  # the browser's language, for the next tests
        probe.evaluate("localStorage.removeItem('ludotheque.lang')")


def test_a_click_on_a_spot_out_of_the_maps_sight_reaches_it(probe: Any) -> None:
    """Issue 34 (clicks that failed on a phone): the browser scrolls the map to show what a click
    aims at (or what gets the focus); the camera pans as much, and the click lands on its spot."""
    rooms = ["start 0,0 NESW", *(f"room {x},0 N" for x in range(-12, 0)),
             *(f"find {x},0 N" for x in range(1, 13))]
    mount(probe, view_of({"rooms": rooms, "hands": [["lose NE"], []]}, []))
    probe.click('#board .d-hand button.d-tile[data-kind="lose NE"]')
    spot = probe.locator('#board .d-spot[data-move="place lose -13,0 NE"]')
    assert probe.evaluate(AWAY, spot.element_handle()) == "w"  # out of the map's sight
    spot.click(timeout=5000)
    assert probe.evaluate("window.acted") == ["place lose -13,0 NE"]
