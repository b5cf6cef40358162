"""Drakon in the lobby's words, English and French: its description and its options."""

from __future__ import annotations

from collections.abc import Mapping

DESCRIPTION: Mapping[str, str] = {
    "en": "Drakon, 3rd edition (Fantasy Flight / Edge): lay the dungeon's rooms as you go, take "
          "its gold and flee the dragon",
    "fr": "Drakon, 3e édition (Fantasy Flight / Edge) : posez les salles du donjon en avançant, "
          "prenez son or et fuyez le dragon",
}

_YES_NO = {"en": {"choice:False": "no", "choice:True": "yes"},
           "fr": {"choice:False": "non", "choice:True": "oui"}}

OPTION_WORDS: Mapping[str, Mapping[str, Mapping[str, str]]] = {
    "en": {
        "goal": {"label": "Goal", "help": "gold to win (10; 20 in teams and Couple; the short "
                 "game: 7); coins with Fixed value; empty: the rulebook's"},
        "heroes": {"label": "Heroes!", "help": "heroes drawn at random, each with an ability "
                   "to use once a game", **_YES_NO["en"]},
        "escape": {"label": "Escape", "help": "hold the goal's gold, then reach an Escape or a "
                   "Teleport room", **_YES_NO["en"]},
        "teams": {"label": "Teams", "help": "4 or 6 players, partners share their gold",
                  **_YES_NO["en"]},
        "couple": {"label": "Couple", "help": "2 players with two heroes each", **_YES_NO["en"]},
        "fixed_value": {"label": "Fixed value", "help": "count coins, not gold (5 to win)",
                        **_YES_NO["en"]},
        "lost_coins": {"label": "Lost coins", "help": "where a coin lost to Drakon or a Lose "
                       "room goes", "choice:treasure": "back to the treasure",
                       "choice:out": "out of the game"},
        "pass_at_will": {"label": "Pass at will", "help": "a player may pass even when able to "
                         "act", **_YES_NO["en"]},
        "drakon_stay_catches": {"label": "Drakon staying put catches", "help": "Drakon moving no "
                                "room catches the heroes in his room", **_YES_NO["en"]},
        "map_room": {"label": "Map room", "help": "whose hand the Map room robs",
                     "choice:choose": "chosen by the player", "choice:random": "drawn at random"},
        "turn_limit": {"label": "Turn limit", "help": "after this many turns the most gold wins"},
    },
    "fr": {
        "goal": {"label": "Objectif", "help": "or pour gagner (10 ; 20 en équipe et en couple ; "
                 "partie courte : 7) ; des pièces en Valeur fixe ; vide : celui de la règle"},
        "heroes": {"label": "Héros !", "help": "héros tirés au hasard, chacun avec une "
                   "compétence à utiliser une fois par partie", **_YES_NO["fr"]},
        "escape": {"label": "Évasion", "help": "atteindre l'objectif en or, puis une salle "
                   "Évasion ou Téléportation", **_YES_NO["fr"]},
        "teams": {"label": "Équipes", "help": "4 ou 6 joueurs, les partenaires mettent leur or "
                  "en commun", **_YES_NO["fr"]},
        "couple": {"label": "Couple", "help": "2 joueurs avec deux héros chacun", **_YES_NO["fr"]},
        "fixed_value": {"label": "Valeur fixe", "help": "compter les pièces, pas l'or (5 pour "
                        "gagner)", **_YES_NO["fr"]},
        "lost_coins": {"label": "Pièces perdues", "help": "où va une pièce perdue à cause de "
                       "Drakon ou d'une salle Perdre une pièce",
                       "choice:treasure": "au trésor", "choice:out": "hors jeu"},
        "pass_at_will": {"label": "Passer à volonté", "help": "un joueur peut passer même s'il "
                         "peut jouer", **_YES_NO["fr"]},
        "drakon_stay_catches": {"label": "Drakon immobile attrape", "help": "Drakon qui ne bouge "
                                "pas attrape les héros de sa salle", **_YES_NO["fr"]},
        "map_room": {"label": "Salle des cartes", "help": "la main que vole la Salle des cartes",
                     "choice:choose": "choisie par le joueur", "choice:random": "tirée au hasard"},
        "turn_limit": {"label": "Limite de tours", "help": "après ce nombre de tours, le plus "
                       "d'or l'emporte"},
    },
}
