"""The legal actions a board is sent, in parts, and the moves it may try that the rules refuse
(``ludotheque.choices``), checked against the rules on random positions of every game: each
legal action's parts name it alone (a board picks it by them), each refusal is one the rules make
with those words, and nothing in them depends on what the seat cannot see."""

from __future__ import annotations

import random
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from ludotheque.choices import action_parts, legal_entries, refused_entries
from ludotheque.core.game import CHANCE
from ludotheque.core.registry import get_game
from ludotheque.renderers import renderer_for
from ludotheque.server.store import SeatRow
from ludotheque.server.views import build_view

GAMES: dict[str, tuple[dict[str, Any], ...]] = {
    "gargon": ({"players": 4}, {"players": 3}), "kagoun": ({"players": 3}, {"players": 2}),
         "drakon": ({"players": 3}, {"players": 4, "heroes": "yes"})}


def decisions(game_id: str, games: int = 6, every: int = 3) -> Iterator[Any]:
    """Positions of random games where a seat decides (one in ``every``)."""
    game = get_game(game_id)
    for options in GAMES[game_id]:
        for seed in range(games):
            rng = random.Random(seed)
            state = game.new_state(dict(options), seed=seed)
            step = 0
            while not state.is_terminal:
                if state.to_act == CHANCE:
                    state.apply(state.sample_chance(rng))
                    continue
                step += 1
                if step % every == 0:
                    yield state
                state.apply(state.sample_action(rng))


