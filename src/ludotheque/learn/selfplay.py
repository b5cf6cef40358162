"""Self-play: whole games where every seat's move is a search guided by an evaluator (the best
network so far, or the game's own knowledge before there is one), each decision with a choice
kept as a training sample (``learn/samples.py``).

A searched move is drawn from the root's visits (temperature 1) for the game's first
``temperature_moves`` decisions, so that games differ from the first moves on, then the most
visited (temperature 0); Dirichlet noise on the root's prior (``noise``) makes the search try
moves the network does not favour yet. Chance is drawn with its probabilities. The samples are
the mover's information state (never the drawn positions the search played), its legal actions'
dense indices and their visit shares, and, once the game is over, every seat's share of the win,
mover-relative (entry r is seat ``(mover + r) % players``).

Actors run this in other processes (``learn/actors.py``): numpy only, the networks read from
their exported ``.npz`` bytes, never torch.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots.evaluators import Evaluator, HeuristicEvaluator, shares
from ..bots.ismcts import Search, SearchSettings
from ..core.bot import Decision
from ..core.game import CHANCE, Game, State, sample_chance
from ..core.registry import get_game
from ..core.tensors import action_indices, information_state
from ..sim.runner import game_seed
from .networks import evaluator_of
from .samples import Samples

#: Decisions of a self-play game (all seats counted) whose move is drawn from the visits.
TEMPERATURE_MOVES = 8
#: The share of Dirichlet noise in the root's prior during self-play (AlphaZero's 0.25).
NOISE = 0.25


@dataclass(frozen=True)
class Seating:
    """How a game's seats search: each seat's evaluator (one may serve several), the search's size
    and settings."""

    evaluators: Sequence[Evaluator]
    iterations: int
    settings: SearchSettings
    temperature_moves: int = 0


@dataclass
class Rows:
    """A game's samples as they are played, each row's mover kept for the value target."""

    entries: list[tuple[list[int], list[float]]] = field(default_factory=list)
    legal: list[list[int]] = field(default_factory=list)
    visits: list[list[float]] = field(default_factory=list)
    movers: list[int] = field(default_factory=list)

    def add(self, game: Game, options: Mapping[str, Any], state: State, decision: Decision,
            targets: Sequence[float]) -> None:
        """A decision with a choice at ``state``: the mover's information state, its legal
        actions' dense indices and ``targets``, the policy target of each (as ``decision.legal``)."""
        encoding, observation, seat = game.encoding(), decision.observation, decision.seat
        self.entries.append(information_state(encoding, options, state, seat, observation))
        self.legal.append(action_indices(encoding, observation, decision.legal))
        self.visits.append(list(targets))
        self.movers.append(seat)

    def samples(self, outcome: Sequence[float]) -> Samples:
        players = len(outcome)
        relative = [[outcome[(mover + r) % players] for r in range(players)] for mover in self.movers]
        return Samples.from_rows(self.entries, self.legal, self.visits, relative, players)


def choices(state: State, rng: random.Random) -> Iterator[Decision]:
    """The decisions with a choice of ``state``'s game, to its end: chance drawn with its
    probabilities, a lone legal action played (nothing to choose, nothing to learn). The caller
    plays each decision's move, and closes it, before asking for the next."""
    while state.to_act is not None:
        seat = state.to_act
        if seat == CHANCE:
            state.apply_trusted(sample_chance(state, rng))
            continue
        decision = Decision(state, seat)
        legal = decision.legal
        if len(legal) == 1:
            decision.close()
            state.apply_trusted(legal[0])
            continue
        yield decision


def play(game: Game, options: Mapping[str, Any], seed: int, seating: Seating,
         rows: Rows | None = None) -> State:
    """One game from deal ``seed``, each seat's move searched with its own evaluator; the finished
    state. ``rows``: where each decision with a choice is kept as a sample."""
    state = game.new_state(options, seed)
    rng = random.Random(seed)
    evaluators = seating.evaluators
    decisions = 0
    for decision in choices(state, rng):
        seat, legal = decision.seat, decision.legal
        search = Search(state.players, rng, evaluators[seat], seating.settings)
        search.root_is_decision = True
        search.run(decision, iterations=seating.iterations)
        if rows is not None:
            rows.add(game, options, state, decision, search.visits(legal))
        temperature = 1.0 if decisions < seating.temperature_moves else 0.0
        action = search.pick(legal, seat, temperature)
        decision.close()
        state.apply_trusted(action)
        decisions += 1
    return state


@dataclass(frozen=True)
class SelfPlayJob:
    """A generation's self-play, as sent to actors (pickles: plain data and the network's bytes)."""

    game_id: str
    options: dict[str, Any]
    seed: int
    iterations: int
    network: bytes | None  # the best network's .npz; None: the game's own knowledge guides
    temperature_moves: int = TEMPERATURE_MOVES
    noise: float = NOISE

    def seating(self, game: Game, options: Mapping[str, Any]) -> Seating:
        players = int(options["players"])
        guide = (HeuristicEvaluator(game) if self.network is None
                 else evaluator_of(self.network, game, options))
        return Seating([guide] * players, self.iterations, SearchSettings(noise=self.noise),
                       self.temperature_moves)


def self_play(job: SelfPlayJob, index: int) -> Samples:
    """Game ``index`` of ``job``: its samples."""
    game = get_game(job.game_id)
    options = game.resolve_options(job.options)
    rows = Rows()
    finished = play(game, options, game_seed(job.seed, index), job.seating(game, options), rows)
    return rows.samples(shares(finished))


def self_play_chunk(job: SelfPlayJob, start: int, stop: int) -> list[tuple[int, Samples]]:
    """Games ``start`` to ``stop - 1`` of ``job``, each with its index (what a backend runs:
    ``sim/backends.py``; chunks come back in any order)."""
    return [(index, self_play(job, index)) for index in range(start, stop)]
