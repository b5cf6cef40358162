"""Kagoun played on its own board in a real browser (headless Debian chromium, skipped without
it; issue 17 items 1 and 2): a whole 2-player game of six rounds against the heuristic bot, in
English and in French, every decision taken by clicking inside ``#board`` only (a card of the
hand, then a target's end, then the preview's confirmation; a pair then a slot of the chain; the
board's buttons), never the moves panel; the preview agrees with the server's label of the move;
every button of the board has an accessible name; no script error, and no English word on the
French page. And the Kagoun! call asks for a confirmation on the board under 10 points (by
keyboard here), cancelling changes nothing, confirming calls."""

from __future__ import annotations

import functools
import random
import re
import time
from typing import Any

import pytest

from ludotheque.bots.registry import make_bot
from ludotheque.core.game import CHANCE
from ludotheque.core.registry import get_game
from ludotheque.renderers import renderer_for
from ludotheque.server.store import SeatRow
from ludotheque.server.views import build_view

from ...web.tables import (
    ANIMATED_DECISIONS,
    FORCED_WAIT_MS,
    POLL_MS,
    calm,
    create_table,
    english_words,
    mount_board,
    page_codes,
    wait_turn_or_end,
)

PAIRING = ("capture", "steal", "defend")


#: How a pairing label says it is not valid (render.py's "invalid").
INVALID = {"en": "not a valid pairing", "fr": "appariement non valide"}


def _strength(entry: dict[str, Any]) -> int:
    """The strength of a pairing as the view's legal entry gives it (its parts), -1 when invalid."""
    return int(entry["strength"]) if entry.get("valid") else -1


def choose(view: dict[str, Any], turn: int) -> str:
    """A plain player's choice: call with 10 points, consolidate, the strongest valid pairing,
    else discard, else whatever is left (never a call under 10)."""
    entries = {e["action"]: e for e in view["legal"]}
    legal = list(entries)
    obs = view["observation"]
    if "kagoun" in legal and obs["points"][view["seat"]] >= 10:
        return "kagoun"
    me = view["seat"]
    if "consolidate" in legal and (obs["chains"][me] or len(obs["pairs"][me]) >= 2):
        return "consolidate"
    pairings = [a for a in legal if a.split()[0] in PAIRING]
    good = sorted((a for a in pairings if _strength(entries[a]) >= 0), key=lambda a: -_strength(entries[a]))
    if good:
        return good[turn % min(2, len(good))]
    if "consolidate" in legal and turn % 3 == 0:
        return "consolidate"
    if "discard" in legal:
        return "discard"
    drops = [a for a in legal if a.startswith("drop ")]
    if "stop" in legal and (turn % 2 or not drops):
        return "stop"
    rest = [a for a in legal if a != "kagoun"]
    return (drops or rest)[turn % len(drops or rest)]


def wait_turn(page: Any) -> bool:
    """Until the seat has a decision to make (a forced move is left to the table a while)."""
    return wait_turn_or_end(page)


def play_on_board(page: Any, view: dict[str, Any], action: str) -> None:
    """Take ``action`` by clicking inside #board only."""
    words = action.split()
    entries = {e["action"]: e for e in view["legal"]}
    if words[0] in PAIRING:
        mine, line = words[1][:2], words[2]
        page.click(f'#board [data-hand="{mine}"]')
        page.click(f'#board [data-target="{line}"]')
        row = page.locator(f'#board .k-pv:has([data-move="{action}"])')
        valid = _strength(entries[action]) >= 0
        assert row.get_attribute("data-valid") == str(valid).lower(), (action, entries[action]["label"])
        if valid:  # the preview says the strength the server counts
            assert re.search(rf"\b{_strength(entries[action])}\b", row.inner_text()), row.inner_text()
        page.click(f'#board .k-preview [data-move="{action}"]')
    elif words[0] in ("chain", "scrap"):
        card = words[1][:2]
        if page.locator(f'#board [data-pick="{card}"]').count():
            page.click(f'#board [data-pick="{card}"]')
        page.click(f'#board [data-move="{action}"]')
    elif action == "kagoun":
        page.click("#board .k-call")
    else:
        page.click(f'#board [data-move="{action}"]')


def unnamed_buttons(page: Any) -> int:
    return int(page.evaluate("""[...document.querySelectorAll('#board button, #board [role=button]')]
        .filter(b => !(b.getAttribute('aria-label') || b.textContent).trim()).length"""))


