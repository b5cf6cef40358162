"""The ``expert`` bot: the search of ``bots/ismcts.py`` guided by the game's trained network
(``bots/network.py``: its prior orders and weighs the moves tried, its values replace the
playouts), evaluated with numpy: no PyTorch and no GPU needed to play it.

The network is the one the game ships for the table's options (``Game.network().shipped``: one
file per player count), read once per process and only when the bot first moves. The bot itself
pickles as plain data (the web table pickles it for every move it sends to a search worker): its
last search is left out, and an evaluator pickles as its network's file, not its weights. It is
compiled with the search, as a subclass of its bot (``NetworkEvaluator`` stays plain Python:
numpy). Where the game ships none for those options, the expert plays the same search with the
game's own knowledge (the heuristic evaluator), as ``ismcts`` does, with its own time.
"""

# mypyc: compile

from __future__ import annotations

from typing import Any

from .evaluators import Evaluator
from .ismcts import IsmctsBot


class ExpertBot(IsmctsBot):
    """plays with a trained network where the game ships one: the search guided by it, 1 s a move"""

    name = "expert"

    def __init__(self, seed: int | str | None = None, iterations: int | None = None,
                 seconds: float = 1.0, network: str | None = None) -> None:
        super().__init__(seed, iterations, seconds)
        self.network = network  # a network file of its own (a ``ludotheque train`` run's best.npz)

    def evaluator(self) -> Evaluator:
        """Its own network, else the game's shipped network for the table's options, else the
        game's own knowledge."""
        # numpy: read when an expert first moves
        from .network import NetworkError, NetworkEvaluator, best_evaluator, cached

        if self.network is None:
            return best_evaluator(self.game, self.options)
        network = cached(self.network)
        unfit = network.unfit(self.game, self.options)
        if unfit is not None:
            raise NetworkError(f"{self.network}: {unfit}")
        return NetworkEvaluator(network, self.game, self.options)

    def __getstate__(self) -> Any:
        """Plain data only: the last move's search (a compiled tree does not unpickle) is not
        kept."""
        state: Any = super().__getstate__()
        parts = state if isinstance(state, tuple) else (state,)
        kept = tuple({**part, "last": None} if isinstance(part, dict) and "last" in part else part
                     for part in parts)
        return kept if isinstance(state, tuple) else kept[0]
