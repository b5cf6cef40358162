"""Adding a game is one folder and one entry-point line: Secret Nim (``tests/plugins/secret_nim``)
is announced through the ``ludotheque.games`` entry point of a small installed distribution (a
dist-info folder on the path), then listed, simulated, replayed and hosted by the real command and
the real server, with no file of the package naming it. The conformance suite registers it too."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from ludotheque.bots import RandomBot, make_bot
from ludotheque.core import CHANCE, get_game, register
from ludotheque.server.process import ServerProcess
from ludotheque.sim.match import play_game

PLUGINS = Path(__file__).resolve().parent
sys.path.insert(0, str(PLUGINS))
import secret_nim  # noqa: E402  (found on the path just added)
from secret_nim.game import SIZES, SecretNimState  # noqa: E402

register(secret_nim.GAME)


@pytest.fixture(scope="module")
def plugin_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A PYTHONPATH where Secret Nim is an installed distribution with its entry point."""
    site = tmp_path_factory.mktemp("site")
    info = site / "secret_nim-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: secret-nim\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[ludotheque.games]\nsecret_nim = secret_nim:GAME\n")
    return os.pathsep.join([str(site), str(PLUGINS), os.environ.get("PYTHONPATH", "")])


def command(plugin_path: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": plugin_path, "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "ludotheque", *args], env=env, capture_output=True,
                          text=True, timeout=120)


def test_the_command_lists_the_game_and_its_bot(plugin_path: str) -> None:
    listed = command(plugin_path, "games")
    assert listed.returncode == 0, listed.stderr
    assert "secret_nim" in listed.stdout and "greedy" in listed.stdout
    assert "secret_nim" not in command("", "games").stdout  # without the distribution, no game


def test_the_command_simulates_and_replays_it(plugin_path: str, tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    run = command(plugin_path, "simulate", "secret_nim", "--games", "30", "--bots", "greedy,random",
                  "--seed", "4", "--jobs", "2", "--out", str(out), "--json")
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    assert summary["games"] == 30
    assert summary["bots"][0]["name"] == "greedy" and summary["bots"][0]["win_rate"] > 0.5
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 30
    assert all(r["actions"][0].startswith("heap ") for r in records), "chance draws the heap first"
    path = tmp_path / "one.json"
    path.write_text(json.dumps(records[0]))
    replayed = command(plugin_path, "replay", str(path), "--json")
    assert replayed.returncode == 0, replayed.stderr
    result = json.loads(replayed.stdout)
    assert result["ok"] and result["terminal"] and result["scores"] == records[0]["result"]["scores"]
    words = command(plugin_path, "replay", str(path), "--lang", "fr")
    assert words.returncode == 0 and "take" in words.stdout


@pytest.fixture
def nim_server(plugin_path: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ServerProcess]:
    monkeypatch.setenv("PYTHONPATH", plugin_path)
    with ServerProcess(f"sqlite:///{tmp_path / 'tables.db'}", 0.0, tmp_path / "server.log") as server:
        yield server


def test_the_web_table_hosts_it_with_the_generic_board(nim_server: ServerProcess) -> None:
    base = nim_server.url
    games = httpx.get(f"{base}/api/games").json()
    nim = next(g for g in games if g["id"] == "secret_nim")
    assert "greedy" in nim["bots"]
    assert httpx.get(f"{base}/games/secret_nim/board.js").status_code == 404  # the generic board then
    assert httpx.get(f"{base}/games/gargon/board.js").status_code == 200
    assert httpx.get(f"{base}/games/gargon/../../server/app.py").status_code == 404
    body = {"game": "secret_nim", "seats": ["human", "bot:greedy"]}
    created = httpx.post(f"{base}/api/tables", json=body)
    assert created.status_code == 201, created.text
    table = created.json()
    token = table["seats"][0]["url"].split("#token=")[1]
    view = play_human_seat(base, table["id"], token)
    assert view["terminal"] and view["scores"]["winners"]
    record = httpx.get(f"{base}/api/tables/{table['id']}/record").json()
    assert record["actions"][0].startswith("heap ")
    assert int(record["actions"][0].split()[1]) in SIZES


def test_a_browser_plays_it_on_the_generic_board(nim_server: ServerProcess, chromium: Any) -> None:
    """The table page falls back to the plain board (the observation's fields) and the moves
    panel, in which a person plays the game to its end."""
    body = {"game": "secret_nim", "seats": ["human", "bot:greedy"]}
    created = httpx.post(f"{nim_server.url}/api/tables", json=body)
    url = nim_server.url + created.json()["seats"][0]["url"]
    context = chromium.new_context(viewport={"width": 1366, "height": 768}, locale="en-GB")
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(url)
        page.wait_for_selector("pre.observation")
        for _ in range(20):
            page.wait_for_function("document.querySelector('[data-action]:not([disabled])')"
                                   " || document.body.dataset.terminal === 'true'")
            if page.evaluate("document.body.dataset.terminal") == "true":
                break
            before = int(page.evaluate("document.body.dataset.version"))
            page.click("[data-action='take 1']")
            page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
        assert page.evaluate("document.body.dataset.terminal") == "true"
        assert '"heap"' in page.inner_text("pre.observation")
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def play_human_seat(base: str, table_id: str, token: str) -> dict[str, Any]:
    """Play seat 0's first legal move each time it is to act (chance and the bot move on their
    own), until the game is over; returns the last view."""
    for _ in range(200):
        view = httpx.post(f"{base}/api/tables/{table_id}/view", json={"token": token}).json()
        if view["terminal"]:
            return view
        if view["to_act"] == 0 and view["legal"]:
            assert view["observation"]["heap"] in SIZES  # the keeper is told the heap
            answer = httpx.post(f"{base}/api/tables/{table_id}/actions",
                                json={"token": token, "action": view["legal"][0]["action"],
                                      "version": view["version"]})
            assert answer.status_code == 200, answer.text
        else:
            time.sleep(0.05)
    raise AssertionError("the game did not end")


def test_a_random_bot_never_builds_an_observation(monkeypatch: pytest.MonkeyPatch) -> None:
    """Observations are built on demand: random bots read none; the greedy bot reads its own."""
    seen: list[int | None] = []
    original = SecretNimState.observe

    def counting(self: SecretNimState, seat: int | None) -> Any:
        seen.append(seat)
        return original(self, seat)

    monkeypatch.setattr(SecretNimState, "observe", counting)
    game = play_game("secret_nim", None, [RandomBot(1), RandomBot(2)], seed=3)
    assert game.state.is_terminal and seen == []
    play_game("secret_nim", None, [make_bot("secret_nim", "greedy", 1), RandomBot(2)], seed=3)
    assert seen and set(seen) == {0}


def test_resampling_draws_every_heap_the_other_seat_cannot_rule_out() -> None:
    state = get_game("secret_nim").new_state(None, 0)
    assert state.to_act == CHANCE
    state.apply_text("heap 12")
    for text in ("take 3", "take 3", "take 3"):
        state.apply_text(text)
    rng = random.Random(0)
    heaps = {state.resample(1, rng).observe(0).heap for _ in range(400)}
    assert heaps == {10, 11, 12, 13, 14, 15}
    state.apply_text("take 1")  # 10 taken: a heap of 10 would have ended the game
    heaps = {state.resample(1, rng).observe(0).heap for _ in range(400)}
    assert heaps == {11, 12, 13, 14, 15}
    assert {state.resample(0, rng).observe(0).heap for _ in range(50)} == {12}
