"""The balance report's own words, in English and French (each game's figures bring theirs, in
its ``report`` module)."""

from __future__ import annotations

from typing import Final

#: Figures every game has: (title, what it shows).
FIGURES: Final[dict[str, dict[str, tuple[str, str]]]] = {
    "en": {
        "seat_advantage": ("Seat advantage",
                           "Each seat's share of the wins, with its 95% interval; the dashed line "
                           "is a fair share. A shared win counts 1/k for each of its k winners."),
        "length_actions": ("Game length in moves",
                           "Decisions taken in a game, chance draws included."),
        "length_rounds": ("Game length in rounds", "Rounds begun in a game."),
        "scores": ("Scores", "Every seat's final score: its spread, and each seat's mean."),
    },
    "fr": {
        "seat_advantage": ("Avantage de la place",
                           "La part des victoires de chaque place, avec son intervalle à 95 % ; "
                           "le trait pointillé est une part égale. Une victoire partagée compte "
                           "1/k pour chacun de ses k gagnants."),
        "length_actions": ("Durée de la partie en coups",
                           "Décisions prises dans une partie, tirages du hasard compris."),
        "length_rounds": ("Durée de la partie en manches", "Manches commencées dans une partie."),
        "scores": ("Scores", "Le score final de chaque place : sa dispersion, et la moyenne de "
                             "chaque place."),
    },
}

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "{game}: balance report",
        "intro": "{games} games per column between bots ({bots}), {players} players, run seed {seed}. "
                 "Every column plays the same deals; the first is the game as it comes.",
        "base": "base game",
        "components": "components: {path}",
        "contents": "Figures",
        "too_few": "Too few games: {columns} — this figure rests on fewer than {games} games or a "
                   "95% interval wider than ±{points} points; read it with care.",
        "seat": "seat {seat}", "seats_axis": "seat", "win_share": "share of the wins",
        "share": "share of the games", "per_game": "per game", "count": "games",
        "value": "value", "mean": "mean", "median": "median", "sd": "sd", "min": "min",
        "max": "max", "games": "games", "win_rate": "win share", "interval": "95% interval",
        "all_seats": "all seats", "column": "column",
        "footer": "Made by `ludotheque report`; the numbers are in the JSON beside it.",
    },
    "fr": {
        "title": "{game} : rapport d'équilibre",
        "intro": "{games} parties par colonne entre robots ({bots}), {players} joueurs, graine {seed}. "
                 "Chaque colonne joue les mêmes donnes ; la première est le jeu tel quel.",
        "base": "jeu de base",
        "components": "matériel : {path}",
        "contents": "Figures",
        "too_few": "Trop peu de parties : {columns} — cette figure repose sur moins de {games} "
                   "parties ou un intervalle à 95 % de plus de ±{points} points ; à lire avec "
                   "prudence.",
        "seat": "place {seat}", "seats_axis": "place", "win_share": "part des victoires",
        "share": "part des parties", "per_game": "par partie", "count": "parties",
        "value": "valeur", "mean": "moyenne", "median": "médiane", "sd": "écart type",
        "min": "min", "max": "max", "games": "parties", "win_rate": "part des victoires",
        "interval": "intervalle à 95 %", "all_seats": "toutes places", "column": "colonne",
        "footer": "Produit par « ludotheque report » ; les nombres sont dans le JSON à côté.",
    },
}


def word(key: str, lang: str, **params: object) -> str:
    return WORDS["fr" if lang == "fr" else "en"][key].format(**params)
