"""Placeholder: the Gargon heuristic bot is being written (registers ``heuristic``)."""

from __future__ import annotations

from .base import RandomBot
from .registry import register_bot

register_bot("gargon", "heuristic", RandomBot)
