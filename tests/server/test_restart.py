"""A real server process killed mid-game (kill -9) and started again on the same database: the game
goes on from the last acknowledged action, and its record replays to the same result."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from ludotheque.core.record import GameRecord, replay

from .conftest import FORCED_WAIT


def _wait_turn(base: str, table: str, token: str) -> dict[str, Any]:
    """The seat's view once it has a decision to make, or at the end: a decision with one legal
    action is the table's to play (server/played.py), returned only if it waits FORCED_WAIT."""
    deadline, forced = time.monotonic() + 30, None
    while time.monotonic() < deadline:
        view = httpx.post(f"{base}/api/tables/{table}/view", json={"token": token}).json()
        if view["terminal"] or len(view["legal"]) > 1:
            return dict(view)
        if len(view["legal"]) == 1:
            if forced is None or forced[0] != view["version"]:
                forced = (view["version"], time.monotonic())
            elif time.monotonic() - forced[1] > FORCED_WAIT:
                return dict(view)
        time.sleep(0.02)
    raise AssertionError("the bots did not move")


def _play_until(base: str, table: str, token: str, version: int) -> dict[str, Any]:
    """Play seat 0's first legal action each turn until ``version`` actions or the end."""
    while True:
        view = _wait_turn(base, table, token)
        if view["terminal"] or view["version"] >= version:
            return view
        response = httpx.post(f"{base}/api/tables/{table}/actions",
                              json={"token": token, "action": view["legal"][0]["action"],
                                    "version": view["version"]})
        forced_then_played = response.status_code == 409 and len(view["legal"]) == 1
        assert response.status_code == 200 or forced_then_played, response.text


def test_a_killed_server_resumes_every_table(start_server: Callable[..., Any], tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    server = start_server(db)
    created = httpx.post(f"{server.url}/api/tables",
                         json={"game": "gargon", "seats": ["human", "bot:heuristic", "bot:random"]}).json()
    table, token = created["id"], created["seats"][0]["url"].split("#token=")[1]
    before = _play_until(server.url, table, token, 25)
    assert not before["terminal"]
    server.kill()

    server = start_server(db)
    after = _wait_turn(server.url, table, token)  # seat 0 was to act: nothing moved meanwhile
    assert (after["version"], after["observation"], after["log"]) == (
        before["version"], before["observation"], before["log"])
    last = _play_until(server.url, table, token, 10_000)
    assert last["terminal"]
    record = GameRecord.from_json(httpx.get(f"{server.url}/api/tables/{table}/record").json())
    assert replay(record).scores() == record.result["scores"] == last["scores"]["totals"]  # type: ignore[index]
    assert httpx.get(f"{server.url}/api/tables/{table}").json()["terminal"] is True