def open_seat(chromium: Any, open_page: Any, base: str, lang: str, options: dict[str, Any],
              size: tuple[int, int] = (1366, 900), lively: bool = False) -> Any:
    """Seat 0's page of a new table against the heuristic bot, under reduced motion unless
    ``lively`` (a page animating repaints every frame)."""
    table = create_table(base, ["human", "bot:heuristic"], {"players": 2, **options}, game="kagoun")
    page = open_page(chromium, *size, locale="fr-FR" if lang == "fr" else "en-GB")
    if not lively:
        calm(page)
    page.add_init_script("localStorage.setItem('ludotheque.name', 'Zoé')")
    page.goto(base + table["seats"][0]["url"])
    page.wait_for_function("document.body.dataset.version !== undefined")
    page.wait_for_selector("#board .k-card")
    # a click in the moves panel would be counted here
    page.evaluate("document.getElementById('moves').addEventListener('click', () => "
                  "{ window.panelClicks = (window.panelClicks || 0) + 1; }, true)")
    return page


#: The rounds of the whole games (the max_rounds option; a game against the heuristic bot lasts about
#: 21): each of the seat's kinds of decision comes in them (in 40 simulated games of 5 rounds with
#: this test's choices, every one had a capture or steal and an invalid pairing in the moves list),
#: and the game ends as the rules say, at its round limit or before.
WHOLE_GAME_ROUNDS = 6


