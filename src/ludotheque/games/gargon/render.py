"""Gargon's words and looks for players: events, cards, actions, the table and the score sheet,
in English and French.

Everything here is built from observations and public events only, so whatever a screen shows
is what its seat may see. Functions return plain text, or Rich markup when ``markup`` is true
(markup is just text with ``[style]...[/]`` tags: the game does not depend on Rich, and the web
server can ask for the plain forms).

Tables are returned as ``(headers, rows)`` of strings so that any front end can lay them out.
"""

# mypyc: compile

from __future__ import annotations

from collections.abc import Sequence

from ...core.words import colon, said_once, say, seat_name
from ...core.words import language as _lang
from .actions import BATTLE, DRAW, canonical, is_play, play_cards
from .card_words import SHORT_FR, card_name, cards_names, colour_word, runs, separator, times
from .components import COMPONENTS, HIDDEN, NUM_COLOURS, colour_of, value_of
from .ending import reason_text
from .events import Event
from .messages import message
from .notation import action_to_text
from .observe import GargonObservation
from .parts import action_parts, tried_actions
from .rules import MAX_DRAWS_PER_PASS, shape_text
from .scoring import ScoreRow, score_table

Table = tuple[list[str], list[list[str]]]

#: Rich style of each colour, in the order W B V R Y G.
STYLES = ("bold bright_white", "bold dodger_blue1", "bold medium_purple1", "bold red1",
          "bold yellow1", "bold green3")


def _plain_word(text: str) -> str:
    """``Arrêter`` -> ``arreter``: a typed word lower-cased, without its accents."""
    import unicodedata

    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


# -- words of the components ------------------------------------------------------------------

def colour_name(colour: int, lang: str = "en") -> str:
    """``red`` / ``rouge``: the colour's name from the components file."""
    entry = COMPONENTS.colours[colour]
    return entry.fr if _lang(lang) == "fr" else entry.en


def creature_name(colour: int, lang: str = "en") -> str:
    """``phoenix`` / ``phénix``: the creature of a colour."""
    entry = COMPONENTS.colours[colour]
    return entry.creature_fr if _lang(lang) == "fr" else entry.creature_en


def colour_label(colour: int, lang: str = "en", markup: bool = False) -> str:
    """``red (phoenix)``, coloured when ``markup``."""
    text = f"{colour_name(colour, lang)} ({creature_name(colour, lang)})"
    return f"[{STYLES[colour]}]{text}[/]" if markup else text


def legend(lang: str = "en") -> dict[str, object]:
    """The colours with their names and creatures, for clients that draw the cards themselves:
    ``letter`` is the notation's (cards travel as ``R14`` whatever the language); in ``lang``,
    ``mark`` is the colour's symbol on a card's face (``R``; in French the word, ``rouge``: the
    initials collide and three letters, bla/ble, are easily mixed up), ``word`` the colour on its
    own in text (``red``, ``rouge``), ``card`` a card of it (``red {value}``, ``rouge {value}``,
    the value ``?`` for a back); ``separator`` goes between cards named one after the other."""
    return {"colours": [{"letter": c.letter, "mark": colour_word(i, lang, short=_lang(lang) == "en"),
                         "word": colour_word(i, lang),
                         "card": card_name(i * 16, lang).removesuffix("0") + "{value}",
                         "name": colour_name(i, lang), "creature": creature_name(i, lang)}
                        for i, c in enumerate(COMPONENTS.colours)],
            "separator": separator(lang)}


def card_markup(card: int, lang: str = "en", short: bool = False) -> str:
    """A card (or a face-down ``R?`` / ``rouge ?``) in its colour's style, for the terminal
    (whose English names cards as they are typed, ``R14``)."""
    return f"[{STYLES[colour_of(card)]}]{card_name(card, lang, short or _lang(lang) == 'en')}[/]"


