"""Invariants over many random games: cards are conserved, replays are deterministic (from a
seed and from an explicit setup, chance outcomes listed among the actions), and a seat's
observation is blind to the hidden cards of the others."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from ludotheque.cli.testing import CliRunner
from ludotheque.core import GameRecord, replay
from ludotheque.core.game import CHANCE, sample_chance
from ludotheque.games.kagoun import GAME
from ludotheque.games.kagoun.position import KagounPosition
from ludotheque.games.kagoun.resample import redraw_hidden
from ludotheque.games.kagoun.state import NO_ATTACK

SEEDS = range(12)


def every_card(state: KagounPosition) -> list[int]:
    cards = list(state.pile) + list(state.discard) + list(state.river)
    for seat in range(state.n):
        cards += state.hands[seat]
        cards += [c for up, _, lo, _ in state.pairs[seat] for c in (up, lo)]
        cards += [c for c, _ in state.chains[seat]]
        cards += [slot[1] for slot in (state.announced[seat], state.extra[seat])
                  if slot != NO_ATTACK and slot[1] >= 0]
    cards += [d[2] for d in state.defences]
    return cards + state.loose


def playout(seed: int, players: int, **options: Any) -> tuple[KagounPosition, list[str]]:
    state = GAME.new_state({"players": players, **options}, seed)
    rng = random.Random(seed)
    texts = []
    while not state.is_terminal:
        action = sample_chance(state, rng) if state.to_act == CHANCE else state.sample_action(rng)
        texts.append(GAME.action_to_text(action))
        state.apply(action)
        assert sorted(every_card(state)) == list(range(52)), texts[-1]
        # one over the limit at a chance node: a second Draw icon draws again after a drop
        limit = {None: 3, CHANCE: 4}.get(state.to_act, 52)
        assert all(len(h) <= limit for h in state.hands)
        assert all(len(p) <= 3 for p in state.pairs) or state.observe(None).phase == "scrap"
    return state, texts


@pytest.mark.parametrize("seed", SEEDS)
def test_cards_are_conserved(seed: int) -> None:
    playout(seed, 2 + seed % 3)


OTHER_READINGS = ({"capture_ties": "first", "reconsolidation": "ends", "replay_limit": "seat",
                   "stalemate": "most_points", "max_rounds": 30},
                  {"reconsolidation_choice": "best"},
                  {"reconsolidation": "ends", "reconsolidation_choice": "best", "max_rounds": 0})


@pytest.mark.parametrize("seed", SEEDS[:6])
def test_cards_are_conserved_under_the_other_readings(seed: int) -> None:
    playout(seed, 2 + seed % 3, **OTHER_READINGS[seed % 3])


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_replay_from_seed_is_deterministic(seed: int) -> None:
    state, texts = playout(seed, 3)
    record = GameRecord("kagoun", dict(state.options), seed=seed, actions=texts)
    again = replay(GameRecord.loads(record.dumps()))
    assert again.observe(None).to_json() == state.observe(None).to_json()
    assert again.scores() == state.scores()


def test_replay_from_setup_lists_chance_outcomes() -> None:
    setup = {"hands": [["A1", "A2"], ["B1", "B2", "C1"]], "river": ["D1"], "first_player": 0}
    state = GAME.state_from_setup(setup, {})
    rng = random.Random(3)
    texts = []
    for _ in range(60):
        if state.is_terminal:
            break
        action = sample_chance(state, rng) if state.to_act == CHANCE else state.sample_action(rng)
        texts.append(GAME.action_to_text(action))
        state.apply(action)
    assert any(t.startswith("card ") for t in texts)
    record = GameRecord("kagoun", dict(state.options), setup=setup, actions=texts)
    again = replay(GameRecord.loads(record.dumps()))
    assert [again.observe(s).to_json() for s in (0, 1, None)] == \
        [state.observe(s).to_json() for s in (0, 1, None)]


@pytest.mark.parametrize("seed", SEEDS[:6])
def test_observation_blind_to_others_hidden_cards(seed: int) -> None:
    """Redrawing every card a seat cannot see (others' hands, the pile, others' face-down
    cards) leaves its observation unchanged, and does change the others' somewhere."""
    state = GAME.new_state({"players": 3}, seed)
    rng = random.Random(seed)
    changed = False
    while not state.is_terminal:
        for seat in range(3):
            other = state.clone()
            redraw_hidden(state, other, seat, rng)
            assert other.observe(seat).to_json() == state.observe(seat).to_json()
            changed = changed or any(other.observe(s).to_json() != state.observe(s).to_json()
                                     for s in range(3) if s != seat)
        action = sample_chance(state, rng) if state.to_act == CHANCE else state.sample_action(rng)
        state.apply(action)
    assert changed


