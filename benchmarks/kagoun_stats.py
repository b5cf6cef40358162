"""Kagoun in play: how games end and how long they last, seat win rates, how often a hand card
can pair with the river, how chains grow, how often each power fires, heuristic against random.
Figures only; never fails.

    .venv/bin/python benchmarks/kagoun_stats.py [--games 300] [--players 3] [--max-rounds N]

``--max-rounds`` sets the safety cap (default: the game's); the longest games show whether the
default cap is ever reached.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter

from ludotheque.bots.registry import make_bot
from ludotheque.core.bot import ask
from ludotheque.core.game import CHANCE, sample_chance, start_log
from ludotheque.games.kagoun import GAME, rules
from ludotheque.games.kagoun.actions import CAPTURE, STEAL

SECONDS_PER_DECISION = 8  # a guess at a table's pace, to turn decisions into minutes


def run(games: int, players: int, seed: int, names: list[str], max_rounds: int | None) -> None:
    fired: Counter[str] = Counter()
    events: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    seat_wins: Counter[int] = Counter()
    rounds, decisions, chain_lengths = [], [], []
    can_pair = announce_count = captures = steals = 0
    for index in range(games):
        rng = random.Random(seed * 100003 + index)
        options = {"players": players} | ({} if max_rounds is None else {"max_rounds": max_rounds})
        state = GAME.new_state(options, seed * 100003 + index)
        log = start_log(state)  # powers are counted from the public log
        bots = [make_bot("kagoun", names[s % len(names)], f"{seed}:{index}:{s}")
                for s in range(players)]
        for s, bot in enumerate(bots):
            bot.reset(GAME, state.options, s)
        moves = 0
        while not state.is_terminal:
            if state.to_act == CHANCE:
                state.apply_trusted(sample_chance(state, rng))
                continue
            seat = state.to_act
            assert seat is not None
            legal = state.legal_actions()
            if state.tasks[0][0] == rules.T_ANNOUNCE and state.tasks[0][2] == 0 and legal != [rules.KAGOUN]:
                announce_count += 1
                deck = state.deck
                can_pair += any(deck.valid(c, u, t, ln) for c in state.hands[seat]
                                for t in state.river for u in (0, 1) for ln in (0, 1))
            action = ask(bots[seat], state, seat)
            captures += action < STEAL and action >= CAPTURE
            steals += STEAL <= action < STEAL + (STEAL - CAPTURE)
            state.apply_trusted(action)
            moves += 1
        fired.update(event.args[0] for event in log or [] if event.kind == "power")
        events.update(event.kind for event in log or [])
        endings[state.ending] += 1
        seat_wins[state.winner] += 1
        rounds.append(state.round)
        decisions.append(moves)
        chain_lengths += [len(c) for c in state.chains]
    print(f"{','.join(names)}, {players} players, {games} games")
    print("  endings: " + ", ".join(f"{k} {v / games:.0%}" for k, v in endings.most_common()))
    wins = ", ".join(f"seat {s} {seat_wins[s] / games:.0%}" for s in range(players))
    print("  seat win rates: " + wins)
    cap = state.options["max_rounds"]
    longest = sorted(rounds)
    print(f"  rounds: mean {statistics.mean(rounds):.1f}, median {statistics.median(rounds)}, "
          f"99th percentile {longest[int(0.99 * (len(longest) - 1))]}, max {longest[-1]}; "
          f"games ended by the cap ({cap or 'none'}): {endings['rounds']}")
    print(f"  player decisions: mean {statistics.mean(decisions):.0f} "
          f"(~{statistics.mean(decisions) * SECONDS_PER_DECISION / 60:.0f} min at "
          f"{SECONDS_PER_DECISION} s each)")
    print(f"  announcements with a valid capture in hand: {can_pair / max(1, announce_count):.0%}")
    print(f"  captures announced {captures / games:.1f}/game, steals {steals / games:.1f}/game")
    print(f"  chain length at the end: mean {statistics.mean(chain_lengths):.1f}, max {max(chain_lengths)}")
    print(f"  chain cards added {events['chain'] / games:.1f}/game, pairs given up (failed "
          f"consolidation) {events['scrap'] / games:.2f}/game, "
          f"eliminations {events['out'] / games:.2f}/game, "
          f"reshuffles {events['reshuffle'] / games:.2f}/game, "
          f"chains laid again {events['substitute'] / games:.2f}/game")
    print("  powers fired per game: " + ", ".join(f"{k} {v / games:.2f}" for k, v in sorted(fired.items())))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="heuristic", help="bot names cycled over the seats")
    parser.add_argument("--max-rounds", type=int, default=None, help="the safety cap (0: none)")
    args = parser.parse_args()
    run(args.games, args.players, args.seed, args.bots.split(","), args.max_rounds)
