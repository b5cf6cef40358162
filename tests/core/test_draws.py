"""The compiled draws give the standard library's numbers, so seeded games stay the same."""

from __future__ import annotations

import random

from ludotheque.core.draws import randbelow, shuffle


def test_randbelow_is_randrange() -> None:
    ours, theirs = random.Random(3), random.Random(3)
    for n in [1, 2, 3, 7, 8, 9, 100, 1000, 2**31 + 5, *range(1, 300)]:
        assert randbelow(ours, n) == theirs.randrange(n)


def test_shuffle_is_random_shuffle() -> None:
    for seed in range(20):
        ours, theirs = list(range(102)), list(range(102))
        shuffle(random.Random(seed), ours)
        random.Random(seed).shuffle(theirs)
        assert ours == theirs
