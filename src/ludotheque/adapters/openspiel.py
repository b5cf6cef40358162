"""Each game as an OpenSpiel Python game, so that OpenSpiel's own algorithms run on it::

    import pyspiel
    import ludotheque.adapters.openspiel             # registers every game that has an encoding
    game = pyspiel.load_game("python_ludotheque_kagoun", {"players": 2})
    state = game.new_initial_state()                 # or openspiel.load("kagoun", players=2)

The deal is the first chance node: one of ``DEALS`` equally likely seeds (so the game OpenSpiel
sees deals from that many shuffles); chance during play is the game's own chance node, its
outcomes numbered in ascending order of the game's actions. A seat's actions are the dense
indices of the game's encoding, ascending. The observation is the seat's tensor and its
observation as JSON; the information state string is a digest of everything the seat has seen,
step by step (perfect recall), its tensor the observation's tensor then what the seat remembers
(a fixed-size summary, docs/research.md), and ``resample_from_infostate`` is the game's own
``State.resample`` with the seat's memory. Both are built when asked, for the seat asked only:
the string by replaying the game's moves from where that seat was last asked, the tensors as
numpy arrays (``state.information_state_tensor(seat)`` from Python returns one, not a list).
Returns are the game's outcome (+1 winners, -1 the others, 0 when all tie) or, with
``rewards="scores"``, its scores.

Importing this module registers every game that declares an encoding (OpenSpiel has no hook
that finds Python games by itself: ``pyspiel.load_game`` knows what was registered in the
process), so a pickled game or state, whose class lives here, unpickles anywhere.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel

from ..core import CHANCE, Game, State, game_ids, get_game
from ..core.errors import OptionsError
from .table import (
    dense_legal,
    encoding_of,
    info_state_of,
    memory_size,
    resolve_game,
    reward_range,
    rewards_of,
    tensor_of,
)

#: Equally likely deals at the first chance node (seeds 0 .. DEALS-1 of the game).
DEALS = 1 << 12
#: Outcomes of a chance node during play, at most (Kagoun: a card of 52; Drakon: a coin, a kind).
PLAY_CHANCE = 256
PREFIX = "python_ludotheque_"


def _parameters(game: Game) -> dict[str, Any]:
    """OpenSpiel's parameters: ``rewards``, then the game's options whose default OpenSpiel can
    hold (a number, a word, a flag); an option without a default (a seat, a file) is left out."""
    defaults = game.spec.resolve_options({})
    params: dict[str, Any] = {"players": defaults["players"], "rewards": "outcome"}
    for option in game.spec.options:
        if isinstance(option.default, (bool, int, float, str)):
            params[option.name] = option.default
    return params


def _game_type(game: Game) -> pyspiel.GameType:
    spec = game.spec
    return pyspiel.GameType(
        short_name=PREFIX + game.id,
        long_name=f"Ludotheque {spec.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if spec.hidden_information
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


#: What a seat recalls, as far as it was last asked: the digest of its views, after how many of
#: the position's moves, the game's state after them (never changed: replaying clones it), and
#: whether that state's view is in the digest yet.
_Recall = tuple[str, int, State, bool]


def _chain(digest: str, state: State, seat: int) -> str:
    """``digest`` followed by what ``seat`` sees of ``state``."""
    view = json.dumps(state.observe(seat).to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(f"{digest}|{view}".encode(), digest_size=16).hexdigest()


class _Position:
    """The Python side of an OpenSpiel state: the game's position, the deal and the game's
    moves since (what a seat's recall replays), and each seat's recall as far as it was asked.
    Copied by the game's own ``clone`` (OpenSpiel copies a Python state with ``deepcopy``)."""

    __slots__ = ("state", "deal", "moves", "recall", "dense")

    def __init__(self, state: State | None, deal: int, moves: list[int], recall: list[_Recall | None]
                 ) -> None:
        self.state, self.deal, self.moves, self.recall = state, deal, moves, recall
        self.dense: dict[int, int] | None = None  # dense index -> action, while the state stays

    def __getstate__(self) -> tuple[State | None, int, list[int], list[_Recall | None]]:
        return self.state, self.deal, self.moves, self.recall

    def __setstate__(self, fields: tuple[State | None, int, list[int], list[_Recall | None]]) -> None:
        self.state, self.deal, self.moves, self.recall = fields
        self.dense = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        # recalls are shared: nothing changes a recalled state
        return _Position(None if self.state is None else self.state.clone(), self.deal,
                         list(self.moves), list(self.recall))

    def recalled(self, setup: _Setup, seat: int) -> str:
        """``seat``'s digest of everything it has seen, brought up to date from its last ask."""
        assert self.state is not None
        known = self.recall[seat]
        if known is None:
            digest, done, at, viewed = "", 0, setup.game.new_state(setup.options, self.deal), False
        else:
            digest, done, at, viewed = known
        if not viewed:
            digest = _chain(digest, at, seat)
        if done < len(self.moves):
            at = at.clone() if known is not None else at
            for action in self.moves[done:]:
                at.apply_trusted(action)
                digest = _chain(digest, at, seat)
        self.recall[seat] = (digest, len(self.moves), at, True)
        return digest


class _Setup:
    """What a game's states share (its options, encoding, rewards): shared, never copied."""

    def __init__(self, game: Game, params: dict[str, Any]) -> None:
        self.game, self.params = game, params
        self.options = game.resolve_options({k: v for k, v in params.items() if k != "rewards"})
        self.players = int(self.options["players"])
        self.rewards = str(params.get("rewards", "outcome"))
        reward_range(game, self.rewards)
        self.encoding = encoding_of(game)
        self.observation_size = int(self.encoding.observation_size(self.options))
        self.info_state_size = self.observation_size + memory_size(self.encoding, self.options)
        self.action_size = int(self.encoding.action_size(self.options))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Setup:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (OpenSpiel serialises a Python state's fields) as its game's id and params."""
        return (_setup, (self.game.id, self.params))


def _setup(game_id: str, params: dict[str, Any]) -> _Setup:
    return _Setup(resolve_game(game_id), params)


class LudothequeSpielGame(pyspiel.Game):  # type: ignore[misc]
    game: Game  # set on the subclass made for each game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        setup = _Setup(self.game, dict(params or {}))
        low, high = reward_range(self.game, setup.rewards)
        try:
            length = self.game.max_game_length(setup.options)
        except OptionsError as exc:
            raise OptionsError(f"OpenSpiel needs a bound on a game's length: {exc}", exc.option) from None
        info = pyspiel.GameInfo(
            num_distinct_actions=setup.action_size,
            max_chance_outcomes=max(DEALS, PLAY_CHANCE),
            num_players=setup.players,
            min_utility=low,
            max_utility=high,
            # the deal, then the game under these options
            max_game_length=length + 1)
        super().__init__(_game_type(self.game), info, params or {})
        self.setup = setup

    def new_initial_state(self) -> LudothequeSpielState:
        return LudothequeSpielState(self, self.setup)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(self.setup, perfect_recall)


class LudothequeSpielState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: LudothequeSpielGame, setup: _Setup) -> None:
        super().__init__(game)
        self.spiel = setup
        self.position = _Position(None, 0, [], [None] * setup.players)

    # -- whose turn, what is legal ---------------------------------------------------------
    def current_player(self) -> int:
        state = self.position.state
        if state is None or state.to_act == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if state.to_act is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return state.to_act

    def _dense(self) -> dict[int, int]:
        position = self.position
        if position.dense is None:
            assert position.state is not None
            position.dense = dense_legal(self.spiel.encoding, position.state)
        return position.dense

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._dense())

    def _chance(self) -> list[tuple[int, float]]:
        """The game's chance outcomes in ascending order of its actions."""
        state = self.position.state
        assert state is not None
        return sorted(state.chance_outcomes())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.position.state is None:
            return [(seed, 1.0 / DEALS) for seed in range(DEALS)]
        return [(k, p) for k, (_, p) in enumerate(self._chance())]

    def _apply_action(self, action: int) -> None:
        position = self.position
        if position.state is None:
            position.deal = int(action)
            position.state = self.spiel.game.new_state(self.spiel.options, position.deal)
        else:
            move = (self._chance()[action][0] if position.state.to_act == CHANCE
                    else self._dense()[action])
            position.state.apply_trusted(move)
            position.moves.append(move)
        position.dense = None

    # -- what a seat sees, built when asked (Python callers get numpy arrays, not lists) ----------
    def _seat(self, player: int | None) -> int:
        return self.current_player() if player is None else int(player)

    def information_state_tensor(self, player: int | None = None) -> SpielTensor:
        tensor = _tensor(self.spiel, self.position.state, self._seat(player), perfect_recall=True)
        return tensor.view(SpielTensor)

    def observation_tensor(self, player: int | None = None) -> SpielTensor:
        tensor = _tensor(self.spiel, self.position.state, self._seat(player), perfect_recall=False)
        return tensor.view(SpielTensor)

    def _action_to_string(self, player: int, action: int) -> str:
        state = self.position.state
        if state is None:
            return f"deal {action}"
        if player == pyspiel.PlayerId.CHANCE and state.to_act == CHANCE:
            outcomes = self._chance()
            if 0 <= action < len(outcomes):
                return self.spiel.game.action_to_text(outcomes[action][0])
        elif state.to_act == player:
            dense = self._dense()
            if action in dense:
                return self.spiel.game.action_to_text(dense[action])
        return f"action {action}"

    def is_terminal(self) -> bool:
        state = self.position.state
        return state is not None and state.is_terminal

    def returns(self) -> list[float]:
        state = self.position.state
        if state is None or not state.is_terminal:
            return [0.0] * int(self.spiel.options["players"])
        return rewards_of(state, self.spiel.rewards)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LudothequeSpielState:
        """A state ``player_id`` cannot tell apart from this one, drawn by the game's own
        ``resample`` (its stream seeded from the sampler), with the same history."""
        clone: LudothequeSpielState = self.clone()
        position = self.position
        if position.state is not None:
            rng = random.Random(int(probability_sampler() * 2**53))
            clone.position.state = position.state.resample(player_id, rng, remember=True)
            # the seat recalls what it recalled here; the others' pasts in the drawn position are
            # unknown: each starts from the seat's digest and what it sees there
            digest, moves = position.recalled(self.spiel, player_id), len(position.moves)
            drawn = clone.position.state.clone()
            clone.position.recall = [
                (digest, moves, drawn, True) if seat == player_id
                else (f"{digest}>{seat}", moves, drawn, False) for seat in range(self.spiel.players)]
        return clone

    def __str__(self) -> str:
        state = self.position.state
        return "not dealt" if state is None else json.dumps(state.observe(None).to_json(), sort_keys=True)


class SpielTensor(np.ndarray[Any, np.dtype[np.float32]]):
    """A seat's tensor as a Python caller gets it: a float32 array that a list can still be
    extended with, as with OpenSpiel's lists (ESCHER builds ``history += tensor``), where a
    plain array would add itself to the list element-wise."""

    def __radd__(self, other: Any) -> Any:
        if isinstance(other, list):
            return NotImplemented  # Python then extends the list
        return super().__radd__(other)


def _tensor(setup: _Setup, state: State | None, seat: int, perfect_recall: bool
            ) -> npt.NDArray[np.float32]:
    """``seat``'s information state tensor (``perfect_recall``) or observation tensor."""
    if state is None:
        return np.zeros(setup.info_state_size if perfect_recall else setup.observation_size, np.float32)
    if perfect_recall:
        return info_state_of(setup.encoding, state, seat, setup.observation_size)
    return tensor_of(setup.encoding, state.observe(seat), setup.observation_size)


class _Observer:
    """The seat's tensor (the game's encoding) and its observation as JSON. With perfect recall
    (the information state): the string is a digest of everything the seat has seen, step by
    step; the tensor a fixed-size summary, the observation's tensor then what the seat remembers
    (the game's memory, as ``resample(remember=True)`` keeps it; docs/research.md says what it
    leaves out)."""

    def __init__(self, game: _Setup, perfect_recall: bool) -> None:
        self.game, self.perfect_recall = game, perfect_recall
        self.tensor = np.zeros(game.info_state_size if perfect_recall else game.observation_size,
                               np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: LudothequeSpielState, player: int) -> None:
        self.tensor[:] = _tensor(self.game, state.position.state, player, self.perfect_recall)

    def string_from(self, state: LudothequeSpielState, player: int) -> str:
        position = state.position.state
        if position is None:
            return f"p{player} not dealt"
        if self.perfect_recall:
            return f"p{player} {state.position.recalled(self.game, player)}"
        return json.dumps(position.observe(player).to_json(), sort_keys=True)


_REGISTERED: dict[str, str] = {}


def register(game: Game | str) -> str:
    """Register ``game`` with OpenSpiel (once); returns its short name."""
    resolved = resolve_game(game)
    if resolved.id not in _REGISTERED:
        encoding_of(resolved)
        cls = type(f"Ludotheque{resolved.id.title()}SpielGame", (LudothequeSpielGame,), {"game": resolved})
        globals()[cls.__name__] = cls  # found by name when a game or a state is pickled
        pyspiel.register_game(_game_type(resolved), cls)
        _REGISTERED[resolved.id] = PREFIX + resolved.id
    return _REGISTERED[resolved.id]


def load(game: Game | str, **params: Any) -> Any:
    """The registered game as ``pyspiel.load_game`` makes it (params: players, rewards)."""
    return pyspiel.load_game(register(game), params)


def _register_all() -> None:
    """Every game that declares an encoding, so that ``pyspiel.load_game`` knows it by name and
    a pickled game or state finds its class once pickle has imported this module."""
    for game_id in game_ids():
        if get_game(game_id).encoding() is not None:
            register(game_id)


_register_all()
