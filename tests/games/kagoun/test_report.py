"""Kagoun's report figures agree with the actions played: steals announced are the steal
actions, pairs won never outnumber the pairings announced, powers fired are the log's."""

from __future__ import annotations

from ludotheque.bots.registry import make_bot
from ludotheque.games.kagoun import report
from ludotheque.games.kagoun.actions import CAPTURE, DEFEND, STEAL
from ludotheque.sim.match import play_game


def test_steals_and_captures_counted_from_the_log_agree_with_the_actions() -> None:
    steals_won = 0
    for seed in range(8):
        bots = [make_bot("kagoun", "heuristic", seed * 10 + s) for s in range(3)]
        game = play_game("kagoun", {"players": 3}, bots, seed, log=True)
        figures = report.figures(game.state, game.actions())
        actions = game.actions()
        steals = sum(1 for a in actions if STEAL <= a < DEFEND)
        captures = sum(1 for a in actions if CAPTURE <= a < STEAL)
        pairs = figures["pairs"]
        # the log's steal announcements, by which steals won are told from captures won
        assert sum(1 for e in game.state.log if e.kind == "announce" and e.args[0] == "steal") == steals
        assert pairs.get("capture_announced", 0) == captures
        assert pairs.get("steal_won", 0) <= steals and pairs.get("capture_won", 0) <= captures
        steals_won += pairs.get("steal_won", 0)
        fired = sum(1 for e in game.state.log if e.kind == "power")
        assert sum(figures["powers"].values()) == fired
        assert figures["ending"] == game.state.how_ended()
    assert steals_won > 0


def test_calls_and_what_the_winners_did_agree_with_the_log() -> None:
    won = 0
    for seed in range(6):
        bots = [make_bot("kagoun", "heuristic", seed * 10 + s) for s in range(3)]
        game = play_game("kagoun", {"players": 3}, bots, seed, log=True)
        state = game.state
        figures = report.figures(state, game.actions())
        log, winners = state.log, set(state.winners())
        calls = figures["calls"]
        assert sum(calls.values()) == sum(1 for e in log if e.kind == "call")  # each call ends one way
        assert calls.get("out", 0) >= sum(1 for e in log if e.kind == "out")  # every seat out had called
        if figures["ending"] == "kagoun":
            assert calls["won"] == 1
        won += calls.get("won", 0)
        # the winners' powers by hand: the log's power events of a winning seat
        by_hand: dict[str, int] = {}
        for event in log:
            if event.kind == "power" and event.seat in winners:
                by_hand[event.args[0]] = by_hand.get(event.args[0], 0) + 1
        assert figures["powers_by_outcome"]["winners"] == by_hand
        for split, total in (("powers_by_outcome", figures["powers"]),
                             ("pairs_by_outcome", figures["pairs"])):
            halves = figures[split]
            for key in halves["winners"].keys() | halves["others"].keys():
                assert halves["winners"].get(key, 0) + halves["others"].get(key, 0) == total[key]
    assert won >= 3  # the heuristic calls, and wins, most games
