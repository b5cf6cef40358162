"""What players expect of an online table (issue 11), in a real browser (Debian chromium through
Playwright): a proper page for a table that does not exist, a lobby that refuses a number of
players the game does not allow and keeps its list of tables up to date, seats numbered from 1,
names, the replay page of a finished game, and the seat to act made obvious."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import httpx
import pytest

from ludotheque.server.table import new_table_id

from .tables import calm, create_table, english_words, wait_over


@pytest.fixture
def page(chromium: Any, open_page: Any) -> Any:
    page = open_page(chromium, 1366, 768)
    calm(page)  # (the lobby and its tables: nothing of motion is tried with this page)
    return page


@pytest.fixture(scope="module")
def finished(base: str) -> str:
    """A game of bots played to the end (read, never changed, by the tests that show one)."""
    table = create_table(base, ["bot:random", "bot:heuristic", "bot:random"])
    wait_over(base, table["id"])
    return str(table["id"])


def test_table_ids_are_letters_and_digits() -> None:
    for _ in range(2000):
        assert re.fullmatch(r"[A-Za-z0-9]{12}", new_table_id())


@pytest.mark.parametrize(("locale", "words"), [("en-GB", "No such table"), ("fr-FR", "Table introuvable")])
def test_an_unknown_table_is_a_404_page_in_the_readers_language(chromium: Any, open_page: Any, base: str,
                                                               locale: str, words: str) -> None:
    page = open_page(chromium, 1366, 768, locale=locale)
    for path in ("/t/nope", "/t/nope/replay"):
        response = page.goto(base + path)
        assert response is not None and response.status == 404
        page.wait_for_selector("#not-found")
        assert page.inner_text("#not-found") == words
        assert page.eval_on_selector("#to-lobby", "a => a.href") == base + "/"
    page.click("#to-lobby")
    page.wait_for_selector("#seat-0")  # the lobby


def test_the_lobby_opens_each_game_with_its_own_defaults(page: Any, base: str) -> None:
    games = {g["id"]: g for g in httpx.get(f"{base}/api/games").json()}
    default = {game: next(o["default"] for o in g["options"] if o["name"] == "players")
               for game, g in games.items() if game in ("gargon", "drakon", "kagoun")}
    page.goto(base + "/")
    page.wait_for_selector("#opt-players")
    for game in ("gargon", "kagoun", "drakon", "gargon"):
        page.select_option("#game", game)
        assert page.input_value("#opt-players") == str(default[game])
        assert page.locator("#seat-kinds select").count() == default[game]


def test_lobby_refuses_a_number_of_players_out_of_range_before_sending(page: Any, base: str) -> None:
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    page.goto(base + "/")
    page.wait_for_selector("#opt-players")
    page.select_option("#game", "gargon")
    page.fill("#opt-players", "7")
    page.click("#create")
    page.wait_for_selector("#form-error:not([hidden])")
    message = page.inner_text("#form-error")
    assert "3" in message and "5" in message and "7" in message
    assert page.locator("#created").is_hidden()
    assert not sent  # nothing was asked of the server
    # the French words re-draw the form's fields once they arrive: wait for it, or the
    # value typed next could go into a field about to be replaced
    page.evaluate("document.getElementById('opt-players').dataset.before = 'fr'")
    page.click("[data-lang=fr]")
    page.wait_for_selector("#opt-players:not([data-before])")
    page.fill("#opt-players", "2")
    page.click("#create")
    assert "se joue de 3 à 5 joueurs, pas 2" in page.inner_text("#form-error")
    page.fill("#opt-players", "3")
    page.click("#more-options > summary")  # the first player is not an essential option
    page.fill("#opt-first_player", "0")  # seats count from 1 for people
    page.click("#create")
    assert "une place de 1 à 3" in page.inner_text("#form-error")
    page.fill("#opt-first_player", "3")
    page.click("#create")
    page.wait_for_url("**/t/*#token=*")  # you and bots: straight to your seat
    assert len(sent) == 1
    created = page.evaluate("location.pathname").split("/")[2]
    assert httpx.get(f"{base}/api/tables/{created}").json()["view"]["observation"]["first_player"] == 2


def test_lobby_numbers_seats_from_one_and_its_list_updates_itself(page: Any, base: str) -> None:
    page.goto(base + "/")
    page.wait_for_selector("#seat-0")
    labels = page.eval_on_selector_all("#seat-kinds li span", "els => els.map(e => e.textContent)")
    assert labels[0] == "Seat 1" and "Seat 0" not in labels
    page.wait_for_selector("#tables li")
    table = create_table(base, ["human", "bot:random", "bot:random"])  # made elsewhere
    page.wait_for_selector(f"#tables li[data-table='{table['id']}']", timeout=10_000)


def seat_names(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("#seats li b", "els => els.map(e => e.textContent)"))


NAMED_ZOE = "[...document.querySelectorAll('#seats li b')].some(b => b.textContent.startsWith('Zoé'))"


def test_a_player_names_their_seat_and_the_browser_remembers_it(chromium: Any, open_page: Any,
                                                                base: str) -> None:
    table = create_table(base, ["human", "human", "bot:random"], {"first_player": 2})
    page = open_page(chromium, 1366, 768, locale="fr-FR")
    calm(page)
    page.goto(base + table["seats"][0]["url"])
    page.wait_for_selector("#name-form:not([hidden])")
    assert seat_names(page)[2] == "Robot aléatoire" and seat_names(page)[1] == "Joueur 2"
    page.fill("#name-input", "   ")
    page.click("#name-save")
    page.wait_for_selector("#name-error:not([hidden])")  # refused by the server, said clearly
    assert "1 à 24 caractères" in page.inner_text("#name-error")
    page.fill("#name-input", "Zoé")
    page.click("#name-save")
    page.wait_for_function(NAMED_ZOE)
    page.wait_for_selector("#name-form", state="hidden")  # (the answer may come after the socket's view)
    spectator = open_page(chromium, 1366, 768)
    calm(spectator)
    spectator.goto(f"{base}{table['spectator_url']}")
    spectator.wait_for_function("document.body.dataset.version !== undefined")
    assert seat_names(spectator)[0] == "Zoé" and seat_names(spectator)[2] == "Random bot"
    # the same browser opening another seat link takes the name it remembers, without asking
    other = create_table(base, ["human", "bot:random", "bot:random"])
    page.goto(base + other["seats"][0]["url"])
    page.wait_for_function(NAMED_ZOE)
    assert page.locator("#name-form").is_hidden()
    assert httpx.get(f"{base}/api/tables/{other['id']}").json()["seats"][0]["name"] == "Zoé"
    page.goto(base + "/")  # the lobby's list says who sits where
    row = page.locator(f"#tables li[data-table='{table['id']}'] .who")
    row.wait_for()
    assert row.inner_text() == "Zoé, Joueur 2, Robot aléatoire"


def test_the_replay_of_a_finished_game_shows_every_hand_no_presence_and_its_log_in_step(
        chromium: Any, open_page: Any, base: str, finished: str) -> None:
    page = open_page(chromium, 1366, 768, locale="fr-FR")
    calm(page)
    page.goto(f"{base}/t/{finished}/replay")
    page.wait_for_selector("body[data-steps]")
    steps = int(page.evaluate("document.body.dataset.steps"))
    assert page.locator('[data-zone="hand"] .card[data-face="up"]').count() == 30  # every hand
    assert page.locator('[data-zone="hand"] .card[data-face="down"]').count() == 0
    assert page.locator("#seats .dot").count() == 0  # no one is "connected" to a replay
    assert "attente" not in page.inner_text("#prompt") and "Waiting" not in page.inner_text("body")
    names = seat_names(page)
    assert names[0] == "Robot aléatoire 1" and names[1] == "Robot heuristique"
    for step in (0, 1, 7):
        while (at := int(page.evaluate("document.body.dataset.step"))) < step:
            page.click("#next")
            page.wait_for_selector(f'body[data-step="{at + 1}"]')
        assert page.locator("#log li[data-step]").count() == step + 1  # the deal, then one per action
        assert page.get_attribute("#log li.current", "data-step") == str(step)
        assert page.input_value("#slider") == str(step)
    page.click('#log li[data-step="3"] button')  # the log leads the slider too
    page.wait_for_selector('body[data-step="3"]')
    assert page.input_value("#slider") == "3"
    page.click("#last")
    page.wait_for_selector(f'body[data-step="{steps}"]')
    assert page.locator("#log li[data-step]").count() == steps + 1


#: What the compositor animates without the page's main thread: an animated box-shadow,
#: background, z-index or transform-origin costs the page a style recalculation and a paint a frame
COMPOSITED = {"transform", "opacity", "scale", "translate", "rotate"}
#: Every property the page's own animations (``Element.animate``) animate, recorded
RECORD_ANIMATED = """
window.animated = new Set();
const animate = Element.prototype.animate;
Element.prototype.animate = function (keyframes, options) {
  for (const frame of keyframes)
    for (const name of Object.keys(frame))
      if (name !== "offset" && name !== "easing") window.animated.add(name);
  return animate.call(this, keyframes, options);
};
"""
#: The properties each ``@keyframes`` of the page's stylesheets animates
KEYFRAMES = """() => {
  const out = {};
  for (const sheet of document.styleSheets)
    for (const rule of sheet.cssRules)
      if (rule instanceof CSSKeyframesRule)
        out[rule.name] = [...rule.cssRules].flatMap((frame) => [...frame.style]);
  return out;
}"""


def wait_my_turn(page: Any) -> None:
    page.wait_for_function("document.querySelector('[data-action]:not([disabled])')")


def test_the_seat_to_act_is_highlighted_and_moves_come_in_animated(chromium: Any, open_page: Any,
                                                                   base: str) -> None:
    table = create_table(base, ["human", "bot:random", "bot:random"], {"first_player": 0})
    page = open_page(chromium, 1366, 768)
    page.add_init_script(RECORD_ANIMATED)
    page.add_init_script("localStorage.setItem('ludotheque.name', 'Zoé')")
    page.goto(base + table["seats"][0]["url"])
    wait_my_turn(page)
    assert "acting" in (page.get_attribute("#seats li[data-seat='0']", "class") or "")
    assert page.get_attribute("#seats li[data-seat='0']", "aria-current") == "true"
    assert page.evaluate("document.body.dataset.myTurn") == "true"
    assert page.evaluate("getComputedStyle(document.querySelector('#seats li.acting'), '::after')"
                         ".animationName") == "acting-pulse"
    # it pulses a few times, under 5 s (WCAG 2.2.2), then holds its ring: never forever
    pulse = page.evaluate("(() => { const s = getComputedStyle(document.querySelector('#seats li.acting'),"
                          " '::after'); return [s.animationIterationCount, s.animationDuration]; })()")
    assert pulse[0] != "infinite" and float(pulse[0]) * float(pulse[1].rstrip("s")) < 5, pulse
    # the sound is off by default; nothing beeped on this turn
    assert page.get_attribute("#sound", "aria-pressed") == "false"
    assert page.evaluate("document.body.dataset.beeps") is None
    before = int(page.evaluate("document.body.dataset.version"))
    page.locator("[data-action]:not([disabled])").first.click()
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
    page.wait_for_function("Number(document.body.dataset.fresh) > 0")  # the move's pieces came in
    page.wait_for_function("Number(document.body.dataset.travelled) > 0")  # and cards travelled
    # all of it played by the compositor: only transforms and opacity are animated
    keyframes = page.evaluate(KEYFRAMES)
    assert {"acting-pulse", "piece-in", "line-in"} <= keyframes.keys()
    assert all(set(animated) <= COMPOSITED for animated in keyframes.values()), keyframes
    assert page.evaluate("[...window.animated]") == ["transform"]


def test_reduced_motion_turns_the_animations_off(chromium: Any, open_page: Any, base: str) -> None:
    table = create_table(base, ["human", "bot:random", "bot:random"], {"first_player": 0})
    page = open_page(chromium, 1366, 768)
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script("localStorage.setItem('ludotheque.name', 'Zoé')")
    page.goto(base + table["seats"][0]["url"])
    wait_my_turn(page)
    acting = "getComputedStyle(document.querySelector('#seats li.acting'), '::after').animationName"
    assert page.evaluate(acting) == "none"
    # one script: the bots' moves redraw the log, and could take the entry away between two
    fresh = ("(() => { const li = Object.assign(document.createElement('li'), {className: 'fresh'});"
             " document.querySelector('#log').append(li);"
             " return [getComputedStyle(li).animationName,"
             " getComputedStyle(li, '::before').animationName]; })()")
    assert page.evaluate(fresh) == ["none", "none"]


def test_the_sound_on_ones_turn_is_a_remembered_choice(chromium: Any, open_page: Any, base: str) -> None:
    table = create_table(base, ["human", "bot:random", "bot:random"], {"first_player": 1})
    page = open_page(chromium, 1366, 768, locale="fr-FR")
    calm(page)  # (a beep is no animation)
    page.add_init_script("localStorage.setItem('ludotheque.name', 'Zoé')")
    page.goto(base + table["seats"][0]["url"])
    page.wait_for_selector("#sound")
    assert page.inner_text("#sound") == "Son à mon tour : désactivé"
    page.click("#sound")
    assert page.get_attribute("#sound", "aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('ludotheque.sound')") == "on"
    page.reload()
    wait_my_turn(page)  # the bots played: the turn comes, with its beep
    assert page.inner_text("#sound") == "Son à mon tour : activé"
    page.wait_for_function("Number(document.body.dataset.beeps) >= 1")


def test_french_pages_have_no_english_word(chromium: Any, open_page: Any, base: str, finished: str) -> None:
    table = create_table(base, ["human", "bot:random", "bot:heuristic"], {"first_player": 1})
    page = open_page(chromium, 1366, 768, locale="fr-FR")
    calm(page)
    page.goto(base + table["seats"][0]["url"])
    page.wait_for_selector("#name-form:not([hidden])")
    assert english_words(page) == []
    page.fill("#name-input", "Zoé")
    page.click("#name-save")
    page.wait_for_function("document.querySelector('[data-action]:not([disabled])')")
    assert english_words(page) == []
    page.goto(f"{base}/t/{finished}/replay#step=4")
    page.wait_for_selector('body[data-step="4"]')
    assert english_words(page) == []
    page.goto(f"{base}/t/{finished}")
    page.wait_for_selector("#end:not([hidden])")
    assert english_words(page) == []
    page.goto(base + "/t/nope")
    page.wait_for_selector("#not-found")
    assert english_words(page) == []
    page.goto(base + "/")
    page.wait_for_selector("#seat-0")
    page.fill("#opt-players", "9")
    page.click("#create")
    page.wait_for_selector("#form-error:not([hidden])")
    for part in ("#form-error", "#seat-kinds", "#tables", "#new-title"):  # (the games' option help
        assert english_words(page, part) == []                              # texts are their own)


def french_lobby_for_three(chromium: Any, open_page: Any, base: str) -> Any:
    """The lobby in French, for Zoé (her browser remembers her name), at a Gargon for three."""
    page = open_page(chromium, 1366, 768, locale="fr-FR")
    calm(page)
    page.add_init_script("localStorage.setItem('ludotheque.name', 'Zoé')")
    page.goto(base + "/")
    page.wait_for_selector("#seat-0")
    page.select_option("#game", "gargon")
    page.fill("#opt-players", "3")
    page.click("#more-options > summary")  # the first player, the clock, taking back moves
    return page


def test_a_timer_runs_out_a_bot_takes_the_seat_and_the_player_takes_it_back(chromium: Any, open_page: Any,
                                                                             base: str) -> None:
    page = french_lobby_for_three(chromium, open_page, base)
    page.select_option("#seat-1", "human")  # a friend who never plays: the game waits for them
    page.select_option("#clock-mode", "move")
    page.fill("#clock-seconds", "5")
    page.fill("#opt-first_player", "1")  # seats count from 1 in the lobby: the first seat
    page.click("#create")
    page.wait_for_selector("#open-seat")
    table_id = page.locator("#created h3").inner_text().split()[2]
    assert httpx.get(f"{base}/api/tables/{table_id}").json()["clock"]["mode"] == "move"
    page.click("#open-seat")
    page.wait_for_selector("#seats li[data-seat='0'] .clock")
    shown = page.inner_text("#seats li[data-seat='0'] .clock")
    assert re.fullmatch(r"0:0[1-5]", shown), shown
    # five seconds without a move: a bot plays for our seat (the first), and the page says so
    page.wait_for_selector("#zombie:not([hidden])", timeout=12_000)
    assert "un robot joue à votre place" in page.inner_text("#zombie")
    assert page.locator("#seats li[data-seat='0'] .zombie").count() == 1
    page.wait_for_function("Number(document.body.dataset.version) >= 1")  # it played our turn
    page.click("#take-back")
    page.wait_for_selector("#zombie", state="hidden")
    assert page.evaluate("document.body.dataset.zombies") == ""


def test_a_player_takes_back_a_move_but_not_one_that_showed_a_card(chromium: Any, open_page: Any,
                                                                  base: str) -> None:
    page = french_lobby_for_three(chromium, open_page, base)
    for seat in (1, 2):
        page.select_option(f"#seat-{seat}", "human")
    page.fill("#opt-first_player", "1")
    page.check("#undo-allowed")
    page.click("#create")
    page.wait_for_selector("#open-seat")
    table_id = page.locator("#created h3").inner_text().split()[2]
    assert httpx.get(f"{base}/api/tables/{table_id}").json()["undo"] is True
    links = [a.get_attribute("href") for a in page.locator("#created .links a[href*='#token=']").all()]
    page.click("#open-seat")
    page.wait_for_selector("[data-action^='play ']:not([disabled])")
    assert page.locator("#undo-box").is_hidden()  # nothing to take back yet
    first_moves = page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")
    page.click("[data-action^='play ']")
    page.wait_for_selector("body[data-version='1'] #undo-box:not([hidden]) #undo:not([disabled])")
    assert page.inner_text("#undo") == "Reprendre mon coup"
    page.click("#undo")
    # a new revision of the first position: the version never comes back to an old number
    page.wait_for_selector("body[data-version='2'] [data-action^='play ']:not([disabled])")
    assert page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)") == first_moves
    assert page.locator("#undo-box").is_hidden()
    page.click("[data-action^='play ']")
    page.wait_for_selector("body[data-version='3']")
    # the next player passes, so draws: a drawn card shows its value, so it cannot be taken back
    second = open_page(chromium, 1366, 768, locale="fr-FR")
    calm(second)
    second.add_init_script("localStorage.setItem('ludotheque.name', 'Yann')")
    second.goto(base + links[1])
    second.wait_for_selector("[data-action='pass']:not([disabled])")
    second.click("[data-action='pass']")
    second.wait_for_selector("body[data-version='4'] #undo:not([disabled])")  # a pass showed nothing
    second.click("[data-action^='draw ']")
    second.wait_for_selector("body[data-version='5'] #undo-box:not([hidden])")
    assert second.locator("#undo").is_disabled()
    assert "Ce coup vous a montré quelque chose de caché" in second.inner_text("#undo-reason")
    assert page.locator("#undo-box").is_hidden()  # and the first player has nothing to take back


def _play_until(base: str, table: dict[str, Any], wanted: Any, rng: random.Random) -> None:
    """Seat 0 (a person; bots in the others) plays at random until ``wanted(its actions)``."""
    token = table["seats"][0]["url"].split("#token=")[1]
    for _ in range(2000):
        view = httpx.post(f"{base}/api/tables/{table['id']}/view", json={"token": token}).json()
        assert not view["terminal"], "the game ended first"
        actions = [e["action"] for e in view["legal"]]
        if view["to_act"] != 0 or not actions:
            time.sleep(0.02)
            continue
        if wanted(actions):
            return
        httpx.post(f"{base}/api/tables/{table['id']}/actions",
                   json={"token": token, "action": rng.choice(actions), "version": view["version"]})
    raise AssertionError("never reached")


@pytest.mark.parametrize("decision,in_sight", [
    ("battle", [".g-me [data-zone='in_play']", ".g-me [data-zone='won']", ".g-me .colour-choice"]),
    ("draw", [".g-pile[data-pile='1']", ".g-pile[data-pile='2']"]),
])
def test_at_1366_by_768_what_you_choose_from_is_in_sight(chromium: Any, open_page: Any, base: str,
                                                         decision: str, in_sight: list[str]) -> None:
    """Choosing a fight, your cards in play and won pile are above the fold; drawing, the piles."""
    table = create_table(base, ["human", "bot:random", "bot:random", "bot:random"],
                         {"players": 4, "first_player": 0})
    _play_until(base, table, lambda actions: sum(a.startswith(decision) for a in actions) > 1,
                random.Random(4))
    page = open_page(chromium, 1366, 768)
    calm(page)
    page.add_init_script("localStorage.setItem('ludotheque.name', 'Zoé')")
    page.goto(base + table["seats"][0]["url"])
    page.wait_for_selector(f"#moves [data-action^='{decision} ']")
    page.wait_for_function(NAMED_ZOE)
    for selector in in_sight:
        box = page.locator(selector).first.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 768, (selector, box)


def test_a_friend_leaves_a_table_without_a_clock_and_a_bot_plays_for_them(
        chromium: Any, open_page: Any, start_server: Any, tmp_path: Any) -> None:
    server = start_server(f"sqlite:///{tmp_path / 'away.db'}", 0.05, away=1.0)
    table = create_table(server.url, ["human", "human", "bot:random"], {"first_player": 1})
    page = open_page(chromium, 1366, 768, locale="fr-FR")
    calm(page)
    page.add_init_script("localStorage.setItem('ludotheque.name', 'Zoé')")
    page.goto(server.url + table["seats"][0]["url"])
    page.wait_for_selector("#away:not([hidden])")  # seat 2, to act, never opened their link
    assert page.inner_text("#away-text") == ("Joueur 2 a quitté la table. Un robot peut jouer à sa place "
                                             "jusqu'à son retour.")
    page.click("#replace-away")
    page.wait_for_selector("#seats li[data-seat='1'] .zombie")
    page.wait_for_selector("#away", state="hidden")
    page.wait_for_function("Number(document.body.dataset.version) >= 1")  # the bot played for them
    friend = open_page(chromium, 1366, 768, locale="fr-FR")
    calm(friend)
    friend.goto(server.url + table["seats"][1]["url"])  # back: the seat is theirs again
    page.wait_for_selector("#seats li[data-seat='1'] .zombie", state="detached")
    assert friend.locator("#zombie").is_hidden() and friend.locator("#away").is_hidden()


def test_a_bot_thinking_says_so_on_its_seat_with_the_time_it_may_still_take(chromium: Any, open_page: Any,
                                                                              base: str) -> None:
    """A search bot to act (3 s a move) is marked as thinking on its seat, with the seconds it
    may still take counting down, in the page's language; the mark goes with its move."""
    table = create_table(base, ["human", "bot:ismcts-hard", "bot:random"], {"players": 3, "first_player": 0})
    page = open_page(chromium, 1366, 768, locale="fr-FR")
    calm(page)
    page.goto(base + table["seats"][0]["url"])
    page.click("#moves [data-action]:not([disabled])")  # then the bot thinks
    mark = page.locator("#seats li[data-seat='1'] .thinking")
    mark.wait_for()
    first = mark.inner_text()
    assert re.fullmatch(r"réfléchit… [0-3],\d s", first), first
    page.wait_for_function("(() => { const m = document.querySelector(\"#seats [data-seat='1'] .thinking\");"
                           f" return !m || m.textContent !== {first!r}; }})()")  # counts down
    thought_at = mark.get_attribute("data-version")
    page.wait_for_function(f"Number(document.body.dataset.version) > {thought_at}")
    # (the same bot may be to act again at once, and think anew: a mark for a later decision)
    assert page.locator(f"#seats li[data-seat='1'] .thinking[data-version='{thought_at}']").count() == 0
