"""A game's player-facing words, as every front end uses them. The terminal commands and the web
table stay generic: they lay out what a game's words say (text, or Rich markup for the terminal)
and never look inside a state. A game brings its words through ``Game.words()``; a game without
them is shown in notation by ``PlainWords``."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Protocol

from .core.game import Action, Game, State
from .core.words import say, seat_name

Table = tuple[list[str], list[list[str]]]


class GameRenderer(Protocol):
    """What a game's words offer (Gargon's are ``ludotheque.games.gargon.render``)."""

    def seat_name(self, seat: int, lang: str = ..., names: Sequence[str] | None = ...) -> str: ...

    def describe_event(self, event: Any, lang: str = ..., names: Sequence[str] | None = ...,
                       you: int | None = ..., markup: bool = ...) -> str: ...
    # Optional keyword ``seen=(before, after)``: the reader's own observations around the action
    # that logged the event, so that the reader's own draws show what it drew (see ``describe``).
    # Optional ``event_seats(event) -> Collection[int]``: the seats that read the event in words of
    # their own (second person); every other seat reads it as a spectator does, so a table
    # describes it once for all of them (server/views.py).

    def action_label(self, action: int, observation: Any = ..., lang: str = ...,
                     markup: bool = ..., names: Sequence[str] | None = ...) -> str: ...

    def prompt(self, observation: Any, lang: str = ...) -> str: ...

    def new_in_hand(self, before: Any, after: Any, lang: str = ..., markup: bool = ...) -> str | None: ...

    def hand_text(self, observation: Any, markup: bool = ...) -> str: ...

    def board(self, observation: Any, lang: str = ..., names: Sequence[str] | None = ...,
              markup: bool = ...) -> tuple[Table, list[str]]: ...

    def score_sheet(self, observation: Any, lang: str = ..., names: Sequence[str] | None = ...,
                    markup: bool = ...) -> Table: ...

    def winners_text(self, observation: Any, lang: str = ...,
                     names: Sequence[str] | None = ...) -> str: ...

    def legend(self, lang: str = ...) -> dict[str, Any]: ...

    # Optional, once the game is over: ``end_reason(observation, lang, names)``, why the winners
    # won in words, and ``winning_seats(observation)``, when a game over may have no winner (the
    # scores cannot say it). Optional while it is not: ``confirm_text(action, observation, lang)``,
    # the warning a player reads before an action that can make them lose (see ``confirmation``).


_PLAIN = {
    "en": {"prompt": "Your move", "score": "Score",
           "winner": "{names} wins", "winners": "{names} win", "and": "and"},
    "fr": {"prompt": "À vous de jouer", "score": "Score",
           "winner": "{names} gagne", "winners": "{names} gagnent", "and": "et"},
}


class PlainWords:
    """The words of a game that brings none: actions in notation, the board as the
    observation's fields, the score sheet from the final observation's ``scores``."""

    def __init__(self, game: Game) -> None:
        self.game = game

    @staticmethod
    def _say(key: str, lang: str, **params: object) -> str:
        return say(_PLAIN, key, lang, **params)

    seat_name = staticmethod(seat_name)

    def describe_event(self, event: Any, lang: str = "en", names: Sequence[str] | None = None,
                       you: int | None = None, markup: bool = False,
                       seen: tuple[Any, Any] | None = None) -> str:
        return str(event)

    def action_label(self, action: Action, observation: Any = None, lang: str = "en",
                     markup: bool = False, names: Sequence[str] | None = None) -> str:
        return self.game.action_to_text(action)

    def prompt(self, observation: Any, lang: str = "en") -> str:
        return self._say("prompt", lang)

    def new_in_hand(self, before: Any, after: Any, lang: str = "en", markup: bool = False) -> str | None:
        return None

    def hand_text(self, observation: Any, markup: bool = False) -> str:
        return ""

    def board(self, observation: Any, lang: str = "en", names: Sequence[str] | None = None,
              markup: bool = False) -> tuple[Table, list[str]]:
        fields = observation.to_json()
        rows = [[str(key), json.dumps(value, ensure_ascii=False)] for key, value in fields.items()]
        return (["", ""], rows), []

    def score_sheet(self, observation: Any, lang: str = "en", names: Sequence[str] | None = None,
                    markup: bool = False) -> Table:
        scores = observation.to_json().get("scores") or []
        headers = [""] + [self.seat_name(seat, lang, names) for seat in range(len(scores))]
        return headers, [[self._say("score", lang)] + [f"{score:g}" for score in scores]]

    def winners_text(self, observation: Any, lang: str = "en", names: Sequence[str] | None = None) -> str:
        scores = observation.to_json().get("scores") or []
        if not scores:
            return ""
        best = max(scores)
        winners = [self.seat_name(s, lang, names) for s, score in enumerate(scores) if score == best]
        key = "winners" if len(winners) > 1 else "winner"
        return self._say(key, lang, names=f" {self._say('and', lang)} ".join(winners))

    def legend(self, lang: str = "en") -> dict[str, Any]:
        return {}


_OUTCOME = {
    "en": {"won": "You won", "shared": "You share the win", "lost": "You lost", "nobody": "Nobody won"},
    "fr": {"won": "Vous avez gagné", "shared": "Vous partagez la victoire", "lost": "Vous avez perdu",
           "nobody": "Personne n'a gagné"},
}


def confirmation(words: GameRenderer, action: Action, observation: Any, lang: str) -> str | None:
    """The warning to read, and confirm, before ``action`` is sent (a call that eliminates its
    caller when it fails), as the game's words say it (``confirm_text``), or None: no question."""
    warn = getattr(words, "confirm_text", None)
    return None if warn is None else warn(action, observation, lang)


