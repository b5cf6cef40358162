"""The protocol every registered game must keep (ARCHITECTURE.md, principles 1-5), checked over
random playouts through the generic API only: ``Game``, ``State``, observations and records.

Positions are compared through what the protocol shows of them (whose turn, the legal actions,
every seat's and the spectator's observation as JSON), never through a game's internals.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

from ludotheque.core import (
    CHANCE,
    Action,
    Game,
    GameRecord,
    IllegalActionError,
    NotationError,
    OptionsError,
    RecordedGame,
    State,
    get_game,
    replay,
)

#: (game, options, seed) of one random playout; see conftest.py.
Case = tuple[Game, dict[str, Any], int]

#: A random playout that has not ended after this many actions is taken as not terminating.
MAX_STEPS = 20_000

# -- helpers --------------------------------------------------------------------------------

def choose(state: State, rng: random.Random) -> Action:
    """A random decision: uniform among the legal actions, or by probability at a chance node."""
    if state.to_act == CHANCE:
        outcomes = state.chance_outcomes()
        return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def positions(case: Case) -> Iterator[State]:
    """Every position of a random playout, the final one included.

    The same state object is yielded each time and advanced (by a validated ``apply``) when the
    consumer asks for the next position; a consumer that keeps a position must clone it.
    """
    game, options, seed = case
    state = game.new_state(options, seed)
    rng = random.Random(f"conformance:{seed}")
    for _ in range(MAX_STEPS):
        yield state
        if state.is_terminal:
            return
        state.apply(choose(state, rng))
    raise AssertionError(f"{game.id}: no end after {MAX_STEPS} random actions")


def recorded_playout(case: Case) -> tuple[State, list[str]]:
    """The final position of the suite's random playout and its actions in notation."""
    game, options, seed = case
    state = game.new_state(options, seed)
    rng = random.Random(f"conformance:{seed}")
    texts = []
    while not state.is_terminal:
        action = choose(state, rng)
        texts.append(game.action_to_text(action))
        state.apply(action)
    return state, texts


def viewers(state: State) -> list[int | None]:
    """Every seat, then the spectator."""
    return [*range(state.players), None]


def views(state: State) -> list[dict[str, Any]]:
    """What every seat and the spectator see."""
    return [state.observe(seat).to_json() for seat in viewers(state)]


def snapshot(state: State) -> tuple[Any, ...]:
    """Everything the protocol shows of a position: whose turn, what is legal, what each sees."""
    return state.to_act, state.legal_actions(), views(state)


# -- the spec and its options ---------------------------------------------------------------

def test_spec_is_coherent(game: Game) -> None:
    spec = game.spec
    assert game.id == spec.id == spec.id.lower()
    assert get_game(spec.id) is game
    assert get_game(f" {spec.id.upper()} ") is game
    assert isinstance(spec.version, int) and spec.version >= 1
    assert 1 <= spec.min_players <= spec.max_players
    names = [o.name for o in spec.options]
    assert len(names) == len(set(names)), "option names must be unique"
    assert "players" in names
    defaults = spec.resolve_options({})
    assert set(defaults) == set(names)
    assert spec.min_players <= defaults["players"] <= spec.max_players


def test_players_out_of_range_refused(game: Game) -> None:
    for players in (game.spec.min_players - 1, game.spec.max_players + 1, 0, -1):
        with pytest.raises(OptionsError):
            game.new_state({"players": players}, seed=0)


def test_unknown_option_refused(game: Game) -> None:
    with pytest.raises(OptionsError, match="no_such_option"):
        game.new_state({"no_such_option": 1}, seed=0)


def test_default_options_and_every_player_count_start(game: Game) -> None:
    state = game.new_state(None, seed=0)
    assert dict(state.options) == game.spec.resolve_options({})
    for players in range(game.spec.min_players, game.spec.max_players + 1):
        state = game.new_state({"players": players}, seed=0)
        assert state.players == players
        assert dict(state.options) == game.spec.resolve_options({"players": players})


def test_same_seed_same_start(case: Case) -> None:
    game, options, seed = case
    assert snapshot(game.new_state(options, seed)) == snapshot(game.new_state(options, seed))


# -- playouts -------------------------------------------------------------------------------

def test_random_playout_terminates_with_a_seat_to_act_until_the_end(case: Case) -> None:
    game, options, _ = case
    steps = 0
    for state in positions(case):
        steps += 1
        legal = state.legal_actions()
        if state.is_terminal:
            assert state.to_act is None
            assert legal == [], "no legal action once the game is over"
        elif state.to_act == CHANCE:
            outcomes = state.chance_outcomes()
            assert outcomes and all(p > 0 for _, p in outcomes)
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
        else:
            assert state.to_act in range(options["players"])
            assert legal, "a seat to act always has a legal action"
            assert len(set(legal)) == len(legal), "legal actions are distinct"
    assert steps > 1


