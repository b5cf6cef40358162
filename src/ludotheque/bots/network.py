"""A game's policy and value network, evaluated with numpy alone (playing never needs PyTorch nor
a GPU), and the evaluator that guides the search with it (``bots/evaluators.py``).

The network reads a seat's *information state* (``core/tensors.py``: its observation's tensor,
then its memory's) as non-zero entries: its first layer is a sum of weight rows, one per entry
scaled by its value (where the game declares planes of cells, ``Game.network().planes``, an
entry's row is its plane's row times its cell's, element-wise), then a bias and ReLU, the hidden
layers (ReLU), and two heads: a logit per dense action of the encoding (the policy, illegal ones
masked by whoever reads it) and ``players`` logits in *mover-relative* order (entry r is seat
``(mover + r) % players``), whose softmax is each seat's expected share of the win.

A file is an ``.npz`` of plain arrays (loaded with ``allow_pickle=False``) and one ``meta`` entry,
a JSON string: the game, its options, the sizes, the widths, where the planes lie, and how it was
trained (``trained``). ``learn/nets.py`` (PyTorch) builds the same network and writes such files.
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Mapping, Sequence
from itertools import chain
from pathlib import Path
from random import Random
from typing import Any

import numpy as np  # (its BLAS kept to one thread: ludotheque/__init__.py)
import numpy.typing as npt

from ..core.errors import LudothequeError
from ..core.game import CHANCE, Game, State, sample_chance
from ..core.tensors import action_indices, information_size, information_state
from .evaluators import Evaluator, HeuristicEvaluator, Leaf, shares

Floats = npt.NDArray[np.float32]
#: One seat's information state: its tensor's non-zero entries (indices, values).
Sparse = tuple[Sequence[int], Sequence[float]]

#: The version of the file's layout (``meta["format"]``).
FORMAT = 1
#: Inputs evaluated in one product (more are taken this many at a time).
CHUNK = 16


class NetworkError(LudothequeError):
    """A network file that cannot be read, or that was made for another game or other sizes."""


def array_names(hidden: Sequence[int]) -> list[str]:
    """The arrays of a network file with these hidden widths, in order."""
    names = ["input.rows", "input.planes", "input.cells", "input.bias"]
    for k in range(len(hidden) - 1):
        names += [f"hidden.{k}.weight", f"hidden.{k}.bias"]
    return names + ["policy.weight", "policy.bias", "value.weight", "value.bias"]


def expected_shapes(meta: Mapping[str, Any]) -> dict[str, tuple[int, ...]]:
    """Each array's shape, from the sizes the meta states."""
    hidden = [int(width) for width in meta["hidden"]]
    first, last = hidden[0], hidden[-1]
    planes = meta.get("planes")
    start, count, cells = planes if planes else (0, 0, 0)
    shapes: dict[str, tuple[int, ...]] = {
        "input.rows": (int(meta["input_size"]) - count * cells, first),
        "input.planes": (count, first), "input.cells": (cells, first), "input.bias": (first,)}
    for k in range(len(hidden) - 1):
        shapes[f"hidden.{k}.weight"] = (hidden[k], hidden[k + 1])
        shapes[f"hidden.{k}.bias"] = (hidden[k + 1],)
    shapes["policy.weight"] = (last, int(meta["action_size"]))
    shapes["policy.bias"] = (int(meta["action_size"]),)
    shapes["value.weight"] = (last, int(meta["players"]))
    shapes["value.bias"] = (int(meta["players"]),)
    return shapes


def softmax(logits: Floats) -> Floats:
    """Softmax along the last axis (shifted by the greatest logit: no overflow)."""
    shifted = np.exp(logits - logits.max(axis=-1, keepdims=True))
    result: Floats = shifted / shifted.sum(axis=-1, keepdims=True)
    return result


