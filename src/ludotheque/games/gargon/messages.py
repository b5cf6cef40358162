"""Player-facing words of Gargon's rules, in English and French (refusals and what to do)."""

# mypyc: compile

from __future__ import annotations

from typing import Any

from ...core.words import pick, said_once
from .card_words import card_name, colour_word, colours_names

LANGUAGES = ("en", "fr")

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "over": "the game is over",
        "no_play_now": "no cards can be played now: {now}",
        "not_in_hand": "{card} is not in your hand",
        "three_of_colour": "three cards of one colour can never be played",
        "follow_shape": "you must follow the shape {shape} (you played {played}), or pass",
        "last_seat_colours": "as the last seat of the round you may only use colours already "
                             "played this round ({colours})",
        "no_pass_now": "you cannot pass now: {now}",
        "first_must_play": "the first player must play one to three cards",
        "stop_not_passing": "stop ends a pass, and you are not passing",
        "stop_before_draw": "draw at least one card before you stop",
        "no_draw_now": "you cannot draw now: {now}",
        "pile_empty": "pile {pile} is empty",
        "no_battle_now": "no colour can be chosen now: {now}",
        "colour_not_in_play": "you have no {colour} card in play",
        "unknown_action": "unknown action",
        "now_play_or_pass": "play cards or pass",
        "now_play": "play one to three cards",
        "now_draw": "draw from a pile",
        "now_draw_or_stop": "draw from a pile or stop",
        "now_battle": "choose the colour to fight next (battle C)",
        "now_loser_draw": "draw a card (you lost a fight)",
    },
    "fr": {
        "over": "la partie est terminée",
        "no_play_now": "impossible de poser des cartes maintenant : {now}",
        "not_in_hand": "vous n'avez pas {card} en main",
        "three_of_colour": "il est interdit de poser trois cartes de la même couleur",
        "follow_shape": "vous devez suivre le rapport {shape} (vous avez posé {played}), "
                        "ou passer",
        "last_seat_colours": "dernier joueur de la manche, vous ne pouvez poser que des "
                             "couleurs déjà jouées ({colours})",
        "no_pass_now": "impossible de passer maintenant : {now}",
        "first_must_play": "le premier joueur doit poser une à trois cartes",
        "stop_not_passing": "« stop » termine une passe, et vous ne passez pas",
        "stop_before_draw": "piochez au moins une carte avant de vous arrêter",
        "no_draw_now": "impossible de piocher maintenant : {now}",
        "pile_empty": "la pioche {pile} est vide",
        "no_battle_now": "impossible de choisir une couleur maintenant : {now}",
        "colour_not_in_play": "vous n'avez pas de {colour} en jeu",
        "unknown_action": "action inconnue",
        "now_play_or_pass": "posez des cartes ou passez",
        "now_play": "posez une à trois cartes",
        "now_draw": "piochez dans une pioche",
        "now_draw_or_stop": "piochez ou arrêtez-vous (stop)",
        "now_battle": "choisissez la couleur du prochain combat",
        "now_loser_draw": "piochez une carte (vous avez perdu un combat)",
    },
}


#: Parameters the rules give as codes, named here in the reader's language: a card (``R14`` /
#: ``rouge 14``), a colour and a list of colours (``R`` / ``rouge``).
_NAMED = {
    "card": lambda v, lang: card_name(v, lang),
    "colour": lambda v, lang: colour_word(v, lang),
    "colours": lambda v, lang: colours_names(v, lang),
}


def _param(key: str, value: Any, lang: str) -> Any:
    if isinstance(value, str) and value[:1] == "@":  # another message, e.g. what to do now
        return message(value[1:], lang)
    if key in _NAMED and not isinstance(value, str):
        return _NAMED[key](value, lang)
    return value


def message(key: str, lang: str = "en", **params: Any) -> str:
    """The message ``key`` in ``lang`` (English when the language is unknown)."""
    return message_with(key, lang, params)


def message_with(key: str, lang: str, params: dict[str, Any]) -> str:
    """``message`` with its parameters as a dict (the rules' refusals, asked for every play a
    board offers: no keywords packed and unpacked)."""
    try:
        return _message(key, lang, tuple(params.items()))
    except TypeError:  # a parameter that is a list: said anew each time
        return _say(key, lang, params)


@said_once
def _message(key: str, lang: str, params: tuple[tuple[str, Any], ...]) -> str:
    """A message said once for given parameters: a seat's board lists the same refusals, with
    the same cards and colours, at every turn."""
    return _say(key, lang, dict(params))


def _say(key: str, lang: str, params: dict[str, Any]) -> str:
    table = pick(MESSAGES, lang)
    return table[key].format(**{k: _param(k, v, lang) for k, v in params.items()})
