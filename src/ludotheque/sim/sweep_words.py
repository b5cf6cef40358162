"""A report's sweep in words, in English and French: its mistakes (said in the page's language)
and its section of the page."""

from __future__ import annotations

from typing import Final

from ..core.words import say

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "syntax": "--sweep: expected NAME=A..B or NAME=A..B:STEP with whole numbers, "
                  "e.g. goal=5..15:5; got {text!r}",
        "unknown": "--sweep: {game} has no option {name!r}; its numeric options are: {numeric}",
        "not_numeric": "--sweep: {game}'s option {name!r} is not a number, so it cannot be swept; "
                       "its numeric options are: {numeric}",
        "range": "--sweep {text}: {name} goes from {low} to {high}; {value} is outside",
        "order": "--sweep {text}: A must not be above B, and STEP must be at least 1",
        "too_many": "--sweep {text}: {count} values; at most {most} (take a larger STEP)",
        "with_variants": "--sweep and --variants cannot be combined: a sweep's columns are its values",
        "title": "Trends against {option}",
        "explain": "One column per value of {option}, every column on the same deals: each line "
                   "is a figure's value for each value of {option}, the band its 95% interval "
                   "(Wilson's for a share, the normal one for a mean); the dashed line is a fair "
                   "share of the wins.",
        "intro": "{games} games per column between bots ({bots}), {players} players, run seed "
                 "{seed}. Every column plays the same deals, one per value of {option} ({values}); "
                 "the tests take the first column ({first}) as their base game.",
        "share": "share of the games", "win_share": "share of the wins", "mean": "mean",
    },
    "fr": {
        "syntax": "--sweep : attendu NOM=A..B ou NOM=A..B:PAS en nombres entiers, "
                  "par exemple goal=5..15:5 ; reçu {text!r}",
        "unknown": "--sweep : {game} n'a pas d'option {name!r} ; ses options numériques sont : "
                   "{numeric}",
        "not_numeric": "--sweep : l'option {name!r} de {game} n'est pas un nombre, elle ne peut "
                       "donc pas varier ; ses options numériques sont : {numeric}",
        "range": "--sweep {text} : {name} va de {low} à {high} ; {value} en sort",
        "order": "--sweep {text} : A ne doit pas dépasser B, et le PAS doit valoir au moins 1",
        "too_many": "--sweep {text} : {count} valeurs ; {most} au plus (prenez un PAS plus grand)",
        "with_variants": "--sweep et --variants ne se combinent pas : les colonnes d'un balayage "
                         "sont ses valeurs",
        "title": "Tendances selon {option}",
        "explain": "Une colonne par valeur de {option}, toutes sur les mêmes donnes : chaque "
                   "ligne est la valeur d'une figure pour chaque valeur de {option}, la bande son "
                   "intervalle à 95 % (de Wilson pour une part, l'intervalle normal pour une "
                   "moyenne) ; le trait pointillé est une part égale des victoires.",
        "intro": "{games} parties par colonne entre robots ({bots}), {players} joueurs, graine "
                 "{seed}. Chaque colonne joue les mêmes donnes, une par valeur de {option} "
                 "({values}) ; les tests prennent la première colonne ({first}) pour jeu de base.",
        "share": "part des parties", "win_share": "part des victoires", "mean": "moyenne",
    },
}


def sweep_word(key: str, lang: str, **params: object) -> str:
    return say(WORDS, key, lang, **params)
