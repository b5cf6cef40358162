"""Player words are picked one way everywhere (``core/words.py``): French for French, English for
any other language, seats counted from 1 unless named."""

from __future__ import annotations

import pytest

from ludotheque.core.registry import get_game
from ludotheque.core.words import colon, language, pick, say, seat_name
from ludotheque.renderers import PlainWords, renderer_for

TABLE = {"en": {"hello": "Hello {name}"}, "fr": {"hello": "Bonjour {name}"}}


@pytest.mark.parametrize(("lang", "expected"), [("fr", "fr"), ("en", "en"), ("de", "en"), ("fr-FR", "en")])
def test_any_language_but_french_reads_english(lang: str, expected: str) -> None:
    assert language(lang) == expected
    assert pick(TABLE, lang) is TABLE[expected]


def test_say_colon_and_seat_names() -> None:
    assert say(TABLE, "hello", "fr", name="Zoé") == "Bonjour Zoé"
    assert say(TABLE, "hello", "it", name="Zoé") == "Hello Zoé"
    assert (colon("en"), colon("fr")) == (": ", " : ")
    assert (seat_name(0), seat_name(2, "fr"), seat_name(1, "en", ["A", "B"])) == ("Seat 1", "Joueur 3", "B")
    assert seat_name(5, "en", ["A"]) == "Seat 6"


@pytest.mark.parametrize("game_id", ["gargon", "drakon", "kagoun"])
def test_every_game_names_seats_the_one_way(game_id: str) -> None:
    game = get_game(game_id)
    for words in (renderer_for(game), PlainWords(game)):
        for lang in ("en", "fr", "de"):
            assert words.seat_name(1, lang) == seat_name(1, lang)
            assert words.seat_name(1, lang, ["Zoé", "Léa"]) == "Léa"
