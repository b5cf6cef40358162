"""Ludothèque: Gargon, Drakon and Kagoun as faithful, playable and measurable games."""

__version__ = "0.1.0"
