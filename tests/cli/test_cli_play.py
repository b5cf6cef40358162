"""``ludotheque play``: a whole game driven by piped input, the record it saves, wrong input that
explains itself, and a screen that shows only what the human's seat may see."""

from __future__ import annotations

import json
import re
from itertools import combinations_with_replacement
from pathlib import Path

import pytest

from ludotheque.cli.testing import CliRunner
from ludotheque.core import GameRecord, replay
from ludotheque.games.gargon import GAME
from ludotheque.games.gargon.actions import PLAY, card_of_rank, play_action
from ludotheque.games.gargon.card_words import card_name
from ludotheque.games.gargon.components import NUM_COLOURS, NUM_VALUES
from ludotheque.games.gargon.notation import card_text

runner = CliRunner()
WIDE = {"COLUMNS": "250", "LANG": "en_GB.UTF-8", "LC_ALL": ""}
HIDDEN_CELL = re.compile(r"^(—|([WBVRYG]\? )*[WBVRYG]\?( +\(\d+\))?)$")


def play(args: list[str], answers: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = runner.invoke(["play", "gargon", *args], input=answers, env=env or WIDE)
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


def board_rows(screen: str) -> list[list[str]]:
    """The cells of every board row printed (the table's vertical bars split them)."""
    rows = []
    for line in screen.splitlines():
        cells = [c.strip() for c in line.split("│")]
        if len(cells) == 6 and cells[1] not in ("Player", ""):
            rows.append(cells[1:5])
    return rows


@pytest.fixture(scope="module")
def whole_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """A whole game answering 1 each time (its screens and its saved record), played once for
    the tests that read it."""
    path = tmp_path_factory.mktemp("whole") / "game.json"
    code, out, _ = play(["--seed", "5", "--bots", "random", "--save", str(path)], "1\n" * 400)
    assert code == 0
    return out, path


def test_a_whole_game_answering_1_ends_with_the_score_table_and_saves_a_replayable_record(
        whole_game: tuple[str, Path]) -> None:
    out, path = whole_game
    assert "Game over" in out and "Scores" in out
    assert "Only one choice, played for you: " in out  # a forced choice is not asked
    assert "from 1 to 1" not in out
    for line in ("Bonus", "Amulets", "Total"):
        assert re.search(rf"│ {line} ", out), line
    assert re.search(r"Winners? (\(shared\) )?: ?|Winners?: ", out)
    record = GameRecord.load(path)
    assert record.result is not None
    state = replay(record)
    assert state.is_terminal
    assert state.scores() == record.result["scores"] and state.winners() == record.result["winners"]
    totals = next(line for line in out.splitlines() if line.startswith("│ Total"))
    assert [int(x) for x in re.findall(r"\d+", totals)] == [int(s) for s in state.scores()]
    replayed = runner.invoke(["replay", str(path), "--json"])
    assert json.loads(replayed.stdout)["scores"] == [int(s) for s in state.scores()]


def test_the_screen_shows_other_seats_hands_and_won_cards_only_as_colours(
        whole_game: tuple[str, Path]) -> None:
    out, _ = whole_game
    screen = out.split("Game over")[0]
    rows = board_rows(screen)
    others = [r for r in rows if r[0].startswith("Seat ")]
    mine = [r for r in rows if r[0].startswith("You")]
    assert len(others) >= 3 * 20 and len(mine) >= 20  # the parse found the tables
    for name, hand, _in_play, won in others:
        assert HIDDEN_CELL.match(hand), (name, hand)
        assert HIDDEN_CELL.match(won), (name, won)
    assert any(re.search(r"[WBVRYG]1?\d\b", hand) for _, hand, _, _ in mine)  # own values shown


def test_the_first_screen_shows_exactly_the_humans_own_hand() -> None:
    state = GAME.new_state({"players": 4, "first_player": 0}, seed=3)
    code, out, _ = play(["--seed", "3", "--first-player", "0", "--bots", "random"], "")
    assert code == 0
    you = next(r for r in board_rows(out) if r[0].startswith("You"))
    assert you[1].split("(")[0].split() == [card_text(c) for c in state.observe(0).hand]


def test_wrong_input_explains_itself_and_asks_again() -> None:
    state = GAME.new_state({"players": 4, "first_player": 0}, seed=3)
    hand = set(state.observe(0).hand)
    missing = next(c for c in range(96) if c not in hand and c & 15)
    answers = f"bogus\n0\n999\n\nplay {card_text(missing)}\nplay R1 R2 R3\nhelp\n"
    code, out, _ = play(["--seed", "3", "--first-player", "0"], answers)
    assert code == 0
    assert "not understood: unknown action 'bogus'" in out
    assert "0 is not in the list" in out and "999 is not in the list" in out
    assert "type a number from the list" in out
    assert f"not allowed: {card_name(missing)} is not in your hand" in out
    assert "not understood: three cards of one colour" in out
    assert "'help' shows this" in out
    assert "End of input" in out


def test_notation_is_accepted_in_any_case() -> None:
    state = GAME.new_state({"players": 4, "first_player": 0}, seed=3)
    card = state.observe(0).hand[0]
    code, out, _ = play(["--seed", "3", "--first-player", "0"], f"PLAY {card_text(card).lower()}\n")
    assert code == 0
    assert f"→ play {card_text(card)}" in out


def test_quit_leaves_and_the_unfinished_record_replays(tmp_path: Path) -> None:
    path = tmp_path / "left.json"
    code, out, _ = play(["--seed", "3", "--save", str(path)], "1\nquit\n")
    assert code == 0
    assert "You leave the game." in out
    state = replay(GameRecord.load(path))
    assert not state.is_terminal


def test_french_from_the_environment_and_english_on_request() -> None:
    _, out, _ = play(["--seed", "3"], "", env={"LANG": "fr_FR.UTF-8", "LC_ALL": ""})
    assert "À vous" in out and "Votre choix" in out
    _, out, _ = play(["--seed", "3", "--lang", "en"], "", env={"LANG": "fr_FR.UTF-8", "LC_ALL": ""})
    assert "Your turn" in out


def test_bad_command_lines_give_a_message_and_a_non_zero_exit() -> None:
    for args, message in [
        (["--players", "6"], "3 to 5 players"),
        (["--bots", "nobody"], "no bot 'nobody'"),
        (["--bots", "random,random"], "one bot name for every bot seat"),
        (["--seat", "4"], "--seat must be a seat from 0 to 3"),
        (["--variant", "closed"], "variant"),
        (["--lang", "de"], "unknown language"),
    ]:
        code, _, err = play(args, "")
        assert code != 0, args
        assert message in err, (args, err)
    result = runner.invoke(["play", "chess"])
    assert result.exit_code == 1 and "unknown game" in result.stderr


def test_the_drawer_sees_the_value_of_each_card_it_draws() -> None:
    _, screen, _ = play(["--seed", "3", "--bots", "random", "--seat", "0"], "pass\ndraw 1\ndraw 2\nstop\n")
    drawn = re.findall(r"You draw ([WBVRYG]\d+) from pile [12]", screen)
    assert len(drawn) == 2
    assert not re.search(r"You draw [WBVRYG]\? ", screen)  # never hidden from the drawer itself


def test_a_drawn_seed_stays_hidden_until_the_end_because_it_reveals_every_card() -> None:
    _, screen, _ = play(["--bots", "random"], "quit\n")
    assert "seed" not in screen.lower()
    code, screen, _ = play(["--bots", "random"], "1\n" * 400)
    assert code == 0
    assert re.search(r"This deal was seed \d+", screen)
    _, chosen, _ = play(["--seed", "5", "--bots", "random"], "quit\n")
    assert "seed 5" in chosen


def test_french_words_are_understood_as_well_as_the_notation() -> None:
    from ludotheque.games.gargon import render

    state = GAME.new_state({"players": 4, "first_player": 0}, seed=7)
    action = state.legal_actions()[-1]
    typed = render.action_label(action, state.observe(0), "fr").replace("Y", "J")  # J: jaune
    assert typed.startswith("jouer ")
    fr = {"COLUMNS": "250", "LANG": "fr_FR.UTF-8", "LC_ALL": ""}
    code, out, _ = play(["--seed", "7", "--first-player", "0", "--bots", "random"], f"{typed}\nquitter\n", fr)
    assert code == 0 and "incompris" not in out and "interdit" not in out
    assert f"→ {render.action_label(action, state.observe(0), 'fr')}" in out
    assert "Robots : hasard (Joueur 2, Joueur 3, Joueur 4)" in out and "place 1 (sur 4)" in out
    _, out, _ = play(["--seed", "7", "--first-player", "0", "--bots", "random"], "zut\nquitter\n", fr)
    assert "incompris : tapez une action comme dans la liste : jouer" in out


def test_french_words_of_every_game_turn_into_the_notation() -> None:
    from ludotheque.games.drakon import GAME as DRAKON
    from ludotheque.games.drakon import render as drakon
    from ludotheque.games.gargon import render as gargon
    from ludotheque.games.kagoun import GAME as KAGOUN
    from ludotheque.games.kagoun import render as kagoun

    assert gargon.to_notation("Jouer J14 r0") == "play Y14 R0"
    assert gargon.to_notation("jouer rouge 14, bleu 3") == "play R14 B3"
    assert gargon.to_notation("jouer rou14 vio3") == "play R14 V3"
    assert gargon.to_notation("combat en vert") == "battle G"
    assert gargon.to_notation("combat rouge") == "battle R" and gargon.to_notation("arrêter") == "stop"
    assert gargon.to_notation("piocher 2") == "draw 2" and gargon.to_notation("play R1") == "play R1"
    assert DRAKON.parse_action(drakon.to_notation("poser trouver 1,0 NO")) == DRAKON.parse_action(
        "place find 1,0 NW")
    assert drakon.to_notation("aller 0,1") == "move 0,1" and drakon.to_notation("passer") == "pass"
    assert drakon.to_notation("pousser nain rester") == "push dwarf stay"
    assert kagoun.to_notation("capturer M1a G2b") == "capture M1a G2b"
    assert kagoun.to_notation("défausser M1") == "drop M1" and kagoun.to_notation("défausse") == "discard"
    assert kagoun.to_notation("prendre 3") == "take 2"  # players count from 1 on the screen
    listed = {text: kagoun.action_label(KAGOUN.parse_action(text), None, "fr", markup=True)  # the terminal's
              for text in ("take 2", "chain D1~ right")}
    assert listed == {"take 2": "prendre 3 (Joueur 3)", "chain D1~ right": "chaîner D1~ droite"}


def test_a_small_screen_groups_the_choices_and_more_numbers_them_page_by_page() -> None:
    small = {"COLUMNS": "80", "LINES": "24", "LANG": "en_GB.UTF-8", "LC_ALL": ""}
    code, out, _ = play(["--seed", "4", "--first-player", "0", "--bots", "random"],
                        "more\nmore\n2\nquit\n", small)
    assert code == 0
    assert "» play one to three cards" in out
    assert re.search(r"play 3 cards \(\d+\): ", out)  # the plays grouped by number of cards
    assert "choices: type one as shown (e.g. play " in out
    assert re.search(r"\s1 play [WBVRYG]\d+", out) and "more lines: 'more' again" in out
    assert "You play 1 card face down: " in out and "You play 1 card face down: W?" not in out
    # (piped, an answer is not echoed: what follows "Your choice: " starts on its line)
    assert max(len(line.removeprefix("Your choice: ")) for line in out.splitlines()) <= 80


def gargon_actions() -> list[int]:
    """Every Gargon action: its few fixed codes, then a play of each multiset of one to three
    cards (actions.py; the codes in between, six in seven of them, are no action at all)."""
    ranks = range(NUM_COLOURS * NUM_VALUES)
    plays = [play_action([card_of_rank(r) for r in cards])
             for count in (1, 2, 3) for cards in combinations_with_replacement(ranks, count)]
    assert max(plays) < GAME.spec.distinct_actions
    return [*range(PLAY), *plays]


def test_every_french_label_typed_back_is_its_action() -> None:
    from ludotheque.games.gargon import render as gargon
    from ludotheque.games.kagoun import GAME as KAGOUN
    from ludotheque.games.kagoun import render as kagoun

    for action in gargon_actions():
        try:
            if GAME.parse_action(GAME.action_to_text(action)) != action:
                continue
        except Exception:  # noqa: BLE001 - a hole in the action space
            continue
        label = gargon.action_label(action, None, "fr")  # without what it adds in brackets
        head = re.sub(r" \([^()]*\)$", "", label)
        assert GAME.parse_action(gargon.to_notation(head, "fr")) == action, label
    for action in range(KAGOUN.spec.distinct_actions):
        try:
            if KAGOUN.parse_action(KAGOUN.action_to_text(action)) != action:
                continue
        except Exception:  # noqa: BLE001
            continue
        label = kagoun.action_label(action, None, "fr", markup=True).split(" (")[0]
        assert KAGOUN.parse_action(kagoun.to_notation(label, "fr")) == action, label


def test_french_screens_give_french_examples() -> None:
    fr = {"COLUMNS": "80", "LINES": "24", "LANG": "fr_FR.UTF-8", "LC_ALL": ""}
    code, out, _ = play(["--seed", "4", "--first-player", "0", "--bots", "random"], "\nquitter\n", fr)
    assert code == 0
    assert re.search(r"une action comme (jouer|passer)\b", out), out
    assert re.search(r"\(p\. ex\. jouer ", out) and "'pass'" not in out and "e.g." not in out


def test_a_tall_table_keeps_its_top_the_banner_and_the_events_on_a_24_line_screen() -> None:
    small = {"COLUMNS": "80", "LINES": "24", "LANG": "en_GB.UTF-8", "LC_ALL": ""}
    code, out, _ = play(["--seed", "8", "--players", "5", "--bots", "random"],
                        "more\n1\n" * 60 + "quit\n", small)
    assert code == 0
    screens = out.split("╭─ What happened")[1:]
    assert len(screens) > 20
    assert any(re.search(r"\(\d+, below\)", s) for s in screens)  # a hand too long for its cell
    for screen in screens:
        screen = screen.split("Your choice: ")[0]
        lines = ("╭─ What happened" + screen).splitlines()
        assert len(lines) <= 23, screen  # the question's line is the 24th
        banner = next(i for i, line in enumerate(lines) if "── Your turn ──" in line)
        assert lines[banner + 1].startswith("╭")
