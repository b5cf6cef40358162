"""What a balance report counts in a finished Gargon game (``sim/report.py`` sums it over many):
the amulets won by card value, the shapes that opened the rounds, how the game was won, and
what the winners won against the other players: amulets by card value, points by colour.

A figure is a word (one per game: shares), a number (one per game: a distribution), a list
(one number per seat) or a mapping of counts (added over games)."""

# mypyc: compile

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ...core.words import pick
from .actions import BATTLE, PLAY, play_cards
from .components import COMPONENTS
from .scoring import colour_points
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
    winners = set(state.winners())
    by_value: dict[str, int] = {}
    value_by: dict[str, dict[str, int]] = {"winners": {}, "others": {}}
    colour_by: dict[str, dict[str, int]] = {"winners": {}, "others": {}}
    letters = [colour.letter for colour in COMPONENTS.colours]
    for seat, (seat_won, row) in enumerate(zip(state.won, colour_points(state.won, amulets), strict=True)):
        side = "winners" if seat in winners else "others"
        group, points = value_by[side], colour_by[side]
        for values in seat_won:
            for value in values:
                if amulets[value]:
                    key = str(value)
                    by_value[key] = by_value.get(key, 0) + amulets[value]
                    group[key] = group.get(key, 0) + amulets[value]
        for letter, scored in zip(letters, row, strict=True):
            points[letter] = points.get(letter, 0) + scored
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
        "amulets_by_outcome": value_by,
        "colours_by_outcome": colour_by,
    }


#: The five shapes a round may open with (docs/rules/gargon.md, 2.1), fewest cards first.
_SHAPES: Final = {shape: shape for shape in ("1", "2", "1+1", "2+1", "1+1+1")}


#: Every card value with amulets printed on it (the published box), each its own label.
_VALUES: Final = {str(v): str(v) for v, printed in enumerate(COMPONENTS.amulets) if printed}


def words(lang: str) -> dict[str, tuple[str, str, dict[str, str]]]:
    """Each figure's title, what it shows, and the labels of its keys, in ``lang``."""
    from .card_words import colour_word

    colours = {c.letter: colour_word(k, lang) for k, c in enumerate(COMPONENTS.colours)}
    own = dict(pick(_WORDS, lang))
    for name in ("amulets_by_value", "amulets_by_outcome"):
        title, explain, _ = own[name]
        own[name] = (title, explain, _VALUES)
    title, explain, _ = own["colours_by_outcome"]
    own["colours_by_outcome"] = (title, explain, colours)
    return own


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
        "amulets_by_outcome": ("Amulets won by the winners and the others",
                               "Amulets printed on the cards won, per card value, per winner and "
                               "per other player.", {}),
        "colours_by_outcome": ("Points by colour: winners and others",
                               "Points scored in each colour (majority bonus, then amulets "
                               "multiplied by the 0s won), per winner and per other player.", {}),
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
        "amulets_by_outcome": ("Amulettes gagnées par les gagnants et les autres",
                               "Les amulettes imprimées sur les cartes gagnées, par valeur, par "
                               "gagnant et par autre joueur.", {}),
        "colours_by_outcome": ("Points par couleur : gagnants et autres",
                               "Les points marqués dans chaque couleur (prime de majorité, puis "
                               "amulettes multipliées par les 0 gagnés), par gagnant et par autre "
                               "joueur.", {}),
        "shapes": ("Formes jouées",
                   "La forme qui ouvre chaque manche, en cartes par couleur (2+1 : deux d'une "
                   "couleur et une d'une autre).", _SHAPES),
    },
}
