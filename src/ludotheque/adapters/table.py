"""What every adapter shares: one game in play, seen as tensors (the game's own encoding), with
chance drawn inside from the adapter's own seeded stream and terminal rewards chosen by name."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from ..bots.registry import bot_factory, make_bot
from ..core import CHANCE, Game, State, get_game
from ..core.bot import Bot
from ..core.game import sample_chance
from ..core.tensors import action_indices, memory_entries
from ..renderers import renderer_for
from .tensors import Tensors

#: How final scores become rewards: ``outcome`` (+1 for each winner, -1 for the others, 0 for
#: everyone when all tie: a shared win is a win, as in Drakon's teams) or ``scores`` (the game's
#: own scores: points in Gargon, 1/0 per winner in Drakon and Kagoun).
REWARDS = ("outcome", "scores")


def resolve_game(game: Game | str) -> Game:
    return get_game(game) if isinstance(game, str) else game


def encoding_of(game: Game) -> Any:
    encoding = game.encoding()
    if encoding is None:
        raise ValueError(f"{game.id} declares no encoding (games/{game.id}/encoding.py)")
    return encoding


def rewards_of(state: State, rewards: str) -> list[float]:
    """Each seat's reward once ``state`` is over."""
    scores = [float(s) for s in state.scores()]
    if rewards == "scores":
        return scores
    if rewards != "outcome":
        raise ValueError(f"rewards must be one of {', '.join(REWARDS)}; got {rewards!r}")
    winners = set(state.winners())
    if len(winners) == len(scores):
        return [0.0] * len(scores)
    return [1.0 if seat in winners else -1.0 for seat in range(len(scores))]


def reward_range(game: Game, rewards: str) -> tuple[float, float]:
    if rewards == "scores":
        return float(game.spec.min_score), float(game.spec.max_score)
    return -1.0, 1.0


def seat_bot_names(game: Game, players: int, seat: int, opponents: str | list[str]) -> list[str]:
    """One bot name per seat, "" at the learner's ``seat``: one name for all, or one per other
    seat (or per seat); an unknown name is refused now, not at the first game."""
    names = [opponents] * players if isinstance(opponents, str) else list(opponents)
    if len(names) == players - 1:
        names.insert(seat, "")
    if len(names) != players:
        raise ValueError(f"name {players - 1} opponents; got {len(names)}")
    names[seat] = ""
    for other, name in enumerate(names):
        if other != seat:
            bot_factory(game.id, name)
    return names


def deal_bots(game: Game, options: Mapping[str, Any], names: list[str],
              generator: np.random.Generator) -> dict[int, Bot]:
    """The bots of a new game, each seeded from ``generator`` in seat order (no bot at "")."""
    bots: dict[int, Bot] = {}
    for seat, name in enumerate(names):
        if name:
            bot = make_bot(game.id, name, int(generator.integers(1 << 62)))
            bot.reset(game, options, seat)
            bots[seat] = bot
    return bots


def dense_legal(encoding: Any, state: State, observation: Any = None) -> dict[int, int]:
    """Dense index -> game action, for the seat to act (raises if two actions share an index:
    an encoding that is not one-to-one must never hide a legal action); ``observation``: that
    seat's, when the caller has it already."""
    assert state.to_act is not None and state.to_act >= 0
    if observation is None:
        observation = state.observe(state.to_act)
    legal = state.legal_actions()
    dense = dict(zip(action_indices(encoding, observation, legal), legal, strict=True))
    if len(dense) != len(legal):
        raise ValueError(f"{state.game.id}: two legal actions share a dense index")
    return dense


def tensor_of(encoding: Any, observation: Any, size: int, extra: int = 0) -> npt.NDArray[np.float32]:
    """The encoding's tensor of ``observation`` as float32, followed by ``extra`` zeros."""
    nonzero = getattr(encoding, "encode_nonzero", None)
    if nonzero is None:
        tensor = np.asarray(encoding.encode(observation), dtype=np.float32)
        return np.concatenate([tensor, np.zeros(extra, np.float32)]) if extra else tensor
    # a large, sparse tensor (Drakon's planes): only its non-zero entries are written
    tensor = np.zeros(size + extra, dtype=np.float32)
    entries = nonzero(observation)
    count = len(entries)
    tensor[np.fromiter(entries, np.intp, count)] = np.fromiter(entries.values(), np.float32, count)
    return tensor


def memory_size(encoding: Any, options: Mapping[str, Any]) -> int:
    """The size of what a seat remembers beyond its observation (0 for a game without memory)."""
    size = getattr(encoding, "memory_size", None)
    return 0 if size is None else int(size(options))


