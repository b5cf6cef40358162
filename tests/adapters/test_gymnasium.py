"""The Gymnasium adapter (one seat learns, project bots play the others) passes Gymnasium's own
environment checker on every game and player count, and ends with the game's outcome; its mask
(``action_masks()``, sb3-contrib's protocol) always offers an action, vectorised too; every game
with an encoding is made by its Gymnasium id."""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from gymnasium.vector import AutoresetMode  # noqa: E402

from ludotheque.adapters.gymnasium import LudothequeEnv, gymnasium_id, make_vec  # noqa: E402
from ludotheque.bots.registry import UnknownBotError  # noqa: E402
from ludotheque.core import game_ids, get_game  # noqa: E402


def test_check_env_passes(game_players: tuple[str, int]) -> None:
    game_id, players = game_players
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # unbounded Box: counts and turns have no fixed top
        check_env(LudothequeEnv(game_id, seat=players - 1, opponents="heuristic", players=players,
                                render_mode="ansi"))


def test_the_learner_gets_the_outcome_at_the_end(game_id: str) -> None:
    e = LudothequeEnv(game_id, seat=1, opponents="random")
    observation, info = e.reset(seed=4)
    total, steps = 0.0, 0
    while True:
        assert observation.shape == e.observation_space.shape and info["action_mask"].any()
        observation, reward, terminated, truncated, info = e.step(e.action_space.sample(info["action_mask"]))
        total, steps = total + reward, steps + 1
        if terminated:
            break
    scores = info["scores"]
    best = max(scores)
    expected = 0.0 if min(scores) == best else 1.0 if scores[1] == best else -1.0
    assert total == expected and steps > 0


def test_an_action_outside_the_mask_forfeits(game_id: str) -> None:
    e = LudothequeEnv(game_id)
    _, info = e.reset(seed=0)
    illegal = int((info["action_mask"] == 0).nonzero()[0][0])
    _, reward, terminated, _, info = e.step(illegal)
    assert terminated and reward == -1.0 and info["illegal"] == illegal
    assert info["action_mask"].all() and e.action_masks().all()  # over: every action, see below
    with pytest.raises(RuntimeError):
        e.step(illegal)


def test_an_unknown_bot_is_refused(game_id: str) -> None:
    with pytest.raises(UnknownBotError, match="no bot"):
        LudothequeEnv(game_id, opponents="nobody")


def test_a_game_without_a_round_cap_is_cut_by_time_limit() -> None:
    """Kagoun's ``max_rounds=0`` has no length bound (docs/rules/kagoun.md): Gymnasium's own
    TimeLimit cuts it when a learner asks, as a truncation."""
    from gymnasium.wrappers import TimeLimit

    e = TimeLimit(LudothequeEnv("kagoun", players=2, max_rounds=0), max_episode_steps=3)
    _, info = e.reset(seed=1)
    e.action_space.seed(1)
    for _ in range(3):
        _, reward, terminated, truncated, info = e.step(e.action_space.sample(info["action_mask"]))
        if terminated:
            break
    assert truncated and not terminated and reward == 0.0


def test_check_env_passes_observing_the_information_state(game_id: str) -> None:
    e = LudothequeEnv(game_id, information_state=True)
    assert e.observation_space.shape[0] > e.table.observation_size
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(e)


def test_action_masks_are_the_legal_actions_then_every_action_once_over(game_id: str) -> None:
    """``action_masks()`` (what MaskablePPO reads) is ``info["action_mask"]`` as booleans: the
    legal dense actions while the learner plays; once the game is over, every action (the step
    after it is a reset, which ignores its action: never an all-zero mask, whose masked softmax
    is NaN)."""
    e = LudothequeEnv(game_id, opponents="random")
    _, info = e.reset(seed=2)
    rng = np.random.default_rng(0)
    terminated = False
    while not terminated:
        masks = e.action_masks()
        assert masks.dtype == np.bool_ and np.array_equal(masks, info["action_mask"].astype(bool))
        assert np.flatnonzero(masks).tolist() == sorted(e.table.legal())
        _, _, terminated, _, info = e.step(int(rng.choice(np.flatnonzero(masks))))
    assert e.action_masks().all() and info["action_mask"].all()


@pytest.mark.parametrize("mode", [AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP],
                         ids=["same-step", "next-step"])
def test_vectorised_masks_always_offer_an_action(game_id: str, mode: AutoresetMode) -> None:
    """Over whole games and the resets after them, no mask is all zeros. Same-step autoreset
    (``make_vec``'s default): a learner never even acts on a finished game."""
    players = get_game(game_id).spec.min_players
    envs = make_vec(game_id, 2, autoreset_mode=mode, opponents="random", players=players)
    _, info = envs.reset(seed=3)
    rng = np.random.default_rng(1)
    ends = 0
    while ends < 2:
        assert info["action_mask"].any(axis=1).all()
        if mode is AutoresetMode.SAME_STEP:
            assert not any(e.unwrapped.table.state.is_terminal for e in envs.envs)  # type: ignore[attr-defined]
        actions = [int(rng.choice(np.flatnonzero(mask))) for mask in info["action_mask"]]
        _, _, terminated, _, info = envs.step(np.array(actions))
        ends += int(terminated.sum())
    envs.close()


def test_every_game_with_an_encoding_is_made_by_its_gymnasium_id(game_id: str) -> None:
    encoded = {gymnasium_id(g) for g in game_ids() if get_game(g).encoding() is not None}
    assert {name for name in gymnasium.registry if name.startswith("ludotheque/")} == encoded
    assert "ludotheque/Kagoun-v0" in encoded
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the passive checker on an unbounded Box
        e = gymnasium.make(gymnasium_id(game_id), seat=1, opponents="random")
        _, info = e.reset(seed=0)
        e.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert e.unwrapped.table.game.id == game_id  # type: ignore[attr-defined]


def test_maskable_ppo_learns_through_action_masks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """sb3-contrib's MaskablePPO finds ``action_masks()`` through ``gymnasium.make``'s wrappers
    and trains a few hundred steps: it never plays an illegal action (one would forfeit), and its
    policy changes."""
    monkeypatch.setenv("SB3_LOGDIR", str(tmp_path))  # its logger makes a folder, else one in /tmp per run
    torch = pytest.importorskip("torch")
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    class NoForfeit(BaseCallback):  # type: ignore[misc]
        steps = 0

        def _on_step(self) -> bool:
            assert not any("illegal" in info for info in self.locals["infos"])
            self.steps += 1
            return True

    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # a tiny network: threads would only wait on each other
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            e = gymnasium.make("ludotheque/Kagoun-v0", players=2, opponents="random")
            model = MaskablePPO("MlpPolicy", e, n_steps=128, batch_size=64, n_epochs=1, seed=0,
                                policy_kwargs={"net_arch": [16]}, device="cpu")
            before = [p.detach().clone() for p in model.policy.parameters()]
            watch = NoForfeit()
            model.learn(256, callback=watch)
    finally:
        torch.set_num_threads(threads)
    assert watch.steps >= 256
    assert any(not torch.equal(a, b) for a, b in zip(before, model.policy.parameters(), strict=True))
