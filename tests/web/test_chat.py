"""The chat of a table in Chromium (server/chat.py, web/js/chat.js): two players talk (one on a
phone, where the chat is folded behind a button counting what is unread and the decision stays
in sight), a quick phrase reads in each reader's language, what a spectator says stays in the
spectators' room, a message holding HTML is shown as text, a reader mutes an author, and the
replay shows what was said from the step it was said at."""

from __future__ import annotations

import json
from typing import Any

import websockets.sync.client

from .tables import calm, create_table, wait_over

HTML = '<img src=x onerror="document.body.dataset.pwned=1"><b>bold</b>'


def lines(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("#chat .chat-line .words", "els => els.map(e => e.textContent)"))


def said(page: Any, words: str) -> None:
    page.wait_for_function("(w) => [...document.querySelectorAll('#chat .chat-line .words')]"
                           ".some(e => e.textContent === w)", arg=words)


def test_two_players_and_a_spectator_chat(chromium: Any, open_page: Any, base: str) -> None:
    table = create_table(base, ["human", "human", "human"], {"first_player": 1})
    pages = []
    for url, (width, height), locale, name in [(table["seats"][0]["url"], (1366, 768), "en-GB", "Zoé"),
                                               (table["seats"][1]["url"], (390, 844), "en-GB", "Marc"),
                                               (table["spectator_url"], (1366, 768), "fr-FR", "Léa")]:
        page = open_page(chromium, width, height, locale=locale)
        calm(page)  # (three pages painting a pulsing seat cost a core)
        page.add_init_script(f"localStorage.setItem('ludotheque.name', '{name}')")
        page.goto(base + url)
        page.wait_for_selector("#chat[data-heard]", state="attached")
        pages.append(page)
    zoe, marc, lea = pages
    zoe.fill("#chat .chat-input", HTML)
    zoe.press("#chat .chat-input", "Enter")
    said(zoe, HTML)
    assert zoe.input_value("#chat .chat-input") == ""
    # on the phone the chat is folded: the decision stays in sight, the button counts what came
    marc.wait_for_selector("#chat-toggle[data-unread='1']")
    assert marc.locator("#chat").is_hidden()
    assert marc.locator("[data-action]:not([disabled])").first.is_visible()
    marc.click("#chat-toggle")
    said(marc, HTML)  # as text: no element of it was made, no script ran
    assert marc.locator("#chat .chat-line img, #chat .chat-line b.words b").count() == 0
    assert marc.inner_text("#chat .chat-line .who") == "Zoé"
    assert marc.get_attribute("#chat-toggle", "data-unread") == "0"
    marc.click("#chat [data-phrase='gg']")
    said(zoe, "Good game!")
    said(lea, "Bien joué !")  # a quick phrase reads in each reader's language
    marc.click("#chat .chat-close")
    assert marc.locator("#chat").is_hidden()
    # the spectator's words stay in the spectators' room: the players read on without them
    lea.fill("#chat .chat-input", "psst, le rouge 14")
    lea.click("#chat .chat-send")
    lea.wait_for_selector("#chat .chat-line.room-spectators.by-spectator.mine")
    assert lea.inner_text("#chat .room-spectators .who") == "Léa"
    zoe.click("#chat [data-phrase='thanks']")
    said(marc, "Thanks!")
    said(lea, "Merci !")
    assert "psst, le rouge 14" not in lines(zoe) + lines(marc)
    assert marc.get_attribute("#chat-toggle", "data-unread") == "1"
    # a reader mutes an author (on their own page only)
    zoe.click("#chat .chat-line[data-author='p:1'] .chat-mute")
    zoe.wait_for_selector("#chat .chat-line.muted[data-author='p:1']")
    assert "Good game!" not in lines(zoe) and "Bien joué !" in lines(lea)
    for page in pages:
        assert page.evaluate("document.body.dataset.pwned") is None
    # the replay of a finished game shows its chat from the step each line was said at
    finished = create_table(base, ["bot:random"] * 3, {"max_rounds": 3}, game="kagoun")["id"]  # (short)
    wait_over(base, finished)
    with websockets.sync.client.connect(f"{base.replace('http', 'ws', 1)}/ws/tables/{finished}") as ws:
        ws.send(json.dumps({"type": "hello", "token": None, "chat": True}))
        ws.send(json.dumps({"type": "chat", "text": "<i>what a game</i>", "room": "players"}))
        while not any(m.get("text") == "<i>what a game</i>"  # (stored once told)
                      for m in json.loads(ws.recv(timeout=10)).get("messages", [])):
            pass
    zoe.goto(f"{base}/t/{finished}/replay#step=1")
    zoe.wait_for_selector('body[data-step="1"]')
    zoe.wait_for_selector("#chat[data-heard]", state="attached")
    assert lines(zoe) == []
    zoe.click("#last")
    said(zoe, "<i>what a game</i>")
    assert zoe.locator("#chat i").count() == 0
