"""Gargon on its own board in a real browser (headless Debian chromium, skipped without it; issue 17
items 2, 4, 5, 8 and 9): two whole games against bots played by clicking only inside ``#board`` —
one at 1366×768 in French (no English word on the page), one at 390×844 in English — with, at the
start of each of the seat's turns, what it acts on (hand and Play, piles, colours, Pass, Stop)
and, following, the cards it follows inside the viewport and not covered; every button of the
board named; the cards moving by eye (in the first decisions: the rest of each game is played
under reduced motion).
Then, each fix on its own: moves that travel (and not under reduced motion), the sticky phone
prompt with the last move, taps that show what a card does, won cards side by side, the hint of a
wide score table, the replay's Next keeping its place and its first step named, Kagoun's hand in
sight at 1366×768 late in a game, Kagoun's end saying who won and why."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
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
    wait_over,
)

#: A single legal action is played by the table itself (forced moves) after a short pause: the
#: driver waits this long before clicking it itself.
FORCED_WAIT = 2.5


@pytest.fixture(scope="module", autouse=True)
def bot_tables(base: str) -> dict[str, str]:
    """Bots' games started with the module, over by the time the tests after the whole games
    look at them: Gargon with five random bots (a wide score table on a phone, a replay), Kagoun
    with three (its end)."""
    return {"gargon": str(create_table(base, ["bot:random"] * 5, {"players": 5})["id"]),
            "kagoun": str(create_table(base, ["bot:heuristic", "bot:random", "bot:heuristic"], {"players": 3},
                                       game="kagoun")["id"])}


@pytest.fixture(scope="module")
def bots_table(bot_tables: dict[str, str]) -> str:
    return bot_tables["gargon"]


@pytest.fixture
def pages(chromium: Any) -> Iterator[Any]:
    """``new(width, height, locale, reduced=True)``: pages for the test, closed after it (a page
    left open on a table being played goes on drawing every update its bots bring); any
    JavaScript error fails the test. Under reduced motion unless the test is about motion (an
    update with its animations costs the page about twice as much)."""
    contexts: list[Any] = []
    errors: list[str] = []

    def new(width: int, height: int, locale: str = "en-GB", reduced: bool = True,
            touch: bool = False) -> Any:
        context = chromium.new_context(viewport={"width": width, "height": height}, locale=locale,
                                       reduced_motion="reduce" if reduced else "no-preference",
                                       has_touch=touch, is_mobile=touch)
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield new
    for context in contexts:
        context.close()
    assert not errors, errors


def seat_page(pages: Any, base: str, width: int, height: int, lang: str, players: int = 4,
              options: dict[str, Any] | None = None, reduced: bool = True) -> Any:
    bots = ["bot:heuristic", "bot:random"] * 2
    table = create_table(base, ["human"] + bots[:players - 1], {"players": players, **(options or {})})
    page = pages(width, height, "fr-FR" if lang == "fr" else "en-GB", reduced=reduced)
    page.add_init_script("localStorage.setItem('ludotheque.name', 'Zoé')")
    page.goto(base + table["seats"][0]["url"])
    page.wait_for_selector("#board .g-board")
    page.evaluate("document.getElementById('moves').addEventListener('click', () => "
                  "{ window.panelClicks = (window.panelClicks || 0) + 1; }, true)")
    return page


# -- what a turn's first sight must hold ------------------------------------------------------------

UNCOVERED = """(selector) => [...document.querySelectorAll(selector)].slice(0, 12).map((node) => {
  const r = node.getBoundingClientRect();
  const x = Math.min(r.left + r.width / 2, innerWidth - 1), y = r.top + Math.min(r.height / 2, 12);
  const hit = document.elementFromPoint(x, y);
  return [r.top >= 0 && r.bottom <= innerHeight + 0.5 && r.left >= 0 && r.right <= innerWidth + 0.5,
          !!hit && (node === hit || node.contains(hit))];
})"""


#: Following, the cards in play of the round's first player: what the seat follows (issue 34: below
#: the fold on a phone), there only when the seat does not lead.
FOLLOWED = '.g-lead [data-zone="in_play"] .card'


def targets(actions: list[str]) -> list[str]:
    """What the seat acts on for these actions, as selectors inside #board."""
    kinds = {a.split()[0] for a in actions}
    out = []
    if "play" in kinds:
        out += ['.g-me [data-zone="hand"] button.card', "#play-selected", FOLLOWED]
    if "draw" in kinds:
        out += ["button.g-pile"]
    if "battle" in kinds:
        out += [".colour-choice"]
    out += [f'[data-move="{k}"]' for k in ("pass", "stop") if k in kinds]
    return ["#board " + s for s in out]