def winning_seats(words: GameRenderer, state: State, observation: Any) -> list[int]:
    """The seats that won the game over in ``state``: the game's words say when there may be
    none (``winning_seats``), else the best scores."""
    own = getattr(words, "winning_seats", None)
    return list(own(observation)) if own is not None else state.winners()


def end_words(words: GameRenderer, state: State, observation: Any, seat: int | None, lang: str,
              names: Sequence[str] | None = None) -> dict[str, Any]:
    """A game over in words for ``seat`` (None: a spectator): who won (``winners``), why
    (``reason``, "" when the game's words do not say), the winning seats (``won``) and, for a
    seat, whether it won or lost (``outcome``: "You won", "Vous avez perdu"...)."""
    won = winning_seats(words, state, observation)
    why = getattr(words, "end_reason", None)
    outcome = None
    if seat is not None:
        key = ("shared" if len(won) > 1 else "won") if seat in won else "lost" if won else "nobody"
        outcome = say(_OUTCOME, key, lang)
    return {"winners": words.winners_text(observation, lang, names),
            "reason": why(observation, lang, names) if why is not None else "",
            "won": won, "outcome": outcome}


def describe(words: GameRenderer, event: Any, lang: str, names: Sequence[str] | None, you: int | None,
             markup: bool = False, seen: tuple[Any, Any] | None = None) -> str:
    """``event`` in words for the reader ``you``; with ``seen`` (the reader's observations before
    and after the action that logged it) a game's words may name what the reader itself drew.
    Words whose ``describe_event`` takes no ``seen`` are asked without it."""
    if seen is not None and _takes_seen(words):
        return words.describe_event(event, lang, names, you, markup, seen=seen)  # type: ignore[call-arg]
    return words.describe_event(event, lang, names, you, markup)


def typed_notation(words: GameRenderer, text: str, lang: str) -> str:
    """What a player typed, in the notation: a game's words may accept its own words (French
    verbs, colour names) through an optional ``to_notation(text, lang)``."""
    convert = getattr(words, "to_notation", None)
    return str(convert(text, lang)) if convert is not None else text


def input_help(words: GameRenderer, lang: str) -> str | None:
    """How a game's actions are typed, in ``lang``, when its words say (``input_help``)."""
    explain = getattr(words, "input_help", None)
    return str(explain(lang)) if explain is not None else None


def group_choices(words: GameRenderer, legal: Sequence[Action], observation: Any, lang: str,
                  markup: bool = True) -> list[str]:
    """The legal actions in a few lines, for a screen too small to number them all: a game's
    words may group them (``group_choices``); otherwise the first labels, one a line."""
    group = getattr(words, "group_choices", None)
    if group is not None:
        return list(group(legal, observation, lang, markup))
    return [words.action_label(a, observation, lang, markup) for a in legal]


def hand_words(words: GameRenderer, observation: Any, lang: str, markup: bool = False) -> str:
    """The reader's own hand as a game's words say it (in ``lang`` when they take one)."""
    if _takes(words.hand_text, "lang"):
        return words.hand_text(observation, markup, lang=lang)  # type: ignore[call-arg]
    return words.hand_text(observation, markup)


def _takes_seen(words: GameRenderer) -> bool:
    return _takes(words.describe_event, "seen")


def _takes(function: Any, name: str) -> bool:
    import inspect

    try:
        return name in inspect.signature(function).parameters
    except (TypeError, ValueError):
        return False


def renderer_for(game: Game) -> GameRenderer:
    """The words of ``game``: its own, or plain ones in notation."""
    words: GameRenderer | None = game.words()
    return words if words is not None else PlainWords(game)