def test_replay_json_on_the_command_line(tmp_path: Path) -> None:
    runner = CliRunner()
    state, texts = playout(5, 2)
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"game": "kagoun", "options": {"players": 2}, "seed": 5,
                                "actions": texts}), "utf-8")
    result = runner.invoke(["replay", str(path), "--json"])
    obj: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[0])
    assert result.exit_code == 0 and obj["ok"] and obj["terminal"]
    assert obj["winners"] == state.winners()
    path.write_text(json.dumps({"game": "kagoun", "options": {"players": 2}, "seed": 5,
                                "actions": texts[:3] + ["steal Z9a A1b"]}), "utf-8")
    result = runner.invoke(["replay", str(path), "--json"])
    assert "Traceback" not in result.output
    obj = json.loads(result.stdout.strip().splitlines()[0])
    assert obj["ok"] is False
    path.write_text(json.dumps({"game": "kagoun", "setup": {"hands": "nonsense"}}), "utf-8")
    result = runner.invoke(["replay", str(path), "--json"])
    assert "Traceback" not in result.output and result.exit_code != 0


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_log_names_only_face_up_cards_and_reads_in_both_languages(seed: int) -> None:
    import re

    from ludotheque.core.game import start_log
    from ludotheque.games.kagoun import render
    from ludotheque.games.kagoun.components import card_name

    state = GAME.new_state({"players": 3}, seed)
    log = start_log(state)
    assert log is not None
    rng = random.Random(seed)
    seen = 0
    while not state.is_terminal:
        action = sample_chance(state, rng) if state.to_act == CHANCE else state.sample_action(rng)
        state.apply(action)
        hidden = {card_name(c) for h in state.hands for c in h}
        if not any(e.kind == "reshuffle" for e in log[seen:]):  # else the pile was the discard
            hidden |= {card_name(c) for c in state.pile}
        for event in log[seen:]:
            named = {m for arg in event.args for m in re.findall(r"[A-Z][12]", arg)}
            assert not named & hidden, (event, named & hidden)
            for lang in ("en", "fr"):
                assert render.describe_event(event, lang, you=0)
        seen = len(log)
    assert log[-1].kind == "over"


@pytest.mark.parametrize("reconsolidation", ["free", "ends"])
def test_cards_are_conserved_when_heuristics_lay_their_chains_again(reconsolidation: str) -> None:
    """Heuristic bots steal chain ends often, so laying a chain again (OQ 33) is exercised."""
    from ludotheque.core.bot import ask
    from ludotheque.core.game import start_log
    from ludotheque.games.kagoun.heuristic import KagounHeuristic

    rebuilt = 0
    for seed in range(6):
        state = GAME.new_state({"players": 4, "reconsolidation": reconsolidation}, seed)
        log = start_log(state)
        bots = [KagounHeuristic(seat) for seat in range(4)]
        for seat, bot in enumerate(bots):
            bot.reset(GAME, state.options, seat)
        rng = random.Random(seed)
        while not state.is_terminal:
            seat = state.to_act
            state.apply(sample_chance(state, rng) if seat == CHANCE or seat is None
                        else ask(bots[seat], state, seat))
            assert sorted(every_card(state)) == list(range(52))
        rebuilt += sum(1 for event in log or [] if event.kind == "relay")
    assert rebuilt
