"""Kagoun's words and looks for players, in English and French: cards with their halves, lines,
forces and powers; actions; the table and the result.

Everything is built from observations and the printed card faces (public data), so whatever a
screen shows is what its seat may see. Functions return plain text, or Rich markup when
``markup`` is true. Tables are ``(headers, rows)`` of strings.
"""

# mypyc: compile

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...core.words import colon, pick, say, seat_name
from ...core.words import language as _lang
from .actions import CARD, CHAIN, CLEAR, DROP, KAGOUN, SCRAP, TAKE_FROM, chain_parts, unlink
from .components import COLOUR_LETTERS, DECK_SIZE, DEFAULT_DECK, POWER_NAMES, Deck, card_name, load_deck
from .ending import COLOUR_WORDS, confirm_text, end_reason, end_sheet, winning_seats
from .events import Event
from .messages import message
from .notation import action_to_text, parse_card
from .observe import KagounObservation
from .parts import action_parts
from .rules import ANNOUNCED_NAMES

Table = tuple[list[str], list[list[str]]]

STYLES = {"Y": "bold yellow1", "B": "bold dodger_blue1", "G": "bold green3", "R": "bold red1"}

_WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "you": "You", "player": "Player", "hand": "Hand", "pairs": "Pairs",
        "chain": "Chain", "points": "Points", "first": "first", "to_act": "to act", "out": "out",
        "called": "Kagoun!", "river": "River", "pile": "Pile", "discard": "Discard",
        "round": "Round {n}", "announced": "Announced", "winner": "{names} wins",
        "ko": "{names} wins by KO", "rounds": "{names} wins (round limit)", "result": "Result",
        "draw_rounds": "No winner: the round limit was reached without a winning Kagoun! call",
        "draw_all_out": "No winner: every player still in was eliminated at once",
        "loose": "To lay again in the chain",
        "capture": "capture", "steal": "steal", "consolidate": "consolidate", "discard_a": "discard",
        "pass": "pass", "hidden": "face down", "new_in_hand": "New in your hand: {cards}",
        "no_symbol": "none",
        "bare": "bare",
        "your_hand": "Your hand",
        "card_key": "Cards: name, large symbols, ends a and b: small symbols, force, power",
        "powers": {"take": "Take", "replay": "Replay", "draw": "Draw", "defend": "Defend"},
        "defence": "defence on {target}",
        "input_help": "type a number from the list, or an action such as: capture M1a G2b, "
                      "chain D1 right, drop M1, take 2, kagoun, pass",
        "card_words": "{letter} ({left}/{right}, forces {a} and {b})",
        "line_words": "{letter} ({symbols} end, force {force})",
        "pairing": "{verb} {target} with {card}", "strength": "strength {n}",
        "invalid": "not a valid pairing", "chain_at": "chain {card} at the {side} end",
        "chain_turned": "chain {card}, turned, at the {side} end", "sides": ("left", "right"),
        "take_from": "take a card from {who}", "verbs": {"capture": "capture", "steal": "steal",
                                                          "defend": "defend"},
        "one_card": {"scrap": "give up the pair of {card}", "drop": "discard {card}",
                     "card": "card {card}", "clear": "discard {card} from the river"},
    },
    "fr": {
        "you": "Vous", "player": "Joueur", "hand": "Main", "pairs": "Paires",
        "chain": "Chaîne", "points": "Points", "first": "1er", "to_act": "à jouer", "out": "hors jeu",
        "called": "Kagoun !", "river": "Rivière", "pile": "Pioche", "discard": "Défausse",
        "round": "Manche {n}", "announced": "Annonce", "winner": "{names} gagne",
        "ko": "{names} gagne par KO", "rounds": "{names} gagne (limite de manches)",
        "draw_rounds": "Pas de gagnant : la limite de manches est atteinte sans Kagoun ! gagnant",
        "draw_all_out": "Pas de gagnant : tous les joueurs restants sortent du jeu ensemble",
        "loose": "À reposer dans la chaîne",
        "result": "Résultat", "capture": "capture", "steal": "vol", "consolidate": "consolidation",
        "discard_a": "défausse", "pass": "passe", "hidden": "face cachée",
        "new_in_hand": "Nouveau dans votre main : {cards}",
        "no_symbol": "aucun",
        "bare": "nu",
        "your_hand": "Votre main",
        "card_key": "Cartes : nom, grands symboles, bouts a et b : petits symboles, force, pouvoir",
        "powers": {"take": "Prendre", "replay": "Rejouer", "draw": "Piocher", "defend": "Défendre"},
        "defence": "défense sur {target}",
        "input_help": "tapez un numéro de la liste, ou une action comme : capturer M1a G2b, "
                      "chaîner D1 droite, défausser M1, prendre 2, kagoun, passer",
        "card_words": "{letter} ({left}/{right}, forces {a} et {b})",
        "line_words": "{letter} (bout {symbols}, force {force})",
        "pairing": "{verb} {target} avec {card}", "strength": "puissance {n}",
        "invalid": "appariement non valide", "chain_at": "chaîner {card} au bout {side}",
        "chain_turned": "chaîner {card}, retournée, au bout {side}", "sides": ("gauche", "droit"),
        "take_from": "prendre une carte à {who}", "verbs": {"capture": "capturer", "steal": "voler",
                                                             "defend": "défendre"},
        "one_card": {"scrap": "abandonner la paire de {card}", "drop": "défausser {card}",
                     "card": "carte {card}", "clear": "retirer {card} de la rivière"},
    },
}


