"""Gargon's words for players (games/gargon/render.py): events in English and French, cards,
actions, the board from an observation, and the score sheet."""

from __future__ import annotations

import re

from ludotheque.bots import make_bot
from ludotheque.games.gargon import GAME, GargonObservation, render
from ludotheque.games.gargon.actions import BATTLE, DRAW, PASS
from ludotheque.games.gargon.events import Event
from ludotheque.games.gargon.notation import parse_action, parse_card
from ludotheque.sim.match import play_game

R14, R3, R0 = parse_card("R14"), parse_card("R3"), parse_card("R0")
HIDDEN_R, HIDDEN_G = 96 + 3, 96 + 5


def test_colour_and_creature_names_come_from_the_components_file() -> None:
    assert render.colour_label(3, "en") == "red (phoenix)"
    assert render.colour_label(3, "fr") == "rouge (phénix)"
    assert render.colour_label(5, "fr") == "vert (fée)"
    assert render.card_markup(R14) == f"[{render.STYLES[3]}]R14[/]"


def test_events_in_english_and_french() -> None:
    play = Event("play", 1, cards=(HIDDEN_R, HIDDEN_G))
    assert render.describe_event(play) == "Seat 2 plays 2 cards face down: red ?, green ?"
    assert render.describe_event(play, "fr") == "Joueur 2 pose 2 cartes face cachée : rouge ?, vert ?"
    assert render.describe_event(play, "en", you=1, markup=True).endswith(
        "face down: [bold red1]R?[/] [bold green3]G?[/]")
    assert render.describe_event(Event("pass", 2), "fr", you=2) == "Vous passez"
    draw = Event("draw", 0, colour=3, pile=1)
    assert render.describe_event(draw, names=["Ada", "Bo", "Cy"]) == "Ada draws red ? from pile 2"
    assert render.describe_event(draw, "fr") == "Joueur 1 tire rouge ? de la pioche 2"
    fight = Event("fight", 2, colour=3, seats=(1, 2), cards=(R3, R14))
    assert render.describe_event(fight) == (
        "Fight in red (phoenix): Seat 2 red 3, Seat 3 red 14 — Seat 3 wins red 14; red 3 discarded")
    assert render.describe_event(fight, "en", you=2).endswith("— you win red 14; red 3 discarded")
    clash = Event("clash", colour=3, seats=(0, 2), cards=(R0, R0))
    assert "The two red 0 of Seat 1 and Seat 3 cancel out" in render.describe_event(clash)
    assert render.describe_event(Event("round", 1), "fr") == "Nouvelle manche : Joueur 2 est premier joueur"
    reveal = Event("reveal", cards=(R14, R3), seats=(0, 2))
    assert render.describe_event(reveal) == "Cards revealed — Seat 1: red 14 · Seat 3: red 3"
    assert render.describe_event(reveal, "fr", you=0) == (
        "Cartes révélées — vous : rouge 14 · Joueur 3 : rouge 3")
    assert render.describe_event(Event("over"), "fr") == "La partie est terminée"


def test_every_event_of_a_game_has_words_and_no_event_before_the_reveal_shows_a_value() -> None:
    state = GAME.new_state({"players": 4}, seed=12)
    state.log = []
    bots = [make_bot("gargon", "random", s) for s in range(4)]
    for seat, bot in enumerate(bots):
        bot.reset(GAME, state.options, seat)
    while state.to_act is not None:
        seat = state.to_act
        state.apply_trusted(bots[seat].act(state.observe(seat), state.legal_actions()))
    for event in state.log:
        for lang in ("en", "fr"):
            text = render.describe_event(event, lang)
            assert text and text != event.kind
        if event.kind in ("play", "draw", "pass", "stop", "battle", "round"):
            assert not re.search(r"[WBVRYG]\d", render.describe_event(event)), event


def test_action_labels_name_colours_and_pile_tops() -> None:
    state = GAME.state_from_setup({"hands": [["R14"], ["R3"], ["B5"]], "piles": [["W1"], ["G2"]]})
    obs = state.observe(0)
    assert render.action_label(parse_action("play r14"), obs) == "play red 14"
    marked = render.action_label(parse_action("play r14"), obs, markup=True)
    assert marked == f"play [{render.STYLES[3]}]R14[/]"  # the terminal's: as typed
    assert render.action_label(BATTLE + 3, obs, "en") == "fight in red (phoenix)"
    assert render.action_label(BATTLE + 3, obs, "fr") == "combat en rouge (phénix)"
    assert render.action_label(DRAW + 1, obs, "fr") == "piocher 2 (carte du dessus : vert)"
    assert render.action_label(DRAW + 1, obs, "en") == "draw 2 (top card: green)"
    assert render.action_label(parse_action("play R14 B5"), obs, "fr") == "jouer bleu 5, rouge 14"
    assert render.action_label(PASS, obs) == "pass"


