"""Kagoun's actions in parts, for boards (``ludotheque.choices``), as the observation names
things (cards ``"M1"``, ends ``"a"``/``"b"``, seats from 0); a pairing says what it would do by
the rules (valid, strength, a perfect pair, the powers it fires) and a chain placement the points
the chain would make, so that no board repeats a rule. Nothing is tried beyond the legal actions:
the board offers only them."""

# mypyc: compile

from __future__ import annotations

from typing import Any

from . import chain as chains
from .actions import (
    CARD,
    CHAIN,
    CLEAR,
    CONSOLIDATE,
    DISCARD,
    DROP,
    KAGOUN,
    LINK,
    PASS,
    SCRAP,
    STOP,
    TAKE_FROM,
    chain_parts,
    unlink,
)
from .components import DECK_SIZE, POWER_NAMES, card_name, load_deck
from .notation import LINES
from .observe import KagounObservation
from .scoring import chain_score

_PAIRINGS = ("capture", "steal", "defend")
_ONE_CARD = ((SCRAP, "scrap"), (DROP, "drop"), (CLEAR, "clear"), (CARD, "card"))
_WORDS = {KAGOUN: "kagoun", CONSOLIDATE: "consolidate", DISCARD: "discard", PASS: "pass", STOP: "stop"}


def action_parts(action: int, observation: KagounObservation) -> dict[str, Any]:
    """``{"kind": "capture", "card": "M1", "end": "a", "target": "G2", "target_end": "b",
    "valid": true, "strength": 5, "perfect": false, "powers": ["draw"]}`` (also ``steal``,
    ``defend``); ``{"kind": "chain", "card": "D1", "turned": false, "side": "right",
    "points": 4}``; ``{"kind": "scrap" | "drop" | "clear", "card": "M1"}``; ``{"kind": "take",
    "seat": 2}``; ``{"kind": "kagoun" | "consolidate" | "discard" | "pass" | "stop"}``."""
    deck = load_deck(observation.deck)
    if action < CHAIN:
        base, card, u, target, ln = unlink(action)
        return {"kind": _PAIRINGS[base // LINK], "card": card_name(card), "end": LINES[u],
                "target": card_name(target), "target_end": LINES[ln],
                "valid": deck.valid(card, u, target, ln), "strength": deck.strength(card, u, target, ln),
                "perfect": card // 2 == target // 2,
                "powers": [POWER_NAMES[p] for p in deck.fired(card, u, target, ln)]}
    if action < SCRAP:
        card, side, turned = chain_parts(action)
        return {"kind": "chain", "card": card_name(card), "turned": bool(turned),
                "side": "right" if side else "left", "points": _points_after(observation, card, side, turned)}
    for base, kind in _ONE_CARD:
        if base <= action < base + DECK_SIZE:
            return {"kind": kind, "card": card_name(action - base)}
    if TAKE_FROM <= action < TAKE_FROM + 4:
        return {"kind": "take", "seat": action - TAKE_FROM}
    return {"kind": _WORDS[action]}


def _points_after(observation: KagounObservation, card: int, side: int, turned: int) -> int:
    """The points of the acting seat's chain once ``card`` joins it there."""
    chain = observation.chain_links(observation.seat if observation.seat is not None else 0)
    chains.add(chain, card, side, turned)
    return chain_score(load_deck(observation.deck), chain)
