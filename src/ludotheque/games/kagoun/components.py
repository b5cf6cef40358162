"""Kagoun's cards, loaded from a data file and validated at load.

A card is an int 0..51: ``letter * 2 + copy`` (``A1`` is 0, ``A2`` is 1, ``Z2`` is 51). Its face
is data (``Deck``): two large halves (colours), two ends ``a``/``b`` each with a line of small
symbols and a force, and at most one power printed at one end (docs/rules/kagoun.md §1).

A line is kept as a packed count of its colours (4 bits per colour) so that a pairing is checked
by one addition: U's line plus L's line equals U's two halves.
"""

# mypyc: compile

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from ...core.errors import LudothequeError

NUM_COLOURS: Final = 4
COLOUR_LETTERS: Final = "YBGR"  # yellow, blue, green, red (003 names the symbols by colour)
NUM_LETTERS: Final = 26
DECK_SIZE: Final = 52
HAND_LIMIT: Final = 3
MAX_PAIRS: Final = 3
WIN_POINTS: Final = 10

NO_POWER: Final = 0
TAKE: Final = 1
REPLAY: Final = 2
DRAW: Final = 3
DEFEND: Final = 4
POWER_NAMES: Final = ("", "take", "replay", "draw", "defend")

DEFAULT_DECK: Final = "reconstructed"


class ComponentsError(LudothequeError):
    """A deck data file is missing or malformed."""


def card_name(card: int) -> str:
    """``M1``: the letter and the copy (1 or 2)."""
    return f"{chr(65 + card // 2)}{card % 2 + 1}"


def pack(colours: list[int] | tuple[int, ...]) -> int:
    """A multiset of colours as 4-bit counts."""
    code = 0
    for colour in colours:
        code += 1 << (4 * colour)
    return code


@dataclass(frozen=True)
class Deck:
    """The faces of the 52 cards, one tuple entry per card."""

    name: str
    reconstructed: bool
    left: tuple[int, ...]
    right: tuple[int, ...]
    halves: tuple[int, ...]  # packed {left, right}
    lines: tuple[tuple[int, int], ...]  # packed small symbols of ends a and b
    small: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]  # the same as colour lists
    force: tuple[tuple[int, int], ...]
    power: tuple[int, ...]  # NO_POWER or a power
    power_end: tuple[int, ...]  # 0 (a) or 1 (b); -1 without power

    def valid(self, upper: int, u: int, lower: int, ln: int) -> bool:
        """Do U's line u and L's line ln together hold U's two halves, colour by colour?"""
        return self.lines[upper][u] + self.lines[lower][ln] == self.halves[upper]

    def strength(self, upper: int, u: int, lower: int, ln: int) -> int:
        return self.force[upper][u] + self.force[lower][ln]

    def fired(self, upper: int, u: int, lower: int, ln: int) -> list[int]:
        """The powers printed on the two paired lines."""
        out = []
        if self.power[upper] and self.power_end[upper] == u:
            out.append(self.power[upper])
        if self.power[lower] and self.power_end[lower] == ln:
            out.append(self.power[lower])
        return out

    def face(self, card: int, turned: int) -> tuple[int, int]:
        """(left half, right half) of a card lying upright (0) or turned (1)."""
        if turned:
            return self.right[card], self.left[card]
        return self.left[card], self.right[card]


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ComponentsError(f"kagoun deck: {message}")


def _colour(text: Any) -> int:
    _require(isinstance(text, str) and len(text) == 1 and text in COLOUR_LETTERS,
             f"{text!r} is not a colour ({', '.join(COLOUR_LETTERS)})")
    return COLOUR_LETTERS.index(text)


