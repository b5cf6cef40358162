"""Kagoun in the lobby's words, English and French: its description and its options."""

from __future__ import annotations

from collections.abc import Mapping

DESCRIPTION: Mapping[str, str] = {
    "en": "Pairs, steals, chains and the Kagoun! call (Geekoviz, Andry Razafimbola)",
    "fr": "Paires, vols, chaînes et l'annonce « Kagoun ! » (Geekoviz, Andry Razafimbola)",
}

OPTION_WORDS: Mapping[str, Mapping[str, Mapping[str, str]]] = {
    "en": {
        "capture_ties": {"label": "Capture ties", "help": "when captures of one river card tie",
                         "choice:discard": "every tied card is discarded",
                         "choice:first": "the earliest in turn order wins"},
        "reconsolidation": {"label": "Chain rebuilt", "help": "after a won chain-end defence",
                            "choice:ends": "the new card at either end only",
                            "choice:free": "the whole chain at will"},
        "reconsolidation_choice": {"label": "Chain laid by", "help": "who lays the chain again "
                                   "after a won chain-end defence",
                                   "choice:player": "the player, card by card",
                                   "choice:best": "the program, the best way"},
        "replay_limit": {"label": "Replay", "help": "how often the Replay power may give an "
                         "extra action",
                         "choice:card": "once a round per card and player",
                         "choice:seat": "once a round per player"},
        "max_rounds": {"label": "Round limit", "help": "a safety cap: after this round the game "
                       "ends (0: no limit)"},
        "stalemate": {"label": "No winner", "help": "when the rules give no winner (round limit, "
                      "or everyone eliminated at once)",
                      "choice:draw": "a draw", "choice:most_points": "the most points win"},
        "deck": {"label": "Deck", "help": "the card list (reconstructed faces by default)",
                 "placeholder": "reconstructed"},
    },
    "fr": {
        "capture_ties": {"label": "Égalité de capture", "help": "quand des captures d'une même "
                         "carte de la rivière sont à égalité",
                         "choice:discard": "toutes les cartes à égalité sont défaussées",
                         "choice:first": "la première dans l'ordre du tour l'emporte"},
        "reconsolidation": {"label": "Chaîne reconstruite", "help": "après une défense de bout "
                            "de chaîne réussie",
                            "choice:ends": "la nouvelle carte à un bout seulement",
                            "choice:free": "toute la chaîne à volonté"},
        "reconsolidation_choice": {"label": "Chaîne reposée par", "help": "qui réorganise la "
                                   "chaîne après une défense de bout de chaîne réussie",
                                   "choice:player": "le joueur, carte par carte",
                                   "choice:best": "le programme, au mieux"},
        "replay_limit": {"label": "Rejouer", "help": "combien de fois le pouvoir Rejouer donne "
                         "une action de plus",
                         "choice:card": "une fois par manche, par carte et par joueur",
                         "choice:seat": "une fois par manche et par joueur"},
        "max_rounds": {"label": "Limite de manches", "help": "une sécurité : après cette manche, "
                       "la partie s'arrête (0 : sans limite)"},
        "stalemate": {"label": "Sans gagnant", "help": "quand les règles ne donnent aucun "
                      "gagnant (limite de manches, ou tout le monde hors jeu à la fois)",
                      "choice:draw": "partie nulle", "choice:most_points": "le plus de points "
                      "l'emporte"},
        "deck": {"label": "Paquet", "help": "la liste des cartes (faces reconstituées par défaut)",
                 "placeholder": "reconstitué"},
    },
}
