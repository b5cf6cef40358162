"""Kagoun at the web table: a table with a heuristic bot is played out over HTTP by its human
seat; every view carries the card faces to draw, and never the other seat's hand; the board's
files are served."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from ludotheque.server import create_app


def test_a_table_is_played_out_and_views_hide_the_other_hand(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}", bot_delay=0.0)) as client:
        response = client.post("/api/tables", json={"game": "kagoun", "options": {"players": 2},
                                                     "seats": ["human", "bot:heuristic"]})
        assert response.status_code == 201, response.text
        body = response.json()
        table = body["id"]
        token = next(s["url"].split("#token=", 1)[1] for s in body["seats"] if s["kind"] == "human")

        def view(lang: str = "en") -> dict[str, Any]:
            answer = client.post(f"/api/tables/{table}/view", json={"token": token, "lang": lang})
            assert answer.status_code == 200, answer.text
            return dict(answer.json())

        deadline = time.monotonic() + 60
        steps = 0
        while time.monotonic() < deadline:
            current = view("fr" if steps % 2 else "en")
            assert len(current["legend"]["cards"]) == 52
            assert current["observation"]["hand"] is not None
            assert "hands" not in current["observation"]  # only the own hand, and counts
            if current["terminal"]:
                break
            if current["to_act"] != 0 or not current["legal"]:
                time.sleep(0.01)
                continue
            entry = current["legal"][-1] if steps % 3 else current["legal"][0]
            answer = client.post(f"/api/tables/{table}/actions",
                                 json={"token": token, "action": entry["action"],
                                       "version": current["version"]})
            assert answer.status_code in (200, 409), answer.text
            steps += 1
        assert view()["terminal"]
        assert client.get("/games/kagoun/board.js").status_code == 200
        assert client.get("/games/kagoun/board.css").status_code == 200
