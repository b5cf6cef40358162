"""The Gargon heuristic bot: always legal, reproducible, blind to hidden values, and clearly
stronger than random play."""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludotheque.bots import Bot, RandomBot
from ludotheque.games.gargon import GAME, GargonState
from ludotheque.games.gargon.components import COMPONENTS, NUM_COLOURS
from ludotheque.games.gargon.heuristic import GargonHeuristic
from ludotheque.games.gargon.notation import action_to_text, card_text
from ludotheque.sim.match import bot_seed, play_game


def decide(bot: Bot, state: GargonState) -> int:
    seat = state.to_act
    assert seat is not None
    return bot.act(state.observe(seat), state.legal_actions())


def fresh_bot(state: GargonState, seed: int = 0) -> GargonHeuristic:
    bot = GargonHeuristic(seed)
    assert state.to_act is not None
    bot.reset(GAME, state.options, state.to_act)
    return bot


def random_position(seed: int, players: int, variant: str, steps: int) -> GargonState:
    """A position reached by ``steps`` random actions from the deal of ``seed``."""
    rng = random.Random(seed)
    state = GAME.new_state({"players": players, "variant": variant}, seed=seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply_trusted(legal[rng.randrange(len(legal))])
    return state


def table(hands: Sequence[str], won: Sequence[str] = (), piles: Sequence[str] | None = None,
          first_player: int = 0) -> GargonState:
    """A position from cards in notation (piles top first); without ``piles``, the rest of the
    deck, in its fixed order, makes two piles of equal size."""
    setup: dict[str, Any] = {"hands": [h.split() for h in hands], "first_player": first_player}
    if won:
        setup["won"] = [w.split() for w in won]
    if piles is None:
        rest = [card_text(c) for c in COMPONENTS.deck]
        for text in " ".join([*hands, *won]).split():
            rest.remove(text)
        half = len(rest) // 2
        setup["piles"] = [rest[:half], rest[half:]]
    else:
        setup["piles"] = [p.split() for p in piles]
    return GAME.state_from_setup(setup, {"players": len(hands)})


# -- legality -------------------------------------------------------------------------------

@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 5),
       variant=st.sampled_from(["standard", "open"]), steps=st.integers(0, 150),
       bot_seed_=st.integers(0, 1000))
def test_heuristic_only_chooses_legal_actions(seed: int, players: int, variant: str, steps: int,
                                              bot_seed_: int) -> None:
    state = random_position(seed, players, variant, steps)
    if state.is_terminal:
        return
    assert decide(fresh_bot(state, bot_seed_), state) in state.legal_actions()


def test_heuristic_plays_whole_games_against_itself_for_every_player_count() -> None:
    for players in (3, 4, 5):
        bots = [GargonHeuristic(bot_seed(players, seat)) for seat in range(players)]
        game = play_game("gargon", {"players": players}, bots, seed=players)  # BotError if illegal
        assert game.state.is_terminal


# -- reproducibility ------------------------------------------------------------------------

def test_heuristic_is_deterministic_given_its_seed() -> None:
    def actions(seed: int) -> list[str]:
        bots: list[Bot] = [GargonHeuristic(bot_seed(seed, seat)) for seat in range(4)]
        return play_game("gargon", {"players": 4}, bots, seed=seed).record.actions

    assert actions(11) == actions(11)


def test_reset_forgets_the_previous_game() -> None:
    state = random_position(5, 4, "standard", 60)
    bot = fresh_bot(state, 3)
    first = decide(bot, state)
    for steps in (40, 41, 42):  # memory of positions of another game
        decide(bot, random_position(6, 4, "standard", steps))
    bot.reset(GAME, state.options, state.to_act or 0)
    assert decide(bot, state) == first


# -- observations only ----------------------------------------------------------------------

def reshuffle_hidden_values(state: GargonState, viewer: int, rng: random.Random) -> GargonState:
    """A twin position: the values of the cards ``viewer`` cannot see (other hands and both piles)
    shuffled among cards of the same colour, so every colour stays where it was."""
    twin = state.clone()
    for colour in range(NUM_COLOURS):
        slots: list[tuple[str, int, int]] = []  # ("hand", seat, index) or ("pile", pile, index)
        values: list[int] = []
        for seat in range(twin.n):
            if seat != viewer:
                for i, v in enumerate(twin.hands[seat][colour]):
                    slots.append(("hand", seat, i))
                    values.append(v)
        for p, pile in enumerate(twin.piles):
            for i, card in enumerate(pile):
                if card >> 4 == colour:
                    slots.append(("pile", p, i))
                    values.append(card & 15)
        rng.shuffle(values)
        for (where, owner, i), value in zip(slots, values, strict=True):
            if where == "hand":
                twin.hands[owner][colour][i] = value
            else:
                twin.piles[owner][i] = colour * 16 + value
        for seat in range(twin.n):
            twin.hands[seat][colour].sort(reverse=True)
    return twin


