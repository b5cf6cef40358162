"""Gargon ("L'Amulette du pouvoir"): 3-5 players, visible card backs, hidden values."""

from .game import SPEC, GargonGame
from .observe import GargonObservation
from .phase import Phase
from .state import GargonState

GAME = GargonGame()

__all__ = ["GAME", "SPEC", "GargonGame", "GargonObservation", "GargonState", "Phase"]
