"""Drakon's rooms and coins, loaded from a validated data file (``data/components.toml`` by
default, reconstructed: see its comments) or from a player's own file naming the real box.

A room as it lies is ``effect * 16 + arrows`` (arrows a mask, see ``geometry``). A tile in a
hand or the draw pile has no orientation: it is a *kind*, ``effect * 6 + pattern``. Since every
mask has exactly one pattern, a room as laid also names its kind.
"""

# mypyc: compile

from __future__ import annotations

import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from ...core.errors import WordedError
from .geometry import PATTERN_MASKS, PATTERNS, arrows_text, parse_arrows, pattern_of

#: The rooms, by the words the notation uses (004, "Descriptions des salles").
EFFECTS: Final = (
    "start", "room", "destroy", "drakon", "escape", "find", "moving", "lose", "harp",
    "exchange", "map", "passkey", "mind", "rotate", "steal-left", "steal-right", "wind",
    "teleport",
)
START_ROOM: Final = 0
NEUTRAL: Final = 1
DESTROY: Final = 2
DRAKON_ROOM: Final = 3
ESCAPE: Final = 4
FIND: Final = 5
MOVING: Final = 6
LOSE: Final = 7
HARP: Final = 8
EXCHANGE: Final = 9
MAP: Final = 10
PASSKEY: Final = 11
MIND: Final = 12
ROTATE: Final = 13
STEAL_LEFT: Final = 14
STEAL_RIGHT: Final = 15
WIND: Final = 16
TELEPORT: Final = 17
NUM_EFFECTS: Final = len(EFFECTS)
NUM_KINDS: Final = NUM_EFFECTS * len(PATTERNS)
#: Rooms with no arrows, whose leaving effect replaces them (004, Violent wind).
ARROWLESS: Final = (PASSKEY, TELEPORT)
COIN_VALUES: Final = (1, 2, 3)
#: The six hero figures (004, Contenu; their abilities matter only in the Heroes! variant).
FIGURES: Final = ("amazon", "barbarian", "dwarf", "knight", "thief", "wizard")


class ComponentsError(WordedError):
    """A components data file is malformed: said in English and French, naming the room and the
    value at fault (never an entry number)."""


#: The published box (004, Contenu; seeds README): what a player's own file is held against.
PUBLISHED_TILES: Final = 72
PUBLISHED_COINS: Final = 28


@dataclass(frozen=True)
class Components:
    #: Every tile but Start, as kinds, in the data file's order (the deal shuffles them).
    tiles: tuple[int, ...]
    start_arrows: int
    #: Coins of 1, 2 and 3 gold.
    coins: tuple[int, int, int]
    source: str

    @property
    def tile_count(self) -> int:
        return len(self.tiles) + 1


def kind_of(effect: int, arrows: int) -> int:
    return effect * len(PATTERNS) + pattern_of(arrows)


def kind_effect(kind: int) -> int:
    return kind // len(PATTERNS)


def kind_pattern(kind: int) -> int:
    return kind % len(PATTERNS)


def kind_text(kind: int) -> str:
    """A tile as a player names it: ``find NE`` (its room, its arrows as drawn, north up)."""
    arrows = arrows_text(PATTERN_MASKS[kind_pattern(kind)])
    return f"{EFFECTS[kind_effect(kind)]} {arrows}".rstrip()


def parse_kind(text: str) -> int:
    """``"find NE"`` (or ``"find EN"``, ``"find SW"``: any turn of the same tile) to its kind."""
    words = text.split()
    if not 1 <= len(words) <= 2 or words[0].lower() not in EFFECTS:
        raise ValueError(f"a tile is a room ({', '.join(EFFECTS)}) and its arrows; got {text!r}")
    effect = EFFECTS.index(words[0].lower())
    arrows = parse_arrows(words[1]) if len(words) == 2 else 0
    return kind_of(effect, arrows)


def _refuse(source: str, english: str, french: str) -> ComponentsError:
    return ComponentsError(f"drakon components ({source}): {english}",
                           f"matériel de Drakon ({source}) : {french}")


