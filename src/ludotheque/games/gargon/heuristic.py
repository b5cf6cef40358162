"""The Gargon heuristic bot: cheap probability estimates over what its seat can see.

It reads only the ``GargonObservation`` and the legal actions (plus its memory of earlier
observations of the same game: face-up cards seen, and who followed or passed). Every decision
compares expected *points* on one scale:

- ``won_value(c, v)``: what winning card ``v`` of colour ``c`` is worth now — its amulets times
  the multiplier of the 0s already won, plus its share of the majority race (+10 / +5); a 0 is
  worth the amulets it doubles (won, and hoped for from the hand) plus its majority share.
- The hand is worth the values of the cards it will still have time to place: each card's won
  value times its chance of being won later, counted only for the best ``capacity`` cards, the
  number it can still place before the piles run out (hands score nothing at the end). Playing
  a card costs its place in that ranking; drawing one adds to it only if it ranks.
- A play is worth, per colour, P(win) x won value, minus what the hand loses, plus a fresh draw
  for every fight lost (the loser draws). P(win) comes from the cards of that colour it has not
  seen (17 per colour minus its hand, the discard and every face-up card it has seen) and from
  who may contest the colour: seats that already placed it, and seats still to place, by the
  colours their hands hold and how often they have followed so far.
- A pass is worth what the best reachable cards on the two piles' tops add to the hand.

Each legal action is scored with per-colour estimates cached per decision, so a first player's
several hundred plays cost a few milliseconds. Ties are broken by the seeded rng.
"""

# mypyc: compile

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from ...core.bot import Bot
from ...core.draws import randbelow
from ...core.game import Action, Game, Observation
from .actions import BATTLE, DRAW, PASS, STOP, play_cards
from .components import COMPONENTS, HIDDEN, NUM_COLOURS, NUM_VALUES
from .observe import GargonObservation
from .rules import MAX_DRAWS_PER_PASS, SHAPE_CODES
from .scoring import multiplier

COPIES = COMPONENTS.copies  # of each value in a colour: two 0s, one of 1..15
MULTIPLIER = tuple(multiplier(zeros) for zeros in range(3))  # with 0, 1 or 2 won 0s of a colour
MAJORITY = float(COMPONENTS.majority_bonus)
TIED = float(COMPONENTS.tied_bonus)

# Tuning, measured in self-play and against random (benchmarks/gargon_bots.py).
FOLLOW_RATE = 0.8  # prior: how often a seat still to place follows rather than passes
FOLLOW_PRIOR = 3.0  # weight of that prior against the follows and passes seen so far
HOLD = 0.85  # a kept card's worth: this share of its won value times its later chance
ROUND_DRAWS = 1.4  # cards drawn from the piles in a typical round, per seat at the table
ROUND_PLAYS = 2.2  # cards a seat places in a typical round
YOUNG_GAME = 30  # pile cards left above which the majority races count as wide open
DENIAL = 0.5  # worth of discarding an opponent's fighting card (it leaves his hand)
STOP_BELOW = 0.25  # a passer stops drawing when the next card would add less than this


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def _bonus(mine: int, best_other: int) -> float:
    if mine == 0 or mine < best_other:
        return 0.0
    return MAJORITY if mine > best_other else TIED


def _colour_counts(cards: Sequence[int]) -> list[int]:
    counts = [0] * NUM_COLOURS
    for card in cards:
        counts[card - HIDDEN if card >= HIDDEN else card >> 4] += 1
    return counts


UNKNOWN: Final = -1.0  # a cache entry not computed yet


def _past(gone: list[int], j: int) -> int:
    """Where the ``j``-th card left sits in the full ranking, once the ranks ``gone`` (sorted)
    are taken out."""
    for r in gone:
        if r <= j:
            j += 1
    return j