def settle(page: Any) -> None:
    """Where things rest: once the board has drawn its next frames (a new decision is brought into
    sight on the next one) and the moves' animations (which shift pieces for a moment) are over."""
    next_frames(page)
    page.wait_for_function("document.getAnimations().every((a) => a.playState !== 'running'"
                           " || a.effect?.target?.closest?.('#seats'))")


def out_of_sight(page: Any, actions: list[str]) -> list[str]:
    settle(page)
    bad = []
    for selector in targets(actions):
        seen = page.evaluate(UNCOVERED, selector)
        assert seen or selector.endswith(FOLLOWED), selector
        bad += [f"{selector} #{i}: in view {a}, uncovered {b}"
                for i, (a, b) in enumerate(seen) if not (a and b)]
    return bad


def unnamed_buttons(page: Any) -> int:
    return int(page.evaluate("""[...document.querySelectorAll('#board button, #board [role=button]')]
        .filter(b => !(b.getAttribute('aria-label') || b.textContent).trim()).length"""))


# -- a player that clicks on the board only ------------------------------------------------------------

class BoardPlayer:
    def __init__(self, page: Any, lang: str, rng: random.Random) -> None:
        self.page, self.lang, self.rng = page, lang, rng
        self.turns = 0
        self.kinds: set[str] = set()
        self.single_since: float | None = None
        self.last_kinds = ""
        self.problems: list[str] = []
        self.travelled = 0  # cards that moved by eye before the page asked for reduced motion

    def state(self) -> str:
        return str(self.page.evaluate(
            "document.body.dataset.terminal === 'true' ? 'over' : document.body.dataset.myTurn === 'true'"
            " && document.body.dataset.pending !== 'true' ? 'turn' : 'wait'"))

    def step(self) -> bool:
        """One decision if the seat has one now; False once the game is over."""
        now = self.state()
        if now == "over":
            return False
        if now != "turn":
            self.last_kinds = ""
            return True
        view = self.page.evaluate("window.ludotheque.view()")
        actions = [e["action"] for e in view["legal"]]
        if not actions:  # the turn is shown before its moves arrived: look again
            return True
        kinds = ",".join(sorted({a.split()[0] for a in actions}))
        if kinds != self.last_kinds:  # a turn (or a new kind of decision) begins: is it in sight?
            self.last_kinds = kinds
            if len(actions) > 1:  # (one legal action: the table plays it, maybe before this look)
                self.problems += [f"turn {self.turns} ({kinds}): {p}"
                                  for p in out_of_sight(self.page, actions)]
            assert unnamed_buttons(self.page) == 0
            if self.turns % 6 == 0:  # words, not codes: "white 14", never "W14" nor "bla"
                assert page_codes(self.page) == []
                assert self.lang != "fr" or english_words(self.page) == []
        if len(actions) == 1:  # the table may play it for the seat (forced moves): wait a little
            if self.single_since is None:
                self.single_since = time.monotonic()
            if time.monotonic() - self.single_since < FORCED_WAIT:
                return True
        self.single_since = None
        self.play(view, actions)
        return True

    def play(self, view: dict[str, Any], actions: list[str]) -> None:
        page = self.page
        plays = [a for a in actions if a.startswith("play ")]
        pick = None
        # pass at the first chance (the deals are random: a game must not end without one),
        # then one turn in three
        if plays and ("pass" not in actions or ("pass" in self.kinds and self.turns % 3)):
            pick = self.rng.choice(plays)
            for card in pick.split()[1:]:  # the same card twice (two 0s) takes two card buttons
                page.click(f'#board .g-me [data-zone="hand"] button.card[data-card="{card}"]'
                           '[aria-pressed="false"]')
            target = "#board #play-selected"
        else:
            draws = [a for a in actions if a.startswith("draw ")]
            if "pass" in actions:
                pick = "pass"
            elif "stop" in actions and self.turns % 2:
                pick = "stop"
            elif draws:
                pick = self.rng.choice(draws)
            else:
                pick = self.rng.choice(actions)
            kind = pick.split()[0]
            target = {"draw": f'#board button.g-pile[data-move="{pick}"]',
                      "battle": f'#board .colour-choice[data-move="{pick}"]'}.get(
                          kind, f'#board [data-move="{pick}"]')
        self.kinds.add(pick.split()[0])
        before = view["version"]
        if len(actions) == 1:  # the table may play it for the seat at any moment (forced moves)
            try:
                page.click(target, timeout=1500)
            except Exception as exc:  # Playwright's TimeoutError: the button went with the move
                if type(exc).__name__ != "TimeoutError":
                    raise
                return
        else:
            page.click(target)
        page.wait_for_function(f"Number(document.body.dataset.version) > {before}"
                               " || document.body.dataset.terminal === 'true'"
                               " || !!document.querySelector('#notice:not([hidden])')")
        self.turns += 1
        assert self.turns < 400, "the game does not end"
        if not self.travelled and self.turns >= ANIMATED_DECISIONS:  # the cards moved by eye: enough
            self.travelled = int(page.evaluate("document.body.dataset.travelled || 0"))
            if self.travelled:
                calm(page)


