"""Builds Kagoun's reconstructed deck (``data/deck-reconstructed.json``) from the design rules
written in ``data/deck-design.md``, and prints how often pairings are valid.

    .venv/bin/python benchmarks/kagoun_deck_design.py          # figures only
    .venv/bin/python benchmarks/kagoun_deck_design.py --write  # rewrite the data file
"""

from __future__ import annotations

import json
import random
import sys
from itertools import product
from pathlib import Path

COLOURS = "YBGR"
OUT = Path(__file__).resolve().parent.parent / "src/ludotheque/games/kagoun/data/deck-reconstructed.json"
POWERS = ["draw"] * 6 + ["take"] * 5 + ["replay"] * 5 + ["defend"] * 4


def build() -> dict:
    rng = random.Random(2026)
    # 26 letters: 24 with two different halves (each ordered colour pair twice), 2 with equal halves
    ordered = [(x, y) for x, y in product(COLOURS, COLOURS) if x != y] * 2
    rng.shuffle(ordered)
    halves = ordered[:24] + [("G", "G"), ("R", "R")]
    rng.shuffle(halves)
    powers = POWERS + [None] * (52 - len(POWERS))
    rng.shuffle(powers)
    cards = []
    for letter in range(26):
        left, right = halves[letter]
        for copy in range(2):
            # end a carries one of the card's own halves (copy 1: left, copy 2: right), so the two
            # cards of a letter pair with each other on their a lines (perfect pairs exist);
            # end b carries one colour drawn at random, so any card completes ~1 card in 4
            own = left if copy == 0 else right
            other = rng.choice(COLOURS)
            force_a, force_b = rng.randint(1, 3), rng.randint(2, 5)
            power = powers[letter * 2 + copy]
            entry = {"card": f"{chr(65 + letter)}{copy + 1}", "halves": [left, right],
                     "ends": [{"small": [own], "force": force_a},
                              {"small": [other], "force": force_b}]}
            if power is not None:
                end = rng.choice("ab")
                entry["power"] = {"name": power, "end": end}
                index = "ab".index(end)
                entry["ends"][index]["force"] = max(1, entry["ends"][index]["force"] - 1)
            cards.append(entry)
    return {
        "game": "kagoun",
        "reconstructed": True,
        "provenance": ("reconstructed: 003 gives 52 cards, two per letter, four colours, forces "
                       "and four powers, but its card pictures are lost; every face here is ours, "
                       "built by benchmarks/kagoun_deck_design.py (see data/deck-design.md)"),
        "cards": cards,
    }


def figures(data: dict) -> None:
    cards = data["cards"]

    def valid(u, ue, lo, le):
        need = sorted(u["halves"])
        have = sorted(u["ends"][ue]["small"] + lo["ends"][le]["small"])
        return need == have

    pairs = sum(any(valid(u, a, lo, b) for a in (0, 1) for b in (0, 1))
                for u in cards for lo in cards if u is not lo)
    print(f"ordered (hand card, target) couples with a valid pairing: {pairs / (52 * 51):.1%}")
    rng = random.Random(1)
    hits = 0
    for _ in range(20000):
        sample = rng.sample(cards, 3 + 3)
        hand, river = sample[:3], sample[3:]
        hits += any(valid(u, a, lo, b) for u in hand for lo in river for a in (0, 1) for b in (0, 1))
    print(f"a 3-card hand can capture in a 3-card river: {hits / 20000:.1%}")
    grow = 0
    for _ in range(20000):
        a, b = rng.sample(cards, 2)
        grow += b["halves"][0] in a["halves"] or b["halves"][1] in a["halves"]
    print(f"a card fits a given chain card (either end, either way): {grow / 20000:.1%}")


if __name__ == "__main__":
    deck = build()
    figures(deck)
    if "--write" in sys.argv:
        OUT.write_text(json.dumps(deck, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {OUT}")
