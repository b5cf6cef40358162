"""Redrawing what a seat cannot see (for information-set searches): the other hands and the
pile are dealt again from the tiles the seat does not see, keeping every hand's size and the
pile's; the coins of the purses it does not see, the treasure and the coins out of the game are
drawn again from the coins whose values it does not know, keeping every count.

With ``remember``, also what the seat was shown earlier (``memory.py``): tiles it knows lie in a
hand or under the pile, and coins it knows lie in a stock, stay there; the rest is drawn again.
"""

# mypyc: compile

from __future__ import annotations

from random import Random

from ...core.draws import shuffle
from .memory import UNKNOWN
from .state import DrakonState


def redraw_hidden(source: DrakonState, target: DrakonState, seat: int, rng: Random,
                  remember: bool = False) -> None:
    others = [s for s in range(source.n) if s != seat]
    tiles = sorted([kind for s in others for kind in source.hands[s]] + list(source.pile))
    if remember and (source.tile_memory[seat] or source.pile_memory[seat]):
        _redraw_tiles(source, target, seat, rng, others, tiles)
    else:
        shuffle(rng, tiles)  # sorted first: the order tells nothing of where the tiles lie
        for s in others:
            target.hands[s] = [tiles.pop() for _ in source.hands[s]]
        target.pile = tiles
    own = source.purse_of[seat]
    hidden = [p for p in range(len(source.purses)) if p != own]
    stocks = [*(source.purses[p] for p in hidden), source.treasure, source.gone]
    known = source.coin_memory[seat] if remember else ()
    coins: list[int] = []
    if known:
        _redraw_coins(source, target, rng, hidden, stocks, known)
    else:
        for stock in stocks:
            for value in range(3):
                coins += [value] * stock[value]
        coins.sort()  # which stock held which coin must not show in their order
        shuffle(rng, coins)
        for p in hidden:
            target.purses[p] = _draw(coins, sum(source.purses[p]), [0, 0, 0])
        target.treasure = _draw(coins, sum(source.treasure), [0, 0, 0])
        target.gone = _draw(coins, sum(source.gone), [0, 0, 0])
    n = source.n
    if remember:  # the seat's own memory only: the others' would tell what it never saw
        target.coin_memory = tuple(known if s == seat else () for s in range(n))
        target.tile_memory = tuple(source.tile_memory[s] if s == seat else () for s in range(n))
        target.pile_memory = tuple(source.pile_memory[s] if s == seat else () for s in range(n))
    else:
        target.coin_memory = target.tile_memory = target.pile_memory = ((),) * n


def _redraw_coins(source: DrakonState, target: DrakonState, rng: Random, hidden: list[int],
                  stocks: list[list[int]], known: tuple[int, ...]) -> None:
    """The hidden stocks, the coins the seat knows left where they are."""
    indices = [*hidden, len(source.purses), len(source.purses) + 1]  # stocks in memory
    kept = [[min(known[3 * indices[i] + value], stock[value]) for value in range(3)]
            for i, stock in enumerate(stocks)]
    coins: list[int] = []
    for i, stock in enumerate(stocks):
        for value in range(3):
            coins += [value] * (stock[value] - kept[i][value])
    coins.sort()
    shuffle(rng, coins)
    drawn = [_draw(coins, sum(stock), kept[i]) for i, stock in enumerate(stocks)]
    for i, p in enumerate(hidden):
        target.purses[p] = drawn[i]
    target.treasure = drawn[-2]
    target.gone = drawn[-1]


def _draw(coins: list[int], count: int, kept: list[int]) -> list[int]:
    """A stock of ``count`` coins: ``kept`` (the seat knows they are there) and the rest drawn."""
    drawn = list(kept)
    for _ in range(count - kept[0] - kept[1] - kept[2]):
        drawn[coins.pop()] += 1
    return drawn


def _redraw_tiles(source: DrakonState, target: DrakonState, seat: int, rng: Random,
                  others: list[int], tiles: list[int]) -> None:
    """The hands and the pile, the tiles the seat remembers left where they are."""
    left: dict[int, int] = {}  # kind -> tiles of it the seat does not see, not yet placed
    for kind in tiles:
        left[kind] = left.get(kind, 0) + 1
    pile_size = len(source.pile)
    under = source.pile_memory[seat][:pile_size]  # what was above it was drawn since
    fixed_pile: list[int] = []
    for kind in under:
        if kind != UNKNOWN and left.get(kind, 0) > 0:
            left[kind] -= 1
            fixed_pile.append(kind)
        else:
            fixed_pile.append(UNKNOWN)
    held: dict[int, list[int]] = {s: [] for s in others}
    for holder, kind in source.tile_memory[seat]:
        if holder != seat and left.get(kind, 0) > 0 and len(held[holder]) < len(source.hands[holder]):
            left[kind] -= 1
            held[holder].append(kind)
    rest = [kind for kind in sorted(left) for _ in range(left[kind])]
    shuffle(rng, rest)
    for s in others:
        hand = held[s]
        target.hands[s] = hand + [rest.pop() for _ in range(len(source.hands[s]) - len(hand))]
    pile = [kind if kind != UNKNOWN else rest.pop() for kind in fixed_pile]
    target.pile = pile + rest  # bottom first: what the seat saw put under, then the rest