def test_whole_games_on_the_board_at_1366_in_french_and_390_in_english(pages: Any, base: str) -> None:
    """The two games side by side (each waits for its bots: together they take the time of one).
    Each page asks for reduced motion once its cards have been seen moving by eye (after
    ANIMATED_DECISIONS decisions at least)."""
    fr = seat_page(pages, base, 1366, 768, "fr", players=3, reduced=False)  # animated at first
    en = seat_page(pages, base, 390, 844, "en", players=3, reduced=False)
    players = {"fr": BoardPlayer(fr, "fr", random.Random(1)), "en": BoardPlayer(en, "en", random.Random(2))}
    playing = set(players)
    deadline = time.monotonic() + 400
    while playing:
        assert time.monotonic() < deadline, {k: p.turns for k, p in players.items()}
        for lang in sorted(playing):
            if not players[lang].step():
                playing.discard(lang)
        time.sleep(POLL_MS / 1000)
    for lang, player in players.items():
        page = player.page
        assert player.problems == [], (lang, player.problems[:8])
        assert page.evaluate("window.panelClicks || 0") == 0
        assert {"play", "pass", "draw"} <= player.kinds, (lang, player.kinds)
        assert player.travelled > 0  # cards moved by eye (then the game went on without motion)
        page.wait_for_selector("#end:not([hidden])")
        # the seat is told whether it won, who won and why (the most points), once
        outcome = {"en": ("You won", "You lost", "You share the win"),
                   "fr": ("Vous avez gagné", "Vous avez perdu", "Vous partagez la victoire")}[lang]
        assert page.inner_text("#end .outcome") in outcome
        assert page.inner_text("#end .reason").startswith(("The most points", "Le plus de points"))
        assert page.locator(".g-end, .k-end, .d-end").count() == 0
        assert page_codes(page) == []
    assert english_words(players["fr"].page) == []
    end = players["fr"].page.inner_text("#end .winners")
    assert end.startswith(("Vainqueur", "Vainqueurs")), end  # one winner, or a tie (rare)


# -- each fix on its own -------------------------------------------------------------------------------

MOTION = """async () => {
  const motion = await import('/static/js/motion.js');
  // built with the DOM, styled from the script: the pages' CSP refuses style attributes
  const root = document.createElement('div');
  root.style.padding = '8px'; // as a board's (its pieces' margins do not move it)
  const from = document.createElement('div'), to = document.createElement('div');
  const piece = document.createElement('span');
  from.dataset.zone = 'a';
  to.dataset.zone = 'b';
  to.style.marginTop = '200px';
  piece.className = 'card';
  piece.dataset.travel = 'c-R14-1';
  Object.assign(piece.style, { display: 'inline-block', width: '40px', height: '50px' });
  from.append(piece);
  root.append(from, to);
  document.body.prepend(root);
  const before = motion.snapshot(root);
  const card = root.querySelector('[data-travel]');
  root.querySelector('[data-zone="b"]').append(card.cloneNode(true));
  card.remove();
  motion.markFresh(root, before);
  // a slide (a script animation from where it was), not the fade of a new piece (a CSS one)
  const slides = () => root.querySelector('[data-travel]').getAnimations()
    .filter((x) => !(x instanceof CSSAnimation)).length;
  const moved = slides();
  // the board drawn anew while the piece slides: the piece taken off the page stops sliding
  const gone = root.querySelector('[data-travel]');
  const sliding = gone.getAnimations().filter((x) => !(x instanceof CSSAnimation));
  const drawn = motion.snapshot(root);
  gone.replaceWith(gone.cloneNode(true));
  motion.markFresh(root, drawn);
  const goneSliding = sliding.filter((x) => x.playState === 'running').length;
  // then the board moved as a whole (a line more above it): its pieces stay where they are on it
  root.querySelector('[data-travel]').getAnimations().forEach((x) => x.cancel());
  const again = motion.snapshot(root);
  root.before(document.createElement('p'), document.createElement('br'));
  motion.markFresh(root, again);
  return [moved, goneSliding, slides()];
}"""