def cards_text(cards: Sequence[int], markup: bool = False, empty: str = "", lang: str = "en",
               short: bool = False) -> str:
    """Cards named in ``lang`` (``red 14, blue 3``, ``rouge 14, bleu 3``; short ``R14 B3``,
    ``rou14 ble3``); ``empty`` when there are none. English Rich markup is the terminal's, where
    cards are typed as the notation writes them: short."""
    if not cards:
        return empty
    short = short or (markup and _lang(lang) == "en")
    if not markup:
        return cards_names(cards, lang, short)
    return separator(lang, short).join(card_markup(c, lang, short) + times(n)
                                       for c, n in runs(cards, lang, short))


def colours_text(cards: Sequence[int], markup: bool = False, empty: str = "", lang: str = "en") -> str:
    """Only the colours of cards, how a pile looks from its backs: ``RBBW`` in English (the
    letters side by side), ``rou ble ble bla`` in French (the short forms)."""
    if not cards:
        return empty
    marks = [colour_word(colour_of(c), lang, short=True) for c in cards]
    if markup:
        marks = [f"[{STYLES[colour_of(c)]}]{x}[/]" for c, x in zip(cards, marks, strict=True)]
    return ("" if _lang(lang) == "en" else " ").join(marks)


def _ordered(cards: Sequence[int]) -> list[int]:
    """Visible cards in canonical order (colour, then value descending); backs stay as given."""
    return canonical(cards) if all(c < HIDDEN for c in cards) else list(cards)


def hand_text(observation: GargonObservation, markup: bool = False, lang: str = "en") -> str:
    """The observing seat's own hand, values shown (``—`` for a spectator)."""
    return cards_text(observation.hand, markup, "—", lang)


def _beyond(cards: Sequence[int], fewer: Sequence[int]) -> list[int]:
    """The cards of ``cards`` that ``fewer`` does not hold, counted as a multiset (a hand's few
    cards: no Counter to build, at every draw of every game at the web table)."""
    left = list(fewer)
    beyond = []
    for card in cards:
        if card in left:
            left.remove(card)
        else:
            beyond.append(card)
    return beyond


def new_in_hand(before: GargonObservation, after: GargonObservation, lang: str = "en",
                markup: bool = False) -> str | None:
    """What the observing seat just took into its hand (its draws), with values; None if nothing."""
    if after.hand == before.hand:  # most actions: no counting needed
        return None
    gained = _beyond(after.hand, before.hand)
    if not gained:
        return None
    return word("new_in_hand", lang, cards=cards_text(_ordered(gained), markup, lang=lang))


# -- events ---------------------------------------------------------------------------------

