"""Redrawing what a seat cannot see (for information-set searches): the other hands and the
pile are dealt again from the tiles the seat does not see, keeping every hand's size and the
pile's; the coins of the purses it does not see, the treasure and the coins out of the game are
drawn again from the coins whose values it does not know, keeping every count."""

# mypyc: compile

from __future__ import annotations

from random import Random

from ...core.draws import shuffle
from .state import DrakonState


def redraw_hidden(source: DrakonState, target: DrakonState, seat: int, rng: Random) -> None:
    others = [s for s in range(source.n) if s != seat]
    tiles = sorted([kind for s in others for kind in source.hands[s]] + list(source.pile))
    shuffle(rng, tiles)  # sorted first: the order tells nothing of where the tiles lie
    for s in others:
        target.hands[s] = [tiles.pop() for _ in source.hands[s]]
    target.pile = tiles
    own = source.purse_of[seat]
    hidden = [p for p in range(len(source.purses)) if p != own]
    coins: list[int] = []
    for stock in [*(source.purses[p] for p in hidden), source.treasure, source.gone]:
        for value in range(3):
            coins += [value] * stock[value]
    coins.sort()  # which stock held which coin must not show in their order
    shuffle(rng, coins)
    for p in hidden:
        target.purses[p] = _draw(coins, sum(source.purses[p]))
    target.treasure = _draw(coins, sum(source.treasure))
    target.gone = _draw(coins, sum(source.gone))


def _draw(coins: list[int], count: int) -> list[int]:
    stock = [0, 0, 0]
    for _ in range(count):
        stock[coins.pop()] += 1
    return stock
