"""The words of ``ludotheque tournament`` (its tables and its plot), in English and French."""

from __future__ import annotations

import math

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "header": "Tournament of {game}: {players} players, {games} games ({rounds} of {lineups} "
                  "lineups), seed {seed}, jobs {jobs}",
        "round": "{n} round", "rounds": "{n} rounds",
        "rounded": "{asked} games asked: rounded up to whole rounds, so that each bot holds each seat "
                   "equally often",
        "lineups": "Lineups (seat 0 first):",
        "even": "An even match would give each bot a win share of {share}.",
        "standings": "Standings (rating: OpenSkill Plackett-Luce, μ − 3σ; shared wins count 1/k)",
        "rank": "rank", "bot": "bot", "games": "games", "wins": "wins", "win_share": "win share",
        "interval": "95% interval", "rating": "rating",
        "pairs": "Head to head (games where both played; a tie counts half)",
        "vs": "against", "ahead": "ahead", "behind": "behind", "tied": "tied", "ahead_share": "ahead %",
        "speed": "{games} games in {seconds} s: {rate} games/s",
        "written": "records written to {path}",
        "plotted": "plot saved to {path}",
        "progress": "tournament", "per_second": "games/s",
        "plot_title": "{game}: tournament of {games} games",
        "plot_rating": "Rating μ (95% interval: μ ± 1.96σ)",
        "plot_share": "Win share (95% Wilson interval)",
        "plot_even": "even match",
        # errors
        "bad_plot": "--plot: the file name must end in .png or .svg; got {path}",
        "interrupted": "interrupted",
        "cannot_write": "cannot write {path}: {reason}",
        "two_bots": "--bots: a tournament needs at least two different bots",
        "twice": "--bots: each bot once, please (the lineups fill the seats): {names} given more than once",
    },
    "fr": {
        "header": "Tournoi de {game} : {players} joueurs, {games} parties ({rounds} de {lineups} "
                  "placements), graine {seed}, processus {jobs}",
        "round": "{n} tour", "rounds": "{n} tours",
        "rounded": "{asked} parties demandées : arrondi à des tours entiers, pour que chaque robot "
                   "occupe chaque place aussi souvent",
        "lineups": "Placements (place 0 d'abord) :",
        "even": "À force égale, chaque robot gagnerait {share} des parties.",
        "standings": "Classement (cote : OpenSkill Plackett-Luce, μ − 3σ ; une victoire partagée compte 1/k)",
        "rank": "rang", "bot": "robot", "games": "parties", "wins": "victoires", "win_share": "part gagnée",
        "interval": "intervalle à 95 %", "rating": "cote",
        "pairs": "Face-à-face (parties jouées par les deux ; une égalité compte pour moitié)",
        "vs": "contre", "ahead": "devant", "behind": "derrière", "tied": "égalités",
        "ahead_share": "% devant",
        "speed": "{games} parties en {seconds} s : {rate} parties/s",
        "written": "parties enregistrées dans {path}",
        "plotted": "graphique enregistré dans {path}",
        "progress": "tournoi", "per_second": "parties/s",
        "plot_title": "{game} : tournoi de {games} parties",
        "plot_rating": "Cote μ (intervalle à 95 % : μ ± 1,96σ)",
        "plot_share": "Part des victoires (intervalle de Wilson à 95 %)",
        "plot_even": "force égale",
        "bad_plot": "--plot : le nom du fichier doit finir par .png ou .svg ; reçu {path}",
        "interrupted": "interrompu",
        "cannot_write": "impossible d'écrire {path} : {reason}",
        "two_bots": "--bots : un tournoi demande au moins deux robots différents",
        "twice": "--bots : chaque robot une seule fois (les placements remplissent les places) : {names} "
                 "donné plus d'une fois",
    },
}


def word(key: str, lang: str = "en", **params: object) -> str:
    """The tournament's word ``key`` in ``lang`` (English when unknown)."""
    return _WORDS.get(lang, _WORDS["en"])[key].format(**params)


def decimal(value: float, digits: int, lang: str) -> str:
    """``12.5``, or ``12,5`` in French; a dash for a figure of nothing (NaN)."""
    if math.isnan(value):
        return "—"
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if lang == "fr" else text


def percent(value: float, lang: str, digits: int = 1) -> str:
    """``62.5%``, or ``62,5 %`` in French (a thin no-break space before the sign)."""
    if math.isnan(value):
        return "—"
    return decimal(100 * value, digits, lang) + ("\u202f%" if lang == "fr" else "%")


def interval(bounds: tuple[float, float], lang: str) -> str:
    """``48.1–62.3%``, or ``48,1–62,3 %`` in French."""
    low, high = bounds
    if math.isnan(low):
        return "—"
    return decimal(100 * low, 1, lang) + "–" + percent(high, lang)
