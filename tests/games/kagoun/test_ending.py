"""How a Kagoun game ends, in words (issue 34 parts 1 and 5): the Kagoun! call under 10 points is
confirmed first (003 Contrôle: such a caller is eliminated at the end of the round), and every
way a game ends says who won and why, with each chain counted as 003 counts it."""

from __future__ import annotations

from ludotheque.choices import legal_entries
from ludotheque.games.kagoun import GAME, render
from ludotheque.games.kagoun.actions import KAGOUN
from ludotheque.games.kagoun.components import card_name
from ludotheque.games.kagoun.position import KagounPosition
from ludotheque.renderers import end_words, renderer_for

from .conftest import PlayFn, PositionFn, draw_any

EXAMPLE = "S1 T1 U1 V1 W1 X1 Y1"  # 003's scoring example: 12 points
HANDS = ["A1 A2 B1", "B2 I1 I2"]


def ended(state: KagounPosition, seat: int | None, lang: str) -> dict[str, object]:
    return end_words(renderer_for(GAME), state, state.observe(seat), seat, lang, ["Ana", "Bo"])


def test_the_call_under_ten_points_asks_for_a_confirmation_and_only_it(position: PositionFn) -> None:
    state = position(HANDS, river="K1 K2")
    entries = legal_entries(state, renderer_for(GAME), state.observe(0), "fr")
    confirm = {e["action"]: e["confirm"] for e in entries if "confirm" in e}
    assert confirm == {
        "kagoun": "Vous avez 0 point ; sous 10 points à la fin de la manche, vous êtes hors jeu."}
    assert render.confirm_text(KAGOUN, state.observe(0), "en") == \
        "You have 0 points; under 10 at the end of the round you are eliminated."
    assert render.confirm_text(KAGOUN, state.observe(None), "en") is None  # a spectator acts on nothing
    rich = position(HANDS, river="K1 K2", chains=[EXAMPLE, ""])  # 12 points: the call may win
    assert render.confirm_text(KAGOUN, rich.observe(0), "en") is None
    assert all("confirm" not in e for e in legal_entries(rich, renderer_for(GAME), rich.observe(0), "en"))


def test_a_winning_call_says_its_points_and_counts_the_chain(position: PositionFn, play: PlayFn) -> None:
    state = position(HANDS, river="K1 K2", chains=[EXAMPLE, "S2 T2"])
    play(state, "kagoun", "discard", "discard", "drop A1", "stop")
    draw_any(state)
    play(state, "drop B2", "stop")
    draw_any(state)
    assert state.is_terminal and state.how_ended() == "kagoun"
    end = ended(state, 1, "en")
    assert end == {"winners": "Ana wins", "won": [0], "outcome": "You lost",
                   "reason": "Kagoun! called with 12 points, the best call of 10 or more"}
    assert ended(state, 0, "fr")["outcome"] == "Vous avez gagné"
    headers, rows = render.score_sheet(state.observe(None), "en", ["Ana", "Bo"])
    assert headers == ["", "Ana", "Bo"]
    assert rows[0][1].splitlines() == ["yellow ×1 → 1", "blue ×1 → 1", "green ×2 → 4", "red ×2 → 4",
                                       "four colours → +2"]  # 003's example, 12
    assert rows[1:] == [["Points", "12", "1"], ["Kagoun!", "called", "—"], ["Result", "wins", "—"]]


def test_a_ko_names_the_last_player_in(position: PositionFn, play: PlayFn) -> None:
    state = position(HANDS, river="K1 K2")
    play(state, "kagoun", "discard", "discard", "drop A1", "stop")
    draw_any(state)
    play(state, "drop B2", "stop")
    draw_any(state)
    assert state.how_ended() == "ko"
    end = ended(state, 1, "fr")
    assert end["winners"] == "Bo gagne par KO" and end["outcome"] == "Vous avez gagné"
    assert end["reason"] == \
        "KO : dernière personne encore en jeu (crier Kagoun ! sous 10 points met hors jeu)"
    assert render.score_sheet(state.observe(None), "fr")[1][-1] == ["Résultat", "hors jeu", "gagne"]


def _everyone_calls_and_fails(state: KagounPosition, play: PlayFn) -> None:
    play(state, "kagoun", "discard", "kagoun", "discard")
    for seat in (0, 1):
        play(state, f"drop {card_name(state.hands[seat][0])}", "stop")
        draw_any(state)


def test_everyone_out_at_once_is_nobodys_win_unless_the_house_rule_keeps_the_best(
        position: PositionFn, play: PlayFn) -> None:
    state = position(HANDS, river="K1 K2", chains=["", "S1 T1"])
    _everyone_calls_and_fails(state, play)
    assert state.how_ended() == "all_out" and state.winners() == [0, 1]  # (the scores share it)
    end = ended(state, 0, "en")
    assert end["won"] == [] and end["outcome"] == "Nobody won" and end["reason"] == ""
    assert str(end["winners"]).startswith("No winner: every player still in was eliminated")
    house = position(HANDS, river="K1 K2", chains=["", "S1 T1"], stalemate="most_points")
    _everyone_calls_and_fails(house, play)
    assert ended(house, 1, "en")["reason"] == \
        "KO: every player still in called Kagoun! under 10 points; the one with the most points wins (1)"


def test_the_round_limit_is_nobodys_win_or_the_most_points_by_the_house_rule(
        position: PositionFn, play: PlayFn) -> None:
    for stalemate, won, reason in (("draw", [], ""),
                                   ("most_points", [1], "the round limit was reached: the most points (1)")):
        state = position(HANDS, river="K1 K2", chains=["", "S1 T1"], max_rounds=1, stalemate=stalemate)
        play(state, "discard", "discard")
        for seat in (0, 1):
            play(state, f"drop {card_name(state.hands[seat][0])}", "stop")
            draw_any(state)
        assert state.how_ended() == "rounds"
        end = ended(state, None, "en")
        assert end["won"] == won and end["reason"] == reason and end["outcome"] is None
