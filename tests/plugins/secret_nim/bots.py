"""Secret Nim's own bot: the keeper leaves a multiple of four when it can; the other takes one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludotheque.core.bot import Bot


class Greedy(Bot):
    name = "greedy"

    def act(self, observation: Any, legal: Sequence[int]) -> int:
        if observation.heap is None:
            return legal[0]
        left = observation.heap - sum(observation.taken)
        return legal[left % 4 - 1] if left % 4 else legal[0]
