"""Drakon's words and looks for players: events, rooms, actions, the dungeon drawn for a terminal,
the score sheet, in English and French (the words themselves are in ``messages``).

Everything here is built from observations and public events only, so whatever a screen shows is
what its seat may see. Functions return plain text, or Rich markup when ``markup`` is true.
"""

# mypyc: compile

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ...core.words import colon, said_once, seat_name
from ...core.words import language as _lang
from . import actions as A
from .components import EFFECTS, FIGURES, kind_effect, kind_pattern
from .ending import end_reason, end_sheet
from .events import Event
from .geometry import CELLS, NO_CELL, PATTERN_MASKS, START, cell_of, xy
from .messages import ACTIONS, ARROWS, EVENTS, EVENTS_ON_YOU, HEROES, PLACES, PROMPTS, ROOMS, SIDES, word
from .notation import action_to_text, cell_text, room_text
from .observe import DrakonObservation
from .parts import action_parts

Table = tuple[list[str], list[list[str]]]

#: Rich style of each room, by its notation word: gains green, losses and Drakon red, rooms that
#: carry heroes away cyan, rooms that change the dungeon or the hands yellow.
STYLES = {
    "start": "bold white", "room": "white", "destroy": "bold yellow", "drakon": "bold red",
    "escape": "bold green", "find": "bold green", "moving": "yellow", "lose": "red",
    "harp": "cyan", "exchange": "yellow", "map": "yellow", "passkey": "cyan", "mind": "magenta",
    "rotate": "yellow", "steal-left": "red", "steal-right": "red", "wind": "cyan",
    "teleport": "cyan",
}
DRAKON_MARK = "Ω"
#: The terminal grid: a room is CELL_W characters wide and four lines high; at most MAX_COLS
#: rooms across (with the row labels and the layout's indent: 75 columns) and MAX_ROWS down.
CELL_W = 7
MAX_COLS = 10
MAX_ROWS = 8
LABEL_W = 3


def _style(text: str, style: str, markup: bool) -> str:
    return f"[{style}]{text}[/]" if markup and text else text


# -- words of the components ------------------------------------------------------------------
@said_once
def arrows_letters(mask: int, lang: str = "en") -> str:
    """The sides a room points through, as ``lang`` types them (``NEO`` in French)."""
    sides = SIDES[_lang(lang)]
    return "".join(sides[side] for side in range(4) if mask >> side & 1)


@said_once
def arrows_words(mask: int, lang: str = "en") -> str:
    """The sides a room points through in words: ``arrows north and east`` / ``flèches au nord
    et à l'est`` (empty for none)."""
    say = ARROWS[_lang(lang)]
    sides = [say["sides"][side] for side in range(4) if mask >> side & 1]
    if len(sides) == 4:
        return str(say["all"])
    if len(sides) < 2:
        return str(say["one"]).format(sides=sides[0]) if sides else ""
    return str(say["many"]).format(sides=f"{', '.join(sides[:-1])} {say['and']} {sides[-1]}")


@said_once
def where_words(cell: int, lang: str = "en") -> str:
    """Where ``cell`` lies from the Start, north up, in rooms: ``2 north, 1 east of the Start`` /
    ``à 2 au nord, 1 à l'est du Départ`` (``on the Start`` / ``au Départ`` for the Start's)."""
    say = PLACES[_lang(lang)]
    if cell == START:
        return say["at_start"]
    x, y = xy(cell)
    offsets = [say["north" if y > 0 else "south"].format(n=abs(y))] if y else []
    offsets += [say["east" if x > 0 else "west"].format(n=abs(x))] if x else []
    return say["where"].format(offsets=say["join"].join(offsets))


@said_once
def place_words(cell: int, lang: str = "en", free: bool = False) -> str:
    """A cell as a noun: ``the room 2 north of the Start``, ``the free spot ...`` when ``free``,
    ``the Start``."""
    say = PLACES[_lang(lang)]
    if cell == START:
        return say["start"]
    return say["free" if free else "room"].format(where=where_words(cell, lang))


def room_name(effect: int, lang: str = "en") -> str:
    """``Find a coin`` / ``Trouver une pièce``."""
    return ROOMS[_lang(lang)][EFFECTS[effect]][0]


@said_once
def room_label(room: int, lang: str = "en", markup: bool = False, letters: bool = False) -> str:
    """A room as it lies (``effect * 16 + arrows``): ``Find a coin (arrows north and east)``;
    ``Find a coin (NE)`` with ``letters``, for the terminal's 80 columns, where sides are typed."""
    effect, arrows = room >> 4, room & 15
    text = room_name(effect, lang)
    if arrows:
        text += f" ({arrows_letters(arrows, lang) if letters else arrows_words(arrows, lang)})"
    return _style(text, STYLES[EFFECTS[effect]], markup)


@said_once
def tile_label(kind: int, lang: str = "en", markup: bool = False, letters: bool = False) -> str:
    """A tile of a hand (no orientation): its room with its arrows drawn north up."""
    return room_label(kind_effect(kind) * 16 + PATTERN_MASKS[kind_pattern(kind)], lang, markup, letters)


def hero_name(figure: int, lang: str = "en", article: bool = False) -> str:
    """``Dwarf`` / ``Nain``; with ``article``: ``the Dwarf`` / ``le Nain``."""
    entry = HEROES[_lang(lang)][FIGURES[figure]]
    return entry[1] if article else entry[0]


