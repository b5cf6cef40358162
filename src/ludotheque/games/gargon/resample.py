"""Positions a seat cannot tell apart from the real one, for information-set searches.

Every card's back shows its colour, so what a seat does not see is, colour by colour, which of
the values it has not seen lie where: in other hands, in other seats' cards in play before the
fight, in won piles face down, and in the two piles. Shuffling those values within each colour
and dealing them back to the same places gives every consistent position, each as likely as in
a fair deal seen from this seat.

What a seat remembers (``remember``): in the standard variant the won piles lie face down, but
every card in them was won face up, in a fight every seat watched (000: the cards in play are
turned over before the fights; the winner takes them). So a seat that forgets nothing knows every
won pile, and they stay as they are. Nothing else is shown and then hidden again: a card that
loses a fight is discarded face up, and drawn cards show only their colour. That memory is the
same for every seat and follows from the position itself: Gargon keeps no memory of its own (a
position set up mid-game counts its won piles as seen by all, as the setup shows them).
"""

# mypyc: compile

from __future__ import annotations

from random import Random

from .components import NUM_COLOURS
from .observe import face_up
from .state import GargonState


def redraw_hidden(state: GargonState, other: GargonState, seat: int, rng: Random,
                  remember: bool = False) -> None:
    """Turn ``other``, a copy of ``state``, into a position ``seat`` cannot tell apart from it
    (nor from what it saw earlier, with ``remember``: the won piles)."""
    revealed, won_up = face_up(state)
    won_up = won_up or remember
    hidden: list[list[int]] = []  # value lists of one colour whose values the seat cannot see
    for s in range(state.n):
        if s == seat:
            continue
        hidden += other.hands[s]
        if not revealed:
            hidden += other.in_play[s]
        if not won_up:
            hidden += other.won[s]
    pools: list[list[int]] = [[] for _ in range(NUM_COLOURS)]
    places: list[list[list[int]]] = [[] for _ in range(NUM_COLOURS)]
    for colour in range(NUM_COLOURS):
        for zone in hidden[colour::NUM_COLOURS]:  # each seat's zones list the colours in order
            pools[colour] += zone
            places[colour].append(zone)
    for pile in other.piles:
        for card in pile:
            pools[card >> 4].append(card & 15)
    for pool in pools:
        pool.sort()  # in an order that tells nothing of where the values lie
        rng.shuffle(pool)
    for colour in range(NUM_COLOURS):
        pool = pools[colour]
        for zone in places[colour]:
            size = len(zone)
            zone[:] = sorted(pool[len(pool) - size:], reverse=True)
            del pool[len(pool) - size:]
    for pile in other.piles:
        for index, card in enumerate(pile):
            pile[index] = (card >> 4) * 16 + pools[card >> 4].pop()
    other.seed = None  # the deal's seed would rebuild the real cards
    other.final_scores = None