class Network:
    """A policy and value network's weights, evaluated in numpy (``forward``)."""

    def __init__(self, meta: Mapping[str, Any], arrays: Mapping[str, Floats]) -> None:
        self.meta = dict(meta)
        self.game_id = str(meta["game"])
        self.players = int(meta["players"])
        self.input_size = int(meta["input_size"])
        self.action_size = int(meta["action_size"])
        planes = meta.get("planes")
        #: the planes' first entry, their count and their cells (0, 0, 0 without planes)
        self.planes = (int(planes[0]), int(planes[1]), int(planes[2])) if planes else (0, 0, 0)
        self.rows = arrays["input.rows"]
        self.plane_rows = arrays["input.planes"]
        self.cell_rows = arrays["input.cells"]
        self.input_bias = arrays["input.bias"]
        self.hidden = [(arrays[f"hidden.{k}.weight"], arrays[f"hidden.{k}.bias"])
                       for k in range(len(meta["hidden"]) - 1)]
        self.policy = (arrays["policy.weight"], arrays["policy.bias"])
        self.value = (arrays["value.weight"], arrays["value.bias"])
        #: the file it was read from (what a pickled evaluator names instead of its weights)
        self.path: str | None = None

    @classmethod
    def load(cls, path: str | Path, game: Game | None = None,
             options: Mapping[str, Any] | None = None) -> Network:
        """The network in ``path``, checked whole (raises NetworkError saying what is wrong);
        with ``game``, also that it is that game's, for ``options`` when given (``fits``)."""
        try:
            with np.load(path, allow_pickle=False) as stored:
                meta = json.loads(str(stored["meta"][()]))
                if meta.get("format") != FORMAT:
                    raise NetworkError(f"{path}: network format {meta.get('format')!r}, "
                                       f"this version reads {FORMAT}")
                shapes = expected_shapes(meta)
                arrays: dict[str, Floats] = {}
                for name, shape in shapes.items():
                    array = stored[name]
                    if array.shape != shape or array.dtype != np.float32:
                        raise NetworkError(f"{path}: {name} is {array.dtype} {array.shape}, "
                                           f"its meta says float32 {shape}")
                    arrays[name] = array
        except NetworkError:
            raise
        except FileNotFoundError as missing:
            raise NetworkError(f"no network file {path}") from missing
        except (OSError, ValueError, EOFError, zipfile.BadZipFile) as broken:
            raise NetworkError(f"{path} is not a network file (.npz with a meta): {broken}") from broken
        except (KeyError, TypeError, IndexError) as broken:
            raise NetworkError(f"{path}: a network file without {broken} or with a malformed "
                               "meta") from broken
        network = cls(meta, arrays)
        network.path = str(Path(path).resolve())
        if game is not None:
            wrong = network.unfit(game, options)
            if wrong is not None:
                raise NetworkError(f"{path}: {wrong}")
        return network

    def unfit(self, game: Game, options: Mapping[str, Any] | None = None) -> str | None:
        """Why this network cannot play ``game`` with ``options`` (None: it can)."""
        if self.game_id != game.spec.id:
            return f"a network of {self.game_id}, not of {game.spec.id}"
        if options is None:
            return None
        encoding = game.encoding()
        if int(options["players"]) != self.players:
            return f"a network for {self.players} players, not {options['players']}"
        sizes = information_size(encoding, options), int(encoding.action_size(options))
        if sizes != (self.input_size, self.action_size):
            return (f"inputs and actions {self.input_size}, {self.action_size}; these options' "
                    f"are {sizes[0]}, {sizes[1]}")
        return None

    def first_rows(self, index: npt.NDArray[np.int64]) -> Floats:
        """Each entry's first-layer row (a plane's entry: its plane's row times its cell's)."""
        start, count, cells = self.planes
        if not count:
            rows: Floats = self.rows[index]
            return rows
        end = start + count * cells
        in_planes = (index >= start) & (index < end)
        rows = np.empty((len(index), self.rows.shape[1]), dtype=np.float32)
        outside = index[~in_planes]
        rows[~in_planes] = self.rows[np.where(outside < start, outside, outside - count * cells)]
        plane, cell = np.divmod(index[in_planes] - start, cells)
        rows[in_planes] = self.plane_rows[plane] * self.cell_rows[cell]
        return rows

    def forward(self, inputs: Sequence[Sparse]) -> tuple[Floats, Floats]:
        """Each input's policy logits (every dense action) and value logits (mover-relative)."""
        if len(inputs) > CHUNK:
            parts = [self.forward(inputs[at:at + CHUNK]) for at in range(0, len(inputs), CHUNK)]
            return np.concatenate([p for p, _ in parts]), np.concatenate([v for _, v in parts])
        counts = [len(indices) for indices, _ in inputs]
        total = sum(counts)
        index = np.fromiter(chain.from_iterable(indices for indices, _ in inputs), np.int64, total)
        # the first layer as one product: each input's entries' values (a row of ``spread``,
        # zero elsewhere) times their rows; faster than summing rows in place
        spread = np.zeros((len(inputs), total), dtype=np.float32)
        spread[np.repeat(np.arange(len(inputs)), counts), np.arange(total)] = np.fromiter(
            chain.from_iterable(values for _, values in inputs), np.float32, total)
        hidden = np.maximum(spread @ self.first_rows(index) + self.input_bias, 0.0)
        for weight, bias in self.hidden:
            hidden = np.maximum(hidden @ weight + bias, 0.0)
        policy = hidden @ self.policy[0] + self.policy[1]
        value = hidden @ self.value[0] + self.value[1]
        return policy, value


#: Networks loaded in this process, by file (and its modification time): each loaded once.
_LOADED: dict[tuple[str, int], Network] = {}