class Sight:
    """What a seat sees, in the form the view reads: built from its observation (``Sight.of``)
    or, in a search's playouts, read straight from a position with the same visibility
    (``search.sight_of``: no observation to build and take apart at every playout move)."""

    def __init__(self, me: int, n: int, amulets: tuple[int, ...], hand: list[list[int]],
                 my_won: list[list[int]], hand_counts: list[list[int]],
                 play_counts: list[list[int]], won_counts: list[list[int]], in_sight: list[int],
                 tops: list[list[int]], pile_sizes: tuple[int, int], final_round: bool,
                 first_player: int, shape: tuple[int, ...], round_colours: tuple[int, ...],
                 phase: str, drawn: int) -> None:
        self.me, self.n, self.amulets = me, n, amulets
        self.hand, self.my_won = hand, my_won  # per colour, values descending
        self.hand_counts, self.play_counts, self.won_counts = hand_counts, play_counts, won_counts
        self.in_sight = in_sight  # every card whose value is in sight now (face up or its own)
        self.tops = tops  # per pile, the colours of its top MAX_DRAWS_PER_PASS cards, top first
        self.pile_sizes = pile_sizes
        self.final_round, self.first_player, self.shape = final_round, first_player, shape
        self.round_colours, self.phase, self.drawn = round_colours, phase, drawn

    @staticmethod
    def of(obs: GargonObservation) -> Sight:
        me = obs.seat
        assert me is not None
        hand: list[list[int]] = [[] for _ in range(NUM_COLOURS)]
        for card in obs.hands[me]:
            hand[card >> 4].append(card & 15)
        my_won: list[list[int]] = [[] for _ in range(NUM_COLOURS)]
        for card in obs.won[me]:
            my_won[card >> 4].append(card & 15)
        in_sight = [card for zone in (obs.discard, *obs.in_play, *obs.won, obs.hands[me])
                    for card in zone if card < HIDDEN]
        tops = [[card - HIDDEN for card in pile[:MAX_DRAWS_PER_PASS]] for pile in obs.piles]
        return Sight(me, obs.players, obs.amulets, hand, my_won,
                     [_colour_counts(h) for h in obs.hands], [_colour_counts(p) for p in obs.in_play],
                     [_colour_counts(w) for w in obs.won], in_sight, tops,
                     (len(obs.piles[0]), len(obs.piles[1])), obs.final_round, obs.first_player,
                     obs.shape, obs.round_colours, obs.phase, obs.drawn)


