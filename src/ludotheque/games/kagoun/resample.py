"""Positions a seat cannot tell apart from the real one, for information-set searches.

What a seat does not see is which cards lie in the other hands, in the pile and under the other
seats' face-down announcements and defences. Those cards are pooled, shuffled and dealt back to
the same places in the same numbers. It follows what the seat sees now (its observation): a bot
that remembers more (a card it lost to Take) narrows the draw itself.
"""

# mypyc: compile

from __future__ import annotations

from random import Random

from .state import NO_ATTACK, KagounState


def redraw_hidden(state: KagounState, other: KagounState, seat: int, rng: Random) -> None:
    """Turn ``other``, a copy of ``state``, into a position ``seat`` cannot tell apart from it."""
    pool: list[int] = list(other.pile)
    for s in range(state.n):
        if s == seat:
            continue
        pool += other.hands[s]
        for slots in (other.announced, other.extra):
            if slots[s] != NO_ATTACK and slots[s][1] >= 0:
                pool.append(slots[s][1])
    pool += [d[2] for d in other.defences if d[1] != seat]
    pool.sort()  # what the seat cannot see, in an order that tells nothing of where it lies
    rng.shuffle(pool)
    for s in range(state.n):
        if s == seat:
            continue
        size = len(other.hands[s])
        other.hands[s] = [pool.pop() for _ in range(size)]
        for slots in (other.announced, other.extra):
            kind, card, u, target, ln, victim = slots[s]
            if kind and card >= 0:
                slots[s] = (kind, pool.pop(), u, target, ln, victim)
    other.defences = [(t, s, pool.pop() if s != seat else c, u, ln) for t, s, c, u, ln in other.defences]
    other.pile = pool
    other.seed = None  # the deal's seed would rebuild the real cards
