"""Kagoun's words for how a game ends, in English and French: the warning before a Kagoun! call
that eliminates its caller if the round ends under 10 points (003 Contrôle: "tous les joueurs
ayant crié « Kagoun ! » mais disposant de moins de 10 points en fin de manche sont
immédiatement éliminés"), why the winner won, and each chain counted as 003 counts it (1 per
complete large symbol, 2 each when a colour repeats, +2 for the four colours)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.words import pick, say, seat_name
from .actions import KAGOUN
from .components import WIN_POINTS, load_deck
from .observe import KagounObservation
from .scoring import chain_sheet

#: The four colours in words, by letter (Y B G R): the game's words (render.py) and its end's.
COLOUR_WORDS = {"en": {"Y": "yellow", "B": "blue", "G": "green", "R": "red"},
                "fr": {"Y": "jaune", "B": "bleu", "G": "vert", "R": "rouge"}}

_WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "call_warn": "You have {n} points; under 10 at the end of the round you are eliminated.",
        "call_warn_1": "You have 1 point; under 10 at the end of the round you are eliminated.",
        "call_warn_0": "You have 0 points; under 10 at the end of the round you are eliminated.",
        "why_kagoun": "Kagoun! called with {n} points, the best call of 10 or more",
        "why_ko": "KO: the last player still in (a Kagoun! call under 10 points eliminates its caller)",
        "why_ko_best": "KO: every player still in called Kagoun! under 10 points; the one with the most "
                       "points wins ({n})",
        "why_rounds": "the round limit was reached: the most points ({n})",
        "part": "{colour} ×{n} → {points}", "four": "four colours → +2", "no_chain": "—",
        "called": "called", "wins": "wins", "out": "out",
        "chain_row": "Chain", "points_row": "Points", "call_row": "Kagoun!", "result_row": "Result",
    },
    "fr": {
        "call_warn": "Vous avez {n} points ; sous 10 points à la fin de la manche, vous êtes hors jeu.",
        "call_warn_1": "Vous avez 1 point ; sous 10 points à la fin de la manche, vous êtes hors jeu.",
        "call_warn_0": "Vous avez 0 point ; sous 10 points à la fin de la manche, vous êtes hors jeu.",
        "why_kagoun": "Kagoun ! crié avec {n} points, le meilleur cri à 10 ou plus",
        "why_ko": "KO : dernière personne encore en jeu (crier Kagoun ! sous 10 points met hors jeu)",
        "why_ko_best": "KO : toutes les personnes encore en jeu ont crié Kagoun ! sous 10 points ; "
                       "le plus de points l'emporte ({n})",
        "why_rounds": "la limite de manches est atteinte : le plus de points ({n})",
        "part": "{colour} ×{n} → {points}", "four": "quatre couleurs → +2", "no_chain": "—",
        "called": "crié", "wins": "gagne", "out": "hors jeu",
        "chain_row": "Chaîne", "points_row": "Points", "call_row": "Kagoun !", "result_row": "Résultat",
    },
}


def _word(key: str, lang: str, **params: object) -> str:
    return say(_WORDS, key, lang, **params)


def confirm_text(action: int, observation: KagounObservation, lang: str = "en") -> str | None:
    """Before a Kagoun! call under 10 points: the points it has, and that the caller is out if
    the round ends under 10 (its resolutions may still bring points); None for any other action."""
    seat = observation.seat
    if action != KAGOUN or seat is None or observation.points[seat] >= WIN_POINTS:
        return None
    n = observation.points[seat]
    return _word(f"call_warn_{n}" if n <= 1 else "call_warn", lang, n=n)


def winning_seats(observation: KagounObservation) -> tuple[int, ...]:
    """The winner, or none: a game stopped by the round limit or with everyone out at once has
    no winner (its scores, all 0, cannot say it)."""
    return () if observation.winner is None else (observation.winner,)


def end_reason(observation: KagounObservation, lang: str = "en",
               names: Sequence[str] | None = None) -> str:
    """Why the winner won ("" without a winner: ``winners_text`` says why nobody did)."""
    obs = observation
    winner = obs.winner
    if winner is None:
        return ""
    n = obs.points[winner]
    if obs.ending == "ko":  # a caller winning by KO: the house rule when everyone is out at once
        return _word("why_ko_best" if obs.called[winner] else "why_ko", lang, n=n)
    return _word("why_rounds" if obs.ending == "rounds" else "why_kagoun", lang, n=n)


def chain_text(sheet: dict[str, Any], lang: str = "en") -> str:
    """A chain counted colour by colour, one line each (``green ×2 → 4``), then the four
    colours' bonus; "—" without a complete symbol."""
    colours = pick(COLOUR_WORDS, lang)
    lines = [_word("part", lang, colour=colours[c["colour"]], n=c["junctions"], points=c["points"])
             for c in sheet["colours"]]
    if sheet["bonus"]:
        lines.append(_word("four", lang))
    return "\n".join(lines) or _word("no_chain", lang)


def end_sheet(observation: KagounObservation, lang: str = "en",
              names: Sequence[str] | None = None) -> tuple[list[str], list[list[str]]]:
    """The score sheet, one column per seat: the chain counted, its points, the last round's
    calls and the result (wins, out, or —)."""
    obs = observation
    seats = range(obs.players)
    deck = load_deck(obs.deck)
    sheets = [chain_sheet(deck, obs.chain_links(s)) for s in seats]
    # a KO leaves every other seat out (the last round's failed callers are not marked out then)
    result = [_word("wins", lang) if s == obs.winner
              else _word("out", lang) if not obs.active[s] or obs.ending == "ko" else "—" for s in seats]
    return [""] + [seat_name(s, lang, names) for s in seats], [
        [_word("chain_row", lang)] + [chain_text(sheets[s], lang) for s in seats],
        [_word("points_row", lang)] + [str(p) for p in obs.points],
        [_word("call_row", lang)] + [_word("called", lang) if c else "—" for c in obs.called],
        [_word("result_row", lang)] + result,
    ]