def word(key: str, lang: str = "en", **params: object) -> str:
    return say(_WORDS, key, lang, **params)


def _colour(colour: int, markup: bool) -> str:
    letter = COLOUR_LETTERS[colour]
    return f"[{STYLES[letter]}]{letter}[/]" if markup else letter


def _colour_word(colour: int, lang: str, markup: bool) -> str:
    letter = COLOUR_LETTERS[colour]
    colours = pick(COLOUR_WORDS, lang)
    assert isinstance(colours, dict)
    return f"[{STYLES[letter]}]{colours[letter]}[/]" if markup else str(colours[letter])


def card_face(deck: Deck, card: int, lang: str = "en", markup: bool = False,
              codes: bool | None = None) -> str:
    """A card in words: ``M blue/yellow (a: blue 1, b: yellow 2 Draw)``: its printed letter, its
    two large symbols, then each end's small symbols and force, and the power at its end. The
    terminal's (Rich markup, or ``codes``), whose table lists cards as they are typed, names it
    ``M1``."""
    lang = _lang(lang)
    separator = colon(lang)
    halves = f"{_colour_word(deck.left[card], lang, markup)}/{_colour_word(deck.right[card], lang, markup)}"
    ends = []
    for end in (0, 1):
        symbols = "+".join(_colour_word(c, lang, markup) for c in deck.small[card][end])
        text = f"{'ab'[end]}{separator}{symbols or word('no_symbol', lang)} {deck.force[card][end]}"
        if deck.power[card] and deck.power_end[card] == end:
            powers = _WORDS[lang]["powers"]
            assert isinstance(powers, dict)
            text += f" {powers[POWER_NAMES[deck.power[card]]]}"
        ends.append(text)
    name = card_name(card) if (markup if codes is None else codes) else card_name(card)[0]
    return f"{name} {halves} ({', '.join(ends)})"


def _faces(obs: KagounObservation, names: Sequence[str], lang: str, markup: bool,
           codes: bool | None = None) -> str:
    deck = load_deck(obs.deck)
    faces = [card_face(deck, parse_card(n.rstrip("~")[:2]), lang, markup, codes)
             + ("~" if n.endswith("~") else "") for n in names]
    return " · ".join(faces) or "—"


