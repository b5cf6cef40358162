"""Kagoun notation: cards ``M1`` (``M1~`` turned), lines ``M1a``/``M1b``, and the actions
``capture M1a G2b``, ``steal E1b G2a``, ``defend K1a G2a``, ``chain D1 right``, ``chain D1~ left``,
``scrap D1``, ``drop M1``, ``card M1`` (chance), ``clear M1``, ``take 2``, ``kagoun``,
``consolidate``, ``discard``, ``pass``, ``stop`` (docs/rules/kagoun.md §2)."""

# mypyc: compile

from __future__ import annotations

from typing import Final

from ...core.errors import NotationError
from .actions import (
    CAPTURE,
    CARD,
    CHAIN,
    CLEAR,
    CONSOLIDATE,
    DEFEND,
    DISCARD,
    DROP,
    KAGOUN,
    MAX_ACTION,
    PASS,
    SCRAP,
    STEAL,
    STOP,
    TAKE_FROM,
    chain_action,
    chain_parts,
    link,
    unlink,
)
from .components import DECK_SIZE, card_name

LINES = "ab"
_VERBS = {CAPTURE: "capture", STEAL: "steal", DEFEND: "defend"}
_WORDS = {KAGOUN: "kagoun", CONSOLIDATE: "consolidate", DISCARD: "discard", PASS: "pass", STOP: "stop"}
_ONE_CARD = {"scrap": SCRAP, "drop": DROP, "card": CARD, "clear": CLEAR}
_HELP = ("actions are capture/steal/defend CARDline CARDline (e.g. 'capture M1a G2b'), "
         "chain CARD[~] left|right, scrap/drop/card/clear CARD, take SEAT, kagoun, consolidate, "
         "discard, pass, stop")


#: Cards and lines by the names observations write (``M1``, ``M1a``), read by lookup: the
#: heuristic and the encoding read every observation's cards back, millions of times a search.
_CARD_OF: Final = {card_name(card): card for card in range(DECK_SIZE)}
_LINE_TEXTS: Final = [card_name(card) + end for card in range(DECK_SIZE) for end in LINES]
_LINE_OF: Final = {text: (line // 2, line % 2) for line, text in enumerate(_LINE_TEXTS)}


def parse_card(text: str) -> int:
    """``m1`` or ``M1`` to a card."""
    card = _CARD_OF.get(text)
    if card is not None:
        return card
    word = text.strip().upper()
    if len(word) != 2 or not ("A" <= word[0] <= "Z") or word[1] not in "12":
        raise NotationError(f"{text!r} is not a card; write a letter and 1 or 2, e.g. M1")
    return (ord(word[0]) - 65) * 2 + int(word[1]) - 1


def parse_line(text: str) -> tuple[int, int]:
    """``M1a`` to (card, end)."""
    line = _LINE_OF.get(text)
    if line is not None:
        return line
    word = text.strip()
    if len(word) != 3 or word[2].lower() not in LINES:
        raise NotationError(f"{text!r} is not a card's line; write the card and a or b, e.g. M1a")
    return parse_card(word[:2]), LINES.index(word[2].lower())


def line_text(card: int, end: int) -> str:
    """(card, end) to ``M1a``."""
    if 0 <= card < DECK_SIZE and 0 <= end < 2:
        return _LINE_TEXTS[card * 2 + end]
    return card_name(card) + LINES[end]


def action_to_text(action: int) -> str:
    """Canonical text of an action."""
    if not 0 <= action < MAX_ACTION:
        raise NotationError(f"{action} is not a Kagoun action")
    if action < CHAIN:
        base, card, u, target, ln = unlink(action)
        if card == target:
            raise NotationError(f"{action} is not a Kagoun action (a card paired with itself)")
        return f"{_VERBS[base]} {line_text(card, u)} {line_text(target, ln)}"
    if action < SCRAP:
        card, side, turned = chain_parts(action)
        return f"chain {card_name(card)}{'~' if turned else ''} {'right' if side else 'left'}"
    for word, base in _ONE_CARD.items():
        if base <= action < base + DECK_SIZE:
            return f"{word} {card_name(action - base)}"
    if TAKE_FROM <= action < KAGOUN:
        return f"take {action - TAKE_FROM}"
    return _WORDS[action]


def parse_action(text: str) -> int:
    """Text to action, case-insensitive; raises NotationError saying what is expected."""
    if not isinstance(text, str):
        raise NotationError(f"an action is text, got {text!r}")
    words = text.split()
    if not words:
        raise NotationError("empty action; " + _HELP)
    verb, args = words[0].lower(), words[1:]
    for base, name in _VERBS.items():
        if verb == name:
            if len(args) != 2:
                raise NotationError(f"{verb} takes your card's line and the target's, e.g. "
                                    f"'{verb} M1a G2b'")
            (card, u), (target, ln) = parse_line(args[0]), parse_line(args[1])
            if card == target:
                raise NotationError("a card cannot be paired with itself")
            return link(base, card, u, target, ln)
    if verb == "chain":
        if len(args) != 2 or args[1].lower() not in ("left", "right"):
            raise NotationError("chain takes a card (M1, or M1~ turned) and left or right")
        word = args[0]
        turned = word.endswith("~")
        return chain_action(parse_card(word.rstrip("~")), int(args[1].lower() == "right"), int(turned))
    if verb in _ONE_CARD:
        if len(args) != 1:
            raise NotationError(f"{verb} takes one card, e.g. '{verb} M1'")
        return _ONE_CARD[verb] + parse_card(args[0])
    if verb == "take":
        if len(args) != 1 or args[0] not in ("0", "1", "2", "3"):
            raise NotationError("take names the seat robbed, 0 to 3, e.g. 'take 2'")
        return TAKE_FROM + int(args[0])
    for code, word in _WORDS.items():
        if verb == word:
            if args:
                raise NotationError(f"{verb} takes nothing after it")
            return code
    raise NotationError(f"unknown action {words[0]!r}; " + _HELP)
