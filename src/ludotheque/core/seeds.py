"""What a seed deals from: a reproducible Mersenne Twister, or a generator nobody can foresee.

A seed below ``KEY_FLOOR`` (2**64) seeds ``random.Random``, exactly as it always has: the
simulator's streams, the golden records and the tables stored before keys existed replay bit for
bit, and this path costs nothing more. But the Mersenne Twister is not a cryptographic generator,
and a small seed is a small search: from a public view (the colours of a pile's backs) a search
over 2**32 seeds finds the one that deals it, and with it every hidden card and every later draw.

So a seed of ``KEY_FLOOR`` or more is a *key*: its stream is HMAC-SHA256 in counter mode,
``HMAC(key, label NUL step counter)``, behind a ``random.Random`` subclass (``KeyedRandom``) whose
``getrandbits`` and ``random`` read it, so every existing shuffle and draw works unchanged. Without
the key, its numbers cannot be told from chance, whatever of them one has seen: neither the deal
nor any later draw can be computed. ``new_seed`` makes such keys, with 128 bits from the operating
system. A key is a seed like any other in a record: once it is known (at the end), the game
replays exactly; until then it must stay on the server.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from typing import Any, Final

#: Seeds from here on are keys of ``KeyedRandom``; below, seeds of ``random.Random``.
KEY_FLOOR: Final = 1 << 64
#: The random bits in a key that ``new_seed`` makes (the bit above them marks it as a key).
KEY_BITS: Final = 128


def new_seed() -> int:
    """A fresh, unforeseeable seed: a key with ``KEY_BITS`` bits from the operating system."""
    return (1 << KEY_BITS) | secrets.randbits(KEY_BITS)


def is_key(seed: int) -> bool:
    """Whether ``seed`` deals from ``KeyedRandom`` (else from the Mersenne Twister)."""
    return seed >= KEY_FLOOR


class KeyedRandom(random.Random):
    """The stream of ``key`` for ``label`` at ``step``: HMAC-SHA256 blocks in counter mode.

    Streams of different labels or steps are independent; seeing any of them tells nothing of
    another, nor of the rest of this one. It cannot be reseeded: its key is what it is."""

    def __init__(self, key: int, label: str, step: int = 0) -> None:
        if not is_key(key):
            raise ValueError(f"a key is a whole number of at least 2**64; got {key}")
        if "\0" in label or step < 0:
            raise ValueError("a stream's label has no NUL and its step is not negative")
        self._key = key.to_bytes((key.bit_length() + 7) // 8, "big")
        self._prefix = label.encode() + b"\0" + step.to_bytes(8, "big")
        self._counter = 0
        self._pool = 0  # bits drawn and not used yet, used from the low end
        self._pool_bits = 0
        self.gauss_next = None  # what random.Random.__init__ would set

    def seed(self, *args: Any, **kwargs: Any) -> None:
        # random.Random.__new__ calls this before __init__: nothing to seed then
        if hasattr(self, "_key"):
            raise TypeError("a KeyedRandom cannot be reseeded")

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        while self._pool_bits < k:
            block = hmac.digest(self._key, self._prefix + self._counter.to_bytes(8, "big"),
                                hashlib.sha256)
            self._counter += 1
            self._pool |= int.from_bytes(block, "big") << self._pool_bits
            self._pool_bits += 256
        bits = self._pool & ((1 << k) - 1)
        self._pool >>= k
        self._pool_bits -= k
        return bits

    def random(self) -> float:
        return self.getrandbits(53) * (1.0 / (1 << 53))

    def getstate(self) -> Any:
        return (self._key, self._prefix, self._counter, self._pool, self._pool_bits, self.gauss_next)

    def setstate(self, state: Any) -> None:
        self._key, self._prefix, self._counter, self._pool, self._pool_bits, self.gauss_next = state

    def __reduce__(self) -> Any:
        raise TypeError("a KeyedRandom holds a secret: it is not pickled")


def deal_random(seed: int) -> random.Random:
    """The generator a game deals from, given its seed (see the module's docstring)."""
    return KeyedRandom(seed, "deal") if is_key(seed) else random.Random(seed)


def stream_seed(seed: int, label: str, index: int) -> int:
    """A seed for a stream of its own (a bot's, say), which tells nothing of ``seed``: 256 bits of
    the key's ``label`` stream at ``index``. For keys only (hash a small seed instead)."""
    return KeyedRandom(seed, label, index).getrandbits(256)
