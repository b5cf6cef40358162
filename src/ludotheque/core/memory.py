"""What seats remember of hidden things in hands, shared by the games that show a seat something
and then hide it again (Kagoun's Take, Drakon's Map room): per seat, ``(holder, thing)`` facts,
"``thing`` lies hidden with ``holder``". Memories are tuples, replaced and never changed in place,
so a position's ``clone`` may share them."""

# mypyc: compile

from __future__ import annotations

Facts = tuple[tuple[int, int], ...]


def without_one(facts: Facts, holder: int, thing: int) -> Facts:
    """``facts`` less one ``(holder, thing)`` (when it is there)."""
    out = list(facts)
    if (holder, thing) in out:
        out.remove((holder, thing))
    return tuple(out)


def after_random_take(memories: tuple[Facts, ...], taker: int, victim: int, thing: int) -> tuple[Facts, ...]:
    """Every seat's memory once ``taker`` took ``thing`` at random from ``victim``'s hand: the
    victim learns where it went, the taker that the victim keeps its other known things, and
    every other seat forgets what it knew of the victim's hand (any of it may have gone)."""
    updated: list[Facts] = []
    for seat, facts in enumerate(memories):
        if seat == victim:
            facts = (*facts, (taker, thing))
        elif seat == taker:
            facts = without_one(facts, victim, thing)
        elif any(holder == victim for holder, _ in facts):
            facts = tuple([f for f in facts if f[0] != victim])
        updated.append(facts)
    return tuple(updated)