def hero_initial(figure: int, lang: str = "en") -> str:
    return HEROES[_lang(lang)][FIGURES[figure]][2]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def legend(lang: str = "en") -> dict[str, Any]:
    """The rooms and heroes by their notation words, with names, grid marks and what rooms do,
    for clients that draw the dungeon themselves."""
    lang = _lang(lang)
    return {
        "rooms": {key: {"name": name, "mark": mark, "help": help_}
                  for key, (name, mark, help_) in ROOMS[lang].items()},
        "heroes": {key: {"name": name, "initial": initial}
                   for key, (name, _, initial, _of) in HEROES[lang].items()},
        "sides": SIDES[lang],
    }


# -- events ---------------------------------------------------------------------------------

def _turn_words(quarters: int, lang: str) -> str:
    return word(("turn_cw", "turn_half", "turn_ccw")[(quarters - 1) % 3], lang)


def _names_list(seats: Sequence[int], lang: str, names: Sequence[str] | None,
                you: int | None) -> str:
    who = [word("you", lang) if s == you else seat_name(s, lang, names) for s in seats]
    return _capital(f" {word('and', lang)} ".join(who))


def _coins_diff(before: DrakonObservation, after: DrakonObservation,
                purse: int) -> tuple[list[int], list[int]]:
    """The values of the coins ``purse`` gained and lost between two observations (when seen)."""
    old, new = before.purse_coins[purse], after.purse_coins[purse]
    if old is None or new is None:
        return [], []
    gained = [v + 1 for v in range(3) for _ in range(max(0, new[v] - old[v]))]
    lost = [v + 1 for v in range(3) for _ in range(max(0, old[v] - new[v]))]
    return gained, lost


def _seen_detail(event: Event, you: int | None, lang: str, markup: bool,
                 seen: tuple[DrakonObservation, DrakonObservation] | None) -> str:
    """What only the reader knows of its own event: the tile it drew or took (or had taken),
    the value of the coin it found, stole, swapped or lost. Empty when there is nothing."""
    if seen is None or you is None:
        return ""
    before, after = seen
    kind = event.kind
    if kind in ("draw", "take") and (event.seat == you or (kind == "take" and event.other == you)):
        gained = list((Counter(after.hand) - Counter(before.hand)).elements())
        lost = list((Counter(before.hand) - Counter(after.hand)).elements())
        tiles = gained if event.seat == you else lost
        return tiles_text(tiles, lang, markup) if tiles else ""
    if kind in ("coin", "steal", "swap", "lose") and event.seat == you or (kind == "steal"
                                                                           and event.other == you):
        purse = after.purse_of[you]
        gained, lost = _coins_diff(before, after, purse)
        values = lost if kind == "lose" or event.seat != you else gained
        if values:
            return ", ".join(word("coin_of", lang, n=v) for v in values)
    return ""


def describe_event(event: Event, lang: str = "en", names: Sequence[str] | None = None,
                   you: int | None = None, markup: bool = False,
                   seen: tuple[DrakonObservation, DrakonObservation] | None = None) -> str:
    """One public event in words. ``you`` is the reader's seat (second person for it); ``seen``
    (the reader's observations before and after the event) adds what only the reader knows of
    its own draws and coins."""
    text = _describe_event(event, _lang(lang), names, you, markup)
    detail = _seen_detail(event, you, _lang(lang), markup, seen)
    return f"{text}{' : ' if _lang(lang) == 'fr' else ': '}{detail}" if detail else text


def _describe_event(event: Event, lang: str, names: Sequence[str] | None, you: int | None,
                    markup: bool) -> str:
    kind = event.kind
    if kind not in EVENTS[lang]:
        return kind
    if kind == "win":
        seats = list(event.seats)
        verb = "wins_you" if you in seats else "wins_1" if len(seats) == 1 else "wins_n"
        text = f"{_names_list(seats, lang, names, you)} {word(verb, lang)}"
        return f"[bold]{text}[/]" if markup else text
    if kind == "mind" and event.cell < 0:
        kind = "mind_stay"
    third, second = EVENTS[lang][kind]
    mine = event.seat is not None and event.seat == you
    other = event.other
    fields: dict[str, str] = {
        "who": "" if event.seat is None else seat_name(event.seat, lang, names),
        "place": place_words(event.cell, lang) if event.cell >= 0 else "",
        "where": where_words(event.cell, lang) if event.cell >= 0 else "",
        "room": room_label(event.room, lang, markup) if event.room >= 0 else "",
        "hero": hero_name(event.figure, lang, article=True) if event.figure >= 0 else "",
        "hero_of": HEROES[lang][FIGURES[event.figure]][3] if event.figure >= 0 else "",
        "other": "",
        "old": "",
        "turn": "",
        "arrows": arrows_words(event.room & 15, lang) if event.room >= 0 else "",
    }
    if kind in ("steal", "map", "take") and other >= 0:
        if other == you and not mine:
            return _capital(EVENTS_ON_YOU[lang][kind].format(**fields))
        fields["other"] = seat_name(other, lang, names)
    elif kind == "exchange" and other >= 0:
        fields["old"] = room_label(other, lang, markup)
    elif kind == "rotate":
        fields["turn"] = _turn_words(other, lang)
    elif kind == "dwarf":
        fields["n"], fields["m"] = str(other), str(event.seats[0] if event.seats else 0)
    return _capital((second if mine else third).format(**fields))


