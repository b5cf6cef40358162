"""Forced moves (server/played.py): a person's decision with one legal action is played for them by
the table after the bot delay, said in the log, at no cost on their clock, after a restart too; a
bot plays its own moves; a decision with two choices waits; an undo never leaves the table
replaying a forced move."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from ludotheque.bots.random_bot import RandomBot
from ludotheque.bots.registry import GENERAL
from ludotheque.core.bot import Decision
from ludotheque.core.game import CHANCE, Action
from ludotheque.core.record import GameRecord
from ludotheque.server.process import ServerProcess
from ludotheque.server.service import SWEEP_SECONDS, TableService
from ludotheque.server.store import Store
from ludotheque.server.table import Table

from .conftest import TableDriver

#: The bot delay of a server that must not play a forced move before it is stopped.
NEVER = 600.0
#: Seconds a table may take to move on once a server holds it (a start or a sweep, on a busy machine).
MOVE_ON_SECONDS = SWEEP_SECONDS + 8.0


def _forced_steps(record: GameRecord, humans: set[int]) -> list[tuple[int, int]]:
    """(step, seat) of each action of ``record`` that was a person's only legal action."""
    state, steps = record.start(), []
    for step, text in enumerate(record.actions):
        if state.to_act in humans and len(state.legal_actions()) == 1:
            steps.append((step, state.to_act))
        state.apply_text(text)
    return steps


def test_a_persons_only_choices_are_played_for_them_and_the_log_says_so(tables: TableDriver) -> None:
    """Three people who answer only the decisions with two choices or more finish their game of
    Gargon: every one-choice decision (a fight in one colour, a pass with nothing else to do) is
    played by the table and marked in its person's log, in English and in French (not in the
    others': having had one choice may tell of a hand), and in the replay."""
    table, tokens = tables.create(["human"] * 3)
    rng, deadline = random.Random(3), time.monotonic() + 120
    while True:
        current = tables.view(table, None)
        if current["terminal"]:
            break
        assert time.monotonic() < deadline, "the table did not play a forced move"
        mine = tables.view(table, tokens[current["to_act"]])
        if mine["version"] == current["version"] and len(mine["legal"]) > 1:
            action = rng.choice(mine["legal"])["action"]
            answer = tables.play(table, tokens[mine["seat"]], action, mine["version"])
            assert answer.status_code == 200, answer.text
        else:
            time.sleep(0.01)  # the table's move
    record = GameRecord.from_json(tables.client.get(f"/api/tables/{table}/record").json())
    forced = _forced_steps(record, {0, 1, 2})
    assert len(forced) > 5
    marks = 0
    for seat, token in tokens.items():  # each seat's log marks the moves played for it, and only those
        english, french = tables.view(table, token), tables.view(table, token, "fr")
        marked = [line for line in english["log"] if line.endswith(" (forced)")]
        assert len(marked) <= sum(1 for _, forced_seat in forced if forced_seat == seat)
        assert all(line.startswith("You ") for line in marked)
        assert len([line for line in french["log"] if line.endswith(" (coup forcé)")]) == len(marked)
        assert not any("forced" in line for line in french["log"])
        marks += len(marked)
    assert marks > 0
    assert not any("(forced)" in line for line in tables.view(table, None)["log"])  # a spectator's
    replay = tables.client.get(f"/api/tables/{table}/replay", params={"step": len(record.actions)}).json()
    in_replay = [line for step in replay["log_steps"] for line in step if line.endswith(" (forced)")]
    assert len(in_replay) == marks  # once the game is over, every one of them


class CountingBot(RandomBot):
    """A random bot that counts the decisions it was asked."""

    name = "counting"
    asked = 0

    def choose(self, decision: Decision) -> Action:
        CountingBot.asked += 1
        return super().choose(decision)


