"""Information-set Monte Carlo tree search: one search for every game, through the protocol.

The bot sees only its decision. Each iteration plays out a whole position drawn again from what
its seat sees (``Decision.sample_position``: the hidden part redrawn, the same whatever lies
hidden), so nothing it may not know reaches the search. The tree is the single-observer ISMCTS of
Cowling, Powley and Whitehouse (2012):

- one tree of the moves from the decision, shared by every position drawn; a node's children are
  the actions tried there, with their visits, their *availability* (how often they were legal when
  their parent was reached: positions drawn differ in what is legal) and every seat's rewards;
- selection by UCB1 on availability, for the seat to move: its mean reward plus
  ``exploration * sqrt(ln availability / visits)``;
- chance is open loop: an outcome is drawn with its probability (``sample_chance``) and the
  search stays at the same node, so what follows is averaged over the draws;
- wide decisions (Gargon's leads, Drakon's placements, Kagoun's pairings) are widened
  progressively: a node visited n times has at most ``ceil(widening * sqrt(n + 1))`` children,
  new ones drawn at random among the actions not tried yet;
- what a game tells a search (``Game.search_knowledge``: the ``search`` module of its folder)
  narrows the tree to the actions worth a look (``worth_searching``: the heuristic's best few in
  Gargon and Drakon, Kagoun's sensible ones), plays the playouts (``rollout``: the heuristic's
  moves), and may cut them short after ``PLAYOUT_MOVES`` to judge the position (``evaluate``:
  Drakon's gold). Without it, every legal action is searched and playouts are uniformly random
  to the end; chance always comes with its probabilities;
- a seat's reward is its share of the win (1/k to each of k winners), whatever a game's scores
  mean (Gargon's are points, Drakon's and Kagoun's 1 and 0).

Positions are drawn consistent with everything the seat was shown so far (``remember``: won
cards seen face up, a card taken from it, its own coins ...), as a player who forgets nothing.
Beliefs (``beliefs``): where a game tells how plausible a drawn position makes what the others
did (``plausibility``: Gargon weighs the plays placed face down before the seat), a drawn
position is kept with that chance and drawn again otherwise (rejection sampling, at most
``TRIES`` draws, then the most plausible one), so the hidden cards follow what the others' plays
say of them.

The move is the root's most visited action. Budget: ``iterations`` (with the bot's seed a move is
then exactly reproducible) or ``seconds``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..core.bot import Bot, Decision
from ..core.draws import randbelow
from ..core.game import CHANCE, Action, Game, Observation, State, sample_chance

EXPLORATION = 0.7  # rewards are shares of a win, in [0, 1]
WIDENING = 2.0
TRIES = 20  # positions drawn at most for one kept (beliefs): then the most plausible is kept


class Node:
    """Statistics of one action tried from its parent, and the actions tried after it."""

    __slots__ = ("children", "visits", "available", "rewards")

    def __init__(self, players: int) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.available = 1
        self.rewards = [0.0] * players


def shares(state: State) -> list[float]:
    """Each seat's share of the win of a finished game."""
    winners = state.winners()
    share = 1.0 / len(winners)
    return [share if seat in winners else 0.0 for seat in range(state.players)]


