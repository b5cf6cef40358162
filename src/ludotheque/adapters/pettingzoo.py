"""A PettingZoo AEC environment over any game declaring an encoding::

    from ludotheque.adapters.pettingzoo import env
    e = env("gargon", players=4)            # rewards="scores" for the game's own scores
    e.reset(seed=7)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else \\
            e.action_space(agent).sample(observation["action_mask"])
        e.step(action)

``max_cycles=N`` cuts a game once an agent has made N moves (every agent truncated, no reward),
as PettingZoo's "a step for each agent" (turns here are not round-robin).

Agents are ``player_0 ..``; each observes ``{"observation": float32 tensor, "action_mask": int8
mask over the dense actions}`` (the game's ``encoding``; ``information_state=True``: the
observation's tensor then what the seat remembers, docs/research.md); chance is drawn inside from the
stream seeded by ``reset(seed=...)``; rewards come once, at the end (``table.REWARDS``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..core import Game
from .table import Table, reward_range, rewards_of


class LudothequeAEC(AECEnv):  # type: ignore[misc]
    """One game of a Ludothèque game, turn by turn."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: Game | str, render_mode: str | None = None, rewards: str = "outcome",
                 lang: str = "en", max_cycles: int | None = None, information_state: bool = False,
                 **options: Any) -> None:
        super().__init__()
        self.table = Table(game, options, information_state)
        if rewards not in ("outcome", "scores"):
            raise ValueError(f"rewards must be 'outcome' or 'scores'; got {rewards!r}")
        if max_cycles is not None and (type(max_cycles) is not int or max_cycles < 1):
            raise ValueError(f"max_cycles must be a positive whole number or None; got {max_cycles!r}")
        #: PettingZoo's "a step for each agent": the game is cut (every agent truncated, no
        #: reward) once an agent has made this many moves; turns here are not round-robin.
        self.max_cycles = max_cycles
        self.moves: dict[str, int] = {}
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi'; got {render_mode!r}")
        self.rewards_kind, self.render_mode, self.lang = rewards, render_mode, lang
        self.metadata = {**self.metadata, "name": f"ludotheque_{self.table.game.id}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(self.table.players)]
        low, high = reward_range(self.table.game, rewards)
        self.reward_range = (low, high)
        observation = spaces.Dict({
            "observation": self.table.tensors.space(),  # bounds and format: tensors.py
            "action_mask": spaces.Box(0, 1, (self.table.action_size,), np.int8),
        })
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {a: spaces.Discrete(self.table.action_size) for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.moves = dict.fromkeys(self.agents, 0)
        self._select()

    def _select(self) -> None:
        seat = self.table.to_act
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
            return
        for agent, reward in zip(self.possible_agents, rewards_of(self.table.state, self.rewards_kind),
                                 strict=True):
            self.rewards[agent] = reward
            self.terminations[agent] = True
            self.infos[agent] = {"scores": [float(s) for s in self.table.state.scores()]}
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat(agent)
        return {"observation": self.table.tensor(seat), "action_mask": self.table.mask(seat)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.table.play(int(action))
        self.moves[agent] += 1
        if self.max_cycles is not None and self.moves[agent] >= self.max_cycles \
                and self.table.to_act is not None:
            self._truncate()
            return
        self._select()

    def _truncate(self) -> None:
        """``max_cycles`` reached before the game's end: every agent is truncated, unrewarded."""
        for agent in self.agents:
            self.truncations[agent] = True
            self.infos[agent] = {"cycles": self.max_cycles}
        self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.table.text(None, self.lang)

    def close(self) -> None:
        pass


def raw_env(game: Game | str, **options: Any) -> LudothequeAEC:
    """The environment without PettingZoo's checking wrappers."""
    return LudothequeAEC(game, **options)


def env(game: Game | str, **options: Any) -> Any:
    """The environment with PettingZoo's usual wrappers (an illegal action raises, order kept)."""
    wrapped = wrappers.AssertOutOfBoundsWrapper(raw_env(game, **options))
    return wrappers.OrderEnforcingWrapper(wrapped)