class _View:
    """What one seat's sight tells, in usable form, with ``seen``: the non-zero cards the bot
    has seen face up so far (they never go back to a hand)."""

    def __init__(self, sight: Sight, seen: Iterable[int]) -> None:
        self.sight, self.me, self.n, self.amulets = sight, sight.me, sight.n, sight.amulets
        self.hand, self.my_won = sight.hand, sight.my_won
        self.hand_counts, self.play_counts = sight.hand_counts, sight.play_counts
        self.won_counts = sight.won_counts
        self._unseen_cards(sight.in_sight, seen)
        sizes = sight.pile_sizes
        self.can_draw = bool(sizes[0] or sizes[1])
        # share of the game still to come, and how many more cards this seat can place
        self.left = 0.0 if sight.final_round else min(1.0, (sizes[0] + sizes[1]) / YOUNG_GAME)
        rounds = 0.0 if sight.final_round else 2 * min(sizes[0], sizes[1]) / (ROUND_DRAWS * self.n)
        self.capacity = rounds * ROUND_PLAYS
        self._majority = [UNKNOWN] * NUM_COLOURS  # per colour, computed when first asked
        # per card (colour * 16 + value); UNKNOWN until computed (the values are never negative)
        self._won_value = [UNKNOWN] * (NUM_COLOURS * NUM_VALUES)
        self._keep_value = [UNKNOWN] * (NUM_COLOURS * NUM_VALUES)
        self._draw_keep: dict[int, float] = {}
        self._draw_gain: dict[int, tuple[float, int]] = {}
        # the hand ranked by keep value, and where each card sits in that ranking
        ranked = sorted(((self.keep_value(c, v), c, v) for c in range(NUM_COLOURS) for v in self.hand[c]),
                        reverse=True)
        self.ranked = [r for r, _, _ in ranked]
        self.rank_of: dict[int, list[int]] = {}  # per card in hand (a 0 may be there twice)
        for i, (_, c, v) in enumerate(ranked):
            self.rank_of.setdefault(c * 16 + v, []).append(i)
        self.prefix = [0.0]  # prefix[i]: sum of the i best keep values
        for r in self.ranked:
            self.prefix.append(self.prefix[-1] + r)
        self.hand_worth = self.worth(self.ranked)

    def _unseen_cards(self, in_sight: list[int], seen: Iterable[int]) -> None:
        """Per colour, the values this seat has not seen (the deck minus every known card)."""
        unseen = [list(COPIES) for _ in range(NUM_COLOURS)]
        for card in seen:
            unseen[card >> 4][card & 15] = 0
        zeros = [0] * NUM_COLOURS
        for card in in_sight:
            if card & 15:
                unseen[card >> 4][card & 15] = 0
            else:
                zeros[card >> 4] += 1
        for colour in range(NUM_COLOURS):
            unseen[colour][0] = max(0, COPIES[0] - zeros[colour])
        self.unseen = unseen
        self.unseen_size = [sum(u) for u in unseen]
        self.below: list[list[int]] = []  # below[c][v]: unseen cards of colour c under value v
        for u in unseen:
            acc, row = 0, []
            for v in range(NUM_VALUES):
                row.append(acc)
                acc += u[v]
            self.below.append(row)

    # -- what cards are worth ------------------------------------------------------------
    def majority_share(self, colour: int) -> float:
        """Expected gain in majority bonus from one more won card of ``colour``."""
        cached = self._majority[colour]
        if cached == UNKNOWN:
            cached = self._majority[colour] = self._majority_share(colour)
        return cached

    def _majority_share(self, colour: int) -> float:
        mine = self.won_counts[self.me][colour]
        best = max(w[colour] for s, w in enumerate(self.won_counts) if s != self.me)
        if self.left == 0.0:  # the last round: the race is decided now
            return _bonus(mine + 1, best) - _bonus(mine, best)
        spread = 1.0 + 2.0 * self.left  # early on, a one-card lead means little
        return MAJORITY * (_sigmoid((mine + 1 - best) / spread) - _sigmoid((mine - best) / spread))

    def won_value(self, colour: int, value: int) -> float:
        key = colour * 16 + value
        cached = self._won_value[key]
        if cached < 0.0:
            zeros = self.my_won[colour].count(0)
            if value:
                cached = self.amulets[value] * MULTIPLIER[zeros] + self.majority_share(colour)
            else:
                won = sum(self.amulets[v] for v in self.my_won[colour])
                hoped = 0.5 * sum(self.amulets[v] for v in self.hand[colour]) + 4.0 * self.left
                gain = MULTIPLIER[min(zeros + 1, 2)] - MULTIPLIER[zeros]
                cached = (won + hoped) * gain + self.majority_share(colour)
            self._won_value[key] = cached
        return cached

    def keep_value(self, colour: int, value: int) -> float:
        """A card's worth in hand if there is time to place it: won value times its later chance."""
        key = colour * 16 + value
        cached = self._keep_value[key]
        if cached < 0.0:
            chance = 0.35 + 0.5 * self.beats_one(colour, value) if value else 0.4
            cached = HOLD * chance * self.won_value(colour, value)
            self._keep_value[key] = cached
        return cached

    def worth(self, ranked: Sequence[float]) -> float:
        """A hand's worth: the best ``capacity`` keep values (``ranked`` is descending)."""
        whole = int(self.capacity)
        total = sum(ranked[:whole])
        if whole < len(ranked):
            total += (self.capacity - whole) * ranked[whole]
        return total

    def loss_of(self, cards: Sequence[int]) -> float:
        """What the hand's worth loses when ``cards`` leave it: ``worth`` of the hand without
        them, from prefix sums in a few steps (a big hand has thousands of plays to score)."""
        if not self.capacity:
            return 0.0
        gone: list[int] = []
        for card in cards:
            for r in self.rank_of[card]:
                if r not in gone:
                    gone.append(r)
                    break
        gone.sort()
        whole = int(self.capacity)
        left = len(self.ranked) - len(gone)
        kept = min(whole, left)
        total = 0.0
        if kept:
            end = _past(gone, kept - 1) + 1
            total = self.prefix[end] - sum([self.ranked[r] for r in gone if r < end])
        if whole < left:
            total += (self.capacity - whole) * self.ranked[_past(gone, whole)]
        return self.hand_worth - total

    # -- fights --------------------------------------------------------------------------
    def beats_one(self, colour: int, value: int) -> float:
        """Chance that ``value`` beats one unseen card of its colour (a 0 beats nothing)."""
        size = self.unseen_size[colour]
        if not size:
            return 1.0
        return self.below[colour][value] / size if value else 0.0

    def beats_best(self, colour: int, value: int, k: int) -> float:
        """Chance that ``value`` beats the highest of ``k`` unseen cards of its colour."""
        size = self.unseen_size[colour]
        if k <= 0 or not size:
            return 1.0
        if value == 0:
            return 0.0
        low, p = self.below[colour][value], 1.0
        for i in range(min(k, size)):
            p *= max(0, low - i) / (size - i)
        return p

    def beats_lower(self, colour: int, value: int) -> float:
        """Chance that ``value`` beats the lower of two unseen cards of its colour."""
        size = self.unseen_size[colour]
        if size < 2:
            return 1.0
        if value == 0:
            return 0.0
        above = size - self.below[colour][value] - self.unseen[colour][value]
        return 1.0 - above * (above - 1) / (size * (size - 1))

    # -- drawing -------------------------------------------------------------------------
    def draw_keep(self, colour: int) -> float:
        """Expected keep value of a card of ``colour`` drawn unseen from a pile."""
        cached = self._draw_keep.get(colour)
        if cached is None:
            u, size = self.unseen[colour], self.unseen_size[colour]
            cached = sum(u[v] * self.keep_value(colour, v) for v in range(NUM_VALUES) if u[v])
            cached = cached / size if size else 0.0
            self._draw_keep[colour] = cached
        return cached

    def draw_gain(self, count: int) -> tuple[float, int]:
        """Best gain in hand worth from ``count`` draws off the piles' tops, and the pile to start."""
        cached = self._draw_gain.get(count)
        if cached is not None:
            return cached
        tops = [[self.draw_keep(colour) for colour in pile[:count]] for pile in self.sight.tops]
        best, start = 0.0, 0 if tops[0] else 1
        for i in range(len(tops[0]) + 1):
            j = min(count - i, len(tops[1]))
            if j < 0:
                break
            added = tops[0][:i] + tops[1][:j]
            if not added:
                continue
            gain = self.worth(sorted(self.ranked + added, reverse=True)) - self.hand_worth
            if gain > best + 1e-9:
                best = gain
                start = 0 if i and (not j or tops[0][0] >= tops[1][0]) else 1
        self._draw_gain[count] = (best, start)
        return best, start


