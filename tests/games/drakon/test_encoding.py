"""Drakon's dense action index over hands as large as the rules let them grow
(docs/rules/drakon.md, "Tensors for learners")."""

from __future__ import annotations

from typing import Any

import pytest

from ludotheque.games.drakon import GAME
from ludotheque.games.drakon import actions as A
from ludotheque.games.drakon import encoding as E
from ludotheque.games.drakon.components import components, kind_of, kind_text

#: The box's distinct kinds of tile, by name ("find NE"), in the box's order.
KINDS = list(dict.fromkeys(kind_text(kind) for kind in components(None).tiles))


def test_one_hand_may_hold_every_seats_four_and_the_dwarfs() -> None:
    """A hand keeps four as its seat lays and draws; the Map room and the Barbarian move tiles
    between hands, the Dwarf fills his to four once: the slots a placement names cover that."""
    assert [E.hand_slots(players) for players in (2, 3, 6)] == [12, 16, 28]
    sizes = [E.action_size(GAME.resolve_options({"players": players})) for players in range(2, 7)]
    assert sizes == sorted(sizes) and len(set(sizes)) == 5  # more seats, more slots


@pytest.mark.parametrize("players", [2, 3])
def test_every_placement_of_the_largest_hand_gets_its_own_index(position: Any, players: int) -> None:
    """A policy that moved rather than laid, and took tiles with the Map room, once held seven
    kinds at three players, and the index (six slots then) raised in the middle of a training
    run. A hand of as many kinds as one hand can hold now has every placement indexed, each apart."""
    slots = E.hand_slots(players)
    assert len(KINDS) >= slots
    state = position(["find 1,0 NESW", "room 0,1 NS"], players=players,
                     hands=[KINDS[:slots]] + [[] for _ in range(players - 1)], pile=KINDS[slots:slots + 2])
    observation = state.observe(0)
    legal = state.legal_actions()
    placed = {kind_of(effect, arrows) for family, effect, arrows, _ in map(A.decode, legal)
              if family == A.F_PLACE}
    assert len(placed) == slots  # every kind of the hand can be laid
    dense = E.action_indices(observation, legal)
    size = E.action_size(GAME.resolve_options({"players": players}))
    assert len(set(dense)) == len(legal) and 0 <= min(dense) and max(dense) < size


def test_a_set_up_hand_beyond_what_a_game_reaches_is_refused_by_name(position: Any) -> None:
    """A set-up may deal one hand more kinds than play can gather: indexing says why."""
    slots = E.hand_slots(2)
    state = position(["find 1,0 NESW"], players=2, hands=[KINDS[:slots + 1], []])
    legal = state.legal_actions()
    with pytest.raises(ValueError, match=f"a hand of {slots + 1} kinds: placements name at most {slots}"):
        E.action_indices(state.observe(0), legal)
