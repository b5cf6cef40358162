"""Player-facing words of Kagoun's rules, in English and French (refusals and what to do now)."""

# mypyc: compile

from __future__ import annotations

from ...core.words import say

LANGUAGES = ("en", "fr")

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "over": "the game is over",
        "not_now": "that is not allowed now: {now}",
        "now_draw": "a card is being drawn",
        "now_taken": "a card is being taken at random",
        "now_announce": "announce capture, steal, consolidate or discard (call Kagoun! first if you dare)",
        "now_defend": "lay a hand card face down to defend the targeted card",
        "now_consolidate": "add the upper card of one of your pairs to your chain",
        "now_scrap": "give up one of your pairs",
        "now_discard": "drop one to three hand cards, then stop",
        "now_dropdown": "drop cards down to three in hand",
        "now_take": "choose the opponent you take a card from",
        "now_clear": "discard a river card (you are out)",
        "now_rearrange": "your defence won: lay your chain again, choosing where each card goes "
                         "(it keeps as many cards as can fit)",
        "now_resolve": "actions are being resolved",
        "now_check": "the victory check",
        "now_round": "a new round",
    },
    "fr": {
        "over": "la partie est finie",
        "not_now": "ce n'est pas permis maintenant : {now}",
        "now_draw": "une carte est piochée",
        "now_taken": "une carte est prise au hasard",
        "now_announce": "annoncez capture, vol, consolidation ou défausse "
                        "(criez « Kagoun ! » avant si vous osez)",
        "now_defend": "posez une carte de votre main face cachée pour défendre la carte ciblée",
        "now_consolidate": "ajoutez à votre chaîne la carte supérieure d'une de vos paires",
        "now_scrap": "défaussez une de vos paires",
        "now_discard": "défaussez une à trois cartes de votre main, puis arrêtez",
        "now_dropdown": "défaussez jusqu'à garder trois cartes en main",
        "now_take": "choisissez l'adversaire à qui prendre une carte",
        "now_clear": "défaussez une carte de la rivière (vous êtes hors jeu)",
        "now_rearrange": "votre défense a réussi : réorganisez votre chaîne, carte par carte "
                         "(elle garde autant de cartes que possible)",
        "now_resolve": "résolution des actions",
        "now_check": "contrôle de victoire",
        "now_round": "nouvelle manche",
    },
}


def message(key: str, lang: str = "en", **params: object) -> str:
    return say(MESSAGES, key, lang, **params)