#: Per language and event kind: (third person, second person). ``{who}`` is the seat's name.
_EVENT_TEXT: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "play": ("{who} plays {n} face down: {cards}", "You play {n} face down: {cards}"),
        "pass": ("{who} passes", "You pass"),
        "draw": ("{who} draws {card} from pile {pile}", "You draw {card} from pile {pile}"),
        "stop": ("{who} stops drawing", "You stop drawing"),
        "battle": ("{who} chooses {colour} for the next fight", "You choose {colour} for the next fight"),
        "win": ("{who} takes {cards}, alone in {colour}", "You take {cards}, alone in {colour}"),
        "round": ("New round: {who} is first player", "New round: you are first player"),
    },
    "fr": {
        "play": ("{who} pose {n} face cachée : {cards}", "Vous posez {n} face cachée : {cards}"),
        "pass": ("{who} passe", "Vous passez"),
        "draw": ("{who} tire {card} de la pioche {pile}", "Vous tirez {card} de la pioche {pile}"),
        "stop": ("{who} arrête de tirer", "Vous arrêtez de tirer"),
        "battle": ("{who} choisit le combat en {colour}", "Vous choisissez le combat en {colour}"),
        "win": ("{who} remporte {cards}, seul en {colour}", "Vous remportez {cards}, seul en {colour}"),
        "round": ("Nouvelle manche : {who} est premier joueur",
                  "Nouvelle manche : vous êtes premier joueur"),
    },
}

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "you": "you", "and": "and",
        "revealed": "Cards revealed — {list}",
        "nothing_revealed": "Cards revealed: none in play",
        "clash": "The two {card} of {a} and {b} cancel out: both are discarded, nobody draws",
        "fight": "Fight in {colour}: {list} — {winner} {wins} {card}{rest}",
        "wins_3": "wins", "wins_2": "win",
        "discarded": "; {cards} discarded", "discarded_1": "; {cards} discarded",
        "over": "The game is over",
        "hand": "Hand", "in_play": "In play", "won": "Won", "player": "Player",
        "your_hand": "Your hand", "below": "below",
        "first": "first", "to_act": "to act", "passed": "passed",
        "pile": "Pile {pile} ({n}, top first)", "empty": "empty",
        "discard": "Discard ({n})",
        "round": "Round: shape {shape}; colours played {colours}",
        "round_open": "Round: the first player has not played yet",
        "final": "Last round: a pile is empty, the game ends with this round",
        "variant_open": "open variant: won cards lie face up",
        "follow": "follow the shape {shape} or pass",
        "last_seat": "as last seat you may only use colours already played ({colours})",
        "draws_left": "{n} draws left in this pass", "draws_left_1": "1 draw left in this pass",
        "top": "top card: {card}",
        "n_cards": "{n} cards", "one_card": "1 card",
        "amulets": "{a} amulets", "one_amulet": "1 amulet", "times": "{amulets} ×{m} = {p}",
        "bonus_row": "Bonus", "amulets_row": "Amulets", "total_row": "Total",
        "colour_head": "Colour",
        "winner": "Winner: {names}", "winners": "Winners (shared): {names}",
        "new_in_hand": "Into your hand: {cards}", "last_round": "(last round)",
        "plays_head": "{verb} {cards} ({n})",
        "input_help": "type an action as listed: play R14 V3, pass, draw 1, stop, battle R",
    },
    "fr": {
        "you": "vous", "and": "et",
        "revealed": "Cartes révélées — {list}",
        "nothing_revealed": "Cartes révélées : aucune en jeu",
        "clash": "Les deux {card} de {a} et {b} s'annulent : toutes deux défaussées, "
                 "personne ne tire",
        "fight": "Combat en {colour} : {list} — {winner} {wins} {card}{rest}",
        "wins_3": "remporte", "wins_2": "remportez",
        "discarded": " ; {cards} défaussées", "discarded_1": " ; {cards} défaussée",
        "over": "La partie est terminée",
        "hand": "Main", "in_play": "En jeu", "won": "Remportées", "player": "Joueur",
        "your_hand": "Votre main", "below": "dessous",
        "first": "premier", "to_act": "à jouer", "passed": "a passé",
        "pile": "Pioche {pile} ({n}, sommet d'abord)", "empty": "vide",
        "discard": "Défausse ({n})",
        "round": "Manche : rapport {shape} ; couleurs jouées {colours}",
        "round_open": "Manche : le premier joueur n'a pas encore posé",
        "final": "Dernière manche : une pioche est vide, la partie finit avec cette manche",
        "variant_open": "variante ouverte : les cartes remportées sont face visible",
        "follow": "suivez le rapport {shape} ou passez",
        "last_seat": "dernier joueur : seulement les couleurs déjà jouées ({colours})",
        "draws_left": "encore {n} cartes à tirer au plus",
        "draws_left_1": "encore 1 carte à tirer au plus",
        "top": "carte du dessus : {card}",
        "n_cards": "{n} cartes", "one_card": "1 carte",
        "amulets": "{a} amulettes", "one_amulet": "1 amulette", "times": "{amulets} ×{m} = {p}",
        "bonus_row": "Bonus", "amulets_row": "Amulettes", "total_row": "Total",
        "colour_head": "Couleur",
        "winner": "Vainqueur : {names}", "winners": "Vainqueurs (ex æquo) : {names}",
        "new_in_hand": "Dans votre main : {cards}", "last_round": "(dernière manche)",
        "plays_head": "{verb} {cards} ({n})",
        "input_help": "tapez une action comme dans la liste : jouer rouge 14, violet 3 (ou rou14 "
                      "vio3), passer, piocher 1, arrêter, combat en rouge",
    },
}