@pytest.mark.parametrize("reduced", [False, True])
def test_a_keyed_piece_that_moved_travels_unless_motion_is_reduced(pages: Any, base: str,
                                                                    reduced: bool) -> None:
    page = pages(1366, 768, reduced=reduced)
    page.goto(base + "/")
    assert page.evaluate(MOTION) == [0 if reduced else 1, 0, 0]


def test_gargons_cards_carry_keys_that_name_nothing_hidden(pages: Any, base: str) -> None:
    page = seat_page(pages, base, 1366, 768, "en", players=3)
    keys = page.eval_on_selector_all("#board [data-travel]",
                                     "els => els.map(e => [e.dataset.travel, e.dataset.card])")
    assert len(keys) > 40 and len({k for k, _ in keys}) == len(keys)  # one key per piece
    for key, card in keys:  # a back's key names its seat, zone, colour and rank, never a value
        if card.endswith("?"):
            assert re.fullmatch(r"(s\d+-(hand|in_play|won)-[WBVRYG]|p[12])-\d+", key), (key, card)
        else:
            assert re.fullmatch(rf"(c-{card}|p[12])-\d+", key), (key, card)


def test_on_a_phone_the_prompt_and_the_last_move_stay_in_sight(pages: Any, base: str) -> None:
    page = seat_page(pages, base, 390, 844, "en", players=3, options={"first_player": 1})
    page.wait_for_function("window.ludotheque.view().log.length > 0")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    box = page.locator("#prompt").bounding_box()
    assert box is not None and abs(box["y"]) < 2, box
    last = page.evaluate("window.ludotheque.view().log.at(-1)")
    page.wait_for_function("(text) => document.querySelector('#prompt .last-move').textContent"
                           " === window.ludotheque.view().log.at(-1)", arg=last)
    assert page.locator("#prompt .last-move").is_visible()
    wide = pages(1366, 768)
    wide.goto(page.url)
    wide.wait_for_selector("#board .g-board")
    assert not wide.locator("#prompt .last-move").is_visible()  # a laptop has the log beside the board


def test_tapping_a_card_or_a_colour_says_what_it_does(pages: Any, base: str) -> None:
    for lang, words in (("en", "amulet"), ("fr", "amulette")):
        page = pages(390, 844, "fr-FR" if lang == "fr" else "en-GB", touch=True)
        table = create_table(base, ["human", "bot:random", "bot:random"], {"first_player": 0})
        page.goto(base + table["seats"][0]["url"])
        page.wait_for_selector("#board .g-board")
        page.tap('#board .g-seats [data-zone="hand"] .card')  # a back: its colour is public
        tip = page.locator(".tap-tip")
        assert tip.is_visible() and tip.inner_text().strip()
        title = page.get_attribute('#board .g-me [data-zone="hand"] .card', "title") or ""
        assert words in title or "0" in title, title
        if lang == "fr":
            assert english_words(page, ".tap-tip") == [] and english_words(page, "#board") == []


def test_won_cards_lie_side_by_side(pages: Any, base: str, bots_table: str) -> None:
    wait_over(base, bots_table)
    page = pages(1366, 768)
    page.goto(f"{base}/t/{bots_table}/replay")
    page.wait_for_selector("body[data-steps]")
    page.click("#last")
    page.wait_for_selector("#end:not([hidden])")
    overlaps = page.evaluate("""() => [...document.querySelectorAll('[data-zone="won"] .cards')]
      .map((row) => {
        const boxes = [...row.querySelectorAll('.card')].map((c) => c.getBoundingClientRect());
        return boxes.filter((b, i) => i && Math.abs(b.top - boxes[i - 1].top) < 2
          && b.left < boxes[i - 1].right - 1).length;
      })""")
    assert sum(overlaps) == 0 and len(overlaps) == 5, overlaps


