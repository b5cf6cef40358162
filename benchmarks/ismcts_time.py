"""Where a search's time goes: the search bot thinking S seconds a move at decisions spread over
a heuristic game, per game, compiled build; its iterations a second (without a profiler), then the
share of its thinking in each part (cProfile over the calls the search makes, with the search's
own module interpreted for the profile: cProfile cannot see into a compiled one; the profiler
slows the interpreted parts, the tree's most). Figures only; never fails.

    .venv/bin/python benchmarks/ismcts_time.py [--seconds 1] [--decisions 6] [--only gargon]

The parts: drawing a position from what the seat sees (``resample`` with its memory), the tree's
own work (choosing and opening its moves, adding up the rewards), the candidate moves the game lets
the tree consider (``worth_searching``, or every legal action), the game's playout move (the
heuristic's, for the others in the tree too where a game says so), random moves, applying moves,
chance, and the rewards at a playout's end (``shares``, or the game's ``evaluate``).
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import pstats
import random
import sys
import time
from pathlib import Path
from typing import Any

from ismcts_strength import PLAYERS

import ludotheque
from ludotheque.bots.ismcts import IsmctsBot
from ludotheque.bots.registry import make_bot
from ludotheque.compiled import status
from ludotheque.core.bot import ask
from ludotheque.core.game import CHANCE, State, sample_chance
from ludotheque.core.registry import get_game

# a callee of the search (by function name) -> the part it belongs to
PARTS = {
    "sample_position": "draw", "favourite": "draw", "plausibility": "draw",
    "_candidates": "candidates", "worth_searching": "candidates", "legal_actions": "candidates",
    "rollout": "playout move", "sample_action": "random move",
    "apply_trusted": "apply", "sample_chance": "chance",
    "shares": "rewards", "evaluate": "rewards",
}
ORDER = ("draw", "tree", "candidates", "playout move", "random move", "apply", "chance", "rewards")


def decisions(game_id: str, count: int) -> list[State]:
    """``count`` positions where the seat to act has a choice, evenly spread over a heuristic
    game (a search's early moves have the longest playouts)."""
    game = get_game(game_id)
    players = PLAYERS[game_id]
    state = game.new_state({"players": players}, 5000)
    bots = [make_bot(game_id, "heuristic", place) for place in range(players)]
    for place, bot in enumerate(bots):
        bot.reset(game, state.options, place)
    chance, met = random.Random(0), []
    while not state.is_terminal:
        seat = state.to_act
        if seat == CHANCE or seat is None:
            state.apply_trusted(sample_chance(state, chance))
            continue
        if len(state.legal_actions()) > 1:
            met.append(state.clone())
        state.apply_trusted(ask(bots[seat], state, seat))
    return [met[int((k + 0.5) * len(met) / count)] for k in range(min(count, len(met)))]


def _from_source(name: str) -> Any:
    """``bots/<name>.py`` loaded from its source, beside the compiled build."""
    source = Path(ludotheque.__file__).parent / "bots" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"ludotheque.bots.{name}_profiled", source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def interpreted_search() -> Any:
    """``bots/ismcts.py`` and ``bots/evaluators.py`` (the playouts) loaded from their source
    beside the compiled build (the games stay compiled), so that cProfile sees the search's own
    calls."""
    compiled = sys.modules["ludotheque.bots.evaluators"]
    sys.modules["ludotheque.bots.evaluators"] = _from_source("evaluators")  # what ismcts imports
    try:
        return _from_source("ismcts")
    finally:
        sys.modules["ludotheque.bots.evaluators"] = compiled


def think(game_id: str, state: State, seconds: float, seed: int, search: Any = None) -> Any:
    """The search bot's move at ``state`` (the compiled bot, or the ``search`` module's)."""
    seat = state.to_act
    assert seat is not None and seat != CHANCE
    bot = (IsmctsBot if search is None else search.IsmctsBot)(seed, seconds=seconds)
    bot.reset(get_game(game_id), state.options, seat)
    ask(bot, state.clone(), seat)
    return bot


#: The search's own functions (``ismcts.py``) and the evaluator's (``evaluators.py``): their own
#: time is the tree's (the draw's for ``draw``), what they call is counted in its part.
TREE = {"ismcts.py": {"run", "iterate", "_walk", "_step", "_back_up", "_candidates", "draw"},
        "evaluators.py": {"evaluate", "playout", "candidates", "other_move", "favourite", "plausibility"}}


def _ours(path: str, name: str) -> bool:
    """One of the search's functions, or a comprehension in one (``<listcomp>``)."""
    return any(path.endswith(module) and (name in names or name.startswith("<"))
               for module, names in TREE.items())


def parts(profile: cProfile.Profile) -> dict[str, float]:
    """Seconds spent in each part, from the calls the search's own functions make."""
    stats: dict[Any, Any] = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    spent = dict.fromkeys(ORDER, 0.0)
    for (path, _, name), (_, _, own, _, callers) in stats.items():
        if _ours(path, name):
            spent["draw" if name in ("draw", "favourite", "plausibility") else "tree"] += own
            continue  # its callees are counted by their own callers' lines below
        for (caller_path, _, caller), (_, _, _, cumulative) in callers.items():
            if not _ours(caller_path, caller):
                continue
            # a compiled callee is named "<method 'apply_trusted' of ...>" or "<built-in method ...>"
            part = next((p for key, p in PARTS.items() if key in name), "tree")
            if caller in ("favourite", "plausibility", "draw") and part == "tree":
                part = "draw"
            spent[part] += cumulative
    return spent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--decisions", type=int, default=6)
    parser.add_argument("--only", choices=sorted(PLAYERS), default=None)
    args = parser.parse_args()
    print(f"ISMCTS at {args.seconds} s a move, {args.decisions} decisions spread over a heuristic game "
          f"per game ({status}); shares of the thinking under cProfile")
    print("| game | iterations/s | " + " | ".join(ORDER) + " |")
    print("| --- | --- | " + " | ".join("---" for _ in ORDER) + " |")
    profiled = interpreted_search()
    for game_id in [args.only] if args.only else sorted(PLAYERS):
        iterations, thinking = 0, 0.0
        spent = dict.fromkeys(ORDER, 0.0)
        for index, state in enumerate(decisions(game_id, args.decisions)):
            started = time.perf_counter()
            bot = think(game_id, state, args.seconds, index)
            thinking += time.perf_counter() - started
            iterations += bot.last.iterations if bot.last else 0
            profile = cProfile.Profile()
            profile.enable()
            think(game_id, state, args.seconds, index, profiled)
            profile.disable()
            for part, seconds in parts(profile).items():
                spent[part] += seconds
        total = sum(spent.values()) or 1.0
        shares = " | ".join(f"{spent[part] / total:.0%}" for part in ORDER)
        print(f"| {game_id} | {iterations / thinking:,.0f} | {shares} |", flush=True)


if __name__ == "__main__":
    main()