_EVENTS: dict[str, dict[str, str]] = {
    "en": {
        "round": "Round {a0}: {who} is first player", "call": "{who} calls Kagoun!",
        "announce": "{who} announces {a0} {a1}", "defend": "{who} lays a defence card by {a0}",
        "reveal": "{who} reveals {a0} on {a1}: {result}", "win": "{who} takes the pair {a0}/{a1}",
        "nobody": "nobody wins {a0}", "moved": "{a0} has moved: the cards laid by it are lost",
        "rebuild": "{who} rebuilds the pair {a0}/{a1}",
        "substitute": "{who} puts {a0} in place of {a1} in the chain",
        "rearrange": "{who} puts {a0} in place of {a1} and rebuilds the chain (discards: {a2})",
        "relay": "{who} lays {a0} at the {a1} end of the chain",
        "misfit": "{who} discards {a0}: no longer fits the chain",
        "chain": "{who} adds {a0} to the chain (discards {a1})", "scrap": "{who} gives up the pair {a0}/{a1}",
        "drop": "{who} discards {a0}", "draw": "{who} draws a card", "river": "{a0} joins the river",
        "take": "{who} takes a card at random from {a0}", "power": "{who}: power {a0}",
        "rob": "{who} chooses to take a card from {a0}", "stop": "{who} stops discarding",
        "out": "{who} is out with {a0} points", "out_1": "{who} is out with {a0} point",
        "clear": "{who} discards {a0} from the river",
        "over": "{who} wins ({a0})", "over_draw": "the game ends without a winner ({a0})",
        "reshuffle": "the discard is shuffled into a new pile",
        "valid": "strength {a2}", "invalid": "invalid, discarded",
    },
    "fr": {
        "round": "Manche {a0} : {who} est premier joueur", "call": "{who} crie Kagoun !",
        "announce": "{who} annonce {a0} {a1}", "defend": "{who} pose une carte de défense près de {a0}",
        "reveal": "{who} révèle {a0} sur {a1} : {result}", "win": "{who} prend la paire {a0}/{a1}",
        "nobody": "personne ne remporte {a0}",
        "moved": "{a0} a bougé : les cartes posées à côté sont perdues",
        "rebuild": "{who} reconstitue la paire {a0}/{a1}",
        "substitute": "{who} met {a0} à la place de {a1} dans la chaîne",
        "rearrange": "{who} met {a0} à la place de {a1} et réorganise sa chaîne (défausse : {a2})",
        "relay": "{who} pose {a0} au bout {a1} de sa chaîne",
        "misfit": "{who} défausse {a0}, qui ne s'ajuste plus dans la chaîne",
        "chain": "{who} ajoute {a0} à sa chaîne (défausse {a1})",
        "scrap": "{who} défausse la paire {a0}/{a1}",
        "drop": "{who} défausse {a0}", "draw": "{who} pioche une carte", "river": "{a0} rejoint la rivière",
        "take": "{who} prend une carte au hasard à {a0}", "power": "{who} : pouvoir {a0}",
        "rob": "{who} choisit de prendre une carte à {a0}", "stop": "{who} arrête de défausser",
        "out": "{who} est hors jeu avec {a0} points",
        "out_1": "{who} est hors jeu avec {a0} point", "clear": "{who} défausse {a0} de la rivière",
        "over": "{who} gagne ({a0})", "over_draw": "la partie finit sans gagnant ({a0})",
        "reshuffle": "la défausse est mélangée en une nouvelle pioche",
        "valid": "puissance {a2}", "invalid": "invalide, défaussée",
    },
}

def _who(seat: int, lang: str, names: Sequence[str] | None, you: int | None) -> str:
    """A seat's name in the third person (the reader's own marked "(you)": verbs stay right)."""
    name = seat_name(seat, lang, names)
    if seat != you:
        return name
    if name.lower() == word("you", lang).lower():  # the front end calls the reader "You"
        name = seat_name(seat, lang)
    return f"{name} ({word('you', lang).lower()})"


def announced_word(name: str, lang: str = "en") -> str:
    """An announced action ("capture", "steal", ... as observations name it) in words."""
    return word("discard_a" if name == "discard" else name, lang)


