"""The game protocol shared by every game: a Game makes States; a State knows whose turn it is,
which actions are legal, how to apply one, and what each seat may see."""

# mypyc: compile

from __future__ import annotations

import json
import random
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from importlib import import_module
from pathlib import Path
from typing import Any, ClassVar, Final, Protocol

from mypy_extensions import mypyc_attr

from .draws import randbelow
from .errors import IllegalActionError, NotationError, OptionsError
from .spec import GameSpec
from .words import language, pick

#: ``State.to_act`` value while the rules themselves draw at random: the next action is a chance
#: outcome, drawn by whoever runs the game (see ``sample_chance``) and recorded like any action.
CHANCE: Final = -1

#: An action is a small int with a stable meaning per game version (its "index"); each game
#: turns it to and from text notation.
Action = int


class Observation(Protocol):
    """What one seat (or a spectator, seat None) may see: the only view bots and clients get."""

    @property
    def seat(self) -> int | None: ...

    def to_json(self) -> dict[str, Any]: ...


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """A position. Mutable: ``apply`` changes it in place; ``clone`` gives an independent copy.

    Subclasses declare ``__slots__`` for their own fields (not these three), so that a mistyped
    attribute fails instead of quietly becoming a new one."""

    __slots__ = ("game", "options", "to_act")

    game: Game
    options: Mapping[str, Any]
    #: The seat to act, CHANCE, or None once the game is over.
    to_act: int | None

    @property
    def players(self) -> int:
        return int(self.options["players"])

    @property
    def is_terminal(self) -> bool:
        return self.to_act is None

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now; at a CHANCE node, the chance outcomes'
        actions; empty once the game is over."""

    @abstractmethod
    def apply_trusted(self, action: Action) -> None:
        """Apply an action known to be legal (bots, replays already checked): no validation."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (cheap: bots search by cloning)."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game, its options and its fields, so that a position crosses to a worker
        process in the compiled build too (where a state is made only by its game)."""
        names = getattr(type(self), "__mypyc_attrs__", None)
        if names is None:
            names = [name for cls in type(self).__mro__ for name in getattr(cls, "__slots__", ())]
        fresh = restored(self.game, self.options)
        # what the game rebuilds from the options (its components, frozen) is not carried
        fields = {name: getattr(self, name) for name in names
                  if name not in ("game", "options", "__dict__") and hasattr(self, name)
                  and getattr(self, name) != getattr(fresh, name, None)}
        return (restored, (self.game, dict(self.options)), fields)

    def __setstate__(self, fields: dict[str, Any]) -> None:
        for name, value in fields.items():
            setattr(self, name, value)

    @abstractmethod
    def observe(self, seat: int | None) -> Observation:
        """What ``seat`` may see; ``None`` for a spectator."""

    def open_observation(self, seat: int | None) -> dict[str, Any]:
        """``seat``'s observation (as JSON) with everything shown, for the replay of a game that
        is over: nothing is secret any more, so every seat's part shows. Never for a game in play.
        By default every per-seat list (one entry a seat: hands, cards in play, ...) takes each
        seat's entry from that seat's own observation; a game whose observation holds only the
        viewer's own hand overrides it to show the others' too."""
        merged: dict[str, Any] = self.observe(seat).to_json()
        players = self.players
        for other in range(players):
            if other == seat:
                continue
            theirs = self.observe(other).to_json()
            for key, value in theirs.items():
                mine = merged.get(key)
                if isinstance(value, list) and isinstance(mine, list) and len(value) == len(mine) == players:
                    merged[key] = [*mine[:other], value[other], *mine[other + 1:]]
        return merged

    @abstractmethod
    def scores(self) -> list[float]:
        """Final score of each seat (only once the game is over)."""

    def sample_action(self, rng: random.Random) -> Action:
        """A legal action drawn uniformly, as ``legal[rng.randrange(len(legal))]`` would draw it
        (games override it to draw without listing every action)."""
        legal = self.legal_actions()
        return legal[randbelow(rng, len(legal))]

    def resample(self, seat: int, rng: random.Random, remember: bool = False) -> State:
        """A full position that ``seat`` cannot tell apart from this one: everything it does not
        see is drawn again, consistently with what it sees (what information-set searches need).
        Games with hidden information override it.

        ``remember``: consistent also with what ``seat`` was shown earlier and has not seen move
        since (its memory: a game keeps, per seat, what its rules showed and then hid again);
        those facts stay as they are and only what the seat never saw is drawn again. The
        result keeps that seat's memory only (the others' would tell what it never saw); without
        ``remember`` it keeps none."""
        if self.game.spec.hidden_information:
            raise NotImplementedError(f"{self.game.spec.name} does not resample hidden information")
        return self.clone()

    def how_ended(self) -> str:
        """Once over, how the game ended in a word its words explain (Kagoun's ``rounds``: the
        round cap was reached), or "" when the scores say it all."""
        return ""

    def rounds(self) -> int | None:
        """Rounds begun so far, for games played in rounds (None for the others)."""
        return None

    def refusal(self, action: Action, lang: str = "en") -> str | None:
        """Why ``action`` is not legal now (in ``lang``: "en" or "fr"), or None when it is."""
        if self.to_act is None:
            return "the game is over"
        if action in self.legal_actions():
            return None
        try:
            return f"{self.game.action_to_text(action)} is not legal now"
        except NotationError:
            return f"{action} is not an action of {self.game.spec.name}"

    def apply(self, action: Action) -> None:
        """Validate, then apply. Raises IllegalActionError and changes nothing on refusal."""
        reason = self.refusal(action)
        if reason is not None:
            raise IllegalActionError(reason, [self.game.action_to_text(a) for a in self.legal_actions()])
        self.apply_trusted(action)

    def apply_text(self, text: str) -> Action:
        """Parse ``text`` in the game's notation, validate and apply it; returns the action."""
        action = self.game.parse_action(text)
        self.apply(action)
        return action

    def legal_texts(self) -> list[str]:
        """The legal actions in canonical notation."""
        return [self.game.action_to_text(a) for a in self.legal_actions()]

    def winners(self) -> list[int]:
        """Seats sharing the highest score (only once the game is over)."""
        scores = self.scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a CHANCE node: each outcome with its probability."""
        return []

    def sample_chance(self, rng: random.Random) -> Action:
        """An outcome of this CHANCE node drawn with its probability: one ``rng.random()`` point
        against the outcomes' running total (games override it to draw the same outcome from the
        same generator without listing the outcomes)."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise ValueError("not a chance node: no chance outcomes")
        point, total = rng.random(), 0.0
        for action, probability in outcomes:
            total += probability
            if point < total:
                return action
        return outcomes[-1][0]


