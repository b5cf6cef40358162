"""Scenario tests for rulings on the open points (docs/rules/kagoun.md §4), from explicit set-ups
on the test deck (see conftest.py)."""

from __future__ import annotations

from ludotheque.core.bot import ask
from ludotheque.core.game import start_log
from ludotheque.games.kagoun import GAME, render
from ludotheque.games.kagoun.components import card_name, load_deck, register_deck
from ludotheque.games.kagoun.heuristic import KagounHeuristic
from ludotheque.games.kagoun.notation import parse_card
from ludotheque.games.kagoun.position import KagounPosition
from ludotheque.games.kagoun.scoring import chain_score

from .conftest import TEST_DECK, PlayFn, PositionFn, draw_any


def names(cards: list[int]) -> list[str]:
    return [card_name(c) for c in cards]


def test_ruling_10_target_moved_loses_the_cards_laid_by_it(position: PositionFn, play: PlayFn) -> None:
    state = position(["I1 I2 J1", "A2 J2 L1"], river="M1 M2", pairs=["A1a/K1b B1a/K2b", ""])
    play(state, "consolidate", "steal A2a K2b", "defend I1a K2b")
    play(state, "chain A1 right", "chain B1~ right")  # K2, the target, is discarded
    assert {"A2", "I1", "K2"} <= set(names(state.discard))
    assert state.observe(1).pairs[1] == ()


def _everyone_calls_and_fails(state: KagounPosition, play: PlayFn) -> None:
    play(state, "kagoun", "discard", "kagoun", "discard")
    for seat in (0, 1):
        play(state, f"drop {names(state.hands[seat])[0]}", "stop")
        draw_any(state)


def test_ruling_42_everyone_out_at_once_is_no_win(position: PositionFn, play: PlayFn) -> None:
    """003 Contrôle gives the KO win to the one player left; with nobody left it names no winner:
    a draw. ``stalemate=most_points`` keeps the house rule (the best of them stands)."""
    state = position(["A1 A2 B1", "B2 I1 I2"], river="K1 K2", chains=["", "S1 T1"])
    log = start_log(state)
    assert log is not None
    _everyone_calls_and_fails(state, play)
    assert state.is_terminal and state.winner == -1 and state.how_ended() == "all_out"
    assert state.scores() == [0.5, 0.5] and state.winners() == [0, 1]
    assert render.winners_text(state.observe(None), "en").startswith("No winner")
    assert render.winners_text(state.observe(None), "fr").startswith("Pas de gagnant")
    assert render.describe_event(log[-1], "en") == \
        "the game ends without a winner (everyone eliminated at once)"
    house = position(["A1 A2 B1", "B2 I1 I2"], river="K1 K2", chains=["", "S1 T1"],
                     stalemate="most_points")
    _everyone_calls_and_fails(house, play)
    assert house.winner == 1 and house.how_ended() == "ko" and house.scores() == [0.0, 1.0]


def _one_quiet_round(state: KagounPosition, play: PlayFn) -> None:
    play(state, "discard", "discard")
    for seat in (0, 1):
        play(state, f"drop {names(state.hands[seat])[0]}", "stop")
        draw_any(state)


def test_ruling_43_the_round_cap_is_no_win(position: PositionFn, play: PlayFn) -> None:
    """003 Contrôle: only a caller with the most points (ten or more) wins. A game stopped by the
    safety cap ``max_rounds`` is a draw, even for the seat with more points; ``stalemate=
    most_points`` gives it to him (house rule); ``max_rounds=0`` is no cap."""
    for stalemate, winner, scores in (("draw", -1, [0.5, 0.5]), ("most_points", 1, [0.0, 1.0])):
        state = position(["A1 A2 B1", "B2 I1 I2"], river="K1 K2", chains=["", "S1 T1"],
                         max_rounds=1, stalemate=stalemate)
        _one_quiet_round(state, play)
        assert state.is_terminal and state.winner == winner and state.how_ended() == "rounds"
        assert state.scores() == scores
    endless = position(["A1 A2 B1", "B2 I1 I2"], river="K1 K2", chains=["", "S1 T1"], max_rounds=0)
    _one_quiet_round(endless, play)
    draw_any(endless)
    assert not endless.is_terminal and endless.round == 2


def test_ruling_30_chain_stolen_to_nothing_starts_again_from_two_pairs(position: PositionFn,
                                                                         play: PlayFn) -> None:
    state = position(["A1 I1 J1", "I2 J2 L1"], river="M1 M2", chains=["", "B1"],
                     pairs=["", "C1a/K1b"])
    play(state, "steal A1b B1a")
    play(state, "defend I2a B1a")  # invalid: Y + Y
    play(state, "consolidate")
    assert state.observe(0).pairs[0] == (("A1b", "B1a"),) and state.chains[1] == []
    assert state.legal_texts() == ["scrap C1"]  # one pair cannot start a chain again


def _arrangements(state: KagounPosition, seat: int) -> set[tuple[str, ...]]:
    """Every chain the player can end with, laying it again from here."""
    if state.observe(seat).phase != "rearrange":
        return {state.observe(seat).chains[seat]}
    out: set[tuple[str, ...]] = set()
    for action in state.legal_actions():
        trial = state.clone()
        trial.apply(action)
        out |= _arrangements(trial, seat)
    return out


