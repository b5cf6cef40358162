"""Cards and colours named in a player's language.

A card is named by its colour word and value (``red 14`` / ``rouge 14``, a back ``red ?`` /
``rouge ?``): the notation's letters (``R14``) are codes players should not have to read.
Where a line of 80 columns needs it (the terminal's table, where cards are also typed), English
writes the notation (``R14``, its letters the English colours' initials) and French the word's
first three letters, which tell the six colours apart (``rou14``, a back ``rou``, a run of
backs of one colour ``ble×2``); French initials collide (blanc/bleu, vert/violet). The
notation itself (records, action ids, the API) keeps the letters whatever the language: see
``notation.py``.
"""

# mypyc: compile

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...core.words import said_once
from .components import COMPONENTS, HIDDEN, colour_of, value_of
from .notation import card_text

#: French short forms of the colours, W B V R Y G: ``bla ble vio rou jau ver``.
SHORT_FR: Final = tuple(c.fr[:3] for c in COMPONENTS.colours)
if len(set(SHORT_FR)) != len(SHORT_FR):  # a components file whose short forms would collide
    raise ValueError(f"gargon: French short colour forms collide: {SHORT_FR}")


def _french(lang: str) -> bool:
    return lang == "fr"


@said_once
def colour_word(colour: int, lang: str = "en", short: bool = False) -> str:
    """A colour on its own: ``red`` / ``rouge``; ``short``: ``R`` / ``rou``."""
    entry = COMPONENTS.colours[colour]
    if not _french(lang):
        return entry.letter if short else entry.en
    return SHORT_FR[colour] if short else entry.fr


@said_once
def card_name(card: int, lang: str = "en", short: bool = False) -> str:
    """``red 14`` / ``rouge 14``, a back ``red ?`` / ``rouge ?``; ``short``: ``R14`` / ``R?`` in
    English, ``rou14`` / ``rou`` in French."""
    if short and not _french(lang):
        return card_text(card)
    colour = colour_word(colour_of(card), lang, short)
    if short:
        return colour if card >= HIDDEN else f"{colour}{value_of(card)}"
    return f"{colour} {'?' if card >= HIDDEN else value_of(card)}"


def runs(cards: Sequence[int], lang: str = "en", short: bool = False) -> list[tuple[int, int]]:
    """The cards as (card, count): French short forms count a run of backs of one colour once
    (``ble×2``), to save room; otherwise every card counts alone (so that a play of both 0s
    reads ``bla0 bla0``, as it is typed)."""
    if not (short and _french(lang)):
        return [(c, 1) for c in cards]
    out: list[tuple[int, int]] = []
    for card in cards:
        if out and out[-1][0] == card and card >= HIDDEN:
            out[-1] = (card, out[-1][1] + 1)
        else:
            out.append((card, 1))
    return out


def times(count: int) -> str:
    """What follows a run's name: ``×2``, nothing for one card."""
    return f"×{count}" if count > 1 else ""


def separator(lang: str = "en", short: bool = False) -> str:
    """Between two cards: a comma between cards in words (``red 14, blue 3``), else a space."""
    return " " if short else ", "


def cards_names(cards: Sequence[int], lang: str = "en", short: bool = False) -> str:
    """Cards named one after the other in ``lang``."""
    return _cards_names(tuple(cards), lang, short)


@said_once
def _cards_names(cards: tuple[int, ...], lang: str, short: bool) -> str:
    return separator(lang, short).join(card_name(c, lang, short) + times(n)
                                       for c, n in runs(cards, lang, short))


def colours_names(colours: Sequence[int], lang: str = "en", short: bool = False) -> str:
    """Colours named one after the other (``white, blue`` / ``blanc, bleu``)."""
    return ", ".join(colour_word(c, lang, short) for c in colours)
