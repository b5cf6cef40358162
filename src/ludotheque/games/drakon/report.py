"""What a balance report counts in a finished Drakon game (``sim/report.py`` sums it over many):
how it ended, each seat's gold, the rooms the heroes entered and the gold they gave (for the
winners against the other players too), and the heroes' abilities used (Heroes! variant).

A figure is a word (one per game: shares), a number (one per game: a distribution), a list
(one number per seat) or a mapping of counts (added over games)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ...core.game import State
from .actions import COIN
from .components import (
    COIN_VALUES,
    EFFECTS,
    FIGURES,
    PUBLISHED_COINS,
    PUBLISHED_TILES,
    START_ROOM,
    Components,
    components,
    kind_effect,
)

#: Rooms entered come from the public log (a room may be laid, turned, moved or exchanged).
NEEDS_LOG: Final = True

#: The log's events that move a coin, each drawn by one chance action ``COIN + value - 1``
#: (the same order in the actions as in the log): found in a room, lost (a room, Drakon),
#: stolen, swapped by the Thief.
_COIN_EVENTS: Final = {"coin": "found", "lose": "lost", "steal": "stolen", "swap": "swapped"}


def figures(state: State, actions: Sequence[int] = ()) -> dict[str, Any]:
    """The figures of one finished game, from its log (``state.log`` kept) and its actions (the
    coins' values: the log keeps them secret, the chance actions drew them)."""
    values = iter([action - COIN + 1 for action in actions if COIN <= action < COIN + 3])
    winners = set(state.winners())
    figures_of: list[int] = state.hero_figure  # type: ignore[attr-defined]
    owner_of = dict(zip(figures_of, state.hero_owner, strict=True))  # type: ignore[attr-defined]
    rooms: dict[int, int] = {}  # cell -> effect, as the log lays and changes them
    entered: dict[str, int] = {}
    by_room: dict[str, int] = {}
    moved: dict[str, int] = {}
    # the same, split between the winners and the other players
    entered_by: dict[str, dict[str, int]] = {"winners": {}, "others": {}}
    gold_by: dict[str, dict[str, int]] = {"winners": {}, "others": {}}
    caught = 0
    room = ""  # the kind of the room the hero acting last entered
    for event in state.log or ():  # type: ignore[attr-defined]
        kind = event.kind
        if kind in ("place", "exchange", "rotate"):
            rooms[event.cell] = event.room >> 4
        elif kind == "destroy":
            rooms.pop(event.cell, None)
        elif kind == "relocate":
            rooms.pop(event.other, None)
            rooms[event.cell] = event.room >> 4
        elif kind in ("move", "pull"):
            room = EFFECTS[rooms.get(event.cell, START_ROOM)]  # only the Start room is not laid
            entered[room] = entered.get(room, 0) + 1
            seat = owner_of.get(event.figure, event.seat)  # the hero's owner, not its mover
            group = entered_by["winners" if seat in winners else "others"]
            group[room] = group.get(room, 0) + 1
        elif kind == "caught":
            caught += 1
            room = ""
        elif kind in _COIN_EVENTS:
            gold, how = next(values), _COIN_EVENTS[kind]
            if how != "swapped":
                moved[how] = moved.get(how, 0) + gold
            if room and how != "swapped":  # a catch ends what the room gave (room = "")
                given = -gold if how == "lost" else gold
                by_room[room] = by_room.get(room, 0) + given
                group = gold_by["winners" if event.seat in winners else "others"]
                group[room] = group.get(room, 0) + given
    purse_of: list[int] = state.purse_of  # type: ignore[attr-defined]
    return {
        "ending": state.how_ended(),
        "gold": [state.gold(purse_of[seat]) for seat in range(state.players)],  # type: ignore[attr-defined]
        "rooms_entered": entered,
        "gold_by_room": by_room,
        "gold_moved": moved,
        "caught": caught,
        "rooms_by_outcome": entered_by,
        "gold_by_outcome": gold_by,
        **_abilities(state, winners),
    }


def _abilities(state: State, winners: set[int]) -> dict[str, Any]:
    """Heroes! variant: the heroes whose ability was spent, by hero (none without the variant),
    in all and split between the winners and the others."""
    used: dict[str, int] = {}
    by: dict[str, dict[str, int]] = {"winners": {}, "others": {}}
    spent: list[bool] = state.hero_used  # type: ignore[attr-defined]
    owner: list[int] = state.hero_owner  # type: ignore[attr-defined]
    for hero, figure in enumerate(state.hero_figure):  # type: ignore[attr-defined]
        if hero < len(spent) and spent[hero]:
            name = FIGURES[figure]
            used[name] = used.get(name, 0) + 1
            group = by["winners" if owner[hero] in winners else "others"]
            group[name] = group.get(name, 0) + 1
    return {"abilities": used, "abilities_by_outcome": by}


def _box_counts(box: Components) -> dict[str, int]:
    """Tiles per room (Start included) and coins per value (``coins-2``) of a box."""
    rooms = {room: 0 for room in EFFECTS}
    rooms[EFFECTS[START_ROOM]] = 1
    for kind in box.tiles:
        rooms[EFFECTS[kind_effect(kind)]] += 1
    return rooms | {f"coins-{value}": n for value, n in zip(COIN_VALUES, box.coins, strict=True)}


def box(path: str) -> dict[str, Any]:
    """What a components file changes from the box the package ships (``rows``: each room's
    tiles and each value's coins that differ), and its totals against the published box's 72
    tiles and 28 coins (``totals``). Raises ComponentsError (in both languages) for a bad file."""
    shipped, mine = _box_counts(components()), _box_counts(components(path))
    rows = [{"key": key, "shipped": shipped[key], "box": mine[key]}
            for key in shipped if shipped[key] != mine[key]]
    tiles = sum(mine[room] for room in EFFECTS)
    coins = sum(mine[f"coins-{value}"] for value in COIN_VALUES)
    return {"rows": rows, "totals": [{"key": "tiles", "published": PUBLISHED_TILES, "box": tiles},
                                     {"key": "coins", "published": PUBLISHED_COINS, "box": coins}]}


def box_words(lang: str) -> dict[str, str]:
    """The labels of ``box``'s keys in ``lang``: rooms, coins, totals."""
    from .render import room_name

    rooms = {key: room_name(effect, lang) for effect, key in enumerate(EFFECTS)}
    if lang == "fr":
        return rooms | {f"coins-{v}": f"pièces de {v} or" for v in COIN_VALUES} | {
            "tiles": "tuiles en tout", "coins": "pièces en tout"}
    return rooms | {f"coins-{v}": f"coins of {v} gold" for v in COIN_VALUES} | {
        "tiles": "tiles in all", "coins": "coins in all"}


def words(lang: str) -> dict[str, tuple[str, str, dict[str, str]]]:
    """Each figure's title, what it shows, and the labels of its keys, in ``lang``."""
    from .render import hero_name, room_name

    rooms = {key: room_name(effect, lang) for effect, key in enumerate(EFFECTS)}
    heroes = {key: hero_name(figure, lang) for figure, key in enumerate(FIGURES)}
    if lang == "fr":
        return {
            "rooms_by_outcome": ("Salles où entrent les gagnants et les autres",
                                 "Entrées dans chaque sorte de salle, par partie, par gagnant et "
                                 "par autre joueur : les salles qui mènent à la victoire.", rooms),
            "gold_by_outcome": ("Or donné par les salles aux gagnants et aux autres",
                                "L'or trouvé, volé ou perdu dans la salle où le héros vient "
                                "d'entrer, par gagnant et par autre joueur.", rooms),
            "abilities": ("Actions spéciales des héros utilisées",
                          "Variante Héros ! : parties où l'action spéciale de chaque héros a servi "
                          "(une fois par partie), par partie ; 0 partout sans la variante.", heroes),
            "abilities_by_outcome": ("Actions spéciales des héros : gagnants et autres",
                                     "Actions spéciales utilisées, par gagnant et par autre "
                                     "joueur.", heroes),
            "ending": ("Comment la partie finit",
                       "Objectif d'or atteint, évasion, plus personne ne peut jouer (le plus "
                       "d'or gagne) ou limite de tours atteinte.",
                       {"goal": "objectif atteint", "escape": "évasion",
                        "stuck": "bloquée : le plus d'or", "limit": "limite de tours"}),
            "gold": ("Or à la fin", "L'or de chaque place à la fin de la partie.", {}),
            "rooms_entered": ("Salles où entrent les héros",
                              "Chaque fois qu'un héros entre dans une salle, par sorte de salle.",
                              rooms),
            "gold_by_room": ("Or gagné ou perdu, par salle",
                             "L'or trouvé, volé ou perdu par un héros dans la salle où il vient "
                             "d'entrer, par sorte de salle (pertes comptées en moins).", rooms),
            "gold_moved": ("Or gagné et perdu",
                           "L'or trouvé dans les salles, perdu (salle Perdre une pièce ou Drakon) "
                           "et volé.", {"found": "trouvé", "lost": "perdu", "stolen": "volé"}),
            "caught": ("Héros attrapés par Drakon", "Fois où Drakon attrape un héros, par partie.",
                       {}),
        }
    return {
        "rooms_by_outcome": ("Rooms entered by the winners and the others",
                             "Entries into each kind of room, per game, per winner and per other "
                             "player: the rooms that lead to a win.", rooms),
        "gold_by_outcome": ("Gold the rooms gave the winners and the others",
                            "Gold found, stolen or lost in the room the hero had just entered, per "
                            "winner and per other player.", rooms),
        "abilities": ("Hero abilities used",
                      "Heroes! variant: games in which each hero's ability was used (once a "
                      "game), per game; 0 throughout without the variant.", heroes),
        "abilities_by_outcome": ("Hero abilities: winners and others",
                                 "Abilities used, per winner and per other player.", heroes),
        "ending": ("How games end",
                   "The gold goal reached, an escape, nobody able to act (most gold wins) or the "
                   "turn limit reached.",
                   {"goal": "goal reached", "escape": "escape", "stuck": "stuck: most gold",
                    "limit": "turn limit"}),
        "gold": ("Gold at the end", "Each seat's gold when the game ends.", {}),
        "rooms_entered": ("Rooms the heroes enter",
                          "Each time a hero enters a room, by kind of room.", rooms),
        "gold_by_room": ("Gold won or lost, by room",
                         "Gold found, stolen or lost by a hero in the room it has just entered, by "
                         "kind of room (losses count against it).", rooms),
        "gold_moved": ("Gold won and lost",
                       "Gold found in rooms, lost (a Lose room or Drakon) and stolen.",
                       {"found": "found", "lost": "lost", "stolen": "stolen"}),
        "caught": ("Heroes caught by Drakon", "Times Drakon catches a hero, per game.", {}),
    }