def word(key: str, lang: str = "en", **params: object) -> str:
    """One of the render words in ``lang`` (English when the language is unknown)."""
    return say(_WORDS, key, lang, **params)


def _count(n: int, lang: str) -> str:
    return word("one_card", lang) if n == 1 else word("n_cards", lang, n=n)


def _seen_mover(event: Event, you: int | None, seen: object) -> bool:
    """``seen`` is the mover's own observations: the reader's own move, or a reader who sees every
    hand (``you`` None with ``seen``: a replay, where nothing is secret any more)."""
    return seen is not None and event.seat is not None and (you is None or event.seat == you)


def _own_draw(event: Event, you: int | None, seen: tuple[GargonObservation, GargonObservation] | None) -> int:
    """The card drawn in ``event``, read from the mover's observations around the draw (its hand
    gained it) when the reader may see it (``_seen_mover``); -1 otherwise or when it cannot tell."""
    if seen is None or event.kind != "draw" or not _seen_mover(event, you, seen):
        return -1
    before, after = seen
    gained = _beyond(after.hand, before.hand)
    return next((c for c in gained if c < HIDDEN and colour_of(c) == event.colour), -1)


def describe_event(event: Event, lang: str = "en", names: Sequence[str] | None = None,
                   you: int | None = None, markup: bool = False,
                   seen: tuple[GargonObservation, GargonObservation] | None = None) -> str:
    """One public event in words. ``you`` is the reader's seat (second person for it); ``seen``
    (the reader's observations before and after the event) shows the reader its own draws."""
    lang = _lang(lang)

    def who(seat: int | None) -> str:
        if seat is None:
            return ""
        return word("you", lang) if seat == you else seat_name(seat, lang, names)

    def cards(items: Sequence[int]) -> str:
        return cards_text(items, markup, lang=lang)

    colour = colour_label(event.colour, lang, markup) if event.colour >= 0 else ""
    kind = event.kind
    if kind in _EVENT_TEXT[lang]:
        third, second = _EVENT_TEXT[lang][kind]
        template = second if event.seat is not None and event.seat == you else third
        back = cards([HIDDEN + event.colour]) if event.colour >= 0 else ""
        drawn = _own_draw(event, you, seen)
        if drawn >= 0:
            back = cards([drawn])
        shown = event.cards
        if kind == "play" and seen is not None and _seen_mover(event, you, seen):
            played = _beyond(seen[0].hand, seen[1].hand)
            if len(played) == len(event.cards):  # your own cards, face down for the others only
                shown = tuple(canonical(played))
        return template.format(who=who(event.seat), n=_count(len(event.cards), lang),
                               cards=cards(shown), card=back, pile=event.pile + 1,
                               colour=colour)
    if kind == "reveal":
        if not event.cards:
            return word("nothing_revealed", lang)
        parts = []
        for seat in dict.fromkeys(event.seats):
            own = [c for c, s in zip(event.cards, event.seats, strict=True) if s == seat]
            parts.append(f"{who(seat)}{colon(lang)}{cards(own)}")
        return word("revealed", lang, list=" · ".join(parts))
    if kind == "clash":
        a, b = event.seats
        return word("clash", lang, card=cards(event.cards[:1]), a=who(a), b=who(b))
    if kind == "fight":
        winner = event.seat
        assert winner is not None
        fighters = ", ".join(f"{who(s)} {cards([c])}"
                             for s, c in zip(event.seats, event.cards, strict=True))
        best = event.cards[event.seats.index(winner)]
        lost = [c for s, c in zip(event.seats, event.cards, strict=True) if s != winner]
        rest = word("discarded" if len(lost) > 1 else "discarded_1", lang, cards=cards(lost)) if lost else ""
        wins = word("wins_2" if winner == you else "wins_3", lang)
        return word("fight", lang, colour=colour, list=fighters, winner=who(winner), wins=wins,
                    card=cards([best]), rest=rest)
    if kind == "over":
        return word("over", lang)
    return kind


