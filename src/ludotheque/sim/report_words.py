"""The balance report's own words, in English and French (each game's figures bring theirs, in
its ``report`` module)."""

from __future__ import annotations

from typing import Final

from ..core.words import say

#: Figures every game has: (title, what it shows).
FIGURES: Final[dict[str, dict[str, tuple[str, str]]]] = {
    "en": {
        "seat_advantage": ("Seat advantage",
                           "Each seat's share of the wins, with its 95% interval (Wilson's); the "
                           "dashed line is a fair share. A shared win counts 1/k for each of its k "
                           "winners. The bots take turns at the seats, so each holds each seat "
                           "equally often."),
        "turn_order": ("Turn order",
                       "The share of the wins by turn position: the first player (drawn at random "
                       "each game, so not a seat), the second, and so on clockwise, with 95% "
                       "intervals; the dashed line is a fair share."),
        "bots": ("Wins by bot",
                 "Each bot's share of the wins per seat it held, with its 95% interval; the "
                 "dashed line is a fair share (all bots equally good)."),
        "length_actions": ("Game length in moves",
                           "Decisions taken in a game, chance draws included."),
        "length_rounds": ("Game length in rounds", "Rounds begun in a game."),
        "scores": ("Scores", "Every seat's final score: its spread, and each seat's mean."),
    },
    "fr": {
        "seat_advantage": ("Avantage de la place",
                           "La part des victoires de chaque place, avec son intervalle à 95 % "
                           "(de Wilson) ; le trait pointillé est une part égale. Une victoire "
                           "partagée compte 1/k pour chacun de ses k gagnants. Les robots "
                           "tournent d'une place à l'autre : chacun occupe chaque place aussi "
                           "souvent."),
        "turn_order": ("Ordre du tour",
                       "La part des victoires selon la position dans le tour : le premier joueur "
                       "(tiré au sort à chaque partie, ce n'est donc pas une place), le deuxième, "
                       "et ainsi de suite dans le sens des aiguilles d'une montre, avec "
                       "intervalles à 95 % ; le trait pointillé est une part égale."),
        "bots": ("Victoires par robot",
                 "La part des victoires de chaque robot par place occupée, avec son intervalle "
                 "à 95 % ; le trait pointillé est une part égale (robots de même force)."),
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
        "intro": "{games} games per column between bots ({bots}), {players}, run seed {seed}. "
                 "Every column plays the same deals; the first is {first}.",
        "players": "{n} players", "players_differ": "{low} to {high} players (as each column sets)",
        "as_it_comes": "the game as it comes",
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
        "winners": "winners", "others": "others", "per_player": "per player",
        "winners_others": "per winner / per other player",
        "turns": "first player,second player,third player,fourth player,fifth player,sixth player",
        "significant": "significant", "not_significant": "not significant",
        "versus": "{difference} ({low} to {high}), p {p}: {verdict}",
        "fair_test": "{column}: against a fair share, χ² = {chi2} ({df} df), p {p}: {verdict}",
        "difference_points": "difference from the base game, in points (95% interval), p",
        "difference": "difference of the mean from the base game (95% interval), p",
        "versus_box_points": "difference from {box}, in points (95% interval), p",
        "versus_box": "difference of the mean from {box} (95% interval), p",
        "footer": "Made by `ludotheque report`.",
        "footer_json": "Made by `ludotheque report`; the numbers are in {path}.",
    },
    "fr": {
        "title": "{game} : rapport d'équilibre",
        "intro": "{games} parties par colonne entre robots ({bots}), {players}, graine {seed}. "
                 "Chaque colonne joue les mêmes donnes ; la première est {first}.",
        "players": "{n} joueurs", "players_differ": "de {low} à {high} joueurs (selon la colonne)",
        "as_it_comes": "le jeu tel quel",
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
        "winners": "gagnants", "others": "autres", "per_player": "par joueur",
        "winners_others": "par gagnant / par autre joueur",
        "turns": "premier joueur,deuxième joueur,troisième joueur,quatrième joueur,"
                 "cinquième joueur,sixième joueur",
        "significant": "significatif", "not_significant": "non significatif",
        "versus": "{difference} ({low} à {high}), p {p} : {verdict}",
        "fair_test": "{column} : face à une part égale, χ² = {chi2} ({df} ddl), p {p} : {verdict}",
        "difference_points": "écart au jeu de base, en points (intervalle à 95 %), p",
        "difference": "écart de la moyenne au jeu de base (intervalle à 95 %), p",
        "versus_box_points": "écart à {box}, en points (intervalle à 95 %), p",
        "versus_box": "écart de la moyenne à {box} (intervalle à 95 %), p",
        "footer": "Produit par « ludotheque report ».",
        "footer_json": "Produit par « ludotheque report » ; les nombres sont dans {path}.",
    },
}


def word(key: str, lang: str, **params: object) -> str:
    return say(WORDS, key, lang, **params)
