"""The bot protocol and registry: bots found by name, seeded, and legal in every line-up."""

from __future__ import annotations

import pytest

from ludotheque.bots import Bot, RandomBot, UnknownBotError, bot_names, make_bot
from ludotheque.games.gargon import GAME
from ludotheque.games.gargon.heuristic import GargonHeuristic
from ludotheque.sim.match import bot_seed, play_game


def test_gargon_has_the_random_and_the_heuristic_bot() -> None:
    assert {"random", "heuristic"} <= set(bot_names("gargon"))
    assert isinstance(make_bot("gargon", "random"), RandomBot)
    assert isinstance(make_bot("gargon", "heuristic"), GargonHeuristic)


def test_bot_names_are_case_and_space_insensitive() -> None:
    assert isinstance(make_bot("gargon", "  Heuristic "), GargonHeuristic)


def test_unknown_bot_is_refused_with_the_known_names() -> None:
    with pytest.raises(UnknownBotError) as error:
        make_bot("gargon", "oracle")
    assert "heuristic" in str(error.value) and "random" in str(error.value)


def test_heuristic_is_a_gargon_bot_only() -> None:
    assert "heuristic" not in bot_names("no-such-game")
    with pytest.raises(UnknownBotError):
        make_bot("no-such-game", "heuristic")


def test_random_bot_is_reproducible_from_its_seed() -> None:
    def actions(seed: int) -> list[str]:
        bots: list[Bot] = [RandomBot(bot_seed(seed, seat)) for seat in range(4)]
        return play_game("gargon", {"players": 4}, bots, seed=seed).record.actions

    assert actions(3) == actions(3)
    assert actions(3) != actions(4)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("variant", ["standard", "open"])
def test_mixed_line_ups_play_whole_games_legally(players: int, variant: str) -> None:
    """play_game raises BotError on any illegal choice; each game must also end and score."""
    names = ["heuristic", "random"] * 3
    for seed in range(2):
        bots = [make_bot("gargon", names[(seat + seed) % 2], bot_seed(seed, seat)) for seat in range(players)]
        game = play_game("gargon", {"players": players, "variant": variant}, bots, seed=seed)
        assert game.state.is_terminal
        assert game.record.result is not None and len(game.record.result["scores"]) == players


def test_a_bot_is_told_its_game_options_and_seat() -> None:
    bot = make_bot("gargon", "heuristic", 1)
    state = GAME.new_state({"players": 3}, seed=2)
    bot.reset(GAME, state.options, 2)
    assert (bot.game, bot.seat, bot.options["players"]) == (GAME, 2, 3)


def test_a_bot_choosing_an_illegal_action_is_reported() -> None:
    from ludotheque.core.bot import BotError, Decision

    class Cheater(RandomBot):
        def choose(self, decision: Decision) -> int:
            return 10**9  # never a legal action

    bots: list[Bot] = [Cheater(0), RandomBot(1), RandomBot(2)]
    with pytest.raises(BotError, match="illegal action"):
        play_game("gargon", {"players": 3}, bots, seed=1)


def test_a_decision_cannot_be_read_once_answered() -> None:
    """A bot that keeps its decision cannot look at later positions through it."""
    from ludotheque.core.bot import Decision, DecisionClosedError

    kept: list[Decision] = []

    class Keeper(RandomBot):
        def choose(self, decision: Decision) -> int:
            kept.append(decision)
            return super().choose(decision)

    play_game("gargon", {"players": 3}, [Keeper(0), RandomBot(1), RandomBot(2)], seed=2)
    assert kept
    with pytest.raises(DecisionClosedError):
        kept[0].observation  # noqa: B018
    with pytest.raises(DecisionClosedError):
        kept[-1].legal  # noqa: B018


def test_a_random_decision_equals_a_draw_from_the_legal_list() -> None:
    """The random bot's sampled action is the one it would pick from the listed legal actions."""
    import random

    from ludotheque.core.bot import Decision

    state = GAME.new_state({"players": 4}, seed=3)
    for step in range(200):
        if state.is_terminal:
            break
        seat = state.to_act
        assert seat is not None
        sampled = Decision(state, seat).random_action(random.Random(step))
        listed = Decision(state, seat)
        assert listed.legal and sampled == listed.random_action(random.Random(step))
        state.apply_trusted(sampled)
