"""Kagoun's tensor for learners (docs/rules/kagoun.md, "Tensors for learners"): what is
specific to it beyond the conformance suite's checks of every game's tensors."""

from __future__ import annotations

import random

from ludotheque.core.game import CHANCE, sample_chance
from ludotheque.games.kagoun import GAME
from ludotheque.games.kagoun import actions as A
from ludotheque.games.kagoun import encoding as E
from ludotheque.games.kagoun.notation import parse_card

#: Where the hand by position starts: the last block of the tensor.
HAND_BY_POSITION = E.SIZE - E.HAND_SLOTS * E.DECK_SIZE
#: The dense indices of one kind of attack: hand position, end, target, target's line.
LINK = E.HAND_SLOTS * 2 * E.DECK_SIZE * 2


def test_the_tensor_shows_the_card_at_each_hand_position_an_attack_names() -> None:
    """A capture, steal or defence is indexed by a position of the sorted hand: the tensor's last
    block holds the card at each position, so a learner reads which card an index lays."""
    options = GAME.resolve_options({"players": 3})
    attacks = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new_state(options, seed)
        while state.to_act is not None:
            seat = state.to_act
            if seat == CHANCE:
                state.apply_trusted(sample_chance(state, rng))
                continue
            observation = state.observe(seat)
            tensor = E.encode(observation)
            block = tensor[HAND_BY_POSITION:]
            hand = sorted(parse_card(name) for name in observation.hand)
            assert [block[slot * E.DECK_SIZE:(slot + 1) * E.DECK_SIZE].index(1.0) for slot in range(len(hand))
                    ] == hand[:E.HAND_SLOTS]
            assert sum(block) == min(len(hand), E.HAND_SLOTS)
            legal = state.legal_actions()
            for action, index in zip(legal, E.action_indices(observation, legal), strict=True):
                if action < A.CHAIN:
                    card = A.unlink(action)[1]
                    slot = index % LINK // (2 * E.DECK_SIZE * 2)  # (position × 2 + end) × 52 + …
                    assert block[slot * E.DECK_SIZE + card] == 1.0
                    attacks += 1
            state.apply_trusted(rng.choice(legal))
    assert attacks > 100
