"""Kagoun's options in players' words, English and French (the lobby shows them)."""

from __future__ import annotations

from collections.abc import Mapping

OPTION_WORDS: Mapping[str, Mapping[str, Mapping[str, str]]] = {
    "en": {
        "capture_ties": {"label": "Capture ties", "help": "when captures of one river card tie",
                         "choice:discard": "every tied card is discarded",
                         "choice:first": "the earliest in turn order wins"},
        "reconsolidation": {"label": "Chain rebuilt", "help": "after a won chain-end defence",
                            "choice:ends": "the new card at either end only",
                            "choice:free": "the whole chain at will"},
        "max_rounds": {"label": "Round limit", "help": "house rule: after this round the most "
                       "points win"},
        "deck": {"label": "Deck", "help": "the card list (reconstructed faces by default)"},
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
        "max_rounds": {"label": "Limite de manches", "help": "règle maison : après cette manche, "
                       "le plus de points l'emporte"},
        "deck": {"label": "Paquet", "help": "la liste des cartes (faces reconstituées par défaut)"},
    },
}
