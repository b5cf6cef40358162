"""Seeds below 2**64 deal from the Mersenne Twister exactly as before; wider seeds are keys of a
generator nobody without them can foresee (core/seeds.py), and records dealt from them replay."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from ludotheque.core import get_game
from ludotheque.core.draws import randbelow, shuffle
from ludotheque.core.record import GameRecord, RecordedGame, replay
from ludotheque.core.seeds import KEY_BITS, KEY_FLOOR, KeyedRandom, deal_random, is_key, new_seed, stream_seed


def test_a_small_seed_deals_from_the_standard_mersenne_twister() -> None:
    for seed in [0, 1, 42, 2**32 - 1, KEY_FLOOR - 1, -5]:
        ours, theirs = deal_random(seed), random.Random(seed)
        assert type(ours) is random.Random
        assert [ours.getrandbits(32) for _ in range(50)] == [theirs.getrandbits(32) for _ in range(50)]


def test_new_seeds_are_keys_with_128_random_bits_each_time_different() -> None:
    seeds = {new_seed() for _ in range(200)}
    assert len(seeds) == 200 and all(is_key(s) and s >> KEY_BITS == 1 for s in seeds)
    assert KEY_BITS >= 128
    assert any(s & (1 << 127) for s in seeds) and any(s & 1 for s in seeds)  # every bit is drawn


def test_a_key_deals_from_its_keyed_stream_the_same_every_time() -> None:
    key = new_seed()
    first, again = deal_random(key), deal_random(key)
    assert isinstance(first, KeyedRandom)
    assert [first.getrandbits(20) for _ in range(100)] == [again.getrandbits(20) for _ in range(100)]


def test_streams_of_other_keys_labels_or_steps_differ() -> None:
    key = new_seed()

    def head(rng: random.Random) -> list[int]:
        return [rng.getrandbits(64) for _ in range(4)]

    streams = [head(KeyedRandom(key, "deal")), head(KeyedRandom(key, "chance", 0)),
               head(KeyedRandom(key, "chance", 1)), head(KeyedRandom(key + 1, "deal")),
               head(KeyedRandom(key, "deal", 1))]
    assert len({tuple(s) for s in streams}) == len(streams)


def test_bits_come_out_the_same_however_they_are_asked_for() -> None:
    """The stream is one sequence of bits: 8 draws of 32 bits are one draw of 256."""
    key = new_seed()
    whole = KeyedRandom(key, "deal").getrandbits(256)
    parts = KeyedRandom(key, "deal")
    assert sum(parts.getrandbits(32) << (32 * i) for i in range(8)) == whole
    assert KeyedRandom(key, "deal").getrandbits(0) == 0


def test_the_standard_draws_work_on_a_keyed_stream() -> None:
    """Shuffles, ranges and floats read getrandbits and random, so every game's dealing code
    works unchanged; the compiled draws give the standard library's numbers on it too."""
    key = new_seed()
    ours, theirs = list(range(110)), list(range(110))
    shuffle(KeyedRandom(key, "deal"), ours)
    KeyedRandom(key, "deal").shuffle(theirs)
    assert ours == theirs and sorted(ours) == list(range(110)) and ours != list(range(110))
    rng, same = KeyedRandom(key, "x"), KeyedRandom(key, "x")
    assert [randbelow(rng, 7) for _ in range(50)] == [same.randrange(7) for _ in range(50)]
    floats = [KeyedRandom(key, "f", i).random() for i in range(200)]
    assert all(0.0 <= f < 1.0 for f in floats) and len(set(floats)) == 200
    counts = [0] * 4  # roughly uniform: each of 4 outcomes in 4000 draws far from 0 and 4000
    draws = KeyedRandom(key, "u")
    for _ in range(4000):
        counts[draws.randrange(4)] += 1
    assert all(800 < c < 1200 for c in counts)


def test_a_keyed_stream_refuses_a_small_key_a_reseed_and_being_copied_out() -> None:
    with pytest.raises(ValueError):
        KeyedRandom(42, "deal")
    with pytest.raises(ValueError):
        KeyedRandom(new_seed(), "a\0b")
    rng = KeyedRandom(new_seed(), "deal")
    with pytest.raises(TypeError):
        rng.seed(3)
    with pytest.raises(TypeError):
        pickle.dumps(rng)
    with pytest.raises(TypeError):
        copy.copy(rng)


def test_a_stream_seed_tells_nothing_of_the_key_and_differs_by_label_and_index() -> None:
    key = new_seed()
    derived = {stream_seed(key, "bot", 0), stream_seed(key, "bot", 1), stream_seed(key, "other", 0)}
    assert len(derived) == 3 and key not in derived
    assert stream_seed(key, "bot", 0) == stream_seed(key, "bot", 0)


@pytest.mark.parametrize("game_id", ["gargon", "drakon", "kagoun"])
def test_a_game_dealt_from_a_key_replays_from_its_record(game_id: str) -> None:
    key = new_seed()
    game = RecordedGame.start(game_id, {"players": 3}, key)
    rng = random.Random(7)
    while not game.state.is_terminal and game.moves < 60:
        game.apply_trusted(game.state.sample_action(rng))
    text = game.record.dumps()
    record = GameRecord.loads(text)
    assert record.seed == key  # JSON keeps the whole number
    again = replay(record)
    for seat in range(3):
        assert again.observe(seat).to_json() == game.state.observe(seat).to_json()


@pytest.mark.parametrize("game_id", ["gargon", "drakon", "kagoun"])
def test_two_keys_deal_two_different_games_and_a_key_differs_from_its_small_twin(game_id: str) -> None:
    game = get_game(game_id)

    def deal(seed: int) -> object:
        state = game.new_state({"players": 3}, seed)
        return [state.observe(s).to_json() for s in range(3)]

    key = new_seed()
    assert deal(key) != deal(new_seed())
    assert deal(key) != deal(key & (KEY_FLOOR - 1))  # not the Mersenne Twister of its low bits
