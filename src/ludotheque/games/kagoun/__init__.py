"""Kagoun (Geekoviz): 2-4 players pair cards, capture, steal, chain and call "Kagoun!"."""

from .game import SPEC, KagounGame
from .observe import KagounObservation
from .state import KagounState

GAME = KagounGame()

__all__ = ["GAME", "SPEC", "KagounGame", "KagounObservation", "KagounState"]
