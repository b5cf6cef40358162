"""What a balance report counts in a finished Gargon game (``sim/report.py`` sums it over many):
the amulets won by card value, the shapes that opened the rounds, and how the game was won.

A figure is a word (one per game: shares), a number (one per game: a distribution), a list
(one number per seat) or a mapping of counts (added over games)."""

# mypyc: compile

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ...core.words import pick
from .actions import BATTLE, PLAY, play_cards
from .state import GargonState

#: Everything comes from the final state and the actions: the log would cost more than the game.
NEEDS_LOG: Final = False


def _shape(cards: list[int]) -> str:
    """A play's shape in counts per colour, largest first: "2+1"."""
    counts: dict[int, int] = {}
    for card in cards:
        counts[card >> 4] = counts.get(card >> 4, 0) + 1
    return "+".join(str(c) for c in sorted(counts.values(), reverse=True))


def figures(state: GargonState, actions: Sequence[int]) -> dict[str, Any]:
    """The figures of one finished game. Compiled: a 100,000-game report counts them 100,000
    times."""
    amulets = state.amulets
    by_value: dict[str, int] = {}
    for seat_won in state.won:
        for values in seat_won:
            for value in values:
                if amulets[value]:
                    by_value[str(value)] = by_value.get(str(value), 0) + amulets[value]
    shapes: dict[str, int] = {}
    # A round opens with a play (its first player cannot pass) and closes with at least one
    # battle (every colour chosen is an action), so the first play after a battle opens one.
    opening = True
    for action in actions:
        if action >= PLAY:
            if opening:
                key = _shape(play_cards(action))
                shapes[key] = shapes.get(key, 0) + 1
                opening = False
        elif action >= BATTLE:
            opening = True
    scores = sorted(state.scores(), reverse=True)
    return {
        "ending": "shared" if scores[0] == scores[1] else "alone",
        "margin": scores[0] - scores[1],
        "amulets_by_value": by_value,
        "shapes": shapes,
    }


#: The five shapes a round may open with (docs/rules/gargon.md, 2.1), fewest cards first.
_SHAPES: Final = {shape: shape for shape in ("1", "2", "1+1", "2+1", "1+1+1")}


def words(lang: str) -> dict[str, tuple[str, str, dict[str, str]]]:
    """Each figure's title, what it shows, and the labels of its keys, in ``lang``."""
    return pick(_WORDS, lang)


_WORDS: Final[dict[str, dict[str, tuple[str, str, dict[str, str]]]]] = {
    "en": {
        "ending": ("How games are won",
                   "A game ends once the hands are empty; the most points win, a tie shares the win.",
                   {"alone": "won alone", "shared": "shared win"}),
        "margin": ("Winning margin",
                   "The winner's points minus the runner-up's (0: a shared win).", {}),
        "amulets_by_value": ("Amulets won, by card value",
                             "Amulets printed on the cards won, per card value, before the 0s "
                             "double them: where the points come from.", {}),
        "shapes": ("Shapes played",
                   "The shape opening each round, as cards per colour (2+1: two of one colour "
                   "and one of another).", _SHAPES),
    },
    "fr": {
        "ending": ("Comment la partie est gagnée",
                   "La partie finit quand les mains sont vides ; le plus de points gagne, une "
                   "égalité partage la victoire.",
                   {"alone": "gagnée seul", "shared": "victoire partagée"}),
        "margin": ("Écart du vainqueur",
                   "Les points du vainqueur moins ceux du deuxième (0 : victoire partagée).", {}),
        "amulets_by_value": ("Amulettes gagnées, par valeur de carte",
                             "Les amulettes imprimées sur les cartes gagnées, par valeur, avant "
                             "que les 0 ne les doublent : d'où viennent les points.", {}),
        "shapes": ("Formes jouées",
                   "La forme qui ouvre chaque manche, en cartes par couleur (2+1 : deux d'une "
                   "couleur et une d'une autre).", _SHAPES),
    },
}
