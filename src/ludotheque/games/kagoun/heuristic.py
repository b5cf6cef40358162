"""The Kagoun heuristic bot: pairs for power, steals when it should win, consolidates when it
scores, calls Kagoun! when it is safe.

It reads only its ``KagounObservation``, the legal actions and the printed card faces (public
data). Announcements are scored on one scale:

- a capture or steal is worth its pairing's strength plus a bonus for each power it fires, and
  nothing when the pairing is invalid; a capture aimed at a card another seat already aims at
  is discounted; a steal must be perfect or strong (``STEAL_STRENGTH``), since the defender lays
  his best card;
- a consolidation is worth the points it adds (a new chain needs two fitting pairs); a chain
  laid again after a won defence follows the arrangement scoring most;
- discard is the fallback when nothing pairs, but a seat holding three pairs that fit nowhere
  consolidates anyway, giving one up, rather than discard forever.

Kagoun! is called when the chain scores at least 10 even after losing its weakest end to a
steal, or when no opponent can steal (no hand card).
"""

# mypyc: compile

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Final

from ...core.bot import Bot
from ...core.game import Action, Observation
from . import chain as chains
from .actions import (
    CHAIN,
    CLEAR,
    CONSOLIDATE,
    DEFEND,
    DISCARD,
    DROP,
    KAGOUN,
    PASS,
    SCRAP,
    STEAL,
    STOP,
    TAKE_FROM,
    chain_parts,
    unlink,
)
from .components import DEFEND as DEFEND_POWER
from .components import DRAW, MAX_PAIRS, REPLAY, TAKE, WIN_POINTS, Deck, card_name, load_deck
from .notation import parse_card, parse_line
from .observe import KagounObservation
from .scoring import chain_score
from .state import Link

POWER_BONUS: Final = {TAKE: 1.0, DRAW: 1.0, REPLAY: 2.0, DEFEND_POWER: 2.5}
PERFECT_BONUS: Final = 4.0
STEAL_STRENGTH: Final = 7  # a steal below this strength is left alone unless perfect
CONTESTED: Final = 0.5  # worth kept of a capture another seat already aims at
CONSOLIDATE_WEIGHT: Final = 3.0  # one chain point is worth this much pairing strength
#: A consolidation bound to fail, with three pairs that fit nowhere, costs a pair but frees a
#: place for a capture: better than discarding hand cards round after round (without it, two
#: heuristics in that spot never end a game).
UNBLOCK: Final = 0.75


def _chain(names: Sequence[str]) -> list[Link]:
    return [(parse_card(name.rstrip("~")), int(name.endswith("~"))) for name in names]