def test_decisions_ignore_other_seats_hand_values_in_an_explicit_setup() -> None:
    """Two set-ups differing only in seat 1's values (same colours): seat 0 decides the same, as
    first player and as a follower after seat 2 played and seat 3 passed."""
    seat0 = "W1 B14 B7 V9 V2 R15 R0 Y12 G3 G0"
    others = ["W8 W5 B2 V12 V10 R9 R3 Y11 Y4 G6", "W13 W2 B9 B5 V6 R7 R5 Y9 G14 G11",
              "W15 W9 B11 V14 V3 R12 R1 Y3 G9 G8"]
    twin_seat1 = "W12 W4 B3 V13 V11 R10 R4 Y13 Y5 G7"  # same colours as others[0]
    for first in (0, 2):
        a = table([seat0, *others], first_player=first)
        b = table([seat0, twin_seat1, *others[1:]], first_player=first)
        if first == 2:
            for state in (a, b):
                state.apply_text("play W13 B9 B5")
                state.apply_text("pass")
                for _ in range(3):
                    state.apply_text("draw 1")
        assert a.to_act == b.to_act == 0
        assert a.observe(0) == b.observe(0)
        assert decide(fresh_bot(a, 7), a) == decide(fresh_bot(b, 7), b)


def test_decisions_ignore_hidden_values_all_through_games() -> None:
    """At every decision of seat 0, a twin position with the hidden values reshuffled gives the
    same observation and the same choice (the bot, memory and rng included, copied)."""
    rng = random.Random(0)
    for seed in range(3):
        state = GAME.new_state({"players": 4}, seed=seed)
        bots: list[Bot] = [GargonHeuristic(seed), RandomBot(1), GargonHeuristic(2), RandomBot(3)]
        for seat, bot in enumerate(bots):
            bot.reset(GAME, state.options, seat)
        while state.to_act is not None:
            to_act = state.to_act
            if to_act == 0:
                twin = reshuffle_hidden_values(state, 0, rng)
                assert twin.observe(0) == state.observe(0)
                copied = copy.deepcopy(bots[0])
                action = decide(bots[0], state)
                assert decide(copied, twin) == action, action_to_text(action)
            else:
                action = decide(bots[to_act], state)
            state.apply_trusted(action)


# -- strategy -------------------------------------------------------------------------------

def test_a_passer_draws_from_the_pile_whose_tops_serve_it() -> None:
    """Seat 1 holds both red 0s in its won pile (red amulets count fourfold): it draws the red
    cards on pile 2 rather than the white 13-15 without amulets on pile 1."""
    rest = [card_text(c) for c in COMPONENTS.deck]
    hands = ["B1 B2 B3", "Y14 G13 V12", "Y1 Y2", "G1 G2"]
    won = ["", "R0 R0 R8", "", ""]
    tops = (["W15", "W14", "W13"], ["R2", "R4", "R5"])
    for text in [*" ".join(hands + won).split(), *tops[0], *tops[1]]:
        rest.remove(text)
    half = len(rest) // 2
    piles = (" ".join(tops[0] + rest[:half]), " ".join(tops[1] + rest[half:]))
    state = table(hands, won, piles)
    state.apply_text("play B3")
    state.apply_text("pass")  # seat 1 passes (forced here) and draws
    bot = fresh_bot(state)
    for _ in range(3):
        action = decide(bot, state)
        assert action_to_text(action) == "draw 2"
        state.apply_trusted(action)


def test_in_the_last_round_the_last_seat_follows_with_the_card_that_cannot_lose() -> None:
    """Both piles are empty (the last round); seat 1 played a blue card, seats 2 and 3 passed.
    Seat 0, last to place, may only follow in blue: B15 wins for sure, B1 almost never."""
    state = table(["B15 B1 W1 G2", "B3 R4", "Y5 Y6", "V7 V8"], piles=["", ""], first_player=1)
    for text in ("play B3", "pass", "pass"):
        state.apply_text(text)
    assert state.to_act == 0 and state.final_round
    assert action_to_text(decide(fresh_bot(state), state)) == "play B15"


def test_heuristic_beats_random_players() -> None:
    """60 seeded games, one heuristic against three random bots, its seat rotating. It wins 81%
    of these (89% of 400 games in benchmarks/README.md), against a fair share of 25%; the loose
    bar of 40% leaves room for tuning, and the seeds make the outcome fixed, never flaky."""
    wins = 0.0
    games = 60
    for seed in range(games):
        seat = seed % 4
        bots: list[Bot] = [GargonHeuristic(bot_seed(seed, s)) if s == seat else RandomBot(bot_seed(seed, s))
                           for s in range(4)]
        result = play_game("gargon", {"players": 4}, bots, seed=1000 + seed).record.result
        assert result is not None
        if seat in result["winners"]:
            wins += 1 / len(result["winners"])
    assert wins / games > 0.40