def _seen_cards(event: Event, you: int | None,
                seen: tuple[KagounObservation, KagounObservation] | None) -> list[str]:
    """The cards the reader drew or took (or had taken from it) in ``event``, from its own
    observations around it; empty when the event is not about the reader's hand."""
    if seen is None or you is None or event.kind not in ("draw", "take"):
        return []
    before, after = seen
    if event.seat == you:
        return [c for c in after.hand if c not in before.hand]
    if event.kind == "take" and event.args and event.args[0] == str(you):
        return [c for c in before.hand if c not in after.hand]
    return []


def describe_event(event: Event, lang: str = "en", names: Sequence[str] | None = None,
                   you: int | None = None, markup: bool = False,
                   seen: tuple[KagounObservation, KagounObservation] | None = None) -> str:
    """One public event in words (``you``: the reader's seat, named "You"); ``seen`` (the
    reader's observations before and after the event) names the cards of its own draws."""
    text = _describe_event(event, _lang(lang), names, you)
    cards = _seen_cards(event, you, seen)
    if cards and seen is not None:
        text += colon(lang) + _faces(seen[1], cards, lang, markup)
    return text


def event_seats(event: Event) -> set[int]:
    """The seats that read ``event`` in words of their own (``describe_event`` names them "you");
    every other seat reads it as a spectator does."""
    seats = {event.seat} if event.seat >= 0 else set()
    if event.kind in ("take", "rob") and event.args:
        seats.add(int(event.args[0]))
    return seats


#: A card or a card's line in the notation (``M1``, ``M1a``, ``M1~``): its letter is printed.
_CODE = re.compile(r"\b([A-Z])[12][ab]?~?(?![\w~])")


def _describe_event(event: Event, lang: str, names: Sequence[str] | None, you: int | None) -> str:
    table = _EVENTS[lang]
    # cards by their letters, as printed (``M1a`` is the notation's: copy and end)
    args = [_CODE.sub(r"\1", arg) for arg in event.args] + ["", "", ""]
    if event.kind in ("take", "rob"):
        args[0] = _who(int(args[0]), lang, names, you)
    if event.kind == "announce":
        args[0] = announced_word(args[0], lang) if args[0] in ANNOUNCED_NAMES[1:] else args[0]
    if event.kind == "power":
        powers = _WORDS[lang]["powers"]
        args[0] = powers.get(args[0], args[0])
    who = "" if event.seat < 0 else _who(event.seat, lang, names, you)
    result = ""
    if event.kind == "reveal":
        result = table["valid"].format(a2=args[2]) if args[2] else table["invalid"]
    kind = event.kind
    if kind == "out" and args[0] in (("0", "1") if lang == "fr" else ("1",)):
        kind = "out_1"
    if kind == "over" and event.seat < 0:
        kind = "over_draw"
    if kind in ("over", "over_draw"):
        args[0] = _ENDINGS[lang].get(args[0], args[0])
    if kind == "relay" and lang == "fr":
        args[1] = {"left": "gauche", "right": "droit"}.get(args[1], args[1])  # le bout droit
    template = table.get(kind, event.kind)
    return template.format(who=who, a0=args[0], a1=args[1], a2=args[2], result=result)


#: How a game ended, in the log's words.
_ENDINGS: dict[str, dict[str, str]] = {
    "en": {"kagoun": "Kagoun!", "ko": "KO", "rounds": "round limit",
           "all_out": "everyone eliminated at once"},
    "fr": {"kagoun": "Kagoun !", "ko": "KO", "rounds": "limite de manches",
           "all_out": "tout le monde hors jeu à la fois"},
}

#: The notation's words as French labels say them.
_FR_LABELS = {"capture": "capturer", "steal": "voler", "defend": "défendre", "chain": "chaîner",
              "scrap": "abandonner", "drop": "défausser", "card": "carte", "clear": "retirer",
              "take": "prendre", "consolidate": "consolider", "discard": "défausse",
              "pass": "passer", "stop": "arrêter", "left": "gauche", "right": "droite"}