def event_seats(event: Event) -> set[int]:
    """The seats that read ``event`` in words of their own (``describe_event`` names them "you",
    or tells them what was done to them); every other seat reads it as a spectator does."""
    seats = {*event.seats}
    if event.seat is not None:
        seats.add(event.seat)
    if event.kind in ("steal", "map", "take") and event.other >= 0:
        seats.add(event.other)
    return seats


def describe_events(events: Sequence[Event], lang: str = "en", names: Sequence[str] | None = None,
                    you: int | None = None, markup: bool = False) -> list[str]:
    return [describe_event(e, lang, names, you, markup) for e in events]


# -- actions --------------------------------------------------------------------------------

def _at(observation: DrakonObservation | None, cell: int, lang: str, markup: bool) -> str:
    """`` — Find a coin``: the room at ``cell`` by its name (how its arrows lie is on the map),
    when the observation shows it."""
    room = -1 if observation is None or cell == START else observation.room_at(cell)
    if room < 0:  # (the Start is named by its place)
        return ""
    effect = room >> 4
    return f" — {_style(room_name(effect, lang), STYLES[EFFECTS[effect]], markup)}"


_PLAIN_LABELS = {A.F_PASS: "pass", A.F_STAY: "stay", A.F_END: "end", A.F_KEEP: "keep",
                 A.F_LET: "let", A.F_DWARF: "dwarf", A.F_DRAW: "draw"}


#: How a label names a cell: ``(cell, lang, free) -> words``.
Places = Callable[[int, str, bool], str]


def _free_or_room(observation: DrakonObservation | None, cell: int) -> bool:
    return observation is not None and observation.room_at(cell) < 0


def action_label(action: int, observation: DrakonObservation | None = None, lang: str = "en",
                 markup: bool = False, names: Sequence[str] | None = None) -> str:
    """An action in words, rooms by their places from the Start: ``Lay Find a coin (arrows north
    and east) on the free spot 1 north of the Start`` / ``Poser Trouver une pièce (flèches au
    nord et à l'est) sur l'emplacement libre à 1 au nord du Départ``. With ``markup`` (Rich, the
    terminal's, whose map is drawn and typed in ``x,y``) cells and sides read as they are typed
    there: ``Lay Find a coin (NE) on 0,1``."""
    return _label(action, observation, _lang(lang), markup, names, _typed_cell if markup else place_words)


def stands_alone(action: int) -> bool:
    """A placement of a room: its notation, words and parts depend on nothing but itself, so a
    board's entry for it is made once (``ludotheque.choices``)."""
    return A.PLACE <= action < A.EXCHANGE


def _typed_cell(cell: int, lang: str, free: bool) -> str:
    return cell_text(cell)


def _label(action: int, observation: DrakonObservation | None, lang: str, markup: bool,
           names: Sequence[str] | None, places: Places) -> str:
    family, a, b, c = A.decode(action)
    if family == A.F_PLACE:  # most of a decision's labels, and they depend on nothing else
        return _place_label(a * 16 + b, c, lang, markup, places)
    say = ACTIONS[lang]
    letters = places is not place_words  # the terminal's: sides as typed

    def place(cell: int, free: bool = False) -> str:
        return places(cell, lang, free or _free_or_room(observation, cell))

    def room_at(cell: int) -> str:
        room = -1 if observation is None else observation.room_at(cell)
        return room_label(room, lang, markup, letters) if room >= 0 else "?"

    if family in _PLAIN_LABELS:
        return say[_PLAIN_LABELS[family]]
    if family == A.F_SWAP:
        return say["swap"].format(n=a)
    if family == A.F_DISCARD:
        return say["discard"].format(room=tile_label(a, lang, markup, letters))
    if family == A.F_THIEF:
        owner = next((seat for figure, seat, _ in observation.heroes if figure == a), None) \
            if observation is not None else None
        if owner is not None:  # the robbed player by the name the table gives them
            return say["thief_seat"].format(who=seat_name(owner, lang, names),
                                            hero=hero_name(a, lang, article=True))
        return say["thief"].format(hero=hero_name(a, lang, article=True),
                                   hero_of=HEROES[lang][FIGURES[a]][3])
    if family in (A.F_AMAZON, A.F_WIZARD):
        key = "amazon" if family == A.F_AMAZON else "wizard"
        return say[key].format(place=place(a), room=_at(observation, a, lang, markup))
    if family == A.F_PUSH:
        hero = hero_name(a, lang, article=True)
        if b == CELLS:
            return say["push_stay"].format(hero=_capital(hero))
        return say["push"].format(hero=hero, place=place(b), room=_at(observation, b, lang, markup))
    if family == A.F_COIN:
        return say["coin"].format(n=a)
    if family == A.F_TILE:
        return say["tile"].format(room=tile_label(a, lang, markup, letters))
    if family == A.F_MAP:
        return say["map"].format(who=seat_name(a, lang, names))
    if family == A.F_HERO:
        return say["hero"].format(hero=_capital(hero_name(a, lang, article=True)))
    if family in (A.F_MOVE, A.F_HARP, A.F_DESTROY, A.F_DRAKON):
        at = _at(observation, a, lang, markup)
        if family == A.F_MOVE:
            return say["move"].format(place=place(a), room=at)
        if family == A.F_HARP:
            return say["harp"].format(place=place(a), room=at)
        if family == A.F_DESTROY:
            return say["destroy"].format(place=place(a), room=room_at(a))
        key = "drakon"
        if observation is not None and observation.step == "drakon-set":
            key = "drakon-set"
        elif observation is not None and observation.drakon == a:
            key = "drakon_stay"
        return say[key].format(place=place(a), room=at)
    if family == A.F_ROTATE:
        return say["rotate"].format(room=room_at(a), place=place(a), turn=_turn_words(b, lang))
    if family == A.F_MIND:
        hero = _capital(hero_name(a, lang, article=True))
        if b == CELLS:
            return say["mind_stay"].format(hero=hero)
        return say["mind"].format(hero=hero, place=place(b), room=_at(observation, b, lang, markup))
    if family == A.F_RELOCATE:
        arrows = arrows_letters(a, lang) if letters else arrows_words(a, lang)
        return say["relocate"].format(place=place(b, free=True), arrows=arrows or "—")
    if family == A.F_EXCHANGE:
        room = room_label(a * 16 + b, lang, markup, letters)
        return say["exchange"].format(old=room_at(c), place=place(c), room=room)
    return str(action)


