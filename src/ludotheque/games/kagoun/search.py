"""What a search needs to know of Kagoun beyond the protocol: a playout move that is not absurd.

Uniformly random playouts call Kagoun! a third of the time and are eliminated, and lay most
attack cards on lines they do not pair with: a playout then says nothing of a position. The
search looks only at sensible actions: never a call under 10 points, never an invalid pairing
when a valid one (or another action) exists. A playout plays the heuristic's move, and a random
sensible one a fifth of the time (measured: 70% [55, 82] of 40 games against the heuristic at
100 playouts a move, against 60% with random sensible playouts). It reads the whole position, which
is the search's own drawing, never the real one (``bots/ismcts.py``).
"""

# mypyc: compile

from __future__ import annotations

from random import Random

from ...core.draws import randbelow
from .actions import CHAIN, KAGOUN, unlink
from .components import WIN_POINTS
from .heuristic import KagounHeuristic
from .observe import observe
from .scoring import chain_score
from .state import KagounState

WANDER = 0.2  # share of playout moves drawn at random among the sensible ones
_HEURISTIC = KagounHeuristic(0)  # its scoring only: ties are drawn with the playout's rng


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
    """A playout move for the seat to act (not at a chance node): a call as soon as it wins;
    else mostly the heuristic's move from the seat's view of the drawn position, now and then
    any action worth searching (so that playouts differ)."""
    choices = worth_searching(state)
    if KAGOUN in choices:
        return KAGOUN
    if len(choices) == 1 or rng.random() < WANDER:
        return choices[randbelow(rng, len(choices))]
    return _HEURISTIC.best(observe(state, state.to_act), choices, rng)
