"""Refusals the web table answers with: a status, a stable code and a message in the asker's language."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ..core.errors import OptionsError
from ..core.game import Game
from .words import LANGS, Phrase, has_word, say


class ApiError(Exception):
    """A request the table refuses; nothing was changed. ``code`` is also the words key;
    ``retry_after``: the seconds after which asking again may succeed (a ``Retry-After`` header)."""

    def __init__(self, status: int, code: str, legal: list[str] | None = None, *,
                 retry_after: float | None = None, **params: Any) -> None:
        super().__init__(code)
        self.status, self.code, self.legal, self.params = status, code, legal, params
        self.retry_after = None if retry_after is None else max(1, math.ceil(retry_after))
        if self.retry_after is not None:
            params.setdefault("seconds", self.retry_after)

    @property
    def headers(self) -> dict[str, str] | None:
        return None if self.retry_after is None else {"Retry-After": str(self.retry_after)}

    def message(self, lang: str = "en") -> str:
        return say(self.code, lang, **self.params)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        body: dict[str, Any] = {"detail": self.message(lang), "code": self.code}
        if self.legal is not None:
            body["legal"] = self.legal
        if self.retry_after is not None:
            body["retry_after"] = self.retry_after
        return body


def refused_options(game: Game, exc: OptionsError, options: Mapping[str, Any]) -> ApiError:
    """400 ``bad_options`` for options a game refused, said in each reader's words: the option
    by its label in the lobby, the value as it was sent and what the option takes (the game's
    own reason, in English, is for the command line)."""
    option = exc.option
    if option is None:
        return ApiError(400, "bad_options", problem=Phrase("options_refused"))
    spec = game.spec

    def label(lang: str) -> str:
        own = game.option_words(lang).get(option, {}).get("label")
        shell = f"option_{option}"  # the options every game has: the lobby's words for them
        return own or (say(shell, lang) if has_word(shell) else option)

    def takes(lang: str) -> str:
        if option == "players":
            return say("players_range", lang, game=spec.name, low=spec.min_players, high=spec.max_players)
        return game.option_words(lang).get(option, {}).get("help") or spec.option(option).help

    return ApiError(400, "bad_options", problem=Phrase("option_refused", {
        "option": {lang: label(lang) for lang in LANGS}, "takes": {lang: takes(lang) for lang in LANGS},
        "value": Phrase("quoted", {"text": options.get(option, "")})}))