def test_whole_games_are_played_on_the_board_in_english_and_french(chromium: Any, open_page: Any,
                                                                   base: str) -> None:
    """The two games side by side (each waits for its bot and chance draws: together they take the
    time of one): in French on a laptop (1366×768), in English on a phone (390×844); each page
    asks for reduced motion after its first ANIMATED_DECISIONS decisions."""
    sizes = {"fr": (1366, 768), "en": (390, 844)}
    pages = {lang: open_seat(chromium, open_page, base, lang, {"max_rounds": WHOLE_GAME_ROUNDS}, sizes[lang],
                             lively=True) for lang in ("en", "fr")}
    for page in pages.values():
        assert page.locator("#board .k-card .k-big").count() > 0  # large half-symbols
        assert page.locator("#board .k-back").count() > 0  # the other hand and the pile: card backs
    turns = dict.fromkeys(pages, 0)
    crossed = dict.fromkeys(pages, 0)  # moves marked (✗) met in the moves list
    kinds: dict[str, set[str]] = {lang: set() for lang in pages}
    playing = set(pages)
    forced_seen: dict[str, tuple[int, float]] = {}  # a one-choice decision: its version, since when
    stalls = dict.fromkeys(pages, 0)  # clicks after which the page never moved on
    from playwright.sync_api import TimeoutError as PlaywrightTimeout  # installed: chromium runs
    deadline = time.monotonic() + 300
    while playing:
        assert time.monotonic() < deadline, f"the games do not end ({turns})"
        moved = False
        for lang in sorted(playing):
            page = pages[lang]
            now = page.evaluate("document.body.dataset.terminal === 'true' ? 'over'"
                                " : document.body.dataset.myTurn === 'true'"
                                " && document.body.dataset.pending !== 'true' ? 'turn' : 'wait'")
            if now == "over":
                playing.discard(lang)
            if now != "turn":
                continue
            view = page.evaluate("window.ludotheque.view()")
            if len(view["legal"]) < 2:  # the table plays a forced move (server/played.py)...
                seen = forced_seen.setdefault(lang, (view["version"], time.monotonic()))
                if seen[0] != view["version"]:
                    forced_seen[lang] = (view["version"], time.monotonic())
                if not view["legal"] or time.monotonic() - forced_seen[lang][1] < FORCED_WAIT_MS / 1000:
                    continue  # ...else (it did not, within FORCED_WAIT_MS) it is clicked here
            action = choose(view, turns[lang])
            kinds[lang].add(action.split()[0])
            assert unnamed_buttons(page) == 0
            titles = page.eval_on_selector_all(  # the moves list says what an invalid pairing means
                "#moves .move", "(els, invalid) => els.filter(e => e.textContent.includes(invalid))"
                ".map(e => e.title)", INVALID[lang])
            assert all("✗" in title and len(title) > 40 for title in titles), titles
            crossed[lang] += len(titles)
            if turns[lang] % 10 == 0:  # words, not codes: cards by their letters, never "S2a"
                assert page_codes(page) == []
                assert lang != "fr" or english_words(page) == []
            before = int(page.evaluate("document.body.dataset.version"))
            play_on_board(page, view, action)
            try:
                page.wait_for_function(f"Number(document.body.dataset.version) > {before}"
                                       " || document.body.dataset.terminal === 'true'")
            except PlaywrightTimeout:  # seen once in a full run, not understood: look again
                stalls[lang] += 1
                assert stalls[lang] <= 1, f"clicks on the board did not act twice ({action})"
                continue
            turns[lang] += 1
            if turns[lang] == ANIMATED_DECISIONS:  # the animations tried: the rest without them
                calm(page)
            moved = True
            assert turns[lang] < 400, "the game does not end"
        if not moved:
            time.sleep(POLL_MS / 1000)
    for lang, page in pages.items():
        assert page.evaluate("window.panelClicks || 0") == 0
        assert kinds[lang] & {"capture", "steal"}, kinds[lang]
        assert crossed[lang] > 0
        assert page.locator("#end").is_visible()
        assert page_codes(page) == []
    assert english_words(pages["fr"]) == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_calling_kagoun_under_ten_points_is_confirmed_on_the_board(chromium: Any, open_page: Any, base: str,
                                                                   lang: str) -> None:
    page = open_seat(chromium, open_page, base, lang, {"first_player": 0})
    assert wait_turn(page)
    before = page.evaluate("document.body.dataset.version")
    call = page.locator("#board .k-call")
    assert call.get_attribute("aria-pressed") == "false" and call.get_attribute("data-move") is None
    call.focus()
    page.keyboard.press("Enter")  # the keyboard alone
    confirm = page.locator("#board .k-confirm")
    warning = {"en": "You have 0 points; under 10 at the end of the round you are eliminated.",
               "fr": "Vous avez 0 point ; sous 10 points à la fin de la manche, vous êtes hors jeu."}[lang]
    assert confirm.is_visible() and warning in confirm.inner_text()
    assert page.evaluate("document.activeElement.classList.contains('k-call-cancel')")
    page.keyboard.press("Enter")  # cancel
    assert page.locator("#board .k-confirm").count() == 0
    assert page.evaluate("document.activeElement.classList.contains('k-call')")
    view = page.evaluate("window.ludotheque.view()")
    assert page.evaluate("document.body.dataset.version") == before
    assert not view["observation"]["called"][0] and "kagoun" in [e["action"] for e in view["legal"]]
    assert page.evaluate("window.panelClicks || 0") == 0
    moves_panel_call_asks_first(page, warning, before)
    if lang == "en":
        keyboard_announcement_then_next_turn(page, int(before))
    # confirmed, the call is made: the toggle stays on
    points = page.evaluate("window.ludotheque.view().observation.points[0]")
    mark = int(page.evaluate("document.body.dataset.version"))
    if points < 10:
        page.click("#board .k-call")
        page.click("#board .k-call-confirm")
    else:
        page.click("#board .k-call")  # no confirmation with 10 points
    page.wait_for_function(f"Number(document.body.dataset.version) > {mark}")
    page.wait_for_function("window.ludotheque.view().observation.called[0] === true")
    assert page.locator("#board .k-call").get_attribute("aria-pressed") == "true"
    if lang == "fr":
        assert english_words(page) == []


def moves_panel_call_asks_first(page: Any, warning: str, before: str) -> None:
    """The moves panel's Kagoun! entry asks with the same warning, by keyboard (Enter, then
    Escape) and by click (then Cancel): cancelled, nothing is sent."""
    entry = page.locator('#moves [data-action="kagoun"]')
    entry.focus()
    page.keyboard.press("Enter")
    confirm = page.locator("#moves .confirm")
    assert confirm.is_visible() and warning in confirm.inner_text()
    assert page.evaluate("document.activeElement.id") == "confirm-cancel"  # the safe answer first
    page.keyboard.press("Escape")
    assert page.locator("#moves .confirm").count() == 0
    assert page.evaluate("document.activeElement.dataset.action") == "kagoun"
    entry.click()
    page.click("#confirm-cancel")
    assert page.locator("#moves .confirm").count() == 0
    time.sleep(0.3)  # (anything sent would have come back by now)
    assert page.evaluate("document.body.dataset.version") == before
    assert not page.evaluate("window.ludotheque.view().observation.called[0]")
    page.locator("#board .k-call").focus()  # back on the board, where the keyboard was


