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
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from ...core.errors import WordedError

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


class ComponentsError(WordedError):
    """A deck data file is missing or malformed: said in English and French, naming the card and
    the value at fault."""


def _name(card: int) -> str:
    return f"{chr(65 + card // 2)}{card % 2 + 1}"


#: The cards' names, made once: an observation names every card it shows, at every move of a search.
_NAMES: Final = tuple(_name(card) for card in range(DECK_SIZE))


def card_name(card: int) -> str:
    """``M1``: the letter and the copy (1 or 2)."""
    return _NAMES[card] if 0 <= card < DECK_SIZE else _name(card)


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
    #: ``valid`` of every pairing, worked out once (a search asks it at every move's legal
    #: actions): at ``((upper * 2 + u) * DECK_SIZE + lower) * 2 + ln``
    pairings: tuple[bool, ...] = field(compare=False, repr=False)

    def valid(self, upper: int, u: int, lower: int, ln: int) -> bool:
        """Do U's line u and L's line ln together hold U's two halves, colour by colour?"""
        return self.pairings[((upper * 2 + u) * DECK_SIZE + lower) * 2 + ln]

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


def _refuse(english: str, french: str) -> ComponentsError:
    return ComponentsError(f"kagoun deck: {english}", f"paquet de Kagoun : {french}")


def _require(condition: bool, english: str, french: str) -> None:
    if not condition:
        raise _refuse(english, french)


def _colour(text: Any, where: str) -> int:
    _require(isinstance(text, str) and len(text) == 1 and text in COLOUR_LETTERS,
             f"{where}: {text!r} is not a colour ({', '.join(COLOUR_LETTERS)})",
             f"{where} : {text!r} n'est pas une couleur ({', '.join(COLOUR_LETTERS)})")
    return COLOUR_LETTERS.index(text)


def _card_index(item: Any) -> int:
    _require(isinstance(item, dict), f"each card is an object; got {item!r}",
             f"chaque carte est un objet ; reçu {item!r}")
    card_id = item.get("card")
    _require(isinstance(card_id, str) and len(card_id) == 2 and card_id[0].isupper()
             and card_id[0].isascii() and card_id[1] in "12",
             f"bad card name {card_id!r} (a letter A to Z and a copy, 1 or 2: M1)",
             f"nom de carte incorrect {card_id!r} (une lettre de A à Z et un exemplaire, 1 ou 2 : "
             "M1)")
    return (ord(card_id[0]) - 65) * 2 + int(card_id[1]) - 1


def _end(end: Any, where: str) -> tuple[tuple[int, ...], int]:
    """One end of a card: its line of small symbols and its force."""
    _require(isinstance(end, dict), f"{where}: each end is an object; got {end!r}",
             f"{where} : chaque bout est un objet ; reçu {end!r}")
    symbols = end.get("small")
    _require(isinstance(symbols, list) and len(symbols) <= 2,
             f"{where}: a line holds 0 to 2 small symbols; got {symbols!r}",
             f"{where} : une ligne porte de 0 à 2 petits symboles ; reçu {symbols!r}")
    strength = end.get("force")
    _require(isinstance(strength, int) and not isinstance(strength, bool) and 0 <= strength <= 9,
             f"{where}: a force is 0 to 9; got {strength!r}",
             f"{where} : une force va de 0 à 9 ; reçu {strength!r}")
    return tuple(_colour(s, where) for s in symbols), strength