def describe_events(events: Sequence[Event], lang: str = "en", names: Sequence[str] | None = None,
                    you: int | None = None, markup: bool = False) -> list[str]:
    return [describe_event(e, lang, names, you, markup) for e in events]


def event_seats(event: Event) -> set[int]:
    """The seats that read ``event`` in words of their own (``describe_event`` names them "you");
    every other seat reads it as a spectator does."""
    return {*event.seats} if event.seat is None else {event.seat, *event.seats}


# -- actions --------------------------------------------------------------------------------

#: The notation's verbs as French labels say them.
_FR_VERBS = {"play": "jouer", "pass": "passer", "draw": "piocher", "stop": "arrêter", "battle": "combat"}

#: French verbs a player may type for the notation's, by their letters without accents.
_TYPED_VERBS = {
    "jouer": "play", "joue": "play", "poser": "play", "pose": "play", "passer": "pass",
    "passe": "pass", "piocher": "draw", "pioche": "draw", "tirer": "draw", "tire": "draw",
    "arreter": "stop", "arrete": "stop", "combat": "battle", "combattre": "battle",
    "bataille": "battle", "fight": "battle",
}
#: Ways to type a colour, to its notation letter: the letter itself (as records write it), the
#: colour's English and French words and the French short form (``rou``), and J for jaune.
_TYPED_COLOURS = {
    **{name: c.letter for i, c in enumerate(COMPONENTS.colours)
       for name in (c.letter.lower(), c.en, _plain_word(c.fr), SHORT_FR[i])},
    "j": COMPONENTS.colours[4].letter,
}
#: Small words of the French labels that the notation does without (``combat en rouge``).
_TYPED_FILLERS = {"en", "in"}


def _typed_card(key: str) -> str | None:
    """``rouge14``, ``rou14``, ``j14``, ``r14`` -> ``R14``; None when ``key`` is no card."""
    head = key.rstrip("0123456789")
    tail = key[len(head):]
    return _TYPED_COLOURS[head] + tail if tail and head in _TYPED_COLOURS else None


def to_notation(text: str, lang: str = "en") -> str:
    """What a player typed, in the notation: French verbs, cards by colour word and value
    (``jouer rouge 14, bleu 3``), short forms (``rou14 ble3``), colours by word
    (``combat en rouge``); the notation itself (``play R14 B3``) passes unchanged."""
    items = text.replace(",", " ").split()
    out: list[str] = []
    index = 0
    while index < len(items):
        item, key = items[index], _plain_word(items[index])
        following = items[index + 1] if index + 1 < len(items) else ""
        index += 1
        if key in _TYPED_VERBS:
            out.append(_TYPED_VERBS[key])
        elif key in _TYPED_FILLERS:
            continue
        elif key in _TYPED_COLOURS and following.isdigit():  # a card as colour word and value
            out.append(_TYPED_COLOURS[key] + following)
            index += 1
        elif key in _TYPED_COLOURS:  # a colour on its own
            out.append(_TYPED_COLOURS[key])
        else:
            out.append(_typed_card(key) or item)
    return " ".join(out)


def input_help(lang: str = "en") -> str:
    """How actions are typed, for a player who typed something else."""
    return word("input_help", lang)


