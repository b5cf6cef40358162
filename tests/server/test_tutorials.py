"""Guided first games: every game's tutorial plays through under the real rules (each action legal
at its step, each of the learner's moves explained in English and French), and the routes that
serve it answer as docs/web.md says."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from ludotheque.core.registry import game_ids, get_game
from ludotheque.server.tutorials import (
    Tutorial,
    TutorialError,
    problems,
    step_payload,
    tutorial_games,
    tutorial_of,
)

TUTORIALS = tutorial_games()


def test_the_registry_says_which_games_have_a_tutorial() -> None:
    assert {"gargon", "drakon", "kagoun"} <= set(TUTORIALS) <= set(game_ids())


@pytest.mark.parametrize("game_id", TUTORIALS)
def test_a_tutorial_plays_through_under_the_rules(game_id: str) -> None:
    tutorial = tutorial_of(game_id)
    assert tutorial is not None
    assert problems(tutorial) == []
    learner = [k for k in range(len(tutorial.steps) + 1) if step_payload(game_id, k, "en")["expect"]]
    assert 6 <= len(learner) <= 30, learner  # short, but a real lesson


@pytest.mark.parametrize("game_id", TUTORIALS)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_step_shows_the_learners_view_and_says_what_to_do(game_id: str, lang: str) -> None:
    tutorial = tutorial_of(game_id)
    assert tutorial is not None
    for k in range(len(tutorial.steps) + 1):
        payload = step_payload(game_id, k, lang)
        view = payload["view"]
        assert view["seat"] == tutorial.seat and view["lang"] == lang and view["version"] == k
        if payload["expect"] is not None:
            # the expected move is one the board offers, and it is explained
            assert payload["expect"] in [entry["action"] for entry in view["legal"]]
            assert payload["task"]
        else:
            assert view["legal"] == []
        assert payload["done"] == (k == len(tutorial.steps))
    assert step_payload(game_id, 0, lang)["note"] == tutorial.intro[lang]
    assert step_payload(game_id, len(tutorial.steps), lang)["note"].endswith(tutorial.outro[lang])


def test_a_step_the_rules_refuse_is_found() -> None:
    data = get_game("gargon").tutorial()
    data["steps"][0]["action"] = "play B14 R12 Y0"  # then Ada's two cards no longer follow the shape
    assert problems(Tutorial.from_json("gargon", data)) == [
        "step 1: 'play R5 G7' is not legal: you must follow the shape 1+1+1 (you played 1+1), or pass"]
    data["steps"][0]["action"] = "play R12 B14"  # legal, but not as the game writes it
    assert problems(Tutorial.from_json("gargon", data)) == [
        "step 0: write 'play R12 B14' as the game does: 'play B14 R12'"]
    with pytest.raises(TutorialError):
        Tutorial.from_json("gargon", {**data, "intro": {"en": "only English"}})


def test_the_routes(client: TestClient) -> None:
    listed = client.get("/api/tutorials").json()
    assert [entry["game"] for entry in listed] == TUTORIALS
    assert all(entry["url"] == f"/learn/{entry['game']}" for entry in listed)
    first = client.get("/api/tutorials/gargon/steps/0?lang=fr").json()
    assert first["view"]["lang"] == "fr" and first["expect"] and re.search(r"[éèà]", first["task"])
    assert client.get("/api/tutorials/gargon/steps/100000").json()["code"] == "malformed"
    assert client.get("/api/tutorials/gargon/steps/999").status_code == 400
    assert client.get("/api/tutorials/nothing/steps/0").status_code == 404
    page = client.get("/learn/gargon")
    assert page.status_code == 200 and "learn.js" in page.text
    assert client.get("/learn/nothing").status_code == 404


def test_a_tutorial_that_does_not_play_through_is_left_out(monkeypatch: pytest.MonkeyPatch,
                                                          caplog: pytest.LogCaptureFixture) -> None:
    from ludotheque.server import tutorials

    game = get_game("gargon")
    broken = game.tutorial()
    broken["steps"][1]["action"] = "play W3"  # Ada may not lay one card on a play of two
    monkeypatch.setattr(type(game), "tutorial", lambda self: broken)
    monkeypatch.setattr(tutorials, "_loaded", {})
    assert "gargon" not in tutorial_games() and tutorial_of("gargon") is None
    assert "the tutorial of gargon is left out" in caplog.text
