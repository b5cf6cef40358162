"""Gargon in the lobby's words, English and French: its description and its options."""

from __future__ import annotations

from collections.abc import Mapping

DESCRIPTION: Mapping[str, str] = {
    "en": "Cards of six creatures laid face down, fights colour by colour, amulets to win (after "
          "Amulett by Rüdiger Dorn, Amigo 2002)",
    "fr": "Des cartes de six créatures posées face cachée, des combats couleur par couleur, des "
          "amulettes à gagner (d'après L'Amulette du pouvoir de Rüdiger Dorn, Amigo 2002)",
}

OPTION_WORDS: Mapping[str, Mapping[str, Mapping[str, str]]] = {
    "en": {
        "variant": {"label": "Variant", "help": "open: won cards lie face up",
                    "choice:standard": "standard", "choice:open": "open (won cards face up)"},
        "amulets": {"label": "Amulets",
                    "help": "corrections to the amulet table, e.g. 3=4,9=1; empty: the default table"},
    },
    "fr": {
        "variant": {"label": "Variante", "help": "ouverte : les cartes remportées sont face visible",
                    "choice:standard": "standard", "choice:open": "ouverte (cartes remportées visibles)"},
        "amulets": {"label": "Amulettes", "help": "corrections de la table des amulettes, "
                    "p. ex. 3=4,9=1 ; vide : la table par défaut"},
    },
}