def battle_choice(obs: GargonObservation, legal: Sequence[Action]) -> Action:
    """Resolve first the colours where this seat loses a fight: it draws from the tops it sees.
    (The cards in play lie face up: no estimate of the unseen is needed.)"""
    me = obs.seat
    assert me is not None
    highest = [[-1] * NUM_COLOURS for _ in obs.in_play]
    for seat, cards in enumerate(obs.in_play):
        for card in cards:
            if card < HIDDEN and card & 15 > highest[seat][card >> 4]:
                highest[seat][card >> 4] = card & 15
    return fight_first(me, highest, legal)


def fight_first(me: int, highest: list[list[int]], legal: Sequence[Action]) -> Action:
    """The colour to resolve first, from each seat's highest value in play per colour (-1: none
    in play): one where ``me`` loses, if any."""
    keyed = []
    for action in legal:
        colour = action - BATTLE
        mine = highest[me][colour]
        loses = any(values[colour] > mine for seat, values in enumerate(highest) if seat != me)
        keyed.append((0 if loses else 1, action))
    return min(keyed)[1]


def draw_choice(view: _View, legal: Sequence[Action]) -> Action:
    """Draw from the pile whose top adds most to the hand; stop when it adds too little."""
    sight = view.sight
    draws = [a for a in legal if DRAW <= a < DRAW + 2]
    left = MAX_DRAWS_PER_PASS - sight.drawn if sight.phase == "pass_draw" else 1
    gain, pile = view.draw_gain(left)
    if STOP in legal and (not draws or gain < STOP_BELOW):
        return STOP
    return DRAW + pile if DRAW + pile in draws else draws[0]