@said_once
def _place_label(room: int, cell: int, lang: str, markup: bool, places: Places) -> str:
    """Laying ``room`` on the free spot ``cell``, in words."""
    letters = places is not place_words
    return str(ACTIONS[lang]["place"].format(room=room_label(room, lang, markup, letters),
                                             place=places(cell, lang, True)))


#: French words a player may type, by their letters without accents, and the notation's word
#: they stand for (verbs, rooms, heroes). Sides are N E S O (O for W); cells stay ``x,y``.
_TYPED = {
    "poser": "place", "pose": "place", "aller": "move", "bouger": "move", "va": "move",
    "passer": "pass", "passe": "pass", "rester": "stay", "finir": "end", "fin": "end",
    "garder": "keep", "laisser": "let", "piocher": "draw", "pioche": "draw",
    "defausser": "discard", "defausse": "discard", "deplacer": "relocate",
    "detruire": "destroy", "pivoter": "rotate", "tourner": "rotate", "controler": "mind",
    "echanger": "exchange", "troquer": "swap", "pousser": "push", "piece": "coin",
    "tuile": "tile", "heros": "hero", "carte": "map", "cartes": "map", "harpe": "harp",
    "depart": "start", "salle": "room", "neutre": "room", "evasion": "escape", "trouver": "find",
    "mobile": "moving", "perdre": "lose", "echange": "exchange", "passe-partout": "passkey",
    "esprit": "mind", "vol-gauche": "steal-left", "vol-droite": "steal-right", "vent": "wind",
    "teleportation": "teleport", "amazone": "amazon", "barbare": "barbarian", "nain": "dwarf",
    "chevalier": "knight", "voleur": "thief", "magicien": "wizard", "place": "stay",
}


def _plain_word(text: str) -> str:
    """``Évasion`` -> ``evasion``: a typed word lower-cased, without its accents."""
    import unicodedata

    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def to_notation(text: str, lang: str = "en") -> str:
    """What a player typed, with French words (``poser trouver 1,0 NE``, ``aller 0,1``,
    ``passer``, sides ``NESO``) put into the notation; the notation passes unchanged."""
    out: list[str] = []
    for item in text.split():
        key = _plain_word(item)
        if key in _TYPED and not (key == "place" and not out):  # "place" first is the verb
            out.append(_TYPED[key])
        elif out and 1 <= len(key) <= 4 and set(key) <= set("neso") and "o" in key:
            out.append(key.replace("o", "w"))
        else:
            out.append(item)
    return " ".join(out)


#: The notation's words as a French player types them: verbs (first word), then rooms and heroes.
_FR_VERBS = {"place": "poser", "move": "aller", "pass": "passer", "stay": "rester", "end": "finir",
             "keep": "garder", "let": "laisser", "draw": "piocher", "discard": "défausser",
             "relocate": "déplacer", "destroy": "détruire", "rotate": "pivoter", "mind": "contrôler",
             "exchange": "échanger", "swap": "troquer", "push": "pousser", "coin": "pièce",
             "tile": "tuile", "hero": "héros", "map": "carte", "harp": "harpe", "dwarf": "nain",
             "thief": "voleur", "amazon": "amazone", "wizard": "magicien"}
_FR_NAMES = {"start": "départ", "room": "salle", "destroy": "détruire", "escape": "évasion",
             "find": "trouver", "moving": "mobile", "lose": "perdre", "harp": "harpe",
             "exchange": "échange", "map": "carte", "passkey": "passe-partout", "mind": "esprit",
             "rotate": "pivoter", "steal-left": "vol-gauche", "steal-right": "vol-droite",
             "wind": "vent", "teleport": "téléportation", "amazon": "amazone", "barbarian": "barbare",
             "dwarf": "nain", "knight": "chevalier", "thief": "voleur", "wizard": "magicien",
             "stay": "rester"}


