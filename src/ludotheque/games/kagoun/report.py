"""What a balance report counts in a finished Kagoun game (``sim/report.py`` sums it over many):
how it ended, each seat's chain points, the powers fired and the pairs won by capture or steal
(for the winners against the other players too), and the "Kagoun!" calls and how each ended.

A figure is a word (one per game: shares), a number (one per game: a distribution), a list
(one number per seat) or a mapping of counts (added over games)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ...core.game import State
from .actions import CAPTURE, DEFEND, STEAL
from .components import (
    COLOUR_LETTERS,
    DECK_SIZE,
    POWER_NAMES,
    WIN_POINTS,
    Deck,
    card_name,
    deck_file,
    load_deck,
)
from .scoring import chain_score

#: Powers and steals come from the public log.
NEEDS_LOG: Final = True


def figures(state: State, actions: Sequence[int] = ()) -> dict[str, Any]:
    """The figures of one finished game, from its log (``state.log`` kept) and its actions."""
    winners = set(state.winners())
    deck = state.deck  # type: ignore[attr-defined]
    powers: dict[str, int] = {}
    pairs: dict[str, int] = {}
    powers_by: dict[str, dict[str, int]] = {"winners": {}, "others": {}}
    pairs_by: dict[str, dict[str, int]] = {"winners": {}, "others": {}}
    calls: dict[str, int] = {}
    calling: set[int] = set()  # seats whose call waits for this round's victory check
    steals: set[str] = set()  # this round's targets announced as steals, as the log writes them

    def add(tally: dict[str, int], by: dict[str, dict[str, int]], key: str, seat: int) -> None:
        tally[key] = tally.get(key, 0) + 1
        group = by["winners" if seat in winners else "others"]
        group[key] = group.get(key, 0) + 1

    for event in state.log or ():  # type: ignore[attr-defined]
        kind = event.kind
        if kind == "power":
            add(powers, powers_by, event.args[0], event.seat)
        elif kind == "round":
            steals = set()
        elif kind == "announce" and event.args[0] == "steal":
            steals.add(event.args[1])
        elif kind == "win":
            add(pairs, pairs_by, "steal_won" if event.args[1] in steals else "capture_won", event.seat)
        elif kind == "call":
            calling.add(event.seat)
        elif kind == "out" and event.seat in calling:  # called under 10 points: out
            calling.discard(event.seat)
            calls["out"] = calls.get("out", 0) + 1
        elif kind == "over":  # the check ended the game (the chains are still those it read)
            for seat in calling:
                key = "won" if seat == event.seat else (
                    "beaten" if chain_score(deck, state.chains[seat]) >= WIN_POINTS else "out")  # type: ignore[attr-defined]
                calls[key] = calls.get(key, 0) + 1
            calling = set()
    for action in actions:  # the pairings announced are actions
        if CAPTURE <= action < DEFEND:
            key = "capture_announced" if action < STEAL else "steal_announced"
            pairs[key] = pairs.get(key, 0) + 1
    return {
        "ending": state.how_ended(),
        "points": [chain_score(deck, chain) for chain in state.chains],  # type: ignore[attr-defined]
        "powers": powers,
        "pairs": pairs,
        "powers_by_outcome": powers_by,
        "pairs_by_outcome": pairs_by,
        "calls": calls,
    }


def _face(deck: Deck, card: int) -> str:
    """A card as its file writes it: ``Y/B (a: B 2, b: G 2 defend)``."""
    ends = []
    for end in (0, 1):
        text = f"{'ab'[end]}: {''.join(COLOUR_LETTERS[c] for c in deck.small[card][end]) or '-'} "
        text += str(deck.force[card][end])
        if deck.power[card] and deck.power_end[card] == end:
            text += f" {POWER_NAMES[deck.power[card]]}"
        ends.append(text)
    return (f"{COLOUR_LETTERS[deck.left[card]]}/{COLOUR_LETTERS[deck.right[card]]} "
            f"({', '.join(ends)})")


def box(path: str) -> dict[str, Any]:
    """What a deck file changes from the deck the package ships: ``rows``, each card whose face
    differs (``M1``), and the cards of each power (``power-take``) when their number differs;
    ``totals``: its cards against the published 52 (the file is refused otherwise). Raises
    ComponentsError (in both languages) for a bad file."""
    shipped, mine = load_deck(), load_deck(deck_file(path))
    rows: list[dict[str, Any]] = [
        {"key": card_name(card), "shipped": _face(shipped, card), "box": _face(mine, card)}
        for card in range(DECK_SIZE) if _face(shipped, card) != _face(mine, card)]
    for power in range(1, len(POWER_NAMES)):
        before, after = shipped.power.count(power), mine.power.count(power)
        if before != after:
            rows.append({"key": f"power-{POWER_NAMES[power]}", "shipped": before, "box": after})
    return {"rows": rows, "totals": [{"key": "cards", "published": DECK_SIZE, "box": DECK_SIZE}]}


def box_words(lang: str) -> dict[str, str]:
    """The labels of ``box``'s keys in ``lang`` (a card is named by itself: ``M1``)."""
    from .render import legend

    powers = legend(lang)["powers"]
    if lang == "fr":
        return {f"power-{n}": f"cartes {powers[n]}" for n in POWER_NAMES[1:]} | {
            "cards": "cartes en tout"}
    return {f"power-{n}": f"{powers[n]} cards" for n in POWER_NAMES[1:]} | {"cards": "cards in all"}


