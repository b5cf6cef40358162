"""The leaderboard: Elo ratings at a game from its finished tables, bots as fixed anchors."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient


def test_the_leaderboard_rates_named_players_and_bots_from_finished_tables(
        client: TestClient, tables: Any) -> None:
    assert client.get("/api/leaderboard/gargon").json() == {"game": "gargon", "standings": []}
    results = []
    for _ in range(3):
        table, tokens = tables.create(["human", "bot:random", "bot:heuristic"])
        assert client.post(f"/api/tables/{table}/name",
                           json={"token": tokens[0], "name": "Ann"}).status_code == 200
        results.append(tables.play_out(table, tokens))
    unnamed, tokens = tables.create(["human", "bot:random", "bot:random"])
    tables.play_out(unnamed, tokens)
    board = client.get("/api/leaderboard/gargon", headers={"accept-language": "fr"}).json()
    rows = {row["name"]: row for row in board["standings"]}
    assert set(rows) == {"Ann", "Robot aléatoire", "Robot heuristique"}  # the unnamed seat: not rated
    assert rows["Ann"]["games"] == 3 and rows["Robot aléatoire"]["games"] == 5
    assert rows["Robot aléatoire"]["rating"] == 1000 and rows["Robot heuristique"]["rating"] == 1500
    assert [row["rank"] for row in board["standings"]] == [1, 2, 3]
    ratings = [row["rating"] for row in board["standings"]]
    assert ratings == sorted(ratings, reverse=True)
    assert rows["Ann"]["rating"] != 1500  # three games moved it


def test_an_unknown_game_has_no_leaderboard(client: TestClient) -> None:
    response = client.get("/api/leaderboard/chess")
    assert response.status_code == 404 and response.json()["code"] == "unknown_game"
