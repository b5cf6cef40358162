"""What a balance report counts in a finished Kagoun game (``sim/report.py`` sums it over many):
how it ended, each seat's chain points, the powers fired and the pairs won by capture or steal.

A figure is a word (one per game: shares), a number (one per game: a distribution), a list
(one number per seat) or a mapping of counts (added over games)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ...core.game import State
from .actions import CAPTURE, DEFEND, STEAL
from .scoring import chain_score

#: Powers and steals come from the public log.
NEEDS_LOG: Final = True


def figures(state: State, actions: Sequence[int] = ()) -> dict[str, Any]:
    """The figures of one finished game, from its log (``state.log`` kept) and its actions."""
    powers: dict[str, int] = {}
    pairs: dict[str, int] = {}
    steals: set[str] = set()  # this round's targets announced as steals, as the log writes them
    for event in state.log or ():  # type: ignore[attr-defined]
        kind = event.kind
        if kind == "power":
            powers[event.args[0]] = powers.get(event.args[0], 0) + 1
        elif kind == "round":
            steals = set()
        elif kind == "announce" and event.args[0] == "steal":
            steals.add(event.args[1])
        elif kind == "win":
            key = "steal_won" if event.args[1] in steals else "capture_won"
            pairs[key] = pairs.get(key, 0) + 1
    for action in actions:  # the pairings announced are actions
        if CAPTURE <= action < DEFEND:
            key = "capture_announced" if action < STEAL else "steal_announced"
            pairs[key] = pairs.get(key, 0) + 1
    deck = state.deck  # type: ignore[attr-defined]
    return {
        "ending": state.how_ended(),
        "points": [chain_score(deck, chain) for chain in state.chains],  # type: ignore[attr-defined]
        "powers": powers,
        "pairs": pairs,
    }


def words(lang: str) -> dict[str, tuple[str, str, dict[str, str]]]:
    """Each figure's title, what it shows, and the labels of its keys, in ``lang``."""
    from .render import legend

    powers = legend(lang)["powers"]
    if lang == "fr":
        return {
            "ending": ("Comment la partie finit",
                       "Un « Kagoun ! » réussi, le dernier en lice (les autres éliminés), la "
                       "limite de manches, ou tous éliminés à la fois.",
                       {"kagoun": "Kagoun !", "ko": "dernier en lice", "rounds": "limite de manches",
                        "all_out": "tous éliminés"}),
            "points": ("Points de chaîne à la fin",
                       "Les points de la chaîne de chaque place à la fin (0 pour une place "
                       "éliminée).", {}),
            "powers": ("Pouvoirs déclenchés", "Chaque fois qu'un pouvoir agit, par pouvoir.", powers),
            "pairs": ("Captures et vols",
                      "Captures dans la rivière et vols annoncés, et les paires qu'ils ont gagnées.",
                      {"capture_announced": "captures annoncées", "capture_won": "captures gagnées",
                       "steal_announced": "vols annoncés", "steal_won": "vols gagnés"}),
        }
    return {
        "ending": ("How games end",
                   "A successful “Kagoun!” call, the last player standing (the others out), "
                   "the round cap, or everyone out at once.",
                   {"kagoun": "Kagoun!", "ko": "last standing", "rounds": "round cap",
                    "all_out": "all out"}),
        "points": ("Chain points at the end",
                   "Each seat's chain points when the game ends (0 for a seat that is out).", {}),
        "powers": ("Powers fired", "Each time a power acts, by power.", powers),
        "pairs": ("Captures and steals",
                  "Captures from the river and steals announced, and the pairs they won.",
                  {"capture_announced": "captures announced", "capture_won": "captures won",
                   "steal_announced": "steals announced", "steal_won": "steals won"}),
    }
