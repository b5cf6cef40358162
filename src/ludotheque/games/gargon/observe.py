"""What a seat may see (000: card backs show colours; values are private until revealed)."""

# mypyc: compile

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .components import HIDDEN, NUM_COLOURS
from .notation import card_text
from .phase import Phase
from .state import FIGHT, LOSER_DRAW, GargonState

Cards = tuple[int, ...]


@dataclass(frozen=True)
class GargonObservation:
    """A seat's view (seat None: a spectator). Unknown cards are ``HIDDEN + colour`` codes.

    ``hands``, ``in_play`` and ``won`` hold one tuple per seat; ``piles`` two tuples, top first.
    """

    seat: int | None
    players: int
    variant: str
    phase: str
    to_act: int | None
    first_player: int
    hands: tuple[Cards, ...]
    piles: tuple[Cards, Cards]
    in_play: tuple[Cards, ...]
    won: tuple[Cards, ...]
    discard: Cards
    passed: tuple[bool, ...]
    shape: tuple[int, ...]
    round_colours: tuple[int, ...]
    drawn: int
    pending_draws: tuple[int, ...]
    final_round: bool
    amulets: tuple[int, ...]
    scores: tuple[float, ...] | None = None
    winners: tuple[int, ...] | None = None

    @property
    def hand(self) -> Cards:
        """The observing seat's own hand (empty for a spectator)."""
        return () if self.seat is None else self.hands[self.seat]

    def to_json(self) -> dict[str, Any]:
        def texts(cards: Cards) -> list[str]:
            return [card_text(c) for c in cards]

        return {
            "seat": self.seat,
            "players": self.players,
            "variant": self.variant,
            "phase": self.phase,
            "to_act": self.to_act,
            "first_player": self.first_player,
            "hands": [texts(h) for h in self.hands],
            "piles": [texts(p) for p in self.piles],
            "in_play": [texts(c) for c in self.in_play],
            "won": [texts(c) for c in self.won],
            "discard": texts(self.discard),
            "passed": list(self.passed),
            "shape": list(self.shape),
            "round_colours": ["WBVRYG"[c] for c in self.round_colours],
            "drawn": self.drawn,
            "pending_draws": list(self.pending_draws),
            "final_round": self.final_round,
            "amulets": list(self.amulets),
            "scores": None if self.scores is None else list(self.scores),
            "winners": None if self.winners is None else list(self.winners),
        }


def _shown(hand: list[list[int]], visible: bool) -> Cards:
    """A zone's cards colour by colour: values when ``visible``, else face-down codes."""
    if visible:
        return tuple([c * 16 + v for c, values in enumerate(hand) for v in values])
    return tuple([HIDDEN + c for c, values in enumerate(hand) for _ in values])


def _pile_backs(pile: list[int]) -> Cards:
    """A pile's backs, top first (the state keeps the top last)."""
    return tuple([HIDDEN + (card >> 4) for card in reversed(pile)])


def face_up(state: GargonState) -> tuple[bool, bool]:
    """Whether everyone sees the values of the cards in play, and of the won piles. Hands and
    piles show only their backs (a hand's values to its owner)."""
    over = state.to_act is None
    # from the fight phase on, the cards in play lie face up
    revealed = state.phase == FIGHT or state.phase == LOSER_DRAW or over
    return revealed, state.open_variant or over


def observe(state: GargonState, seat: int | None) -> GargonObservation:
    """Build ``seat``'s view; a spectator (None) sees only what is public."""
    n, over = state.n, state.to_act is None
    revealed, won_up = face_up(state)
    return GargonObservation(
        seat=seat,
        players=n,
        variant="open" if state.open_variant else "standard",
        phase=Phase(state.phase).label,
        to_act=state.to_act,
        first_player=state.first,
        hands=tuple(_shown(state.hands[s], s == seat) for s in range(n)),
        piles=(_pile_backs(state.piles[0]), _pile_backs(state.piles[1])),
        in_play=tuple(_shown(state.in_play[s], revealed or s == seat) for s in range(n)),
        won=tuple(_shown(state.won[s], won_up or s == seat) for s in range(n)),
        discard=tuple(state.discard),
        passed=tuple(state.passed),
        shape=state.shape,
        round_colours=tuple(c for c in range(NUM_COLOURS) if state.round_colours >> c & 1),
        drawn=state.drawn,
        pending_draws=tuple(state.pending),
        final_round=state.final_round,
        amulets=state.amulets,
        scores=tuple(state.scores()) if over else None,
        winners=tuple(state.winners()) if over else None,
    )
