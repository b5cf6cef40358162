"""The search takes an evaluator (bots/evaluators.py): with today's game knowledge it plays as it
did before there were evaluators; with priors it selects by PUCT, widens in the prior's order,
spreads a batch of walks by virtual loss, mixes noise into the root's prior for self-play and
gives the root's visits as a policy's target."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from ludotheque.bots import make_bot
from ludotheque.bots.evaluators import Evaluator, Leaf
from ludotheque.bots.ismcts import IsmctsBot, Search, SearchSettings
from ludotheque.core.bot import Decision
from ludotheque.core.game import CHANCE, State, sample_chance
from ludotheque.core.registry import get_game

#: The moves and root visits of the search before it took an evaluator (bots/ismcts.py at
#: 7431d64), at the positions and seeds below: written by ``record_before()`` then.
BEFORE = Path(__file__).with_name("data") / "search_before_evaluators.json"
PLAYERS = {"gargon": 4, "drakon": 3, "kagoun": 2}


def decisions(game_id: str) -> list[State]:
    """Two positions of a random game (seeded) where a seat decides among several actions."""
    state = get_game(game_id).new_state({"players": PLAYERS[game_id]}, 3)
    rng = random.Random(3)
    found: list[State] = []
    while not state.is_terminal and len(found) < 2:
        if state.to_act == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        if len(state.legal_actions()) > 1 and rng.random() < 0.2:
            found.append(state.clone())
        state.apply(state.sample_action(rng))
    return found


def searched(game_id: str, state: State, seed: int, beliefs: bool) -> dict[str, Any]:
    """The search bot's move at ``state`` (60 iterations) and its root's visits."""
    game, seat = get_game(game_id), state.to_act
    assert seat is not None
    bot = make_bot(game_id, "ismcts", seed)
    assert isinstance(bot, IsmctsBot)
    bot.reset(game, game.resolve_options({"players": PLAYERS[game_id]}), seat)
    bot.iterations, bot.beliefs = 60, beliefs
    action = bot.choose(Decision(state.clone(), seat))
    assert bot.last is not None
    return {"action": action, "visits": {str(a): n.visits for a, n in bot.last.root.children.items()}}


def cases() -> list[tuple[str, int, bool]]:
    return [(game_id, index, beliefs) for game_id in sorted(PLAYERS) for index in range(2)
            for beliefs in ((False, True) if game_id == "gargon" else (False,))]


def record_before() -> None:  # pragma: no cover - run once, on the search before evaluators
    rows = {f"{g}-{i}-{b}": searched(g, decisions(g)[i], 11 + i, b) for g, i, b in cases()}
    BEFORE.write_text(json.dumps(rows, indent=1, sort_keys=True) + "\n")


@pytest.mark.parametrize(("game_id", "index", "beliefs"), cases())
def test_with_the_heuristic_evaluator_the_search_plays_as_before(game_id: str, index: int,
                                                                beliefs: bool) -> None:
    before = json.loads(BEFORE.read_text())[f"{game_id}-{index}-{beliefs}"]
    assert searched(game_id, decisions(game_id)[index], 11 + index, beliefs) == before


class Prior(Evaluator):
    """Leaves worth ``values`` to every seat, with a fixed prior over the legal actions (the
    first ones likeliest); records the batches it is asked for."""

    def __init__(self, batch: int = 1, values: list[float] | None = None) -> None:
        super().__init__(batch, priors=True)
        self.values = values
        self.asked: list[int] = []

    def evaluate(self, leaves: list[State], rng: random.Random) -> list[Leaf]:
        self.asked.append(len(leaves))
        out: list[Leaf] = []
        for leaf in leaves:
            while leaf.to_act == CHANCE:
                leaf.apply_trusted(sample_chance(leaf, rng))
            values = self.values or [1.0 / leaf.players] * leaf.players
            if leaf.to_act is None:
                out.append((None, values))
                continue
            legal = leaf.legal_actions()
            weights = [0.5 ** rank for rank in range(len(legal))]
            out.append(({a: w / sum(weights) for a, w in zip(legal, weights, strict=True)}, values))
        return out


def kagoun_decision() -> Decision:
    state = decisions("kagoun")[0]
    assert state.to_act is not None and len(state.legal_actions()) >= 4
    return Decision(state, state.to_act)


def test_an_evaluator_with_priors_gives_the_root_its_prior_and_widens_in_its_order() -> None:
    decision = kagoun_decision()
    search = Search(2, random.Random(1), Prior(), SearchSettings(widening=1.0))
    search.root_is_decision = True
    search.run(decision, iterations=1)
    root_prior = search.root.prior
    assert root_prior is not None and sum(root_prior.values()) == pytest.approx(1.0)
    likeliest = max(root_prior, key=root_prior.__getitem__)
    assert list(search.root.children) == [likeliest]
    search.run(decision, iterations=30)
    opened = list(search.root.children)
    by_prior = sorted(root_prior, key=lambda a: -root_prior[a])
    assert opened == by_prior[:len(opened)] and 1 < len(opened) < len(by_prior)


def test_puct_follows_the_prior_when_values_are_equal() -> None:
    """Every leaf worth the same: the visits follow the prior (the likeliest most visited)."""
    decision = kagoun_decision()
    search = Search(2, random.Random(1), Prior(), SearchSettings(widening=100.0))
    search.root_is_decision = True
    search.run(decision, iterations=200)
    prior = search.root.prior
    assert prior is not None
    visits = {a: child.visits for a, child in search.root.children.items()}
    ranked = sorted(visits, key=lambda a: -prior[a])
    assert visits[ranked[0]] > visits[ranked[1]] > visits[ranked[-1]]
    assert search.best(decision.legal, decision.seat) == ranked[0]


def test_a_batch_of_walks_is_spread_by_the_virtual_loss_and_evaluated_at_once() -> None:
    decision = kagoun_decision()
    evaluator = Prior(batch=4, values=[0.5, 0.5])
    search = Search(2, random.Random(1), evaluator, SearchSettings(widening=100.0))
    search.root_is_decision = True
    search.run(decision, iterations=10)
    assert evaluator.asked == [1, 4, 4, 2]  # the root, then batches of at most 4 up to 10
    assert search.iterations == 10 and search.root.visits == 10
    assert all(node.pending == 0 for node in [search.root, *search.root.children.values()])
    # the first batch (fresh children, no values yet) went down 4 different actions
    alone = Search(2, random.Random(1), Prior(batch=4, values=[0.5, 0.5]), SearchSettings(widening=100.0))
    alone.run(decision, iterations=4)
    assert len(alone.root.children) == 4


def test_the_roots_noise_changes_the_prior_and_keeps_it_a_distribution() -> None:
    decision = kagoun_decision()
    plain = Search(2, random.Random(1), Prior())
    plain.run(decision, iterations=1)
    noisy = [Search(2, random.Random(seed), Prior(), SearchSettings(noise=0.25)) for seed in (1, 1, 2)]
    for search in noisy:
        search.run(decision, iterations=1)
    assert plain.root.prior is not None and all(s.root.prior is not None for s in noisy)
    assert sum(noisy[0].root.prior.values()) == pytest.approx(1.0)  # type: ignore[union-attr]
    assert noisy[0].root.prior == noisy[1].root.prior != noisy[2].root.prior
    assert noisy[0].root.prior != plain.root.prior
    assert all(value >= 0.75 * plain.root.prior[a] for a, value in noisy[0].root.prior.items())  # type: ignore[union-attr]


def test_the_roots_visits_are_a_policy_target_and_the_temperature_draws_by_them() -> None:
    decision = kagoun_decision()
    search = Search(2, random.Random(1), Prior(), SearchSettings(widening=100.0))
    search.root_is_decision = True
    legal = decision.legal
    assert search.visits(legal) == pytest.approx([1 / len(legal)] * len(legal))  # before any
    search.run(decision, iterations=100)
    target = search.visits(legal)
    assert sum(target) == pytest.approx(1.0)
    assert target == pytest.approx([search._visits(a) / 100 for a in legal])
    best = search.best(legal, decision.seat)
    assert search.pick(legal, decision.seat, 0.0) == best
    drawn = {search.pick(legal, decision.seat, 1.0) for _ in range(200)}
    visited = {a for a in legal if search._visits(a)}
    assert best in drawn and 1 < len(drawn) and drawn <= visited