def place_scores(view: _View, legal: Sequence[Action], rates: list[float]) -> list[tuple[float, Action]]:
    """Every legal play (or pass) of a placing seat with its expected points; ``rates``: how
    often each seat follows rather than passes."""
    sight = view.sight
    order = [(sight.first_player + k) % view.n for k in range(view.n)]
    later = order[order.index(view.me) + 1:]
    cache: dict[int, float] = {}
    scored: list[tuple[float, Action]] = []
    for action in legal:
        if action == PASS:
            score = view.draw_gain(MAX_DRAWS_PER_PASS)[0]
        else:
            cards = play_cards(action)
            # canonical order: each colour's cards together, values descending
            groups: list[list[int]] = []  # [colour, value, value?] per colour, in order
            for card in cards:
                if groups and groups[-1][0] == card >> 4:
                    groups[-1].append(card & 15)
                else:
                    groups.append([card >> 4, card & 15])
            shape = sight.shape or tuple(sorted([len(g) - 1 for g in groups], reverse=True))
            mask = 0
            for group in groups:
                mask |= 1 << group[0]
            shape_code = SHAPE_CODES[shape]
            score = -view.loss_of(cards)
            for group in groups:
                colour = group[0]
                values_code = group[1] + 1 if len(group) == 2 else 17 + group[1] * 16 + group[2]
                key = ((colour * 273 + values_code) * 112 + shape_code) * 64 + mask
                part = cache.get(key)
                if part is None:
                    colours = tuple([g[0] for g in groups])
                    part = GargonHeuristic._colour_play(view, colour, group[1:], shape, later, colours, rates)
                    cache[key] = part
                score += part
        scored.append((score, action))
    return scored


