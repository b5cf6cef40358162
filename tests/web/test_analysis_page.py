"""The post-game analysis on the replay page, in a real browser (issue 18 item 6): a short game
of a person against a bot is analysed, from the person's seat link, for the chosen seat with its
progress shown, its rows and plot appear, a row takes the replay to its decision, and a second
visit (in French, without a seat link) shows it at once but cannot start another."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from ludotheque.server.process import ServerProcess

from .tables import create_table, play_out

#: Records every state the analysis panel goes through (body's data-analysis).
RECORD_STATES = """
window.__analysis = [];
new MutationObserver(() => {
  const state = document.body && document.body.dataset.analysis;
  if (state && window.__analysis.at(-1) !== state) window.__analysis.push(state);
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-analysis"] });
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of its own whose analyses search very little (the page is tested, not the search)."""
    folder: Path = tmp_path_factory.mktemp("analysis-page")
    with ServerProcess(f"sqlite:///{folder / 'tables.db'}", 0.0, folder / "server.log",
                       extra=("--analysis-iterations", "2", "--search-workers", "1")) as live:
        yield live.url
    log = (folder / "server.log").read_text(errors="replace")
    assert "Traceback" not in log and "ERROR" not in log, log[-3000:]


def test_a_finished_game_is_analysed_on_its_replay_page(chromium: Any, open_page: Any, server: str) -> None:
    created = create_table(server, ["human", "bot:random"], {"players": 2}, game="kagoun")
    play_out(server, created)
    table, token = created["id"], created["seats"][0]["url"].split("#token=")[1]
    page = open_page(chromium, 1366, 900)
    page.add_init_script(RECORD_STATES)
    page.goto(f"{server}/t/{table}/replay#step=0&seat=1&token={token}")
    page.wait_for_function("document.body.dataset.analysis === 'none'")
    assert page.input_value("#analysis-seat") == "1"  # the reader's own seat comes first
    page.click("#analyse")
    page.wait_for_function("document.body.dataset.analysis === 'done'", timeout=120_000)
    assert "running" in page.evaluate("window.__analysis")  # its progress was shown meanwhile
    moves = httpx.get(f"{server}/api/tables/{table}/analysis", params={"seat": 1}).json()["moves"]
    rows = page.locator(".analysis-row")
    assert rows.count() == len(moves) > 0
    assert page.locator("svg.analysis-plot polyline").count() == 1
    assert page.locator("svg.analysis-plot circle").count() == sum(1 for m in moves if m["mark"])
    third = rows.nth(min(2, len(moves) - 1))
    third.click()
    page.wait_for_function(f"document.body.dataset.step === '{third.get_attribute('data-step')}'")
    assert "current" in (third.get_attribute("class") or "")
    # the row is numbered as the replay numbers the position it goes to (the decision's)
    number = third.locator("td").first.inner_text().strip()
    assert page.inner_text("#step").split("/")[0].split()[-1] == number

    again = open_page(chromium, 1366, 900, locale="fr-FR")
    again.add_init_script(RECORD_STATES)
    again.goto(f"{server}/t/{table}/replay#seat=1")
    again.wait_for_function("document.body.dataset.analysis === 'done'")
    assert again.evaluate("window.__analysis") == ["done"]  # at once: nothing ran again
    assert again.locator(".analysis-row").count() == len(moves)
    text = again.inner_text("#analysis")
    assert "Chance de gagner" in text and "imprécision" in text and "Analysis" not in text
    again.select_option("#analysis-seat", "0")  # not analysed, and this reader holds no seat here
    again.wait_for_function("document.body.dataset.analysis === 'none'")
    assert again.locator("#analyse").is_hidden()
    assert "Seuls les joueurs de cette table" in again.inner_text("#analysis-status")