#: Words a player may type (French, by letters without accents) and the notation's word.
_TYPED = {"capturer": "capture", "voler": "steal", "vol": "steal", "defendre": "defend",
          "defense": "defend", "chainer": "chain", "chaine": "chain", "abandonner": "scrap",
          "carte": "card", "retirer": "clear", "prendre": "take", "consolider": "consolidate",
          "consolidation": "consolidate", "passer": "pass", "passe": "pass", "arreter": "stop",
          "gauche": "left", "droite": "right"}


def _plain_word(text: str) -> str:
    """``Défausser`` -> ``defausser``: a typed word lower-cased, without its accents."""
    import unicodedata

    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def to_notation(text: str, lang: str = "en") -> str:
    """What a player typed, with French words (``capturer M1a G2b``, ``chaîner D1 droite``,
    ``défausser M1``, ``prendre 2``) put into the notation; the notation passes unchanged.
    ``prendre`` names a player as the screen numbers them (from 1)."""
    items = text.split()
    out: list[str] = []
    for index, item in enumerate(items):
        key = _plain_word(item)
        if key in ("defausser", "defausse"):  # a card after it: drop that card; alone: discard
            out.append("drop" if len(items) > 1 else "discard")
        elif key in _TYPED:
            out.append(_TYPED[key])
        elif index == 1 and _plain_word(items[0]) == "prendre" and key.isdigit():
            out.append(str(int(key) - 1))
        else:
            out.append(item)
    return " ".join(out)


def input_help(lang: str = "en") -> str:
    """How actions are typed, for a player who typed something else."""
    return word("input_help", lang)


def card_words(deck: Deck, card: int, lang: str = "en", markup: bool = False) -> str:
    """A card as the board draws it: its letter, its large symbols' colours and its ends' forces,
    ``M (blue/yellow, forces 1 and 2)`` (the copy number of ``M1`` is the notation's)."""
    return word("card_words", lang, letter=card_name(card)[0],
                left=_colour_word(deck.left[card], lang, markup),
                right=_colour_word(deck.right[card], lang, markup),
                a=deck.force[card][0], b=deck.force[card][1])


def line_words(deck: Deck, card: int, end: int, lang: str = "en", markup: bool = False) -> str:
    """One end of a card (what a pairing lays against another): ``M (blue+yellow end, force 2)``."""
    symbols = "+".join(_colour_word(c, lang, markup) for c in deck.small[card][end]) or word("bare", lang)
    return word("line_words", lang, letter=card_name(card)[0], symbols=symbols, force=deck.force[card][end])


def action_label(action: int, observation: KagounObservation | None = None, lang: str = "en",
                 markup: bool = False, names: Sequence[str] | None = None) -> str:
    """The action in words, cards by what the board draws of them (letter, colours, forces): a
    pairing names the target, your card, and the pairing's strength or that it is not valid;
    taking names the player robbed as the table names them. Rich markup (the terminal's, where
    actions are typed in the notation) reads ``capture M1a G2b (5)``."""
    if markup:
        return _typed_label(action, observation, lang, names)
    lang = _lang(lang)
    deck_name = observation.deck if observation is not None else DEFAULT_DECK
    if action < CHAIN:
        return _pairing_label(deck_name, action, lang)
    deck = load_deck(deck_name)
    table = _WORDS[lang]
    if action < SCRAP:
        card, side, turned = chain_parts(action)
        return word("chain_turned" if turned else "chain_at", lang, card=card_words(deck, card, lang),
                    side=table["sides"][side])
    if TAKE_FROM <= action < KAGOUN:
        return word("take_from", lang, who=seat_name(action - TAKE_FROM, lang, names))
    for kind, base in (("scrap", SCRAP), ("drop", DROP), ("card", CARD), ("clear", CLEAR)):
        if base <= action < base + DECK_SIZE:
            return str(table["one_card"][kind]).format(card=card_words(deck, action - base, lang))
    return _typed_label(action, observation, lang, names)


