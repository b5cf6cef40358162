"""Property tests over random Gargon games (issue 2, section 7).

Games start from random seeds or from random explicit set-ups (any subset of the deck, any hand
sizes: the edge cases of empty hands and piles come for free), with 3 to 5 players, both variants
and random amulet corrections; the players choose at random among the legal actions, passing
more or less often so that piles also run out, and playing 0s more or less often so that they
clash. After every action:

- every card is in exactly one place (hands, piles, in play, won piles, discard);
- a seat's observation does not change when only values hidden from that seat change, and the
  spectator's does not change when any hidden value changes;
- no observation shows a value its seat may not see;
- the legal actions follow from what the seat to act sees (recomputed here by brute force);

and replays are deterministic, and final scores match a recount written here from the rulebook
(000 "Fin de partie", ruling 9), not from ``scoring.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from ludotheque.core import GameRecord, replay
from ludotheque.core.game import CHANCE, sample_chance
from ludotheque.games.gargon import GAME, GargonObservation, GargonState, Phase
from ludotheque.games.gargon.actions import PASS, is_play, play_cards
from ludotheque.games.gargon.notation import card_text

PROPERTIES = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)

LETTERS = "WBVRYG"
HIDDEN = 96  # a card seen from its back: HIDDEN + colour
#: The 102 cards, written from the rulebook: six colours, two 0s and one each of 1..15.
DECK = Counter(colour * 16 + value for colour in range(6) for value in (0, 0, *range(1, 16)))
#: Amulets per value (components.json; 3, 4, 8, 9 inferred); 0 and 13-15 carry none.
DEFAULT_AMULETS = {1: 5, 2: 5, 3: 4, 4: 4, 5: 3, 6: 3, 7: 2, 8: 2, 9: 1, 10: 1, 11: 1, 12: 1}
SHAPES = {(1,), (2,), (1, 1), (2, 1), (1, 1, 1)}
MAX_ACTIONS = GAME.spec.max_game_length  # the spec's bound: a game that is longer breaks it


def text_of(card: int) -> str:
    """``R14``; ``R?`` for a card seen from its back."""
    if card >= HIDDEN:
        return LETTERS[card - HIDDEN] + "?"
    return LETTERS[card >> 4] + str(card & 15)


# -- random games ---------------------------------------------------------------------------

@dataclass
class Plan:
    """How one random game starts and how its players choose."""

    options: dict[str, Any]
    seed: int | None
    setup: dict[str, Any] | None
    policy: int
    pass_bias: float  # how often a seat that may pass does (so that piles run out)
    zero_bias: float  # how often a seat that may play a 0 does (so that 0s clash)

    def start(self) -> GargonState:
        if self.setup is not None:
            return GAME.state_from_setup(self.setup, self.options)
        return GAME.new_state(self.options, self.seed)

    def record(self, actions: list[str]) -> GameRecord:
        return GameRecord("gargon", dict(self.options), self.seed, self.setup, actions)

    def cards(self) -> Counter[int]:
        """The cards in the game, as a multiset."""
        if self.setup is None:
            return DECK
        texts = [t for zone in ("hands", "piles", "won") for part in self.setup[zone] for t in part]
        return Counter(LETTERS.index(t[0]) * 16 + int(t[1:]) for t in texts)


def random_setup(rng: random.Random, players: int) -> dict[str, Any]:
    """Any subset of the deck dealt anywhere: hands, piles (top first) and won piles; one time
    in three, the twelve 0s and a few other cards (so that 0s clash)."""
    deck = list(DECK.elements())
    rng.shuffle(deck)
    if rng.random() < 1 / 3:
        chosen = [c for c in deck if c & 15 == 0] + [c for c in deck if c & 15][: rng.randint(0, 20)]
    else:
        chosen = deck[: rng.randint(0, len(deck))]
    rng.shuffle(chosen)
    hands: list[list[str]] = [[] for _ in range(players)]
    won: list[list[str]] = [[] for _ in range(players)]
    piles: list[list[str]] = [[], []]
    for card in chosen:
        where = rng.random()
        zone = hands if where < 0.5 else piles if where < 0.85 else won
        zone[rng.randrange(len(zone))].append(text_of(card))
    return {"hands": hands, "piles": piles, "won": won, "first_player": rng.randrange(players)}


@st.composite
def plans(draw: st.DrawFn) -> Plan:
    players = draw(st.integers(3, 5))
    options: dict[str, Any] = {"players": players, "variant": draw(st.sampled_from(["standard", "open"]))}
    amulets = draw(st.none() | st.dictionaries(st.integers(1, 12).map(str), st.integers(0, 5), max_size=3))
    if amulets:
        options["amulets"] = amulets
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    setup = random_setup(rng, players) if rng.random() < 0.3 else None  # not left to shrinking
    return Plan(options, seed if setup is None else None, setup, draw(st.integers(0, 2**32 - 1)),
                draw(st.sampled_from([0.0, 0.3, 0.7])), draw(st.sampled_from([0.0, 0.5])))


def play(plan: Plan) -> Iterator[tuple[GargonState, str | None]]:
    """Every position of the game (the same state object, advanced by validated actions), with
    the action that led to it; public events are logged."""
    state = plan.start()
    state.log = []
    rng = random.Random(plan.policy)
    yield state, None
    for _ in range(MAX_ACTIONS):
        if state.is_terminal:
            return
        legal = state.legal_actions()
        with_zero = [a for a in legal if is_play(a) and any(c & 15 == 0 for c in play_cards(a))]
        if PASS in legal and rng.random() < plan.pass_bias:
            action = PASS
        elif with_zero and rng.random() < plan.zero_bias:
            action = with_zero[rng.randrange(len(with_zero))]
        else:
            action = legal[rng.randrange(len(legal))]
        text = GAME.action_to_text(action)
        state.apply(action)
        yield state, text
    raise AssertionError(f"no end after {MAX_ACTIONS} actions")


def final(plan: Plan) -> GargonState:
    """The last position of the game."""
    *_, (state, _) = play(plan)
    assert state.is_terminal
    return state


# -- looking inside a position ----------------------------------------------------------------

def places(state: GargonState) -> Counter[int]:
    """Every card of the position, wherever it lies."""
    cards = Counter(state.discard + state.piles[0] + state.piles[1])
    for zone in (state.hands, state.in_play, state.won):
        for seat_cards in zone:
            cards.update(c * 16 + v for c, values in enumerate(seat_cards) for v in values)
    return cards


def internals(state: GargonState) -> tuple[Any, ...]:
    """The whole position (everything but the game, the options and the log)."""
    return tuple(repr(getattr(state, name)) for name in GargonState.__slots__
                 if name not in ("game", "options", "log"))


def placing(state: GargonState) -> bool:
    """Ruling 5: cards in play are face down until every seat has placed or passed."""
    return state.phase in (Phase.PLACE, Phase.PASS_DRAW)


def hidden_value_lists(state: GargonState, viewer: int | None) -> list[tuple[int, list[int]]]:
    """(colour, value list) of every place whose values ``viewer`` may not see (ruling 1, the
    variants): hands of others always; cards in play of others while placing; won piles of
    others in the standard variant until the end. Piles are handled apart (their order is
    public). A spectator (None) is "other" to every seat.
    """
    zones = [state.hands]
    if placing(state):
        zones.append(state.in_play)
    if not state.open_variant and not state.is_terminal:
        zones.append(state.won)
    others = [s for s in range(state.n) if s != viewer]
    return [(c, zone[s][c]) for zone in zones for s in others for c in range(6)]


def perturbed(state: GargonState, viewer: int | None, rng: random.Random) -> GargonState:
    """A copy where the values hidden from ``viewer`` are shuffled among the cards of each
    colour (hands, cards in play and won piles as allowed, and both piles)."""
    other = state.clone()
    lists = hidden_value_lists(other, viewer)
    slots: list[list[tuple[list[int], int]]] = [[] for _ in range(6)]
    for colour, values in lists:
        slots[colour] += [(values, i) for i in range(len(values))]
    for pile in other.piles:
        for i, card in enumerate(pile):
            slots[card >> 4].append((pile, i))
    for places_of_colour in slots:
        pool = [values[i] & 15 for values, i in places_of_colour]
        rng.shuffle(pool)
        for (values, i), value in zip(places_of_colour, pool, strict=True):
            values[i] = value | (values[i] & ~15)  # pile cards keep their colour bits
    for _, values in lists:
        values.sort(reverse=True)  # the state keeps values in descending order
    return other


def recount(won: list[list[int]], table: dict[int, int]) -> list[int]:
    """Ruling 9, written afresh: per colour +10 to the sole most (0s count), +5 to each tied
    for most, none with no card; amulets x2 with one 0, x4 with both."""
    scores = [0] * len(won)
    for colour in range(6):
        counts = [sum(1 for c in cards if c >> 4 == colour) for cards in won]
        most = max(counts)
        for seat, cards in enumerate(won):
            values = [c & 15 for c in cards if c >> 4 == colour]
            if most and counts[seat] == most:
                scores[seat] += 10 if counts.count(most) == 1 else 5
            amulets = sum(table.get(v, 0) for v in values)
            scores[seat] += amulets * (1, 2, 4)[values.count(0)]
    return scores


def legal_texts_seen_by(obs: GargonObservation) -> set[str]:
    """The legal actions of the seat to act, by brute force from its observation alone."""
    seat = obs.to_act
    if seat is None:
        return set()
    if obs.phase in ("pass_draw", "loser_draw"):
        out = {f"draw {p + 1}" for p in (0, 1) if obs.piles[p]}
        return out | {"stop"} if obs.phase == "pass_draw" and obs.drawn else out
    if obs.phase == "fight":
        return {f"battle {LETTERS[card >> 4]}" for card in obs.in_play[seat]}
    first = obs.shape == ()
    last = (obs.first_player - 1) % obs.players == seat
    out = set() if first else {"pass"}
    hand = obs.hands[seat]
    for size in (1, 2, 3):
        for picked in combinations(hand, size):
            shape = tuple(sorted(Counter(c >> 4 for c in picked).values(), reverse=True))
            if first and shape not in SHAPES or not first and shape != obs.shape:
                continue
            if not first and last and any(c >> 4 not in obs.round_colours for c in picked):
                continue
            ordered = sorted(picked, key=lambda c: (c >> 4, -(c & 15)))
            out.add("play " + " ".join(text_of(c) for c in ordered))
    return out


# -- the properties ---------------------------------------------------------------------------

@PROPERTIES
@given(plans())
def test_every_card_is_always_in_exactly_one_place(plan: Plan) -> None:
    cards = plan.cards()
    for state, _ in play(plan):
        assert places(state) == cards
        for zone in (state.hands, state.in_play):
            assert all(values == sorted(values, reverse=True) for seat in zone for values in seat)
    # what the examples covered (pytest --hypothesis-show-statistics)
    event("explicit set-up" if plan.setup is not None else "dealt from a seed")
    event(f"{plan.options['variant']} variant")
    assert state.log is not None
    for kind in ("clash", "fight", "stop"):
        event(f"with a {kind}" if any(e.kind == kind for e in state.log) else f"without a {kind}")
    event("a pile ran out" if not (state.piles[0] and state.piles[1]) else "both piles left")


@PROPERTIES
@given(plans())
def test_replays_are_deterministic(plan: Plan) -> None:
    """The same start and the same actions give the same position after every action (the
    observations follow: they are a function of the position)."""
    seen = [(internals(state), text) for state, text in play(plan)]
    again = plan.start()
    assert internals(again) == seen[0][0]
    for position, text in seen[1:]:
        assert text is not None
        again.apply_text(text)
        assert internals(again) == position
    actions = [text for _, text in seen[1:] if text is not None]
    replayed = replay(GameRecord.loads(plan.record(actions).dumps()))
    assert isinstance(replayed, GargonState)
    assert internals(replayed) == seen[-1][0]
    assert replayed.scores() == again.scores()


def cards_by_place(state: GargonState) -> tuple[Any, ...]:
    return state.hands, state.in_play, state.won, state.piles


def some_viewers(state: GargonState, rng: random.Random) -> list[int | None]:
    """The seat to act (if any), one seat at random and the spectator, each once."""
    return list(dict.fromkeys([state.to_act, rng.randrange(state.n), None]))


@PROPERTIES
@given(plans())
def test_observation_is_blind_to_values_hidden_from_its_seat(plan: Plan) -> None:
    """At every position: the seat to act, one other seat and the spectator."""
    rng = random.Random(plan.policy)
    changed = 0
    for state, _ in play(plan):
        for viewer in some_viewers(state, rng):
            other = perturbed(state, viewer, rng)
            changed += cards_by_place(other) != cards_by_place(state)
            assert other.observe(viewer) == state.observe(viewer)
            if viewer is not None and viewer == state.to_act:
                assert other.legal_actions() == state.legal_actions()
    assert changed or sum(plan.cards().values()) < 20, "the perturbation must move something"


@PROPERTIES
@given(plans())
def test_observation_shows_no_value_its_seat_may_not_see(plan: Plan) -> None:
    """At every position: the seat to act, one other seat and the spectator."""
    rng = random.Random(plan.policy)
    logged = 0
    for state, _ in play(plan):
        assert state.log is not None
        for logged_event in state.log[logged:]:  # public events show played cards' backs only
            if logged_event.kind == "play":
                assert all(card >= HIDDEN for card in logged_event.cards)
            if logged_event.kind in ("draw", "pass", "stop"):
                assert logged_event.cards == ()
        logged = len(state.log)
        over = state.is_terminal
        for viewer in some_viewers(state, rng):
            obs = state.observe(viewer)
            for p in (0, 1):  # piles: colours only, top first
                assert obs.piles[p] == tuple(HIDDEN + (c >> 4) for c in reversed(state.piles[p]))
            for seat in range(state.n):
                mine = seat == viewer
                zones = (
                    (obs.hands, state.hands, mine),
                    (obs.in_play, state.in_play, mine or not placing(state)),
                    (obs.won, state.won, mine or state.open_variant or over),
                )
                for shown, truth, visible in zones:
                    exact = sorted(c * 16 + v for c, values in enumerate(truth[seat]) for v in values)
                    backs = sorted(HIDDEN + (c >> 4) for c in exact)
                    assert sorted(shown[seat]) == (exact if visible else backs)
                    assert all(t.endswith("?") != visible for t in map(text_of, shown[seat]))
            assert obs.discard == tuple(state.discard)
            assert (obs.scores is None) == (not over)


@PROPERTIES
@given(plans())
def test_scores_match_an_independent_recount(plan: Plan) -> None:
    state = final(plan)
    table = dict(DEFAULT_AMULETS)
    table.update({int(k): v for k, v in plan.options.get("amulets", {}).items()})
    public = state.observe(None)  # at the end every won card is face up
    scores = recount([list(cards) for cards in public.won], table)
    assert state.scores() == [float(s) for s in scores]
    assert public.scores == tuple(float(s) for s in scores)
    assert state.winners() == [seat for seat, s in enumerate(scores) if s == max(scores)]


@PROPERTIES
@given(plans())
def test_legal_actions_follow_from_the_observation_of_the_seat_to_act(plan: Plan) -> None:
    for state, _ in play(plan):
        legal = state.legal_texts()
        assert len(legal) == len(set(legal))
        assert set(legal) == legal_texts_seen_by(state.observe(state.to_act))


def test_a_zone_that_did_not_change_is_the_same_list_in_the_next_view() -> None:
    """An observation's JSON shares each zone's card texts between calls (the web table's diff
    tells an unchanged zone by identity): the same list whenever the zone holds the same cards,
    and always the texts of its cards."""
    zones = ("hands", "piles", "in_play", "won")
    rng = random.Random(32)
    shared = 0
    for seed in range(3):
        state = GAME.new_state({"players": 4}, seed=seed)
        before: dict[int, tuple[GargonObservation, dict[str, Any]]] = {}
        while not state.is_terminal:
            for seat in range(4):
                observation = state.observe(seat)
                now = observation.to_json()
                for field in zones:
                    for cards, texts in zip(getattr(observation, field), now[field], strict=True):
                        assert texts == [card_text(c) for c in cards]
                assert now["discard"] == [card_text(c) for c in observation.discard]
                if seat in before:
                    old, then = before[seat]
                    for field in zones:
                        for index, cards in enumerate(getattr(observation, field)):
                            if cards == getattr(old, field)[index]:
                                assert now[field][index] is then[field][index], (field, index)
                                shared += 1
                before[seat] = (observation, now)
            state.apply_trusted(sample_chance(state, rng) if state.to_act == CHANCE
                                else rng.choice(state.legal_actions()))
    assert shared > 1000
