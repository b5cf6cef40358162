"""The heuristic bot plays legal moves and beats the random bot."""

from __future__ import annotations

from ludotheque.sim.runner import play_one


def test_heuristic_beats_random() -> None:
    wins = 0
    games = 40
    for seed in range(games):
        bots = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
        result = play_one("kagoun", {"players": 2}, bots, seed=seed, keep_record=False)
        heuristic_seat = 0 if seed % 2 == 0 else 1
        wins += result.scores[heuristic_seat] == 1
    assert wins >= 0.8 * games


def test_heuristic_self_play_ends_with_kagoun_calls() -> None:
    result = play_one("kagoun", {"players": 3}, ["heuristic"], seed=11, keep_record=True)
    assert result.record is not None and result.record.result is not None
    assert "kagoun" in result.record.actions
