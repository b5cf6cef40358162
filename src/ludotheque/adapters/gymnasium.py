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
ends with the lowest reward and ``info["illegal"]``. ``action_masks()`` gives the mask as booleans
(sb3-contrib's ``MaskablePPO``), never all false.

``make_vec(game, n, ...)`` steps ``n`` of them (same-step autoreset); importing this module
registers each game with an encoding as ``ludotheque/<Game>-v0`` for ``gymnasium.make``. An
environment pickles and deep-copies, mid-game too (docs/research.md, "Copies, processes and
masks").
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AsyncVectorEnv, AutoresetMode, SyncVectorEnv

from ..bots.registry import make_bot
from ..core import Game, game_ids, get_game
from ..core.bot import Bot, ask
from .table import Table, deal_bots, reward_range, rewards_of, seat_bot_names


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
        self.bot_names = seat_bot_names(self.table.game, self.table.players, seat, opponents)
        self.seat, self.rewards, self.render_mode, self.lang = seat, rewards, render_mode, lang
        self.observation_space = self.table.tensors.space()  # bounds and format: tensors.py
        self.action_space = spaces.Discrete(self.table.action_size)
        self.reward_range = reward_range(self.table.game, rewards)
        self.bots: dict[int, Bot] = {}
        self.forfeited = False

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal dense actions (sb3-contrib's ``MaskablePPO`` reads this), never
        all false: once the episode is over, see ``_mask``."""
        return self._mask().astype(bool)

    def _mask(self) -> npt.NDArray[np.int8]:
        """The learner's mask; once the episode is over (a game's end, a forfeit), every action:
        none is legal then, and the step that follows is a reset, which ignores its action
        (Gymnasium's next-step autoreset), so the mask only keeps a masked softmax finite there
        (an all-zero mask makes it NaN)."""
        if self.table.state.is_terminal or self.forfeited:
            return np.ones(self.table.action_size, dtype=np.int8)
        return self.table.mask(self.seat)

    # A copy (pickle, deepcopy) continues as the original would. A bot travels as what rebuilds
    # it: its name, then its attributes that are plain data (its random stream, what it
    # remembers); its game, options and seat come back from ``reset``. What is left out is what a
    # bot keeps for the record, not for play (``ismcts``'s last search tree: large, and not
    # picklable in the compiled build), so both builds copy alike.
    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state["bots"] = {seat: plain_attributes(bot) for seat, bot in self.bots.items()}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        carried: dict[int, dict[str, Any]] = state.pop("bots")
        self.__dict__.update(state)
        self.bots = {seat: self._rebuilt_bot(seat, attributes) for seat, attributes in carried.items()}

    def _rebuilt_bot(self, seat: int, attributes: dict[str, Any]) -> Bot:
        bot = make_bot(self.table.game.id, self.bot_names[seat], 0)
        bot.reset(self.table.game, self.table.options, seat)
        for name, value in attributes.items():
            setattr(bot, name, value)
        return bot

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._mask()}
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
        self.forfeited = False
        self.bots = deal_bots(self.table.game, self.table.options, self.bot_names, self.np_random)
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


def make_vec(game: Game | str, num_envs: int, vectorization: str = "sync",
             autoreset_mode: str | AutoresetMode = AutoresetMode.SAME_STEP,
             context: str | None = None,
             **kwargs: Any) -> gymnasium.vector.VectorEnv[Any, Any, Any]:
    """``num_envs`` environments ``LudothequeEnv(game, **kwargs)`` stepped together
    (``vectorization``: ``"sync"`` in this process, ``"async"``: a process each, started by
    ``context``, e.g. ``"spawn"``). Same-step autoreset by default: a finished game's step returns
    the next game's first observation and mask (the last ones are in ``info["final_obs"]`` and
    ``info["final_info"]``), so every mask a learner acts on has a legal action."""
    make = partial(LudothequeEnv, game, **kwargs)  # a partial pickles into a spawned worker
    if vectorization == "sync":
        return SyncVectorEnv([make] * num_envs, autoreset_mode=autoreset_mode)
    if vectorization == "async":
        return AsyncVectorEnv([make] * num_envs, context=context, autoreset_mode=autoreset_mode)
    raise ValueError(f"vectorization must be 'sync' or 'async'; got {vectorization!r}")


def gymnasium_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``ludotheque/Kagoun-v0``."""
    return f"ludotheque/{game_id.capitalize()}-v0"


def _register() -> None:
    """Registers every game that declares an encoding with Gymnasium, found through the game
    registry: ``gymnasium.make("ludotheque/Kagoun-v0", players=3)``."""
    for game_id in game_ids():
        if gymnasium_id(game_id) not in gymnasium.registry and get_game(game_id).encoding() is not None:
            gymnasium.register(gymnasium_id(game_id), kwargs={"game": game_id},
                               entry_point=f"{__name__}:{LudothequeEnv.__name__}")


_register()


def _plain(value: Any) -> bool:
    """Whether ``value`` is data a bot plays from: numbers, text, a random stream, and
    containers of those."""
    if value is None or isinstance(value, (bool, int, float, str, random.Random)):
        return True
    if isinstance(value, (list, tuple, set, frozenset)):
        return all(_plain(item) for item in value)
    if isinstance(value, dict):
        return all(_plain(key) and _plain(item) for key, item in value.items())
    return False


def plain_attributes(bot: Bot) -> dict[str, Any]:
    """``bot``'s attributes that are plain data (``_plain``), read as pickle would read them
    (``__getstate__``: an instance's dict, slots, or a compiled class's own attributes)."""
    state = bot.__getstate__()
    parts = state if isinstance(state, tuple) else (state,)
    attributes: dict[str, Any] = {}
    for part in parts:
        attributes.update(part or {})
    return {name: value for name, value in attributes.items() if _plain(value)}
