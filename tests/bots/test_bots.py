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
