"""Gargon's components, loaded from ``data/components.json`` and validated at import.

A card is an int ``colour * 16 + value`` (colour 0..5 in the order W B V R Y G, value 0..15).
A card seen only from its back (its colour known, its value not) is ``HIDDEN + colour``.
"""

# mypyc: compile

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from ...core.errors import LudothequeError

NUM_COLOURS: Final = 6
NUM_VALUES: Final = 16  # 0..15
HIDDEN: Final = NUM_COLOURS * NUM_VALUES  # 96: first code of a face-down card


class ComponentsError(LudothequeError):
    """The components data file is malformed."""


@dataclass(frozen=True)
class Colour:
    letter: str
    en: str
    fr: str
    creature_en: str
    creature_fr: str


@dataclass(frozen=True)
class Components:
    colours: tuple[Colour, ...]
    copies: tuple[int, ...]  # copies of each value in a colour (two 0s, one of 1..15)
    amulets: tuple[int, ...]  # amulets printed on each value
    majority_bonus: int
    tied_bonus: int
    one_zero_multiplier: int
    both_zeros_multiplier: int
    hand_size: int
    deck: tuple[int, ...]  # every physical card, in a fixed order (102 of them)


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ComponentsError(f"gargon components: {message}")


def parse_components(data: dict[str, Any]) -> Components:
    """Validate the decoded data file; every fact must have its expected shape."""
    colours = tuple(Colour(**c) for c in data["colours"])
    _require(len(colours) == NUM_COLOURS, "six colours expected")
    letters = [c.letter for c in colours]
    _require(len(set(letters)) == NUM_COLOURS and all(len(x) == 1 for x in letters),
             "colour letters must be six distinct single letters")
    copies = tuple(int(data["copies"]["0"]) if v == 0 else int(data["copies"]["other"])
                   for v in range(NUM_VALUES))
    _require(copies[0] == 2 and all(c == 1 for c in copies[1:]), "two 0s and one of 1..15 per colour")
    rows = data["amulets"]
    _require([r["value"] for r in rows] == list(range(NUM_VALUES)), "one amulet row per value 0..15")
    _require(all(r.get("provenance") for r in rows), "every amulet row needs its provenance")
    amulets = tuple(int(r["amulets"]) for r in rows)
    _require(all(0 <= a <= 5 for a in amulets), "amulets are 0 to 5 per card")
    _require(amulets[0] == 0 and amulets[13:] == (0, 0, 0), "0, 13, 14, 15 carry no amulet")
    _require(all(amulets[v] >= amulets[v + 1] for v in range(1, 12)),
             "amulets never increase with value on 1..12")
    return Components(
        colours=colours,
        copies=copies,
        amulets=amulets,
        majority_bonus=int(data["bonus"]["majority"]),
        tied_bonus=int(data["bonus"]["tied_majority"]),
        one_zero_multiplier=int(data["zero_multiplier"]["one"]),
        both_zeros_multiplier=int(data["zero_multiplier"]["both"]),
        hand_size=int(data["deal"]["hand"]),
        deck=tuple(colour * NUM_VALUES + value for colour in range(NUM_COLOURS)
                   for value in range(NUM_VALUES) for _ in range(copies[value])),
    )


def load_components() -> Components:
    # beside the package's sources (this module may be a compiled file living elsewhere)
    folder = Path(sys.modules["ludotheque.games.gargon"].__path__[0])
    text = (folder / "data" / "components.json").read_text("utf-8")
    try:
        return parse_components(json.loads(text))
    except (KeyError, TypeError, ValueError) as exc:
        raise ComponentsError(f"gargon components: malformed data file ({exc!r})") from None


COMPONENTS: Final = load_components()
COLOUR_LETTERS: Final = "".join(c.letter for c in COMPONENTS.colours)  # "WBVRYG"
DECK_SIZE: Final = len(COMPONENTS.deck)


def colour_of(card: int) -> int:
    return card - HIDDEN if card >= HIDDEN else card >> 4


def value_of(card: int) -> int:
    return card & 15
