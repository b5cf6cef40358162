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


def test_rooms_gold_and_abilities_of_the_winners_and_the_others_add_up() -> None:
    used = 0
    for seed in range(4):
        bots = [make_bot("drakon", "random", seed * 10 + s) for s in range(3)]
        game = play_game("drakon", {"players": 3, "heroes": "yes"}, bots, seed, log=True)
        state = game.state
        figures = report.figures(state, game.actions())
        for split, total in (("rooms_by_outcome", "rooms_entered"), ("gold_by_outcome", "gold_by_room"),
                             ("abilities_by_outcome", "abilities")):
            halves = figures[split]
            for key in halves["winners"].keys() | halves["others"].keys() | figures[total].keys():
                assert halves["winners"].get(key, 0) + halves["others"].get(key, 0) == \
                    figures[total].get(key, 0), (split, key)
        # abilities by hand: the heroes whose marker is turned over at the end
        assert sum(figures["abilities"].values()) == sum(state.hero_used)
        winners = set(state.winners())
        assert sum(figures["abilities_by_outcome"]["winners"].values()) == sum(
            1 for hero, spent in enumerate(state.hero_used) if spent and state.hero_owner[hero] in winners)
        # the winners' entries by hand: moves and pulls of a hero a winner owns
        owner = dict(zip(state.hero_figure, state.hero_owner, strict=True))
        assert sum(figures["rooms_by_outcome"]["winners"].values()) == sum(
            1 for e in state.log if e.kind in ("move", "pull") and owner[e.figure] in winners)
        used += sum(state.hero_used)
    assert used > 0
    plain = play_game("drakon", {"players": 3}, [make_bot("drakon", "random", s) for s in range(3)], 1,
                      log=True)
    assert report.figures(plain.state, plain.actions())["abilities"] == {}  # no Heroes!: none used
