"""Gargon in French names cards by colour word and value (``rouge 14``, ``rouge ?``), never by
the English colour letters of the notation (``R14``): action labels, events, refusals and the
board, at every decision of a few simulated games; and what a French screen lists can be typed
back as shown (docs/rules/gargon.md, "Words: cards in French")."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from rich.text import Text

from ludotheque.cli.typed import label_match
from ludotheque.core.game import start_log
from ludotheque.games.gargon import GAME, render
from ludotheque.games.gargon.actions import BATTLE, DRAW, PASS, STOP, is_play, play_cards
from ludotheque.games.gargon.card_words import SHORT_FR
from ludotheque.games.gargon.components import COMPONENTS
from ludotheque.games.gargon.events import Event
from ludotheque.games.gargon.notation import parse_card

#: A card named by an English colour letter: ``R14``, ``W0``, ``G?``.
LETTER_CARD = re.compile(r"(?<![\w-])[WBVRYG](?:1[0-5]|[0-9]|\?)(?![\w?])")
#: A card named in French words, or by a short form (``rou14``, a back ``rou``).
FRENCH_CARD = re.compile(r"\b(blanc|bleu|violet|rouge|jaune|vert) (1[0-5]|[0-9]|\?)(?!\d)")
COLOUR_WORDS = [c.fr for c in COMPONENTS.colours]


def _plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def simulated(seed: int, players: int) -> tuple[Any, list[tuple[Any, list[int], list[Any]]]]:
    """A game played at random to its end: the final state and, at each decision, the state's
    observation for the seat to act, the legal actions and the log so far."""
    rng = random.Random(seed)
    state = GAME.new_state({"players": players}, seed=seed)
    log = start_log(state)
    assert log is not None
    decisions = []
    while state.to_act is not None:
        seat = state.to_act
        legal = list(state.legal_actions())
        decisions.append((state.observe(seat), legal, list(log)))
        state.apply_trusted(rng.choice(legal))
    return state, decisions


GAMES = [simulated(seed, players) for seed, players in ((1, 3), (2, 4), (3, 5))]


def test_french_labels_of_every_action_kind_name_colours_in_words_never_by_letters() -> None:
    kinds: set[str] = set()
    for _, decisions in GAMES:
        for observation, legal, _ in decisions:
            for action in legal:
                for markup in (False, True):
                    label = _plain(render.action_label(action, observation, "fr", markup=markup))
                    assert not LETTER_CARD.search(label), label
                    english = _plain(render.action_label(action, observation, "en", markup=markup))
                    # English says the words too, but for the terminal (markup), where cards are typed
                    typed = markup and (is_play(action) or DRAW <= action < DRAW + 2)
                    assert bool(LETTER_CARD.search(english)) == typed, english
                if is_play(action):
                    kinds.add("play")
                    assert len(FRENCH_CARD.findall(label)) == len(play_cards(action)), label
                elif BATTLE <= action < BATTLE + 6:
                    kinds.add("battle")
                    assert label.startswith(f"combat en {COLOUR_WORDS[action - BATTLE]} ("), label
                elif DRAW <= action < DRAW + 2:
                    kinds.add("draw")
                    top = observation.piles[action - DRAW][0]
                    assert label.endswith(f"(carte du dessus : {COLOUR_WORDS[top - 96]})"), label
                else:
                    kinds.add({PASS: "pass", STOP: "stop"}[action])
                    assert label in ("passer", "arrêter"), label
    assert kinds == {"play", "pass", "draw", "stop", "battle"}


def test_french_events_of_every_kind_name_cards_in_words_never_by_letters() -> None:
    kinds: set[str] = set()
    for state, _ in GAMES:
        names = [f"P{s}" for s in range(state.n)]
        for event in state.log:
            kinds.add(event.kind)
            for you in (None, 0):
                for markup in (False, True):
                    text = _plain(render.describe_event(event, "fr", names, you, markup))
                    assert not LETTER_CARD.search(text), (event, text)
                    if event.cards and event.kind != "play":  # a play is backs: "rouge ?"
                        assert FRENCH_CARD.search(text), (event, text)
                    if event.kind in ("play", "draw"):
                        assert FRENCH_CARD.search(text) and "?" in text, (event, text)
                    if event.colour >= 0 and event.kind in ("battle", "win", "fight"):
                        assert COLOUR_WORDS[event.colour] in text, (event, text)
    assert kinds >= {"play", "pass", "draw", "stop", "reveal", "battle", "fight", "win", "round", "over"}
    red0 = parse_card("R0")  # (a clash of two 0s is rare: no game above need meet one)
    clash = Event("clash", colour=3, seats=(0, 2), cards=(red0, red0))
    assert render.describe_event(clash, "fr").startswith(
        "Les deux rouge 0 de Joueur 1 et Joueur 3 s'annulent")


def test_your_own_french_draws_and_plays_show_their_values_in_words() -> None:
    setup = {"hands": [["R14"], ["G2", "W5"], ["B3"]], "piles": [["V7", "Y1"], ["R3"]], "first_player": 0}
    state = GAME.state_from_setup(setup)
    log = start_log(state)
    assert log is not None
    before = state.observe(0)
    state.apply_text("play R14")
    after = state.observe(0)
    assert render.describe_event(log[-1], "fr", you=0, seen=(before, after)) == (
        "Vous posez 1 carte face cachée : rouge 14")
    assert render.describe_event(log[-1], "fr") == "Joueur 1 pose 1 carte face cachée : rouge ?"


def test_french_refusals_name_cards_and_colours_in_words() -> None:
    position = GAME.state_from_setup({"hands": [["Y6", "R9"], ["B8", "R8"], ["G1"]],
                                      "piles": [["W1"], ["W2"]]})
    assert position.refusal(GAME.parse_action("play G15"), "fr") == "vous n'avez pas vert 15 en main"
    assert position.refusal(GAME.parse_action("play G15"), "en") == "green 15 is not in your hand"
    for text in ("play Y6 R9", "play B8 R8", "pass", "draw 1", "stop"):
        position.apply_text(text)
    assert position.refusal(BATTLE + 5, "fr") == "vous n'avez pas de vert en jeu"
    assert position.refusal(BATTLE + 5, "en") == "you have no green card in play"
    # every refusal of every code at a few decisions of a game: words, never letters
    rng = random.Random(5)
    state = GAME.new_state({"players": 4}, seed=9)
    checked = 0
    while state.to_act is not None and checked < 40:
        legal = set(state.legal_actions())
        for action in [PASS, STOP, DRAW, DRAW + 1, *range(BATTLE, BATTLE + 6),
                       *(GAME.parse_action(f"play {c}") for c in ("R14", "W0", "G15 G14", "B3 V3 Y3"))]:
            if action not in legal:
                text = state.refusal(action, "fr")
                assert text and not LETTER_CARD.search(text) and not re.search(r"\b[WBVRYG]\b", text), text
                checked += 1
        state.apply_trusted(rng.choice(sorted(legal)))
    assert checked >= 40


def test_the_french_board_names_cards_by_short_forms_and_words_never_by_letters() -> None:
    for _, decisions in GAMES:
        for observation, _, _ in decisions[::3]:
            for compact in (False, True):
                (headers, rows), lines = render.board(observation, "fr", compact=compact)
                text = "\n".join([*headers, *(cell for row in rows for cell in row), *lines])
                assert not LETTER_CARD.search(text), text
                assert not re.search(r"\b[WBVRYG]\b", text), text
    final = GAMES[0][0].observe(None)
    headers, sheet = render.score_sheet(final, "fr")
    assert not LETTER_CARD.search("\n".join(cell for row in sheet for cell in row))
    assert render.hand_text(GAMES[0][1][0][0], lang="fr").count(", ") >= 1


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_every_french_label_typed_as_listed_is_its_action(game: int) -> None:
    """At each decision, every listed label (in the terminal's plain text) typed back as shown,
    without what it adds in brackets, as the notation's letters, or as the short forms of the
    grouped list (``jouer rou14 ble3``), is the action it lists."""
    _, decisions = GAMES[game]
    rng = random.Random(game)
    for observation, legal, _ in decisions[::2]:
        labels = {(a, lang): _plain(render.action_label(a, observation, lang, markup=True))
                  for a in legal for lang in ("en", "fr")}

        def label(action: int, lang: str, labels: dict[tuple[int, str], str] = labels) -> str:
            return labels[action, lang]

        # (each match reads every legal label: a few of a long list of plays are enough)
        for action in legal if len(legal) <= 12 else rng.sample(legal, 12):
            listed = label(action, "fr")
            assert label_match(listed, legal, label) == action, listed
            assert label_match(listed.upper(), legal, label) == action, listed
            head = re.sub(r" \([^()]*\)$", "", listed)  # what the label adds in brackets
            assert GAME.parse_action(render.to_notation(head, "fr")) == action, head
            assert GAME.parse_action(render.to_notation(render.typed_text(action, "fr"), "fr")) == action
            assert GAME.parse_action(render.to_notation(GAME.action_to_text(action), "fr")) == action
            if is_play(action):  # the short forms and the words without commas
                short = " ".join(f"{SHORT_FR[c >> 4]}{c & 15}" for c in play_cards(action))
                assert GAME.parse_action(render.to_notation(f"jouer {short}", "fr")) == action
                assert GAME.parse_action(render.to_notation(head.replace(",", ""), "fr")) == action


def test_french_typed_words_and_their_refusals() -> None:
    assert render.to_notation("jouer rouge 14, bleu 3") == "play R14 B3"
    assert render.to_notation("Jouer ROUGE 14 Bleu 3") == "play R14 B3"
    assert render.to_notation("jouer rou14 vio3 j0") == "play R14 V3 Y0"
    assert render.to_notation("jouer rouge14") == "play R14"
    assert render.to_notation("combat en vert") == "battle G"
    assert render.to_notation("combat ver") == "battle G"
    assert render.to_notation("piocher 2") == "draw 2"
    assert render.to_notation("play R14 B3") == "play R14 B3"  # the notation passes unchanged
    with pytest.raises(Exception, match="not a card"):
        GAME.parse_action(render.to_notation("jouer rouge ?"))  # a back is never typed
    with pytest.raises(Exception, match="not a card"):
        GAME.parse_action(render.to_notation("jouer rouge 16"))


def test_the_record_notation_and_the_web_legend_keep_the_letters() -> None:
    """Records, action ids and the API stay language-independent: only labels change."""
    assert GAME.action_to_text(GAME.parse_action("play R14 B3")) == "play B3 R14"
    assert GAME.action_to_text(BATTLE + 3) == "battle R"
    fr, en = render.legend("fr"), render.legend("en")
    assert [c["letter"] for c in fr["colours"]] == [c["letter"] for c in en["colours"]] == list("WBVRYG")
    # a French card's face says its colour in full (bla and ble are easily mixed up)
    assert fr["colours"][3] == {"letter": "R", "mark": "rouge", "word": "rouge", "card": "rouge {value}",
                                     "name": "rouge", "creature": "phénix"}
    assert en["colours"][3]["card"] == "red {value}" and en["colours"][3]["mark"] == "R"
    assert fr["separator"] == en["separator"] == ", "