def test_the_board_shows_values_only_where_the_observation_does() -> None:
    state = GAME.new_state({"players": 4}, seed=3)
    (headers, rows), lines = render.board(state.observe(2), "en")
    assert headers == ["Player", "Hand", "In play", "Won"]
    for seat, row in enumerate(rows):
        tokens = row[1].split()[:-1]  # the last token is the hand size
        if seat == 2:
            assert all(re.fullmatch(r"[WBVRYG]\d+", t) for t in tokens)
        else:
            assert all(re.fullmatch(r"[WBVRYG]\?", t) for t in tokens)
    assert lines[0].startswith("Pile 1 (") and "?" not in lines[0].split(":", 1)[1]


def test_the_score_sheet_adds_up_to_the_game_scores() -> None:
    bots = [make_bot("gargon", "random", s) for s in range(3)]
    game = play_game("gargon", {"players": 3}, bots, seed=4)
    final = game.state.observe(None)
    assert isinstance(final, GargonObservation)
    headers, rows = render.score_sheet(final, "en")
    assert headers == ["Colour", "Seat 1", "Seat 2", "Seat 3"]
    assert rows[-1][0] == "Total"
    assert [int(x) for x in rows[-1][1:]] == [int(s) for s in game.state.scores()]
    assert [int(b) + int(a) for b, a in zip(rows[-3][1:], rows[-2][1:], strict=True)] == [
        int(s) for s in game.state.scores()]
    winners = render.winners_text(final, "fr")
    assert winners.startswith("Vainqueur") and "Joueur" in winners


def test_new_in_hand_names_only_the_cards_the_seat_just_drew() -> None:
    setup = {"hands": [["R14"], ["G2", "W5"], ["B3"]], "piles": [["V7", "Y1"], ["R3"]], "first_player": 0}
    state = GAME.state_from_setup(setup)
    state.apply_text("play R14")
    before = state.observe(1)
    state.apply_text("pass")
    state.apply_text("draw 1")
    state.apply_text("draw 2")
    after = state.observe(1)
    assert render.new_in_hand(before, after, "en") == "Into your hand: violet 7, red 3"
    assert render.new_in_hand(before, after, "fr") == "Dans votre main : violet 7, rouge 3"
    assert render.new_in_hand(after, after) is None


def test_your_own_draw_and_play_show_their_values_to_you_and_to_nobody_else() -> None:
    from ludotheque.core.game import start_log

    setup = {"hands": [["R14"], ["G2", "W5"], ["B3"]], "piles": [["V7", "Y1"], ["R3"]], "first_player": 0}
    state = GAME.state_from_setup(setup)
    log = start_log(state)
    assert log is not None
    state.apply_text("play R14")
    state.apply_text("pass")
    before = state.observe(1)
    state.apply_text("draw 1")
    after = state.observe(1)
    draw = log[-1]
    assert draw.kind == "draw"
    assert render.describe_event(draw, "en", you=1, seen=(before, after)) == "You draw violet 7 from pile 1"
    assert render.describe_event(draw, "fr", you=1, seen=(before, after)) == (
        "Vous tirez violet 7 de la pioche 1")
    assert render.describe_event(draw, "en", you=1) == "You draw violet ? from pile 1"  # nothing seen
    others = (state.observe(0), state.observe(0))
    assert render.describe_event(draw, "en", you=0, seen=others) == "Seat 2 draws violet ? from pile 1"
    state2 = GAME.state_from_setup(setup)
    log2 = start_log(state2)
    assert log2 is not None
    before = state2.observe(0)
    state2.apply_text("play R14")
    play = next(e for e in log2 if e.kind == "play")
    assert render.describe_event(play, "en", you=0, seen=(before, state2.observe(0))) == (
        "You play 1 card face down: red 14")
    assert render.describe_event(play, "en", you=1) == "Seat 1 plays 1 card face down: red ?"


def test_last_round_is_said_in_the_prompt_and_on_the_board() -> None:
    setup = {"hands": [["R14"], ["R3"], ["B5"]], "piles": [["W1"], ["G2"]], "first_player": 0}
    state = GAME.state_from_setup(setup)
    state.apply_text("play R14")
    state.apply_text("play R3")
    state.apply_text("pass")
    state.apply_text("draw 1")  # pile 1 is now empty: this round is the last
    obs = state.observe(state.to_act if state.to_act is not None and state.to_act >= 0 else 0)
    assert obs.final_round
    if obs.phase != "over":
        assert render.prompt(obs, "en").startswith("(last round) ")
        assert render.prompt(obs, "fr").startswith("(dernière manche) ")
        _, lines = render.board(obs, "en")
        assert "Last round: a pile is empty, the game ends with this round" in lines
