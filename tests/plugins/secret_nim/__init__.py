"""Secret Nim: a tiny game defined outside the package, to prove that a game is one folder and
one entry-point line (``secret_nim = secret_nim:GAME`` in the group ``ludotheque.games``).

Two players take 1 to 3 stones in turn from a heap; whoever takes the last stone wins. The heap's
size is drawn by chance at the start (10 to 15 stones) and only the first player, the keeper, is
told it: the other player sees only what has been taken. It has no words and no board of its
own, so the front ends show it in notation with their generic board."""

from .game import GAME, SecretNim, SecretNimState

__all__ = ["GAME", "SecretNim", "SecretNimState"]
