"""The imitation of the game's heuristic (learn/imitation.py): what its samples teach."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from ludotheque.bots.registry import make_bot
from ludotheque.core.bot import Decision
from ludotheque.core.game import Action
from ludotheque.core.registry import get_game
from ludotheque.core.tensors import action_indices
from ludotheque.learn.imitation import ImitationJob, imitation_game


@pytest.mark.parametrize(("game_id", "players"), [("kagoun", 2), ("gargon", 3), ("drakon", 3)])
def test_each_sample_puts_all_its_weight_on_the_heuristics_move_even_when_another_was_played(
        game_id: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game(game_id)
    teacher = type(make_bot(game_id, "heuristic", 0))
    taught: list[int] = []
    choose = teacher.choose

    def noted(bot: Any, decision: Decision) -> Action:
        action = choose(bot, decision)
        taught.append(action_indices(game.encoding(), decision.observation, [action])[0])
        return action

    monkeypatch.setattr(teacher, "choose", noted)
    samples = imitation_game(ImitationJob(game_id, {"players": players}, 11, explore=0.5), 0)
    assert len(samples) == len(taught) > 10
    for row in range(len(samples)):
        start, stop = samples.legal_offsets[row], samples.legal_offsets[row + 1]
        targets = samples.visits[start:stop]
        assert sorted(targets.tolist())[-2:] == [0.0, 1.0] and targets.sum() == 1.0
        assert samples.legal_indices[start + int(np.argmax(targets))] == taught[row]
    assert np.allclose(samples.outcomes.sum(axis=1), 1.0)