def keyboard_announcement_then_next_turn(page: Any, before: int) -> None:
    """An announcement by keyboard alone (a hand card, its target, the preview's confirmation),
    then the game on to the seat's next announcement, the focus on the board meanwhile."""
    active = "document.activeElement"
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate(f"{active}.dataset.hand !== undefined && !!{active}.closest('#board')"):
            break
    page.keyboard.press("Enter")
    assert page.evaluate(f"{active}.dataset.target !== undefined && !!{active}.closest('#board')")
    page.keyboard.press("Enter")
    action = page.evaluate(f"{active}.closest('.k-preview') && {active}.dataset.move")
    assert action and action.split()[0] in ("capture", "steal"), action
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
    verb, _, target = action.split()
    log = page.evaluate("window.ludotheque.view().log")
    assert any(line.endswith(f"announces {verb} {target[0]}") for line in log), log  # (its letter)
    turns = 0
    while wait_turn(page):  # on to the next announcement: the focus stays on the board meanwhile
        assert page.evaluate(f"!!{active}.closest('#board')")
        view = page.evaluate("window.ludotheque.view()")
        if "kagoun" in [e["action"] for e in view["legal"]]:
            break
        mark = int(page.evaluate("document.body.dataset.version"))
        play_on_board(page, view, choose(view, turns))
        page.wait_for_function(f"Number(document.body.dataset.version) > {mark}"
                               " || document.body.dataset.terminal === 'true'")
        turns += 1


# -- each kind of decision, from positions met in play ---------------------------------------------

#: The phases a seat decides in, each met in bots' games (3 seats, seat 0 a random bot, which calls
#: Kagoun! at random and so gets eliminated and clears the river).
PHASES = ("announce", "defend", "consolidate", "rearrange", "scrap", "discard", "dropdown", "take", "clear")


@functools.cache
def decision_positions() -> dict[str, Any]:
    """For each phase, seat 0's position at its first decision of that phase with a choice (found
    once for both languages: the tests read them, never change them)."""
    game = get_game("kagoun")
    found: dict[str, Any] = {}
    for seed in range(400):
        state = game.new_state({"players": 3}, seed=seed)
        bots = [make_bot("kagoun", kind, seed + k)
                for k, kind in enumerate(("random", "heuristic", "random"))]
        chance = random.Random(seed)
        while not state.is_terminal:
            if state.to_act == CHANCE:
                state.apply(chance.choice(state.chance_outcomes())[0])
                continue
            seat = state.to_act
            observation, legal = state.observe(seat), state.legal_actions()
            phase = observation.phase
            choice = len(legal) >= (1 if phase == "clear" else 2)
            if seat == 0 and phase in PHASES and phase not in found and choice:
                found[phase] = state.clone()
                if len(found) == len(PHASES):
                    return found
            state.apply(bots[seat].act(observation, legal))
    raise AssertionError(f"no position met for {set(PHASES) - set(found)}")


