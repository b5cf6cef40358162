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

What the search knows beyond the rules comes from an *evaluator* (``bots/evaluators.py``): the
actions worth a look, and for a batch of leaves (positions the tree has just reached) a prior over
each leaf's mover's actions and every seat's value. Today's game knowledge above is the
``HeuristicEvaluator`` (no prior: leaves played out). With an evaluator that gives priors (a
network reading only the mover's information state, ``bots/network.py``):

- a node reached for the first time takes its leaf's prior; selection is PUCT on availability,
  ``mean + puct * prior * sqrt(availability) / (1 + visits)``, and widening adds the untried
  action of highest prior; the root's position is evaluated first, for its prior;
- leaves are evaluated ``evaluator.batch`` at a time: the walks of a batch go down the tree one
  after another, each counting on its path as a visit lost (``virtual_loss``) until the batch is
  evaluated, so that they spread;
- for self-play, Dirichlet noise is mixed into the root's prior (``noise``, ``alpha``), the move
  is drawn by the root's visits at a temperature (``pick``) and the visits are the policy's
  target (``visits``).

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
from collections.abc import Sequence

from ..core.bot import Bot, Decision
from ..core.draws import randbelow
from ..core.game import CHANCE, Action, Game, Observation, State, sample_chance
from .evaluators import Evaluator, HeuristicEvaluator, Leaf, shares

__all__ = ["EXPLORATION", "WIDENING", "PUCT", "Node", "Search", "SearchSettings", "IsmctsBot",
           "StrongIsmctsBot", "shares"]

EXPLORATION = 0.7  # rewards are shares of a win, in [0, 1]
WIDENING = 2.0
PUCT = 1.5  # the prior's weight in selection (nodes with a prior)


class SearchSettings:
    """How the tree grows: UCB1's ``exploration`` (nodes without a prior), ``widening``,
    PUCT's weight ``puct`` (nodes with one), the root's Dirichlet ``noise`` (its weight, 0: none)
    and concentration ``alpha``, and the ``virtual_loss`` a walk of a batch counts on its path."""

    def __init__(self, exploration: float = EXPLORATION, widening: float = WIDENING,
                 puct: float = PUCT, noise: float = 0.0, alpha: float = 0.3,
                 virtual_loss: float = 1.0) -> None:
        self.exploration = exploration
        self.widening = widening
        self.puct = puct
        self.noise = noise
        self.alpha = alpha
        self.virtual_loss = virtual_loss


class Node:
    """Statistics of one action tried from its parent, and the actions tried after it."""

    __slots__ = ("children", "visits", "available", "weight", "rewards", "prior", "pending")

    def __init__(self, players: int) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.available = 1
        self.weight = 0.0  # the visits' weights (beliefs); the visits themselves without them
        self.rewards = [0.0] * players  # each seat's rewards, weighted
        self.prior: dict[Action, float] | None = None  # over the actions after it (its leaf's)
        self.pending = 0  # walks of the batch under way through it (each a virtual loss)

    def mean(self, seat: int) -> float:
        """``seat``'s mean reward over the visits, each counted with its weight."""
        return self.rewards[seat] / self.weight if self.weight > 0.0 else 0.0


def _most_likely(actions: list[Action], prior: dict[Action, float], unknown: float) -> Action:
    """The first of ``actions`` of highest prior (``unknown``: one the prior does not list)."""
    best, best_p = actions[0], -1.0
    for action in actions:
        p = prior.get(action, unknown)
        if p > best_p:
            best, best_p = action, p
    return best


class Walk:
    """One walk down the tree: the nodes it went through, the leaf it reached and its weight."""

    __slots__ = ("path", "leaf", "weight")

    def __init__(self, path: list[Node], leaf: State, weight: float) -> None:
        self.path = path
        self.leaf = leaf
        self.weight = weight


class Search:
    """One decision's tree, grown an iteration at a time."""

    def __init__(self, players: int, rng: random.Random, evaluator: Evaluator | None = None,
                 settings: SearchSettings | None = None) -> None:
        self.players = players
        self.rng = rng
        self.evaluator = evaluator if evaluator is not None else Evaluator()
        self.settings = settings if settings is not None else SearchSettings()
        self.preferred: Action | None = None  # the game's own move from the seat's view
        self._asked_favourite = False
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
        return cls(players, rng, HeuristicEvaluator(game, knowledge, beliefs),
                   SearchSettings(exploration, widening))

    def draw(self, decision: Decision, remember: bool = True) -> tuple[State, float]:
        """A position for the next iteration, drawn from what ``decision``'s seat sees (and
        remembers), with its weight: the evaluator's ``plausibility`` of it (1 without beliefs)."""
        drawn = decision.sample_position(self.rng, remember)
        if not self._asked_favourite:  # from what the seat sees: any draw tells it
            self._asked_favourite = True
            self.preferred = self.evaluator.favourite(drawn)
        return drawn, self.evaluator.plausibility(drawn, decision.seat)

    def run(self, decision: Decision, iterations: int | None = None, deadline: float | None = None,
            remember: bool = True) -> None:
        """Grow the tree from positions drawn for ``decision``: ``iterations`` more walks, or
        until ``deadline`` (``time.perf_counter()``), ``evaluator.batch`` walks at a time."""
        evaluator = self.evaluator
        if evaluator.priors and self.root.prior is None:
            self._evaluate_root(decision, remember)
        budget = self.iterations + iterations if iterations is not None else 1 << 62
        batch = max(1, evaluator.batch)
        while self.iterations < budget:
            walks = [self._walk(*self.draw(decision, remember))
                     for _ in range(min(batch, budget - self.iterations))]
            self._back_up(walks, evaluator.evaluate([walk.leaf for walk in walks], self.rng))
            if deadline is not None and time.perf_counter() >= deadline:
                break

    def iterate(self, state: State, weight: float = 1.0) -> None:
        """Play ``state`` (a position drawn for the searching seat) through the tree and out;
        its rewards count with ``weight``."""
        walk = self._walk(state, weight)
        self._back_up([walk], self.evaluator.evaluate([walk.leaf], self.rng))

    def _evaluate_root(self, decision: Decision, remember: bool) -> None:
        """The root's prior, from a position drawn for the decision (its seat's information
        state: the same in every draw), with the self-play noise mixed in."""
        prior, _ = self.evaluator.evaluate([decision.sample_position(self.rng, remember)], self.rng)[0]
        if prior is None:
            return
        settings = self.settings
        if settings.noise > 0.0 and prior:
            noise = [self.rng.gammavariate(settings.alpha, 1.0) for _ in prior]
            total = sum(noise) or 1.0
            keep = 1.0 - settings.noise
            prior = {action: keep * p + settings.noise * n / total
                     for (action, p), n in zip(prior.items(), noise, strict=True)}
        self.root.prior = prior

    def _walk(self, state: State, weight: float) -> Walk:
        """Down the tree from the root to a new node (or the game's end), each node on the way
        counting the walk as pending until it is backed up."""
        rng = self.rng
        evaluator = self.evaluator
        node = self.root
        node.pending += 1
        path = [node]
        expanded = False
        searcher = state.to_act
        while not expanded and state.to_act is not None:
            if state.to_act == CHANCE:
                state.apply_trusted(sample_chance(state, rng))
                continue
            if state.to_act != searcher:
                other = evaluator.other_move(state, rng)
                if other is not None:
                    state.apply_trusted(other)
                    continue
            legal = self._candidates(state, node)
            action, node, expanded = self._step(node, state.to_act, legal)
            state.apply_trusted(action)
            node.pending += 1
            path.append(node)
        return Walk(path, state, weight)

    def _back_up(self, walks: list[Walk], leaves: list[Leaf]) -> None:
        """Each walk's values added along its path, in the order the walks went down."""
        for walk, (prior, rewards) in zip(walks, leaves, strict=True):
            weight = walk.weight
            last = walk.path[-1]
            if prior is not None and last.prior is None:
                last.prior = prior
            for visited in walk.path:
                visited.pending -= 1
                visited.visits += 1
                visited.weight += weight
                totals = visited.rewards
                for seat in range(self.players):
                    totals[seat] += weight * rewards[seat]
            self.iterations += 1

    def _candidates(self, state: State, node: Node) -> list[Action]:
        """The actions the tree may take from ``node``: the evaluator's ``candidates``. At the
        root, once when the caller says the root is a seat's decision (``root_is_decision``):
        a game's candidates come from what the seat to act sees, and every position drawn for a
        decision shows its seat the same (a test checks it)."""
        if node is not self.root or not self.root_is_decision:
            return self.evaluator.candidates(state)
        if self.root_candidates is None:
            self.root_candidates = self.evaluator.candidates(state)
        return self.root_candidates

    def _step(self, node: Node, mover: int, legal: list[Action]) -> tuple[Action, Node, bool]:
        """The action taken from ``node`` among ``legal``, its node, and whether it is new."""
        tried = []
        for action in legal:
            child = node.children.get(action)
            if child is not None:
                child.available += 1
                tried.append((action, child))
        prior = node.prior
        room = math.ceil(self.settings.widening * math.sqrt(node.visits + node.pending))
        if len(tried) < len(legal) and (len(tried) < room or not tried):
            untried = [a for a in legal if a not in node.children]
            if prior is None:
                action = untried[randbelow(self.rng, len(untried))]
            else:  # widening in the prior's order
                action = _most_likely(untried, prior, 1.0 / len(legal))
            child = Node(self.players)
            node.children[action] = child
            return action, child, True
        loss = self.settings.virtual_loss
        best_action, best_node, best_value = tried[0][0], tried[0][1], -math.inf
        for action, child in tried:
            visits = child.visits + child.pending
            weight = child.weight + loss * child.pending
            mean = child.rewards[mover] / weight if weight > 0.0 else 0.0
            if prior is None:
                value = mean + self.settings.exploration * math.sqrt(math.log(child.available) / visits)
            else:
                value = mean + (self.settings.puct * prior.get(action, 1.0 / len(legal))
                                * math.sqrt(child.available) / (1 + visits))
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
        if self.root.children[best].mean(seat) < kept.mean(seat) + self.evaluator.margin:
            return preferred  # the searched move is not clearly better than the game's own
        return best

    def visits(self, legal: Sequence[Action]) -> list[float]:
        """The root's share of visits of each of ``legal`` (uniform before any): the target a
        policy learns from the search."""
        counts = [float(self._visits(action)) for action in legal]
        total = sum(counts)
        if total <= 0.0:
            return [1.0 / len(legal)] * len(legal)
        return [count / total for count in counts]

    def pick(self, legal: Sequence[Action], seat: int, temperature: float) -> Action:
        """The move: ``best`` at temperature 0, else drawn in proportion to each action's root
        visits raised to ``1 / temperature`` (self-play's exploration)."""
        if temperature <= 0.0:
            return self.best(legal, seat)
        weights = [float(self._visits(action)) ** (1.0 / temperature) for action in legal]
        total = sum(weights)
        if total <= 0.0:
            return legal[randbelow(self.rng, len(legal))]
        mark = self.rng.random() * total
        for action, weight in zip(legal, weights, strict=True):
            mark -= weight
            if mark < 0.0:
                return action
        return legal[-1]

    def _visits(self, action: Action) -> int:
        child = self.root.children.get(action)
        return 0 if child is None else child.visits


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

    def evaluator(self) -> Evaluator:
        """What the search knows beyond the rules: the game's own knowledge."""
        evaluator = HeuristicEvaluator(self.game, self.rollouts == "game", self.beliefs)
        if self.margin is not None:
            evaluator.margin = self.margin
        return evaluator

    def settings(self) -> SearchSettings:
        return SearchSettings(self.exploration, self.widening)

    def choose(self, decision: Decision) -> Action:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        search = Search(int(self.options["players"]), self.rng, self.evaluator(), self.settings())
        search.root_is_decision = True  # every iteration starts at a position drawn for it
        deadline = None
        if self.iterations is None:  # its time, less what it waited to be asked (Decision.deadline)
            deadline = time.perf_counter() + decision.seconds_left(self.seconds)
        search.run(decision, self.iterations, deadline, self.remember)
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
