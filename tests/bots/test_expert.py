"""The expert bot (bots/expert.py): the search guided by the game's shipped network plays whole
games, pickles as plain data (never the weights), and plays the game's own knowledge where no
network fits the table."""

from __future__ import annotations

import pickle
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from ludotheque.bots import make_bot
from ludotheque.bots.evaluators import HeuristicEvaluator
from ludotheque.bots.expert import ExpertBot
from ludotheque.bots.network import Network, NetworkEvaluator
from ludotheque.core.bot import ask
from ludotheque.core.registry import get_game
from ludotheque.sim.match import play_game

from .conftest import WriteNetwork

LINE_UPS = {"gargon": 3, "drakon": 2, "kagoun": 2}


def ship(monkeypatch: pytest.MonkeyPatch, game_id: str, path: Path | None) -> None:
    """The game ships ``path`` as its network (for every options), for this test only."""
    def shipped(options: Mapping[str, Any]) -> Path | None:
        return path
    monkeypatch.setattr(get_game(game_id).network(), "shipped", shipped)


def expert(game_id: str, seed: int) -> ExpertBot:
    bot = make_bot(game_id, "expert", seed)
    assert isinstance(bot, ExpertBot)
    bot.iterations = 8
    return bot


@pytest.mark.parametrize("game_id", sorted(LINE_UPS))
def test_the_expert_plays_a_whole_game_with_the_shipped_network(
        game_id: str, network_file: WriteNetwork, monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game(game_id)
    players = LINE_UPS[game_id]
    ship(monkeypatch, game_id, network_file(game, game.resolve_options({"players": players})))
    evaluated: list[int] = []
    forward = Network.forward

    def counted(network: Network, inputs: Any) -> Any:
        evaluated.append(len(inputs))
        return forward(network, inputs)
    monkeypatch.setattr(Network, "forward", counted)
    bots = [expert(game_id, 3 + seat) for seat in range(players)]
    record = play_game(game_id, {"players": players}, bots, seed=4).record
    assert record.result is not None and evaluated and max(evaluated) > 1  # leaves in batches
    search = bots[0].last
    assert search is not None and isinstance(search.evaluator, NetworkEvaluator)
    assert search.root.prior is not None  # the network's prior over the decision's moves
    pickled = pickle.dumps(bots[0])
    assert len(pickled) < 20_000  # plain data: no weights, no tree
    again = pickle.loads(pickled)
    assert again.last is None and isinstance(again.evaluator(), NetworkEvaluator)


def test_the_expert_searches_with_the_games_knowledge_where_no_network_fits(
        network_file: WriteNetwork, monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game("kagoun")
    bot = expert("kagoun", 1)
    bot.reset(game, game.resolve_options({"players": 3}), 0)
    ship(monkeypatch, "kagoun", None)
    assert type(bot.evaluator()) is HeuristicEvaluator
    ship(monkeypatch, "kagoun", network_file(game, game.resolve_options({"players": 2})))
    assert type(bot.evaluator()) is HeuristicEvaluator  # a network for 2 players, at a table of 3
    state = game.new_state({"players": 3}, 2)
    assert ask(bot, state, state.to_act or 0) in state.legal_actions()
