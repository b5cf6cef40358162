"""Gargon's replay log (issue 17 item 9): the game is over, so the spectator's log names every card
drawn and every card laid face down (the replay shows every hand anyway), a seat's own replay names
its own as its live log did, and no one else's. (That no step is blank on the page is checked in
test_browser.py.)"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ludotheque.server import create_app

HIDDEN = re.compile(r"\b(white|blue|violet|red|yellow|green) \?")


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, str, int]]:
    """A finished 3-bot game: the client, the table, its number of steps."""
    folder: Path = tmp_path_factory.mktemp("replay")
    with TestClient(create_app(f"sqlite:///{folder / 'tables.db'}", bot_delay=0.0)) as client:
        table = client.post("/api/tables", json={"game": "gargon", "seats": ["bot:random"] * 3}).json()["id"]
        deadline = time.monotonic() + 60
        while not client.get(f"/api/tables/{table}").json()["terminal"]:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        steps = client.get(f"/api/tables/{table}/replay", params={"step": 0}).json()["steps"]
        yield client, table, steps


def log_steps(client: TestClient, table: str, steps: int, seat: int | None = None,
              lang: str = "en") -> list[list[str]]:
    params: dict[str, int | str] = {"step": steps, "lang": lang}
    if seat is not None:
        params["seat"] = seat
    answer = client.get(f"/api/tables/{table}/replay", params=params)
    assert answer.status_code == 200, answer.text
    return list(answer.json()["log_steps"])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_spectators_replay_log_names_every_card_drawn_and_laid(finished: tuple[TestClient, str, int],
                                                                   lang: str) -> None:
    client, table, steps = finished
    entries = log_steps(client, table, steps, lang=lang)
    assert len(entries) == steps + 1
    draws = [line for entry in entries for line in entry if re.search(r"\b(draws|tire)\b", line)]
    assert draws and not [line for line in draws if HIDDEN.search(line)], draws[:5]
    hidden = [line for entry in entries for line in entry if HIDDEN.search(line)]
    assert hidden == [], hidden[:5]


def test_a_seats_replay_names_its_own_draws_and_not_the_others(finished: tuple[TestClient, str, int]) -> None:
    client, table, steps = finished
    lines = [line for entry in log_steps(client, table, steps, seat=0) for line in entry]
    mine = [line for line in lines if line.startswith("You draw")]
    theirs = [line for line in lines if " draws " in line and not line.startswith("You")]
    assert mine and not [line for line in mine if HIDDEN.search(line)], mine[:5]
    assert theirs and all(HIDDEN.search(line) for line in theirs), theirs[:5]

