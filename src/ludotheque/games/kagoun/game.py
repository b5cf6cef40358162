"""Kagoun as a registered game: its spec, options, deal and explicit set-ups, and what it brings
to the front ends (its words, its heuristic bot, its browser board)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.draws import shuffle
from ...core.errors import LudothequeError, OptionsError, SetupError
from ...core.game import BotFactory, Game
from ...core.seeds import deal_random, new_seed
from ...core.spec import (
    GameSpec,
    OptionSpec,
    integer,
    optional_integer,
    optional_path,
    setup_first_player,
    text,
)
from . import notation, rules
from .actions import MAX_ACTION
from .components import (
    DECK_SIZE,
    DEFAULT_DECK,
    HAND_LIMIT,
    MAX_PAIRS,
    REPLAY,
    ComponentsError,
    Deck,
    deck_file,
    load_deck,
    register_deck,
)
from .position import KagounPosition

MIN_PLAYERS, MAX_PLAYERS = 2, 4
MAX_ROUNDS = 1000  # the largest safety cap; 0 turns it off
DEFAULT_MAX_ROUNDS = 200
#: Actions of one seat's action, bounded generously: a call, an announcement, defences (one per
#: target, at most 3 pairs x 2 + 2 chain ends), the resolution's choices (two chain cards, 3 drops
#: and 3 draws, a scrap), powers of at most four pairings (2 draws, 2 drops, a take, its chance
#: and a drop each), and a chain laid again card by card.
ACTION_BOUND = 2 + 8 + 2 * (2 + 7 + 4 * 7) + DECK_SIZE


def round_bound(players: int, replays: int) -> int:
    """Actions in one round: the round's draws (the river up to a card a seat, the hands up to
    HAND_LIMIT), one action per seat and one per Replay action (``replays`` a round at most),
    eliminations (one river discard each)."""
    return (1 + HAND_LIMIT) * players + (players + replays) * ACTION_BOUND + players


#: Under every finite round cap: any deck's 52 cards all showing Replay, for every seat;
#: ``max_rounds=0`` has no bound (003 ends only by a call).
MAX_GAME_LENGTH = MAX_ROUNDS * round_bound(MAX_PLAYERS, DECK_SIZE * MAX_PLAYERS)


def deck_name(value: Any) -> str:
    """Option converter: a deck of the package's data folder, or a path to a deck file."""
    if not isinstance(value, str) or not value.strip():
        raise ValueError("name a deck data file, e.g. reconstructed")
    load_deck(value.strip())  # raises ComponentsError (a LudothequeError) when bad
    return value.strip()


def _deck_option(value: Any) -> str:
    try:
        return deck_name(value)
    except LudothequeError as exc:
        raise ValueError(str(exc)) from None


SPEC = GameSpec(
    id="kagoun",
    name="Kagoun",
    version=2,  # 2: the player lays his chain again, Replay per card, no winner without a call
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    description="pairs, steals, chains and the Kagoun! call (Geekoviz, Andry Razafimbola)",
    options=(
        OptionSpec("players", 3, "number of players, 2 to 4", convert=integer),
        OptionSpec("first_player", None, "seat of the first round's first player; drawn from the "
                   "seed when absent", convert=optional_integer),
        OptionSpec("capture_ties", "discard", "discard: tied captures discard every tied card "
                   "(003 Capturer); first: the tied attacker earliest in turn order wins (003 "
                   "Principe)", choices=("discard", "first"), convert=text),
        OptionSpec("reconsolidation", "free", "after a won chain-end defence, free: the player "
                   "lays his whole chain again at will, keeping as many cards as can fit (003 "
                   "Voler, OQ 33(a)); ends: the new card may only be turned or moved to the other "
                   "end (OQ 33(b))", choices=("free", "ends"), convert=text),
        OptionSpec("reconsolidation_choice", "player", "who lays the chain again, player: the "
                   "player, card by card; best: the program, the arrangement keeping most cards "
                   "then scoring most", choices=("player", "best"), convert=text),
        OptionSpec("replay_limit", "card", "card: a card's Replay gives a seat one action a "
                   "round (powers are compulsory; this only stops loops, OQ 36); seat: one "
                   "Replay action a seat and round (OQ 36(b))", choices=("card", "seat"),
                   convert=text),
        OptionSpec("max_rounds", DEFAULT_MAX_ROUNDS, f"a safety cap, not 003: after this round "
                   f"(1-{MAX_ROUNDS}) the game ends as the stalemate option says; 0: no cap",
                   convert=integer, bounds=(0, MAX_ROUNDS)),
        OptionSpec("stalemate", "draw", "when 003 names no winner (the round cap is reached, or "
                   "every seat still in is eliminated at once), draw: nobody wins; most_points: "
                   "house rule, the most points win (ties: nearest the first player)",
                   choices=("draw", "most_points"), convert=text),
        OptionSpec("deck", DEFAULT_DECK, "the deck data file of the package (reconstructed faces "
                   "by default; set-ups may give their cards inline)", convert=_deck_option),
        OptionSpec("components", None, "a deck file (JSON, like the package's "
                   "data/deck-reconstructed.json) describing your own box, in place of deck",
                   convert=optional_path, local=True),
    ),
    distinct_actions=MAX_ACTION,
    max_game_length=MAX_GAME_LENGTH,
    min_score=0,
    max_score=1,
    chance_in_play=True,  # draws from the pile and Take are chance events
    hidden_information=True,
)


