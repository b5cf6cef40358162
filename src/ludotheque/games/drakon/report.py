"""What a balance report counts in a finished Drakon game (``sim/report.py`` sums it over many):
how it ended, each seat's gold, the rooms the heroes entered and how coins moved.

A figure is a word (one per game: shares), a number (one per game: a distribution), a list
(one number per seat) or a mapping of counts (added over games). Coins are counted, not their
gold: the public log never shows a coin's value before the end."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ...core.game import State
from .components import EFFECTS, START_ROOM

#: Rooms entered come from the public log (a room may be laid, turned, moved or exchanged).
NEEDS_LOG: Final = True

#: How coins move, by the log's event: found in a room, lost (a Lose room, or Drakon), stolen.
_COIN_EVENTS: Final = {"coin": "found", "lose": "lost", "steal": "stolen"}


def figures(state: State, actions: Sequence[int] = ()) -> dict[str, Any]:
    """The figures of one finished game, from its log (``state.log`` kept)."""
    rooms: dict[int, int] = {}  # cell -> effect, as the log lays and changes them
    entered: dict[str, int] = {}
    coins: dict[str, int] = {}
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
            key = EFFECTS[rooms.get(event.cell, START_ROOM)]  # only the Start room is not laid
            entered[key] = entered.get(key, 0) + 1
        elif kind in _COIN_EVENTS or kind == "caught":
            key = _COIN_EVENTS.get(kind, "caught")
            coins[key] = coins.get(key, 0) + 1
    purse_of: list[int] = state.purse_of  # type: ignore[attr-defined]
    return {
        "ending": state.how_ended(),
        "gold": [state.gold(purse_of[seat]) for seat in range(state.players)],  # type: ignore[attr-defined]
        "rooms_entered": entered,
        "coins": coins,
    }


def words(lang: str) -> dict[str, tuple[str, str, dict[str, str]]]:
    """Each figure's title, what it shows, and the labels of its keys, in ``lang``."""
    from .render import room_name

    rooms = {key: room_name(effect, lang) for effect, key in enumerate(EFFECTS)}
    if lang == "fr":
        return {
            "ending": ("Comment la partie finit",
                       "Objectif d'or atteint, évasion, plus personne ne peut jouer (le plus "
                       "d'or gagne) ou limite de tours atteinte.",
                       {"goal": "objectif atteint", "escape": "évasion",
                        "stuck": "bloquée : le plus d'or", "limit": "limite de tours"}),
            "gold": ("Or à la fin", "L'or de chaque place à la fin de la partie.", {}),
            "rooms_entered": ("Salles où entrent les héros",
                              "Chaque fois qu'un héros entre dans une salle, par sorte de salle.",
                              rooms),
            "coins": ("Pièces gagnées et perdues",
                      "Pièces trouvées dans une salle, perdues (salle ou Drakon), volées, et "
                      "héros attrapés par Drakon. Une pièce vaut 1 à 3 or.",
                      {"found": "trouvées", "lost": "perdues", "stolen": "volées",
                       "caught": "attrapés par Drakon"}),
        }
    return {
        "ending": ("How games end",
                   "The gold goal reached, an escape, nobody able to act (most gold wins) or the "
                   "turn limit reached.",
                   {"goal": "goal reached", "escape": "escape", "stuck": "stuck: most gold",
                    "limit": "turn limit"}),
        "gold": ("Gold at the end", "Each seat's gold when the game ends.", {}),
        "rooms_entered": ("Rooms the heroes enter",
                          "Each time a hero enters a room, by kind of room.", rooms),
        "coins": ("Coins won and lost",
                  "Coins found in a room, lost (a room or Drakon), stolen, and heroes caught by "
                  "Drakon. A coin is worth 1 to 3 gold.",
                  {"found": "found", "lost": "lost", "stolen": "stolen",
                   "caught": "caught by Drakon"}),
    }
