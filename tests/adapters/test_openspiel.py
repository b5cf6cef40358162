"""Each game as an OpenSpiel Python game: OpenSpiel's own random simulation test (with
serialisation; it reads every tensor and string) on every game and player count, its ISMCTS and
MCTS bots playing a game to the end, ``resample_from_infostate`` giving states the seat cannot
tell apart (information-state tensors included), the games known by name in a fresh process and
unpickled in a spawned worker, and the information state built lazily (numpy, per seat asked)."""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
from operator import methodcaller

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from ludotheque.adapters import openspiel  # noqa: E402
from ludotheque.core import get_game  # noqa: E402


def test_random_sim_test_passes(game_players: tuple[str, int]) -> None:
    game_id, players = game_players
    pyspiel.random_sim_test(openspiel.load(game_id, players=players), num_sims=1, serialize=True,
                            verbose=False)


def test_game_type_and_info_come_from_the_spec(game_id: str) -> None:
    ours = get_game(game_id)
    game = openspiel.load(game_id)
    kind = game.get_type()
    assert kind.short_name == f"python_ludotheque_{game_id}"
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert (kind.min_num_players, kind.max_num_players) == (ours.spec.min_players, ours.spec.max_players)
    assert game.num_distinct_actions() == ours.encoding().action_size(ours.resolve_options({}))
    assert kind.provides_information_state_tensor
    assert game.information_state_tensor_size() == (ours.encoding().observation_size({})
                                                    + ours.encoding().memory_size({}))
    assert game.max_game_length() == ours.max_game_length(ours.resolve_options({})) + 1
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    scores = openspiel.load(game_id, rewards="scores")
    assert (scores.min_utility(), scores.max_utility()) == (ours.spec.min_score, ours.spec.max_score)


def test_ismcts_and_mcts_play_a_game_to_the_end(game_id: str) -> None:
    game = openspiel.load(game_id, players=get_game(game_id).spec.min_players)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=8)
    bots = [ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3, random_state=rng),
            mcts.MCTSBot(game, uct_c=2.0, max_simulations=3, evaluator=evaluator, random_state=rng)]
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
            continue
        player = state.current_player()
        if player < len(bots):
            action = bots[player].step(state)
        else:
            action = int(rng.choice(state.legal_actions()))
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves > 0 and len(state.returns()) == game.num_players()


def test_resampled_states_look_the_same_to_the_seat(game_id: str) -> None:
    game = openspiel.load(game_id)
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    checked, varied = 0, False
    while not state.is_terminal() and checked < 15:
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
            continue
        player = state.current_player()
        legal = state.legal_actions()
        assert legal == sorted(legal), "OpenSpiel expects ascending legal actions"
        other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.observation_string(player) == state.observation_string(player)
        assert np.array_equal(other.observation_tensor(player), state.observation_tensor(player))
        assert np.array_equal(other.information_state_tensor(player),
                              state.information_state_tensor(player))
        assert other.legal_actions() == legal
        nxt = (player + 1) % game.num_players()
        varied = varied or other.observation_string(nxt) != state.observation_string(nxt)
        state.apply_action(int(rng.choice(legal)))
        checked += 1
    assert checked and varied, "resampling never redrew what another seat sees"


def test_game_options_are_parameters_and_a_game_without_a_bound_is_refused() -> None:
    """OpenSpiel's GameInfo needs a length bound: Kagoun's ``max_rounds=0`` has none and is
    refused in words; a round cap gives its own bound."""
    from ludotheque.core.errors import OptionsError
    from ludotheque.games.kagoun.game import round_bound

    capped = openspiel.load("kagoun", players=2, max_rounds=3)
    assert capped.max_game_length() == 3 * round_bound(2, 2 * 5) + 1
    with pytest.raises(OptionsError, match="no length bound"):
        openspiel.load("kagoun", max_rounds=0)


def test_games_are_known_by_name_in_a_fresh_process() -> None:
    """Importing the adapter registers every game: ``pyspiel.load_game`` by name, no ``load``."""
    script = ("import pyspiel, ludotheque.adapters.openspiel\n"
              "for game_id in ('drakon', 'gargon', 'kagoun'):\n"
              "    game = pyspiel.load_game('python_ludotheque_' + game_id, {'players': 3})\n"
              "    print(game.get_type().short_name, game.num_players())\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert sorted(done.stdout.split("\n")[:-1]) == sorted(
        f"python_ludotheque_{game_id} 3" for game_id in ("drakon", "gargon", "kagoun"))


def test_a_pickled_game_and_state_unpickle_in_a_spawned_worker() -> None:
    game = openspiel.load("kagoun", players=2, max_rounds=20)
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    for _ in range(6):
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    # the worker runs stdlib callables: it imports only what unpickling the game and state imports
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        name = pool.apply_async(methodcaller("get_type"), (game,)).get(timeout=60).short_name
        strings = pool.apply_async(methodcaller("information_state_string", 1), (state,)).get(timeout=60)
        legal = pool.apply_async(methodcaller("legal_actions"), (state,)).get(timeout=60)
    assert name == "python_ludotheque_kagoun"
    assert strings == state.information_state_string(1)
    assert legal == state.legal_actions()


def test_information_state_is_built_when_asked_and_matches_openspiels_own_path() -> None:
    """From Python the tensors are numpy arrays, equal to what OpenSpiel's C++ side reads through
    the observer; a seat's string is the same whether asked at every step or only at the end."""
    game = openspiel.load("drakon", players=3)
    asked, unasked = game.new_initial_state(), game.new_initial_state()
    rng = np.random.RandomState(5)
    for _ in range(25):
        if asked.is_terminal():
            break
        if asked.is_chance_node():
            actions, probabilities = zip(*asked.chance_outcomes(), strict=True)
            action = int(rng.choice(actions, p=probabilities))
        else:
            action = int(rng.choice(asked.legal_actions()))
            seat = asked.current_player()
            tensor = asked.information_state_tensor(seat)
            assert isinstance(tensor, np.ndarray) and tensor.dtype == np.float32
            assert np.array_equal(tensor, pyspiel.State.information_state_tensor(asked, seat))
            assert np.array_equal(asked.observation_tensor(), pyspiel.State.observation_tensor(asked, seat))
            history: list[float] = []
            history += tensor  # as ESCHER builds a history: the list is extended, as with a list
            assert len(history) == tensor.size
            asked.information_state_string(seat)
        asked.apply_action(action)
        unasked.apply_action(action)
    strings = [asked.information_state_string(p) for p in range(3)]
    assert strings == [unasked.information_state_string(p) for p in range(3)]
    assert len(set(strings)) == 3
    clone = unasked.clone()
    assert [clone.information_state_string(p) for p in range(3)] == strings
