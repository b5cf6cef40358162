"""Gargon's words for why a game was won, in English and French: the most points once the piles
are spent (000 "Fin de partie", 002 "Fin de la partie et marque": the amulets on the cards won,
doubled by a 0 of their colour and times four with both, and the bonus for the most cards won in
a colour, 10, or 5 each when tied; equal best totals share the win)."""

from __future__ import annotations

from ...core.words import say
from .scoring import ScoreRow

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "why": "the most points: {n} — {a} for amulets (doubled by a 0 of their colour, four times with "
               "both 0s) and {b} in bonuses for the most cards won in a colour",
        "why_shared": "the most points, {n} each (amulets on the cards won, doubled by a 0 of their colour, "
                      "and bonuses for the most cards won in a colour)",
    },
    "fr": {
        "why": "le plus de points : {n} — {a} d'amulettes (doublées par un 0 de leur couleur, fois quatre "
               "avec les deux 0) et {b} de bonus pour le plus de cartes remportées d'une couleur",
        "why_shared": "le plus de points, {n} chacun (les amulettes des cartes remportées, doublées par un 0 "
                      "de leur couleur, et les bonus pour le plus de cartes remportées d'une couleur)",
    },
}


def reason_text(best: ScoreRow, shared: bool, lang: str = "en") -> str:
    """Why the winners won, from the best score's breakdown (``shared``: several share it)."""
    if shared:
        return say(_WORDS, "why_shared", lang, n=best.total)
    return say(_WORDS, "why", lang, n=best.total, a=best.amulets, b=best.bonus)
