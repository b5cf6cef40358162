"""Writes the golden records of ``test_golden.py`` (run it only when Kagoun's spec version
changes: ``.venv/bin/python tests/games/kagoun/make_golden.py``). Each is a bot game of
``ludotheque.sim.match.play_game`` with ``make_bot("kagoun", name, bot_seed(seed, seat))``,
except the setup file, played by heuristic bots from an explicit position with chance drawn from
``random.Random(seed)``."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from ludotheque.bots.registry import make_bot
from ludotheque.core import GameRecord
from ludotheque.core.bot import ask
from ludotheque.core.game import CHANCE, sample_chance
from ludotheque.core.record import RecordedGame, result_of
from ludotheque.games.kagoun import GAME
from ludotheque.sim.match import bot_seed, play_game

FOLDER = Path(__file__).resolve().parent / "golden"
#: file name, options, bots cycled over the seats, seed
SEEDED: list[tuple[str, dict[str, Any], list[str], int]] = [
    ("2p-heuristic-random", {"players": 2}, ["heuristic", "random"], 21),
    ("3p-heuristic", {"players": 3}, ["heuristic"], 22),
    ("3p-ties-first-ends-heuristic", {"players": 3, "capture_ties": "first",
                                      "reconsolidation": "ends"}, ["heuristic"], 24),
    ("4p-heuristic-random", {"players": 4}, ["heuristic", "random"], 23),
    ("2p-cap-draw-random", {"players": 2, "max_rounds": 3}, ["random"], 25),
]
SETUP = {"hands": [["A1", "B1", "C1"], ["D1", "E1", "F1"]], "river": ["G1", "H1"],
         "pairs": [[], []], "chains": [["S1"], []], "discard": ["Z1", "Z2"], "first_player": 1}


def write(name: str, record: GameRecord) -> None:
    (FOLDER / f"{name}.json").write_text(record.dumps(indent=1) + "\n", "utf-8")


def main() -> None:
    for name, options, names, seed in SEEDED:
        bots = [make_bot("kagoun", names[s % len(names)], bot_seed(seed, s))
                for s in range(options["players"])]
        write(name, play_game("kagoun", options, bots, seed).record)
    state = GAME.state_from_setup(SETUP, {})
    game = RecordedGame(state, GameRecord("kagoun", dict(state.options), setup=SETUP,
                                          version=GAME.spec.version))
    bots = [make_bot("kagoun", "heuristic", bot_seed(7, s)) for s in range(2)]
    for seat, bot in enumerate(bots):
        bot.reset(GAME, state.options, seat)
    rng = random.Random(7)
    while not state.is_terminal:
        seat = state.to_act
        game.apply_trusted(sample_chance(state, rng) if seat == CHANCE or seat is None
                           else ask(bots[seat], state, seat))
    record = game.record
    assert record.result == result_of(state)
    write("2p-setup-heuristic", record)
    print(json.dumps(sorted(p.name for p in FOLDER.glob("*.json"))))


if __name__ == "__main__":
    main()
