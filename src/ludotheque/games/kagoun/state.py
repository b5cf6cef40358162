"""Kagoun's position as data: plain lists of ints and tuples, cheap to clone. It knows no rule:
the rules (``rules.py``), the observations (``observe.py``) and the scores (``scoring.py``) are
functions over it, and ``position.py`` binds them to the game protocol.

Work still to do in a round is a queue of **tasks** ``(kind, seat, arg)`` (see ``tasks.py``): the
rules run the automatic ones and stop at the first that needs a seat's decision or chance.
"""

# mypyc: compile

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ...core.game import Game, State
from .components import Deck
from .events import Event

Pair = tuple[int, int, int, int]  # (upper, u, lower, ln): upper's end u lies beside lower's end ln
Link = tuple[int, int]  # (card, turned) in a chain, left to right
Attack = tuple[int, int, int, int, int, int]  # (kind, card, u, target, ln, victim); kind 0: none
NO_ATTACK: Final[Attack] = (0, -1, 0, -1, 0, -1)
Defence = tuple[int, int, int, int, int]  # (target, seat, card, u, ln)


class KagounState(State):
    """A Kagoun position. Every list is owned by this state; a copy copies them."""

    __slots__ = (
        "deck", "n", "seed", "hands", "pile", "discard", "river", "pairs", "chains",
        "active", "first", "round", "called", "announced", "defences", "stolen", "aimed",
        "extra", "replays", "loose", "tasks", "winner", "ending", "log", "reshuffled", "known",
    )

    def __init__(self, game: Game, options: Mapping[str, Any], deck: Deck,
                 source: KagounState | None = None) -> None:
        """An empty position, or an independent copy of ``source`` (its log off)."""
        self.game = game
        self.options = options
        self.deck = deck
        self.n: int = options["players"]
        self.log: list[Event] | None = None  # set to a list to record public events
        if source is not None:
            self._copy(source)
            return
        n = self.n
        self.seed: int | None = None
        self.to_act: int | None = None
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.pile: list[int] = []  # unordered: every draw is a chance event
        self.discard: list[int] = []  # face up, in the order discarded
        self.river: list[int] = []
        self.pairs: list[list[Pair]] = [[] for _ in range(n)]
        self.chains: list[list[Link]] = [[] for _ in range(n)]
        self.active: list[bool] = [True] * n  # still in
        self.first = 0
        self.round = 0
        self.called: list[bool] = [False] * n
        self.announced: list[Attack] = [NO_ATTACK] * n  # this round's announcement, until resolved
        self.extra: list[Attack] = [NO_ATTACK] * n  # an action given by Replay, until resolved
        self.defences: list[Defence] = []
        self.stolen: list[int] = []  # cards that changed hands by a steal this round
        self.aimed: list[tuple[int, int]] = []  # steal targets this round: (target, line)
        #: Replays given this round, as (card, seat): card -1 under ``replay_limit=seat``
        self.replays: list[tuple[int, int]] = []
        self.loose: list[int] = []  # chain cards being laid again after a won defence
        self.tasks: list[tuple[int, int, int]] = []
        self.winner = -1  # still -1 once over when nobody won (a draw)
        self.ending = ""  # once over: "kagoun", "ko", "rounds" (the cap) or "all_out"
        # What seats remember (memory.py), replaced on change, never changed in place:
        #: the discard the pile was made of at its last reshuffle (public), None: from the deal
        self.reshuffled: list[int] | None = None
        #: per seat, (holder, card): cards it knows lie among the holder's hidden cards
        self.known: tuple[tuple[tuple[int, int], ...], ...] = ((),) * n

    def _copy(self, source: KagounState) -> None:
        self.seed = source.seed
        self.to_act = source.to_act
        self.hands = [list(h) for h in source.hands]
        self.pile = list(source.pile)
        self.discard = list(source.discard)
        self.river = list(source.river)
        self.pairs = [list(p) for p in source.pairs]
        self.chains = [list(c) for c in source.chains]
        self.active = list(source.active)
        self.first = source.first
        self.round = source.round
        self.called = list(source.called)
        self.announced = list(source.announced)
        self.extra = list(source.extra)
        self.defences = list(source.defences)
        self.stolen = list(source.stolen)
        self.aimed = list(source.aimed)
        self.replays = list(source.replays)
        self.loose = list(source.loose)
        self.tasks = list(source.tasks)
        self.winner = source.winner
        self.ending = source.ending
        self.reshuffled = source.reshuffled
        self.known = source.known

    def seats_in(self) -> list[int]:
        """Seats still in, clockwise from the first player."""
        return [(self.first + k) % self.n for k in range(self.n) if self.active[(self.first + k) % self.n]]
