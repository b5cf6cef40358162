"""The gate: a candidate network plays the best so far (the game's own knowledge before there is
a best network), and replaces it only when clearly stronger.

Each deal is played once per seat, the candidate at that seat and the best at every other, so
that deals and seats favour neither; every seat searches ``iterations`` walks guided by its own
network (no noise, the most visited move). The candidate is promoted when its share of the wins
reaches the fair share (1 / players) plus ``MARGIN``.

``MARGIN`` is 0.05: AlphaGo Zero's 55% in a two-player game, and the same five points above the
fair share with more players (30% of four-player games). A gate of a few games is a coarse
filter (a share over 16 games is known to about ±12 points): it keeps a network that plainly
lost ground from guiding self-play, and a candidate that only ties keeps the best in place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..bots.evaluators import Evaluator, HeuristicEvaluator, shares
from ..bots.ismcts import SearchSettings
from ..core.registry import get_game
from ..sim.runner import game_seed
from .networks import evaluator_of
from .selfplay import Seating, play

#: The share of the wins above the fair share that promotes a candidate.
MARGIN = 0.05


@dataclass(frozen=True)
class GateJob:
    """A gate's games, as sent to actors: the candidate's and the best's ``.npz`` bytes."""

    game_id: str
    options: dict[str, Any]
    seed: int
    iterations: int
    candidate: bytes
    best: bytes | None  # None: the best so far is the game's own knowledge


def gate_game(job: GateJob, index: int) -> float:
    """Game ``index``: deal ``index // players`` with the candidate at seat ``index % players``;
    the candidate's share of the win."""
    game = get_game(job.game_id)
    options = game.resolve_options(job.options)
    players = int(options["players"])
    deal, seat = divmod(index, players)
    candidate = evaluator_of(job.candidate, game, options)
    best: Evaluator = (HeuristicEvaluator(game) if job.best is None
                       else evaluator_of(job.best, game, options))
    seating = Seating([candidate if s == seat else best for s in range(players)], job.iterations,
                      SearchSettings())
    return shares(play(game, options, game_seed(job.seed, deal), seating))[seat]


def gate_chunk(job: GateJob, start: int, stop: int) -> list[float]:
    """Games ``start`` to ``stop - 1`` of the gate (what a backend runs)."""
    return [gate_game(job, index) for index in range(start, stop)]


@dataclass(frozen=True)
class Verdict:
    """What the gate found: the candidate's share over its games, against the fair share."""

    games: int
    share: float
    fair: float
    promoted: bool

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "share": self.share, "fair": self.fair, "promoted": self.promoted}


def verdict(candidate_shares: Sequence[float], players: int, margin: float = MARGIN) -> Verdict:
    """Promoted when the candidate's mean share reaches the fair share plus ``margin``."""
    games = len(candidate_shares)
    share = sum(candidate_shares) / games if games else 0.0
    fair = 1.0 / players
    return Verdict(games, share, fair, games > 0 and share >= fair + margin - 1e-12)
