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


def test_what_the_winners_won_adds_up_to_their_scores() -> None:
    for seed in range(6):
        bots = [make_bot("gargon", "random", seed * 10 + s) for s in range(4)]
        game = play_game("gargon", None, bots, seed)
        state = game.state
        figures = report.figures(state, game.actions())
        winners = set(state.winners())
        colours = figures["colours_by_outcome"]
        scores = state.scores()
        assert sum(colours["winners"].values()) == sum(scores[s] for s in winners)
        assert sum(colours["others"].values()) == sum(scores[s] for s in range(4) if s not in winners)
        values = figures["amulets_by_outcome"]
        for value, amulets in figures["amulets_by_value"].items():
            assert values["winners"].get(value, 0) + values["others"].get(value, 0) == amulets
        # the winners' amulets of value v: the printed amulets of their won cards of that value
        counted: dict[str, int] = {}
        for seat in winners:
            for won in state.won[seat]:
                for value in won:
                    if state.amulets[value]:
                        counted[str(value)] = counted.get(str(value), 0) + state.amulets[value]
        assert values["winners"] == counted


def test_every_value_with_amulets_and_every_colour_is_named_in_both_languages() -> None:
    for lang, white in (("en", "white"), ("fr", "blanc")):
        words = report.words(lang)
        assert set(words["amulets_by_value"][2]) == {str(v) for v in range(1, 13)}
        assert words["colours_by_outcome"][2]["W"] == white and len(words["colours_by_outcome"][2]) == 6
