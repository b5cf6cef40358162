"""Game records: game id, options, a seed or an explicit setup, and the actions in notation.
A record replays to exactly the same position, always."""

# mypyc: compile

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .errors import LudothequeError, RecordError
from .game import Action, State
from .registry import get_game
from .seeds import new_seed


def result_of(state: State) -> dict[str, Any]:
    """A finished game's result as records keep it: scores, winners and, when the game says
    more, how it ended."""
    result: dict[str, Any] = {"scores": state.scores(), "winners": state.winners()}
    if state.how_ended():
        result["ending"] = state.how_ended()
    return result


@dataclass
class GameRecord:
    """A replayable game: exactly one of ``seed`` and ``setup`` says how it starts."""

    game: str
    options: dict[str, Any]
    seed: int | None = None
    setup: dict[str, Any] | None = None
    actions: list[str] = field(default_factory=list)
    version: int | None = None
    result: dict[str, Any] | None = None
    #: Who sat where (players' names, bots' names), seat by seat; not needed to replay.
    names: list[str] | None = None

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {"game": self.game}
        if self.version is not None:
            obj["version"] = self.version
        obj["options"] = self.options
        if self.setup is not None:
            obj["setup"] = self.setup
        else:
            obj["seed"] = self.seed
        obj["actions"] = list(self.actions)
        if self.result is not None:
            obj["result"] = self.result
        if self.names is not None:
            obj["names"] = list(self.names)
        return obj

    def dumps(self, indent: int | None = None) -> str:
        return json.dumps(self.to_json(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, obj: Any) -> GameRecord:
        """Check the shape of a decoded record (the game checks options, setup and actions)."""
        if not isinstance(obj, dict):
            raise RecordError("a record must be a JSON object")
        unknown = set(obj) - {"game", "version", "options", "seed", "setup", "actions", "result",
                              "names"}
        if unknown:
            raise RecordError(f"unknown record field(s): {', '.join(sorted(unknown))}")
        game = obj.get("game")
        if not isinstance(game, str):
            raise RecordError('a record needs "game", the id of a game (e.g. "gargon")')
        options = obj.get("options", {})
        if not isinstance(options, dict):
            raise RecordError('"options" must be a JSON object')
        seed, setup = obj.get("seed"), obj.get("setup")
        if (seed is None) == (setup is None):
            raise RecordError('a record needs exactly one of "seed" and "setup"')
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RecordError('"seed" must be a whole number')
        if setup is not None and not isinstance(setup, dict):
            raise RecordError('"setup" must be a JSON object')
        actions = obj.get("actions", [])
        if not isinstance(actions, list):
            raise RecordError('"actions" must be a list of actions in notation')
        version = obj.get("version")
        if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
            raise RecordError('"version" must be a whole number')
        result = obj.get("result")
        names = obj.get("names")
        if names is not None and not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
            raise RecordError('"names" must be a list of the seats\' names')
        return cls(game, options, seed, setup, actions, version, result, names)

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not valid JSON: {exc}") from None
        return cls.from_json(obj)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{path} is not UTF-8 text") from None
        return cls.loads(text)

    def start(self) -> State:
        """The starting position (raises RecordError for a bad game, options or setup)."""
        try:
            game = get_game(self.game)
            options = self.options
            if self.version is not None and self.version != game.spec.version:
                try:  # older rules replay where the game keeps them as options
                    options = game.options_of_version(self.version, options)
                except LudothequeError as exc:
                    raise RecordError(f"record {exc}") from None
            if self.setup is not None:
                return game.state_from_setup(self.setup, options)
            return game.new_state(options, self.seed)
        except RecordError:
            raise
        except LudothequeError as exc:
            raise RecordError(str(exc)) from None


@dataclass
class ReplayError:
    """The first action of a record that could not be applied."""

    index: int
    action: str
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "action": self.action, "message": self.message}


class ReplayStepError(LudothequeError):
    """An action of a record could not be applied; carries the ReplayError."""

    def __init__(self, error: ReplayError) -> None:
        super().__init__(f"action {error.index} ({error.action!r}): {error.message}")
        self.error = error


def replay_steps(state: State, actions: list[Any]) -> Iterator[tuple[int, Action]]:
    """Apply ``actions`` (notation) to ``state`` one by one, yielding (index, action) after each.

    Raises ReplayStepError on the first malformed or illegal action; the state is then left as
    it was before that action.
    """
    for index, text in enumerate(actions):
        if not isinstance(text, str):
            raise ReplayStepError(ReplayError(index, json.dumps(text), "an action must be text"))
        try:
            action = state.apply_text(text)
        except LudothequeError as exc:
            raise ReplayStepError(ReplayError(index, text, str(exc))) from None
        yield index, action


def replay(record: GameRecord) -> State:
    """The position after every action of ``record`` (raises RecordError / ReplayStepError)."""
    state = record.start()
    for _ in replay_steps(state, record.actions):
        pass
    return state


class RecordedGame:
    """A position together with the record that leads to it: what play and simulation keep.

    Actions are kept as ints while the game runs; the record's notation and result are written
    when the record is read, so a simulation that never reads it pays nothing for text."""

    def __init__(self, state: State, record: GameRecord) -> None:
        self.state = state
        self._record = record
        self._pending: list[Action] = []  # applied, not yet written to the record
        #: The seat that took the game's first decision (its first player), once play_game knows it
        self.first_seat: int | None = None

    @classmethod
    def start(
        cls, game_id: str, options: Mapping[str, Any] | None = None, seed: int | None = None
    ) -> RecordedGame:
        game = get_game(game_id)
        seed = new_seed() if seed is None else seed
        state = game.new_state(options, seed)
        record = GameRecord(game.id, dict(state.options), seed=seed, version=game.spec.version)
        return cls(state, record)

    @classmethod
    def from_record(cls, record: GameRecord) -> RecordedGame:
        state = replay(record)
        return cls(state, replace(record, actions=list(record.actions)))

    @property
    def record(self) -> GameRecord:
        """The record so far, in notation, with the result once the game is over."""
        record = self._record
        if self._pending:
            record.actions += self.state.game.actions_to_texts(self._pending)
            self._pending.clear()
        if self.state.is_terminal and record.result is None:
            record.result = result_of(self.state)
        return record

    @property
    def moves(self) -> int:
        """The number of actions played since the record's start."""
        return len(self._record.actions) + len(self._pending)

    def actions(self) -> list[Action]:
        """Every action played since the record's start, as ints (what a report counts)."""
        if not self._record.actions:
            return list(self._pending)
        parse = self.state.game.parse_action
        return [parse(text) for text in self._record.actions] + self._pending

    def apply(self, action: Action) -> None:
        """Validated apply; the action is added to the record."""
        self.state.apply(action)
        self._pending.append(action)

    def apply_trusted(self, action: Action) -> None:
        self.state.apply_trusted(action)
        self._pending.append(action)

    def apply_text(self, text: str) -> Action:
        action = self.state.game.parse_action(text)
        self.apply(action)
        return action