@lru_cache(maxsize=8192)
def _pairing_label(deck_name: str, action: int, lang: str) -> str:
    """A pairing in words, made once per deck (a name stands for one deck's faces): a decision
    offers dozens, and the next decisions offer most of them again."""
    deck = load_deck(deck_name)
    base, card, u, target, ln = unlink(action)
    verb = _WORDS[lang]["verbs"][action_to_text(action).split()[0]]
    text = word("pairing", lang, verb=verb, target=line_words(deck, target, ln, lang),
                card=line_words(deck, card, u, lang))
    valid = deck.valid(card, u, target, ln)
    result = word("strength", lang, n=deck.strength(card, u, target, ln)) if valid else word("invalid", lang)
    return f"{text}{colon(lang)}{result}"


def _typed_label(action: int, observation: KagounObservation | None, lang: str,
                 names: Sequence[str] | None) -> str:
    """The action in notation (its words in the reader's language), as the terminal lists it;
    a pairing adds its strength, or ✗; taking names the player robbed."""
    text = action_to_text(action)
    if text.startswith("take "):
        seat = int(text.split()[1])
        text = f"take {seat} ({seat_name(seat, lang, names)})"
    if _lang(lang) == "fr":
        text = " ".join(_FR_LABELS.get(item, item) for item in text.split())
        if text.startswith("prendre "):
            seat = int(text.split()[1])
            text = f"prendre {seat + 1} ({seat_name(seat, lang, names)})"
    if action < CHAIN and observation is not None:
        deck = load_deck(observation.deck)
        base, card, u, target, ln = unlink(action)
        if deck.valid(card, u, target, ln):
            return f"{text} ({deck.strength(card, u, target, ln)})"
        return f"{text} (✗)"
    return text


def group_choices(legal: Sequence[int], observation: KagounObservation | None = None, lang: str = "en",
                  markup: bool = False) -> list[str]:
    """The legal actions in a few lines, for a small screen: pairings grouped by the verb and
    your card's line (``capture H2a: C1a ✗ · A1a 3``), the rest on one line."""
    groups: dict[str, list[str]] = {}
    others = []
    for action in legal:
        label = action_label(action, observation, lang, markup)
        if action < CHAIN:
            verb, own, target, *rest = label.split()
            groups.setdefault(f"{verb} {own}", []).append(" ".join([target, *rest]))
        else:
            others.append(label)
    separator = colon(lang)
    lines = [" · ".join(others)] if others else []
    return lines + [f"{head}{separator}{' · '.join(items)}" for head, items in groups.items()]


def prompt(observation: KagounObservation, lang: str = "en") -> str:
    phase = observation.phase or "round"
    return message("now_" + phase, lang)


def new_in_hand(before: KagounObservation, after: KagounObservation, lang: str = "en",
                markup: bool = False) -> str | None:
    gained = [c for c in after.hand if c not in before.hand]
    if not gained:
        return None
    return word("new_in_hand", lang, cards=_faces(after, gained, lang, markup))


def hand_text(observation: KagounObservation, markup: bool = False, lang: str = "en") -> str:
    return _faces(observation, observation.hand, lang, markup)


def _announcement(entry: dict[str, Any] | None, lang: str) -> str:
    if entry is None:
        return ""
    text = announced_word(entry["action"], lang)
    if "target" in entry:
        text += f" {entry['card'] or word('hidden', lang)} → {entry['target']}"
    return text