def typed_text(action: int, lang: str = "en") -> str:
    """An action as a player may type it, for the terminal's examples: the notation in English;
    in French the label, with a play's cards by their short forms (``jouer rou0 jau0``)."""
    if _lang(lang) != "fr":
        return action_to_text(action)
    if is_play(action):
        return f"{_FR_VERBS['play']} {cards_text(play_cards(action), lang=lang, short=True)}"
    if BATTLE <= action < BATTLE + NUM_COLOURS:
        return f"{_FR_VERBS['battle']} en {colour_name(action - BATTLE, lang)}"
    return action_label(action, None, lang)


def action_label(action: int, observation: GargonObservation | None = None, lang: str = "en",
                 markup: bool = False, names: Sequence[str] | None = None) -> str:
    """An action in notation (its verb in the reader's language), with a hint: cards coloured,
    the colour named, a pile's top."""
    text = _label(action, lang, markup)
    if DRAW <= action < DRAW + 2 and observation is not None:
        pile = observation.piles[action - DRAW]
        if pile:  # a back: its colour alone (the terminal's English: its notation, R?)
            colour = colour_of(pile[0])
            top = colour_word(colour, lang)
            if markup:
                top = (cards_text(pile[:1], markup, lang=lang) if _lang(lang) == "en"
                       else f"[{STYLES[colour]}]{top}[/]")
            return f"{text} ({word('top', lang, card=top)})"
    return text


def stands_alone(action: int) -> bool:
    """Every action but a draw (whose label names the pile's top): its notation, words and parts
    depend on nothing but itself, so a board's entry for it is made once (``ludotheque.choices``)."""
    return not DRAW <= action < DRAW + 2


@said_once
def _label(action: int, lang: str, markup: bool) -> str:
    """An action's label as far as it depends on nothing else (a draw's pile top is added)."""
    text = action_to_text(action)
    french = _lang(lang) == "fr"
    if french:
        verb, _, rest = text.partition(" ")
        text = f"{_FR_VERBS.get(verb, verb)} {rest}".rstrip()
    elif BATTLE <= action < BATTLE + NUM_COLOURS:
        text = "fight"
    if is_play(action):
        return text.split()[0] + " " + cards_text(play_cards(action), markup, lang=lang)
    if BATTLE <= action < BATTLE + NUM_COLOURS:
        # the colour in words, never by a letter: "fight in red (phoenix)", « combat en rouge (phénix) »
        return f"{text.split()[0]} {'en' if french else 'in'} {colour_label(action - BATTLE, lang, markup)}"
    return text


def group_choices(legal: Sequence[int], observation: GargonObservation | None = None, lang: str = "en",
                  markup: bool = False) -> list[str]:
    """The legal actions in a few lines, for a small screen: the actions that are not plays on
    one line, then the plays by number of cards, listed when few, else counted with an example
    (in French, cards by their short forms, ``rou14 ble3``, which may be typed as shown)."""
    lang = _lang(lang)
    short = True  # the terminal's: cards as typed (R14, rou14)
    plays = [a for a in legal if is_play(a)]
    lines = []
    others = [action_label(a, observation, lang, markup) for a in legal if not is_play(a)]
    if others:
        lines.append(" · ".join(others))
    verb = _FR_VERBS["play"] if lang == "fr" else "play"
    for size in (1, 2, 3):
        these = [a for a in plays if len(play_cards(a)) == size]
        if not these:
            continue
        head = word("plays_head", lang, verb=verb, cards=_count(size, lang), n=len(these))
        shown, width = [], len(head) + 3
        for a in these:  # as many as a line of 76 characters holds
            plain = cards_text(play_cards(a), lang=lang, short=short)
            if width + len(plain) + 3 > 74:
                shown.append("…")
                break
            shown.append(cards_text(play_cards(a), markup, lang=lang, short=short))
            width += len(plain) + 3
        lines.append(f"{head}{colon(lang)}{' · '.join(shown)}")
    return lines