def cached(path: str | Path) -> Network:
    """The network in ``path``, loaded once per process (again when the file changes)."""
    resolved = Path(path).resolve()
    key = (str(resolved), resolved.stat().st_mtime_ns if resolved.exists() else 0)
    network = _LOADED.get(key)
    if network is None:
        network = _LOADED[key] = Network.load(resolved)
    return network


def shipped(game: Game, options: Mapping[str, Any]) -> Network | None:
    """The trained network the game ships for ``options`` (loaded once per process), or None:
    none shipped for that many players, or made for other sizes than these options'."""
    declared = game.network()
    path = None if declared is None else declared.shipped(options)
    if path is None:
        return None
    network = cached(path)
    return None if network.unfit(game, options) is not None else network


def best_evaluator(game: Game, options: Mapping[str, Any]) -> Evaluator:
    """The best evaluator installed for a table of ``game`` with ``options``: its shipped network,
    else the game's own knowledge (what hints and the post-game analysis search with)."""
    network = shipped(game, options)
    return HeuristicEvaluator(game) if network is None else NetworkEvaluator(network, game, options)


#: A leaf's mover and information state (indices, values): what its answer depends on.
Known = tuple[int, tuple[int, ...], tuple[float, ...]]
#: Answers an evaluator keeps (it forgets them all past that: a search asks a few thousand).
KNOWN = 20_000


def copied(answer: Leaf) -> Leaf:
    """An answer the search may change (its prior: the root's noise) without changing ours."""
    prior, values = answer
    return (None if prior is None else dict(prior)), list(values)


class NetworkEvaluator(Evaluator):
    """The search guided by a network: a leaf's prior over its mover's legal actions and every
    seat's value, read from the mover's information state alone (what it sees and remembers),
    so they are the same whatever the drawn position hides from that mover."""

    def __init__(self, network: Network, game: Game, options: Mapping[str, Any],
                 batch: int = 8) -> None:
        super().__init__(batch, priors=True)
        self.network = network
        self.game = game
        self.encoding = game.encoding()
        self.options = dict(options)
        self.players = int(options["players"])
        #: answers by information state (the mover's, and its seat): the same for every
        #: position drawn that shows the mover the same, so asked of the network once
        self.known: dict[Known, Leaf] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its network's file, not its weights (read again once per process), when
        it has one."""
        if self.network.path is None:
            return (NetworkEvaluator, (self.network, self.game, self.options, self.batch))
        return (_evaluator_of_file, (self.network.path, self.game, self.options, self.batch))

    def evaluate(self, leaves: list[State], rng: Random) -> list[Leaf]:
        answers: list[Leaf | None] = []
        # the leaves waiting for each information state: (answer's place, leaf, observation)
        waiting: dict[Known, list[tuple[int, State, Any]]] = {}
        inputs: list[Sparse] = []
        for leaf in leaves:
            while leaf.to_act == CHANCE:
                leaf.apply_trusted(sample_chance(leaf, rng))
            if leaf.to_act is None:
                answers.append((None, shares(leaf)))
                continue
            mover = leaf.to_act
            observation = leaf.observe(mover)
            indices, values = information_state(self.encoding, self.options, leaf, mover, observation)
            key = (mover, tuple(indices), tuple(values))
            known = self.known.get(key)
            if known is not None:
                answers.append(copied(known))
                continue
            if key not in waiting:
                waiting[key] = []
                inputs.append((indices, values))
            waiting[key].append((len(answers), leaf, observation))
            answers.append(None)
        if inputs:
            policy, value = self.network.forward(inputs)
            shares_by_mover = softmax(value)
            if len(self.known) + len(inputs) > KNOWN:
                self.known.clear()
            for row, (key, leaves_there) in enumerate(waiting.items()):
                _, leaf, observation = leaves_there[0]
                answer = self.known[key] = (self.prior(leaf, observation, policy[row]),
                                            self.absolute(shares_by_mover[row], key[0]))
                for place, _, _ in leaves_there:
                    answers[place] = copied(answer)
        return [answer for answer in answers if answer is not None]

    def prior(self, leaf: State, observation: Any, logits: Floats) -> dict[Any, float]:
        """The softmax of the logits of the leaf's candidate actions (the others masked)."""
        actions = self.candidates(leaf)
        index = action_indices(self.encoding, observation, actions)
        chosen = softmax(logits[index])
        return {action: float(p) for action, p in zip(actions, chosen, strict=True)}

    def absolute(self, by_mover: Floats, mover: int) -> list[float]:
        """Mover-relative values (entry r: seat ``(mover + r) % players``) by seat."""
        values = [0.0] * self.players
        for r, value in enumerate(by_mover):
            values[(mover + r) % self.players] = float(value)
        return values


def _evaluator_of_file(path: str, game: Game, options: Mapping[str, Any], batch: int) -> NetworkEvaluator:
    """A pickled evaluator back, its network read from its file (once per process)."""
    return NetworkEvaluator(cached(path), game, options, batch)
