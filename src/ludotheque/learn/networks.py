"""Networks as actors receive them: an exported ``.npz`` file's bytes (they pickle, so they
reach a process or a Ray node that cannot read the trainer's disk), loaded once per process with
numpy alone (``bots/network.py``), never torch."""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Mapping
from typing import Any

from ..bots.network import Network, NetworkEvaluator
from ..core.game import Game

#: Networks loaded in this process, by the digest of their file's bytes: the last few only (a
#: long run's actors would otherwise keep every generation's).
_LOADED: dict[str, Network] = {}
KEPT = 4


def network_of(data: bytes, game: Game, options: Mapping[str, Any]) -> Network:
    """The network whose ``.npz`` file holds ``data``, checked to fit ``game`` and ``options``."""
    digest = hashlib.sha256(data).hexdigest()
    network = _LOADED.get(digest)
    if network is None:
        handle, path = tempfile.mkstemp(suffix=".npz")
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(data)
            network = _LOADED[digest] = Network.load(path, game, options)
        finally:
            os.unlink(path)
        network.path = None  # its file is gone: it pickles as its weights
        while len(_LOADED) > KEPT:
            del _LOADED[next(iter(_LOADED))]  # the oldest
    return network


def evaluator_of(data: bytes, game: Game, options: Mapping[str, Any]) -> NetworkEvaluator:
    """The search's evaluator with the network of ``data``."""
    return NetworkEvaluator(network_of(data, game, options), game, options)
