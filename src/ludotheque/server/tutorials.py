"""Guided first games ("Learn to play"): a short scripted game of one game, from the set-up its
folder declares (``Game.tutorial()``: ``data/tutorial.json``), where a learner makes the moves on
the game's own board and each step is explained beside it.

A tutorial is data: the options, a seed or an explicit set-up, the learner's seat, the other
seats' names, and every action in order (the learner's expected moves, the other seats' scripted
moves and any chance outcome), each with its explanation in English and French where it has one.
Everything being scripted, the position after ``k`` steps is a pure function of the tutorial: the
server keeps nothing, and a page asks for the learner's view at step ``k`` (built exactly as a
table's, log and own draws included). The learner's step is explained before it is played (a
``task``), another seat's after (a ``note``).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..core.errors import LudothequeError, UnknownGameError
from ..core.game import State
from ..core.registry import game_ids, get_game
from ..renderers import renderer_for
from .errors import ApiError
from .played import PlayedGame
from .store import SeatRow
from .views import TableViews

LANGS = ("en", "fr")
log = logging.getLogger("ludotheque.server")


class TutorialError(LudothequeError):
    """A tutorial file that is not as described here."""


def _words(value: Any, where: str, required: bool = False) -> dict[str, str] | None:
    """``{"en": ..., "fr": ...}``: both languages, or None when absent (and allowed to be)."""
    if value is None and not required:
        return None
    if not (isinstance(value, Mapping) and all(isinstance(value.get(lang), str) and value[lang].strip()
                                                   for lang in LANGS)):
        raise TutorialError(f"{where}: give the text in English and French, {{\"en\": ..., \"fr\": ...}}")
    return {lang: value[lang] for lang in LANGS}


@dataclass(frozen=True)
class Step:
    """One action of the script; ``say`` explains it (before the learner's, after another's);
    ``highlight``: CSS selectors of the board's elements to point at, besides the element
    whose ``data-move`` is the action; ``wrong``: what to say of any other move."""

    action: str
    say: dict[str, str] | None = None
    highlight: tuple[str, ...] = ()
    wrong: dict[str, str] | None = None


@dataclass(frozen=True)
class Tutorial:
    game: str
    seat: int
    options: dict[str, Any]
    seed: int
    setup: dict[str, Any] | None
    names: tuple[str | None, ...]
    intro: dict[str, str]
    outro: dict[str, str]
    steps: tuple[Step, ...]

    @classmethod
    def from_json(cls, game: str, obj: Any) -> Tutorial:
        if not isinstance(obj, Mapping):
            raise TutorialError("a tutorial is a JSON object")
        unknown = set(obj) - {"seat", "options", "seed", "setup", "names", "intro", "outro", "steps"}
        if unknown:
            raise TutorialError(f"unknown field(s): {', '.join(sorted(unknown))}")
        seat, seed, setup = obj.get("seat", 0), obj.get("seed", 0), obj.get("setup")
        options, names, raw = obj.get("options", {}), obj.get("names", []), obj.get("steps")
        if not isinstance(seat, int) or not isinstance(seed, int) or not isinstance(options, Mapping):
            raise TutorialError('"seat" and "seed" are whole numbers, "options" an object')
        if setup is not None and not isinstance(setup, Mapping):
            raise TutorialError('"setup" is an object (the game\'s explicit set-up)')
        if not (isinstance(names, list) and all(n is None or isinstance(n, str) for n in names)):
            raise TutorialError('"names" lists each seat\'s name (null for the learner\'s)')
        if not isinstance(raw, list) or not raw:
            raise TutorialError('"steps" lists the actions, in order')
        steps = []
        for k, item in enumerate(raw):
            if not (isinstance(item, Mapping) and isinstance(item.get("action"), str)):
                raise TutorialError(f"step {k}: an object with its \"action\" in notation")
            highlight = item.get("highlight", [])
            if not (isinstance(highlight, list) and all(isinstance(h, str) for h in highlight)):
                raise TutorialError(f"step {k}: \"highlight\" lists CSS selectors")
            steps.append(Step(item["action"], _words(item.get("say"), f"step {k} say"), tuple(highlight),
                              _words(item.get("wrong"), f"step {k} wrong")))
        intro, outro = _words(obj.get("intro"), "intro", True), _words(obj.get("outro"), "outro", True)
        return cls(game, seat, dict(options), seed, None if setup is None else dict(setup), tuple(names),
                   intro or {}, outro or {}, tuple(steps))

    def first_position(self) -> State:
        game = get_game(self.game)
        if self.setup is not None:
            return game.state_from_setup(self.setup, self.options)
        return game.new_state(self.options, self.seed)


_loaded: dict[str, tuple[Tutorial, tuple[int | None, ...]] | None] = {}


def _load(game_id: str) -> tuple[Tutorial, tuple[int | None, ...]] | None:
    """A game's tutorial with the seat to act before each of its steps (read once)."""
    if game_id not in _loaded:
        try:
            data = get_game(game_id).tutorial()
        except UnknownGameError:
            return None
        _loaded[game_id] = None if data is None else _checked(game_id, data)
    return _loaded[game_id]


