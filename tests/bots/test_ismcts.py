"""The search bot (bots/ismcts.py): plays every game to its end, repeats itself at an iteration
budget and a seed, and chooses the same whatever lies hidden from its seat."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from ludotheque.bots import bot_names, make_bot
from ludotheque.bots.evaluators import HeuristicEvaluator
from ludotheque.bots.ismcts import IsmctsBot, Search, shares
from ludotheque.core.bot import ask
from ludotheque.core.game import CHANCE, State, sample_chance
from ludotheque.core.registry import game_ids, get_game
from ludotheque.sim.match import play_game

LINE_UPS = {"gargon": 3, "drakon": 2, "kagoun": 2}


def searcher(seed: int, iterations: int = 25) -> IsmctsBot:
    bot = make_bot("gargon", "ismcts", seed)
    assert isinstance(bot, IsmctsBot)
    bot.iterations = iterations
    return bot


def test_the_search_is_a_bot_of_every_game() -> None:
    assert all("ismcts" in bot_names(game_id) for game_id in game_ids())


@pytest.mark.parametrize("game_id", sorted(LINE_UPS))
def test_the_search_plays_a_whole_game_and_repeats_itself(game_id: str) -> None:
    players = LINE_UPS[game_id]
    records = []
    for _ in range(2):  # (a few playouts a move: what is tested is a whole game, and the same twice)
        bots = [searcher(7 + seat, iterations=4) for seat in range(players)]
        records.append(play_game(game_id, {"players": players}, bots, seed=5).record)
    assert records[0].result is not None and records[0].actions == records[1].actions
    assert all(bot.last is not None and bot.last.iterations == 4 for bot in bots)


def positions(game_id: str, seed: int) -> list[State]:
    """Some positions of a random game where a seat decides among several actions."""
    state = get_game(game_id).new_state({"players": LINE_UPS[game_id]}, seed)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal:
        if state.to_act == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        if len(state.legal_actions()) > 1 and rng.random() < 0.15:
            out.append(state.clone())
        state.apply(state.sample_action(rng))
    return out


@pytest.mark.parametrize("game_id", sorted(LINE_UPS))
def test_the_search_chooses_the_same_whatever_lies_hidden(game_id: str) -> None:
    """Another position its seat cannot tell apart (the hidden part drawn again) gives the same
    move at the same budget and seed: nothing hidden reaches the search."""
    game = get_game(game_id)
    rng = random.Random(3)
    checked = 0
    for state in positions(game_id, 11)[:6]:
        seat = state.to_act
        assert seat is not None
        twin = state.resample(seat, rng, True)  # what the seat sees and remembers kept
        moves = []
        for position in (state, twin):
            bot = searcher(21)
            bot.reset(game, position.options, seat)
            moves.append(ask(bot, position, seat))
        assert moves[0] == moves[1]
        checked += 1
    assert checked


def test_a_reward_is_a_share_of_the_win() -> None:
    state = positions("kagoun", 2)[0]
    while not state.is_terminal:
        state.apply(sample_chance(state, random.Random(1)) if state.to_act == CHANCE
                    else state.legal_actions()[0])
    rewards = shares(state)
    assert sum(rewards) == pytest.approx(1.0) and sorted(set(rewards)) in ([0.0, 1.0], [0.5])


def test_an_iteration_counts_with_its_weight() -> None:
    """Beliefs: a node's value is the mean of its rewards weighted by each drawn position's
    plausibility, while its visits stay visits."""
    finished = []
    for seed in range(40):
        bots = [make_bot("kagoun", "random", seed + s) for s in range(2)]
        state = play_game("kagoun", {"players": 2}, bots, seed).state
        if len(state.winners()) == 1:
            finished.append(state)
    won_by = {state.winners()[0]: state for state in finished}
    assert set(won_by) == {0, 1}
    search = Search(2, random.Random(0))
    search.iterate(won_by[0].clone(), 0.25)
    search.iterate(won_by[1].clone(), 0.75)
    assert search.root.visits == 2
    assert search.root.mean(0) == 0.25 and search.root.mean(1) == 0.75


def test_the_search_keeps_the_games_own_move_unless_it_finds_a_clearly_better_one() -> None:
    """Gargon names the heuristic's move (``favourite``): with a margin no search can clear, it
    is the move whenever searched; with none, whichever of it and the most visited move has the
    better mean."""
    from ludotheque.core.bot import Decision
    from ludotheque.games.gargon.search import favourite

    game = get_game("gargon")
    kept = overruled = 0
    for state in positions("gargon", 5)[:12]:
        seat = state.to_act
        assert seat is not None
        decision = Decision(state, seat)
        search = Search.for_game(game, state.players, random.Random(2))
        for _ in range(30):
            search.iterate(*search.draw(decision))
        own = favourite(state.resample(seat, random.Random(1), True))
        assert search.preferred == own
        search.preferred = None
        free = search.best(decision.legal, seat)  # the most visited
        search.preferred = own
        if own == free or own not in search.root.children:
            continue
        search.evaluator.margin = 2.0
        assert search.best(decision.legal, seat) == own
        search.evaluator.margin = 0.0
        better = search.root.children[own].mean(seat) > search.root.children[free].mean(seat)
        assert search.best(decision.legal, seat) == (own if better else free)
        kept += better
        overruled += not better
    assert kept + overruled >= 3, (kept, overruled)


def test_a_playout_cut_short_is_judged_by_the_games_evaluation() -> None:
    """With ``evaluate`` and a depth, no playout runs to the end: every reward is the evaluation's."""
    game = get_game("kagoun")
    state = game.new_state({"players": 2}, 3)
    rng = random.Random(1)
    while state.to_act == CHANCE:
        state.apply_trusted(sample_chance(state, rng))
    judged = []

    def evaluate(position: State) -> list[float]:
        judged.append(position.is_terminal)
        return [0.25, 0.75]

    evaluator = HeuristicEvaluator(game, knowledge=False)
    evaluator.judge, evaluator.depth = evaluate, 0
    search = Search(2, rng, evaluator)
    for _ in range(20):
        search.iterate(state.clone())
    assert len(judged) == 20 and not any(judged)
    assert search.root.rewards == pytest.approx([0.25 * 20, 0.75 * 20])