def _require(condition: bool, source: str, english: str, french: str) -> None:
    if not condition:
        raise _refuse(source, english, french)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _tile_row(row: Any, source: str) -> tuple[int, int, int]:
    """One [[tiles]] entry checked: (effect, arrows, count); a fault names the room as the file
    writes it and the value refused."""
    keys = sorted(row) if isinstance(row, dict) else []
    room = row.get("room") if isinstance(row, dict) else None
    _require(isinstance(row, dict) and set(row) == {"room", "arrows", "count"}, source,
             f"the tiles {room!r} need exactly room, arrows and count; got {', '.join(keys)}",
             f"les tuiles {room!r} demandent exactement room, arrows et count ; "
             f"reçu {', '.join(keys)}")
    _require(room in EFFECTS, source, f"unknown room {room!r} (rooms: {', '.join(EFFECTS)})",
             f"salle inconnue {room!r} (salles : {', '.join(EFFECTS)})")
    name = f"{room} {row['arrows']}".strip()  # the tiles as the file writes them: find NE
    where, ou = f'"{name}"', f"« {name} »"
    count = row["count"]
    _require(_whole(count) and count >= 1, source,
             f"{where}: count must be a whole number from 1; got {count!r}",
             f"{ou} : count doit être un nombre entier à partir de 1 ; reçu {count!r}")
    try:
        arrows = parse_arrows(str(row["arrows"]))
    except ValueError as exc:
        raise _refuse(source, f"{where}: {exc}",
                      f"{ou} : des flèches s'écrivent avec N, E, S, W ; "
                      f"reçu {row['arrows']!r}") from None
    effect = EFFECTS.index(room)
    if effect in ARROWLESS:
        _require(arrows == 0, source, f"{where}: {room} has no arrows (004, Violent wind)",
                 f"{ou} : la salle {room} n'a pas de flèches (004, Vent violent)")
    elif effect != START_ROOM:
        _require(1 <= bin(arrows).count("1") <= 3, source,
                 f"{where}: a {room} room has one to three arrows",
                 f"{ou} : une salle {room} a une à trois flèches")
    return effect, arrows, count


def parse_components(data: dict[str, Any], source: str) -> Components:
    """Validate a decoded data file; every fact must have its expected shape."""
    rows = data.get("tiles")
    if not isinstance(rows, list) or not rows:
        raise _refuse(source, "a [[tiles]] list is required", "une liste [[tiles]] est requise")
    tiles: list[int] = []
    start: list[int] = []
    for row in rows:
        effect, arrows, count = _tile_row(row, source)
        if effect == START_ROOM:
            start += [arrows] * count
        else:
            tiles += [kind_of(effect, arrows)] * count
    _require(len(start) == 1, source, f"exactly one Start tile; got {len(start)}",
             f"une seule tuile Départ (start) ; reçu {len(start)}")
    _require(start[0] != 0, source, "Start needs at least one arrow",
             "Départ (start) demande au moins une flèche")
    coins = data.get("coins")
    if not isinstance(coins, dict) or not set(coins) <= {"1", "2", "3"}:
        raise _refuse(source, "[coins] gives how many coins of 1, 2 and 3 gold",
                      "[coins] donne combien de pièces de 1, 2 et 3 or")
    for value in COIN_VALUES:
        count = coins.get(str(value), 0)
        _require(_whole(count) and count >= 0, source,
                 f"coin counts are whole numbers: coins of {value} gold, got {count!r}",
                 f"les nombres de pièces sont des entiers : pièces de {value} or, reçu {count!r}")
    counts = tuple(coins.get(str(v), 0) for v in COIN_VALUES)
    _require(sum(counts) > 0, source, "coin counts are whole numbers, some coins at least",
             "les nombres de pièces sont des entiers, au moins une pièce")
    return Components(tiles=tuple(tiles), start_arrows=start[0],
                      coins=(counts[0], counts[1], counts[2]), source=source)


def read_components(path: Path) -> Components:
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except OSError as exc:
        raise ComponentsError(f"drakon components: cannot read {path}: {exc.strerror}",
                              f"matériel de Drakon : impossible de lire {path} : {exc.strerror}"
                              ) from None
    except tomllib.TOMLDecodeError as exc:
        raise _refuse(str(path), f"not valid TOML: {exc}", f"ce n'est pas du TOML valide : {exc}"
                      ) from None
    return parse_components(data, str(path))


def default_path() -> Path:
    # beside the package's sources (this module may be a compiled file living elsewhere)
    return Path(sys.modules["ludotheque.games.drakon"].__path__[0]) / "data" / "components.toml"


_LOADED: dict[str, Components] = {}


def components(path: str | None = None) -> Components:
    """The components named by the ``components`` option (None: the reconstructed box)."""
    key = path or ""
    if key not in _LOADED:
        _LOADED[key] = read_components(Path(path) if path else default_path())
    return _LOADED[key]
