"""What each seat remembers of Drakon's hidden tiles and coins (for ``resample(seat, rng,
remember=True)``).

004 shows things and hides them again in these ways:
- **Coins**: a purse's coins are seen by its owners only. A coin that leaves one (lost to the
  treasure or out of the game, stolen by the Thief, given back by the Thief's swap) is a coin its
  owners saw: they know its value now lies in that other stock, until a coin is drawn at random
  from it (the treasure's gains, a theft, a loss), which may have been that one.
- **Map room**: the taker draws a tile at random from a victim's hand; the victim sees which tile
  left, so it knows the taker holds it until the taker may have laid it (a room of its kind is
  laid by the taker) or lost it at random (a Map room against the taker).
- **Magic exchange**: the room taken back into the hand is seen by everyone, so all the others
  know that hand holds it (until a tile of its kind leaves that hand as above).
- **Under the pile**: a destroyed room goes face up under the pile (everyone saw it); the
  Dwarf's discards go there face down (their owner saw them). The pile is drawn from the top, so
  those tiles stay where they are until the pile runs down to them.

Memory is kept as values that are replaced, never changed in place, so that a copy shares it.
Coins are counted per stock (purses, then the treasure, then the coins out), three values each.
"""

# mypyc: compile

from __future__ import annotations

from ...core.memory import after_random_take, without_one
from .state import DrakonState

UNKNOWN = -1  # a tile under the pile the seat did not see


def stocks(state: DrakonState) -> int:
    """Coin stocks: each purse, the treasure, the coins out of the game."""
    return len(state.purses) + 2


def _coin_facts(state: DrakonState, seat: int) -> list[int]:
    facts = state.coin_memory[seat]
    return list(facts) if facts else [0] * (3 * stocks(state))


def coin_drawn_from(state: DrakonState, stock: int) -> None:
    """A coin was drawn at random from ``stock``: what anyone knew of it may have left."""
    at = 3 * stock
    memory = list(state.coin_memory)
    changed = False
    for seat, facts in enumerate(memory):  # mostly nothing is known: nothing is built
        if facts and (facts[at] or facts[at + 1] or facts[at + 2]):
            forgot = list(facts)
            forgot[at] = forgot[at + 1] = forgot[at + 2] = 0
            memory[seat] = tuple(forgot) if any(forgot) else ()
            changed = True
    if changed:
        state.coin_memory = tuple(memory)


def coin_seen_going(state: DrakonState, purse: int, stock: int, value: int) -> None:
    """A coin of ``value`` (0..2) left ``purse`` for ``stock``: the purse's owners saw it."""
    memory = list(state.coin_memory)
    for seat in state.seats_of_purse(purse):
        facts = _coin_facts(state, seat)
        facts[3 * stock + value] += 1
        memory[seat] = tuple(facts)
    state.coin_memory = tuple(memory)


def tile_taken(state: DrakonState, taker: int, victim: int, tile: int) -> None:
    """``taker`` took ``tile`` at random from ``victim``'s hand (the Map room)."""
    state.tile_memory = after_random_take(state.tile_memory, taker, victim, tile)


def tile_left_hand(state: DrakonState, seat: int, kind: int) -> None:
    """A tile of ``kind`` left ``seat``'s hand before everyone's eyes (laid, exchanged)."""
    for facts in state.tile_memory:  # laid every turn: a loop that stops early, nothing built
        if facts and (seat, kind) in facts:
            state.tile_memory = tuple(without_one(each, seat, kind) for each in state.tile_memory)
            return


def tile_hidden_left_hand(state: DrakonState, seat: int) -> None:
    """A tile left ``seat``'s hand face down (the Dwarf's discard): the others' facts about that
    hand may be gone."""
    if any(holder == seat for facts in state.tile_memory for holder, _ in facts):
        state.tile_memory = tuple(tuple([f for f in facts if f[0] != seat]) if s != seat else facts
                                  for s, facts in enumerate(state.tile_memory))


def tile_shown_into_hand(state: DrakonState, seat: int, kind: int) -> None:
    """Everyone saw a tile of ``kind`` go into ``seat``'s hand (Magic exchange)."""
    state.tile_memory = tuple(facts if s == seat else (*facts, (seat, kind))
                              for s, facts in enumerate(state.tile_memory))


def under_pile(state: DrakonState, kind: int, seen_by: int) -> None:
    """A tile of ``kind`` was put under the pile (already done), seen by every seat
    (``seen_by`` -1) or by ``seen_by`` only. Tiles above what a seat remembers were drawn."""
    below = len(state.pile) - 1
    state.pile_memory = tuple((kind if seen_by < 0 or seen_by == s else UNKNOWN,) + facts[:below]
                              for s, facts in enumerate(state.pile_memory))
