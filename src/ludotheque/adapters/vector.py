"""N games of one game stepped together in one process, for a learner that acts on a batch::

    from ludotheque.adapters.vector import VectorEnv
    envs = VectorEnv("kagoun", 64, seat=0, opponents="heuristic", players=2)
    observations, infos = envs.reset(seed=3)
    while True:
        actions = policy(observations, infos["action_mask"])       # one per game
        observations, rewards, terminations, truncations, infos = envs.step(actions)

Everything comes back as stacked arrays written in place (observations ``(N, size)``, or the
sparse form ``{"indices": (N, K), "values": (N, K)}``; masks ``(N, actions)``; rewards,
terminations, truncations ``(N,)``): the arrays are the env's own, overwritten by the next
step, so copy what you keep. The opponents (the project's bots, by name) move inside.

Auto-reset is same-step: where a game ended, the observation and mask returned are already the
next game's (so no mask is ever all zeros), and the ended game's last observation and final
scores are in ``infos["final_observation"]`` and ``infos["final_scores"]`` (object arrays, None
for the games still on). Seeding is Gymnasium's: ``reset(seed=s)`` seeds game k with ``s + k``,
and game k is then exactly ``LudothequeEnv`` reset with that seed, stepped with the same
actions and reset (unseeded) at each end.

``seat=None``: the learner plays every seat (self-play, no bots): the observation is the seat to
act's (``infos["to_act"]``), and the rewards ``(N, players)``, every seat's at a game's end.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import chain
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.utils import seeding

from ..core import Game
from ..core.bot import Bot, ask
from .table import Table, deal_bots, dense_legal, reward_range, rewards_of, seat_bot_names
from .tensors import Indices


class VectorEnv:
    """``num_envs`` games of ``game`` (options as keywords), the learner at ``seat`` (or every
    seat: None) against ``opponents``, observed in ``observation_format`` (tensors.py)."""

    def __init__(self, game: Game | str, num_envs: int, seat: int | None = 0,
                 opponents: str | list[str] = "random", rewards: str = "outcome",
                 information_state: bool = False, observation_format: str = "dense",
                 **options: Any) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1; got {num_envs}")
        options = {**options, "observation_format": observation_format}
        self.tables = [Table(game, options, information_state) for _ in range(num_envs)]
        first = self.tables[0]
        self.num_envs, self.players, self.seat = num_envs, first.players, seat
        if seat is not None and not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0 to {self.players - 1} or None; got {seat}")
        if rewards not in ("outcome", "scores"):
            raise ValueError(f"rewards must be 'outcome' or 'scores'; got {rewards!r}")
        self.rewards_kind, self.reward_range = rewards, reward_range(first.game, rewards)
        self.bot_names = ([""] * self.players if seat is None
                          else seat_bot_names(first.game, self.players, seat, opponents))
        self.tensors = first.tensors
        self.single_observation_space = self.tensors.space()
        self.action_size = first.action_size
        n = num_envs
        if self.tensors.format == "sparse":
            k = self.tensors.max_nonzero
            self.observations: Any = {"indices": np.zeros((n, k), np.int64),
                                      "values": np.zeros((n, k), np.float32)}
        else:
            self.observations = np.zeros((n, self.tensors.size), np.float32)
        self.masks = np.zeros((n, self.action_size), np.int8)
        self.rewards = np.zeros((n,) if seat is not None else (n, self.players), np.float32)
        self.terminations = np.zeros(n, bool)
        self.truncations = np.zeros(n, bool)  # a game always ends: never truncated
        self.to_act = np.zeros(n, np.int64)
        self.generators = [seeding.np_random(None)[0] for _ in range(n)]
        self.bots: list[dict[int, Bot]] = [{} for _ in range(n)]
        self.legal: list[dict[int, int]] = [{} for _ in range(n)]
        #: the dense rows before they are normalised (the observations themselves when dense)
        normalised = self.tensors.format == "normalised"
        self._raw = np.zeros_like(self.observations) if normalised else self.observations
        #: what the last write set, in the flattened observations and masks: only that is zeroed
        self._written: Indices = np.zeros(0, np.int64)
        self._masked: Indices = np.zeros(0, np.int64)
        self._rows = np.arange(n, dtype=np.int64)
        #: the tensor is the observation's alone, listed by the encoding (no memory after it)
        self._nonzero = not self.tensors.information_state and hasattr(self.encoding, "encode_nonzero")
        #: per game ended at this step: its last observation, its scores (None: forfeited)
        self._finals: dict[int, tuple[Any, list[float] | None]] = {}

    @property
    def encoding(self) -> Any:
        """The game's encoding, read from a table (not held here: a module does not pickle)."""
        return self.tables[0].encoding

    # -- one game ---------------------------------------------------------------------------

    def _new_game(self, k: int) -> None:
        """Game k dealt from its generator, its bots made from it, as ``LudothequeEnv.reset``."""
        table, generator = self.tables[k], self.generators[k]
        table.reset(int(generator.integers(1 << 62)))
        self.bots[k] = deal_bots(table.game, table.options, self.bot_names, generator)
        self._others_play(k)

    def _others_play(self, k: int) -> None:
        """The bots move until the learner is to act or game k is over."""
        if self.seat is None:  # the learner plays every seat
            return
        table, bots = self.tables[k], self.bots[k]
        while table.state.to_act is not None and table.state.to_act != self.seat:
            seat = table.state.to_act
            table.play_trusted(ask(bots[seat], table.state, seat))

    def _show(self, k: int) -> tuple[Collection[int], Collection[float]]:
        """Game k seen by the seat to act (one observation serves both): its legal actions by
        dense index kept in ``legal[k]``, its tensor's non-zero entries returned for ``_write``."""
        state = self.tables[k].state
        seat = state.to_act
        assert seat is not None and seat >= 0, "a game on the learner's turn"
        observation = state.observe(seat)
        encoding = self.encoding
        self.legal[k] = dense_legal(encoding, state, observation)
        self.to_act[k] = seat
        if self._nonzero:  # the encoding's own entries, read by numpy without a list made of them
            entries = encoding.encode_nonzero(observation)
            return entries.keys(), entries.values()
        return self.tensors.entries(encoding, state, seat, observation)

    def _write(self, found: list[tuple[Collection[int], Collection[float]]]) -> None:
        """Every game's observation and mask written into the stacked arrays at once, from
        ``found`` (each game's entries, by row): a few numpy writes for the batch, where a game
        at a time cost more than its entries did (Gargon: a tenth of a step)."""
        counts = np.fromiter((len(indices) for indices, _ in found), np.int64, len(found))
        total = int(counts.sum())
        indices = np.fromiter(chain.from_iterable(indices for indices, _ in found), np.int64, total)
        values = np.fromiter(chain.from_iterable(values for _, values in found), np.float32, total)
        rows = np.repeat(self._rows, counts)
        if self.tensors.format == "sparse":
            most = self.tensors.max_nonzero
            if total and counts.max() > most:
                raise ValueError(f"{counts.max()} non-zero entries: the game declares {most}")
            places = np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)
            for part, written in (("indices", indices), ("values", values)):
                self.observations[part].fill(0)
                self.observations[part][rows, places] = written
        else:
            raw = self._raw.reshape(-1)
            raw[self._written] = 0.0
            self._written = rows * self._raw.shape[1] + indices
            raw[self._written] = values
            if self._raw is not self.observations:  # normalised: each feature by its bounds
                np.subtract(self._raw, self.tensors.normaliser.low, out=self.observations)
                self.observations /= self.tensors.normaliser.span
        legal = [len(actions) for actions in self.legal]
        masks = self.masks.reshape(-1)
        masks[self._masked] = 0
        self._masked = (np.repeat(self._rows * self.action_size, legal)
                        + np.fromiter(chain.from_iterable(self.legal), np.int64, sum(legal)))
        masks[self._masked] = 1

    def _final_observation(self, k: int) -> Any:
        """Game k's last observation, at the learner's seat (every seat: the last to act)."""
        seat = int(self.to_act[k])
        return self.tables[k].tensor(seat)

    def _reward(self, k: int, forfeit: bool) -> None:
        state = self.tables[k].state
        if forfeit:
            if self.seat is not None:
                self.rewards[k] = self.reward_range[0]
            else:
                self.rewards[k] = 0.0
                self.rewards[k, self.to_act[k]] = self.reward_range[0]
            return
        outcome = rewards_of(state, self.rewards_kind)
        self.rewards[k] = outcome[self.seat] if self.seat is not None else outcome

    # -- the batch ----------------------------------------------------------------------------

    def _infos(self, ended: list[int], illegal: list[int]) -> dict[str, Any]:
        infos: dict[str, Any] = {"action_mask": self.masks, "to_act": self.to_act}
        if ended:
            final_observation = np.full(self.num_envs, None, dtype=object)
            final_scores = np.full(self.num_envs, None, dtype=object)
            for k in ended:
                final_observation[k], final_scores[k] = self._finals[k]
            infos["final_observation"], infos["final_scores"] = final_observation, final_scores
        if illegal:
            infos["illegal"] = np.array(illegal, dtype=np.int64)
        return infos

    def reset(self, seed: int | Sequence[int | None] | None = None
              ) -> tuple[Any, dict[str, Any]]:
        """Every game anew: game k seeded with ``seed + k`` (a list: one seed per game)."""
        if seed is None or isinstance(seed, int):
            seeds: list[int | None] = [None if seed is None else seed + k for k in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"give {self.num_envs} seeds; got {len(seeds)}")
        found = []
        for k, one in enumerate(seeds):
            if one is not None:
                self.generators[k] = seeding.np_random(one)[0]
            self._new_game(k)
            found.append(self._show(k))
        self._write(found)
        self.rewards.fill(0.0)
        self.terminations.fill(False)
        self._finals = {}
        return self.observations, self._infos([], [])

    def step(self, actions: npt.ArrayLike) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """One dense action per game; a game that ends is dealt again at once (same-step)."""
        chosen = np.asarray(actions).reshape(self.num_envs).tolist()
        self.rewards.fill(0.0)
        self.terminations.fill(False)
        ended: list[int] = []
        illegal: list[int] = []
        self._finals = {}
        found = []
        for k, index in enumerate(chosen):
            table = self.tables[k]
            action = self.legal[k].get(int(index))
            if action is None:  # outside the mask: the game is forfeited at the lowest reward
                illegal.append(k)
            else:
                table.play_trusted(action)
                self._others_play(k)
                if not table.state.is_terminal:
                    found.append(self._show(k))
                    continue
            self._reward(k, forfeit=action is None)
            self.terminations[k] = True
            ended.append(k)
            self._finals[k] = (self._final_observation(k),
                               [float(s) for s in table.state.scores()] if action is not None else None)
            self._new_game(k)
            found.append(self._show(k))
        self._write(found)
        return self.observations, self.rewards, self.terminations, self.truncations, \
            self._infos(ended, illegal)
