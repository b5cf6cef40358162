"""Words for players, in English and French, picked the same way by every game and front end:
a table holds one entry per language (``{"en": ..., "fr": ...}``) and any language but French
reads English."""

# mypyc: compile

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Final, TypeVar

T = TypeVar("T")

LANGUAGES: Final = ("en", "fr")

#: A seat without a name, as players count seats (from 1; the notation keeps them from 0).
SEAT: Final = {"en": "Seat {n}", "fr": "Joueur {n}"}


#: For words that depend on nothing but their arguments (a card, a room, a place, and the
#: language): each is put in words once. A decision's labels and reasons name the same things
#: over and over, at every reader's view; the cache is bounded whatever languages are asked.
said_once = lru_cache(maxsize=1 << 15)  # (a Drakon game alone names thousands of placements)


def language(lang: str) -> str:
    """The language words are written in for ``lang``: ``"fr"`` for French, else ``"en"``."""
    return "fr" if lang == "fr" else "en"


def pick(table: Mapping[str, T], lang: str) -> T:
    """The entry of ``lang`` in a table of the two languages (English for any other)."""
    return table[language(lang)]


def say(table: Mapping[str, Mapping[str, object]], key: str, lang: str, **params: object) -> str:
    """The words ``key`` of ``table`` in ``lang``, their ``{fields}`` filled from ``params``."""
    return str(pick(table, lang)[key]).format(**params)


def colon(lang: str) -> str:
    """``: `` in English, `` : `` in French (a space before the colon)."""
    return " : " if language(lang) == "fr" else ": "


def seat_name(seat: int, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """A seat's name: from ``names`` when given, else ``Seat 1`` / ``Joueur 1``."""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return pick(SEAT, lang).format(n=seat + 1)
