"""The protocol every registered game must keep (ARCHITECTURE.md, principles 1-5), checked over
random playouts through the generic API only: ``Game``, ``State``, observations and records.

Positions are compared through what the protocol shows of them (whose turn, the legal actions,
every seat's and the spectator's observation as JSON), never through a game's internals.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

from ludotheque import compiled
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
from ludotheque.core.game import start_log

#: (game, options, seed) of one random playout; see conftest.py.
Case = tuple[Game, dict[str, Any], int]

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
    for _ in range(game.max_game_length(options)):
        yield state
        if state.is_terminal:
            return
        state.apply(choose(state, rng))
    yield state
    assert state.is_terminal, f"{game.id}: longer than its max_game_length({options})"


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


def test_spec_declares_its_bounds(game: Game) -> None:
    spec = game.spec
    assert spec.distinct_actions >= 1 and spec.max_game_length >= 1
    assert 1 <= game.max_game_length(spec.resolve_options({})) <= spec.max_game_length
    assert math.isfinite(spec.min_score) and math.isfinite(spec.max_score)
    assert spec.min_score <= spec.max_score
    assert isinstance(spec.chance_in_play, bool) and isinstance(spec.hidden_information, bool)


def test_a_mistyped_field_is_refused(game: Game) -> None:
    """States declare ``__slots__``: assigning a field that does not exist fails loudly. Checked
    in pure Python (``make test`` runs this suite both ways): compiled, the protocol's ``State``
    is a mypyc class open to interpreted subclasses, which gives every state a ``__dict__``."""
    if compiled.status == "compiled":
        pytest.skip("checked in the pure Python run")
    state = game.new_state(None, seed=0)
    with pytest.raises(AttributeError):
        state.no_such_field = 1  # type: ignore[attr-defined]


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
        assert all(0 <= action < game.spec.distinct_actions for action in legal)
        if not game.spec.chance_in_play:
            assert state.to_act != CHANCE, "the spec says there is no chance during play"
        if state.is_terminal:
            assert state.to_act is None
            assert legal == [], "no legal action once the game is over"
        elif state.to_act == CHANCE:
            outcomes = state.chance_outcomes()
            assert outcomes and all(p > 0 for _, p in outcomes)
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            assert sorted(a for a, _ in outcomes) == sorted(legal), "at chance, legal = the outcomes"
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


def test_an_observation_takes_each_field_in_its_place(case: Case) -> None:
    """A dataclass observation whose ``__init__`` is written out (for the compiled build: the one
    ``dataclasses`` generates runs as Python) sets each field from its own argument: one field
    taken from another observation changes that field alone."""
    seen = [state.observe(seat) for state in positions(case) for seat in viewers(state)][:40]
    if not dataclasses.is_dataclass(seen[0]):
        pytest.skip("the game's observation is not a dataclass")
    names = [f.name for f in dataclasses.fields(seen[0])]
    for one, other in itertools.pairwise(seen):
        for name in names:
            made = dataclasses.replace(one, **{name: getattr(other, name)})
            assert [getattr(made, n) for n in names] == [
                getattr(other if n == name else one, n) for n in names], name


def test_scores_and_winners_at_the_end(case: Case) -> None:
    game, options, _ = case
    state, _ = recorded_playout(case)
    scores = state.scores()
    assert len(scores) == options["players"]
    assert all(isinstance(s, (int, float)) and math.isfinite(s) for s in scores)
    assert all(game.spec.min_score <= s <= game.spec.max_score for s in scores)
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
    ending = {"ending": original.how_ended()} if original.how_ended() else {}
    assert recorded.record.result == {"scores": original.scores(), "winners": original.winners(), **ending}
    final = replay(GameRecord.loads(recorded.record.dumps()))
    assert snapshot(final) == snapshot(original)
    assert final.scores() == original.scores()


# -- sampling, resampling -------------------------------------------------------------------

def test_sample_action_draws_as_an_index_into_the_legal_list(case: Case) -> None:
    """``sample_action(rng)`` is ``legal[rng.randrange(len(legal))]`` (so uniform), from the same
    generator state, even when a game draws it without listing the legal actions."""
    for index, state in enumerate(positions(case)):
        if state.is_terminal or state.to_act == CHANCE:
            continue
        legal = state.legal_actions()
        before = snapshot(state)
        for draw in range(3):
            seed = f"sample:{index}:{draw}"
            expected = legal[random.Random(seed).randrange(len(legal))]
            assert state.sample_action(random.Random(seed)) == expected
        assert snapshot(state) == before


def test_sample_chance_draws_as_the_running_total_of_the_outcomes(case: Case) -> None:
    """``state.sample_chance(rng)`` is the outcome whose running total of probabilities first
    passes one ``rng.random()`` point, from the same generator state, even when a game draws it
    without listing the outcomes."""
    for index, state in enumerate(positions(case)):
        if state.to_act != CHANCE:
            continue
        outcomes = state.chance_outcomes()
        before = snapshot(state)
        for draw in range(3):
            seed = f"chance:{index}:{draw}"
            point, total, expected = random.Random(seed).random(), 0.0, outcomes[-1][0]
            for action, probability in outcomes:
                total += probability
                if point < total:
                    expected = action
                    break
            assert state.sample_chance(random.Random(seed)) == expected
        assert snapshot(state) == before


def test_sample_action_is_uniform(case: Case) -> None:
    """A chi-square check on positions with a few dozen legal actions (the bound is about six
    standard deviations above the statistic's mean: it fails for a visibly skewed draw)."""
    rng = random.Random(5)
    checked = 0
    for state in positions(case):
        if state.is_terminal or state.to_act == CHANCE:
            continue
        legal = state.legal_actions()
        if not 2 <= len(legal) <= 60 or checked >= 3:
            continue
        checked += 1
        draws = 200 * len(legal)
        counts = dict.fromkeys(legal, 0)
        for _ in range(draws):
            counts[state.sample_action(rng)] += 1
        expected = draws / len(legal)
        chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
        df = len(legal) - 1
        assert chi2 < df + 6 * math.sqrt(2 * df), f"sample_action is not uniform: chi2={chi2:.1f}, df={df}"


def test_resampled_positions_look_the_same_to_the_seat_and_play_on(case: Case) -> None:
    """What ``resample(seat)`` returns shows ``seat`` the same observation and the same legal
    actions as the real position, and plays on to an end; the real position does not move."""
    game = case[0]
    rng = random.Random(6)
    for index, state in enumerate(positions(case)):
        if index % 7 and not state.is_terminal:
            continue
        before = snapshot(state)
        for seat in range(state.players):
            other = state.resample(seat, rng)
            assert other.observe(seat).to_json() == state.observe(seat).to_json()
            assert other.to_act == state.to_act
            if state.to_act == seat:
                assert other.legal_actions() == state.legal_actions()
            while not other.is_terminal:
                other.apply(choose(other, rng))
            assert all(game.spec.min_score <= s <= game.spec.max_score for s in other.scores())
        assert snapshot(state) == before


def test_resampling_redraws_what_a_seat_cannot_see(case: Case) -> None:
    """In a game with hidden information, resampling for one seat changes, somewhere in a game,
    what another seat sees (the hidden part is drawn again, not copied)."""
    game = case[0]
    if not game.spec.hidden_information:
        return
    rng = random.Random(7)
    for index, state in enumerate(positions(case)):
        if index % 5 or state.is_terminal:
            continue
        for seat in range(state.players):
            others = [s for s in viewers(state) if s != seat]
            seen = {json.dumps([state.resample(seat, rng).observe(s).to_json() for s in others])
                    for _ in range(8)}
            if len(seen) > 1:
                return  # (once is what the test asks: the rest of the game would only say it again)
    pytest.fail("resample never changed what the other seats see")


def test_resampling_depends_only_on_what_the_seat_sees(case: Case) -> None:
    """Two positions a seat cannot tell apart (the real one, and one of its resamplings) resample
    alike from the same stream: a search for that seat plays the same whatever lies hidden."""
    game = case[0]
    if not game.spec.hidden_information:
        return
    rng = random.Random(8)
    for index, state in enumerate(positions(case)):
        if index % 9 or state.is_terminal:
            continue
        for seat in range(state.players):
            twin = state.resample(seat, rng)
            once, again = (position.resample(seat, random.Random(index)) for position in (state, twin))
            assert snapshot(once) == snapshot(again)


def fields(state: State) -> dict[str, Any]:
    """Every field of a position (its memories too), as it is pickled."""
    return dict(state.__reduce__()[2])


def test_resampling_with_memory_looks_the_same_and_depends_only_on_what_the_seat_saw(case: Case) -> None:
    """``resample(seat, rng, remember=True)`` shows the seat what the real position shows it and
    plays on; and two positions the seat cannot tell apart, now or from what it was shown before
    (the real one, and one of its resamplings with memory, which also forgets what the other
    seats remember), resample alike from the same stream, memories included: what it keeps
    fixed is only what the seat saw."""
    game = case[0]
    rng = random.Random(10)
    for index, state in enumerate(positions(case)):
        if index % 9 or state.is_terminal:
            continue
        for seat in range(state.players):
            twin = state.resample(seat, rng, True)
            assert twin.observe(seat).to_json() == state.observe(seat).to_json()
            if state.to_act == seat:
                assert twin.legal_actions() == state.legal_actions()
            once, again = (position.resample(seat, random.Random(index), True) for position in (state, twin))
            assert fields(once) == fields(again)
            while not twin.is_terminal:
                twin.apply(choose(twin, rng))
            assert all(game.spec.min_score <= s <= game.spec.max_score for s in twin.scores())


def test_a_position_pickles_and_plays_on_alike(case: Case) -> None:
    """What a worker process is sent (a search bot's position) comes back whole, in the compiled
    build too: the same views, and the same game from there on."""
    import pickle

    rng = random.Random(9)
    for index, state in enumerate(positions(case)):
        if index % 11:
            continue
        copy = pickle.loads(pickle.dumps(state.clone()))
        assert type(copy) is type(state) and type(copy.game) is type(state.game)
        assert snapshot(copy) == snapshot(state)
        mine = state.clone()
        while not mine.is_terminal:
            action = choose(mine, rng)
            mine.apply(action)
            copy.apply(action)
        assert snapshot(copy) == snapshot(mine) and copy.scores() == mine.scores()


def test_every_decision_of_a_seat_is_told_in_the_log(case: Case) -> None:
    """A game that keeps a public log tells every decision a seat makes (the log and the replay's
    steps go together: a step with nothing said is a blank in the replay)."""
    game, _, _ = case
    state, texts = recorded_playout(case)
    again = game.new_state(dict(case[1]), case[2])
    log = start_log(again)
    if log is None:
        pytest.skip(f"{game.id} keeps no log")
    for text in texts:
        before, seat = len(log), again.to_act
        again.apply(game.parse_action(text))
        assert seat == CHANCE or len(log) > before, f"{game.id}: {text!r} by seat {seat} left no event"
    assert again.is_terminal == state.is_terminal