def test_drakons_evaluation_favours_the_richer_purse() -> None:
    from ludotheque.games.drakon.search import evaluate

    state = get_game("drakon").new_state({"players": 3}, 4)
    state.purses[state.purse_of[1]][2] += 2  # two 3-gold coins for seat 1
    shares_now = evaluate(state)
    assert sum(shares_now) == pytest.approx(1.0)
    assert shares_now[1] > shares_now[0] and shares_now[0] == pytest.approx(shares_now[2])


def recording(candidates: Any, movers: list[int | None]) -> Any:
    """``candidates`` that notes, in ``movers``, the seat it is asked for."""
    assert candidates is not None

    def noted(state: State) -> Any:
        movers.append(state.to_act)
        return candidates(state)
    return noted


def test_with_others_by_policy_the_tree_holds_only_the_seats_own_choices() -> None:
    """Gargon's others play the playout move from their drawn hands: the tree is asked for
    candidates at the seat's own decisions only; searched as the seat's are, they are asked too."""
    from ludotheque.core.bot import Decision
    from ludotheque.games.gargon import search as gargon_search

    game = get_game("gargon")
    assert gargon_search.OTHERS_BY_POLICY
    state = positions("gargon", 5)[0]
    seat = state.to_act
    assert seat is not None
    decision = Decision(state, seat)
    for others_by_policy in (True, False):
        evaluator = HeuristicEvaluator(game)
        assert evaluator.others_by_policy
        evaluator.others_by_policy = others_by_policy
        movers: list[int | None] = []
        evaluator.worth_searching = recording(evaluator.worth_searching, movers)
        search = Search(state.players, random.Random(4), evaluator)
        for _ in range(60):
            search.iterate(*search.draw(decision))
        assert movers and seat in movers
        assert (set(movers) == {seat}) == others_by_policy, (others_by_policy, set(movers))


