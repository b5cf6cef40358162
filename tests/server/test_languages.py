"""The server speaks the page's language (issue 17, item 7): its refusals in the language the
page asks for, their details in words of that language, and the lobby's game descriptions and
yes-or-no choices in words."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient


@pytest.mark.parametrize(("lang", "browser", "words"), [
    ("en", "fr-FR,fr;q=0.9",
     "A name is 1 to 24 characters of plain text (no control characters): it is empty"),
    ("fr", "en-GB,en;q=0.9",
     "Un nom fait de 1 à 24 caractères de texte simple (sans caractère de contrôle) : il est vide"),
])
def test_a_refusal_is_in_the_language_the_page_asks_for_not_the_browsers(
        client: TestClient, tables: Any, lang: str, browser: str, words: str) -> None:
    table, tokens = tables.create(["human", "bot:random", "bot:random"])
    for headers, query in (({"accept-language": lang}, ""), ({"accept-language": browser}, f"?lang={lang}")):
        answer = client.post(f"/api/tables/{table}/name{query}", headers=headers,
                             json={"token": tokens[0], "name": "   "})
        assert answer.status_code == 400 and answer.json() == {"detail": words, "code": "bad_name"}


def test_a_refused_option_is_named_in_the_readers_words(client: TestClient) -> None:
    body = {"game": "drakon", "options": {"goal": "abc"}, "seats": ["human", "bot:random"]}
    french = client.post("/api/tables", headers={"accept-language": "fr"}, json=body).json()
    assert french["code"] == "bad_options"
    assert french["detail"].startswith("Objectif n'accepte pas « abc » — or pour")
    english = client.post("/api/tables", headers={"accept-language": "en"}, json=body).json()
    assert english["detail"].startswith("Goal does not take “abc” — gold to win")
    body = {"game": "gargon", "options": {"players": 9}}
    detail = client.post("/api/tables?lang=fr", json=body).json()["detail"]
    assert detail == "Le nombre de joueurs n'accepte pas « 9 » — Gargon se joue de 3 à 5 joueurs"


def test_a_bad_clock_is_explained_in_the_readers_words(client: TestClient) -> None:
    body = {"game": "gargon", "seats": ["human", "bot:random", "bot:random"],
            "clock": {"mode": "move", "seconds": 1}}
    detail = client.post("/api/tables", headers={"accept-language": "fr"}, json=body).json()["detail"]
    assert detail == "Horloge incorrecte : le temps doit être un nombre entier de secondes de 5 à 86400"


def test_the_lobby_describes_each_game_and_says_yes_or_no_in_the_readers_language(client: TestClient) -> None:
    for lang, yes, no in (("fr", "oui", "non"), ("en", "yes", "no")):
        games = {g["id"]: g for g in client.get("/api/games", params={"lang": lang}).json()}
        assert {"gargon", "drakon", "kagoun"} <= set(games)
        assert ("Des cartes" if lang == "fr" else "Cards of") in games["gargon"]["description"]
        assert ("posez les salles" if lang == "fr" else "lay the dungeon") in games["drakon"]["description"]
        for game in games.values():
            for option in game["options"]:
                if option["choices"] == [False, True]:  # keyed as the page writes them: String(false)
                    assert option["choice_labels"] == {"false": no, "true": yes}, option


def test_a_body_refused_before_reading_it_is_refused_in_the_pages_language(client: TestClient) -> None:
    huge = {"game": "gargon", "options": {"amulets": "x" * 20_000}}
    detail = client.post("/api/tables?lang=fr", headers={"accept-language": "en"}, json=huge).json()["detail"]
    assert detail.startswith("La requête est trop grande")