def test_legal_actions_round_trip_through_notation(case: Case) -> None:
    game = case[0]
    for state in positions(case):
        texts = state.legal_texts()
        assert len(set(texts)) == len(texts), "distinct actions have distinct texts"
        for action, text in zip(state.legal_actions(), texts, strict=True):
            assert text == game.action_to_text(action)
            assert game.parse_action(text) == action
            assert game.parse_action(text.upper()) == action
            assert game.parse_action(text.lower()) == action
            assert game.parse_action(f"  {text} ") == action
            assert state.refusal(action) is None


def test_apply_equals_apply_trusted(case: Case) -> None:
    rng = random.Random(1)
    for state in positions(case):
        legal = state.legal_actions()
        for action in rng.sample(legal, min(1, len(legal))):
            checked, trusted = state.clone(), state.clone()
            checked.apply(action)
            trusted.apply_trusted(action)
            assert snapshot(checked) == snapshot(trusted)
            by_text = state.clone()
            assert by_text.apply_text(state.game.action_to_text(action)) == action
            assert snapshot(by_text) == snapshot(trusted)


def test_illegal_action_is_refused_and_changes_nothing(case: Case) -> None:
    """Actions legal elsewhere in the game (so well-formed) but not here are refused."""
    game = case[0]
    rng = random.Random(2)
    seen: set[Action] = set()
    for state in positions(case):
        legal = state.legal_actions()
        seen.update(legal)
        candidates = sorted(seen - set(legal))
        before = snapshot(state)
        for action in rng.sample(candidates, min(1, len(candidates))):
            reason = state.refusal(action)
            assert isinstance(reason, str) and reason
            with pytest.raises(IllegalActionError) as refused:
                state.apply(action)
            assert refused.value.legal == state.legal_texts()
            with pytest.raises(IllegalActionError):
                state.apply_text(game.action_to_text(action))
            assert snapshot(state) == before
        for text in ("", "   ", "%%% not an action %%%"):
            with pytest.raises(NotationError):
                state.apply_text(text)
        assert snapshot(state) == before


def test_integers_outside_the_legal_list_are_refused(case: Case) -> None:
    """Any int not in legal_actions() (an action index or not) raises IllegalActionError.

    This once caught Gargon accepting ``17`` (``play W15`` with its card code in the wrong digit)
    and crashing with IndexError on codes past the largest action.
    """
    rng = random.Random(3)
    candidates = [*range(-4, 128), *(2**k for k in range(7, 64, 3)), *(10**k for k in range(3, 19))]
    for index, state in enumerate(positions(case)):
        if index % 25:
            continue
        legal = set(state.legal_actions())
        before = snapshot(state)
        for action in [*candidates, *(rng.randrange(1 << 24) for _ in range(50))]:
            if action in legal:
                continue
            with pytest.raises(IllegalActionError):
                state.apply(action)
        assert snapshot(state) == before


def test_clone_is_independent(case: Case) -> None:
    rng = random.Random(4)
    for index, state in enumerate(positions(case)):
        if index % 10:
            continue
        before = snapshot(state)
        copy = state.clone()
        assert snapshot(copy) == before
        while not copy.is_terminal:  # play the copy out: the original must not move
            copy.apply(choose(copy, rng))
        assert snapshot(state) == before
        if not state.is_terminal:  # and the other way round: moving the original leaves the copy
            original = state.clone()
            copy = original.clone()
            original.apply(choose(original, rng))
            assert snapshot(copy) == before


def test_observations_are_plain_json_for_every_seat_and_the_spectator(case: Case) -> None:
    for state in positions(case):
        for seat in viewers(state):
            observation = state.observe(seat)
            assert observation.seat == seat
            data = observation.to_json()
            assert isinstance(data, dict)
            assert json.loads(json.dumps(data, allow_nan=False)) == data


def test_scores_and_winners_at_the_end(case: Case) -> None:
    game, options, _ = case
    state, _ = recorded_playout(case)
    scores = state.scores()
    assert len(scores) == options["players"]
    assert all(isinstance(s, (int, float)) and math.isfinite(s) for s in scores)
    best = max(scores)
    assert state.winners() == [seat for seat, score in enumerate(scores) if score == best]


def test_replay_from_the_same_seed_reproduces_the_game(case: Case) -> None:
    game, options, seed = case
    original = game.new_state(options, seed)
    again = game.new_state(options, seed)
    rng = random.Random(f"replay:{seed}")
    texts = []
    while not original.is_terminal:
        action = choose(original, rng)
        texts.append(game.action_to_text(action))
        original.apply(action)
        assert again.apply_text(texts[-1]) == action
        assert snapshot(again) == snapshot(original)
    assert again.scores() == original.scores()
    assert again.winners() == original.winners()

    recorded = RecordedGame.start(game.id, options, seed)
    for text in texts:
        recorded.apply_text(text)
    assert recorded.record.actions == texts
    assert recorded.record.version == game.spec.version
    assert recorded.record.result == {"scores": original.scores(), "winners": original.winners()}
    final = replay(GameRecord.loads(recorded.record.dumps()))
    assert snapshot(final) == snapshot(original)
    assert final.scores() == original.scores()