def typed_text(action: int, lang: str = "en") -> str:
    """An action as a player of ``lang`` may type it: the notation, with French words and sides
    (``poser trouver 1,0 NO``) in French."""
    text = action_to_text(action)
    if _lang(lang) != "fr":
        return text
    out: list[str] = []
    for item in text.split():
        if item.isupper() and set(item) <= set("NESW"):
            out.append(item.replace("W", "O"))
        else:
            out.append((_FR_NAMES if out else _FR_VERBS).get(item, item))
    return " ".join(out)


def input_help(lang: str = "en") -> str:
    """How actions are typed, for a player who typed something else."""
    return word("input_help", lang)


_CUT_MARK = "\0"


def _CUT(cell: int, lang: str, free: bool) -> str:
    """A place that marks where a label is cut, for the terminal's groups (typed cells follow)."""
    return _CUT_MARK


#: Families whose label reads the same up to its cell, the cell last but for the room it names.
_BY_CELL = (A.F_PLACE, A.F_MOVE, A.F_HARP, A.F_DRAKON, A.F_AMAZON, A.F_WIZARD, A.F_MIND, A.F_PUSH,
            A.F_RELOCATE)


def group_choices(legal: Sequence[int], observation: DrakonObservation | None = None,
                  lang: str = "en", markup: bool = False) -> list[str]:
    """The legal actions in a few lines, for a small screen: the choices that go to a room are
    grouped by what they do (``Lay Find a coin (NE) at: 1,0 · 0,2``), the rest one a line."""
    lang = _lang(lang)
    groups: dict[tuple[int, ...], tuple[str, list[str]]] = {}
    for action in legal:
        family, a, b, c = A.decode(action)
        cell = -1
        if family in _BY_CELL:
            cell = {A.F_PLACE: c, A.F_MIND: b, A.F_PUSH: b, A.F_RELOCATE: b}.get(family, a)
        if family in (A.F_DESTROY, A.F_ROTATE, A.F_EXCHANGE):
            cell = c if family == A.F_EXCHANGE else a
        if cell < 0 or cell >= CELLS:
            groups[(action,)] = (action_label(action, observation, lang, markup), [])
            continue
        key: tuple[int, ...]
        if family == A.F_DESTROY:
            key, head = (family,), word("destroy_head", lang)
        elif family == A.F_ROTATE:
            key, head = (family, b), word("rotate_head", lang, turn=_turn_words(b, lang))
        elif family == A.F_EXCHANGE:
            key = (family, a, b)
            head = word("exchange_head", lang, room=room_label(a * 16 + b, lang, markup))
        else:
            key = (family, a, b) if family in (A.F_PLACE, A.F_MIND, A.F_PUSH, A.F_RELOCATE) else (family,)
            head = _label(action, observation, lang, markup, None, _CUT).split(_CUT_MARK)[0].rstrip()
        groups.setdefault(key, (head, []))[1].append(cell_text(cell))
    return [f"{head}{colon(lang)}{' '.join(cells)}" if cells else head for head, cells in groups.values()]


def prompt(observation: DrakonObservation, lang: str = "en") -> str:
    """What the seat to act has to do now, in words."""
    lang = _lang(lang)
    step = observation.step
    hero = hero_name(observation.step_hero, lang, article=True) if observation.step_hero >= 0 else ""
    if step == "ability" and observation.step_hero >= 0:  # "la compétence du Voleur", not "de le"
        return PROMPTS[lang]["ability"].format(hero_of=HEROES[lang][FIGURES[observation.step_hero]][3])
    if step == "turn":
        return PROMPTS[lang]["turn"].format(hero=hero)
    if step in PROMPTS[lang]:
        return PROMPTS[lang][step].format(hero=hero)
    return PROMPTS[lang]["chance"]


# -- hands ----------------------------------------------------------------------------------

def tiles_text(kinds: Sequence[int], lang: str = "en", markup: bool = False) -> str:
    return ", ".join(tile_label(kind, lang, markup) for kind in sorted(kinds))


def hand_text(observation: DrakonObservation, markup: bool = False, lang: str | None = None) -> str:
    """The observing seat's own tiles, in notation (``find NE · harp N``), or named in ``lang``
    when given (``Trouver une pièce (NE), ...``); — when empty."""
    if not observation.hand:
        return "—"
    if lang is not None:
        return tiles_text(observation.hand, lang, markup)
    return " · ".join(_style(room_text(kind_effect(k) * 16 + PATTERN_MASKS[kind_pattern(k)]),
                             STYLES[EFFECTS[kind_effect(k)]], markup) for k in observation.hand)


def new_in_hand(before: DrakonObservation, after: DrakonObservation, lang: str = "en",
                markup: bool = False) -> str | None:
    """The tiles the observing seat just took into its hand (a draw, a Map room, an exchange)."""
    if after.hand == before.hand:  # most actions: no counting needed
        return None
    gained = list((Counter(after.hand) - Counter(before.hand)).elements())
    if not gained:
        return None
    return word("new_in_hand", lang, tiles=tiles_text(gained, lang, markup))


# -- the dungeon in a terminal --------------------------------------------------------------

def _window(low: int, high: int, wanted: Sequence[int], size: int) -> tuple[int, int]:
    """At most ``size`` consecutive values within low..high, centred on ``wanted``."""
    if high - low + 1 <= size:
        return low, high
    first, last = (min(wanted), max(wanted)) if wanted else (low, high)
    start = first - (size - (last - first + 1)) // 2  # wanted centred (its middle if too wide)
    start = min(max(start, low), high - size + 1)
    return start, start + size - 1


