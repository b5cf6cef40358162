"""The replay of a finished game shows every hand at every step, for every game: Drakon's and
Kagoun's observations hold only the viewer's own ``hand``, so their replay views carry every
seat's as ``hands`` (docs/web.md, the replay), each equal to what that seat saw at that step."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludotheque.core.record import GameRecord
from ludotheque.server import replays


def finished_bot_game(client: TestClient, game: str, seats: int) -> str:
    answer = client.post("/api/tables", json={"game": game, "seats": ["bot:random"] * seats})
    assert answer.status_code == 201, answer.text
    table = str(answer.json()["id"])
    deadline = time.monotonic() + 60
    while not client.get(f"/api/tables/{table}").json()["terminal"]:
        assert time.monotonic() < deadline, f"{game} table {table} did not finish"
        time.sleep(0.02)
    return table


def own_hands_at(record: GameRecord, step: int) -> list[list[str]]:
    """Each seat's ``hand`` in its own observation after the first ``step`` actions."""
    state = record.start()
    for text in record.actions[:step]:
        state.apply_trusted(state.game.parse_action(text))
    return [state.observe(seat).to_json()["hand"] for seat in range(state.players)]


@pytest.mark.parametrize(("game", "seats"), [("drakon", 3), ("kagoun", 3)])
def test_a_replay_at_a_middle_step_holds_every_hand_as_each_seat_saw_it(client: TestClient, game: str,
                                                                      seats: int) -> None:
    table = finished_bot_game(client, game, seats)
    record = GameRecord.from_json(client.get(f"/api/tables/{table}/record").json())
    step = len(record.actions) // 3
    hands = own_hands_at(record, step)
    while sum(map(len, hands)) == 0:  # a step of a game with cards still in hand (the deal has some)
        step -= 1
        hands = own_hands_at(record, step)
    for seat in (None, 1):
        params = {"step": step} if seat is None else {"step": step, "seat": seat}
        view = client.get(f"/api/tables/{table}/replay", params=params).json()
        observation = view["observation"]
        assert observation["hands"] == hands
        assert observation["hand"] == ([] if seat is None else hands[seat])
        assert [len(hand) for hand in hands] == observation["hand_sizes"]


def test_a_drakon_replay_shows_every_purse_but_the_live_table_does_not(client: TestClient) -> None:
    table = finished_bot_game(client, "drakon", 3)
    view = client.get(f"/api/tables/{table}/replay", params={"step": 5, "seat": 0}).json()
    assert None not in view["observation"]["gold"] and None not in view["observation"]["purse_coins"]
    live = client.post("/api/tables", json={"game": "drakon", "seats": ["human", "human", "human"]}).json()
    seen = client.get(f"/api/tables/{live['id']}").json()["view"]["observation"]
    assert "hands" not in seen and seen["gold"] == [None, None, None]


def test_a_live_kagoun_table_shows_no_hand_but_the_readers(client: TestClient) -> None:
    live = client.post("/api/tables", json={"game": "kagoun", "seats": ["human", "human", "human"]}).json()
    token = live["seats"][0]["url"].split("#token=")[1]
    mine = client.post(f"/api/tables/{live['id']}/view", json={"token": token}).json()["observation"]
    assert "hands" not in mine and mine["hand"]
    spectator = client.get(f"/api/tables/{live['id']}").json()["view"]["observation"]
    assert "hands" not in spectator and spectator["hand"] == []


def test_a_game_is_told_once_per_reader_and_each_step_is_the_same_as_made_afresh(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Replays are kept made (server/replays.py): stepping through a game tells it in words once
    per reader and language, and a step read again is the same as one made afresh."""
    table = finished_bot_game(client, "kagoun", 2)
    told_for: list[tuple[int | None, str]] = []
    real = replays.told

    def counting(table_: Any, record: Any, seat: int | None, lang: str) -> Any:
        told_for.append((seat, lang))
        return real(table_, record, seat, lang)

    monkeypatch.setattr(replays, "told", counting)
    steps = len(client.get(f"/api/tables/{table}/record").json()["actions"])
    seen = [client.get(f"/api/tables/{table}/replay", params={"step": k, "seat": 1}).json()
            for k in (steps, 1, steps)]
    assert told_for == [(1, "en")] and seen[0] == seen[2]
    client.get(f"/api/tables/{table}/replay", params={"step": 1, "seat": 1, "lang": "fr"})
    assert told_for == [(1, "en"), (1, "fr")]
    service = client.app.state.service  # type: ignore[attr-defined]
    live = service.tables[table]  # (read back by the requests above)
    fresh = replays.replay_view(live, service.record(live), 1, 1, "en")
    assert seen[1] == json.loads(json.dumps(fresh))
