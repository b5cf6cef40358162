"""Seeded draws for the hot path: the same numbers as ``random.Random``'s own ``randrange(n)`` and
``shuffle`` from the same generator (CPython's algorithm, on ``getrandbits``), without their
Python-level overhead once compiled. A test checks that they agree with the standard library."""

# mypyc: compile

from __future__ import annotations

from random import Random


def randbelow(rng: Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n > 0`` (ValueError otherwise: nothing to draw from, say the
    legal actions of a finished game, would loop for ever)."""
    if n <= 0:
        raise ValueError(f"nothing to draw from: {n} choices")
    bits = rng.getrandbits
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


def shuffle(rng: Random, items: list[int]) -> None:
    """``rng.shuffle(items)``."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(rng, i + 1)
        items[i], items[j] = items[j], items[i]