def _figures_in(observation: DrakonObservation, cell: int, lang: str, markup: bool) -> str:
    """The heroes' initials (the reader's own in reverse) and Drakon, at most five characters."""
    marks = [(hero_initial(figure, lang), seat == observation.seat)
             for figure, seat, at in observation.heroes if at == cell]
    if observation.drakon == cell:
        marks.append((DRAKON_MARK, False))
    if len(marks) > 5:
        marks = [*marks[:4], ("+", False)]
    width = len(marks)
    out = ""
    for text, own in marks:
        if markup:
            style = "bold red" if text == DRAKON_MARK else "reverse bold" if own else "bold"
            text = f"[{style}]{text}[/]"
        out += text
    pad = 5 - width
    return " " * (pad // 2) + out + " " * (pad - pad // 2)


def _fits(points: Sequence[tuple[int, int]]) -> bool:
    return (max(p[0] for p in points) - min(p[0] for p in points) < MAX_COLS
            and max(p[1] for p in points) - min(p[1] for p in points) < MAX_ROWS)


def _packed(head: str, items: Sequence[tuple[str, str]], width: int = 76) -> list[str]:
    """``head`` then the items (plain text, text to print) on as many lines as keep each within
    ``width`` printed characters."""
    lines: list[str] = []
    line, size = head, len(head)
    for plain, printed in items:
        if size + len(plain) + 2 > width and line != head:
            lines.append(line + ",")
            line, size = "  ", 2
        elif line != head:
            line, size = line + ", ", size + 2
        line, size = line + printed, size + len(plain)
    lines.append(line)
    return lines


def _cell_lines(observation: DrakonObservation, cell: int, room: int, lang: str,
                markup: bool) -> list[str]:
    if room < 0:
        return [" " * CELL_W] * 4
    arrows, key = room & 15, EFFECTS[room >> 4]
    mark = ROOMS[_lang(lang)][key][1]
    north = "──▲──" if arrows & 1 else "─────"
    south = "──▼──" if arrows & 4 else "─────"
    west = "◄" if arrows & 8 else "│"
    east = "►" if arrows & 2 else "│"
    centred = f"{mark:^5}"
    if markup and mark:
        left = len(centred) - len(centred.lstrip())
        centred = f"{' ' * left}[{STYLES[key]}]{mark}[/]{' ' * (5 - left - len(mark))}"
    return [f"┌{north}┐", f"{west}{centred}{east}", f"│{_figures_in(observation, cell, lang, markup)}│",
            f"└{south}┘"]


#: The terminal's own words about the map (the game's words are in ``messages``).
_MAP_WORDS = {
    "en": {"cropped": "Shown: x {a0}..{a1}, y {b0}..{b1} (around you) of x {x0}..{x1}, "
                      "y {y0}..{y1}; all: 'map'",
           "page": "The dungeon: x {a0}..{a1}, y {b0}..{b1} (of x {x0}..{x1}, y {y0}..{y1})",
           "hidden": "The dungeon (x {x0}..{x1}, y {y0}..{y1}): 'map' shows it"},
    "fr": {"cropped": "Vu : x {a0}..{a1}, y {b0}..{b1} sur x {x0}..{x1}, "
                      "y {y0}..{y1} ; tout : « plan »",
           "page": "Le donjon : x {a0}..{a1}, y {b0}..{b1} (sur x {x0}..{x1}, y {y0}..{y1})",
           "hidden": "Le donjon (x {x0}..{x1}, y {y0}..{y1}) : « plan » le montre"},
}


def _small_cell_lines(observation: DrakonObservation, cell: int, room: int, lang: str,
                      markup: bool) -> list[str]:
    """A room in two lines, for a short screen: ``◄ Sta ►`` over ``▲ AB ▼`` (the open sides
    as arrows, a closed side east or west as a bar)."""
    full = _cell_lines(observation, cell, room, lang, markup)
    if room < 0:
        return full[:2]
    arrows = room & 15
    north = "▲" if arrows & 1 else " "
    south = "▼" if arrows & 4 else " "
    return [full[1], f"{north}{full[2][1:-1]}{south}"]


def _grid(observation: DrakonObservation, placed: dict[int, int], xs: tuple[int, int],
          ys: tuple[int, int], lang: str, markup: bool, small: bool = False) -> list[str]:
    """The rooms of columns xs[0]..xs[1] and rows ys[0]..ys[1], north up, with their labels;
    ``small``: two lines a room instead of four."""
    x0, x1 = xs
    y0, y1 = ys
    draw = _small_cell_lines if small else _cell_lines
    lines = [" " * LABEL_W + "".join(f"{x:^{CELL_W}}" for x in range(x0, x1 + 1)).rstrip()]
    for y in range(y1, y0 - 1, -1):
        row = [draw(observation, cell_of(x, y), placed.get(cell_of(x, y), -1), lang, markup)
               for x in range(x0, x1 + 1)]
        for k in range(len(row[0])):
            label = f"{y:>{LABEL_W - 1}} " if k == (0 if small else 1) else " " * LABEL_W
            lines.append((label + "".join(cells[k] for cells in row)).rstrip())
    return lines


def dungeon_lines(observation: DrakonObservation, lang: str = "en", markup: bool = False,
                  max_rows: int = MAX_ROWS, small: bool = False, note: bool = True) -> list[str]:
    """The dungeon as a grid (north up), cropped to its rooms and, when wider or taller than the
    terminal allows (``max_rows`` rows of rooms), to the part centred on the reader's own hero
    (on every hero for a spectator); a line then says so. ``max_rows`` 0: that line alone;
    ``small``: two lines a room; ``note``: whether a line says what is shown."""
    lang = _lang(lang)
    placed = {cell: room for cell, room in observation.rooms}
    if not placed:
        return []
    points = [xy(cell) for cell in placed]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    heroes = [xy(at) for _, _, at in observation.heroes if at != NO_CELL]
    own = [xy(at) for _, seat, at in observation.heroes if seat == observation.seat and at != NO_CELL]
    centre = own or heroes
    if own and len(own) > 1 and not _fits(own):
        centre = own[:1]  # two heroes of one seat far apart: the first
    bounds = {"x0": min(xs), "x1": max(xs), "y0": min(ys), "y1": max(ys)}
    if max_rows <= 0:
        return [_MAP_WORDS[lang]["hidden"].format(**bounds)]
    x0, x1 = _window(min(xs), max(xs), [c[0] for c in centre], MAX_COLS)
    y0, y1 = _window(min(ys), max(ys), [c[1] for c in centre], max_rows)
    lines = _grid(observation, placed, (x0, x1), (y0, y1), lang, markup, small)
    if note and (small or (x0, x1, y0, y1) != (min(xs), max(xs), min(ys), max(ys))):
        lines.append(_MAP_WORDS[lang]["cropped"].format(a0=x0, a1=x1, b0=y0, b1=y1, **bounds))
    return lines


def map_pages(observation: DrakonObservation, lang: str = "en", markup: bool = False,
              rows: int = 10_000) -> list[list[str]]:
    """The whole dungeon in pages of at most ``rows`` lines and MAX_COLS columns of rooms (north
    first, then west to east), each headed by the part it shows, then the legend."""
    lang = _lang(lang)
    placed = {cell: room for cell, room in observation.rooms}
    if not placed:
        return [legend_lines(observation, lang, None, markup)]
    points = [xy(cell) for cell in placed]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    bounds = {"x0": min(xs), "x1": max(xs), "y0": min(ys), "y1": max(ys)}
    per_page = max(1, (rows - 2) // 4)  # the page's heading and the column numbers
    pages = []
    for top in range(max(ys), min(ys) - 1, -per_page):
        bottom = max(min(ys), top - per_page + 1)
        for left in range(min(xs), max(xs) + 1, MAX_COLS):
            right = min(max(xs), left + MAX_COLS - 1)
            head = _MAP_WORDS[lang]["page"].format(a0=left, a1=right, b0=bottom, b1=top, **bounds)
            pages.append([head, *_grid(observation, placed, (left, right), (bottom, top), lang, markup)])
    legend = legend_lines(observation, lang, None, markup)
    if len(pages[-1]) + len(legend) <= rows:
        pages[-1] += legend
    else:
        pages.append(legend)
    return pages


def default_action(observation: DrakonObservation, legal: Sequence[int]) -> int | None:
    """What an empty answer plays: after the move, ending the turn (the hero's ability stays
    on offer, but does not hold the turn up)."""
    if observation.step == "ability" and A.END in legal:
        return A.END
    return None


def legend_lines(observation: DrakonObservation, lang: str = "en",
                 names: Sequence[str] | None = None, markup: bool = False) -> list[str]:
    """Which initial is which hero (and whose), Drakon's mark, and the marks of the rooms in
    play, on lines that fit the terminal."""
    lang = _lang(lang)
    heroes = [f"{hero_initial(f, lang)} {hero_name(f, lang)} ({seat_name(s, lang, names)})"
              for f, s, _ in observation.heroes]
    heroes.append(f"{DRAKON_MARK} Drakon")
    present = sorted({room >> 4 for _, room in observation.rooms})
    rooms = []
    for effect in present:
        key = EFFECTS[effect]
        mark = ROOMS[lang][key][1]
        if mark:
            plain = f"{mark} {room_name(effect, lang)}"
            rooms.append((plain, f"{_style(mark, STYLES[key], markup)} {room_name(effect, lang)}"))
    return (_packed(word("legend_heroes", lang), [(h, h) for h in heroes])
            + _packed(word("legend_rooms", lang), rooms))


def _gold_text(observation: DrakonObservation, purse: int) -> str:
    gold = observation.gold[purse]
    return "?" if gold is None else str(gold)


def board(observation: DrakonObservation, lang: str = "en", names: Sequence[str] | None = None,
          markup: bool = False, rows: int | None = None, compact: bool = False
          ) -> tuple[Table, list[str]]:
    """One row per seat (its heroes and their rooms, tiles in hand, coins, gold where the reader
    may see it), then the dungeon grid, its legend, the pile, the treasure and the goal. With
    ``rows``, the lines fit in that many (76 columns): the map keeps the rows of rooms around
    your hero that fit, the legend goes first, then the map itself. ``compact``: rooms in the
    table by their marks on the map (``-1,0 <St``), the legend naming them."""
    lang = _lang(lang)
    obs = observation
    headers = [word("player", lang), word("hero_head", lang), word("where", lang),
               word("tiles", lang), word("coins", lang), word("gold", lang)]
    rows_ = []
    teams = len(set(obs.purse_of)) < obs.players
    for seat in range(obs.players):
        marks = []
        if seat == obs.first_player:
            marks.append(word("first", lang))
        if seat == obs.to_act:
            marks.append(word("to_act", lang))
        if teams:
            marks.append(word("partner", lang, t=obs.purse_of[seat] + 1))
        name = seat_name(seat, lang, names) + (f" ({', '.join(marks)})" if marks else "")
        if markup and seat == obs.to_act:
            name = f"[bold]{name}[/]"
        own = [(f, at) for f, s, at in obs.heroes if s == seat]
        figures = "\n".join(f"{hero_initial(f, lang)} {hero_name(f, lang)}" for f, _ in own)
        where = "\n".join(f"{cell_text(at)} {_room_word(obs.room_at(at) >> 4, lang, compact)}"
                          for _, at in own)
        purse = obs.purse_of[seat]
        rows_.append([name, figures, where, str(obs.hand_sizes[seat]), str(obs.coins[purse]),
                      _gold_text(obs, purse)])
    legend = legend_lines(obs, lang, names, markup)
    hand: list[str] = []
    if obs.seat is not None:
        tiles = [(tile_label(k, lang, letters=True), tile_label(k, lang, markup, letters=True))
                 for k in obs.hand]
        hand = _packed(word("hand", lang), tiles) if tiles else [word("hand_empty", lang)]
    stock_lines = _stock_lines(obs, lang)
    grid = dungeon_lines(obs, lang, markup)
    if rows is not None:
        if len(grid) + len(legend) + len(hand) + len(stock_lines) > rows:
            stock_lines = _stock_lines(obs, lang, short=True)
        rest = rows - len(hand) - len(stock_lines)
        if len(grid) + len(legend) > rest:
            legend = []
        map_rows = MAX_ROWS
        while len(grid) > rest and map_rows > 0:  # two lines a room, as many rows as fit
            map_rows = min(map_rows, (len(grid) - 1) // 2) - 1
            grid = dungeon_lines(obs, lang, markup, max_rows=map_rows, small=True)
            if len(grid) > rest:
                grid = dungeon_lines(obs, lang, markup, max_rows=map_rows, small=True, note=False)
        if len(grid) > rest:
            grid = []
        if len(hand) + len(stock_lines) > rows:
            stock_lines = stock_lines[:max(0, rows - len(hand))]
    return (headers, rows_), grid + legend + hand + stock_lines


def _room_word(effect: int, lang: str, mark: bool) -> str:
    """A room's name, or its mark on the map when ``mark`` (and it has one)."""
    return ROOMS[lang][EFFECTS[effect]][1] or room_name(effect, lang) if mark else room_name(effect, lang)


def _stock_lines(obs: DrakonObservation, lang: str, short: bool = False) -> list[str]:
    """The pile, the treasure, where Drakon is, and the goal; ``short``: on one line (Drakon's
    place left to the map when it does not fit)."""
    if short:
        key = "goal_escape" if obs.escape else "goal_coins" if obs.count_coins else "goal_gold"
        line = f"{word('pile', lang, n=obs.pile)} · {word('treasure', lang, n=obs.treasure)}"
        if obs.drakon != NO_CELL:
            line += f" · {word('drakon_at', lang, cell=cell_text(obs.drakon))}"
        goal = word(key, lang, n=obs.goal)
        return [f"{line} · {goal}"] if len(line) + len(goal) + 3 <= 76 else [line, goal]
    lines = []
    stock = word("treasure", lang, n=obs.treasure)
    if obs.gone:
        stock += f" ({word('gone', lang, n=obs.gone)})"
    drakon = (word("drakon_at", lang, cell=cell_text(obs.drakon)) if obs.drakon != NO_CELL
              else word("drakon_aside", lang))
    lines.append(f"{word('pile', lang, n=obs.pile)} · {stock} · {drakon}")
    key = "goal_escape" if obs.escape else "goal_coins" if obs.count_coins else "goal_gold"
    lines.append(word(key, lang, n=obs.goal))
    return lines


# -- the end --------------------------------------------------------------------------------

def score_sheet(observation: DrakonObservation, lang: str = "en", names: Sequence[str] | None = None,
                markup: bool = False) -> Table:
    """Coins and gold of each seat's purse (shown only where the observation shows them: all of
    them at the end), the gold as the coins add up to it, and who won."""
    return end_sheet(observation, _lang(lang), names, markup)


def winners_text(observation: DrakonObservation, lang: str = "en",
                 names: Sequence[str] | None = None) -> str:
    """Who won (``end_reason`` says why)."""
    winners = list(observation.winners or ())
    if not winners:
        return ""
    who = f" {word('and', lang)} ".join(seat_name(s, lang, names) for s in winners)
    return word("winners" if len(winners) > 1 else "winner", lang, names=who)


__all__ = [
    "STYLES", "Table", "action_label", "action_parts", "arrows_words", "board", "describe_event",
    "describe_events", "end_reason", "event_seats",
    "default_action", "dungeon_lines", "hand_text", "hero_initial", "hero_name", "legend", "legend_lines",
    "map_pages", "new_in_hand", "prompt", "room_label", "room_name", "score_sheet", "seat_name",
    "stands_alone", "tile_label", "tiles_text", "winners_text",
]