def restored(game: Game, options: Mapping[str, Any]) -> State:
    """A position of ``game`` to be filled in by unpickling (``State.__reduce__``; a game pickles
    as its class, holding no state of its own)."""
    return game.new_state(options, 0)


def sample_chance(state: State, rng: random.Random) -> Action:
    """An outcome of the CHANCE node ``state``, drawn with its probability."""
    return state.sample_chance(rng)


#: Makes a bot from a seed (see ``ludotheque.core.bot``); typed loosely here so that the game
#: protocol does not depend on the bot protocol.
BotFactory = Callable[[Any], Any]


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A game: its spec, how to start positions, its action notation, and what it brings to the
    front ends (its words, its bots, its browser board), so that nothing central lists games."""

    spec: ClassVar[GameSpec]

    @property
    def id(self) -> str:
        return self.spec.id

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Options completed with defaults and checked (raises OptionsError)."""
        return self.spec.resolve_options(options)

    def max_game_length(self, options: Mapping[str, Any] | None = None) -> int:
        """No game under ``options`` lasts more actions (chance outcomes included), never more
        than ``spec.max_game_length`` (the bound over every option); a game whose length hangs
        on an option (a turn or round limit) says so here, and raises OptionsError for options
        under which no bound exists (Kagoun's ``max_rounds=0``)."""
        return self.spec.max_game_length

    def options_of_version(self, version: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options under which this program plays a game recorded under the rules of spec
        ``version`` exactly as they were. A game whose older rules live on as options overrides
        it to fill them in; by default only the current version plays (raises OptionsError)."""
        if version != self.spec.version:
            raise OptionsError(f"played under {self.spec.name} version {version}; this program "
                               f"plays version {self.spec.version}")
        return dict(options)

    @abstractmethod
    def new_state(self, options: Mapping[str, Any] | None = None, seed: int | None = None) -> State:
        """A new game dealt from ``seed`` (a random seed is drawn and kept when None)."""

    @abstractmethod
    def state_from_setup(
        self, setup: Mapping[str, Any], options: Mapping[str, Any] | None = None
    ) -> State:
        """A position given explicitly (raises SetupError when malformed or impossible)."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Text notation to action (raises NotationError); case-insensitive."""

    @abstractmethod
    def action_to_text(self, action: Action) -> str:
        """Action to canonical text notation."""

    def actions_to_texts(self, actions: Sequence[Action]) -> list[str]:
        return [self.action_to_text(a) for a in actions]

    def _own(self, name: str) -> Any:
        """The module ``name`` of the game's own folder (its package), or None without one."""
        package = type(self).__module__.rpartition(".")[0]
        try:
            return import_module(f"{package}.{name}")
        except ModuleNotFoundError as missing:
            if missing.name != f"{package}.{name}":
                raise  # the module is there but imports something missing: a bug to show
            return None

    def words(self) -> Any:
        """The game's words for players in English and French (a module or object offering what
        ``ludotheque.renderers.GameRenderer`` lists), or None: front ends then show notation.
        By default the ``render`` module of the game's folder, when there is one."""
        return self._own("render")

    def bots(self) -> Mapping[str, BotFactory]:
        """The game's own bots by name (bots that play any game are found without it)."""
        return {}

    def option_words(self, lang: str = "en") -> Mapping[str, Mapping[str, str]]:
        """The game's options in players' words, in ``lang`` ("en" or "fr"): per option name,
        its ``label``, its ``help`` and a label per choice (``choice:<value>``); options left
        out are shown by name with the spec's help. By default ``OPTION_WORDS[lang]`` of the
        ``option_words`` module of the game's folder, when there is one."""
        module = self._own("option_words")
        if module is None:
            return {}
        words: Mapping[str, Mapping[str, Mapping[str, str]]] = module.OPTION_WORDS
        return pick(words, lang)

    def describe(self, lang: str = "en") -> str:
        """The game in a line for a lobby, in ``lang`` ("en" or "fr"): ``DESCRIPTION[lang]`` of
        the ``option_words`` module of the game's folder when it has one, else the spec's."""
        module = self._own("option_words")
        described: Mapping[str, str] = getattr(module, "DESCRIPTION", {})
        return described.get(language(lang), self.spec.description)

    def search_knowledge(self) -> Any:
        """What a search (``bots/ismcts.py``) may know of the game beyond the protocol, or None:
        by default the ``search`` module of the game's folder, offering ``rollout(state, rng)``
        (a fast playout move), ``worth_searching(state)`` (the legal actions worth a look) and
        ``plausibility(state, seat)`` (in [0, 1]: how plausible a drawn position makes what the
        others did, the search's beliefs), ``favourite(state)`` with ``MARGIN`` (the game's own
        move, played unless the search finds one better by that share of the win) and
        ``OTHERS_BY_POLICY`` (the other seats play ``rollout`` rather than being searched). All
        read a position the search drew itself, never the real one."""
        return self._own("search")

    def network(self) -> Any:
        """The game's policy and value network for learned play (``bots/network.py``,
        ``learn/nets.py``), or None: by default the ``network`` module of the game's folder,
        offering ``HIDDEN`` (the hidden layers' widths), optionally ``planes(options)`` (where
        its tensor holds planes of cells, as ``(start, planes, cells)``: their first-layer
        weights are then a plane's row times a cell's, not a row per entry) and
        ``shipped(options)`` (the path of the trained weights shipped for those options, or
        None). Data only: playing with it needs numpy, training it PyTorch."""
        return self._own("network")

    def report_figures(self) -> Any:
        """What a balance report (``sim/report.py``) may count in a finished game, or None: by
        default the ``report`` module of the game's folder, offering ``NEEDS_LOG`` (whether it
        reads the public event log), ``figures(state, actions)`` (named figures of one finished
        game, from its final state, its log and the actions played, as ints) and
        ``words(lang)`` (their titles and labels in English and French)."""
        return self._own("report")

    def encoding(self) -> Any:
        """The game's tensors for learners and research adapters (``ludotheque.adapters``), or
        None: by default the ``encoding`` module of the game's folder, offering
        ``observation_size(options)`` and ``encode(observation)`` (a fixed-size list of floats
        built from one seat's observation only), ``action_size(options)`` and
        ``action_index(observation, action)`` (a dense index ``0..action_size-1`` of a legal
        action of the seat to act, one-to-one over the legal actions); optionally
        ``action_indices(observation, actions)``, the same for a list of actions in one call;
        ``encode_nonzero(observation)``, the same tensor as ``{position: value}`` of its
        non-zero entries, for a large and sparse one; and ``memory_size(options)`` with
        ``encode_memory(state, seat)``, what the seat remembers beyond its observation (what
        ``resample(seat, rng, remember=True)`` keeps), which follows the observation's tensor
        in the information-state tensor, optionally with ``encode_memory_nonzero(state, seat)``
        (the same as ``{position: value}``, for a large and sparse one)."""
        return self._own("encoding")

    def web_assets(self) -> Path | None:
        """The folder of the game's browser board (``board.js``, its CSS and pictures), or None
        for the generic board. By default the ``web`` folder of the game's folder, when there is
        one (found from its package: a compiled module has no reliable ``__file__``)."""
        package = sys.modules[type(self).__module__.rpartition(".")[0]]
        folder = Path(package.__path__[0]) / "web"
        return folder if folder.is_dir() else None

    def tutorial(self) -> Any:
        """The game's guided first game (decoded JSON: its set-up, the seat of the learner and
        each step's action with its explanation, ``server/tutorials.py``), or None. By default
        ``data/tutorial.json`` of the game's folder, when there is one."""
        package = sys.modules[type(self).__module__.rpartition(".")[0]]
        path = Path(package.__path__[0]) / "data" / "tutorial.json"
        return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def shipped_network(package: str, options: Mapping[str, Any]) -> Path | None:
    """The trained network a game's folder ships for ``options`` (``data/expert-<players>p.npz``
    of the package ``package``), or None when there is none for that many players."""
    folder = Path(sys.modules[package].__path__[0]) / "data"
    path = folder / f"expert-{options.get('players')}p.npz"
    return path if path.is_file() else None


def start_log(state: State) -> list[Any] | None:
    """Turn on the state's public event log when the game keeps one (Gargon does)."""
    if not hasattr(state, "log"):
        return None
    log: list[Any] = []
    state.log = log
    return log
