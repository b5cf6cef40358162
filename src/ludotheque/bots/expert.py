"""The ``expert`` bot: the search of ``bots/ismcts.py`` guided by the game's trained network
(``bots/network.py``: its prior orders and weighs the moves tried, its values replace the
playouts), evaluated with numpy: no PyTorch and no GPU needed to play it.

The network is the one the game ships for the table's options (``Game.network().shipped``: one
file per player count), read once per process and only when the bot first moves: the bot itself
holds plain data (the web table pickles it for every move it sends to a search worker). Where
the game ships none for those options, the expert plays the same search with the game's own
knowledge (the heuristic evaluator), as ``ismcts`` does, with its own time.
"""

from __future__ import annotations

from typing import Any

from .evaluators import Evaluator
from .ismcts import IsmctsBot


class ExpertBot(IsmctsBot):
    """plays with a trained network: the search guided by what it learnt, 1 s a move"""

    name = "expert"

    def __init__(self, seed: int | str | None = None, iterations: int | None = None,
                 seconds: float = 1.0) -> None:
        super().__init__(seed, iterations, seconds)

    def evaluator(self) -> Evaluator:
        """The game's shipped network for the table's options, or its own knowledge without one."""
        from .network import NetworkEvaluator, shipped  # numpy, read when an expert first moves

        network = shipped(self.game, self.options)
        if network is None:
            return super().evaluator()
        return NetworkEvaluator(network, self.game, self.options)

    def __getstate__(self) -> Any:
        """Plain data only: the last move's search (its tree, its evaluator) is not kept."""
        state = super().__getstate__()
        parts = state if isinstance(state, tuple) else (state,)
        kept = tuple({**part, "last": None} if isinstance(part, dict) and "last" in part else part
                     for part in parts)
        return kept if isinstance(state, tuple) else kept[0]
