"""Drakon as a registered game: its spec, options and variants, the deal and explicit set-ups,
and what it brings to the front ends (its words, its heuristic bot, its browser board)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.errors import LudothequeError, OptionsError, SetupError
from ...core.game import BotFactory, Game
from ...core.seeds import deal_random, new_seed
from ...core.spec import (
    GameSpec,
    OptionSpec,
    flag,
    integer,
    optional_integer,
    optional_path,
    setup_first_player,
    text,
)
from . import notation, rules
from .actions import MAX_ACTION, decode
from .components import (
    COIN_VALUES,
    DRAKON_ROOM,
    EFFECTS,
    FIGURES,
    START_ROOM,
    Components,
    ComponentsError,
    components,
    kind_effect,
    parse_kind,
)
from .geometry import START
from .position import DrakonPosition

MIN_PLAYERS, MAX_PLAYERS = 2, 6
MAX_TURN_LIMIT = 2000
GOAL_MAX = 200
#: Actions of one turn, chance draws included (docs/rules/drakon.md, "How long a game lasts"):
#: the rules do not bound a turn (two Mind control rooms can send heroes to and fro), the
#: software cuts it after the action that passes MAX_TURN_STEPS.
TURN_BOUND = rules.MAX_TURN_STEPS + 1
#: Under every option: the longest turn limit.
MAX_GAME_LENGTH = MAX_TURN_LIMIT * TURN_BOUND


def turn_limit(value: Any) -> int:
    limit = integer(value)
    if not 1 <= limit <= MAX_TURN_LIMIT:
        raise ValueError(f"expected 1 to {MAX_TURN_LIMIT} turns; got {limit}")
    return limit


def optional_goal(value: Any) -> int | None:
    goal = optional_integer(value)
    if goal is not None and not 1 <= goal <= GOAL_MAX:
        raise ValueError(f"expected 1 to {GOAL_MAX}; got {goal}")
    return goal


SPEC = GameSpec(
    id="drakon",
    name="Drakon",
    version=1,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    description="Drakon, 3rd edition (Fantasy Flight / Edge): the dragon's dungeon of rooms",
    options=(
        OptionSpec("players", 4, "number of players, 2 to 6", convert=integer),
        OptionSpec("first_player", None, "seat of the first player; drawn from the seed when "
                   "absent (004: chosen at random)", convert=optional_integer),
        OptionSpec("goal", None, "gold to win (004: 10; 20 in Teams and Couple; the published "
                   "short game: 7); coins with fixed_value (5; 10 in Teams and Couple); gold "
                   "to escape with escape (8; 20 in Couple)", convert=optional_goal,
                   bounds=(1, GOAL_MAX)),
        OptionSpec("heroes", False, "Héros! variant: heroes drawn at random, each with an "
                   "ability to use once a game", choices=(False, True), convert=flag, essential=True),
        OptionSpec("escape", False, "Évasion variant: hold the goal, then reach an Escape or "
                   "Teleport room", choices=(False, True), convert=flag, essential=True),
        OptionSpec("teams", False, "team game, 4 or 6 players, partners pool their gold",
                   choices=(False, True), convert=flag, essential=True),
        OptionSpec("couple", False, "Couple variant: 2 players with two heroes each",
                   choices=(False, True), convert=flag, essential=True),
        OptionSpec("fixed_value", False, "Valeur fixe variant: count coins, not gold",
                   choices=(False, True), convert=flag),
        OptionSpec("lost_coins", "treasure", "where a coin lost to Drakon or a Lose room goes: "
                   "treasure (back in play) or out (out of the game)",
                   choices=("treasure", "out"), convert=text),
        OptionSpec("pass_at_will", False, "a player may pass even when able to act (004 "
                   "mentions a pass only for a player who cannot act)", choices=(False, True),
                   convert=flag),
        OptionSpec("drakon_stay_catches", True, "Drakon's move of zero rooms catches the heroes "
                   "in his room", choices=(False, True), convert=flag),
        OptionSpec("map_room", "choose", "the Map room's victim: chosen by the player, or drawn "
                   "at random among the opponents holding a tile", choices=("choose", "random"),
                   convert=text),
        OptionSpec("components", None, "a components file (TOML) describing the real box; "
                   "the reconstructed box when absent", convert=optional_path, local=True),
        OptionSpec("turn_limit", 400, f"the game ends after this many turns (1 to "
                   f"{MAX_TURN_LIMIT}), as when nobody can act: most gold wins",
                   convert=turn_limit, bounds=(1, MAX_TURN_LIMIT)),
    ),
    distinct_actions=MAX_ACTION,
    max_game_length=MAX_GAME_LENGTH,
    min_score=0,
    max_score=1,
    chance_in_play=True,  # coins drawn, lost and stolen at random; tiles taken at random
    hidden_information=True,
)


class DrakonGame(Game):
    spec = SPEC

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        resolved = self.spec.resolve_options(options)
        players = resolved["players"]
        if resolved["teams"] and players not in (4, 6):
            raise OptionsError(f"the team game is for 4 or 6 players; got {players}")
        if resolved["couple"] and players != 2:
            raise OptionsError(f"the Couple variant is for 2 players; got {players}")
        try:
            components(resolved["components"])
        except ComponentsError as exc:
            raise OptionsError(str(exc)) from None
        return resolved

    def max_game_length(self, options: Mapping[str, Any] | None = None) -> int:
        """``turn_limit`` turns of at most TURN_BOUND actions (80,400 by default)."""
        return int(self.resolve_options(options)["turn_limit"]) * TURN_BOUND

    def _empty_state(self, resolved: dict[str, Any]) -> DrakonPosition:
        return DrakonPosition(self, resolved, components(resolved["components"]))

    def new_state(self, options: Mapping[str, Any] | None = None, seed: int | None = None
                  ) -> DrakonPosition:
        resolved = self.resolve_options(options)
        state = self._empty_state(resolved)
        state.seed = new_seed() if seed is None else seed
        rules.deal(state, deal_random(state.seed), resolved["first_player"])
        return state

    def state_from_setup(self, setup: Mapping[str, Any], options: Mapping[str, Any] | None = None
                         ) -> DrakonPosition:
        if not isinstance(setup, Mapping):
            raise SetupError("setup must be an object with rooms, hands, pile, heroes, ...")
        unknown = set(setup) - set(SETUP_FIELDS)
        if unknown:
            raise SetupError(f"unknown setup field(s): {', '.join(sorted(unknown))}; "
                             f"known: {', '.join(SETUP_FIELDS)}")
        hands = setup.get("hands")
        if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
            raise SetupError('setup "hands" must be a list of lists of tiles, one per seat')
        raw = dict(options or {})
        raw.setdefault("players", len(hands))
        resolved = self.resolve_options(raw)
        state = self._empty_state(resolved)
        try:
            _fill(state, setup)
        except LudothequeError as exc:
            raise SetupError(str(exc)) from None
        return state

    def parse_action(self, text: str) -> int:
        return notation.parse_action(text)

    #: the notation's own function, not a method around it: boards ask it for every legal action
    action_to_text = staticmethod(notation.action_to_text)

    def bots(self) -> Mapping[str, BotFactory]:
        from .heuristic import DrakonHeuristic

        return {"heuristic": DrakonHeuristic}


SETUP_FIELDS = ("rooms", "hands", "pile", "heroes", "figures", "abilities_used", "drakon",
                "purses", "treasure", "gone", "first_player")


def _list(setup: Mapping[str, Any], name: str, default: Any) -> Any:
    value = setup.get(name, default)
    if not isinstance(value, list):
        raise SetupError(f'setup "{name}" must be a list')
    return value


def _coins(value: Any, where: str) -> list[int]:
    if not (isinstance(value, list) and len(value) == 3
            and all(isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in value)):
        raise SetupError(f"{where}: coins are written [ones, twos, threes], e.g. [1, 0, 2]")
    return list(value)


def _fill(state: DrakonPosition, setup: Mapping[str, Any]) -> None:
    """An explicit position (docs/rules/drakon.md, "Records"): no more rooms of an effect, nor
    coins of a value, than the box holds; Start at 0,0; figures on rooms."""
    n, parts = state.n, state.parts
    box = _box(parts)
    used: dict[int, int] = {}

    def tile(text: Any, where: str) -> int:
        try:
            kind = parse_kind(text) if isinstance(text, str) else -1
        except ValueError as exc:
            raise SetupError(f"{where}: {exc}") from None
        if kind < 0:
            raise SetupError(f"{where}: {text!r} is not a tile")
        effect = kind_effect(kind)
        used[effect] = used.get(effect, 0) + 1
        if used[effect] > box.get(effect, 0):
            raise SetupError(f"{where}: more {EFFECTS[effect]} rooms than the box holds "
                             f"({box.get(effect, 0)})")
        return kind

    for item in _list(setup, "rooms", []):
        try:
            _, effect, arrows, cell = decode(notation.parse_action(f"place {item}"))
        except LudothequeError:
            raise SetupError(f'a room is written "find 1,0 NE" (room, x,y, arrows); '
                             f"got {item!r}") from None
        tile(notation.room_text(effect * 16 + arrows), f"room {item}")
        if cell in state.rooms:
            raise SetupError(f"two rooms at {notation.cell_text(cell)}")
        state.put_room(cell, effect * 16 + arrows)
    if state.rooms.get(START, -1) >> 4 != START_ROOM:
        raise SetupError('setup "rooms" must put the Start room at 0,0')
    hands = setup["hands"]
    if len(hands) != n:
        raise SetupError(f"setup has {len(hands)} hands for {n} players")
    state.hands = [[tile(t, f"hand of seat {seat}") for t in hand] for seat, hand in enumerate(hands)]
    state.pile = [tile(t, "pile") for t in _list(setup, "pile", [])][::-1]
    per_seat = 2 if state.couple else 1
    heroes = _list(setup, "heroes", ["0,0"] * (n * per_seat))
    if len(heroes) != n * per_seat:
        raise SetupError(f"setup needs {n * per_seat} heroes' rooms, in seat order")
    figures = _list(setup, "figures", list(FIGURES[:len(heroes)]))
    if len(figures) != len(heroes) or len(set(map(str, figures))) != len(figures) \
            or not all(f in FIGURES for f in figures):
        raise SetupError(f'setup "figures" names each hero\'s figure once, in seat order '
                         f"({', '.join(FIGURES)})")
    used = _list(setup, "abilities_used", [])
    if not all(f in figures for f in used):
        raise SetupError('setup "abilities_used" names figures in play')
    for hero, where in enumerate(heroes):
        cell = notation.parse_cell(str(where))
        if cell not in state.rooms:
            raise SetupError(f"hero {hero} stands at {where}, where there is no room")
        state.hero_cell.append(cell)
        state.hero_owner.append(hero // per_seat)
        state.hero_figure.append(FIGURES.index(figures[hero]))
        state.hero_used.append(figures[hero] in used)
    drakon = setup.get("drakon")
    if drakon is not None:
        state.drakon = notation.parse_cell(str(drakon))
        if state.drakon not in state.rooms:
            raise SetupError(f"Drakon stands at {drakon}, where there is no room")
    elif any(room >> 4 == DRAKON_ROOM for room in state.rooms.values()):
        raise SetupError("a Drakon's movements room is in play: say where Drakon stands")
    if state.teams:
        state.purse_of = [rules.team_of(seat, n) for seat in range(n)]
    count = max(state.purse_of) + 1
    purses = _list(setup, "purses", [[0, 0, 0]] * count)
    if len(purses) != count:
        raise SetupError(f"setup needs {count} purses (one per {'team' if state.teams else 'seat'})")
    state.purses = [_coins(p, f"purse {i}") for i, p in enumerate(purses)]
    held = [sum(p[v] for p in state.purses) for v in range(3)]
    state.gone = _coins(setup.get("gone", [0, 0, 0]), "gone")
    for v in range(3):
        if held[v] + state.gone[v] > parts.coins[v]:
            raise SetupError(f"more coins of {COIN_VALUES[v]} gold than the box holds "
                             f"({parts.coins[v]})")
    default_treasure = [parts.coins[v] - held[v] - state.gone[v] for v in range(3)]
    state.treasure = _coins(setup.get("treasure", default_treasure), "treasure")
    for v in range(3):
        if held[v] + state.treasure[v] + state.gone[v] > parts.coins[v]:
            raise SetupError(f"more coins of {COIN_VALUES[v]} gold than the box holds "
                             f"({parts.coins[v]})")
    first = setup_first_player(setup, n)
    rules.begin(state, first)


def _box(parts: Components) -> dict[int, int]:
    """How many rooms of each effect the box holds (a set-up may give them other arrows: the
    arrows of the reconstructed box are a guess)."""
    box: dict[int, int] = {START_ROOM: 1}
    for kind in parts.tiles:
        box[kind_effect(kind)] = box.get(kind_effect(kind), 0) + 1
    return box
