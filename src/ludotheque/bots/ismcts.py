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
- the others' moves may be left out of the tree (``OTHERS_BY_POLICY``: Gargon): in a single
  tree shared by every position drawn, another seat's choice would be made without regard to the
  hand the position gives it; played by the playout move from that hand instead (open loop, as
  chance), the others play their cards as players do, and the tree holds the seat's own choices;
- a seat's reward is its share of the win (1/k to each of k winners), whatever a game's scores
  mean (Gargon's are points, Drakon's and Kagoun's 1 and 0).

Positions are drawn consistent with everything the seat was shown so far (``remember``: won
cards seen face up, a card taken from it, its own coins ...), as a player who forgets nothing.
Beliefs (``beliefs``): where a game tells how plausible a drawn position makes what the others
did (``plausibility``: Gargon weighs the plays placed face down before the seat), each
iteration counts with that weight (importance sampling: a node's value is its rewards' weighted
mean), so the hidden cards follow what the others' plays say of them. Off by default: in Gargon
they cost the search 5 points of win share at 0.1 s a move, and changed nothing measurable at 1 s
(benchmarks/README.md).

The move is the root's most visited action, unless the game names its own move from the seat's
view (``favourite``: Gargon's heuristic) and the search's is not better by ``MARGIN`` (a share
of the win): a few hundred playouts cannot tell apart moves an expert rule ranks well.
Budget: ``iterations`` (with the bot's seed a move is then exactly reproducible) or
``seconds``.
"""

# mypyc: compile

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


class Node:
    """Statistics of one action tried from its parent, and the actions tried after it."""

    __slots__ = ("children", "visits", "available", "weight", "rewards")

    def __init__(self, players: int) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.available = 1
        self.weight = 0.0  # the visits' weights (beliefs); the visits themselves without them
        self.rewards = [0.0] * players  # each seat's rewards, weighted

    def mean(self, seat: int) -> float:
        """``seat``'s mean reward over the visits, each counted with its weight."""
        return self.rewards[seat] / self.weight if self.weight > 0.0 else 0.0


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
                 plausibility: Callable[[Any, int], float] | None = None,
                 favourite: Callable[[Any], Action] | None = None, margin: float = 0.0,
                 others_by_policy: bool = False) -> None:
        self.players = players
        self.others_by_policy = others_by_policy and policy is not None  # the others out of the tree
        self.plausibility = plausibility
        self.favourite = favourite  # the game's own move from the seat's view, kept unless ...
        self.margin = margin  # ... a searched move's mean beats it by this much
        self.preferred: Action | None = None
        self.evaluate = evaluate
        self.depth = depth if evaluate is not None else -1  # playout moves before ``evaluate``
        self.policy = policy
        self.candidates = candidates
        self.rng = rng
        self.exploration = exploration
        self.widening = widening
        self.root = Node(players)
        # Set by a caller whose every iteration starts at one seat's decision (positions drawn
        # for it, unchanged): the root's candidates are then asked for once.
        self.root_is_decision = False
        self.root_candidates: list[Action] | None = None
        self.iterations = 0

    @classmethod
    def for_game(cls, game: Game, players: int, rng: random.Random, knowledge: bool = True,
                 exploration: float = EXPLORATION, widening: float = WIDENING,
                 beliefs: bool = False) -> Search:
        """A search of ``game`` with what the game tells a search (unless not ``knowledge``:
        every legal action searched, random playouts to the end; ``beliefs``: drawn positions
        weighed by the game's ``plausibility``)."""
        known = game.search_knowledge()
        plausibility = getattr(known, "plausibility", None) if beliefs else None
        if not knowledge:
            known = None
        return cls(players, rng, exploration, widening, getattr(known, "rollout", None),
                   getattr(known, "worth_searching", None), getattr(known, "evaluate", None),
                   getattr(known, "PLAYOUT_MOVES", -1), plausibility,
                   getattr(known, "favourite", None), getattr(known, "MARGIN", 0.0),
                   getattr(known, "OTHERS_BY_POLICY", False))

    def draw(self, decision: Decision, remember: bool = True) -> tuple[State, float]:
        """A position for the next iteration, drawn from what ``decision``'s seat sees (and
        remembers), with its weight: the game's ``plausibility`` of it (1 without beliefs)."""
        drawn = decision.sample_position(self.rng, remember)
        if self.favourite is not None and self.preferred is None:
            self.preferred = self.favourite(drawn)  # from what the seat sees: any draw tells it
        plausibility = self.plausibility
        return drawn, 1.0 if plausibility is None else plausibility(drawn, decision.seat)

    def iterate(self, state: State, weight: float = 1.0) -> None:
        """Play ``state`` (a position drawn for the searching seat) through the tree and out;
        its rewards count with ``weight``."""
        rng = self.rng
        node = self.root
        path = [node]
        expanded = False
        searcher = state.to_act
        policy = self.policy
        others = policy if self.others_by_policy else None  # how the others move in the tree
        while not expanded and state.to_act is not None:
            if state.to_act == CHANCE:
                state.apply_trusted(sample_chance(state, rng))
                continue
            if others is not None and state.to_act != searcher:
                state.apply_trusted(others(state, rng))
                continue
            legal = self._candidates(state, node)
            action, node, expanded = self._step(node, state.to_act, legal)
            state.apply_trusted(action)
            path.append(node)
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
            visited.weight += weight
            totals = visited.rewards
            for seat in range(self.players):
                totals[seat] += weight * rewards[seat]
        self.iterations += 1

    def _candidates(self, state: State, node: Node) -> list[Action]:
        """The actions the tree may take from ``node``: the game's ``worth_searching``, or
        every legal action. At the root, once when the caller says the root is a seat's
        decision (``root_is_decision``): a game's candidates come from what the seat to act
        sees, and every position drawn for a decision shows its seat the same (a test checks it)."""
        candidates = self.candidates
        if candidates is None:
            return state.legal_actions()
        if node is not self.root or not self.root_is_decision:
            return candidates(state)
        if self.root_candidates is None:
            self.root_candidates = candidates(state)
        return self.root_candidates

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
            value = (child.mean(mover)
                     + self.exploration * math.sqrt(math.log(child.available) / child.visits))
            if value > best_value:
                best_action, best_node, best_value = action, child, value
        return best_action, best_node, False

    def best(self, legal: Sequence[Action], seat: int) -> Action:
        """The most visited legal action at the root (then the better mean for ``seat``), unless
        the game's own move (``favourite``) has a mean within ``margin`` of it."""
        def key(action: Action) -> tuple[int, float]:
            child = self.root.children.get(action)
            if child is None or not child.visits:
                return (0, 0.0)
            return (child.visits, child.mean(seat))
        best = max(legal, key=key)
        preferred = self.preferred
        if preferred is None or preferred == best or preferred not in legal:
            return best
        kept = self.root.children.get(preferred)
        if kept is None or not kept.visits:
            return best
        if self.root.children[best].mean(seat) < kept.mean(seat) + self.margin:
            return preferred  # the searched move is not clearly better than the game's own
        return best


class IsmctsBot(Bot):
    """looks ahead: a tree search of positions drawn again from what its seat sees, 0.5 s a move"""

    name = "ismcts"
    searches = True

    def __init__(self, seed: int | str | None = None, iterations: int | None = None,
                 seconds: float = 0.5, exploration: float = EXPLORATION,
                 widening: float = WIDENING, rollouts: str = "game", remember: bool = True,
                 beliefs: bool = False, margin: float | None = None) -> None:
        super().__init__(seed)
        self.beliefs = beliefs  # drawn positions weighed by what the others' plays say
        self.margin = margin  # instead of the game's MARGIN (0: the better mean of the two)
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
        if self.margin is not None:
            search.margin = self.margin
        search.root_is_decision = True  # every iteration starts at a position drawn for it
        deadline = None
        if self.iterations is None:  # its time, less what it waited to be asked (Decision.deadline)
            deadline = time.perf_counter() + decision.seconds_left(self.seconds)
        budget = self.iterations if self.iterations is not None else 1 << 62
        while search.iterations < budget:
            search.iterate(*search.draw(decision, self.remember))
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last = search
        return search.best(legal, decision.seat)

    def time_budget(self) -> float | None:
        return None if self.iterations is not None else self.seconds

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        raise NotImplementedError("the search plays from its decision (choose), not an observation")


class StrongIsmctsBot(IsmctsBot):
    """looks further ahead: the same search, 3 s a move"""

    name = "ismcts-hard"

    def __init__(self, seed: int | str | None = None, iterations: int | None = None,
                 seconds: float = 3.0, exploration: float = EXPLORATION,
                 widening: float = WIDENING, rollouts: str = "game", remember: bool = True,
                 beliefs: bool = False, margin: float | None = None) -> None:
        # the settings spelt out: mypyc 2.4 cannot compile **settings after defaults
        super().__init__(seed, iterations, seconds, exploration, widening, rollouts, remember,
                         beliefs, margin)