@pytest.mark.parametrize("game_id", sorted(LINE_UPS))
def test_the_candidates_at_a_decision_are_the_same_in_every_position_drawn_for_it(game_id: str) -> None:
    """What lets the search ask a game for its root's candidates once (``root_is_decision``):
    each game's ``worth_searching`` reads what the seat to act sees and remembers, so positions
    drawn for that seat all give the real position's candidates."""
    from ludotheque.core.bot import Decision

    worth_searching = get_game(game_id).search_knowledge().worth_searching
    rng = random.Random(5)
    checked = 0
    for state in [state for seed in (13, 14, 15) for state in positions(game_id, seed)[:3]]:
        seat = state.to_act
        assert seat is not None
        decision = Decision(state, seat)
        real = worth_searching(state.clone())
        for _ in range(6):
            assert worth_searching(decision.sample_position(rng, True)) == real
        checked += 1
    assert checked >= 4


def test_the_roots_candidates_are_asked_for_once_when_the_root_is_a_decision() -> None:
    """Asked once instead of at every iteration, and the search grows the same tree."""
    from ludotheque.core.bot import Decision

    game = get_game("drakon")
    state = positions("drakon", 5)[0]
    seat = state.to_act
    assert seat is not None
    decision = Decision(state, seat)
    calls, trees = [], []
    for root_is_decision in (False, True):
        evaluator = HeuristicEvaluator(game)
        movers: list[int | None] = []
        evaluator.worth_searching = recording(evaluator.worth_searching, movers)
        search = Search(state.players, random.Random(4), evaluator)
        search.root_is_decision = root_is_decision
        for _ in range(30):
            search.iterate(*search.draw(decision))
        calls.append(len(movers))
        trees.append(sorted((action, child.visits, child.rewards)
                            for action, child in search.root.children.items()))
    assert calls[0] - calls[1] == 29
    assert trees[0] == trees[1]


def test_the_search_stops_when_its_time_is_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a time budget the search looks at the clock after each iteration and stops at the
    first look past its deadline: a clock that moves 0.1 s a look allows 0.5 s five iterations."""
    import time

    looks = []

    def clock() -> float:
        looks.append(None)
        assert len(looks) < 100, "the search never stopped"
        return 0.1 * len(looks)

    game = get_game("kagoun")
    state = positions("kagoun", 2)[0]
    seat = state.to_act
    assert seat is not None
    bot = make_bot("kagoun", "ismcts", 3)
    assert isinstance(bot, IsmctsBot) and bot.seconds == 0.5 and bot.iterations is None
    bot.reset(game, state.options, seat)
    monkeypatch.setattr(time, "perf_counter", clock)
    ask(bot, state, seat)
    monkeypatch.undo()
    assert bot.last is not None and bot.last.iterations == 5


def test_a_search_asked_after_its_deadline_answers_after_one_playout() -> None:
    """The time a search waited to be asked (for a busy worker) comes out of its own: past its
    decision's deadline it plays out once and answers; before it, its own budget counts."""
    game = get_game("gargon")
    state, rng = game.new_state({"players": 4}, seed=5), random.Random(5)
    while state.to_act == CHANCE or len(state.legal_actions()) < 2:
        state.apply(sample_chance(state, rng) if state.to_act == CHANCE else state.legal_actions()[0])
    seat = state.to_act
    assert seat is not None
    late = IsmctsBot(seed=1, seconds=30.0)
    late.reset(game, state.options, seat)
    assert ask(late, state.clone(), seat, deadline=time.time() - 1.0) in state.legal_actions()
    assert late.last is not None and late.last.iterations == 1
    early = IsmctsBot(seed=1, seconds=0.2)
    early.reset(game, state.options, seat)
    ask(early, state.clone(), seat, deadline=time.time() + 60.0)
    assert early.last is not None and early.last.iterations > 1
