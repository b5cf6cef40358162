"""Drakon's words for players (games/drakon/render.py): every event and every action family in
English and French, prompts per step, the terminal board within 80 columns for real positions of
seeded random games, and nothing hidden on a seat's screen."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest
from rich.text import Text

from ludotheque.core.game import CHANCE, sample_chance, start_log
from ludotheque.games.drakon import GAME, DrakonObservation, render
from ludotheque.games.drakon import actions as A
from ludotheque.games.drakon import steps as S
from ludotheque.games.drakon.components import EFFECTS, FIGURES, FIND, HARP, MOVING, kind_of
from ludotheque.games.drakon.events import Event
from ludotheque.games.drakon.geometry import CELLS, cell_of
from ludotheque.games.drakon.notation import action_to_text

from ...web.tables import notation_codes

EVENT_KINDS = ("place draw move pull caught coin lose steal destroy drakon relocate stay exchange "
               "map take rotate mind hero pass escape win stuck limit").split()
#: Words of the notation that a French label should never show (rooms, heroes, verbs; not
#: "place", a French word too: "en place").
NOTATION_WORDS = set(EFFECTS) | set(FIGURES) | {"move", "harp", "destroy", "relocate", "exchange",
                                                 "rotate", "mind", "stay", "pass"}


def cell(x: int, y: int) -> int:
    return cell_of(x, y)


def sample_events() -> list[Event]:
    """One event of every kind the rules log, with fields as the rules fill them."""
    find_ne = FIND * 16 + 0b0011
    return [
        Event("place", 1, cell=cell(1, 0), room=find_ne),
        Event("draw", 1),
        Event("move", 2, figure=2, cell=cell(1, 0), other=cell(0, 0)),
        Event("pull", 2, figure=2, cell=cell(2, 0), other=cell(1, 0)),
        Event("caught", 3, figure=3, cell=cell(0, 0)),
        Event("coin", 0),
        Event("lose", 0),
        Event("steal", 1, other=2),
        Event("destroy", 1, cell=cell(-1, 0), room=HARP * 16 + 1),
        Event("drakon", 0, cell=cell(0, 2)),
        Event("relocate", 2, cell=cell(3, 1), room=MOVING * 16 + 5, other=cell(2, 1)),
        Event("stay", 2, cell=cell(2, 1)),
        Event("exchange", 0, cell=cell(1, 1), room=find_ne, other=HARP * 16 + 4),
        Event("map", 0, other=1),
        Event("take", 0, other=1),
        Event("rotate", 1, cell=cell(1, 0), room=find_ne, other=3),
        Event("mind", 1, figure=0, cell=cell(0, -1)),
        Event("mind", 1, figure=0, cell=-1),
        Event("hero", 0, figure=1),
        Event("pass", 3),
        Event("escape", 0, figure=0, cell=cell(0, 1)),
        Event("win", seats=(0, 2), room=-1),
        Event("stuck"),
        Event("limit"),
    ]


def test_every_kind_the_rules_log_is_sampled() -> None:
    assert sorted({e.kind for e in sample_events()}) == sorted(EVENT_KINDS)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_event_reads_as_a_sentence_in_both_languages(lang: str) -> None:
    for event in sample_events():
        for you in (None, event.seat, 0):
            text = render.describe_event(event, lang, None, you)
            assert text and "{" not in text and text != event.kind, (event, text)
            assert text[0].isupper() or text[0] in "$0123456789", text
            marked = render.describe_event(event, lang, None, you, markup=True)
            assert Text.from_markup(marked).plain == text


def test_events_in_english_and_french() -> None:
    place, *_ = sample_events()
    assert render.describe_event(place) == (
        "Seat 2 lays Find a coin (arrows north and east) 1 east of the Start")
    assert render.describe_event(place, "fr") == (
        "Joueur 2 pose Trouver une pièce (flèches au nord et à l'est) à 1 à l'est du Départ")
    assert render.describe_event(place, "en", you=1) == (
        "You lay Find a coin (arrows north and east) 1 east of the Start")
    assert render.describe_event(place, "fr", ["Ada", "Bo"]).startswith("Bo pose Trouver une pièce")
    move = Event("move", 2, figure=2, cell=cell(1, -2), other=cell(0, 0))
    assert render.describe_event(move, "fr") == (
        "Joueur 3 déplace le Nain vers la salle à 2 au sud, 1 à l'est du Départ")
    home = Event("move", 2, figure=2, cell=cell(0, 0), other=cell(1, 0))
    assert render.describe_event(home) == "Seat 3 moves the Dwarf to the Start"
    assert render.describe_event(Event("steal", 1, other=2), "en", you=2) == "Seat 2 steals a coin from you"
    assert render.describe_event(Event("steal", 1, other=2), "fr", you=2) == "Joueur 2 vous vole une pièce"
    assert render.describe_event(Event("take", 0, other=1), "fr", you=1) == (
        "Joueur 1 prend une tuile au hasard dans votre main")
    mind = Event("mind", 1, figure=2, cell=3)
    assert render.describe_event(mind, "fr") == "Joueur 2 contrôle l'esprit du Nain"
    assert render.describe_event(Event("mind", 1, figure=0, cell=3), "fr", you=1) == (
        "Vous contrôlez l'esprit de l'Amazone")
    assert render.describe_event(Event("win", seats=(0, 2)), "fr", you=2) == "Joueur 1 et vous gagnez"
    assert render.describe_event(Event("win", seats=(1,)), "en") == "Seat 2 wins"
    harp_w = Event("destroy", 1, cell=cell(-1, 0), room=HARP * 16 + 0b1000)
    assert render.describe_event(harp_w, "fr") == (
        "Joueur 2 détruit Harpe magique (flèche à l'ouest) à 1 à l'ouest du Départ")
    rotate = Event("rotate", 1, cell=cell(1, 0), room=FIND * 16 + 0b0110, other=1)
    assert "a quarter turn clockwise" in render.describe_event(rotate)


def every_family() -> list[int]:
    """One action of every family, the chance ones included."""
    here = cell(1, 0)
    return [
        A.PASS, A.STAY, A.COIN + 1, A.TILE + kind_of(FIND, 0b0011), A.MAP + 2, A.HERO + 3,
        A.MOVE + here, A.HARP + here, A.DESTROY + here, A.DRAKON + here,
        A.rotate(here, 1), A.rotate(here, 2), A.rotate(here, 3),
        A.mind(3, cell(0, -1)), A.mind(3, CELLS), A.relocate(0b0101, cell(3, 1)),
        A.place(FIND, 0b0011, here), A.exchange(FIND, 0b0011, here),
    ]


def test_one_action_of_each_family() -> None:
    families = {A.decode(a)[0] for a in every_family()}
    assert families == set(range(A.F_PASS, A.F_EXCHANGE + 1))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_action_family_has_a_label_without_notation(lang: str) -> None:
    state = GAME.state_from_setup({"rooms": ["start 0,0 NESW", "harp 1,0 W"], "hands": [[], [], [], []]})
    observation = state.observe(0)
    for action in every_family():
        for obs in (None, observation):
            label = render.action_label(action, obs, lang)
            assert label and "{" not in label, (action, label)
            assert label != action_to_text(action)
            if lang == "fr":
                words = set(re.findall(r"[a-z-]+", label))
                assert not words & NOTATION_WORDS, (label, words & NOTATION_WORDS)
            assert not notation_codes(label), label
            # the terminal's (Rich markup): its map is drawn and typed in x,y, so are its labels' cells
            marked = Text.from_markup(render.action_label(action, obs, lang, markup=True)).plain
            assert marked and "{" not in marked and "[" not in marked


def test_action_labels_name_rooms_where_the_observation_shows_them() -> None:
    state = GAME.state_from_setup({"rooms": ["start 0,0 NESW", "harp 1,0 W"], "hands": [[], []]})
    obs = state.observe(0)
    place = A.place(FIND, 0b0011, cell(0, 1))
    assert render.action_label(place, obs) == (
        "Lay Find a coin (arrows north and east) on the free spot 1 north of the Start")
    assert render.action_label(place, obs, "fr") == (
        "Poser Trouver une pièce (flèches au nord et à l'est) sur l'emplacement libre à 1 au nord du Départ")
    assert render.action_label(A.MOVE + cell(1, 0), obs) == (
        "Move to the room 1 east of the Start — Magic harp")
    assert render.action_label(A.MOVE + cell(1, 0), obs, "fr") == (
        "Aller vers la salle à 1 à l'est du Départ — Harpe magique")
    assert render.action_label(A.MOVE + cell(0, 0), obs) == "Move to the Start"
    assert render.action_label(A.rotate(cell(1, 0), 3), obs, "fr") == (
        "Pivoter la salle à 1 à l'est du Départ d'un quart de tour (sens anti-horaire)"
        " — Harpe magique (flèche à l'ouest)")
    assert render.action_label(A.mind(2, CELLS), obs, "fr") == "Le Nain ne peut pas bouger et reste en place"


def test_a_prompt_for_every_step() -> None:
    state = GAME.new_state({"players": 3}, seed=1)
    base = state.observe(state.to_act)
    seen = set()
    for name in [*S.NAMES.values(), "over"]:
        obs = dataclasses.replace(base, step=name)
        en, fr = render.prompt(obs, "en"), render.prompt(obs, "fr")
        assert en and fr and en != fr and "{" not in en + fr
        seen.add(en)
    # the chance steps share "Chance decides"; "over" has its own
    assert len(seen) >= len(S.NAMES) - len(S.CHANCE_STEPS) + 2
    assert render.prompt(base).startswith("Your turn with the ")


def positions(seed: int, players: int, every: int = 7) -> list[DrakonObservation]:
    """Observations of every seat along a seeded random game (and at its end)."""
    rng = random.Random(seed)
    state = GAME.new_state({"players": players}, seed=seed)
    out = []
    steps = 0
    while not state.is_terminal:
        if state.to_act == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        if steps % every == 0:
            out += [state.observe(s) for s in range(players)]
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    return out + [state.observe(s) for s in range(players)] + [state.observe(None)]


def printed(line: str) -> str:
    return Text.from_markup(line).plain


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 4)])
def test_the_terminal_board_fits_80_columns(seed: int, players: int) -> None:
    cropped = 0
    for obs in positions(seed, players):
        for lang in ("en", "fr"):
            (headers, rows), lines = render.board(obs, lang, None, markup=True)
            assert len(rows) == players and len(headers) == len(rows[0])
            shown = [printed(line) for line in lines]
            for line in shown:
                assert len(line) <= 78, line  # the layout indents board lines by 2
            plain = render.board(obs, lang)[1]
            assert shown == plain
            cropped += any(("Shown:" in x or "Vu :" in x) for x in plain)
            grid = render.dungeon_lines(obs, lang)
            assert len(grid) <= 1 + 4 * render.MAX_ROWS + 1
    assert cropped > 0  # each of these games grows wider than the screen: the board says so


def test_a_wide_dungeon_is_cropped_around_the_readers_hero_and_says_so() -> None:
    arrows = ["EW"] * 4 + ["NE"] * 4 + ["ESW"] * 5 + ["N"]
    kinds = ["room"] * 12 + ["find"] * 2  # the box's twelve neutral rooms, then two others
    laid = enumerate(zip(kinds, arrows, strict=True), 1)
    rooms = ["start 0,0 NESW"] + [f"{k} {x},0 {a}" for x, (k, a) in laid]
    state = GAME.state_from_setup({"rooms": rooms, "hands": [[], []], "heroes": ["14,0", "0,0"]})
    lines = render.dungeon_lines(state.observe(0))
    assert " 14" in lines[0] and " 0 " not in lines[0] + " "  # x 5..14 around the own hero
    assert lines[-1] == "Shown: x 5..14, y 0..0 (around you) of x 0..14, y 0..0; all: 'map'"
    assert all(len(line) <= 78 for line in lines)
    # each room shows its arrows (E, W) and the heroes their initials
    assert "◄" in lines[2] and "►" in lines[2] and "A" in lines[3]


def test_the_grid_draws_arrows_marks_heroes_and_drakon() -> None:
    state = GAME.state_from_setup({"rooms": ["start 0,0 NESW", "find 1,0 S", "drakon 0,1 NS"],
                                   "hands": [[], []], "heroes": ["0,0", "1,0"], "drakon": "0,1"})
    en = render.dungeon_lines(state.observe(0), "en")
    fr = render.dungeon_lines(state.observe(0), "fr")
    assert en[0].split() == ["0", "1"]
    assert "──▲──" in en[1]  # Drakon's room points north
    assert "Ω" in en[3] and "Drk" in en[2]
    assert "Sta" in en[6] and "$+" in en[6] and "Dép" in fr[6]
    assert "A" in en[7] and "B" in en[7]
    assert "──▼──" in en[8]  # the Find a coin room points south


def test_gold_is_shown_only_where_the_observation_shows_it() -> None:
    setup = {"rooms": ["start 0,0 NESW"], "hands": [["find N"], ["lose NE"], ["room N"]],
             "purses": [[1, 0, 0], [0, 2, 0], [0, 0, 1]]}
    state = GAME.state_from_setup(setup)
    assert not state.is_terminal
    obs = state.observe(1)
    (_, rows), _ = render.board(obs)
    assert [row[-1] for row in rows] == ["?", "4", "?"]
    assert [row[-2] for row in rows] == ["1", "2", "1"]  # coins are counted in the open
    headers, sheet = render.score_sheet(obs)
    assert sheet[1][1:] == ["?", "2 + 2 = 4", "?"]  # the gold, as the coins add up to it
    spectator = render.board(state.observe(None))[0][1]
    assert [row[-1] for row in spectator] == ["?", "?", "?"]


def test_the_end_shows_every_purse_and_the_winners() -> None:
    obs = positions(9, 3)[-1]
    headers, rows = render.score_sheet(obs, "fr")
    assert "?" not in [cell for row in rows for cell in row]
    winners = obs.winners or ()
    assert [row for row in rows if row[0] == "Résultat"][0][1:] == [
        "gagne" if s in winners else "—" for s in range(3)]
    assert render.winners_text(obs, "fr").startswith("Vainqueur")


def test_hand_words_show_only_the_readers_tiles() -> None:
    setup = {"rooms": ["start 0,0 NESW"], "hands": [["find N", "harp N"], ["lose NES"]]}
    state = GAME.state_from_setup(setup)
    before = state.observe(0)
    assert render.hand_text(before) == "find N · harp N"
    lines = render.board(before, "fr")[1]
    assert any("Trouver une pièce (N), Harpe magique (N)" in line for line in lines)
    assert not any("Perdre une pièce" in line for line in lines)  # seat 1's tile stays hidden
    after = GAME.state_from_setup({**setup, "hands": [["find N", "harp N", "lose NES"], []]}).observe(0)
    assert render.new_in_hand(before, after) == "Into your hand: Lose a coin (arrows north, east and south)"
    assert render.new_in_hand(before, before) is None


def test_the_words_of_a_logged_game_never_fail() -> None:
    rng = random.Random(3)
    state = GAME.new_state({"players": 4}, seed=3)
    log = start_log(state)
    while not state.is_terminal:
        if state.to_act == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        obs = state.observe(state.to_act)
        assert render.prompt(obs, "fr")
        for action in state.legal_actions()[:40]:
            assert render.action_label(action, obs, "fr")
        state.apply(rng.choice(state.legal_actions()))
    assert log
    for event in log:
        assert render.describe_event(event, "fr", None, 0) != event.kind
    assert render.legend("fr")["rooms"]["find"]["name"] == "Trouver une pièce"
    assert render.legend("en")["heroes"]["dwarf"] == {"name": "Dwarf", "initial": "D"}


def test_every_action_typed_in_french_reads_back_as_itself() -> None:
    from ludotheque.games.drakon import GAME as DRAKON

    checked = 0
    for action in range(0, 2_000_000, 97):
        try:
            DRAKON.action_to_text(action)
        except Exception:  # noqa: BLE001 - not an action of Drakon
            continue
        typed = render.typed_text(action, "fr")
        assert DRAKON.parse_action(render.to_notation(typed, "fr")) == action, typed
        checked += 1
    assert checked > 10_000
    assert render.typed_text(DRAKON.parse_action("place find 1,0 NW"), "fr") == "poser trouver 1,0 NO"
