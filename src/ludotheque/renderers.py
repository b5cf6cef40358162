"""Each game's player-facing words, found by game id. The terminal commands and the web table stay
generic: they lay out what a game's ``render`` module says (text, or Rich markup for the terminal),
and never look inside a state."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

Table = tuple[list[str], list[list[str]]]


class GameRenderer(Protocol):
    """What a game's render module offers (``ludotheque.games.<id>.render``)."""

    def seat_name(self, seat: int, lang: str = ..., names: Sequence[str] | None = ...) -> str: ...

    def describe_event(self, event: Any, lang: str = ..., names: Sequence[str] | None = ...,
                       you: int | None = ..., markup: bool = ...) -> str: ...

    def action_label(self, action: int, observation: Any = ..., lang: str = ...,
                     markup: bool = ...) -> str: ...

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


def _gargon() -> GameRenderer:
    from .games.gargon import render

    return render


#: Game id -> loader of its renderer (imported on first use). Drakon and Kagoun add theirs here.
_RENDERERS: dict[str, Callable[[], GameRenderer]] = {"gargon": _gargon}


def renderer_for(game_id: str) -> GameRenderer | None:
    """The renderer of ``game_id``, or None when the game has none yet."""
    loader = _RENDERERS.get(game_id)
    return None if loader is None else loader()
