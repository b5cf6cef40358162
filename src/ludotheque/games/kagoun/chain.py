"""Where a card may join a chain (003 Consolider; OQ 31(a)): at either end, upright or turned,
when its touching half has the colour of the chain's outer half there; and how a chain is laid
again after a won chain-end defence (003 Voler; OQ 33)."""

# mypyc: compile

from __future__ import annotations

from .actions import LEFT, RIGHT
from .components import NUM_COLOURS, Deck
from .scoring import chain_score, counts_score, junctions
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
    """After a won chain-end defence, laid by the program (OQ 33(b), ``reconsolidation_choice=
    best``): put ``card`` where it fits at either end, the placement scoring most (then upright,
    then right); False when it fits nowhere."""
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
    """After a won chain-end defence, laid by the program (OQ 33(a), ``reconsolidation_choice=
    best``): the chain rebuilt freely from ``cards``, keeping as many as can fit, then scoring
    most; the cards left out are the ones that no longer fit."""
    return best_completion(deck, [], cards)


def best_completion(deck: Deck, chain: list[Link], cards: list[int]) -> list[Link]:
    """``chain`` continued at its right with ``cards`` so as to keep as many as can fit, then to
    score most (the program's arrangement, and a bot's choice when the player lays it).

    Cards with the same two halves are interchangeable here, so the search runs over kinds of
    cards (at most ten: unordered couples of colours) and never visits a state twice."""
    kinds = sorted({_kind(deck, c) for c in cards})
    pools = [sorted(c for c in cards if _kind(deck, c) == k) for k in kinds]
    search = _Search(kinds, [len(p) for p in pools])
    if chain:
        for colour in junctions(deck, chain):
            search.junctions[colour] += 1
        search.extend(deck.face(*chain[-1])[1])
    else:
        search.start()
    out: list[Link] = list(chain)
    taken = [0] * len(kinds)
    for index, left in search.best:
        card = pools[index][taken[index]]
        taken[index] += 1
        out.append((card, 0 if deck.left[card] == left else 1))
    return out


def _longest(kinds: list[tuple[int, int]], counts: list[int], right: int,
             memo: dict[tuple[tuple[int, ...], int], int]) -> int:
    """How many of the cards left (``counts`` per kind) can follow a chain whose right half is
    ``right`` (-1: an empty chain, anything starts it)."""
    key = (tuple(counts), right)
    if key in memo:
        return memo[key]
    best = 0
    for index, (a, b) in enumerate(kinds):
        if counts[index] and (right < 0 or right in (a, b)):
            counts[index] -= 1
            for far in ((a, b) if right < 0 else (b if right == a else a,)):
                best = max(best, 1 + _longest(kinds, counts, far, memo))
            counts[index] += 1
    memo[key] = best
    return best


def next_links(deck: Deck, chain: list[Link], cards: list[int]) -> list[Link]:
    """The chain laid again by its player (OQ 33(a)), left to right: every (card, turned) of
    ``cards`` that may come next at the right of ``chain`` so that the chain still ends with as
    many cards as can fit (003 Voler: only a card that fits nowhere is discarded). Empty when
    no card can follow."""
    kinds = sorted({_kind(deck, c) for c in cards})
    counts = [sum(1 for c in cards if _kind(deck, c) == k) for k in kinds]
    memo: dict[tuple[tuple[int, ...], int], int] = {}
    right = deck.face(*chain[-1])[1] if chain else -1
    goal = _longest(kinds, counts, right, memo)
    out: list[Link] = []
    if goal == 0:
        return out
    for card in sorted(set(cards)):
        index = kinds.index(_kind(deck, card))
        for turned in (0, 1):
            left, far = deck.face(card, turned)
            if right >= 0 and left != right:
                continue
            counts[index] -= 1
            if 1 + _longest(kinds, counts, far, memo) == goal:
                out.append((card, turned))
            counts[index] += 1
    return out
