"""Where a card may join a chain (003 Consolider; OQ 31(a)): at either end, upright or turned,
when its touching half has the colour of the chain's outer half there."""

# mypyc: compile

from __future__ import annotations

from .actions import LEFT, RIGHT
from .components import Deck
from .scoring import chain_score
from .state import Link


def fits(deck: Deck, chain: list[Link], card: int, side: int, turned: int) -> bool:
    """Can ``card`` (turned or not) join ``chain`` at ``side``? Anything starts an empty chain."""
    if not chain:
        return True
    left, right = deck.face(card, turned)
    if side == RIGHT:
        last, t = chain[-1]
        return deck.face(last, t)[1] == left
    first, t = chain[0]
    return deck.face(first, t)[0] == right


def placements(deck: Deck, chain: list[Link], card: int) -> list[tuple[int, int]]:
    """Every (side, turned) where ``card`` fits."""
    return [(side, turned) for side in (LEFT, RIGHT) for turned in (0, 1)
            if fits(deck, chain, card, side, turned)]


def add(chain: list[Link], card: int, side: int, turned: int) -> None:
    if side == RIGHT:
        chain.append((card, turned))
    else:
        chain.insert(0, (card, turned))


def place_end(deck: Deck, chain: list[Link], card: int) -> bool:
    """After a won chain-end defence (OQ 33(b)): put ``card`` where it fits at either end, the
    placement scoring most (then upright, then right); False when it fits nowhere."""
    best: tuple[int, int, int] | None = None
    for side, turned in placements(deck, chain, card):
        trial = list(chain)
        add(trial, card, side, turned)
        key = (chain_score(deck, trial), -turned, side)
        if best is None or key > best:
            best = key
    if best is None:
        return False
    add(chain, card, best[2], -best[1])
    return True