def parts_of(entry: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    said = ("action", "label", "reason", "confirm")  # words, not parts
    return tuple(sorted((k, repr(v)) for k, v in entry.items() if k not in said))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_legal_action_is_named_alone_by_its_parts(game_id: str) -> None:
    renderer = renderer_for(get_game(game_id))
    kinds: set[str] = set()
    for state in decisions(game_id):
        observation = state.observe(state.to_act)
        entries = legal_entries(state, renderer, observation, "en")
        assert [e["action"] for e in entries] == state.legal_texts()
        parts = [parts_of(e) for e in entries]
        assert len(set(parts)) == len(entries), "two legal actions with the same parts"
        for action, entry, its_parts in zip(state.legal_actions(), entries, parts, strict=True):
            assert isinstance(entry["kind"], str) and entry["kind"]
            # the parts round-trip: the notation sent back gives the action they were made from
            parsed = state.game.parse_action(entry["action"])
            assert parsed == action
            assert parts_of(action_parts(renderer, state, parsed, observation)) == its_parts
            kinds.add(entry["kind"])
    assert len(kinds) >= 4


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_refusal_offered_is_the_rules_refusal(game_id: str, lang: str) -> None:
    renderer = renderer_for(get_game(game_id))
    tried = getattr(renderer, "tried_actions", None)
    refused_somewhere = 0
    for state in decisions(game_id):
        seat: int = state.to_act
        observation = state.observe(seat)
        refused = refused_entries(state, renderer, observation, seat, lang)
        assert refused_entries(state, renderer, observation, (seat + 1) % state.players, lang) == []
        assert refused_entries(state, renderer, observation, None, lang) == []
        if tried is None:
            assert refused == []
            continue
        actions = {parts_of(action_parts(renderer, state, a, observation)): a for a in tried(observation)}
        legal = set(state.legal_actions())
        assert {parts_of(e) for e in refused} == {p for p, a in actions.items() if a not in legal}
        for entry in refused:
            action = actions[parts_of(entry)]
            assert entry["reason"] == state.refusal(action, lang) is not None
        refused_somewhere += bool(refused)
    if tried is not None:
        assert refused_somewhere


def test_gargons_board_may_try_every_play_of_one_to_three_cards_of_its_hand() -> None:
    renderer: Any = renderer_for(get_game("gargon"))
    for state in decisions("gargon", games=3):
        observation = state.observe(state.to_act)
        if observation.phase != "place":
            assert list(renderer.tried_actions(observation)) == []
            continue
        tried = list(renderer.tried_actions(observation))
        assert len(tried) == len(set(tried))
        assert set(state.legal_actions()) - {0} <= set(tried)  # every play (0: pass)
        hand = observation.to_json()["hands"][state.to_act]
        for action in tried:
            cards = renderer.action_parts(action, observation)["cards"]
            assert 1 <= len(cards) <= 3 and all(cards.count(c) <= hand.count(c) for c in cards)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_choices_sent_depend_only_on_what_the_seat_sees(game_id: str) -> None:
    """Another position the seat cannot tell apart (everything it does not see drawn again:
    the others' hands, the pile) gives it the same legal actions and refusals, in parts."""
    renderer = renderer_for(get_game(game_id))
    rng = random.Random(5)
    compared = 0
    for state in decisions(game_id, games=3, every=5):
        seat: int = state.to_act
        seats = [SeatRow(s, "human") for s in range(state.players)]
        other = state.resample(seat, rng)
        assert other.observe(seat) == state.observe(seat)
        for lang in ("en", "fr"):
            mine, theirs = (build_view(s, renderer, seats, seat, lang) for s in (state, other))
            assert (mine["legal"], mine["refused"]) == (theirs["legal"], theirs["refused"])
        compared += 1
    assert compared


def test_kagouns_pairings_say_what_the_rules_make_of_them_for_the_whole_deck() -> None:
    """Valid or not, strength, a perfect pair, the powers fired: for any card of the deck laid by
    either end beside either line of any other."""
    from ludotheque.games.kagoun.actions import CAPTURE, link
    from ludotheque.games.kagoun.components import POWER_NAMES, card_name, load_deck

    game = get_game("kagoun")
    renderer: Any = renderer_for(game)
    observation: Any = game.new_state({"players": 2}, seed=1).observe(0)
    deck = load_deck(observation.deck)
    for card in range(52):
        for other in range(52):
            if card == other:
                continue
            for u in (0, 1):
                for ln in (0, 1):
                    parts = renderer.action_parts(link(CAPTURE, card, u, other, ln), observation)
                    assert parts == {
                        "kind": "capture", "card": card_name(card), "end": "ab"[u],
                        "target": card_name(other), "target_end": "ab"[ln],
                        "valid": deck.valid(card, u, other, ln),
                        "strength": deck.strength(card, u, other, ln), "perfect": card // 2 == other // 2,
                        "powers": [POWER_NAMES[p] for p in deck.fired(card, u, other, ln)]}


def test_kagouns_chain_placements_say_the_points_the_chain_makes() -> None:
    from ludotheque.games.kagoun.scoring import chain_score

    renderer: Any = renderer_for(get_game("kagoun"))
    checked = 0
    for state in decisions("kagoun", games=10, every=1):
        seat = state.to_act
        observation = state.observe(seat)
        for action in state.legal_actions():
            parts = renderer.action_parts(action, observation)
            if parts["kind"] != "chain":
                continue
            after = state.clone()
            after.apply(action)
            chain = after.chains[seat]
            if len(chain) == len(state.chains[seat]) + 1:
                assert parts["points"] == chain_score(after.deck, chain)
                checked += 1
    assert checked > 10


STANDING = [g for g in sorted(GAMES) if hasattr(renderer_for(get_game(g)), "stands_alone")]


@pytest.mark.parametrize("game_id", STANDING)
def test_an_action_that_stands_alone_is_listed_as_its_position_would_list_it(game_id: str) -> None:
    """An entry made once for an action that stands alone (``stands_alone``) is the one worked out
    from the seat's observation and the table's names, in both languages."""
    renderer = renderer_for(get_game(game_id))
    # the same words without the declaration: every entry worked out from the position
    worked_out = SimpleNamespace(**{name: getattr(renderer, name) for name in dir(renderer)
                                    if not name.startswith("_") and name != "stands_alone"})
    alone = 0
    for state in decisions(game_id, games=3):
        observation = state.observe(state.to_act)
        alone += sum(map(renderer.stands_alone, state.legal_actions()))
        for lang in ("en", "fr"):
            names = [f"Player {seat}" for seat in range(state.players)]
            assert (legal_entries(state, renderer, observation, lang, names)
                    == legal_entries(state, worked_out, observation, lang, names))
    assert alone > 100, "too few actions that stand alone to say anything"
