"""Gargon as a registered game: its spec, options, deal and explicit set-ups, and what it brings
to the front ends (its words, its heuristic bot, its browser board)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.errors import LudothequeError, SetupError
from ...core.game import BotFactory, Game
from ...core.seeds import deal_random, new_seed
from ...core.spec import GameSpec, OptionSpec, integer, optional_integer, setup_first_player, text
from . import notation, rules
from .actions import MAX_ACTION
from .components import COMPONENTS, DECK_SIZE, NUM_COLOURS, NUM_VALUES
from .position import GargonPosition

#: The longest game, bounded action by action (docs/rules/gargon.md, "How long a game lasts"):
#: every card enters a hand once (dealt or drawn), so at most DECK_SIZE plays, and the piles'
#: cards are drawn once each (at most as many draws, and as many stops, each ending a pass that
#: drew); each round begins with a play, so at most DECK_SIZE rounds with players - 1 passes
#: each; each battle takes at least one card out of play, so at most DECK_SIZE battles.
MIN_PLAYERS, MAX_PLAYERS = 3, 5


def game_length_bound(players: int, pile_cards: int = DECK_SIZE) -> int:
    """That bound for ``players`` seats whose piles hold ``pile_cards``: a deal leaves
    DECK_SIZE - 10 * players to them, an explicit set-up up to every card."""
    return DECK_SIZE + 2 * pile_cards + DECK_SIZE * (players - 1) + DECK_SIZE


#: Under every option and set-up: five players, every card in the piles (816).
MAX_GAME_LENGTH = game_length_bound(MAX_PLAYERS)
#: A seat winning every card: the majority of each colour, and 5 amulets (the most a card may
#: carry) on each of 1..12, four times over with both 0s.
MAX_SCORE = NUM_COLOURS * (COMPONENTS.majority_bonus
                           + 12 * 5 * COMPONENTS.both_zeros_multiplier)


def amulet_overrides(value: Any) -> dict[str, int] | None:
    """Option converter: ``{"3": 4, "9": 1}`` (or ``"3=4,9=1"``) replaces rows of the table."""
    if value is None or value == "" or value == {}:
        return None
    if isinstance(value, str):
        try:
            value = dict(part.split("=", 1) for part in value.split(","))
        except ValueError:
            raise ValueError("write value=amulets pairs, e.g. 3=4,9=1") from None
    if not isinstance(value, Mapping):
        raise ValueError("expected value=amulets pairs, e.g. {\"3\": 4}")
    table: dict[str, int] = {}
    for key, count in value.items():
        card_value, amulets = integer(key), integer(count)
        if not 1 <= card_value <= 12:
            raise ValueError(f"only values 1 to 12 carry amulets; got {card_value}")
        if not 0 <= amulets <= 5:
            raise ValueError(f"a card carries 0 to 5 amulets; got {amulets}")
        table[str(card_value)] = amulets
    return dict(sorted(table.items(), key=lambda kv: int(kv[0])))


SPEC = GameSpec(
    id="gargon",
    name="Gargon",
    version=1,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    description="L'Amulette du pouvoir (Rüdiger Dorn, Amigo 2002)",
    options=(
        OptionSpec("players", 4, "number of players, 3 to 5", convert=integer),
        OptionSpec("variant", "standard", "standard: won cards face down; open: face up",
                   choices=("standard", "open"), convert=text, essential=True),
        OptionSpec("first_player", None,
                   "seat of the first round's first player (the rulebook: the youngest); "
                   "drawn from the seed when absent", convert=optional_integer),
        OptionSpec("amulets", None,
                   "corrections to the amulet table, value=amulets (values 1-12)",
                   convert=amulet_overrides),
    ),
    distinct_actions=MAX_ACTION,
    max_game_length=MAX_GAME_LENGTH,
    min_score=0,
    max_score=MAX_SCORE,
    chance_in_play=False,  # the deal is the only chance: drawing from the visible piles is a choice
    hidden_information=True,
)


def amulet_table(overrides: Mapping[str, int] | None) -> tuple[int, ...]:
    table = list(COMPONENTS.amulets)
    for key, count in (overrides or {}).items():
        table[int(key)] = count
    return tuple(table)


class GargonGame(Game):
    spec = SPEC

    def max_game_length(self, options: Mapping[str, Any] | None = None) -> int:
        """612, 714 or 816 actions for 3, 4 or 5 players (set-ups included; a deal's piles
        leave 552, 634 or 716)."""
        return game_length_bound(int(self.resolve_options(options)["players"]))

    def _empty_state(self, resolved: dict[str, Any]) -> GargonPosition:
        return GargonPosition(self, resolved, amulet_table(resolved["amulets"]))

    def new_state(self, options: Mapping[str, Any] | None = None, seed: int | None = None
                  ) -> GargonPosition:
        resolved = self.resolve_options(options)
        state = self._empty_state(resolved)
        state.seed = new_seed() if seed is None else seed
        rules.deal(state, deal_random(state.seed), resolved["first_player"])
        return state

    def state_from_setup(self, setup: Mapping[str, Any], options: Mapping[str, Any] | None = None
                         ) -> GargonPosition:
        if not isinstance(setup, Mapping):
            raise SetupError("setup must be an object with hands, piles, won and first_player")
        unknown = set(setup) - {"hands", "piles", "won", "first_player"}
        if unknown:
            raise SetupError(f"unknown setup field(s): {', '.join(sorted(unknown))}")
        hands, piles = setup.get("hands"), setup.get("piles")
        if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
            raise SetupError('setup "hands" must be a list of lists of cards, one per seat')
        raw = dict(options or {})
        raw.setdefault("players", len(hands))
        resolved = self.resolve_options(raw)
        n = resolved["players"]
        if len(hands) != n:
            raise SetupError(f"setup has {len(hands)} hands for {n} players")
        if not (isinstance(piles, list) and len(piles) == 2
                and all(isinstance(p, list) for p in piles)):
            raise SetupError('setup "piles" must be two lists of cards, top card first')
        won = setup.get("won", [[] for _ in range(n)])
        if not (isinstance(won, list) and len(won) == n and all(isinstance(w, list) for w in won)):
            raise SetupError(f'setup "won" must be {n} lists of cards, one per seat')
        first = setup_first_player(setup, n)
        state = self._empty_state(resolved)
        seen = [0] * (NUM_COLOURS * NUM_VALUES)

        def cards(items: list[Any], where: str) -> list[int]:
            out = []
            for item in items:
                try:
                    card = notation.parse_card(item) if isinstance(item, str) else -1
                except LudothequeError as exc:
                    raise SetupError(f"{where}: {exc}") from None
                if card < 0:
                    raise SetupError(f"{where}: {item!r} is not a card")
                seen[card] += 1
                if seen[card] > COMPONENTS.copies[card & 15]:
                    raise SetupError(f"{where}: {item} appears more often than the deck has it")
                out.append(card)
            return out

        for seat in range(n):
            for card in cards(hands[seat], f"hand of seat {seat}"):
                state.hands[seat][card >> 4].append(card & 15)
            for card in cards(won[seat], f"won pile of seat {seat}"):
                state.won[seat][card >> 4].append(card & 15)
            for zone in (state.hands[seat], state.won[seat]):
                for values in zone:
                    values.sort(reverse=True)
        state.piles = [cards(piles[p], f"pile {p + 1}")[::-1] for p in (0, 1)]
        rules.begin(state, first)
        return state

    def parse_action(self, text: str) -> int:
        return notation.parse_action(text)

    #: the notation's own function, not a method around it: boards ask it for every legal action
    action_to_text = staticmethod(notation.action_to_text)

    def bots(self) -> Mapping[str, BotFactory]:
        from .heuristic import GargonHeuristic

        return {"heuristic": GargonHeuristic}

