"""Gargon's report figures: the shapes opening each round, read from the actions alone (the log
costs more than the game), are those the public log shows."""

from __future__ import annotations

from ludotheque.bots.registry import make_bot
from ludotheque.games.gargon import report
from ludotheque.games.gargon.components import HIDDEN
from ludotheque.sim.match import play_game


def shapes_in_the_log(log: list) -> dict[str, int]:
    """The first play after the start or after a "round" event, by its card backs' colours."""
    shapes: dict[str, int] = {}
    opening = True
    for event in log:
        if event.kind == "round":
            opening = True
        elif event.kind == "play" and opening:
            counts: dict[int, int] = {}
            for card in event.cards:
                counts[card - HIDDEN] = counts.get(card - HIDDEN, 0) + 1
            key = "+".join(str(c) for c in sorted(counts.values(), reverse=True))
            shapes[key] = shapes.get(key, 0) + 1
            opening = False
    return shapes


def test_shapes_from_the_actions_are_the_rounds_openings_in_the_log() -> None:
    for seed in range(12):
        bots = [make_bot("gargon", "heuristic" if seed % 2 else "random", seed * 10 + s)
                for s in range(3 + seed % 3)]
        game = play_game("gargon", {"players": len(bots)}, bots, seed, log=True)
        figures = report.figures(game.state, game.actions())
        assert figures["shapes"] == shapes_in_the_log(game.state.log)
        assert sum(figures["shapes"].values()) == game.state.rounds()  # one opening a round
        scores = sorted(game.state.scores(), reverse=True)
        assert figures["margin"] == scores[0] - scores[1]


def test_the_actions_played_are_the_same_once_the_record_is_written() -> None:
    bots = [make_bot("gargon", "random", s) for s in range(4)]
    game = play_game("gargon", None, bots, 5)
    before = game.actions()
    assert len(before) == game.moves and game.record.actions  # the record written in notation
    assert game.actions() == before
