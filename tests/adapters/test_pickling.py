"""Environments pickle and deep-copy mid-game, and a copy continues exactly as the original:
the same observations (every seat's, hidden cards included), masks, rewards, chance draws and bot
moves; a spawned worker steps an environment sent to it as this process would."""

from __future__ import annotations

import copy
import multiprocessing
import pickle
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from ludotheque.adapters.gymnasium import LudothequeEnv, make_vec, plain_attributes  # noqa: E402
from ludotheque.adapters.pettingzoo import env, raw_env  # noqa: E402
from ludotheque.adapters.table import Table  # noqa: E402
from ludotheque.bots.ismcts import IsmctsBot  # noqa: E402
from ludotheque.bots.registry import GENERAL, bot_names, make_bot  # noqa: E402
from ludotheque.core import get_game  # noqa: E402
from ludotheque.core.bot import ask  # noqa: E402

COPIES: dict[str, Callable[[Any], Any]] = {
    "pickle": lambda original: pickle.loads(pickle.dumps(original)),
    "deepcopy": copy.deepcopy,
}


@pytest.fixture(params=sorted(COPIES))
def copied(request: pytest.FixtureRequest) -> Callable[[Any], Any]:
    return COPIES[request.param]


def fixed_search(seed: int | str | None = None) -> IsmctsBot:
    """A search with a budget of iterations, not seconds: its moves follow from its seed."""
    return IsmctsBot(seed, iterations=2)