class GargonHeuristic(Bot):
    """Plays colours it can win, keeps 0s for safe colours, passes and draws for a reason."""

    name = "heuristic"

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed)
        self._new_memory()

    def reset(self, game: Game, options: Mapping[str, Any], seat: int) -> None:
        super().reset(game, options, seat)
        self._new_memory()

    def _new_memory(self) -> None:
        self._seen: set[int] = set()  # every non-zero card seen face up (they never return)
        self._round = 0  # rounds this seat has taken part in (it places once in each)
        self._choices: dict[tuple[int, int], bool] = {}  # (round, seat) -> followed

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if not isinstance(observation, GargonObservation) or observation.seat is None:
            raise TypeError("the Gargon heuristic plays a seat of Gargon")
        self._remember_cards(observation)
        self._remember_choices(observation)
        if len(legal) == 1:
            return legal[0]
        if observation.phase == "fight":
            return battle_choice(observation, legal)
        view = _View(Sight.of(observation), self._seen)
        if observation.phase == "place":
            return self._place(view, legal)
        return draw_choice(view, legal)

    # -- memory --------------------------------------------------------------------------
    def _remember_cards(self, obs: GargonObservation) -> None:
        """Keep every non-zero card seen face up: cards revealed in a fight, then won face down,
        stay known (a 0 has a twin, so 0s are only counted where they lie in sight)."""
        for zone in (obs.discard, *obs.in_play, *obs.won):
            self._seen.update(card for card in zone if card < HIDDEN and card & 15)

    def _remember_choices(self, obs: GargonObservation) -> None:
        """Note which seats followed or passed this round (a first player must play: not counted)."""
        me = obs.seat
        assert me is not None
        if obs.phase == "place":
            self._round += 1
        order = [(obs.first_player + k) % obs.players for k in range(obs.players)]
        done = order[1:order.index(me)] if obs.phase in ("place", "pass_draw") else order[1:]
        for seat in done:
            if seat != me:
                self._choices[(self._round, seat)] = not obs.passed[seat]

    def _follow_rates(self, players: int) -> list[float]:
        follows, counts = [0] * players, [0] * players
        for (_, seat), followed in self._choices.items():
            counts[seat] += 1
            follows[seat] += followed
        prior = FOLLOW_PRIOR * FOLLOW_RATE
        return [(f + prior) / (c + FOLLOW_PRIOR) for f, c in zip(follows, counts, strict=True)]

    # -- placing -------------------------------------------------------------------------
    def _place(self, view: _View, legal: Sequence[Action]) -> Action:
        best: list[Action] = []
        best_score = -math.inf
        for score, action in place_scores(view, legal, self._follow_rates(view.n)):
            if score > best_score + 1e-9:
                best, best_score = [action], score
            elif score > best_score - 1e-9:
                best.append(action)
        return best[randbelow(self.rng, len(best))]

    @staticmethod
    def _colour_play(view: _View, colour: int, values: list[int], shape: tuple[int, ...],
                     later: list[int], colours: tuple[int, ...], rates: list[float]) -> float:
        """Expected points won by placing ``values`` (descending) of ``colour`` now."""
        sight = view.sight
        top, second = values[0], values[1] if len(values) == 2 else None
        size = max(1, view.unseen_size[colour])
        other_zero = view.unseen[colour][0] if values.count(0) == 1 else 0
        win_top = win_second = no_clash = 1.0
        placed = [view.play_counts[s][colour] for s in range(view.n)
                  if s != view.me and view.play_counts[s][colour]]
        for k in placed:  # seats that already placed this colour fight for sure
            win_top *= view.beats_best(colour, top, k)
            if k == 2 and second is not None:
                win_second *= view.beats_lower(colour, second)
            no_clash *= 1.0 - k * other_zero / (2 * size)
        last = (sight.first_player - 1) % view.n
        allowed = set(sight.round_colours) | set(colours)
        for seat in later:  # seats still to place may follow into this colour
            held = view.hand_counts[seat]
            if not held[colour]:
                continue
            pool = sum(held[c] for c in allowed) if seat == last else sum(held)
            p = min(1.0, rates[seat] * len(shape) * held[colour] / max(1, pool))
            win_top *= 1.0 - p + p * view.beats_one(colour, top)
            if second is not None and shape[0] == 2 and held[colour] >= 2:
                q = p / len(shape)  # they place a pair in this colour too
                win_second *= 1.0 - q + q * view.beats_lower(colour, second)
            no_clash *= 1.0 - p * other_zero / (2 * size)
        draw = view.draw_gain(1)[0] if view.can_draw else 0.0
        score = 0.0
        for value, chance in ((top, win_top), (second, win_second)):
            if value is None:
                continue
            if value == 0:
                chance *= no_clash  # two 0s of a colour in front of two seats are discarded
            score += chance * view.won_value(colour, value)
            if value:
                score += (1.0 - chance) * draw  # a fight's loser draws a card
        return score + DENIAL * win_top * len(placed) * view.left

