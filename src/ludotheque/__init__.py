"""Ludothèque: Gargon, Drakon and Kagoun as faithful, playable and measurable games."""

import os
import sys

if "numpy" not in sys.modules:
    # What the package asks of numpy's BLAS is small: a network's forward pass for one move or
    # a few leaves of a search. Its threads then only wait for each other, the more so on busy
    # cores (a 192 x 5,365 policy head for one position: 6.5 ms with two threads while both
    # cores were busy, 1.8 ms with one; 8 x 256 by 256 x 256: 8 ms, 0.04 ms on one thread).
    # Unless the user chose, numpy's BLAS keeps to one thread; a process that loaded numpy
    # before this package is left as it is.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from . import compiled  # noqa: E402

__version__ = "0.1.0"

compiled.install()  # the mypyc build of the hot modules, when one matches the sources
