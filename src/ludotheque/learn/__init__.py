"""Learned play: each game's policy and value network in PyTorch (``nets.py``) and its training
by self-play (``ludotheque train``). Needs the ``learn`` extra (PyTorch); playing a trained
network does not (``bots/network.py`` evaluates it with numpy)."""

from __future__ import annotations

from ..core.errors import LudothequeError

#: What to install when PyTorch is missing.
INSTALL = "pip install 'ludotheque[learn]'"


def missing_torch() -> LudothequeError:
    """The error to raise (``from None``: no traceback) where PyTorch is needed and missing."""
    return LudothequeError(f"learning needs PyTorch: {INSTALL}")
