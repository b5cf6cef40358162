"""Game records: shape validation, version checks, RecordedGame and replay that stops at the
first bad action. Gargon serves as the game (the core has no game of its own)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from ludotheque.core import (
    GameRecord,
    IllegalActionError,
    RecordedGame,
    RecordError,
    ReplayError,
    ReplayStepError,
    State,
    get_game,
    replay,
)
from ludotheque.core.record import replay_steps

GARGON = get_game("gargon")


def views(state: State) -> list[dict[str, Any]]:
    return [state.observe(seat).to_json() for seat in [*range(state.players), None]]


def random_texts(seed: int, count: int | None = None, players: int = 4) -> list[str]:
    """The actions (notation) of a random Gargon game from ``seed``, or its first ``count``."""
    state = GARGON.new_state({"players": players}, seed)
    rng = random.Random(seed)
    texts: list[str] = []
    while not state.is_terminal and (count is None or len(texts) < count):
        legal = state.legal_texts()
        texts.append(legal[rng.randrange(len(legal))])
        state.apply_text(texts[-1])
    return texts


# -- shape of a record ----------------------------------------------------------------------

@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ([], "must be a JSON object"),
        ("gargon", "must be a JSON object"),
        (None, "must be a JSON object"),
        ({"options": {}, "seed": 1, "actions": []}, 'needs "game"'),
        ({"game": 3, "seed": 1}, 'needs "game"'),
        ({"game": "gargon", "seed": 1, "setup": {}, "actions": []}, 'exactly one of "seed" and "setup"'),
        ({"game": "gargon", "actions": []}, 'exactly one of "seed" and "setup"'),
        ({"game": "gargon", "seed": "42"}, '"seed" must be a whole number'),
        ({"game": "gargon", "seed": 4.2}, '"seed" must be a whole number'),
        ({"game": "gargon", "seed": True}, '"seed" must be a whole number'),
        ({"game": "gargon", "setup": [1, 2]}, '"setup" must be a JSON object'),
        ({"game": "gargon", "seed": 1, "actions": "pass"}, '"actions" must be a list'),
        ({"game": "gargon", "seed": 1, "actions": {"0": "pass"}}, '"actions" must be a list'),
        ({"game": "gargon", "seed": 1, "options": [4]}, '"options" must be a JSON object'),
        ({"game": "gargon", "seed": 1, "version": "1"}, '"version" must be a whole number'),
        ({"game": "gargon", "seed": 1, "version": False}, '"version" must be a whole number'),
        ({"game": "gargon", "seed": 1, "moves": []}, "unknown record field"),
    ],
)
def test_malformed_record_is_refused(obj: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(obj)
    with pytest.raises(RecordError, match=message):
        GameRecord.loads(json.dumps(obj))


@pytest.mark.parametrize("text", ["", "{", "{'game': 'gargon'}", '{"game": "gargon",}', "nan-sense"])
def test_bad_json_is_a_record_error(text: str) -> None:
    with pytest.raises(RecordError, match="not valid JSON"):
        GameRecord.loads(text)


def test_unreadable_files_are_record_errors(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        GameRecord.load(tmp_path / "missing.json")
    latin = tmp_path / "latin.json"
    latin.write_bytes('{"game": "gargon", "seed": 1, "actions": ["é"]}'.encode("latin-1"))
    with pytest.raises(RecordError, match="not UTF-8"):
        GameRecord.load(latin)


def test_defaults_of_a_minimal_record() -> None:
    record = GameRecord.from_json({"game": "gargon", "seed": 7})
    assert (record.options, record.actions, record.version, record.result) == ({}, [], None, None)


def test_seed_record_round_trips_through_json(tmp_path: Path) -> None:
    obj = {"game": "gargon", "version": 1, "options": {"players": 3}, "seed": 42,
           "actions": ["play R14", "pass"], "result": {"scores": [1.0], "winners": [0]}}
    record = GameRecord.from_json(obj)
    assert record.to_json() == obj
    assert json.loads(record.dumps(indent=1)) == obj
    path = tmp_path / "game.json"
    path.write_text(record.dumps(), encoding="utf-8")
    assert GameRecord.load(path) == record


def test_setup_record_round_trips_through_json() -> None:
    setup = {"hands": [["R14"], ["V0"], ["G15"]], "piles": [["W1"], ["B2"]], "first_player": 1}
    obj = {"game": "gargon", "options": {"players": 3}, "setup": setup, "actions": []}
    record = GameRecord.from_json(obj)
    assert record.seed is None
    assert record.to_json() == obj
    assert GameRecord.loads(record.dumps()) == record


# -- starting a record ----------------------------------------------------------------------

def test_version_mismatch_is_refused() -> None:
    record = GameRecord("gargon", {}, seed=1, version=GARGON.spec.version + 1)
    with pytest.raises(RecordError, match=f"version {GARGON.spec.version + 1}"):
        record.start()
    with pytest.raises(RecordError):
        replay(record)


def test_record_of_the_current_version_or_none_starts() -> None:
    for version in (None, GARGON.spec.version):
        state = GameRecord("gargon", {"players": 3}, seed=5, version=version).start()
        assert views(state) == views(GARGON.new_state({"players": 3}, 5))


def test_unknown_game_in_a_record_is_a_record_error_naming_the_known_games() -> None:
    with pytest.raises(RecordError, match="unknown game 'chess'.*gargon"):
        GameRecord("chess", {}, seed=1).start()


@pytest.mark.parametrize(
    "options", [{"players": 9}, {"players": "four"}, {"colour": "red"}, {"variant": "closed"}]
)
def test_bad_options_in_a_record_are_record_errors(options: dict[str, Any]) -> None:
    with pytest.raises(RecordError):
        GameRecord("gargon", options, seed=1).start()


def test_bad_setup_in_a_record_is_a_record_error() -> None:
    setup = {"hands": [["R14"], ["R14"], []], "piles": [[], []]}
    with pytest.raises(RecordError, match="R14"):
        GameRecord("gargon", {}, setup=setup).start()


# -- RecordedGame ---------------------------------------------------------------------------

def test_recorded_game_keeps_canonical_notation() -> None:
    game = RecordedGame.start("gargon", {"players": 4}, seed=3)
    two_cards = next(t for t in game.state.legal_texts() if len(t.split()) == 3)
    verb, first, second = two_cards.split()
    typed = f"  PLAY {second.lower()}   {first.lower()} "  # other order, other case
    game.apply_text(typed)
    assert game.record.actions == [two_cards]
    assert game.record.seed == 3 and game.record.version == GARGON.spec.version
    assert game.record.options == dict(game.state.options)


def test_recorded_game_refusal_changes_neither_state_nor_record() -> None:
    game = RecordedGame.start("gargon", {"players": 4}, seed=3)
    before = views(game.state)
    with pytest.raises(IllegalActionError):
        game.apply_text("pass")  # the first player must play
    with pytest.raises(IllegalActionError):
        game.apply(GARGON.parse_action("battle R"))
    assert game.record.actions == []
    assert views(game.state) == before


def test_recorded_game_sets_the_result_at_the_end_only() -> None:
    texts = random_texts(11)
    game = RecordedGame.start("gargon", {"players": 4}, seed=11)
    for index, text in enumerate(texts):
        assert game.record.result is None
        if index % 2:
            game.apply_text(text)
        else:
            game.apply_trusted(GARGON.parse_action(text))
    assert game.state.is_terminal
    assert game.record.actions == texts
    assert game.record.result == {"scores": game.state.scores(), "winners": game.state.winners()}


def test_recorded_game_from_record_copies_the_actions() -> None:
    record = GameRecord("gargon", {"players": 4}, seed=11, actions=random_texts(11, 5))
    game = RecordedGame.from_record(record)
    assert views(game.state) == views(replay(record))
    game.apply(game.state.legal_actions()[0])
    assert len(game.record.actions) == 6 and len(record.actions) == 5


def test_record_starting_without_a_seed_keeps_the_one_it_drew() -> None:
    game = RecordedGame.start("gargon", {"players": 3})
    assert isinstance(game.record.seed, int)
    assert views(game.record.start()) == views(game.state)


# -- replay ---------------------------------------------------------------------------------

def test_replay_reproduces_the_game() -> None:
    texts = random_texts(21, players=5)
    game = RecordedGame.start("gargon", {"players": 5}, seed=21)
    for text in texts:
        game.apply_text(text)
    state = replay(GameRecord.loads(game.record.dumps()))
    assert state.is_terminal
    assert views(state) == views(game.state)
    assert state.scores() == game.record.result["scores"]  # type: ignore[index]


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("play X99", "not a card"),  # malformed notation
        ("dance", "unknown action"),
        ("battle R", "no colour can be chosen now"),  # well-formed, illegal while a loser draws
        (42, "an action must be text"),
        (None, "an action must be text"),
    ],
)
def test_replay_stops_at_the_first_bad_action(bad: Any, message: str) -> None:
    good = random_texts(5, 6)
    actions: list[Any] = [*good, bad, *random_texts(5, 9)[6:]]
    record = GameRecord("gargon", {"players": 4}, seed=5, actions=actions)
    state = record.start()
    applied = []
    with pytest.raises(ReplayStepError) as stopped:
        for index, _ in replay_steps(state, actions):
            applied.append(index)
    error = stopped.value.error
    assert applied == list(range(6))
    assert (error.index, error.action) == (6, bad if isinstance(bad, str) else json.dumps(bad))
    assert message in error.message and error.message
    assert error.to_json() == {"index": 6, "action": error.action, "message": error.message}
    expected = GARGON.new_state({"players": 4}, 5)
    for text in good:
        expected.apply_text(text)
    assert bad not in expected.legal_texts()
    assert views(state) == views(expected), "earlier actions stay applied, the bad one changes nothing"
    with pytest.raises(ReplayStepError, match="action 6"):
        replay(record)


def test_replay_error_of_an_illegal_action_says_what_is_wrong() -> None:
    record = GameRecord("gargon", {"players": 4}, seed=5, actions=["pass"])
    with pytest.raises(ReplayStepError) as stopped:
        replay(record)
    assert stopped.value.error == ReplayError(0, "pass", "the first player must play one to three cards")


def test_a_record_keeps_who_sat_where_and_refuses_malformed_names() -> None:
    import pytest

    from ludotheque.core import GameRecord, RecordError

    record = GameRecord.from_json({"game": "gargon", "seed": 1, "names": ["Ann", "Random bot", "Bo"]})
    assert GameRecord.loads(record.dumps()).names == ["Ann", "Random bot", "Bo"]
    with pytest.raises(RecordError, match="names"):
        GameRecord.from_json({"game": "gargon", "seed": 1, "names": "Ann"})
