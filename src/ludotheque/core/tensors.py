"""A seat's tensor as its non-zero entries, read off a game's encoding (``Game.encoding``) with
no numpy and no learning library: what the research adapters (``adapters/tensors.py``) and the
network evaluator (``bots/network.py``) both feed a learner.

A seat's *information state* is its observation's tensor, then its memory's (what it remembers
beyond its observation, ``encode_memory``) placed after ``observation_size(options)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .game import Action, Observation, State


def nonzero(encoding: Any, observation: Any) -> tuple[list[int], list[float]]:
    """The non-zero entries of the observation's tensor: the encoding's own ``encode_nonzero``
    when it declares one (Drakon: a few hundred of 89,061), else read off the dense list."""
    entries = getattr(encoding, "encode_nonzero", None)
    if entries is not None:
        found = entries(observation)
        return list(found), list(found.values())
    dense = encoding.encode(observation)
    indices = [k for k, value in enumerate(dense) if value]
    return indices, [dense[k] for k in indices]


def action_indices(encoding: Any, observation: Any, actions: Sequence[Action]) -> list[int]:
    """The dense index of each of ``actions`` (legal for the seat to act, whose observation this
    is): in one call when the encoding declares ``action_indices`` (a decision may offer a few
    hundred actions), else ``action_index`` one by one."""
    batch = getattr(encoding, "action_indices", None)
    if batch is not None:
        return list(batch(observation, list(actions)))
    return [int(encoding.action_index(observation, action)) for action in actions]


def memory_entries(encoding: Any, state: State, seat: int) -> dict[int, float]:
    """What ``seat`` remembers as ``{position: value}`` of its non-zero entries: the encoding's
    own ``encode_memory_nonzero`` when it declares one (Drakon: a few of 2,400), else read off
    the dense list."""
    entries = getattr(encoding, "encode_memory_nonzero", None)
    if entries is not None:
        found: dict[int, float] = entries(state, seat)
        return found
    return {k: value for k, value in enumerate(encoding.encode_memory(state, seat)) if value}


def memory_nonzero(encoding: Any, state: State, seat: int, at: int) -> tuple[list[int], list[float]]:
    """What ``seat`` remembers, as non-zero entries placed from ``at`` on."""
    memory = memory_entries(encoding, state, seat)
    return [at + k for k in memory], list(memory.values())


def information_size(encoding: Any, options: Mapping[str, Any]) -> int:
    """The length of a seat's information-state tensor (its observation's, then its memory's)."""
    size = int(encoding.observation_size(options))
    if hasattr(encoding, "encode_memory"):
        size += int(encoding.memory_size(options))
    return size


def information_state(encoding: Any, options: Mapping[str, Any], state: State, seat: int,
                      observation: Observation | None = None) -> tuple[list[int], list[float]]:
    """``seat``'s information state as non-zero entries: its observation's (``observation``
    when the caller has it already), then its memory's after ``observation_size(options)``."""
    seen = state.observe(seat) if observation is None else observation
    indices, values = nonzero(encoding, seen)
    if hasattr(encoding, "encode_memory"):
        more, more_values = memory_nonzero(encoding, state, seat, int(encoding.observation_size(options)))
        indices, values = indices + more, values + more_values
    return indices, values