def words(lang: str) -> dict[str, tuple[str, str, dict[str, str]]]:
    """Each figure's title, what it shows, and the labels of its keys, in ``lang``."""
    from .render import legend

    powers = legend(lang)["powers"]
    if lang == "fr":
        return {
            "powers_by_outcome": ("Pouvoirs : gagnants et autres",
                                  "Pouvoirs déclenchés, par gagnant et par autre joueur.", powers),
            "pairs_by_outcome": ("Paires gagnées : gagnants et autres",
                                 "Paires gagnées par capture et par vol, par gagnant et par autre "
                                 "joueur.", {"capture_won": "captures gagnées",
                                             "steal_won": "vols gagnés"}),
            "calls": ("Cris « Kagoun ! » et leur issue",
                      "Chaque « Kagoun ! » crié, par partie, selon le contrôle de victoire : "
                      "gagné (au moins 10 points, le meilleur), battu (un autre a gagné) ou "
                      "éliminé (moins de 10 points).",
                      {"won": "gagné", "beaten": "battu", "out": "éliminé"}),
            "ending": ("Comment la partie finit",
                       "Un « Kagoun ! » réussi, le dernier en lice (les autres éliminés), la "
                       "limite de manches, ou tous éliminés à la fois.",
                       {"kagoun": "Kagoun !", "ko": "dernier en lice", "rounds": "limite de manches",
                        "all_out": "tous éliminés"}),
            "points": ("Points de chaîne à la fin",
                       "Les points de la chaîne de chaque place à la fin (0 pour une place "
                       "éliminée).", {}),
            "powers": ("Pouvoirs déclenchés", "Chaque fois qu'un pouvoir agit, par pouvoir.", powers),
            "pairs": ("Captures et vols",
                      "Captures dans la rivière et vols annoncés, et les paires qu'ils ont gagnées.",
                      {"capture_announced": "captures annoncées", "capture_won": "captures gagnées",
                       "steal_announced": "vols annoncés", "steal_won": "vols gagnés"}),
        }
    return {
        "powers_by_outcome": ("Powers: winners and others",
                              "Powers fired, per winner and per other player.", powers),
        "pairs_by_outcome": ("Pairs won: winners and others",
                             "Pairs won by capture and by steal, per winner and per other player.",
                             {"capture_won": "captures won", "steal_won": "steals won"}),
        "calls": ("“Kagoun!” calls and how they ended",
                  "Each “Kagoun!” called, per game, by the victory check: won (at least 10 points, "
                  "the best), beaten (another player won) or out (under 10 points).",
                  {"won": "won", "beaten": "beaten", "out": "out"}),
        "ending": ("How games end",
                   "A successful “Kagoun!” call, the last player standing (the others out), "
                   "the round cap, or everyone out at once.",
                   {"kagoun": "Kagoun!", "ko": "last standing", "rounds": "round cap",
                    "all_out": "all out"}),
        "points": ("Chain points at the end",
                   "Each seat's chain points when the game ends (0 for a seat that is out).", {}),
        "powers": ("Powers fired", "Each time a power acts, by power.", powers),
        "pairs": ("Captures and steals",
                  "Captures from the river and steals announced, and the pairs they won.",
                  {"capture_announced": "captures announced", "capture_won": "captures won",
                   "steal_announced": "steals announced", "steal_won": "steals won"}),
    }