@pytest.fixture(autouse=True, scope="module")
def _counting_bot() -> Iterator[None]:
    """A bot for these tests only (registered at import, every test listing the bots would see it)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(GENERAL, "counting", CountingBot)
        yield


def test_a_bot_plays_its_own_one_choice_decisions(tables: TableDriver) -> None:
    """At a table of bots, each bot is asked every decision of its seat, one choice or more, and
    nothing is marked as played for a person."""
    CountingBot.asked = 0
    table, _ = tables.create(["bot:counting"] * 3)
    deadline = time.monotonic() + 60
    while not tables.view(table, None)["terminal"]:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    record = GameRecord.from_json(tables.client.get(f"/api/tables/{table}/record").json())
    assert _forced_steps(record, {0, 1, 2})  # the bots had one-choice decisions...
    assert CountingBot.asked == len(record.actions)  # ...and were asked each of them
    assert not any("(forced)" in line for line in tables.view(table, None)["log"])


async def _settle(table: Table) -> None:
    """Until the table has made every move it makes itself (its bot task is over)."""
    while table.bot_task is not None and not table.bot_task.done():
        await asyncio.sleep(0.001)


def _service(tmp_path: Path, bot_delay: float = 0.0) -> TableService:
    return TableService(Store(f"sqlite:///{tmp_path / 'tables.db'}"), bot_delay=bot_delay)


def test_two_choices_wait_for_the_person_and_a_forced_move_spends_none_of_their_time(tmp_path: Path) -> None:
    """On a game clock, at a table whose bot delay is 0.05 s: a decision with two choices or more
    is left to its person (the table's bot task ends without a move); a forced move is played,
    and the time of its person is the same after it as before it (their clock stood still)."""
    async def scenario() -> None:
        service = _service(tmp_path, bot_delay=0.05)
        await service.start()
        table, _ = await service.create("gargon", {}, ["human"] * 3, clock={"mode": "game", "seconds": 600})
        assert table.clocks is not None
        rng, waited, forced = random.Random(5), 0, 0
        banks = {table.revision: list(table.clocks.bank)}
        while not table.finished:
            revision, seat = table.revision, table.state.to_act
            if table.forced_move is not None:
                assert table.bot_to_act and table.clock_message(time.monotonic())["to_act"] is None
                while table.revision == revision:
                    await asyncio.sleep(0.001)
                banks[table.revision] = list(table.clocks.bank)
                assert banks[table.revision][seat] == banks[revision][seat]  # no time spent
                forced += 1
                continue
            await _settle(table)
            assert table.revision == revision and table.state.to_act == seat  # nobody played for them
            waited += 1
            await table.act(seat, rng.choice(table.state.legal_texts()), revision, "en")
            banks[table.revision] = list(table.clocks.bank)
        assert forced > 5 and waited > 5
        await service.close()
        service.store.close()

    asyncio.run(scenario())


async def _real_then_forced(service: TableService, table: Table, rng: random.Random,
                            same_seat: bool) -> int:
    """People's random decisions until a forced move has just been played after a decision, for
    the same person (``same_seat``) or another; returns the seat of the forced move."""
    while not table.finished:
        await _settle(table)
        trail = table.played.trail
        if len(trail) >= 2 and not trail[-2].forced and trail[-1].forced:
            if (trail[-2].seat == trail[-1].seat) == same_seat and trail[-2].seat != CHANCE:
                if not same_seat or table.played.undo_refusal(trail[-1].seat) is None:
                    return trail[-1].seat
        action = rng.choice(table.state.legal_texts())
        await table.act(table.state.to_act, action, table.revision, "en")
    raise AssertionError("no such moves in a whole game")


def test_taking_back_a_forced_move_takes_back_the_decision_before_it(tmp_path: Path) -> None:
    """A person's decision then their forced move: taking back undoes both at once (the table is
    back at the decision, and stays there); a forced move after someone else's move offers nothing
    to take back, and its person's undo is refused."""
    async def scenario() -> None:
        service = _service(tmp_path)
        await service.start()
        rng = random.Random(11)
        table, _ = await service.create("gargon", {}, ["human"] * 3, undo=True)
        seat = await _real_then_forced(service, table, rng, same_seat=True)
        decision = table.played.trail[0]
        steps, lines = table.step, len(table.views.log_lines(seat, "en"))
        assert (await table.view(seat, "en"))[0]["undo"] == {"allowed": True, "reason": None}
        revision = await table.undo(seat, table.revision)
        await _settle(table)
        assert table.revision == revision and table.step == steps - 2  # the forced move did not come back
        assert table.state.to_act == seat and table.forced_move is None
        assert table.state.legal_texts() == decision.before.legal_texts()
        assert len(table.views.log_lines(seat, "en")) < lines

        table, _ = await service.create("gargon", {}, ["human"] * 3, undo=True)
        seat = await _real_then_forced(service, table, rng, same_seat=False)
        assert (await table.view(seat, "en"))[0]["undo"] is None
        with pytest.raises(Exception, match="undo_forced"):
            await table.undo(seat, table.revision)
        await service.close()
        service.store.close()

    asyncio.run(scenario())


def _to_forced_move(base: str, rng: random.Random) -> tuple[str, int]:
    """A Gargon table of three people at ``base`` (a server that never plays forced moves) played
    at random until a person's only choice is to be played: its id and version then."""
    http = httpx.Client(base_url=base, timeout=30)
    created = http.post("/api/tables", json={"game": "gargon", "seats": ["human"] * 3}).json()
    tokens = {s["seat"]: s["url"].split("#token=")[1] for s in created["seats"]}
    while True:
        public = http.get(f"/api/tables/{created['id']}").json()
        assert not public["terminal"]
        token = tokens[public["to_act"]]
        mine = http.post(f"/api/tables/{created['id']}/view", json={"token": token}).json()
        if len(mine["legal"]) == 1:
            return created["id"], int(mine["version"])
        answer = http.post(f"/api/tables/{created['id']}/actions", json={
            "token": token, "action": rng.choice(mine["legal"])["action"], "version": mine["version"]})
        assert answer.status_code == 200, answer.text


def _moved_on(base: str, table: str, version: int) -> None:
    """Until the lobby (which reads the store: nobody opens the table) shows ``table`` moved on."""
    since = time.monotonic()
    while True:
        rows = httpx.get(f"{base}/api/tables", params={"limit": 100}).json()["tables"]
        if next(row for row in rows if row["id"] == table)["version"] > version:
            return
        assert time.monotonic() - since < MOVE_ON_SECONDS, "the forced move is still waiting"
        time.sleep(0.05)


def test_a_forced_move_waiting_when_the_server_stopped_is_played_once_it_restarts(
        start_server: Callable[..., ServerProcess], tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    server = start_server(db, bot_delay=NEVER)
    table, version = _to_forced_move(server.url, random.Random(2))
    server.kill()
    server = start_server(db)
    _moved_on(server.url, table, version)


def test_a_forced_move_held_by_a_process_that_stops_is_played_by_the_other(
        pg_url: str, start_server: Callable[..., ServerProcess]) -> None:
    first = start_server(pg_url, bot_delay=NEVER)  # holds the table's lease, never plays
    second = start_server(pg_url)
    table, version = _to_forced_move(first.url, random.Random(4))
    assert httpx.get(f"{second.url}/api/tables/{table}").json()["version"] == version
    first.stop()
    _moved_on(second.url, table, version)