def _points(chain: tuple[str, ...]) -> int:
    deck = load_deck(register_deck(TEST_DECK))
    return chain_score(deck, [(parse_card(c[:2]), int(c.endswith("~"))) for c in chain])


def test_ruling_33_the_player_lays_his_chain_again(position: PositionFn, play: PlayFn) -> None:
    """The defence card A2 (Y|B) fits neither end of S1 T1 V1~ (red at both ends). Under ``free``
    (the default, 003 Voler: "librement réorganiser") the player chooses among every arrangement
    that keeps all four cards, T1 V1~ S1 A2 among them (3 points instead of 2); under ``ends``
    (OQ 33(b)) A2 is discarded, there being nothing to choose."""
    chain = "S1 T1 V1~ Y1"
    state = position(["A1 I1 J1", "A2 J2 L1"], river="M1 M2", chains=["", chain])
    play(state, "steal A1b Y1a", "defend A2b Y1b", "discard")  # the thief's pairing is invalid
    assert state.to_act == 1 and state.observe(1).phase == "rearrange"
    _, lines = render.board(state.observe(1), "fr")
    assert any(line.startswith("À reposer dans la chaîne : ") and "A2" in line for line in lines)
    assert "réorganisez votre chaîne" in render.prompt(state.observe(1), "fr")
    chains = _arrangements(state, 1)
    assert {len(c) for c in chains} == {4} and ("T1", "V1~", "S1", "A2") in chains
    assert {_points(c) for c in chains} == {3} and len(chains) > 2  # which cards lie at the ends
    ends = position(["A1 I1 J1", "A2 J2 L1"], river="M1 M2", chains=["", chain], reconsolidation="ends")
    play(ends, "steal A1b Y1a", "defend A2b Y1b", "discard")
    assert ends.observe(1).phase == "discard" and len(ends.chains[1]) == 3
    assert {"A2", "Y1"} <= set(names(ends.discard))


def test_ruling_33_under_ends_the_player_places_the_new_card(position: PositionFn, play: PlayFn) -> None:
    state = position(["A1 B1 I1", "C2 I2 J1"], river="K1 L2", chains=["", "L1 M1~"],
                     reconsolidation="ends")
    play(state, "steal A1b M1a", "defend C2a M1b", "discard")
    assert state.legal_texts() == ["chain C2~ left", "chain C2~ right"]
    play(state, "chain C2~ left")
    assert state.observe(1).chains[1] == ("C2~", "L1")


def test_ruling_33_the_program_may_lay_it_the_best_way(position: PositionFn, play: PlayFn) -> None:
    """``reconsolidation_choice=best`` (the rules of version 1): no decision, the arrangement
    keeping most cards then scoring most."""
    for option, kept, points in (("ends", 3, 2), ("free", 4, 3)):
        state = position(["A1 I1 J1", "A2 J2 L1"], river="M1 M2", chains=["", "S1 T1 V1~ Y1"],
                         reconsolidation=option, reconsolidation_choice="best")
        play(state, "steal A1b Y1a", "defend A2b Y1b", "discard")
        assert state.observe(1).phase == "discard"
        assert len(state.chains[1]) == kept and state.observe(1).points[1] == points


def test_ruling_33_the_heuristic_lays_the_best_chain(position: PositionFn, play: PlayFn) -> None:
    state = position(["A1 I1 J1", "A2 J2 L1"], river="M1 M2", chains=["", "S1 T1 V1~ Y1"])
    play(state, "steal A1b Y1a", "defend A2b Y1b", "discard")
    bot = KagounHeuristic(0)
    bot.reset(GAME, state.options, 1)
    while state.observe(1).phase == "rearrange":
        state.apply(ask(bot, state, 1))
    assert state.observe(1).points[1] == 3


def test_ruling_36_a_card_replays_once_a_round_for_a_seat(position: PositionFn, play: PlayFn) -> None:
    """Seat 1 wins two defences of F2 (Replay on its paired line) in one round: the icon fires
    both times, but gives seat 1 one Replay action only, the limit that stops a loop of won
    defences (OQ 36, ``replay_limit=card``); seat 2's Replay from F1 still plays."""
    state = position(["A1 I1 J1", "C2 C1 I2", "F1 A2 J2"], river="K1 K2 M1",
                     pairs=["", "L1b/F2a", ""])
    log = start_log(state)
    assert log is not None
    play(state, "steal A1b F2a", "defend C2b F2a", "discard", "capture F1a K1b")
    assert state.to_act == 1 and state.observe(1).phase == "announce"  # F2's Replay
    play(state, "discard", "drop I2", "stop")
    draw_any(state)
    spare = next(c for c in names(state.hands[1]) if c != "C1")
    play(state, f"drop {spare}", "stop")  # seat 1's own discard
    draw_any(state)
    assert state.to_act == 2 and state.observe(2).phase == "announce"  # F1's Replay
    play(state, "steal A2b F2a", "defend C1b F2a")
    replays = [e for e in log if e.kind == "power" and e.seat == 1 and e.args == ("replay",)]
    assert len(replays) == 2 and state.pairs[1][0][0] == parse_card("C1")
    assert state.observe(1).phase != "announce"