def parse_deck(data: Any, name: str) -> Deck:
    """Validate a decoded deck file (docs/rules/kagoun.md §5); a fault names the card and the
    value refused."""
    _require(isinstance(data, dict), "the file must hold a JSON object",
             "le fichier doit contenir un objet JSON")
    _require(isinstance(data.get("provenance"), str) and bool(data["provenance"]),
             "the file needs its provenance", "le fichier doit dire sa provenance (provenance)")
    cards = data.get("cards")
    _require(isinstance(cards, list) and len(cards) == DECK_SIZE,
             f"52 cards expected; got {len(cards) if isinstance(cards, list) else cards!r}",
             f"52 cartes attendues ; reçu {len(cards) if isinstance(cards, list) else cards!r}")
    by_id: dict[int, Any] = {}
    for item in cards:
        index = _card_index(item)
        _require(index not in by_id, f"{card_name(index)} appears twice",
                 f"{card_name(index)} figure deux fois")
        by_id[index] = item
    left, right, halves, lines, small, force, power, power_end = [], [], [], [], [], [], [], []
    for index in range(DECK_SIZE):
        entry: Any = by_id[index]  # 52 distinct names of 52 possible: every card is there
        where = card_name(index)
        pair = entry.get("halves")
        _require(isinstance(pair, list) and len(pair) == 2,
                 f"{where}: two halves expected; got {pair!r}",
                 f"{where} : deux moitiés attendues ; reçu {pair!r}")
        lh, rh = _colour(pair[0], where), _colour(pair[1], where)
        ends = entry.get("ends")
        _require(isinstance(ends, list) and len(ends) == 2,
                 f"{where}: two ends expected; got {ends!r}",
                 f"{where} : deux bouts attendus ; reçu {ends!r}")
        (line_a, force_a), (line_b, force_b) = _end(ends[0], where), _end(ends[1], where)
        kind, at = NO_POWER, -1
        printed = entry.get("power")
        if printed is not None:
            _require(isinstance(printed, dict) and printed.get("name") in POWER_NAMES[1:]
                     and printed.get("end") in ("a", "b"),
                     f"{where}: bad power {printed!r} (a name: {', '.join(POWER_NAMES[1:])}; "
                     "an end: a or b)",
                     f"{where} : pouvoir incorrect {printed!r} (un nom : "
                     f"{', '.join(POWER_NAMES[1:])} ; un bout : a ou b)")
            kind, at = POWER_NAMES.index(printed["name"]), "ab".index(printed["end"])
        left.append(lh)
        right.append(rh)
        halves.append(pack([lh, rh]))
        lines.append((pack(line_a), pack(line_b)))
        small.append((line_a, line_b))
        force.append((force_a, force_b))
        power.append(kind)
        power_end.append(at)
    pairings = tuple(lines[upper][u] + lines[lower][ln] == halves[upper]
                     for upper in range(DECK_SIZE) for u in range(2)
                     for lower in range(DECK_SIZE) for ln in range(2))
    return Deck(name, bool(data.get("reconstructed", False)), tuple(left), tuple(right),
                tuple(halves), tuple(lines), tuple(small), tuple(force), tuple(power),
                tuple(power_end), pairings)


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


#: Decks read from a player's own file, by path: the name each was registered under.
_FILES: dict[str, str] = {}


def deck_file(path: str) -> str:
    """A deck file of the player's own box (the ``components`` option, which only front ends on
    the player's machine accept): read, validated, and registered under a name made of its
    content, the name states and observations carry (``load_deck`` finds it)."""
    if path not in _FILES:
        try:
            text = Path(path).read_text("utf-8")
        except OSError as exc:
            raise ComponentsError(f"kagoun deck: cannot read {path}: {exc.strerror}",
                                  f"paquet de Kagoun : impossible de lire {path} : {exc.strerror}"
                                  ) from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ComponentsError(f"kagoun deck ({path}): not valid JSON ({exc})",
                                  f"paquet de Kagoun ({path}) : ce n'est pas du JSON valide ({exc})"
                                  ) from None
        try:
            _FILES[path] = register_deck(data)
        except ComponentsError as exc:  # the file named, as Drakon's components are
            raise ComponentsError(str(exc).replace("kagoun deck:", f"kagoun deck ({path}):", 1),
                                  exc.said("fr").replace("Kagoun :", f"Kagoun ({path}) :", 1)
                                  ) from None
    return _FILES[path]


def deck_names() -> list[str]:
    """The decks of the package's data folder."""
    return sorted(p.name[5:-5] for p in _data_folder().glob("deck-*.json"))


@lru_cache(maxsize=8)
def _load_file(name: str) -> Deck:
    if name not in deck_names():
        raise _refuse(f"no deck {name!r}; decks are: {', '.join(deck_names())} "
                      "(or give the cards inline in a set-up)",
                      f"aucun paquet {name!r} ; les paquets sont : {', '.join(deck_names())} "
                      "(ou donnez les cartes dans une mise en place)")
    text = (_data_folder() / f"deck-{name}.json").read_text("utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _refuse(f"{name!r} is not valid JSON ({exc})",
                      f"{name!r} n'est pas du JSON valide ({exc})") from None
    return parse_deck(data, name)