class KagounHeuristic(Bot):
    name = "heuristic"

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        assert isinstance(observation, KagounObservation)
        return self.best(observation, legal, self.rng)

    def best(self, obs: KagounObservation, legal: Sequence[Action], rng: Random) -> Action:
        """The legal action worth most to the seat, ties broken by ``rng`` (the search's
        playouts pass their own)."""
        deck = load_deck(obs.deck)
        best, best_value = legal[0], float("-inf")
        for action in legal:
            value = self._value(deck, obs, action) + rng.random() * 1e-3
            if value > best_value:
                best, best_value = action, value
        return best

    # -- worth of one action ---------------------------------------------------------------
    def _value(self, deck: Deck, obs: KagounObservation, action: int) -> float:
        seat = obs.seat if obs.seat is not None else 0
        if action == KAGOUN:
            return 100.0 if self._safe_call(deck, obs, seat) else -100.0
        if action < CHAIN:
            return self._pairing_value(deck, obs, action)
        if action < SCRAP:
            card, side, turned = chain_parts(action)
            chain = _chain(obs.chains[seat])
            if obs.phase == "rearrange":  # the best chain the rest of the cards can then make
                loose = [c for c in map(parse_card, obs.loose) if c != card]
                trial = list(chain)
                chains.add(trial, card, side, turned)
                return float(chain_score(deck, chains.best_completion(deck, trial, loose)))
            if not chain:  # starting: how well the second card can follow
                return 1.0 + self._follow_value(deck, obs, seat, card, turned)
            trial = list(chain)
            chains.add(trial, card, side, turned)
            return float(chain_score(deck, trial))
        if action == CONSOLIDATE:
            gain = self._consolidation_gain(deck, obs, seat)
            if gain < 0 and len(obs.pairs[seat]) >= MAX_PAIRS:
                return UNBLOCK  # three pairs that fit nowhere: give one up to capture again
            return CONSOLIDATE_WEIGHT * gain
        if action == DISCARD:
            return 0.5 if not any(self._hand_pairs(deck, obs, card) for card in self._hand(obs)) else -1.0
        if action == PASS:
            return 0.0
        if SCRAP <= action < DROP:
            card = action - SCRAP
            return -float(deck.left[card] != deck.right[card])  # keep two-colour cards
        if DROP <= action < DROP + 52:
            return -self._hand_pairs(deck, obs, action - DROP)
        if action == STOP:
            return -0.5
        if TAKE_FROM <= action < TAKE_FROM + 4:
            return float(obs.hand_sizes[action - TAKE_FROM] + obs.points[action - TAKE_FROM])
        if CLEAR <= action < CLEAR + 52:
            return 0.0
        return 0.0

    @staticmethod
    def _hand(obs: KagounObservation) -> list[int]:
        return [parse_card(name) for name in obs.hand]

    def _hand_pairs(self, deck: Deck, obs: KagounObservation, card: int) -> float:
        """How well a hand card pairs with the river now (its best strength, 0 if never)."""
        best = 0.0
        for name in obs.river:
            target = parse_card(name)
            for u in (0, 1):
                for ln in (0, 1):
                    if deck.valid(card, u, target, ln):
                        best = max(best, float(deck.strength(card, u, target, ln)))
        return best

    def _pairing_value(self, deck: Deck, obs: KagounObservation, action: int) -> float:
        base, card, u, target, ln = unlink(action)
        if not deck.valid(card, u, target, ln):
            return -5.0 if base == DEFEND else -50.0
        value = float(deck.strength(card, u, target, ln))
        value += sum(POWER_BONUS.get(p, 0.0) for p in deck.fired(card, u, target, ln))
        perfect = card // 2 == target // 2
        if perfect:
            value += PERFECT_BONUS
        if base == DEFEND:
            return value
        if base == STEAL:
            if not perfect and deck.strength(card, u, target, ln) < STEAL_STRENGTH:
                return -10.0
            return value + 1.0
        rivals = [a for a in obs.announced if a is not None and a.get("target", "")[:2] == card_name(target)]
        return value * (CONTESTED if rivals else 1.0)

    def _consolidation_gain(self, deck: Deck, obs: KagounObservation, seat: int) -> float:
        chain = _chain(obs.chains[seat])
        uppers = [parse_line(pair[0])[0] for pair in obs.pairs[seat]]
        now = chain_score(deck, chain)
        best = -1.0
        if chain:
            for card in uppers:
                for side, turned in chains.placements(deck, chain, card):
                    trial = list(chain)
                    chains.add(trial, card, side, turned)
                    best = max(best, float(chain_score(deck, trial) - now) + 0.5)
            return best
        for card in uppers:
            for other in uppers:
                if other != card and chains.placements(deck, [(card, 0)], other):
                    best = max(best, 1.0)
        return best

    def _follow_value(self, deck: Deck, obs: KagounObservation, seat: int, card: int,
                      turned: int) -> float:
        uppers = [parse_line(pair[0])[0] for pair in obs.pairs[seat]]
        return float(sum(bool(chains.placements(deck, [(card, turned)], other))
                         for other in uppers if other != card))

    def _safe_call(self, deck: Deck, obs: KagounObservation, seat: int) -> bool:
        chain = _chain(obs.chains[seat])
        points = chain_score(deck, chain)
        if points < WIN_POINTS:
            return False
        if not any(size for s, size in enumerate(obs.hand_sizes) if s != seat and obs.active[s]):
            return True
        worst = points
        ends = [0, len(chain) - 1]
        for index in ends:
            if deck.power[chain[index][0]] == DEFEND_POWER:
                continue
            worst = min(worst, chain_score(deck, chain[:index] + chain[index + 1:]))
        return worst >= WIN_POINTS

