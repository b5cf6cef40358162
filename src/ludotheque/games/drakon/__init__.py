"""Drakon (3rd edition): 2-6 heroes in a dragon's dungeon of rooms, gold hidden face down."""

from .game import SPEC, DrakonGame
from .observe import DrakonObservation
from .state import DrakonState

GAME = DrakonGame()

__all__ = ["GAME", "SPEC", "DrakonGame", "DrakonObservation", "DrakonState"]