class Search:
    """One decision's tree, grown an iteration at a time."""

    def __init__(self, players: int, rng: random.Random, exploration: float = EXPLORATION,
                 widening: float = WIDENING,
                 policy: Callable[[Any, random.Random], Action] | None = None,
                 candidates: Callable[[Any], list[Action]] | None = None,
                 evaluate: Callable[[Any], list[float]] | None = None, depth: int = -1,
                 plausibility: Callable[[Any, int], float] | None = None) -> None:
        self.players = players
        self.plausibility = plausibility
        self.evaluate = evaluate
        self.depth = depth if evaluate is not None else -1  # playout moves before ``evaluate``
        self.policy = policy
        self.candidates = candidates
        self.rng = rng
        self.exploration = exploration
        self.widening = widening
        self.root = Node(players)
        self.iterations = 0

    @classmethod
    def for_game(cls, game: Game, players: int, rng: random.Random, knowledge: bool = True,
                 exploration: float = EXPLORATION, widening: float = WIDENING,
                 beliefs: bool = True) -> Search:
        """A search of ``game`` with what the game tells a search (unless not ``knowledge``:
        every legal action searched, random playouts to the end; ``beliefs``: drawn positions
        weighed by the game's ``plausibility``)."""
        known = game.search_knowledge()
        plausibility = getattr(known, "plausibility", None) if beliefs else None
        if not knowledge:
            known = None
        return cls(players, rng, exploration, widening, getattr(known, "rollout", None),
                   getattr(known, "worth_searching", None), getattr(known, "evaluate", None),
                   getattr(known, "PLAYOUT_MOVES", -1), plausibility)

    def draw(self, decision: Decision, remember: bool = True) -> State:
        """A position for the next iteration, drawn from what ``decision``'s seat sees (and
        remembers), kept with the chance the game's ``plausibility`` gives it."""
        plausibility = self.plausibility
        if plausibility is None:
            return decision.sample_position(self.rng, remember)
        best, best_weight = None, -1.0
        for _ in range(TRIES):
            drawn = decision.sample_position(self.rng, remember)
            weight = plausibility(drawn, decision.seat)
            if self.rng.random() < weight:
                return drawn
            if weight > best_weight:
                best, best_weight = drawn, weight
        assert best is not None
        return best

    def iterate(self, state: State) -> None:
        """Play ``state`` (a position drawn for the searching seat) through the tree and out."""
        rng = self.rng
        node = self.root
        path = [node]
        expanded = False
        while not expanded and state.to_act is not None:
            if state.to_act == CHANCE:
                state.apply_trusted(sample_chance(state, rng))
                continue
            legal = state.legal_actions() if self.candidates is None else self.candidates(state)
            action, node, expanded = self._step(node, state.to_act, legal)
            state.apply_trusted(action)
            path.append(node)
        policy = self.policy
        moves = self.depth
        while state.to_act is not None and moves:
            if state.to_act == CHANCE:
                state.apply_trusted(sample_chance(state, rng))
            else:
                state.apply_trusted(state.sample_action(rng) if policy is None else policy(state, rng))
                moves -= 1
        rewards = shares(state) if state.to_act is None or self.evaluate is None else self.evaluate(state)
        for visited in path:
            visited.visits += 1
            totals = visited.rewards
            for seat in range(self.players):
                totals[seat] += rewards[seat]
        self.iterations += 1

    def _step(self, node: Node, mover: int, legal: list[Action]) -> tuple[Action, Node, bool]:
        """The action taken from ``node`` among ``legal``, its node, and whether it is new."""
        tried = []
        for action in legal:
            child = node.children.get(action)
            if child is not None:
                child.available += 1
                tried.append((action, child))
        room = math.ceil(self.widening * math.sqrt(node.visits + 1))
        if len(tried) < len(legal) and (len(tried) < room or not tried):
            untried = [a for a in legal if a not in node.children]
            action = untried[randbelow(self.rng, len(untried))]
            child = Node(self.players)
            node.children[action] = child
            return action, child, True
        best_action, best_node, best_value = tried[0][0], tried[0][1], -1.0
        for action, child in tried:
            value = (child.rewards[mover] / child.visits
                     + self.exploration * math.sqrt(math.log(child.available) / child.visits))
            if value > best_value:
                best_action, best_node, best_value = action, child, value
        return best_action, best_node, False

    def best(self, legal: Sequence[Action], seat: int) -> Action:
        """The most visited legal action at the root (then the better mean for ``seat``)."""
        def key(action: Action) -> tuple[int, float]:
            child = self.root.children.get(action)
            if child is None or not child.visits:
                return (0, 0.0)
            return (child.visits, child.rewards[seat] / child.visits)
        return max(legal, key=key)


class IsmctsBot(Bot):
    """looks ahead: a tree search of positions drawn again from what its seat sees, 0.5 s a move"""

    name = "ismcts"
    searches = True

    def __init__(self, seed: int | str | None = None, iterations: int | None = None,
                 seconds: float = 0.5, exploration: float = EXPLORATION,
                 widening: float = WIDENING, rollouts: str = "game", remember: bool = True,
                 beliefs: bool = True) -> None:
        super().__init__(seed)
        self.beliefs = beliefs  # drawn positions weighed by what the others' plays say
        self.rollouts = rollouts  # "game": the game's playout move where it has one; "random"
        self.remember = remember  # positions drawn consistent with what the seat was shown before
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.widening = widening
        self.last: Search | None = None  # the last move's search (figures for benchmarks)

    def choose(self, decision: Decision) -> Action:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        search = Search.for_game(self.game, int(self.options["players"]), self.rng,
                                 self.rollouts == "game", self.exploration, self.widening,
                                 self.beliefs)
        deadline = None if self.iterations is not None else time.perf_counter() + self.seconds
        budget = self.iterations if self.iterations is not None else 1 << 62
        while search.iterations < budget:
            search.iterate(search.draw(decision, self.remember))
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last = search
        return search.best(legal, decision.seat)

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        raise NotImplementedError("the search plays from its decision (choose), not an observation")


class StrongIsmctsBot(IsmctsBot):
    """looks further ahead: the same search, 3 s a move"""

    name = "ismcts-hard"

    def __init__(self, seed: int | str | None = None, iterations: int | None = None,
                 seconds: float = 3.0, **settings: Any) -> None:
        super().__init__(seed, iterations, seconds, **settings)