class KagounGame(Game):
    spec = SPEC

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        resolved = self.spec.resolve_options(options)
        if not 0 <= resolved["max_rounds"] <= MAX_ROUNDS:
            raise OptionsError(f"max_rounds must be 0 (no cap) to {MAX_ROUNDS}; "
                               f"got {resolved['max_rounds']}", "max_rounds")
        if resolved["components"] is not None:
            if resolved["deck"] != DEFAULT_DECK:
                raise OptionsError("give a deck of the package or a components file, not both",
                                   "components")
            try:
                deck_file(resolved["components"])
            except ComponentsError as exc:
                raise OptionsError(str(exc), "components") from None
        return resolved

    @staticmethod
    def _deck(resolved: Mapping[str, Any]) -> Deck:
        """The deck the options name: the player's own file (``components``) or ``deck``."""
        path = resolved["components"]
        return load_deck(resolved["deck"] if path is None else deck_file(path))

    def max_game_length(self, options: Mapping[str, Any] | None = None) -> int:
        """``max_rounds`` rounds, each bounded by ``round_bound``: a seat's Replay actions in a
        round are one per Replay card of the deck (``replay_limit=card``) or one (``seat``);
        docs/rules/kagoun.md, "How long a game lasts". ``max_rounds=0`` has no bound (003 ends
        only by a call), so none is given: OptionsError, rather than a figure a game may outlast."""
        resolved = self.resolve_options(options)
        rounds, players = resolved["max_rounds"], resolved["players"]
        if not rounds:
            raise OptionsError("max_rounds=0 (no round cap): a game of Kagoun has no length bound "
                               f"(003 ends only by a call); set max_rounds to 1-{MAX_ROUNDS} for one",
                               "max_rounds")
        per_seat = 1
        if resolved["replay_limit"] == "card":
            per_seat = sum(1 for power in self._deck(resolved).power if power == REPLAY)
        return int(rounds) * round_bound(players, players * per_seat)

    def options_of_version(self, version: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Version 1 lives on as options: the program laid the chain again (``ends`` unless
        said), Replay once a seat and round, and the most points won at the cap or when
        everyone was out at once."""
        if version != 1:
            return super().options_of_version(version, options)
        return {"reconsolidation": "ends", "reconsolidation_choice": "best",
                "replay_limit": "seat", "stalemate": "most_points", **options}

    def _empty_state(self, resolved: dict[str, Any]) -> KagounPosition:
        return KagounPosition(self, resolved, self._deck(resolved))

    def new_state(self, options: Mapping[str, Any] | None = None, seed: int | None = None
                  ) -> KagounPosition:
        """Shuffle from the seed, deal 3 cards one by one, lay the river (003 Mise en place);
        later draws are chance events."""
        resolved = self.resolve_options(options)
        state = self._empty_state(resolved)
        state.seed = new_seed() if seed is None else seed
        rng = deal_random(state.seed)
        cards = list(range(DECK_SIZE))
        shuffle(rng, cards)
        for _ in range(HAND_LIMIT):
            for seat in range(state.n):
                state.hands[seat].append(cards.pop())
        state.river = [cards.pop() for _ in range(state.n)]
        state.pile = cards
        first = resolved["first_player"]
        state.first = rng.randrange(state.n) if first is None else first
        rules.start_round(state)
        return state

    def state_from_setup(self, setup: Mapping[str, Any], options: Mapping[str, Any] | None = None
                         ) -> KagounPosition:
        try:
            return self._from_setup(setup, options)
        except SetupError:
            raise
        except LudothequeError as exc:
            raise SetupError(str(exc)) from None

    def _from_setup(self, setup: Mapping[str, Any], options: Mapping[str, Any] | None
                    ) -> KagounPosition:
        """Hands, river, pairs, chains, discard, pile (optional: the cards placed nowhere else),
        first player and seats still in; the round begins with its refill."""
        if not isinstance(setup, Mapping):
            raise SetupError("setup must be an object with hands, river, pairs, chains, ...")
        fields = {"hands", "river", "pairs", "chains", "discard", "pile", "first_player", "active",
                  "cards"}
        unknown = set(setup) - fields
        if unknown:
            raise SetupError(f"unknown setup field(s): {', '.join(sorted(unknown))}")
        hands = setup.get("hands")
        if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
            raise SetupError('setup "hands" must be a list of lists of cards, one per seat')
        raw = dict(options or {})
        raw.setdefault("players", len(hands))
        if "cards" in setup:  # the card list itself, when it is not a deck of the package
            try:
                raw["deck"] = register_deck(setup["cards"])
            except LudothequeError as exc:
                raise SetupError(f'setup "cards": {exc}') from None
        resolved = self.resolve_options(raw)
        n = resolved["players"]
        if len(hands) != n:
            raise SetupError(f"setup has {len(hands)} hands for {n} players")
        state = self._empty_state(resolved)
        seen: set[int] = set()

        def card(item: Any, where: str) -> int:
            if not isinstance(item, str):
                raise SetupError(f"{where}: {item!r} is not a card")
            try:
                value = notation.parse_card(item)
            except LudothequeError as exc:
                raise SetupError(f"{where}: {exc}") from None
            if value in seen:
                raise SetupError(f"{where}: {item} appears twice")
            seen.add(value)
            return value

        def line(item: Any, where: str) -> tuple[int, int]:
            if not isinstance(item, str):
                raise SetupError(f"{where}: {item!r} is not a card's line")
            try:
                value, end = notation.parse_line(item)
            except LudothequeError as exc:
                raise SetupError(f"{where}: {exc}") from None
            card(item[:2], where)
            return value, end

        def per_seat(name: str) -> list[Any]:
            value = setup.get(name, [[] for _ in range(n)])
            if not (isinstance(value, list) and len(value) == n and all(isinstance(v, list) for v in value)):
                raise SetupError(f'setup "{name}" must be {n} lists, one per seat')
            return value

        for seat in range(n):
            if len(hands[seat]) > HAND_LIMIT:
                raise SetupError(f"hand of seat {seat}: at most {HAND_LIMIT} cards")
            state.hands[seat] = [card(c, f"hand of seat {seat}") for c in hands[seat]]
        for seat, pairs in enumerate(per_seat("pairs")):
            if len(pairs) > MAX_PAIRS:
                raise SetupError(f"pairs of seat {seat}: at most {MAX_PAIRS}")
            for pair in pairs:
                if not (isinstance(pair, list) and len(pair) == 2):
                    raise SetupError(f'pairs of seat {seat}: a pair is ["M1a", "G2b"] (upper, lower)')
                where = f"pairs of seat {seat}"
                (up, u), (lo, ln) = line(pair[0], where), line(pair[1], where)
                state.pairs[seat].append((up, u, lo, ln))
        for seat, chain in enumerate(per_seat("chains")):
            for item in chain:
                turned = isinstance(item, str) and item.endswith("~")
                value = card(item.rstrip("~") if isinstance(item, str) else item, f"chain of seat {seat}")
                state.chains[seat].append((value, int(turned)))
            deck = state.deck
            for (a, ta), (b, tb) in zip(state.chains[seat], state.chains[seat][1:], strict=False):
                if deck.face(a, ta)[1] != deck.face(b, tb)[0]:
                    raise SetupError(f"chain of seat {seat}: touching halves must match")
        river = setup.get("river", [])
        discard = setup.get("discard", [])
        if not isinstance(river, list) or not isinstance(discard, list):
            raise SetupError('setup "river" and "discard" are lists of cards')
        state.river = [card(c, "river") for c in river]
        state.discard = [card(c, "discard") for c in discard]
        pile = setup.get("pile")
        if pile is None:
            state.pile = [c for c in range(DECK_SIZE) if c not in seen]
            seen.update(state.pile)
        else:
            if not isinstance(pile, list):
                raise SetupError('setup "pile" is a list of cards (order does not matter)')
            state.pile = [card(c, "pile") for c in pile]
        if len(seen) != DECK_SIZE:
            raise SetupError(f"setup places {len(seen)} cards; all {DECK_SIZE} must be placed "
                             "(leave out \"pile\" to put the rest there)")
        first = setup_first_player(setup, n)
        active = setup.get("active", [True] * n)
        if not (isinstance(active, list) and len(active) == n
                and all(isinstance(a, bool) for a in active) and sum(active) >= 2 and active[first]):
            raise SetupError(f'setup "active" must be {n} booleans, at least two true, '
                             "the first player's true")
        state.active = list(active)
        state.first = first
        rules.start_round(state)
        return state

    def parse_action(self, text: str) -> int:
        return notation.parse_action(text)

    #: the notation's own function, not a method around it: boards ask it for every legal action
    action_to_text = staticmethod(notation.action_to_text)

    def bots(self) -> Mapping[str, BotFactory]:
        from .heuristic import KagounHeuristic

        return {"heuristic": KagounHeuristic}

