"""What a search needs to know of Kagoun beyond the protocol: a playout move that is not absurd.

Uniformly random playouts call Kagoun! a third of the time and are eliminated, and lay most
attack cards on lines they do not pair with: a playout then says nothing of a position. The
playout move here is random among the sensible ones: never a call under 10 points, never an
invalid pairing when a valid one (or another action) exists. It reads the whole position, which
is the search's own drawing, never the real one (``bots/ismcts.py``).
"""

# mypyc: compile

from __future__ import annotations

from random import Random

from ...core.draws import randbelow
from .actions import CHAIN, KAGOUN, unlink
from .components import WIN_POINTS
from .scoring import chain_score
from .state import KagounState


def worth_searching(state: KagounState) -> list[int]:
    """The legal actions a search looks at: never a call under 10 points, never an invalid
    pairing when something else is possible (all of them when nothing is)."""
    legal = state.legal_actions()
    deck = state.deck
    sensible = []
    for action in legal:
        if action == KAGOUN:
            if chain_score(deck, state.chains[state.to_act or 0]) < WIN_POINTS:
                continue
        elif action < CHAIN:  # a capture, a steal or a defence
            _, card, u, target, ln = unlink(action)
            if not deck.valid(card, u, target, ln):
                continue
        sensible.append(action)
    return sensible or legal


def rollout(state: KagounState, rng: Random) -> int:
    """A playout move for the seat to act (not at a chance node): a call as soon as it wins,
    else any action worth searching."""
    choices = worth_searching(state)
    if KAGOUN in choices:
        return KAGOUN
    return choices[randbelow(rng, len(choices))]
