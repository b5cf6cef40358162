"""Drakon's report figures: the coins' values, paired from the chance actions with the log's
coin events, add up to the gold the purses hold at the end."""

from __future__ import annotations

from ludotheque.bots.registry import make_bot
from ludotheque.games.drakon import report
from ludotheque.sim.match import play_game


def test_gold_found_less_gold_lost_is_the_gold_in_the_purses_at_the_end() -> None:
    games_with_gold = 0
    for seed in range(10):
        bots = [make_bot("drakon", "heuristic", seed * 10 + s) for s in range(3)]
        game = play_game("drakon", {"players": 3}, bots, seed, log=True)
        figures = report.figures(game.state, game.actions())
        moved = figures["gold_moved"]
        assert sum(figures["gold"]) == moved.get("found", 0) - moved.get("lost", 0)  # steals cancel
        assert sum(figures["rooms_entered"].values()) >= sum(1 for e in game.state.log if e.kind == "move")
        games_with_gold += moved.get("found", 0) > 0
        assert figures["gold_by_room"].get("find", 0) <= moved.get("found", 0) + moved.get("stolen", 0)
    assert games_with_gold >= 5