def prompt(observation: GargonObservation, lang: str = "en") -> str:
    """What the seat to act has to do now, in words (said to be the last round when it is)."""
    lang = _lang(lang)
    text = _prompt(observation, lang)
    if observation.final_round and observation.phase != "over":
        text = f"{word('last_round', lang)} {text}"
    return text


def _prompt(observation: GargonObservation, lang: str) -> str:
    phase = observation.phase
    if phase == "place":
        if not observation.shape:
            return message("now_play", lang)
        text = word("follow", lang, shape=shape_text(observation.shape))
        if observation.to_act == (observation.first_player - 1) % observation.players:
            played = ", ".join(colour_name(c, lang) for c in observation.round_colours)  # in words
            text += (" ; " if lang == "fr" else "; ") + word("last_seat", lang, colours=played)
        return text
    if phase == "pass_draw":
        key = "now_draw_or_stop" if observation.drawn else "now_draw"
        left = MAX_DRAWS_PER_PASS - observation.drawn
        return f"{message(key, lang)} ({word('draws_left_1' if left == 1 else 'draws_left', lang, n=left)})"
    if phase == "fight":
        return message("now_battle", lang)
    if phase == "loser_draw":
        return message("now_loser_draw", lang)
    return message("over", lang)


# -- the table ------------------------------------------------------------------------------

def board(observation: GargonObservation, lang: str = "en", names: Sequence[str] | None = None,
          markup: bool = False, compact: bool = False) -> tuple[Table, list[str]]:
    """The table as one row per seat (hand, cards in play, won cards) and lines for the rest
    (piles top first, discard, the round). Hidden values stay ``?``: this is the observation.
    ``compact`` (a short screen): the reader's own hand on a line of its own under the table,
    where it wraps across the whole width, its cell only counting it. French names the cards
    by their short forms (``rou14``, ``rou?``) so that the table fits 80 columns."""
    lang = _lang(lang)
    short = True  # the terminal's: cards as typed (R14, rou14)
    obs = observation

    def cards(items: Sequence[int], empty: str = "—") -> str:
        return cards_text(items, markup, empty, lang, short)

    headers = [word("player", lang), word("hand", lang), word("in_play", lang), word("won", lang)]
    rows = []
    for seat in range(obs.players):
        marks = []
        if seat == obs.first_player:
            marks.append(word("first", lang))
        if seat == obs.to_act:
            marks.append(word("to_act", lang))
        if obs.passed[seat]:
            marks.append(word("passed", lang))
        name = seat_name(seat, lang, names)
        if marks:
            name += f" ({', '.join(marks)})"
        if markup and seat == obs.to_act:
            name = f"[bold]{name}[/]"
        hand = cards(obs.hands[seat])
        if obs.hands[seat]:
            hand += f"  ({len(obs.hands[seat])})"
        if compact and seat == obs.seat and obs.hands[seat]:
            hand = f"({len(obs.hands[seat])}, {word('below', lang)})"
        rows.append([name, hand, cards(_ordered(obs.in_play[seat])), cards(_ordered(obs.won[seat]))])
    lines = []
    if compact and obs.seat is not None and obs.hand:
        lines.append(f"{word('your_hand', lang)}{colon(lang)}{cards(obs.hand)}")
    for pile in (0, 1):
        pile_cards = obs.piles[pile]
        lines.append(f"{word('pile', lang, pile=pile + 1, n=len(pile_cards))}{colon(lang)}"
                     f"{colours_text(pile_cards, markup, word('empty', lang), lang)}")
    discard = canonical(obs.discard)
    lines.append(f"{word('discard', lang, n=len(discard))}{colon(lang)}{cards(discard)}")
    if obs.phase != "over":
        if obs.shape:
            played = " ".join(colour_word(c, lang, short) for c in obs.round_colours)
            lines.append(word("round", lang, shape=shape_text(obs.shape), colours=played))
        else:
            lines.append(word("round_open", lang))
    if obs.final_round and obs.phase != "over":
        lines.append(f"[bold yellow]{word('final', lang)}[/]" if markup else word("final", lang))
    if obs.variant == "open":
        lines.append(word("variant_open", lang))
    return (headers, rows), lines


