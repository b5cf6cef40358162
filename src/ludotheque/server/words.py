"""The web table's own words in English and French (the games' words come from their renderers)."""

# mypyc: compile

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

LANGS = ("en", "fr")


@dataclass(frozen=True)
class Phrase:
    """Words of this module said in the reader's language only when a message is (the detail of
    an error is made before anyone knows who reads it)."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "waiting": "Waiting for {name}",
        "waiting_chance": "Waiting for chance",
        "seat": "Seat {n}",
        "bad_clock": "Bad clock: {problem}",
        "replay_step": "Step {k} of {n}",
        "bot_random": "Random bot",
        "bot_heuristic": "Heuristic bot",
        "bot_ismcts": "Search bot",
        "bot_ismcts-hard": "Strong search bot",
        "bot_expert": "Expert bot",
        "bot_other": "Bot {bot}",
        "bad_name": "A name is 1 to {limit} characters of plain text (no control characters): {problem}",
        "chance": "chance",
        "over": "The game is over",
        "bot_seat": "{name} (bot: {bot})",
        "malformed": "Malformed request: {problem}",
        "bad_json": "Malformed message: send a JSON object",
        "bad_hello": 'Start with {{"type": "hello", "token": ..., "lang": "en"}}',
        "unknown_message": "Unknown message type {kind!r}: use action, undo, chat, lang, sync, back or "
                           "replace",
        "chat_text": "A chat message is 1 to {limit} characters of plain text: {problem}",
        "chat_room": "During the game, the players write in the players' room and the spectators in "
                     "theirs; both rooms open to everyone at the end",
        "chat_full": "This room of the chat is full ({limit} messages)",
        "chat_too_fast": "Too many chat messages: try again in {seconds} s",
        "not_away": "Only the seat of a player whose page has been gone {seconds} s, and who is to "
                    "act, can be handed to a bot (by another player of the table)",
        "undo_off": "This table does not allow taking back a move",
        "hints_off": "This table gives no hints (a table with hints is not rated)",
        "hint_not_your_turn": "A hint is for the player to act",
        "busy": "The search took too long; try again in a moment",
        "queue_full": "The search is busy with other requests; try again in {seconds} s",
        "analysis_token": "Only a player of this table (with their seat's link) can start an analysis",
        "undo_not_yours": "Only your own last move can be taken back, before anyone else plays",
        "undo_reveals": "That move showed you something hidden: it cannot be taken back",
        "undo_forced": "That move was your only choice, after someone else's move: there is nothing "
                       "of yours to take back",
        "forced_move": "{line} (forced)",
        "no_table": "No table {id}",
        "bad_token": "This link is not a seat of this table (check the link you were sent)",
        "stale": "This move was chosen on version {version}, but the table is at version {current}: "
                 "it was already played, or the table has moved on",
        "not_your_turn": "It is not your turn: {name} is to act",
        "not_your_turn_chance": "It is not your turn: chance decides now",
        "game_over": "The game is over",
        "not_over": "The game is not over yet: its record and replay are private until the end",
        "analysis_not_over": "Only a finished game can be analysed",
        "analysis_seat": "No seat {seat}: the seats are 0 to {last}",
        "illegal": "{reason}",
        "bad_seats": "{problem}",
        "bad_options": "{problem}",
        "unknown_game": "{problem}",
        "unknown_bot": "{problem}",
        "no_seat": "Only a seat of this table can ask for a rematch",
        "store": "The table could not be saved; nothing was changed. Try again.",
        "not_found": "Not found: {path}",
        "bad_path": "This address holds a control character: no page or answer has one",
        "name_frozen": "The game is over: its players' names stay as they were",
        "name_claimed": "{name} is a claimed name: sign in as {name} to play under it",
        "name_taken": "{name} is claimed already: choose another name, or sign in if it is yours",
        "bad_password": "A password has {low} to {high} characters",
        "bad_sign_in": "This name and password do not match a claimed name",
        "signed_out": "Sign in first, as the name you claimed",
        "bad_email": "This is not an e-mail address",
        "not_your_seat": "You took no seat at this table under the name you are signed in as",
        "too_many_sign_ins": "Too many attempts: try again in {seconds} s",
        "bad_seat": "No seat {seat} at this table: its seats are 1 to {last}",
        "seat_taken": "This seat is not open: someone took it first",
        "table_full": "No seat is open at this table any more",
        "too_many_joins": "Too many seats taken from your address: at most {limit} a minute. Try again "
                          "in {seconds} s",
        "too_many_names": "Too many name changes: try again in {seconds} s",
        "too_large": "The request is too large: at most {limit} bytes",
        "too_big": "The message is too large: at most {limit} characters",
        "too_fast": "Too many messages: at most {rate} a second",
        "too_slow": "This connection did not keep up with the table; reconnect to see it again",
        "crowded": "Too many people are watching this table; try again later",
        "too_many_tables": "Too many new tables from your address: at most {limit} a minute. Try again "
                           "in {seconds} s",
        "too_many_connections": "Too many connections from your address at once: at most {limit}",
        "request_timeout": "The request did not arrive whole within {seconds} s",
        "old_rules": "This table was played with version {stored} of the rules of {game}; this server "
                     "plays version {current}",
        "no_game": "This table is a game of {game}, which this server does not have",
        "internal": "Something went wrong on the server; nothing was changed",
        "yes": "yes",
        "no": "no",
        "name_empty": "it is empty",
        "name_control": "it holds a control character",
        "name_long": "it has {n} characters",
        "name_bot": "it is, or looks like, a bot's name",
        "clock_range": "{what} must be a whole number of seconds from {low} to {high}",
        "clock_seconds": "the time",
        "clock_away": "the time away",
        "option_refused": "{option} does not take {value} — {takes}",
        "players_range": "{game} is for {low} to {high} players",
        "quoted": "“{text}”",
        "option_players": "The number of players",
        "option_first_player": "The first player",
        "options_refused": "these options cannot be played together",
    },
    "fr": {
        "waiting": "En attente de {name}",
        "waiting_chance": "En attente du hasard",
        "seat": "Joueur {n}",
        "bad_clock": "Horloge incorrecte : {problem}",
        "replay_step": "Coup {k} sur {n}",
        "bot_random": "Robot aléatoire",
        "bot_heuristic": "Robot heuristique",
        "bot_ismcts": "Robot chercheur",
        "bot_ismcts-hard": "Robot chercheur fort",
        "bot_expert": "Robot expert",
        "bot_other": "Robot {bot}",
        "bad_name": "Un nom fait de 1 à {limit} caractères de texte simple (sans caractère de "
                    "contrôle) : {problem}",
        "chance": "le hasard",
        "over": "La partie est terminée",
        "bot_seat": "{name} (robot : {bot})",
        "malformed": "Requête mal formée : {problem}",
        "bad_json": "Message mal formé : envoyez un objet JSON",
        "bad_hello": 'Commencez par {{"type": "hello", "token": ..., "lang": "fr"}}',
        "unknown_message": "Type de message inconnu {kind!r} : action, undo, chat, lang, sync, back ou "
                           "replace",
        "chat_text": "Un message fait de 1 à {limit} caractères de texte simple : {problem}",
        "chat_room": "Pendant la partie, les joueurs écrivent dans le salon des joueurs et les "
                     "spectateurs dans le leur ; les deux salons s'ouvrent à tous à la fin",
        "chat_full": "Ce salon de discussion est plein ({limit} messages)",
        "chat_too_fast": "Trop de messages : réessayez dans {seconds} s",
        "not_away": "Seule la place d'un joueur dont la page est fermée depuis {seconds} s, et qui "
                    "doit jouer, peut être confiée à un robot (par un autre joueur de la table)",
        "undo_off": "Cette table ne permet pas de reprendre un coup",
        "hints_off": "Cette table ne donne pas de conseils (une table avec conseils n'est pas classée)",
        "hint_not_your_turn": "Un conseil n'est donné qu'à qui doit jouer",
        "busy": "La recherche a pris trop de temps ; réessayez dans un instant",
        "queue_full": "La recherche est occupée par d'autres demandes ; réessayez dans {seconds} s",
        "analysis_token": "Seul un joueur de cette table (avec le lien de sa place) peut lancer une analyse",
        "undo_not_yours": "Seul votre dernier coup peut être repris, avant que quelqu'un d'autre ne joue",
        "undo_reveals": "Ce coup vous a montré quelque chose de caché : il ne peut pas être repris",
        "undo_forced": "Ce coup était votre seul choix possible, après le coup de quelqu'un d'autre : "
                       "vous n'avez rien à reprendre",
        "forced_move": "{line} (coup forcé)",
        "no_table": "Pas de table {id}",
        "bad_token": "Ce lien n'est pas une place de cette table (vérifiez le lien reçu)",
        "stale": "Ce coup a été choisi sur la version {version}, mais la table en est à la version "
                 "{current} : il a déjà été joué, ou la partie a avancé",
        "not_your_turn": "Ce n'est pas votre tour : c'est à {name} de jouer",
        "not_your_turn_chance": "Ce n'est pas votre tour : le hasard décide",
        "game_over": "La partie est terminée",
        "analysis_not_over": "Seule une partie finie peut être analysée",
        "analysis_seat": "Pas de place {seat} : les places vont de 0 à {last}",
        "not_over": "La partie n'est pas finie : sa partie enregistrée et son rejeu restent privés "
                    "jusqu'à la fin",
        "illegal": "{reason}",
        "bad_seats": "{problem}",
        "bad_options": "{problem}",
        "unknown_game": "{problem}",
        "unknown_bot": "{problem}",
        "no_seat": "Seule une place de cette table peut demander une revanche",
        "store": "La table n'a pas pu être enregistrée ; rien n'a changé. Réessayez.",
        "not_found": "Introuvable : {path}",
        "bad_path": "Cette adresse contient un caractère de contrôle : aucune page ni réponse n'en a",
        "name_frozen": "La partie est terminée : les noms de ses joueurs restent tels quels",
        "name_claimed": "{name} est un nom réservé : connectez-vous sous ce nom pour jouer avec",
        "name_taken": "{name} est déjà réservé : choisissez-en un autre, ou connectez-vous si c'est le vôtre",
        "bad_password": "Un mot de passe a de {low} à {high} caractères",
        "bad_sign_in": "Ce nom et ce mot de passe ne correspondent à aucun nom réservé",
        "signed_out": "Connectez-vous d'abord, sous le nom que vous avez réservé",
        "bad_email": "Ce n'est pas une adresse électronique",
        "not_your_seat": "Vous n'avez pris aucune place à cette table sous le nom de votre connexion",
        "too_many_sign_ins": "Trop de tentatives : réessayez dans {seconds} s",
        "bad_seat": "Pas de place {seat} à cette table : ses places vont de 1 à {last}",
        "seat_taken": "Cette place n'est pas libre : quelqu'un l'a prise avant vous",
        "table_full": "Il n'y a plus de place libre à cette table",
        "too_many_joins": "Trop de places prises depuis votre adresse : {limit} par minute au plus. "
                          "Réessayez dans {seconds} s",
        "too_many_names": "Trop de changements de nom : réessayez dans {seconds} s",
        "too_large": "La requête est trop grande : {limit} octets au plus",
        "too_big": "Le message est trop grand : {limit} caractères au plus",
        "too_fast": "Trop de messages : {rate} par seconde au plus",
        "too_slow": "Cette connexion n'a pas suivi la table ; reconnectez-vous pour la revoir",
        "crowded": "Trop de monde regarde cette table ; réessayez plus tard",
        "too_many_tables": "Trop de nouvelles tables depuis votre adresse : {limit} par minute au plus. "
                           "Réessayez dans {seconds} s",
        "too_many_connections": "Trop de connexions à la fois depuis votre adresse : {limit} au plus",
        "request_timeout": "La requête n'est pas arrivée entière en {seconds} s",
        "old_rules": "Cette table a été jouée avec la version {stored} des règles de {game} ; ce "
                     "serveur joue la version {current}",
        "no_game": "Cette table est une partie de {game}, que ce serveur n'a pas",
        "internal": "Une erreur s'est produite sur le serveur ; rien n'a changé",
        "yes": "oui",
        "no": "non",
        "name_empty": "il est vide",
        "name_control": "il contient un caractère de contrôle",
        "name_long": "il fait {n} caractères",
        "name_bot": "c'est le nom d'un robot, ou il y ressemble",
        "clock_range": "{what} doit être un nombre entier de secondes de {low} à {high}",
        "clock_seconds": "le temps",
        "clock_away": "le temps d'absence",
        "option_refused": "{option} n'accepte pas {value} — {takes}",
        "players_range": "{game} se joue de {low} à {high} joueurs",
        "quoted": "« {text} »",
        "option_players": "Le nombre de joueurs",
        "option_first_player": "Le premier joueur",
        "options_refused": "ces options ne peuvent pas être jouées ensemble",
    },
}


#: Terminal notation in parentheses at the end of a game's prompt, e.g. "(battle C)" or "(stop)":
#: the web table has buttons for it, so its prompt leaves it out.
_NOTATION = re.compile(r"\s*\((?:battle|play|draw|stop|pass|map|take|call)(?: [A-Za-z0-9?]+)*\)")


@lru_cache(maxsize=4096)  # a game's prompts are few, and asked for at every action
def web_prompt(text: str) -> str:
    """A game's prompt without the terminal notation it may quote, as a sentence of its own: a
    capital first, after an aside in front too, "(Last round) Choose..." (Gargon's and Kagoun's
    start in lower case, as the terminal writes them after its "»")."""
    shown = _NOTATION.sub("", text)
    if shown.startswith("(") and ") " in shown:
        aside, rest = shown[1:].split(") ", 1)
        return f"({_capital(aside)}) {_capital(rest)}"
    return _capital(shown)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def pick_lang(value: str | None) -> str:
    """``fr``, ``fr-FR`` or an Accept-Language header starting with French → "fr"; else "en"."""
    return "fr" if value and value.strip().lower().startswith("fr") else "en"


def said(value: object, lang: str) -> object:
    """A message's parameter as the reader reads it: a Phrase in ``lang``, a text given in both
    languages (``{"en": ..., "fr": ...}``) in ``lang``, anything else as it is."""
    if isinstance(value, (str, int)):  # most parameters: no abstract class to ask
        return value
    if isinstance(value, Phrase):
        return say(value.key, lang, **value.params)
    if isinstance(value, Mapping) and set(value) == set(LANGS):
        return value[pick_lang(lang)]
    return value


def has_word(key: str) -> bool:
    return key in _WORDS["en"]


def say(key: str, lang: str = "en", **params: object) -> str:
    return _WORDS[pick_lang(lang)][key].format(**{name: said(value, lang) for name, value in params.items()})
