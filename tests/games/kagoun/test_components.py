"""The deck is data with its provenance, validated at load (docs/rules/kagoun.md §5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ludotheque.core.errors import OptionsError
from ludotheque.games.kagoun import GAME
from ludotheque.games.kagoun.components import (
    DECK_SIZE,
    ComponentsError,
    card_name,
    deck_names,
    load_deck,
    parse_deck,
    register_deck,
)

DATA = Path(__file__).resolve().parents[3] / "src/ludotheque/games/kagoun/data/deck-reconstructed.json"


def test_deck_is_two_cards_per_letter() -> None:
    deck = load_deck()
    assert len(deck.left) == DECK_SIZE == 52
    assert sorted({card_name(c)[0] for c in range(DECK_SIZE)}) == [chr(65 + i) for i in range(26)]
    assert deck.reconstructed


def test_reconstructed_deck_says_so_and_has_its_design_beside_it() -> None:
    data = json.loads(DATA.read_text("utf-8"))
    assert data["reconstructed"] is True and "reconstructed" in data["provenance"]
    assert (DATA.parent / "deck-design.md").exists()


def test_every_card_can_pair_and_perfect_pairs_exist() -> None:
    deck = load_deck()
    for card in range(DECK_SIZE):
        assert any(deck.valid(card, u, other, ln) for other in range(DECK_SIZE) if other != card
                   for u in (0, 1) for ln in (0, 1)), card_name(card)
    perfect = [c for c in range(0, DECK_SIZE, 2)
               if any(deck.valid(c, u, c + 1, ln) or deck.valid(c + 1, u, c, ln)
                      for u in (0, 1) for ln in (0, 1))]
    assert len(perfect) == 26


def test_a_pairing_is_valid_when_the_two_lines_hold_the_upper_cards_halves_colour_by_colour() -> None:
    """``Deck.valid`` reads a table worked out at load: it says, for every pairing, what the
    rule says of the printed symbols (Principe, Capturer; OQ 13(a))."""
    deck = load_deck()
    for upper in range(DECK_SIZE):
        halves = sorted([deck.left[upper], deck.right[upper]])
        for lower in range(DECK_SIZE):
            for u in (0, 1):
                for ln in (0, 1):
                    symbols = sorted([*deck.small[upper][u], *deck.small[lower][ln]])
                    assert deck.valid(upper, u, lower, ln) == (symbols == halves), \
                        (card_name(upper), u, card_name(lower), ln)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["cards"].pop(), "52 cards"),
    (lambda d: d.pop("provenance"), "provenance"),
    (lambda d: d["cards"][0].update(card="A2"), "twice"),
    (lambda d: d["cards"][0].update(halves=["Y", "P"]), "colour"),
    (lambda d: d["cards"][0]["ends"][0].update(small=["Y", "Y", "Y"]), "0 to 2"),
    (lambda d: d["cards"][0]["ends"][0].update(force=10), "force"),
    (lambda d: d["cards"][0].update(power={"name": "fly", "end": "a"}), "power"),
])
def test_malformed_deck_is_refused(change, message) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(DATA.read_text("utf-8"))
    change(data)
    with pytest.raises(ComponentsError, match=message):
        parse_deck(data, "bad")


def test_a_deck_of_your_own_box_is_played_from_its_path_with_the_components_option(
        tmp_path: Path) -> None:
    data = json.loads(DATA.read_text("utf-8"))
    data["cards"][5]["ends"][0]["force"] = 7  # C2: 2 in the package's deck
    mine = tmp_path / "my-deck.json"
    mine.write_text(json.dumps(data), "utf-8")
    state = GAME.new_state({"players": 2, "components": str(mine)}, seed=1)
    assert state.deck.force[5] == (7, 2) and load_deck().force[5] == (2, 2)
    assert load_deck(state.deck.name) is state.deck  # observations name it: found by name
    assert next(o for o in GAME.spec.options if o.name == "components").local  # never at the web table
    with pytest.raises(OptionsError, match="not both"):
        GAME.new_state({"deck": register_deck(data), "components": str(mine)}, seed=1)
    data["cards"][5]["ends"][0]["force"] = 12
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), "utf-8")
    with pytest.raises(OptionsError, match=r"C2: a force is 0 to 9; got 12"):
        GAME.new_state({"components": str(bad)}, seed=1)


def test_deck_option_names_a_deck_of_the_package_never_a_path(tmp_path: Path) -> None:
    assert deck_names() == ["reconstructed"]
    assert GAME.new_state({"deck": "reconstructed"}, seed=1).deck.name == "reconstructed"
    with pytest.raises(OptionsError, match="no deck"):
        GAME.new_state({"deck": "no-such-deck"}, seed=1)
    other = tmp_path / "other.json"
    other.write_text(DATA.read_text("utf-8"), "utf-8")
    for path in (str(other), str(DATA), "/dev/zero", "../deck-reconstructed"):
        with pytest.raises(OptionsError, match="no deck"):
            GAME.new_state({"deck": path}, seed=1)


def test_setup_may_carry_its_card_list() -> None:
    from ludotheque.core import GameRecord, replay

    data = json.loads(DATA.read_text("utf-8"))
    data["cards"][0]["ends"][0]["force"] = 8
    setup = {"hands": [["A1", "A2", "B1"], ["B2", "C1", "C2"]], "river": ["D1", "D2"],
             "cards": data}
    state = GAME.state_from_setup(setup, {})
    assert state.deck.force[0][0] == 8 and state.options["deck"].startswith("inline-")
    record = GameRecord("kagoun", {}, setup=setup, actions=["discard"])
    assert replay(GameRecord.loads(record.dumps())).deck.force[0][0] == 8
    data["cards"].pop()
    from ludotheque.core.errors import SetupError
    with pytest.raises(SetupError, match="52 cards"):
        GAME.state_from_setup(setup | {"cards": data}, {})