def info_state_of(encoding: Any, state: State, seat: int, observation_size: int
                  ) -> npt.NDArray[np.float32]:
    """``seat``'s information-state tensor: its observation's tensor, then what it remembers
    (``encode_memory``: what ``State.resample(seat, rng, remember=True)`` keeps), written as
    its non-zero entries into one array (no copy of a large tensor)."""
    if not hasattr(encoding, "encode_memory"):
        return tensor_of(encoding, state.observe(seat), observation_size)
    memory = memory_entries(encoding, state, seat)
    tensor = tensor_of(encoding, state.observe(seat), observation_size,
                       int(encoding.memory_size(state.options)))
    count = len(memory)
    if count:
        tensor[np.fromiter(memory, np.intp, count) + observation_size] = np.fromiter(
            memory.values(), np.float32, count)
    return tensor


class Table:
    """One game of ``game`` under ``options``: deals from a seeded stream, draws its chance from
    the same stream, and shows each seat its tensor (with ``information_state``, followed by
    what the seat remembers) and the mask of its dense actions. ``observation_format`` (among
    the options: ``dense``, ``normalised`` or ``sparse``, tensors.py) chooses the tensor's form."""

    def __init__(self, game: Game | str, options: Mapping[str, Any] | None = None,
                 information_state: bool = False) -> None:
        self.game = resolve_game(game)
        options = dict(options or {})
        observation_format = options.pop("observation_format", "dense")
        self.options = self.game.resolve_options(options)
        self.encoding = encoding_of(self.game)
        self.players = int(self.options["players"])
        self.observation_size = int(self.encoding.observation_size(self.options))
        self.information_state = information_state
        self.tensor_size = self.observation_size + (
            memory_size(self.encoding, self.options) if information_state else 0)
        self.action_size = int(self.encoding.action_size(self.options))
        self.tensors = Tensors(self.encoding, self.options, information_state, observation_format)
        self.rng = random.Random()
        self.state: State = self.game.new_state(self.options, 0)
        self._legal: dict[int, int] | None = None

    # A table pickles and deep-copies (process pools, checkpoints, search over copies): the game
    # and its encoding (a module, which cannot pickle) travel as the game's id, resolved on load;
    # the position and the chance stream travel as they are, so a copy draws what the original
    # would.
    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state["game"] = self.game.id
        del state["encoding"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.game = get_game(state["game"])
        self.encoding = encoding_of(self.game)

    def reset(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.state = self.game.new_state(self.options, self.rng.getrandbits(63))
        self._settle()

    def _settle(self) -> None:
        """Draw chance until a seat is to act (or the game is over)."""
        self._legal = None
        while self.state.to_act == CHANCE:
            self.state.apply_trusted(sample_chance(self.state, self.rng))

    @property
    def to_act(self) -> int | None:
        return self.state.to_act

    def legal(self) -> dict[int, int]:
        """Dense index -> game action, for the seat to act."""
        if self._legal is None:
            seat = self.state.to_act
            if seat is None or seat < 0:
                self._legal = {}
            else:
                self._legal = dense_legal(self.encoding, self.state)
        return self._legal

    def tensor(self, seat: int) -> Any:
        """``seat``'s tensor in the table's ``observation_format`` (a dict when sparse)."""
        return self.tensors.of(self.encoding, self.state, seat)

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.action_size, dtype=np.int8)
        if seat == self.state.to_act:
            mask[list(self.legal())] = 1
        return mask

    def play(self, index: int) -> None:
        """Play the dense action ``index`` of the seat to act (ValueError when not legal)."""
        action = self.legal().get(int(index))
        if action is None:
            raise ValueError(f"dense action {index} is not legal now")
        self.state.apply_trusted(action)
        self._settle()

    def play_action(self, action: int) -> None:
        """Play a game action (a bot's choice) of the seat to act."""
        self.state.apply(action)
        self._settle()

    def play_trusted(self, action: int) -> None:
        """Play a game action known to be legal (read off this position's own mask)."""
        self.state.apply_trusted(action)
        self._settle()

    def text(self, seat: int | None = None, lang: str = "en") -> str:
        """The position as ``seat`` sees it (a spectator: None), in the game's own words."""
        words = renderer_for(self.game)
        observation = self.state.observe(seat)
        (header, rows), notes = words.board(observation, lang)
        lines = ["  ".join(header), *("  ".join(row) for row in rows), *notes]
        if self.state.is_terminal:
            lines.append(words.winners_text(observation, lang))
        elif self.state.to_act is not None and self.state.to_act >= 0:
            actor = self.state.observe(self.state.to_act)
            labels = [words.action_label(a, actor, lang) for a in self.state.legal_actions()[:12]]
            lines.append(f"{words.seat_name(self.state.to_act, lang)}: {' | '.join(labels)}")
        return "\n".join(lines)