def board(observation: KagounObservation, lang: str = "en", names: Sequence[str] | None = None,
          markup: bool = False) -> tuple[Table, list[str]]:
    obs = observation
    lang = _lang(lang)
    headers = [word("player", lang), word("hand", lang), word("pairs", lang), word("chain", lang),
               word("points", lang), word("announced", lang)]
    rows = []
    for seat in range(obs.players):
        marks = []
        if seat == obs.first_player:
            marks.append(word("first", lang))
        if seat == obs.phase_seat and obs.to_act is not None:
            marks.append(word("to_act", lang))
        if obs.called[seat]:
            marks.append(word("called", lang))
        if not obs.active[seat]:
            marks.append(word("out", lang))
        label = seat_name(seat, lang, names) + (f" ({', '.join(marks)})" if marks else "")
        hand = " ".join(obs.hand) or "—" if seat == obs.seat else str(obs.hand_sizes[seat])
        pairs = "; ".join(f"{up}/{lo}" for up, lo in obs.pairs[seat]) or "—"
        chain = " ".join(obs.chains[seat]) or "—"
        rows.append([label, hand, pairs, chain, str(obs.points[seat]),
                     _announcement(obs.announced[seat], lang)])
    lines = [f"{word('river', lang)}{colon(lang)}{_faces(obs, obs.river, lang, markup, codes=True)}"]
    if obs.seat is not None:  # the hand in words, one card a line (the table names them)
        lines += [f"{word('your_hand', lang)}{colon(lang)}{face}" if index == 0 else f"  {face}"
                  for index, face in enumerate(_faces(obs, obs.hand, lang, markup, codes=True).split(" · "))]
    lines += [
        f"{word('pile', lang)}{colon(lang)}{obs.pile_size} · {word('discard', lang)}{colon(lang)}"
        f"{len(obs.discard)}",
    ]
    lines[-1] += f" · {word('round', lang, n=obs.round)}"
    lines += [word("defence", lang, target=d["target"]) + f" ({seat_name(d['seat'], lang, names)})"
              for d in obs.defences]
    if obs.loose:
        lines.append(f"{word('loose', lang)}{colon(lang)}{_faces(obs, obs.loose, lang, markup, codes=True)}")
    others = {card for seat_pairs in obs.pairs for pair in seat_pairs for card in (pair[0][:2], pair[1][:2])}
    others |= {name.rstrip("~") for chain in obs.chains for name in chain}
    if others:
        lines.append(word("card_key", lang))
        lines += [f"  {face}" for face in _faces(obs, sorted(others), lang, markup, codes=True).split(" · ")]
    return (headers, rows), lines


def score_sheet(observation: KagounObservation, lang: str = "en", names: Sequence[str] | None = None,
                markup: bool = False) -> Table:
    """Each chain counted as 003 counts it, the points, the last calls and the result."""
    return end_sheet(observation, lang, names)


def winners_text(observation: KagounObservation, lang: str = "en",
                 names: Sequence[str] | None = None) -> str:
    if observation.winner is None:
        return word("draw_" + observation.ending, lang) if observation.ending else ""
    key = {"ko": "ko", "rounds": "rounds"}.get(observation.ending, "winner")
    return word(key, lang, names=seat_name(observation.winner, lang, names))


def legend(lang: str = "en") -> dict[str, Any]:
    """The colours, powers, announced actions and every card face of the default deck, for
    boards that draw cards."""
    deck = load_deck()
    colours = pick(COLOUR_WORDS, lang)
    powers = pick(_WORDS, lang)["powers"]
    assert isinstance(colours, dict) and isinstance(powers, dict)
    return {
        "colours": [{"letter": c, "name": colours[c]} for c in COLOUR_LETTERS],
        "powers": {name: powers[name] for name in POWER_NAMES[1:]},
        "announced": {name: announced_word(name, lang) for name in ANNOUNCED_NAMES[1:]},
        "cards": {card_name(c): {
            "halves": [COLOUR_LETTERS[deck.left[c]], COLOUR_LETTERS[deck.right[c]]],
            "ends": [{"small": [COLOUR_LETTERS[x] for x in deck.small[c][e]], "force": deck.force[c][e]}
                     for e in (0, 1)],
            "power": POWER_NAMES[deck.power[c]] or None,
            "power_end": "ab"[deck.power_end[c]] if deck.power[c] else None,
        } for c in range(DECK_SIZE)},
    }


__all__ = ["Table", "action_label", "action_parts", "board", "card_face", "confirm_text", "event_seats",
           "describe_event", "end_reason", "hand_text", "legend", "new_in_hand", "prompt", "score_sheet",
           "seat_name", "winners_text", "winning_seats", "word"]
