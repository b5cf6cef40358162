"""The post-game review (``bots/analysis.py``, issue 18 item 6): it reviews each decision of the
seat and only those, its figures hold together, it is reproducible, and it never reads what the
seat could not see (the leak tests' method: the same review whatever lies hidden)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from ludotheque.bots.analysis import MoveReview, review_game, review_move
from ludotheque.bots.registry import make_bot
from ludotheque.core.bot import ask
from ludotheque.core.game import CHANCE, sample_chance
from ludotheque.core.record import GameRecord, RecordedGame
from ludotheque.core.registry import get_game

PLAYERS = {"gargon": 3, "drakon": 3, "kagoun": 2}


def heuristic_record(game_id: str, seed: int) -> GameRecord:
    game = get_game(game_id)
    recorded = RecordedGame.start(game_id, {"players": PLAYERS[game_id]}, seed)
    bots = [make_bot(game_id, "heuristic", seat) for seat in range(PLAYERS[game_id])]
    for seat, bot in enumerate(bots):
        bot.reset(game, recorded.state.options, seat)
    rng = random.Random(seed)
    while not recorded.state.is_terminal:
        state = recorded.state
        recorded.apply_trusted(sample_chance(state, rng) if state.to_act == CHANCE
                               else ask(bots[state.to_act], state, state.to_act))
    return recorded.record


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_a_review_does_not_depend_on_what_the_seat_cannot_see(game_id: str) -> None:
    """At decisions of seat 1, the real position and positions drawn again for seat 1 (others'
    hidden cards, tiles, coins changed; what seat 1 sees and remembers kept) give the same review."""
    record = heuristic_record(game_id, 11)
    state = record.start()
    checked = 0
    for text in record.actions:
        if state.to_act == 1 and len(state.legal_actions()) > 1 and checked < 3:
            played = state.game.parse_action(text)
            real = review_move(state, 1, played, 0, 20, random.Random("leak"))
            for k in range(2):
                other = state.resample(1, random.Random(f"other:{k}"), True)  # its memory kept
                assert review_move(other, 1, played, 0, 20, random.Random("leak")) == real
            checked += 1
        state.apply_text(text)
    assert checked == 3


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_a_review_covers_each_decision_of_the_seat_and_holds_together(game_id: str) -> None:
    record = heuristic_record(game_id, 5)
    reviews = review_game(record, 0, iterations=4, seed=3)
    state, decisions = record.start(), []
    for step, text in enumerate(record.actions):
        if state.to_act == 0 and len(state.legal_actions()) > 1:
            decisions.append((step, {state.game.action_to_text(a) for a in state.legal_actions()}))
        state.apply_text(text)
    assert [r.step for r in reviews] == [step for step, _ in decisions]
    for review, (step, legal) in zip(reviews, decisions, strict=True):
        assert review.played == record.actions[step]
        assert review.best in legal
        assert 0.0 <= review.played_chance <= review.chance <= 1.0
        assert review.loss == pytest.approx(review.chance - review.played_chance)
        assert review.loss == 0.0 or review.best != review.played
    assert review_game(record, 0, iterations=4, seed=3) == reviews  # reproducible


def test_marks_follow_the_cost() -> None:
    def marked(loss: float) -> str:
        return MoveReview(0, "a", "b", 0.9, 0.9 - loss, loss).mark
    assert [marked(x) for x in (0.0, 0.049, 0.05, 0.1, 0.2, 0.6)] == [
        "", "", "inaccuracy", "mistake", "blunder", "blunder"]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ludotheque", "analyse", *args],
                          capture_output=True, text=True, timeout=300)


def test_analyse_command_in_json_and_words(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(heuristic_record("kagoun", 2).dumps())
    done = run_cli(str(path), "--seat", "1", "--iterations", "5", "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["ok"] and answer["seat"] == 1 and answer["moves"]
    assert {"step", "played", "best", "chance", "played_chance", "loss", "mark"} == set(answer["moves"][0])
    words = run_cli(str(path), "--seat", "1", "--iterations", "5", "--lang", "fr")
    assert words.returncode == 0 and "passés en revue" in words.stdout and "Décisions" in words.stdout


@pytest.mark.parametrize("args, expected", [
    (["--seat", "7"], "no seat 7"),
    (["--iterations", "0"], "--iterations"),
])
def test_analyse_refuses_bad_input_clearly(tmp_path: Path, args: list[str], expected: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(heuristic_record("gargon", 1).dumps())
    done = run_cli(str(path), *args, "--lang", "en")
    assert done.returncode == 1 and expected in done.stderr and "Traceback" not in done.stderr


def test_analyse_refuses_a_malformed_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text('{"game": "gargon", "actions": 3}')
    done = run_cli(str(path))
    assert done.returncode == 1 and "error" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_a_hint_does_not_depend_on_what_the_seat_cannot_see(game_id: str) -> None:
    """The hint at a decision of seat 1 is the same from the real position and from positions
    drawn again for seat 1 (the leak tests' method), and it is legal."""
    from ludotheque.bots.analysis import hint

    record = heuristic_record(game_id, 13)
    state = record.start()
    for text in record.actions:
        if state.to_act == 1 and len(state.legal_actions()) > 1:
            break
        state.apply_text(text)
    real = hint(state, 1, 20, seed=4)
    assert real[0] in state.legal_actions() and 0.0 <= real[1] <= 1.0
    for k in range(2):
        assert hint(state.resample(1, random.Random(f"other:{k}")), 1, 20, seed=4) == real
