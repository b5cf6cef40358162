"""The game protocol and nothing else: specs, states, actions, observations, records, registry."""

from .errors import (
    IllegalActionError,
    LudothequeError,
    NotationError,
    OptionsError,
    RecordError,
    SetupError,
    UnknownGameError,
)
from .game import CHANCE, Action, Game, Observation, State
from .record import GameRecord, RecordedGame, ReplayError, ReplayStepError, replay
from .registry import game_ids, get_game, register
from .seeds import deal_random, new_seed
from .spec import GameSpec, OptionSpec

__all__ = [
    "CHANCE",
    "Action",
    "Game",
    "GameRecord",
    "GameSpec",
    "IllegalActionError",
    "LudothequeError",
    "NotationError",
    "Observation",
    "OptionSpec",
    "OptionsError",
    "RecordError",
    "RecordedGame",
    "ReplayError",
    "ReplayStepError",
    "SetupError",
    "State",
    "UnknownGameError",
    "deal_random",
    "game_ids",
    "get_game",
    "new_seed",
    "register",
    "replay",
]