def test_five_seats_scores_fit_a_phone_seat_by_seat(pages: Any, base: str, bots_table: str) -> None:
    """At 390×844 in French the score sheet of five seats is laid out seat by seat: nothing scrolls
    sideways, each seat's total is in sight of its name, and the winners are marked."""
    wait_over(base, bots_table)
    page = pages(390, 844, "fr-FR")
    page.goto(f"{base}/t/{bots_table}")
    page.wait_for_selector("#end:not([hidden]) .sheet-seat")
    wide = page.evaluate("""() => [document.documentElement, ...document.querySelectorAll('#end, #end *')]
      .filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible'
        || e.getBoundingClientRect().right > innerWidth + 0.5).map((e) => e.className || e.tagName)""")
    assert wide == [], wide
    assert not page.locator("#end table.scores").is_visible()
    seats = page.locator("#end .sheet-seat")
    assert seats.count() == 5
    view = page.evaluate("window.ludotheque.view()")
    assert page.locator("#end .sheet-seat.won").count() == len(view["scores"]["won"]) >= 1
    for seat in range(5):
        card = page.locator(f'#end .sheet-seat[data-seat="{seat}"]')
        assert card.locator("dd.total").inner_text() == f"{view['scores']['totals'][seat]:g}"
    assert page.inner_text("#end .reason").startswith("Le plus de points")
    assert english_words(page, "#end") == []


def test_the_replays_next_keeps_its_place_and_no_step_is_blank(pages: Any, base: str,
                                                                bots_table: str) -> None:
    wait_over(base, bots_table)
    page = pages(390, 844, "fr-FR")
    page.goto(f"{base}/t/{bots_table}/replay")
    page.wait_for_selector("body[data-steps]")
    first = page.locator("#next").bounding_box()
    assert first is not None and 0 <= first["y"] < 844
    for step in range(1, 6):
        page.click("#next")
        page.wait_for_selector(f'body[data-step="{step}"]')
        assert page.locator("#next").bounding_box() == first, step
    page.click("#last")
    page.wait_for_selector("body[data-step]:not([data-step='5'])")
    lines = page.eval_on_selector_all("#log li[data-step]",
                                      "els => els.map(e => e.querySelector('.line').textContent)")
    assert lines and "—" not in lines and "?" not in " ".join(lines)
    assert english_words(page, "#log") == []


# -- Kagoun --------------------------------------------------------------------------------------------

def play_api_until(base: str, table: dict[str, Any], done: Any, rng: random.Random) -> dict[str, Any]:
    """Seat 0 plays at random over HTTP (never calling Kagoun!) until ``done(view)``."""
    token = table["seats"][0]["url"].split("#token=")[1]
    for _ in range(3000):
        view = httpx.post(f"{base}/api/tables/{table['id']}/view", json={"token": token}).json()
        if view["terminal"] or (view["to_act"] == 0 and view["legal"] and done(view)):
            return dict(view)
        actions = [e["action"] for e in view["legal"] if e["action"] != "kagoun"]
        if view["to_act"] != 0 or not actions:
            time.sleep(0.02)
            continue
        httpx.post(f"{base}/api/tables/{table['id']}/actions",
                   json={"token": token, "action": rng.choice(actions), "version": view["version"]})
    raise AssertionError("never reached")


def test_kagouns_hand_stays_in_sight_at_1366_by_768_as_chains_grow(pages: Any, base: str) -> None:
    table = create_table(base, ["human", "bot:heuristic", "bot:heuristic", "bot:heuristic"], {"players": 4},
                         game="kagoun")
    view = play_api_until(base, table, lambda v: v["observation"]["phase"] == "announce"
                          and sum(len(c) for c in v["observation"]["chains"]) >= 4, random.Random(3))
    assert not view["terminal"]
    page = pages(1366, 768)
    page.add_init_script("localStorage.setItem('ludotheque.name', 'Zoé')")
    page.goto(base + table["seats"][0]["url"])
    page.wait_for_selector("#board .k-me .k-hand")
    page.wait_for_function("document.body.dataset.myTurn === 'true'")
    settle(page)
    for selector in ("#board .k-me .k-hand .k-card", "#board .k-me .k-bar button", "#board .k-river .k-card"):
        seen = page.evaluate(UNCOVERED, selector)
        assert seen and all(a for a, _ in seen), (selector, seen)


