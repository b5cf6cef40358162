"""Gargon's board acts from the view's parts alone (headless Debian chromium, skipped without it):
a selection of cards that the rules refuse is not sent and the board says the rules' reason, as
the view carries it, in the view's language; a legal one is sent as its entry's notation."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludotheque.core.game import CHANCE
from ludotheque.core.registry import get_game
from ludotheque.renderers import renderer_for
from ludotheque.server.store import SeatRow
from ludotheque.server.views import build_view

from ...web.tables import mount_board


def follower_view(lang: str) -> dict[str, Any]:
    """The view of a seat placing after the round's first player, with plays refused by its shape."""
    game = get_game("gargon")
    renderer = renderer_for(game)
    seats = [SeatRow(s, "human") for s in range(4)]
    for seed in range(50):
        rng = random.Random(seed)
        state = game.new_state({"players": 4}, seed=seed)
        while not state.is_terminal:
            if state.to_act == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            view = build_view(state, renderer, seats, state.to_act, lang)
            plays = [e for e in view["legal"] if e["kind"] == "play"]
            shaped = [e for e in view["refused"] if len(set(e["cards"])) == len(e["cards"])]
            if plays and shaped and view["observation"]["shape"]:
                return {**view, "version": 1}
            state.apply(state.sample_action(rng))
    raise AssertionError("no follower with a refused play met")


def select(page: Any, cards: list[str]) -> None:
    if page.locator("#clear-selection:not([disabled])").count():
        page.click("#clear-selection")
    hand = '#board .g-me [data-zone="hand"]'
    for card in cards:
        page.locator(f'{hand} .card[data-card="{card}"]:not(.selected)').first.click()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_refused_selection_says_the_rules_reason_and_a_legal_one_is_sent(chromium: Any, open_page: Any,
                                                                         base: str, lang: str) -> None:
    view = follower_view(lang)
    page = open_page(chromium, 1366, 900)
    page.goto(base + "/")
    mount_board(page, "gargon")
    page.evaluate("view => window.mount(view)", view)
    refused = next(e for e in view["refused"] if len(set(e["cards"])) == len(e["cards"]))
    select(page, refused["cards"])
    page.click("#play-selected")
    reason = refused["reason"]
    assert page.evaluate("window.notes") == [reason[0].upper() + reason[1:]]
    assert page.evaluate("window.acted") == []
    play = next(e for e in view["legal"] if e["kind"] == "play")
    select(page, play["cards"])
    page.click("#play-selected")
    assert page.evaluate("window.acted") == [play["action"]]