@pytest.fixture
def searching_bot(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setitem(GENERAL, "ismcts-fixed", fixed_search)
    return "ismcts-fixed"


def legal(mask: np.ndarray, rng: random.Random) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def every_seat_sees_the_same(a: Table, b: Table) -> None:
    """Both tables hold the same position (each seat's tensor: its hidden cards too) and the
    same chance stream."""
    assert a.to_act == b.to_act and a.rng.getstate() == b.rng.getstate()
    for seat in range(a.players):
        assert np.array_equal(a.tensor(seat), b.tensor(seat))
        assert np.array_equal(a.mask(seat), b.mask(seat))


def test_a_table_copy_plays_on_as_the_original(game_id: str, copied: Callable[[Any], Any]) -> None:
    original = Table(game_id, information_state=True)
    original.reset(seed=3)
    rng = random.Random(0)
    for _ in range(5):
        original.play(legal(original.mask(original.to_act or 0), rng))
    twin = copied(original)
    assert twin.game is original.game and twin.encoding is original.encoding  # by id, on load
    every_seat_sees_the_same(original, twin)
    while original.to_act is not None:  # the seat to act each move, every seat at the end
        seat = original.to_act
        assert twin.to_act == seat and np.array_equal(original.tensor(seat), twin.tensor(seat))
        assert np.array_equal(original.mask(seat), twin.mask(seat))
        index = legal(original.mask(seat), rng)
        original.play(index)
        twin.play(index)
    every_seat_sees_the_same(original, twin)
    assert original.state.scores() == twin.state.scores()


def in_step(a: LudothequeEnv, b: LudothequeEnv, info: dict[str, Any], rng: random.Random,
            steps: int) -> dict[str, Any]:
    """Steps both environments with the same legal actions, checking they agree at every step."""
    every_seat_sees_the_same(a.table, b.table)
    for _ in range(steps):
        action = legal(info["action_mask"], rng)
        *seen, info = a.step(action)
        *twin_seen, twin_info = b.step(action)
        assert all(np.array_equal(x, y) for x, y in zip(seen, twin_seen, strict=True))
        assert np.array_equal(info["action_mask"], twin_info["action_mask"])
        assert np.array_equal(a.action_masks(), b.action_masks())
        every_seat_sees_the_same(a.table, b.table)
        assert {s: bot.rng.getstate() for s, bot in a.bots.items()} == \
            {s: bot.rng.getstate() for s, bot in b.bots.items()}
        if seen[2]:  # terminated
            break
    return info


def test_a_gymnasium_env_copy_plays_on_as_the_original(game_id: str, copied: Callable[[Any], Any]
                                                      ) -> None:
    """Against the heuristic the game runs to its end, then a new game from the carried seed
    stream."""
    original = LudothequeEnv(game_id, seat=1, opponents="heuristic")
    _, info = original.reset(seed=11)
    rng = random.Random(1)
    for _ in range(3):
        _, _, over, _, info = original.step(legal(info["action_mask"], rng))
        assert not over
    twin = copied(original)
    in_step(original, twin, info, rng, 10_000)
    assert original.table.state.is_terminal
    first, first_info = original.reset()
    second, _ = twin.reset()
    assert np.array_equal(first, second)
    in_step(original, twin, first_info, rng, 3)


def test_a_searching_bot_travels_with_what_it_plays_from(game_id: str, searching_bot: str) -> None:
    """A bot travels as its name and what it plays from (its random stream, what it remembers),
    not its last search's tree; a search of a fixed budget then moves alike in both."""
    players = get_game(game_id).spec.min_players
    original = LudothequeEnv(game_id, seat=0, players=players,
                             opponents=[searching_bot] + ["heuristic"] * (players - 2))
    _, info = original.reset(seed=12)
    rng = random.Random(5)
    _, _, over, _, info = original.step(legal(info["action_mask"], rng))
    assert not over
    in_step(original, pickle.loads(pickle.dumps(original)), info, rng, 3)


def test_a_bot_leaves_behind_only_its_game_and_its_last_search(game_id: str) -> None:
    """A copied env rebuilds its bots from their plain attributes: every bot of the game, once
    it has played, has nothing else (a bot remembering in another form would forget in a copy:
    this test names it)."""
    table = Table(game_id)
    table.reset(seed=6)
    for name in bot_names(game_id):
        bot = make_bot(game_id, name, 0)
        if isinstance(bot, IsmctsBot):
            bot.iterations = 2  # its record of a search, not its time, is what this looks at
        bot.reset(table.game, table.options, 0)
        while table.to_act != 0:
            table.play(legal(table.mask(table.to_act or 0), random.Random(0)))
        table.play_action(ask(bot, table.state, 0))
        state = bot.__getstate__()
        every = set(state if isinstance(state, dict) else {})
        assert every - set(plain_attributes(bot)) <= {"game", "last"}, name


@pytest.mark.parametrize("make", [env, raw_env], ids=["wrapped", "raw"])
def test_a_pettingzoo_env_copy_plays_on_as_the_original(game_id: str, copied: Callable[[Any], Any],
                                                       make: Callable[..., Any]) -> None:
    original = make(game_id)
    original.reset(seed=5)
    rng = random.Random(2)
    for _ in range(4):
        original.step(legal(original.observe(original.agent_selection)["action_mask"], rng))
    twin = copied(original)
    for agent in original.agent_iter():
        assert twin.agent_selection == agent
        observation, reward, termination, truncation, info = original.last()
        twin_last = twin.last()
        assert np.array_equal(observation["observation"], twin_last[0]["observation"])
        assert np.array_equal(observation["action_mask"], twin_last[0]["action_mask"])
        assert (reward, termination, truncation, info) == twin_last[1:]
        action = None if termination or truncation else legal(observation["action_mask"], rng)
        original.step(action)
        twin.step(action)
    assert not twin.agents


def test_a_spawned_worker_steps_an_env_sent_to_it() -> None:
    original = LudothequeEnv("kagoun", opponents="heuristic", players=2)
    _, info = original.reset(seed=4)
    rng = random.Random(3)
    sent = pickle.dumps(original)
    actions, here = [], []
    for _ in range(6):
        actions.append(legal(info["action_mask"], rng))
        *answer, info = original.step(actions[-1])
        here.append(tuple(answer[:3]))
        if answer[2]:
            break
    copy_sent = pickle.loads(sent)
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        # the worker steps the copy it was sent through each action: ``map`` of its bound
        # ``step`` travels with the env (a test module's function would not import there)
        there = pool.apply_async(list, (map(copy_sent.step, actions),)).get(timeout=120)
    assert len(there) == len(here)
    for (obs, reward, over), (twin_obs, twin_reward, twin_over, *_) in zip(here, there, strict=True):
        assert np.array_equal(obs, twin_obs) and (reward, over) == (twin_reward, twin_over)


def test_spawned_vector_workers_step_as_this_process() -> None:
    """Gymnasium's ``AsyncVectorEnv`` with the "spawn" context: each worker builds its env from
    what was sent (``make_vec``'s picklable maker) and steps it as a local one would."""
    kwargs: dict[str, Any] = {"opponents": "random", "players": 2}
    local = make_vec("kagoun", 2, **kwargs)
    spawned = make_vec("kagoun", 2, vectorization="async", context="spawn", **kwargs)
    try:
        observations, info = local.reset(seed=[1, 2])
        twin_observations, twin_info = spawned.reset(seed=[1, 2])
        rng = random.Random(4)
        for _ in range(30):
            assert np.array_equal(observations, twin_observations)
            assert np.array_equal(info["action_mask"], twin_info["action_mask"])
            actions = np.array([legal(mask, rng) for mask in info["action_mask"]])
            observations, rewards, over, _, info = local.step(actions)
            twin_observations, twin_rewards, twin_over, _, twin_info = spawned.step(actions)
            assert np.array_equal(rewards, twin_rewards) and np.array_equal(over, twin_over)
    finally:
        local.close()
        spawned.close()