# -- scoring --------------------------------------------------------------------------------

def _won_by_colour(cards: Sequence[int]) -> list[list[int]]:
    """Won cards (all visible at the end) as per-colour value lists, for the scoring module."""
    by_colour: list[list[int]] = [[] for _ in range(NUM_COLOURS)]
    for card in cards:
        if card >= HIDDEN:
            raise ValueError("won values are not visible yet: scores exist only at the end")
        by_colour[colour_of(card)].append(value_of(card))
    return by_colour


def score_rows(observation: GargonObservation) -> list[ScoreRow]:
    """The end-of-game breakdown of every seat, recomputed from the final observation."""
    return score_table([_won_by_colour(w) for w in observation.won], observation.amulets)


def score_sheet(observation: GargonObservation, lang: str = "en", names: Sequence[str] | None = None,
                markup: bool = False) -> Table:
    """The score table, one column per seat: for each colour the cards won, the majority bonus
    and the amulets with their multiplier; then bonus, amulets and total."""
    lang = _lang(lang)
    rows = score_rows(observation)
    headers = [word("colour_head", lang)] + [seat_name(s, lang, names) for s in range(len(rows))]
    table: list[list[str]] = []
    for colour in range(NUM_COLOURS):
        label = f"{colour_name(colour, lang)}\n({creature_name(colour, lang)})"
        line = [f"[{STYLES[colour]}]{label}[/]" if markup else label]
        for seat, row in enumerate(rows):
            score = row.colours[colour]
            won = [c for c in canonical(observation.won[seat]) if colour_of(c) == colour]
            if not won:
                line.append("—")
                continue
            values = " ".join(str(value_of(c)) for c in won)
            if markup:
                values = f"[{STYLES[colour]}]{values}[/]"
            bonus = f", +{score.bonus}" if score.bonus else ""
            amulets = word("one_amulet", lang) if score.amulets == 1 else word("amulets", lang,
                                                                                a=score.amulets)
            if score.multiplier != 1:
                amulets = word("times", lang, amulets=amulets, m=score.multiplier,
                               p=score.amulets * score.multiplier)
            line.append(f"{values}\n{_count(score.cards, lang)}{bonus}\n{amulets}")
        table.append(line)
    table.append([word("bonus_row", lang)] + [str(r.bonus) for r in rows])
    table.append([word("amulets_row", lang)] + [str(r.amulets) for r in rows])
    total = [str(r.total) for r in rows]
    if markup:
        total = [f"[bold]{t}[/]" for t in total]
    table.append([word("total_row", lang)] + total)
    return headers, table


def winners_text(observation: GargonObservation, lang: str = "en",
                 names: Sequence[str] | None = None) -> str:
    winners = list(observation.winners or ())
    who = f" {word('and', lang)} ".join(seat_name(s, lang, names) for s in winners)
    return word("winners" if len(winners) > 1 else "winner", lang, names=who)


def end_reason(observation: GargonObservation, lang: str = "en",
               names: Sequence[str] | None = None) -> str:
    """Why the winners won: the most points, amulets and bonuses apart ("" while the game is on)."""
    winners = list(observation.winners or ())
    return reason_text(score_rows(observation)[winners[0]], len(winners) > 1, lang) if winners else ""


__all__ = [
    "STYLES", "Table", "action_label", "action_parts", "board", "card_markup", "cards_text", "colour_label",
    "colours_text", "end_reason", "event_seats",
    "colour_name", "creature_name", "describe_event", "describe_events", "hand_text", "legend", "new_in_hand",
    "prompt", "score_rows", "score_sheet", "seat_name", "stands_alone", "to_notation", "tried_actions",
    "typed_text",
    "winners_text", "word",
]