def test_on_a_phone_kagouns_hand_and_buttons_are_in_sight_when_the_turn_begins(pages: Any, base: str) -> None:
    table = create_table(base, ["human", "bot:heuristic", "bot:heuristic"], {"players": 3, "first_player": 0},
                         game="kagoun")
    page = pages(390, 844)
    page.add_init_script("localStorage.setItem('ludotheque.name', 'Zoé')")
    page.goto(base + table["seats"][0]["url"])
    page.wait_for_function("document.body.dataset.myTurn === 'true'")
    page.wait_for_selector("#board .k-me .k-hand button.k-card")
    settle(page)  # the cards dealt slide in
    for selector in ("#board .k-me .k-hand .k-card", "#board .k-me .k-bar button"):
        seen = page.evaluate(UNCOVERED, selector)
        assert seen and all(a and b for a, b in seen), (selector, seen)


def test_kagouns_end_says_who_won_and_why_and_counts_each_chain(pages: Any, base: str,
                                                                 bot_tables: dict[str, str]) -> None:
    table = bot_tables["kagoun"]
    wait_over(base, table, timeout=120)
    obs = httpx.get(f"{base}/api/tables/{table}").json()["view"]["observation"]
    reasons = {"en": {"kagoun": "Kagoun! called with", "ko": "KO:", "rounds": "The round limit"},
               "fr": {"kagoun": "Kagoun ! crié avec", "ko": "KO :", "rounds": "La limite de manches"}}
    for lang in ("en", "fr"):
        page = pages(1366, 768, "fr-FR" if lang == "fr" else "en-GB")
        page.goto(f"{base}/t/{table}")
        page.wait_for_selector("#end:not([hidden])")
        assert page.locator("#end .outcome").count() == 0  # a spectator: no "you"
        if obs["winner"] is not None:
            name = page.evaluate(f"window.ludotheque.view().seats[{obs['winner']}].name")
            assert name in page.inner_text("#end .winners")
            assert page.inner_text("#end .reason").startswith(reasons[lang][obs["ending"]])
        rows = page.eval_on_selector_all("#end table.scores tbody tr", "rows => rows.map((r) => "
                                         "[...r.children].map((c) => c.innerText))")
        chains, points, result = rows[0][1:], rows[1][1:], rows[-1][1:]
        assert points == [str(p) for p in obs["points"]]
        assert not set(result) & {"0", "1"}, result  # words, not the scores' 0 / 1
        for seat, chain in enumerate(obs["chains"]):  # counted junction by junction, to its points
            if len(chain) > 1 and obs["points"][seat]:
                counted = [int(line.rsplit(" ", 1)[1].lstrip("+")) for line in chains[seat].splitlines()]
                assert sum(counted) == obs["points"][seat], (chains[seat], obs["points"])
        if lang == "fr":
            assert english_words(page, "#end") == []


def test_a_play_is_made_with_the_keyboard_alone(pages: Any, base: str) -> None:
    page = seat_page(pages, base, 1366, 768, "en", players=3, options={"first_player": 0})
    page.wait_for_function("document.body.dataset.myTurn === 'true'")
    active = "document.activeElement"
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate(f"{active}.matches('#board .g-me [data-zone=\"hand\"] button.card')"):
            break
    card = page.evaluate(f"{active}.dataset.card")
    page.keyboard.press("Enter")  # selected, and the focus stays on it
    assert page.evaluate(f"{active}.getAttribute('aria-pressed')") == "true"
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate(f"{active}.id") == "play-selected":
            break
    def hand() -> list[str]:
        return list(page.evaluate("window.ludotheque.view().observation.hands[0]"))

    held = hand().count(card)
    before = int(page.evaluate("document.body.dataset.version"))
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
    # the card left the hand (the bots may since have played and fought the round out)
    assert hand().count(card) == held - 1
    assert page.evaluate("window.panelClicks || 0") == 0