@functools.cache
def decision_views(lang: str) -> dict[str, dict[str, Any]]:
    """For each phase, the view of seat 0 at its first decision of that phase with a choice."""
    renderer = renderer_for(get_game("kagoun"))
    seats = [SeatRow(0, "human", name="Zoé"), SeatRow(1, "bot", "heuristic"), SeatRow(2, "bot", "random")]
    return {phase: {**build_view(state, renderer, seats, 0, lang), "version": number + 1}
            for number, (phase, state) in enumerate(decision_positions().items())}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_kind_of_decision_is_taken_on_the_board(chromium: Any, open_page: Any, base: str,
                                                      lang: str) -> None:
    """Each phase's choices, up to four actions each (turned and upright cards, both chain ends, a
    river card, a victim), clicked on the board sends exactly that action; the French board has
    no English word whatever it asks."""
    views = decision_views(lang)
    page = open_page(chromium, 1366, 900, locale="fr-FR" if lang == "fr" else "en-GB")
    page.goto(base + "/")
    mount_board(page, "kagoun")
    for phase, view in views.items():
        actions = [e["action"] for e in view["legal"] if e["action"] != "kagoun"]
        for action in actions[:: max(1, len(actions) // 4)][:4]:
            page.evaluate("view => window.mount(view)", view)
            assert page.locator("#board .k-hint").inner_text().strip(), phase
            assert unnamed_buttons(page) == 0, phase
            if lang == "fr":
                assert english_words(page, "#board") == [], phase
            assert hidden_by_fanning(page) == [], phase
            play_on_board(page, view, action)
            assert page.evaluate("window.acted") == [action], (phase, action)
            if lang == "fr":  # what the choice showed on its way: previews, slots, confirmations
                assert english_words(page, "#board") == [], phase


#: For each of the board's Take buttons: [inside the viewport and under the prompt held at the top,
#: what a tap at its centre hits is it]
TAKE_IN_SIGHT = """() => [...document.querySelectorAll('#board .k-take')].map((node) => {
  const r = node.getBoundingClientRect(), held = document.getElementById('prompt').getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return [r.top >= held.bottom - 1 && r.bottom <= innerHeight + 0.5, !!hit && node.contains(hit)];
})"""


def test_on_a_phone_takes_opponents_are_in_sight_when_the_decision_begins(chromium: Any, open_page: Any,
                                                                          base: str) -> None:
    """Issue 34: "choose the opponent to take a card from" showed no opponent at 390×844 (they are
    below your seat and the river there). The board, under a prompt held at the top as on the
    table page, brings every Take button into sight when the decision begins."""
    views = decision_views("en")
    page = open_page(chromium, 390, 844)
    page.goto(base + "/")
    mount_board(page, "kagoun")
    page.evaluate("""() => {
      document.body.classList.add('page-table');  // the table page's held prompt (app.css)
      document.body.prepend(Object.assign(document.createElement('p'),
        { id: 'prompt', className: 'prompt', textContent: 'Choose the opponent to take a card from' }));
    }""")
    page.evaluate("view => window.mount(view)", views["announce"])  # the turn before, seen from the top
    page.evaluate("window.scrollTo(0, 0)")
    page.evaluate("view => window.mount(view)", views["take"])
    assert page.locator("#board .k-take").count() == len(views["take"]["legal"]) == 2
    page.wait_for_function(f"() => ({TAKE_IN_SIGHT})().every(([seen, hit]) => seen && hit)")
    page.click("#board .k-take >> nth=1")
    assert page.evaluate("window.acted") == [views["take"]["legal"][1]["action"]]


#: Each control of the seat's moves on the board (a hand card, a pick, a move's button, a Take):
#: [inside the viewport and under the prompt held at the top, what a tap at its centre hits is it]
CONTROLS_IN_SIGHT = """() => [...document.querySelectorAll(
    '#board [data-hand]:not([disabled]), #board [data-pick]:not([disabled]),'
    + ' #board [data-move]:not([disabled]):not(.k-call), #board .k-take')].map((node) => {
  const r = node.getBoundingClientRect(), held = document.getElementById('prompt').getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return [r.top >= held.bottom - 1 && r.bottom <= innerHeight + 0.5, !!hit && node.contains(hit)];
})"""


@pytest.mark.parametrize(("lang", "size"), [("en", (390, 844)), ("fr", (390, 844)), ("fr", (1366, 768))])
def test_each_kind_of_decision_begins_with_a_control_in_sight(chromium: Any, open_page: Any, base: str,
                                                              lang: str, size: tuple[int, int]) -> None:
    """Issue 34: on a phone (under the prompt held at the top) and on a laptop, each phase's
    decision begins with at least one control of its moves in sight and hit by a tap, wherever
    the page was scrolled."""
    views = decision_views(lang)
    page = open_page(chromium, *size, locale="fr-FR" if lang == "fr" else "en-GB")
    page.goto(base + "/")
    mount_board(page, "kagoun")
    page.evaluate("""() => {
      document.body.classList.add('page-table');  // the table page's held prompt (app.css)
      document.body.prepend(Object.assign(document.createElement('p'), { id: 'prompt', className: 'prompt',
                                                                         textContent: '…' }));
    }""")
    for view in views.values():
        for scroll in ("0", "document.body.scrollHeight"):
            page.evaluate("view => window.mount({ ...view, version: -1, to_act: null, legal: [] })", view)
            page.evaluate(f"window.scrollTo(0, {scroll})")
            page.evaluate("view => window.mount(view)", view)
            page.wait_for_function(f"() => ({CONTROLS_IN_SIGHT})().some(([seen, hit]) => seen && hit)",
                                   timeout=5000)


def hidden_by_fanning(page: Any) -> list[str]:
    """The pairs whose lower card's letter, or paired end, is covered by the upper card."""
    return list(page.evaluate("""() => [...document.querySelectorAll('#board .k-pair')].flatMap((pair) => {
      const lower = pair.querySelector('.k-lower');
      return [lower.querySelector('.k-letter'), lower.querySelector('.k-band')].filter((part) => {
        part.scrollIntoView({ block: 'center' });
        const r = part.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !hit || !lower.contains(hit);
      }).map(() => pair.dataset.pair);
    })"""))
