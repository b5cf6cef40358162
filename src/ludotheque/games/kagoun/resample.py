"""Positions a seat cannot tell apart from the real one, for information-set searches.

What a seat does not see is which cards lie in the other hands, in the pile and under the other
seats' face-down announcements and defences. Those cards are pooled, shuffled and dealt back to
the same places in the same numbers.

With ``remember``, also what the seat was shown earlier (``memory.py``): a card it knows lies
among a seat's hidden cards goes back among them, and after a reshuffle the pile is drawn only
from the discard it was made of. The other cards fill the places left, as before.
"""

# mypyc: compile

from __future__ import annotations

from random import Random

from .state import NO_ATTACK, KagounState


def redraw_hidden(state: KagounState, other: KagounState, seat: int, rng: Random,
                  remember: bool = False) -> None:
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
    if remember and (state.known[seat] or state.reshuffled is not None):
        _redraw_remembered(state, other, seat, rng, pool)
        return
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
    other.known = ((),) * state.n  # the others' memories would tell what lies where (the seat's: none)
    other.reshuffled = None


def _redraw_remembered(state: KagounState, other: KagounState, seat: int, rng: Random,
                       pool: list[int]) -> None:
    n = state.n
    places = [len(other.hands[s]) if s != seat else 0 for s in range(n)]  # hidden cards per seat
    for s in range(n):
        if s != seat:
            for slots in (other.announced, other.extra):
                if slots[s][0] and slots[s][1] >= 0:
                    places[s] += 1
    for d in other.defences:
        if d[1] != seat:
            places[d[1]] += 1
    held: list[list[int]] = [[] for _ in range(n)]  # what the seat knows each one holds
    hidden = set(pool)
    for holder, card in state.known[seat]:
        if card in hidden and len(held[holder]) < places[holder]:
            held[holder].append(card)
            hidden.discard(card)
    rest = [card for card in pool if card in hidden]
    rng.shuffle(rest)
    pile_size = len(other.pile)
    if state.reshuffled is not None:  # the pile holds only cards of the reshuffled discard
        source = set(state.reshuffled)
        fits = [card for card in rest if card in source]
        if len(fits) >= pile_size:
            pile = fits[len(fits) - pile_size:]
            taken = set(pile)
            rest = [card for card in rest if card not in taken]
        else:  # a position set up with a pile the memory does not explain: draw from all
            pile = rest[len(rest) - pile_size:]
            del rest[len(rest) - pile_size:]
    else:
        pile = rest[len(rest) - pile_size:]
        del rest[len(rest) - pile_size:]
    for s in range(n):
        if s == seat:
            continue
        cards = held[s] + [rest.pop() for _ in range(places[s] - len(held[s]))]
        rng.shuffle(cards)  # which of them it laid face down, the seat does not know
        other.hands[s] = [cards.pop() for _ in range(len(other.hands[s]))]
        for slots in (other.announced, other.extra):
            kind, card, u, target, ln, victim = slots[s]
            if kind and card >= 0:
                slots[s] = (kind, cards.pop(), u, target, ln, victim)
        held[s] = cards
    other.defences = [(t, s, held[s].pop() if s != seat else c, u, ln)
                      for t, s, c, u, ln in other.defences]
    other.pile = pile
    other.seed = None
    other.known = tuple(state.known[s] if s == seat else () for s in range(n))
