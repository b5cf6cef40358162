"""A finished game reviewed move by move for one seat, as chess sites mark mistakes (issue 18,
post-game analysis): at each decision of the seat, the search's estimated win chance, the move it
prefers, and what the move played cost. The search is guided by the best evaluator installed
(the game's shipped network for the table, else its own knowledge: ``network.best_evaluator``).

Every estimate is made from what the seat knew then: the search plays out positions drawn again
from the seat's decision (``Decision.sample_position``), never the record's open hands. The move
played and the search's preferred move are each valued by searches of equal budget from the
positions they lead to, so that the cost compares like with like (the tree's own mean of its
favourite is biased upwards by the choice).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.bot import Decision
from ..core.game import Action, State
from ..core.record import GameRecord
from .ismcts import Search, shares

#: A move's cost in win chance from which it is marked (the highest mark that applies).
MARKS: tuple[tuple[float, str], ...] = ((0.20, "blunder"), (0.10, "mistake"), (0.05, "inaccuracy"))


@dataclass(frozen=True)
class MoveReview:
    """One decision of the reviewed seat."""

    step: int  # the index of the move in the record's actions
    played: str  # the move played, in the game's notation
    best: str  # the move the search prefers
    chance: float  # the estimated win chance before the move, playing the preferred move
    played_chance: float  # the estimated win chance after the move played
    loss: float  # chance - played_chance, never below 0

    @property
    def mark(self) -> str:
        return next((name for bound, name in MARKS if self.loss >= bound), "")

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "played": self.played, "best": self.best,
                "chance": round(self.chance, 4), "played_chance": round(self.played_chance, 4),
                "loss": round(self.loss, 4), "mark": self.mark}


class Reviewer:
    """Searches one decision: its preferred move, then the value of a move for the seat."""

    def __init__(self, state: State, seat: int, iterations: int, rng: random.Random,
                 seconds: float | None = None) -> None:
        self.game = state.game
        self.players = state.players
        self.seat = seat
        self.iterations = max(1, iterations)
        self.seconds = seconds  # a time limit on the search for the preferred move, or none
        self.rng = rng
        self.decision = Decision(state, seat)
        from .network import best_evaluator  # numpy: only where a review runs (a worker process)

        self.evaluator = best_evaluator(state.game, state.options)  # a network where one is shipped

    def _search(self) -> Search:
        return Search(self.players, self.rng, self.evaluator)

    def preferred(self) -> Action:
        """The search's move; with ``seconds``, it stops early when time is up, and each value
        is then searched as long (as many playouts)."""
        search = self._search()
        search.root_is_decision = True  # every iteration starts at a position drawn for it
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        while search.iterations < self.iterations:
            search.iterate(*search.draw(self.decision))
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.iterations = search.iterations
        return search.best(self.decision.legal, self.seat)

    def value(self, action: Action) -> float:
        """The seat's mean win share over playouts after ``action`` from redrawn positions."""
        search = self._search()
        total = weights = 0.0
        for _ in range(self.iterations):
            position, weight = search.draw(self.decision)
            position.apply_trusted(action)
            weights += weight
            if position.is_terminal:
                total += weight * shares(position)[self.seat]
                continue
            before = search.root.rewards[self.seat]
            search.iterate(position, weight)
            total += search.root.rewards[self.seat] - before
        return total / weights if weights > 0.0 else 0.0

    def close(self) -> None:
        self.decision.close()


def review_move(state: State, seat: int, played: Action, step: int, iterations: int,
                rng: random.Random) -> MoveReview:
    """The review of ``played`` at ``state`` (the seat's decision; the state is left as it was)."""
    reviewer = Reviewer(state, seat, iterations, rng)
    try:
        legal = reviewer.decision.legal
        best = reviewer.preferred() if len(legal) > 1 else played
        played_chance = reviewer.value(played)
        chance = played_chance if best == played else reviewer.value(best)
    finally:
        reviewer.close()
    chance = max(chance, played_chance)  # the search's favourite may have been worse: no cost then
    game = state.game
    return MoveReview(step, game.action_to_text(played), game.action_to_text(best), chance,
                      played_chance, chance - played_chance)


def review_game(record: GameRecord, seat: int, iterations: int = 200, seed: int = 0,
                progress: Callable[[int, int], None] | None = None) -> list[MoveReview]:
    """Every decision of ``seat`` in ``record`` reviewed (``progress(done, total)`` after each).
    Reproducible: the same record, seat, budget and seed give the same review."""
    mine = decision_steps(record, seat)
    state = record.start()
    reviews: list[MoveReview] = []
    for step, text in enumerate(record.actions):
        if step in mine:
            played = state.game.parse_action(text)
            reviews.append(review_move(state, seat, played, step, iterations, review_rng(seed, seat, step)))
            if progress is not None:
                progress(len(reviews), len(mine))
        state.apply_text(text)
    return reviews


def position_at(record: GameRecord, step: int) -> State:
    """The game of ``record`` before its action ``step``."""
    state = record.start()
    for text in record.actions[:step]:
        state.apply_text(text)
    return state


def review_decision(record: GameRecord, seat: int, step: int, iterations: int, seed: int) -> dict[str, Any]:
    """The review of ``seat``'s decision at ``step`` alone (what the web table's analysis runs in a
    worker process, one decision at a time), from a position drawn again from what the seat saw
    then: what others held never enters the search."""
    state = position_at(record, step)
    played = state.game.parse_action(record.actions[step])
    position = state.resample(seat, random.Random(f"analysis:{seed}:{seat}:{step}"), True)
    return review_move(position, seat, played, step, iterations, review_rng(seed, seat, step)).to_json()


def review_rng(seed: int, seat: int, step: int) -> random.Random:
    """The random draws of the review of ``step`` (each decision its own: a review of one decision
    alone, as the web table's analysis makes them, is the same as in a whole game's review)."""
    return random.Random(f"review:{seed}:{seat}:{step}")


def decision_steps(record: GameRecord, seat: int) -> set[int]:
    """The steps of the record where ``seat`` decided among two or more moves."""
    state = record.start()
    if not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat}: seats are 0 to {state.players - 1}")
    steps = set()
    for step, text in enumerate(record.actions):
        if state.to_act == seat and len(state.legal_actions()) > 1:
            steps.add(step)
        state.apply_text(text)
    return steps


def hint(state: State, seat: int, iterations: int, seed: int | str = 0,
         seconds: float | None = None) -> tuple[Action, float]:
    """What the search would play at ``seat``'s decision, with its estimated win chance (a hint
    at the web table), searched ``iterations`` playouts or ``seconds`` at most. Like a review,
    it sees only what the seat sees: it plays out positions drawn again from the seat's decision."""
    reviewer = Reviewer(state, seat, iterations, random.Random(f"hint:{seed}"), seconds)
    try:
        legal = reviewer.decision.legal
        best = reviewer.preferred() if len(legal) > 1 else legal[0]
        return best, reviewer.value(best)
    finally:
        reviewer.close()
