"""What a search (``bots/ismcts.py``) asks beyond the rules: which actions to look at, and what a
position reached by the tree is worth.

An ``Evaluator`` answers for a batch of *leaves* (positions the tree has just reached, each drawn
by the search from what its seat sees, never the real one) with, for each, a prior over the
actions its mover may take (or None: no prior, the tree then widens at random and selects by UCB1)
and every seat's value (its expected share of the win, the seats' values summing to 1). A leaf
may be at a chance node or over: the evaluator plays chance on (with the search's random
generator) or scores it.

- ``HeuristicEvaluator``: today's game knowledge (``Game.search_knowledge``, the ``search``
  module of the game's folder): no prior, the leaf played out by the game's playout move (or at
  random) to the end or for ``PLAYOUT_MOVES`` then judged by the game's ``evaluate``. The search
  with it plays as it always has (same moves at the same seed: a test).
- A network evaluator (``bots/network.py``) reads only the mover's *information state* (its
  observation and memory tensor) of each leaf, so its prior and values are the same whatever the
  drawn position hides from that mover.
"""

# mypyc: compile

from __future__ import annotations

from random import Random
from typing import Any

from mypy_extensions import mypyc_attr

from ..core.game import CHANCE, Action, Game, State, sample_chance

#: One leaf's answer: a prior over its mover's actions (None: no prior) and every seat's value.
Leaf = tuple[dict[Action, float] | None, list[float]]


def shares(state: State) -> list[float]:
    """Each seat's share of the win of a finished game (1/k to each of k winners)."""
    winners = state.winners()
    share = 1.0 / len(winners)
    return [share if seat in winners else 0.0 for seat in range(state.players)]


@mypyc_attr(allow_interpreted_subclasses=True)  # network evaluators are plain Python (numpy)
class Evaluator:
    """Every legal action searched, leaves played out uniformly at random to the end."""

    def __init__(self, batch: int = 1, priors: bool = False, margin: float = 0.0) -> None:
        # instance attributes, set here: a compiled search reads these slots, never a class
        # attribute of a plain-Python subclass
        #: Leaves evaluated together (the search walks the tree this many times with a virtual
        #: loss on the paths taken, then asks for them at once): 1 for playouts, more for a network.
        self.batch = batch
        #: Whether ``evaluate`` gives priors (the search then evaluates the root first, for its own).
        self.priors = priors
        #: A searched move is kept over the game's own (``favourite``) only if better by this share.
        self.margin = margin

    def candidates(self, state: State) -> list[Action]:
        """The actions the tree may take at ``state`` (a seat to act)."""
        return state.legal_actions()

    def evaluate(self, leaves: list[State], rng: Random) -> list[Leaf]:
        """Each leaf's prior (or None) and every seat's value; a leaf may be changed."""
        return [(None, self.playout(leaf, rng)) for leaf in leaves]

    def playout(self, state: State, rng: Random) -> list[float]:
        """Every seat's share of the win when ``state`` is played to the end at random."""
        while state.to_act is not None:
            if state.to_act == CHANCE:
                state.apply_trusted(sample_chance(state, rng))
            else:
                state.apply_trusted(state.sample_action(rng))
        return shares(state)

    def other_move(self, state: State, rng: Random) -> Action | None:
        """The move of a seat other than the searcher's played outside the tree, or None: the
        tree searches it."""
        return None

    def favourite(self, state: State) -> Action | None:
        """The game's own move from the searching seat's view (kept unless a searched move is
        better by ``margin``), or None."""
        return None

    def plausibility(self, state: State, seat: int) -> float:
        """How plausible a drawn position makes what the others did (the search's beliefs)."""
        return 1.0


class HeuristicEvaluator(Evaluator):
    """What the game tells a search (``Game.search_knowledge``): the actions worth a look, the
    playout move, and where the game has them the cut-off evaluation, its own move and beliefs.
    ``knowledge=False``: every legal action, random playouts to the end (the base evaluator).
    The game's pieces are kept as attributes (``worth_searching``, ``rollout``, ``judge`` after
    ``depth`` playout moves), each None where the game has none."""

    def __init__(self, game: Game, knowledge: bool = True, beliefs: bool = False) -> None:
        super().__init__()
        known = game.search_knowledge()
        self._plausibility = getattr(known, "plausibility", None) if beliefs else None
        if not knowledge:
            known = None
        self.rollout: Any = getattr(known, "rollout", None)
        self.worth_searching: Any = getattr(known, "worth_searching", None)
        self.judge: Any = getattr(known, "evaluate", None)
        self.depth: int = getattr(known, "PLAYOUT_MOVES", -1) if self.judge is not None else -1
        self._favourite = getattr(known, "favourite", None)
        self.margin = float(getattr(known, "MARGIN", 0.0))
        # the others out of the tree, played by the playout move from their drawn hands
        self.others_by_policy = bool(getattr(known, "OTHERS_BY_POLICY", False)) and self.rollout is not None

    def candidates(self, state: State) -> list[Action]:
        worth = self.worth_searching
        return state.legal_actions() if worth is None else list(worth(state))

    def playout(self, state: State, rng: Random) -> list[float]:
        policy = self.rollout
        moves = self.depth
        while state.to_act is not None and moves:
            if state.to_act == CHANCE:
                state.apply_trusted(sample_chance(state, rng))
            else:
                state.apply_trusted(state.sample_action(rng) if policy is None else policy(state, rng))
                moves -= 1
        judge = self.judge
        if state.to_act is None or judge is None:
            return shares(state)
        return list(judge(state))

    def other_move(self, state: State, rng: Random) -> Action | None:
        return self.rollout(state, rng) if self.others_by_policy else None

    def favourite(self, state: State) -> Action | None:
        favourite: Any = self._favourite
        return None if favourite is None else favourite(state)

    def plausibility(self, state: State, seat: int) -> float:
        plausibility: Any = self._plausibility
        return 1.0 if plausibility is None else float(plausibility(state, seat))
