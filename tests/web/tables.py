"""Helpers the browser tests share: tables made and watched over HTTP, and what a page shows."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx


def create_table(base: str, seats: list[str], options: dict[str, Any] | None = None,
                 game: str = "gargon") -> dict[str, Any]:
    """A table of ``game`` (the API's answer: id, seat links, spectator link)."""
    answer = httpx.post(f"{base}/api/tables", json={"game": game, "options": options or {}, "seats": seats})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def wait_over(base: str, table_id: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if httpx.get(f"{base}/api/tables/{table_id}").json()["terminal"]:
            return
        time.sleep(0.2)
    raise AssertionError(f"table {table_id} did not finish in {timeout} s")


def play_out(base: str, created: dict[str, Any], timeout: float = 60.0) -> None:
    """Play the human seats of the table ``created`` (the API's answer) with their first legal
    actions over HTTP until the game is over; a decision the table played first (a forced move)
    is no failure."""
    table = created["id"]
    tokens = {s["seat"]: s["url"].split("#token=")[1] for s in created["seats"] if s["kind"] == "human"}
    deadline = time.monotonic() + timeout
    with httpx.Client(base_url=base) as http:  # (one connection throughout)
        while not (summary := http.get(f"/api/tables/{table}").json())["terminal"]:
            assert time.monotonic() < deadline, f"table {table} did not finish in {timeout} s"
            token = tokens.get(summary["to_act"])
            view = http.post(f"/api/tables/{table}/view", json={"token": token}).json() if token else None
            if not view or view["to_act"] != view["seat"] or not view["legal"]:
                time.sleep(0.02)  # a bot or chance to act
                continue
            answer = http.post(f"/api/tables/{table}/actions", json={
                "token": token, "action": view["legal"][0]["action"], "version": view["version"]})
            assert answer.status_code in (200, 409), answer.text


def finish_people(base: str, table: dict[str, Any], names: dict[int, tuple[str, str]],
                  claim: bool = False) -> str:
    """Name seats of ``table`` (the API's answer; ``names``: seat -> (name, a loopback address
    such as 127.0.0.7, which the request comes from: a client of its own)), then play every human
    seat (first legal move) to the end over the API from 127.0.0.1. With two seats from two
    addresses (an unnamed seat plays from 127.0.0.1), a game the leaderboard counts (``claim``:
    each name claimed first, and taken signed in as it: a game the leaderboard lists). Returns the
    table's id."""
    table_id = str(table["id"])
    tokens = {s["seat"]: s["url"].split("#token=", 1)[1] for s in table["seats"] if s["kind"] == "human"}
    for seat, (name, address) in names.items():
        with httpx.Client(base_url=base, transport=httpx.HTTPTransport(local_address=address)) as http:
            if claim:
                claimed = http.post("/api/accounts", json={"name": name, "password": "correct horse"})
                assert claimed.status_code == 201, claimed.text
            named = http.post(f"/api/tables/{table_id}/name", json={"token": tokens[seat], "name": name})
            assert named.status_code == 200, named.text
    play_out(base, table, timeout=120.0)
    return table_id


#: The decisions a whole game in the browser plays with the page's animations on (pieces that
#: travel, new ones fading in, the pulse of the seat to act) before it asks for reduced motion
#: for the rest: the animations are tried in play, the game's other checks hold all through, and
#: the rest of the game is not drawn frame by frame. Headless chromium paints in software: an
#: update with its animations costs the page's main thread about twice what it costs without
#: them (Gargon about 140 ms against 60: benchmarks/README.md).
ANIMATED_DECISIONS = 3


def calm(page: Any) -> None:
    """Reduced motion on ``page`` from now on (what ``prefers-reduced-motion`` turns off)."""
    page.emulate_media(reduced_motion="reduce")


def next_frames(page: Any) -> None:
    """Wait until ``page`` has drawn two more frames: what a board does on the next frame (bring
    a new decision into sight, web/js/sight.js) is done before anything is measured."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def version(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.version || '-1'"))


#: Milliseconds a driver leaves a decision with one legal action to the table, which plays it for
#: the person (server/played.py), before clicking it itself (a refusal then, stale, is harmless).
FORCED_WAIT_MS = 3000

#: True once the page's seat has a decision to make or the game is over: a decision with one
#: legal action counts only once it has waited FORCED_WAIT_MS on one version (the table plays it).
DECISION_OR_END = """() => {
  if (document.body.dataset.terminal === 'true') return true;
  const els = [...document.querySelectorAll('[data-action]:not([disabled])')];
  if (!els.length || document.body.dataset.pending === 'true') return false;
  if (new Set(els.map((e) => e.dataset.action)).size > 1) return true;
  const seen = window.__forcedSeen, at = document.body.dataset.version;
  if (!seen || seen.version !== at) window.__forcedSeen = { version: at, since: performance.now() };
  return performance.now() - window.__forcedSeen.since > FORCED_WAIT_MS;
}""".replace("FORCED_WAIT_MS", str(FORCED_WAIT_MS))


def wait_turn_or_end(page: Any) -> bool:
    """Wait until the seat has a decision to make (True) or the game is over (False); its only
    legal action is left to the table for a while (forced moves)."""
    page.wait_for_function(DECISION_OR_END)
    return page.evaluate("document.body.dataset.terminal") != "true"


def legal(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)"))


ENGLISH = re.compile(r"\b(Seat|Waiting|Random|random|Heuristic|heuristic|bot|Your|name|Sound|turn|Take|Step|"
                     r"Replay|Players|Moves|Spectator|Connected|Change|the|and|of|to|is|your|players|with|"
                     r"you|You|from|Move|Lay|draws?|plays|wins|Coins|Gold|Goal|yes|Winner|cards?|round|"
                     r"Error|Refused|Search|Treasure|Tiles|hand|at|for|by|not|Leaderboard|Games|Rating|Won|"
                     r"Lost|empty)\b")
FRENCH = re.compile(r"\b(le|la|les|des|du|et|est|vous|votre|vos|une|pour|avec|sur|dans|pas|Joueurs?|Robot|"
                    r"Coups?|Pioche|Trésor|Tuiles|salles?|pièces?|Erreur|Refusé|Revoir|Journal|Règles|oui|"
                    r"manche|cartes?|gagne|hors|Vainqueur)\b")
#: What a person should never read: raw values, unfilled placeholders, glyphs standing for words,
#: parentheses within parentheses, numbers run together with slashes ("0/2/2"), a count of one
#: with a plural.
RAW = re.compile(r"\b(true|false|True|False|None|null|undefined|NaN)\b|\{\w+\}|Ω|\([^()]*\(|\b\d+/\d+/\d+\b|"
                 r"(?<![\d,.])\b1 (cards|coins|players|tiles|rooms|moves|games|cartes|points|pièces|joueurs|"
                 r"tuiles|salles|coups|parties|ors)\b")


#: What a French page should not say either: a gender guessed for a player it does not know,
#: "ors" for an amount of gold.
FRENCH_SLIPS = re.compile(r"\b(éliminée?s?|\d+ ors)\b")


#: The games' notation where a player should read words (issue 34): Drakon's cells ("-1,0",
#: not a French decimal such as "0,5 s") and turns ("(NS)"), Kagoun's cards and lines ("G2",
#: "S2a", "M1~"), Gargon's cards ("W14", "B3", a back "V?") and French colour stubs ("bla",
#: "ble", "rou14"), a pairing marked "(✗)".
NOTATION = re.compile(r"(?<![\w.,:/=-])-?\d{1,2},-?\d{1,2}(?![\w,=]|\s?(?:s|ms|%|min|h)\b)"
                      r"|\([NESWO]{1,4}\)|\b[A-Z]\d{1,2}[ab]?~?(?![\w.,])|\b[WBVRYG]\?"
                      r"|\b(?:bla|ble|vio|rou|jau|ver)\d*\b|\(✗\)")


def notation_codes(text: str) -> list[str]:
    """The notation codes in ``text`` (see NOTATION), each with the line it is on."""
    return [f"{match.group(0)}: {line}" for line in text.splitlines() for match in NOTATION.finditer(line)]


def page_codes(page: Any) -> list[str]:
    """The notation codes a person may read on the page: its visible text, titles, labels."""
    return sorted({code for line in page_texts(page) for code in notation_codes(line)})


def english_words(page: Any, where: str = "body") -> list[str]:
    """The English words on the page (or in ``where``), each with the line it is on."""
    return sorted({f"{word}: {line}" for line in page.inner_text(where).splitlines()
                   for word in ENGLISH.findall(line)})


def page_texts(page: Any) -> list[str]:
    """Every line a person may read on the page: its visible text, its title, and the title,
    aria-label and placeholder of every element (what a tooltip or a screen reader says)."""
    attributes = page.evaluate("""() => [...document.querySelectorAll('[title],[aria-label],[placeholder]')]
        .flatMap(e => ['title', 'aria-label', 'placeholder'].map(a => e.getAttribute(a)).filter(Boolean))""")
    return [*page.inner_text("body").splitlines(), page.title(), *attributes]


def foreign_words(page: Any, lang: str) -> list[str]:
    """The words of the other language on a page in ``lang``, and raw values (``false``,
    ``{name}``, ``Ω``, "1 cards"), each with the line it is on."""
    other = ENGLISH if lang == "fr" else FRENCH
    found = set()
    for line in page_texts(page):
        slips = FRENCH_SLIPS.finditer(line) if lang == "fr" else ()
        for match in [*other.finditer(line), *RAW.finditer(line), *slips]:
            found.add(f"{match.group(0)}: {line}")
    return sorted(found)


def mount_board(page: Any, game: str) -> None:
    """A game's board alone on a page of the site (``page`` is on it): ``window.mount(view)``
    draws ``view`` on a new board (``window.board``), recording the actions its controls send
    (``window.acted``) and what it tells the player (``window.notes``)."""
    page.evaluate("""async (game) => {
      const board = await import(`/games/${game}/board.js`);
      const i18n = await import('/static/js/i18n.js');
      i18n.addStrings(board.strings);
      const root = document.createElement('section');
      root.id = 'board';
      root.className = 'board';
      document.body.prepend(root);
      window.acted = [];
      root.addEventListener('click', (event) => {
        const target = event.target.closest('[data-move]');
        if (target) window.acted.push(target.dataset.move);
      });
      const ui = { t: i18n.t, interactive: true, notify: (text) => { window.notes.push(text); },
                   act: (a) => { window.acted.push(a); return true; } };
      window.mount = (view) => {
        window.acted = [];
        window.notes = [];
        window.board = board.createBoard(root, ui);
        window.board.update(view);
      };
    }""", game)


#: How often a test's own loop looks at a page again, in milliseconds (its waits poll every
#: POLL_DEFAULT_MS: tests/conftest.py). A loop that reads the page every 20 ms cost about 15% of a
#: core (measured); one every 100 ms costs next to nothing and is soon enough.
POLL_MS = 100
