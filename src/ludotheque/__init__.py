"""Ludothèque: Gargon, Drakon and Kagoun as faithful, playable and measurable games."""

from . import compiled

__version__ = "0.1.0"

compiled.install()  # the mypyc build of the hot modules, when one matches the sources