def _checked(game_id: str, data: Any) -> tuple[Tutorial, tuple[int | None, ...]] | None:
    """The tutorial with who acts before each step, or None (said in the log) when it does not
    play through: a game's broken script must not break the lobby (the tests play every one)."""
    try:
        tutorial = Tutorial.from_json(game_id, data)
        state = tutorial.first_position()
        movers: list[int | None] = []
        for step in tutorial.steps:
            movers.append(state.to_act)
            state.apply(state.game.parse_action(step.action))
    except LudothequeError as exc:
        log.warning("the tutorial of %s is left out: %s", game_id, exc)
        return None
    return tutorial, tuple(movers)


def tutorial_of(game_id: str) -> Tutorial | None:
    """The tutorial of a registered game, or None when it has none (or no such game)."""
    loaded = _load(game_id)
    return None if loaded is None else loaded[0]


def tutorial_games() -> list[str]:
    """The games that have a tutorial, as the registry lists them."""
    return [game_id for game_id in game_ids() if _load(game_id) is not None]


def tutorial_views(tutorial: Tutorial, steps: int) -> TableViews:
    """The views of the tutorial's table after its first ``steps`` steps, as a table's (never
    stored, nobody to wait for: every seat is shown as here)."""
    game = get_game(tutorial.game)
    players = tutorial.first_position().players
    seats = [SeatRow(s, "human", name=None if s == tutorial.seat else
                     (tutorial.names[s] if s < len(tutorial.names) else None))
             for s in range(players)]
    played = PlayedGame(tutorial.first_position, renderer_for(game), range(players), tutorial.seed,
                        undo=False, moves=[step.action for step in tutorial.steps[:steps]])
    views = TableViews(played, seats, {"table": f"learn-{tutorial.game}", "game": tutorial.game,
                                       "game_name": game.spec.name, "rules_version": game.spec.version,
                                       "next_id": None, "hints": False}, steps)
    views.connected = frozenset(range(players))
    return views


def problems(tutorial: Tutorial) -> list[str]:
    """What is wrong with a tutorial against the game's rules (empty when it plays through):
    every action legal at its step and written as the game writes it, every step of the learner
    explained, the learner's seat one of the game's."""
    found: list[str] = []
    try:
        state = tutorial.first_position()
    except LudothequeError as exc:
        return [f"the set-up does not start: {exc}"]
    game = state.game
    if not 0 <= tutorial.seat < state.players:
        return [f"the learner's seat {tutorial.seat} is not a seat of a {state.players}-player game"]
    for k, step in enumerate(tutorial.steps):
        if state.is_terminal:
            return found + [f"step {k}: the game is over before {step.action!r}"]
        try:
            action = game.parse_action(step.action)
            reason = state.refusal(action)
        except (LudothequeError, ValueError) as exc:
            return found + [f"step {k}: {step.action!r} is not an action: {exc}"]
        if reason is not None:
            return found + [f"step {k}: {step.action!r} is not legal: {reason}"]
        if game.action_to_text(action) != step.action:
            found.append(f"step {k}: write {step.action!r} as the game does: {game.action_to_text(action)!r}")
        if state.to_act == tutorial.seat and step.say is None:
            found.append(f"step {k}: the learner's move {step.action!r} has no explanation")
        state.apply(action)
    return found


@lru_cache(maxsize=2048)  # a few hundred steps in two languages; the same for every learner
def step_payload(game_id: str, step: int, lang: str) -> dict[str, Any]:
    """What the tutorial page shows after ``step`` steps: the learner's view (as at a table),
    the move expected of the learner now (null when another seat or chance plays next, or at
    the end) with its explanation and what to point at, and the note on the step just played."""
    loaded = _load(game_id)
    if loaded is None:
        raise ApiError(404, "not_found", path=f"/learn/{game_id}")
    tutorial, movers = loaded
    total = len(tutorial.steps)
    if not 0 <= step <= total:
        raise ApiError(400, "malformed", problem=f"step must be between 0 and {total}")
    views = tutorial_views(tutorial, step)
    seat = tutorial.seat
    view = views.whole((seat, lang))[0]
    mine = step < total and views.played.state.to_act == seat
    current = tutorial.steps[step] if step < total else None
    notes = []
    if step == 0:
        notes.append(tutorial.intro[lang])
    if step > 0:
        before = tutorial.steps[step - 1]
        if before.say is not None and movers[step - 1] != tutorial.seat:
            notes.append(before.say[lang])
    if step == total:
        notes.append(tutorial.outro[lang])
    return {
        "game": game_id, "game_name": view.get("game_name"), "step": step, "steps": total, "view": view,
        "expect": current.action if mine and current else None,
        "task": current.say[lang] if mine and current and current.say else None,
        "wrong": current.wrong[lang] if mine and current and current.wrong else None,
        "highlight": list(current.highlight) if mine and current else [],
        "note": "\n\n".join(notes) or None, "done": step == total,
    }
