"""What each seat remembers of Kagoun's hidden cards (for ``resample(seat, rng, remember=True)``).

003 shows cards and hides them again in two ways only:
- **Take** (Prendre): the taker draws a card at random from a victim's hand. The victim sees which
  card left its hand, so it knows that card is now among the taker's hidden cards (hand, or a
  face-down card laid from it) until it is seen again or may have moved unseen (a card taken at
  random from that hand by a third seat).
- **Reshuffle** (OQ 7(a)): the face-up discard becomes the pile. Everyone saw it, so the pile holds
  only cards of that discard, until the next reshuffle.
Attack and defence cards are shown when their conflict is settled and then lie face up (a pair, a
chain, the discard): nothing to remember beyond what the table shows.

Memory is kept as values that are replaced, never changed in place, so that a copy shares it.
"""

# mypyc: compile

from __future__ import annotations

from ...core.memory import after_random_take
from .state import KagounState


def taken(state: KagounState, taker: int, victim: int, card: int) -> None:
    """``taker`` took ``card`` at random from ``victim``'s hand."""
    state.known = after_random_take(state.known, taker, victim, card)


def reshuffled(state: KagounState, cards: list[int]) -> None:
    """The discard ``cards`` became the pile: they were face up, so none of them is known to lie
    in a hand any more (a card seen in the discard left the hand it was remembered in)."""
    state.reshuffled = list(cards)
    gone = set(cards)
    if any(card in gone for facts in state.known for _, card in facts):
        state.known = tuple(tuple([f for f in facts if f[1] not in gone]) for facts in state.known)
