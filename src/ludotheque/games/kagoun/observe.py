"""What a seat may see (docs/rules/kagoun.md, "Chance and hidden information"): its own hand and
its own face-down cards; of the others, only how many cards they hold. The pile is a count. The
targets of face-down cards are public as soon as they are laid; the cards are shown once they
are resolved (they then lie in a pair, a chain or the discard, face up)."""

# mypyc: compile

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .components import card_name, load_deck
from .notation import line_text, parse_card
from .rules import ANNOUNCED_NAMES, TASK_NAMES
from .scoring import chain_score, chain_sheet
from .state import Attack, KagounState


@dataclass(frozen=True)
class KagounObservation:
    """A seat's view (seat None: a spectator), in notation."""

    seat: int | None
    players: int
    round: int
    first_player: int
    to_act: int | None
    phase: str  # the task at hand ("announce", "defend", ...), "" once over
    phase_seat: int | None  # whose task it is
    hand: tuple[str, ...]  # the observing seat's own hand
    hand_sizes: tuple[int, ...]
    river: tuple[str, ...]
    pile_size: int
    discard: tuple[str, ...]
    pairs: tuple[tuple[tuple[str, str], ...], ...]  # per seat: (upper line, lower line) paired
    chains: tuple[tuple[str, ...], ...]  # per seat, left to right; "M1~" is turned
    points: tuple[int, ...]
    active: tuple[bool, ...]
    called: tuple[bool, ...]
    announced: tuple[dict[str, Any] | None, ...]
    defences: tuple[dict[str, Any], ...]
    stolen: tuple[str, ...]
    loose: tuple[str, ...]  # face-up cards the seat to act lays again in its chain
    winner: int | None
    ending: str
    deck: str
    scores: tuple[float, ...] | None = None

    def chain_links(self, seat: int) -> list[tuple[int, int]]:
        """A seat's chain as the rules hold it: (card, turned) from left to right."""
        return [(parse_card(name[:2]), int(name.endswith("~"))) for name in self.chains[seat]]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "players": self.players, "round": self.round,
            "first_player": self.first_player, "to_act": self.to_act, "phase": self.phase,
            "phase_seat": self.phase_seat, "hand": list(self.hand),
            "hand_sizes": list(self.hand_sizes), "river": list(self.river),
            "pile_size": self.pile_size, "discard": list(self.discard),
            "pairs": [[list(p) for p in seat] for seat in self.pairs],
            "chains": [list(c) for c in self.chains], "points": list(self.points),
            "active": list(self.active), "called": list(self.called),
            "announced": [None if a is None else dict(a) for a in self.announced],
            "defences": [dict(d) for d in self.defences], "stolen": list(self.stolen),
            "loose": list(self.loose), "winner": self.winner, "ending": self.ending, "deck": self.deck,
            "scores": None if self.scores is None else list(self.scores),
            "chain_sheets": [chain_sheet(load_deck(self.deck), self.chain_links(s))
                             for s in range(self.players)],
        }


def _announcement(attack: Attack, own: bool, extra: bool) -> dict[str, Any] | None:
    kind, card, u, target, ln, victim = attack
    if not kind:
        return None
    out: dict[str, Any] = {"action": ANNOUNCED_NAMES[kind], "replay": extra}
    if target >= 0:
        out["target"] = line_text(target, ln)
        out["victim"] = victim
        out["card"] = line_text(card, u) if own else None
    return out


def observe(state: KagounState, seat: int | None) -> KagounObservation:
    n = state.n
    over = state.to_act is None
    announced: list[dict[str, Any] | None] = []
    for s in range(n):
        extra = state.extra[s][0] != 0
        slot = state.extra[s] if extra else state.announced[s]
        announced.append(_announcement(slot, s == seat, extra))
    defences = tuple({"target": card_name(t), "seat": s,
                      "card": line_text(c, u) if s == seat else None,
                      "line": line_text(t, ln) if s == seat else None}
                     for t, s, c, u, ln in state.defences)
    task = state.tasks[0] if state.tasks and not over else None
    return KagounObservation(
        seat=seat, players=n, round=state.round, first_player=state.first, to_act=state.to_act,
        phase="" if task is None else TASK_NAMES[task[0]],
        phase_seat=None if task is None or task[1] < 0 else task[1],
        hand=tuple(card_name(c) for c in state.hands[seat]) if seat is not None else (),
        hand_sizes=tuple(len(h) for h in state.hands),
        river=tuple(card_name(c) for c in state.river),
        pile_size=len(state.pile),
        discard=tuple(card_name(c) for c in state.discard),
        pairs=tuple(tuple((line_text(up, u), line_text(lo, ln)) for up, u, lo, ln in state.pairs[s])
                    for s in range(n)),
        chains=tuple(tuple(card_name(c) + ("~" if t else "") for c, t in state.chains[s])
                     for s in range(n)),
        points=tuple(chain_score(state.deck, state.chains[s]) for s in range(n)),
        active=tuple(state.active), called=tuple(state.called),
        announced=tuple(announced), defences=defences,
        stolen=tuple(card_name(c) for c in state.stolen),
        loose=tuple(card_name(c) for c in state.loose),
        winner=None if state.winner < 0 else state.winner, ending=state.ending,
        deck=state.deck.name,
        scores=tuple(state.scores()) if over else None,
    )


def open_observation(state: KagounState, seat: int | None) -> dict[str, Any]:
    """``seat``'s view with everything shown, for the replay of a game that is over: every seat's
    cards as ``hands``, every announced card and every face-down defence card, each as its own
    seat's observation shows it. (Not the default merge of per-seat lists: the river, the
    discard or the own hand may hold as many cards as there are players.)"""
    view = observe(state, seat).to_json()
    theirs = [observe(state, other).to_json() for other in range(state.n)]
    view["hands"] = [own["hand"] for own in theirs]
    view["announced"] = [own["announced"][other] for other, own in enumerate(theirs)]
    view["defences"] = [theirs[defence["seat"]]["defences"][k] for k, defence in enumerate(view["defences"])]
    return view