def parse_deck(data: Any, name: str) -> Deck:
    """Validate a decoded deck file (docs/rules/kagoun.md §5)."""
    _require(isinstance(data, dict), "the file must hold a JSON object")
    _require(isinstance(data.get("provenance"), str) and bool(data["provenance"]),
             "the file needs its provenance")
    cards = data.get("cards")
    if not isinstance(cards, list) or len(cards) != DECK_SIZE:
        raise ComponentsError("kagoun deck: 52 cards expected")
    by_id: dict[int, Any] = {}
    for item in cards:
        _require(isinstance(item, dict), "each card is an object")
        card_id = item.get("card")
        _require(isinstance(card_id, str) and len(card_id) == 2 and card_id[0].isupper()
                 and card_id[0].isascii() and card_id[1] in "12", f"bad card name {card_id!r}")
        index = (ord(card_id[0]) - 65) * 2 + int(card_id[1]) - 1
        _require(index not in by_id, f"{card_id} appears twice")
        by_id[index] = item
    _require(sorted(by_id) == list(range(DECK_SIZE)), "two cards per letter A..Z expected")
    left, right, halves, lines, small, force, power, power_end = [], [], [], [], [], [], [], []
    for index in range(DECK_SIZE):
        entry: Any = by_id[index]
        where = card_name(index)
        pair = entry.get("halves")
        _require(isinstance(pair, list) and len(pair) == 2, f"{where}: two halves expected")
        lh, rh = _colour(pair[0]), _colour(pair[1])
        ends = entry.get("ends")
        _require(isinstance(ends, list) and len(ends) == 2, f"{where}: two ends expected")
        colours_ab: list[tuple[int, ...]] = []
        forces: list[int] = []
        for end in ends:
            _require(isinstance(end, dict), f"{where}: each end is an object")
            symbols = end.get("small")
            _require(isinstance(symbols, list) and len(symbols) <= 2,
                     f"{where}: a line holds 0 to 2 small symbols")
            colours_ab.append(tuple(_colour(s) for s in symbols))
            strength = end.get("force")
            _require(isinstance(strength, int) and not isinstance(strength, bool)
                     and 0 <= strength <= 9, f"{where}: a force is 0 to 9")
            forces.append(strength)
        kind, at = NO_POWER, -1
        printed = entry.get("power")
        if printed is not None:
            _require(isinstance(printed, dict) and printed.get("name") in POWER_NAMES[1:]
                     and printed.get("end") in ("a", "b"), f"{where}: bad power {printed!r}")
            kind, at = POWER_NAMES.index(printed["name"]), "ab".index(printed["end"])
        left.append(lh)
        right.append(rh)
        halves.append(pack([lh, rh]))
        lines.append((pack(colours_ab[0]), pack(colours_ab[1])))
        small.append((colours_ab[0], colours_ab[1]))
        force.append((forces[0], forces[1]))
        power.append(kind)
        power_end.append(at)
    return Deck(name, bool(data.get("reconstructed", False)), tuple(left), tuple(right),
                tuple(halves), tuple(lines), tuple(small), tuple(force), tuple(power),
                tuple(power_end))


def _data_folder() -> Path:
    # beside the package's sources (this module may one day be a compiled file living elsewhere)
    return Path(sys.modules["ludotheque.games.kagoun"].__path__[0]) / "data"


#: Decks given inline by set-ups, by name (``inline-`` and a hash of their content).
_INLINE: dict[str, Deck] = {}


def register_deck(data: Any) -> str:
    """Validate a deck given as data (a set-up's ``cards``) and name it by its content."""
    digest = hashlib.sha256(json.dumps(data, sort_keys=True).encode("utf-8")).hexdigest()[:16]
    name = f"inline-{digest}"
    if name not in _INLINE:
        _INLINE[name] = parse_deck(data, name)
    return name


def load_deck(name: str = DEFAULT_DECK) -> Deck:
    """The deck named ``name``: one given inline by a set-up, or ``data/deck-<name>.json`` in the
    package. Only names are accepted, never paths: options come from players (the web lobby)."""
    inline = _INLINE.get(name)
    if inline is not None:
        return inline
    return _load_file(name)


def deck_names() -> list[str]:
    """The decks of the package's data folder."""
    return sorted(p.name[5:-5] for p in _data_folder().glob("deck-*.json"))


@lru_cache(maxsize=8)
def _load_file(name: str) -> Deck:
    if name not in deck_names():
        raise ComponentsError(f"no deck {name!r}; decks are: {', '.join(deck_names())} "
                              "(or give the cards inline in a set-up)")
    text = (_data_folder() / f"deck-{name}.json").read_text("utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ComponentsError(f"kagoun deck {name!r}: not valid JSON ({exc})") from None
    return parse_deck(data, name)
