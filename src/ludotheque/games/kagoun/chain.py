"""Where a card may join a chain (003 Consolider; OQ 31(a)): at either end, upright or turned,
when its touching half has the colour of the chain's outer half there."""

# mypyc: compile

from __future__ import annotations

from .actions import LEFT, RIGHT
from .components import NUM_COLOURS, Deck
from .scoring import chain_score, counts_score
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


def _kind(deck: Deck, card: int) -> tuple[int, int]:
    a, b = deck.left[card], deck.right[card]
    return (a, b) if a <= b else (b, a)


class _Search:
    """Depth-first search over kinds of cards for the best free arrangement."""

    def __init__(self, kinds: list[tuple[int, int]], counts: list[int]) -> None:
        self.kinds = kinds
        self.counts = counts
        self.best: list[tuple[int, int]] = []  # (kind index, left colour), left to right
        self.best_key = (-1, -1)
        self.seen: set[tuple[tuple[int, ...], int, tuple[int, ...]]] = set()
        self.path: list[tuple[int, int]] = []
        self.junctions = [0] * NUM_COLOURS

    def start(self) -> None:
        for index, (a, b) in enumerate(self.kinds):
            for left, right in ((a, b), (b, a)):
                self.counts[index] -= 1
                self.path.append((index, left))
                self.extend(right)
                self.path.pop()
                self.counts[index] += 1

    def extend(self, right: int) -> None:
        state = (tuple(self.counts), right, tuple(self.junctions))
        if state in self.seen:
            return
        self.seen.add(state)
        key = (len(self.path), counts_score(self.junctions))
        if key > self.best_key:
            self.best_key, self.best = key, list(self.path)
        for index, (a, b) in enumerate(self.kinds):
            if self.counts[index] and right in (a, b):
                self.counts[index] -= 1
                self.junctions[right] += 1
                self.path.append((index, right))
                self.extend(b if right == a else a)
                self.path.pop()
                self.junctions[right] -= 1
                self.counts[index] += 1


def rearranged(deck: Deck, cards: list[int]) -> list[Link]:
    """After a won chain-end defence, with the option ``reconsolidation=free`` (OQ 33(a)): the
    chain rebuilt freely from ``cards``, keeping as many as can fit, then scoring most; the
    cards left out are the ones that no longer fit.

    Cards with the same two halves are interchangeable here, so the search runs over kinds of
    cards (at most ten: unordered couples of colours) and never visits a state twice."""
    kinds = sorted({_kind(deck, c) for c in cards})
    pools = [sorted(c for c in cards if _kind(deck, c) == k) for k in kinds]
    search = _Search(kinds, [len(p) for p in pools])
    search.start()
    out: list[Link] = []
    taken = [0] * len(kinds)
    for index, left in search.best:
        card = pools[index][taken[index]]
        taken[index] += 1
        out.append((card, 0 if deck.left[card] == left else 1))
    return out
