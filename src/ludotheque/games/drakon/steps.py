"""The kinds of step a Drakon turn goes through (``DrakonState.current`` and ``tasks``).

A *decision* waits for a seat's action, a *chance* step for a chance outcome, an *automatic*
step runs as soon as it is reached. Fields ``(kind, a, b, c)`` per kind are listed beside it.
"""

# mypyc: compile

from __future__ import annotations

from typing import Final

# decisions
TURN: Final = 0  # (TURN, seat, hero, 0): place a room, move the hero, or pass
HERO_CHOICE: Final = 1  # (.., seat): Couple: which hero acts first this round
HARP_CHOICE: Final = 2  # (.., hero, mover + 8 * pulls): pulled toward two harps: the mover picks
DESTROY_CHOICE: Final = 3  # (.., seat, hero): the room to destroy
DRAKON_SET: Final = 4  # (.., seat): where Drakon enters the dungeon
DRAKON_MOVE: Final = 5  # (.., seat): where Drakon goes (up to three rooms)
RELOCATE_CHOICE: Final = 6  # (.., seat, cell): where the Moving room goes, or stay
EXCHANGE_CHOICE: Final = 7  # (.., seat, hero): a room to swap for a tile of the hand
MAP_CHOICE: Final = 8  # (.., seat): whose hand to take a tile from
ROTATE_CHOICE: Final = 9  # (.., seat): a room to turn
MIND_CHOICE: Final = 10  # (.., seat, hero): an opponent's hero to move
KNIGHT_CHOICE: Final = 11  # (.., seat, hero): the Knight keeps the coin or lets it go
DWARF_CHOICE: Final = 12  # (.., seat, discarded so far): the Dwarf's tiles to discard
# chance
GAIN: Final = 20  # (.., purse): Find a coin: a coin from the treasure
LOSE: Final = 21  # (.., purse, hero, asked): a coin back to the treasure (or out); hero: the
#   one losing it (-1 for none), asked: the Knight was asked already
STEAL: Final = 22  # (.., purse, victim seat, asked): a coin from the victim's purse
TAKE_TILE: Final = 23  # (.., seat, victim seat): a tile from the victim's hand
SWAP: Final = 24  # (.., purse, value): the Thief's coin of that value for one of the treasure
MAP_DRAW: Final = 25  # (.., seat): option map_room=random: whose hand the Map room robs
# automatic
ENTER: Final = 30  # (.., hero, mover + 8 * pulls, cell): the hero is moved onto the room (pulls:
#   harps that pulled it on so far, which stops a cycle of harps)
EFFECT: Final = 31  # (.., hero, cell): the room acts on the hero that entered it
CATCH: Final = 33  # (.., hero): Drakon sends the hero to Start and takes a coin

NAMES: Final = {
    TURN: "turn", HERO_CHOICE: "hero", HARP_CHOICE: "harp", DESTROY_CHOICE: "destroy",
    DRAKON_SET: "drakon-set", DRAKON_MOVE: "drakon-move", RELOCATE_CHOICE: "moving",
    EXCHANGE_CHOICE: "exchange", MAP_CHOICE: "map", ROTATE_CHOICE: "rotate", MIND_CHOICE: "mind",
    KNIGHT_CHOICE: "knight", DWARF_CHOICE: "dwarf",
    GAIN: "find", LOSE: "lose", STEAL: "steal", TAKE_TILE: "take-tile", SWAP: "swap",
    MAP_DRAW: "map-draw",
}
CHANCE_STEPS: Final = (GAIN, LOSE, STEAL, TAKE_TILE, SWAP, MAP_DRAW)
