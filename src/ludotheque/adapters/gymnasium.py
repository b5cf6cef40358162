"""A Gymnasium single-agent environment: one seat learns, the others are the project's bots,
chosen by name (``random``, the game's ``heuristic`` ...)::

    from ludotheque.adapters.gymnasium import LudothequeEnv
    e = LudothequeEnv("kagoun", seat=0, opponents="heuristic", players=2)
    observation, info = e.reset(seed=3)
    while True:
        action = e.action_space.sample(info["action_mask"])
        observation, reward, terminated, truncated, info = e.step(action)
        if terminated:
            break

The observation is the learner's tensor (the game's encoding; ``information_state=True``: then
what the seat remembers, docs/research.md), the legal dense actions are
``info["action_mask"]``; the bots move (and chance is drawn) between the learner's turns, and the
reward comes at the end (``table.REWARDS``). An action outside the mask forfeits: the episode
ends with the lowest reward and ``info["illegal"]``.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..bots.registry import bot_factory, make_bot
from ..core import Game
from ..core.bot import Bot, ask
from .table import Table, reward_range, rewards_of


class LudothequeEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: Game | str, seat: int = 0, opponents: str | list[str] = "random",
                 render_mode: str | None = None, rewards: str = "outcome", lang: str = "en",
                 information_state: bool = False, **options: Any) -> None:
        self.table = Table(game, options, information_state)
        if not 0 <= seat < self.table.players:
            raise ValueError(f"seat must be 0 to {self.table.players - 1}; got {seat}")
        if rewards not in ("outcome", "scores"):
            raise ValueError(f"rewards must be 'outcome' or 'scores'; got {rewards!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi'; got {render_mode!r}")
        names = [opponents] * self.table.players if isinstance(opponents, str) else list(opponents)
        if len(names) != self.table.players - 1 and len(names) != self.table.players:
            raise ValueError(f"name {self.table.players - 1} opponents; got {len(names)}")
        if len(names) == self.table.players - 1:
            names.insert(seat, "")
        for other, name in enumerate(names):
            if other != seat:
                bot_factory(self.table.game.id, name)  # an unknown name is refused now
        self.bot_names = names
        self.seat, self.rewards, self.render_mode, self.lang = seat, rewards, render_mode, lang
        self.observation_space = self.table.tensors.space()  # bounds and format: tensors.py
        self.action_space = spaces.Discrete(self.table.action_size)
        self.reward_range = reward_range(self.table.game, rewards)
        self.bots: dict[int, Bot] = {}
        self.forfeited = False

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.table.mask(self.seat)}
        if self.table.state.is_terminal:
            info["scores"] = [float(s) for s in self.table.state.scores()]
        return info

    def _others_play(self) -> None:
        """The bots move until the learner is to act or the game is over."""
        while self.table.to_act is not None and self.table.to_act != self.seat:
            seat = self.table.to_act
            self.table.play_action(ask(self.bots[seat], self.table.state, seat))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        self.table.reset(int(self.np_random.integers(1 << 62)))
        self.bots, self.forfeited = {}, False
        for seat, name in enumerate(self.bot_names):
            if seat != self.seat:
                bot = make_bot(self.table.game.id, name, int(self.np_random.integers(1 << 62)))
                bot.reset(self.table.game, self.table.options, seat)
                self.bots[seat] = bot
        self._others_play()
        return self.table.tensor(self.seat), self._info()

    def step(self, action: np.int64 | int
             ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        if self.table.state.is_terminal or self.forfeited:
            raise RuntimeError("the game is over: call reset()")
        if int(action) not in self.table.legal():
            # an action outside the mask forfeits: the episode ends at the lowest reward
            self.forfeited = True
            info = {**self._info(), "illegal": int(action)}
            return self.table.tensor(self.seat), self.reward_range[0], True, False, info
        self.table.play(int(action))
        self._others_play()
        over = self.table.state.is_terminal
        reward = rewards_of(self.table.state, self.rewards)[self.seat] if over else 0.0
        return self.table.tensor(self.seat), reward, over, False, self._info()

    def render(self) -> str | None:
        return None if self.render_mode is None else self.table.text(self.seat, self.lang)
