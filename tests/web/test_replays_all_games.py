"""Every game's replay and French table in a real browser (issue 11): the replay of a finished
Drakon or Kagoun game shows every seat's hand at every step, tile for tile, card for card, and a
live table of either game read in French has no English word beyond names and notation."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from ludotheque.core.record import GameRecord
from ludotheque.core.registry import get_game
from ludotheque.games.kagoun.messages import MESSAGES

from .tables import DECISION_OR_END, calm, create_table, english_words, wait_over

#: What a piece of a seat's hand is on each game's board, and the attribute that names it.
PIECES = {"drakon": (".d-tile", "data-kind"), "kagoun": (".k-card", "data-card")}
BOTS = ["bot:heuristic", "bot:random", "bot:random"]
#: Each game short, where its rules offer it (Drakon's published short game; Kagoun's round cap):
#: a finished game is what is replayed, not a long one.
SHORT = {"drakon": {"goal": 7}, "kagoun": {"max_rounds": 3}}


def hands_at(base: str, table: str, step: int | None = None) -> tuple[int, list[list[str]]]:
    """The step and each seat's hand as its own observation held it; by default the last step
    up to the middle of the game where someone holds something (a Drakon game can go on long
    after the last tile is laid)."""
    record = GameRecord.from_json(httpx.get(f"{base}/api/tables/{table}/record").json())
    state = record.start()
    chosen, hands = 0, [state.observe(seat).to_json()["hand"] for seat in range(state.players)]
    for index, text in enumerate(record.actions[:len(record.actions) // 2 if step is None else step]):
        state.apply_trusted(state.game.parse_action(text))
        now = [state.observe(seat).to_json()["hand"] for seat in range(state.players)]
        if step is not None or any(now):
            chosen, hands = index + 1, now
    return chosen, hands


def shown_hand(page: Any, game: str, seat: int) -> list[str]:
    piece, name = PIECES[game]
    return list(page.eval_on_selector_all(f'[data-zone="hand"][data-seat="{seat}"] {piece}',
                                          f"els => els.map(e => e.getAttribute('{name}'))"))


@pytest.mark.parametrize("game", ["drakon", "kagoun"])
def test_the_replay_of_a_finished_game_shows_every_seats_hand_in_french(chromium: Any, open_page: Any,
                                                                        base: str, game: str) -> None:
    table = create_table(base, BOTS, SHORT[game], game=game)["id"]
    wait_over(base, table)
    step, hands = hands_at(base, table)
    assert sum(map(len, hands)) > 0
    for seat in (None, 1):
        page = open_page(chromium, 1366, 900, locale="fr-FR")  # a new page: the fragment is read once
        calm(page)
        fragment = f"step={step}" + ("" if seat is None else f"&seat={seat}")
        page.goto(f"{base}/t/{table}/replay#{fragment}")
        page.wait_for_selector(f'body[data-step="{step}"]')
        assert page.input_value("#view-as") == ("" if seat is None else str(seat))
        for other, hand in enumerate(hands):
            assert sorted(shown_hand(page, game, other)) == sorted(hand), (seat, other)
        assert page.locator('[data-zone="hand"]').count() == len(hands)  # one hand a seat, no more
        assert english_words(page) == []
    if game == "drakon":  # the labels say whose tiles they are
        label = page.text_content('[data-zone="hand"][data-seat="0"] .zone-label') or ""
        assert label == f"Tuiles de Robot heuristique ({len(hands[0])})"


@pytest.mark.parametrize("game", ["drakon", "kagoun"])
def test_a_live_table_read_in_french_has_no_english_word(chromium: Any, open_page: Any, base: str,
                                                         game: str) -> None:
    table = create_table(base, ["human", "bot:random", "bot:heuristic"], {"first_player": 0}, game=game)
    page = open_page(chromium, 1366, 900, locale="fr-FR")
    calm(page)
    page.add_init_script("localStorage.setItem('ludotheque.name', 'Zoé')")
    page.goto(base + table["seats"][0]["url"])
    page.wait_for_function(DECISION_OR_END)  # (a forced move is left to the table a while)
    assert english_words(page) == []
    for _ in range(3):  # a few moves on: more of the log, other prompts (none that asks first)
        if page.evaluate("document.body.dataset.terminal") == "true":
            break  # over already
        before = int(page.evaluate("document.body.dataset.version"))
        page.locator("[data-action]:not([disabled]):not([data-confirm])").first.click()
        page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
        page.wait_for_function(DECISION_OR_END)
        assert english_words(page) == []


def test_kagouns_french_prompts_and_announcements_use_no_english_move_word() -> None:
    """What the live test may not reach by chance: the discard prompt ("... puis arrêtez", as the
    move is labelled) and another seat's announcement on the board (its words from the legend)."""
    legend = get_game("kagoun").words().legend("fr")
    english = re.compile(r"\b(stop|pass|steal|consolidate|discard|drop|take|draw|defend|replay)\b")
    french = [*MESSAGES["fr"].values(), *legend["announced"].values(), *legend["powers"].values()]
    assert [text for text in french if english.search(text)] == []
    assert legend["announced"]["steal"] == "vol"
