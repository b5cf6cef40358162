"""Expert iteration, a generation at a time, in one output folder:

0. once, before the first generation, when asked (``imitate`` games): the network learns to play
   as the game's heuristic does (``learn/imitation.py``), trained on those games' samples alone
   (not kept in the buffer) and kept as ``networks/gen-000.npz``; it is not the best network
   (the search guided by the game's own knowledge stays the teacher until a gate promotes one),
   but generation 1 trains on from it instead of from random weights;
   then, when asked (``reinforce`` games), rounds of games against the heuristic, each followed
   by an update of the network's policy towards the moves that won (``learn/reinforce.py``),
   each round checkpointed and a line in the history (a learning curve);
1. self-play: ``games`` games of the search guided by the best network so far (the game's own
   knowledge before there is one, so that the first data is already decent);
2. their samples go to the replay buffer (``buffer/``, shards on disk);
3. the learner trains on minibatches of the buffer (``steps``; by default enough for each new
   sample to be drawn ``REPLAY`` times);
4. the network is exported as the candidate (``candidate.npz``);
5. the gate plays it against the best so far (``learn/gate.py``): promoted, it becomes
   ``best.npz``, the network the next self-play uses;
6. the checkpoint (``checkpoint.pt``: the network, Adam's state, the generation, the counters)
   is written, a line added to ``history.jsonl`` and the card (``card.json``, ``card.md``) made
   again.

Every file is written under another name and renamed, so a run stopped at any moment leaves a
folder that a second run with the same ``out`` continues from the generation after the last
checkpoint (a generation stopped half-way is played again: its self-play's samples, already in
the buffer, are kept). ``generations`` and ``hours`` bound this run, not the folder's total.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import shutil
import time
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import torch

from ..core.errors import LudothequeError
from ..core.game import Game
from ..core.registry import get_game
from ..sim.runner import game_seed
from .actors import play_games
from .buffer import ReplayBuffer
from .card import write_card
from .gate import GateJob, Verdict, gate_chunk, verdict
from .imitation import ImitationJob, imitation_chunk
from .learner import EPOCHS, REINFORCE_BATCH, Learner, Losses, device_of
from .nets import PolicyValueNet, build, export, meta_for
from .reinforce import ROUND, Played, ReinforceJob, reinforce_chunk
from .samples import Samples
from .selfplay import TEMPERATURE_MOVES, SelfPlayJob, self_play_chunk

CHECKPOINT = "checkpoint.pt"
BEST = "best.npz"
CANDIDATE = "candidate.npz"
BUFFER = "buffer"
HISTORY = "history.jsonl"
LOCK = "lock"
#: Every generation's candidate, kept (``gen-001.npz`` ...): the learning curve reads them
#: (``benchmarks/learning_curve.py``).
NETWORKS = "networks"
#: How many times, on average, the default number of steps draws each new sample.
REPLAY = 4
#: Every this many rounds of reinforcement (and after the last), the network is also kept as
#: ``networks/gen-000-NNNNNN.npz`` (games played against the heuristic so far): the learning curve
#: reads them.
SNAPSHOT_ROUNDS = 10


@dataclass(frozen=True)
class Plan:
    """What a run is asked to do (``ludotheque train``'s options)."""

    game_id: str
    options: Mapping[str, Any]
    out: Path
    generations: int | None = None  # this run's; None: until ``hours`` (or a stop)
    hours: float | None = None  # this run's: no generation starts after them
    games: int = 100  # self-play games a generation
    iterations: int = 100  # search walks a move, self-play and gate
    gate_games: int = 16  # rounded up to whole deals (one game a seat); 0: no gate
    batch_size: int = 256
    steps: int | None = None  # training steps a generation; None: REPLAY draws of each new sample
    capacity: int = 200_000  # samples the replay buffer keeps
    learning_rate: float = 1e-3
    device: str = "auto"
    jobs: int = 1
    backend: str = "local"
    address: str | None = None
    seed: int = 0  # a new folder's (a resumed one keeps its own)
    hidden: tuple[int, ...] | None = None  # a new folder's widths; None: the game's own
    temperature_moves: int = TEMPERATURE_MOVES
    imitate: int = 0  # heuristic games imitated before a new folder's first generation
    reinforce: int = 0  # games against the heuristic, learning from them, before generation 1
    command: str = ""


@dataclass
class Counters:
    """What a folder has done so far (kept in its checkpoint)."""

    generation: int = 0
    games: int = 0
    positions: int = 0
    steps: int = 0
    seconds: float = 0.0
    best: int = 0  # the generation of best.npz; 0: none yet (the game's own knowledge)
    imitated: int = 0  # heuristic games imitated first (generation 0)
    reinforced: int = 0  # games played against the heuristic then (generation 0)
    commands: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Generation:
    """One generation's figures (a line of ``history.jsonl``)."""

    generation: int
    games: int
    positions: int
    seconds: float
    losses: Losses
    gate: Verdict  # reinforcement: the network's share of the round's wins against the heuristic
    phase: str = "self-play"  # generation 0's: "imitation" or "reinforcement"

    def to_json(self) -> dict[str, Any]:
        return {"generation": self.generation, "phase": self.phase, "games": self.games,
                "positions": self.positions,
                "seconds": self.seconds, "policy_loss": self.losses.policy,
                "value_loss": self.losses.value, "steps": self.losses.steps, "gate": self.gate.to_json()}


class Reporter(Protocol):
    """Who hears of the run's progress (the command's progress bar)."""

    def begin(self, generation: int, phase: str, total: int) -> None:
        """A phase starts: ``self-play`` or ``gate`` (``total`` games) or ``training`` (steps)."""

    def advance(self, done: int, positions: int = 0) -> None:
        """``done`` more games (and the positions they gave) or steps."""

    def losses(self, policy: float, value: float) -> None:
        """A training step's losses."""

    def finished(self, generation: Generation, counters: Counters) -> None:
        """A generation is checkpointed."""


class Silent:
    """A reporter that hears nothing."""

    def begin(self, generation: int, phase: str, total: int) -> None:
        pass

    def advance(self, done: int, positions: int = 0) -> None:
        pass

    def losses(self, policy: float, value: float) -> None:
        pass

    def finished(self, generation: Generation, counters: Counters) -> None:
        pass


def new_net(game: Game, options: Mapping[str, Any], hidden: tuple[int, ...] | None) -> PolicyValueNet:
    """The game's network; ``hidden``: other widths than the game declares (a test's tiny ones)."""
    net = build(game, options)
    if hidden is None or tuple(net.widths) == hidden:
        return net
    start, count, cells = net.planes
    return PolicyValueNet(net.input_size, net.action_size, net.players, hidden,
                          (start, count, cells) if count else None)


def _write_atomically(path: Path, write: Any) -> None:
    temporary = path.with_name(path.name + ".partial")
    write(temporary)
    os.replace(temporary, path)


class Run:
    """A training folder: its network, optimiser, buffer and counters, ready for a generation."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.game = get_game(plan.game_id)
        self.options = self.game.resolve_options(plan.options)
        self.players = int(self.options["players"])
        plan.out.mkdir(parents=True, exist_ok=True)
        self.device = device_of(plan.device)
        saved = self._saved()
        self.seed = int(saved["seed"]) if saved else plan.seed
        hidden = tuple(int(w) for w in saved["hidden"]) if saved else plan.hidden
        if not saved:
            torch.manual_seed(self.seed)
        self.learner = Learner(new_net(self.game, self.options, hidden), self.device, plan.learning_rate)
        self.counters = Counters()
        if saved:
            self.learner.net.load_state_dict(saved["model"])
            self.learner.optimizer.load_state_dict(saved["optimizer"])
            self.counters = Counters(**saved["counters"])
        self.counters.commands.append(plan.command)
        self.buffer = ReplayBuffer(plan.out / BUFFER, self.players, plan.capacity)

    def _saved(self) -> dict[str, Any] | None:
        """The folder's checkpoint, checked to be of this game and these options (or None)."""
        path = self.plan.out / CHECKPOINT
        if not path.exists():
            return None
        saved: dict[str, Any] = torch.load(path, map_location=self.device, weights_only=True)
        if saved["game"] != self.game.spec.id or saved["options"] != self.options:
            raise LudothequeError(f"{self.plan.out} holds the training of {saved['game']} with "
                                  f"{saved['options']}, not of these options: choose another --out")
        return saved

    def best_bytes(self) -> bytes | None:
        path = self.plan.out / BEST
        return path.read_bytes() if path.exists() else None

    def imitation(self, reporter: Reporter) -> Generation:
        """Generation 0: play ``plan.imitate`` games of the heuristic and train on them."""
        plan, counters = self.plan, self.counters
        began = time.monotonic()
        job = ImitationJob(self.game.spec.id, dict(self.options), game_seed(self.seed, 0))
        reporter.begin(0, "imitation", plan.imitate)

        def arrived(part: list[tuple[int, Samples]]) -> None:
            reporter.advance(len(part), sum(len(samples) for _, samples in part))

        samples = self._in_order(play_games(imitation_chunk, job, plan.imitate, plan.backend, plan.jobs,
                                            plan.address, arrived))
        losses = self._learn(0, samples, reporter)
        trained = self._trained(0, 0, 0, losses.steps, time.monotonic() - began)
        trained["imitated"] = plan.imitate
        (plan.out / NETWORKS).mkdir(exist_ok=True)
        export(self.learner.net, plan.out / NETWORKS / "gen-000.npz",
               meta_for(self.game, self.options, trained))
        seconds = time.monotonic() - began
        counters.imitated = plan.imitate
        counters.steps += losses.steps
        counters.seconds += seconds
        return self._recorded(Generation(0, plan.imitate, len(samples), seconds, losses,
                                         Verdict(0, math.nan, 1.0 / self.players, False), "imitation"),
                              reporter)

    def reinforcement(self, reporter: Reporter) -> Generation:
        """A round of generation 0's reinforcement: up to ``ROUND`` games of the network against
        the heuristic, then a PPO update on them; kept as ``networks/gen-000.npz``."""
        plan, counters = self.plan, self.counters
        began = time.monotonic()
        games = min(ROUND, plan.reinforce - counters.reinforced)
        number = counters.reinforced // ROUND
        # the network that plays the round: its file's bytes, as the actors read networks
        playing = export(self.learner.net, plan.out / CANDIDATE, meta_for(self.game, self.options))
        job = ReinforceJob(self.game.spec.id, dict(self.options), game_seed(self.seed, -1 - number),
                           playing.read_bytes())
        reporter.begin(0, "reinforcement", games)

        def arrived(part: list[tuple[int, Played]]) -> None:
            reporter.advance(len(part), sum(len(played) for _, played in part))

        found = play_games(reinforce_chunk, job, games, plan.backend, plan.jobs, plan.address, arrived)
        played = Played.concat([p for _, p in sorted(found, key=lambda item: item[0])], self.players)
        reporter.begin(0, "training", -(-len(played) // REINFORCE_BATCH) * EPOCHS)

        def stepped(policy: float, value: float) -> None:
            reporter.losses(policy, value)
            reporter.advance(1)

        losses = self.learner.reinforce(played, np.random.default_rng([self.seed, 0, number]),
                                        stepped)
        counters.reinforced += games
        counters.steps += losses.steps
        trained = self._trained(0, 0, 0, 0, time.monotonic() - began)
        trained.update(imitated=counters.imitated, reinforced=counters.reinforced)
        (plan.out / NETWORKS).mkdir(exist_ok=True)
        warm = export(self.learner.net, plan.out / NETWORKS / "gen-000.npz",
                      meta_for(self.game, self.options, trained))
        if counters.reinforced >= plan.reinforce or (number + 1) % SNAPSHOT_ROUNDS == 0:
            _write_atomically(plan.out / NETWORKS / f"gen-000-{counters.reinforced:06d}.npz",
                              lambda path: shutil.copyfile(warm, path))
        seconds = time.monotonic() - began
        counters.seconds += seconds
        share = float(played.shares.mean())
        return self._recorded(Generation(0, games, len(played), seconds, losses,
                                         Verdict(games, share, 1.0 / self.players, False), "reinforcement"),
                              reporter)

    def _recorded(self, result: Generation, reporter: Reporter) -> Generation:
        """A finished generation's checkpoint, history line and card written, and told."""
        self._checkpoint()
        with (self.plan.out / HISTORY).open("a", encoding="utf-8") as history:
            history.write(json.dumps(result.to_json()) + "\n")
        write_card(self.plan.out, self.game, self.options, self._card_facts(result))
        reporter.finished(result, self.counters)
        return result

    def _learn(self, number: int, samples: Samples | ReplayBuffer, reporter: Reporter,
               new: int | None = None) -> Losses:
        """Train generation ``number`` on minibatches of ``samples`` (``plan.steps``, or enough for
        each of ``new`` samples, all of them by default, to be drawn ``REPLAY`` times)."""
        plan = self.plan
        steps = plan.steps if plan.steps is not None else max(
            1, math.ceil(REPLAY * (len(samples) if new is None else new) / plan.batch_size))
        reporter.begin(number, "training", steps)

        def stepped(policy: float, value: float) -> None:
            reporter.losses(policy, value)
            reporter.advance(1)

        rng = np.random.default_rng([self.seed, number])
        return self.learner.train(samples, steps, plan.batch_size, rng, stepped)

    def generation(self, reporter: Reporter) -> Generation:
        """Play, train, gate and checkpoint the next generation."""
        plan, counters = self.plan, self.counters
        number = counters.generation + 1
        began = time.monotonic()
        best = self.best_bytes()
        samples = self._self_play(number, best, reporter)
        self.buffer.add(samples)
        losses = self._learn(number, self.buffer, reporter, len(samples))
        steps = losses.steps
        trained = self._trained(number, plan.games, len(samples), steps, time.monotonic() - began)
        candidate = export(self.learner.net, plan.out / CANDIDATE,
                           meta_for(self.game, self.options, trained))
        (plan.out / NETWORKS).mkdir(exist_ok=True)
        _write_atomically(plan.out / NETWORKS / f"gen-{number:03d}.npz",
                          lambda path: shutil.copyfile(candidate, path))
        gate = self._gate(number, candidate.read_bytes(), best, reporter)
        if gate.promoted:
            _write_atomically(plan.out / BEST, lambda path: shutil.copyfile(candidate, path))
            counters.best = number
        seconds = time.monotonic() - began
        counters.generation = number
        counters.games += plan.games
        counters.positions += len(samples)
        counters.steps += steps
        counters.seconds += seconds
        return self._recorded(Generation(number, plan.games, len(samples), seconds, losses, gate),
                              reporter)

    def _self_play(self, number: int, best: bytes | None, reporter: Reporter) -> Samples:
        plan = self.plan
        job = SelfPlayJob(self.game.spec.id, dict(self.options), game_seed(self.seed, 2 * number),
                          plan.iterations, best, plan.temperature_moves)
        reporter.begin(number, "self-play", plan.games)

        def arrived(part: list[tuple[int, Samples]]) -> None:
            reporter.advance(len(part), sum(len(samples) for _, samples in part))

        return self._in_order(play_games(self_play_chunk, job, plan.games, plan.backend, plan.jobs,
                                         plan.address, arrived))

    def _in_order(self, found: list[tuple[int, Samples]]) -> Samples:
        """Games' samples, come back in any order, joined in the order of the games."""
        return Samples.concat([samples for _, samples in sorted(found, key=lambda item: item[0])],
                              self.players)

    def _gate(self, number: int, candidate: bytes, best: bytes | None, reporter: Reporter) -> Verdict:
        plan = self.plan
        if plan.gate_games <= 0:
            return Verdict(0, math.nan, 1.0 / self.players, True)
        games = -(-plan.gate_games // self.players) * self.players  # whole deals
        job = GateJob(self.game.spec.id, dict(self.options), game_seed(self.seed, 2 * number + 1),
                      plan.iterations, candidate, best)
        reporter.begin(number, "gate", games)

        def arrived(part: list[float]) -> None:
            reporter.advance(len(part))

        return verdict(play_games(gate_chunk, job, games, plan.backend, plan.jobs, plan.address, arrived),
                       self.players)

    def _trained(self, number: int, games: int, positions: int, steps: int, seconds: float
                 ) -> dict[str, Any]:
        """How the candidate was trained (its file's ``meta["trained"]``)."""
        counters = self.counters
        return {"generation": number, "games": counters.games + games,
                "positions": counters.positions + positions, "steps": counters.steps + steps,
                "hours": (counters.seconds + seconds) / 3600, "commands": list(counters.commands),
                "hardware": hardware(self.device, self.plan)}

    def _checkpoint(self) -> None:
        saved = {"game": self.game.spec.id, "options": self.options, "seed": self.seed,
                 "hidden": list(self.learner.net.widths), "model": self.learner.net.state_dict(),
                 "optimizer": self.learner.optimizer.state_dict(), "counters": asdict(self.counters)}
        _write_atomically(self.plan.out / CHECKPOINT, lambda path: torch.save(saved, path))

    def _card_facts(self, last: Generation) -> dict[str, Any]:
        counters = self.counters
        return {"commands": counters.commands, "generations": counters.generation,
                "games": counters.games, "positions": counters.positions, "steps": counters.steps,
                "hours": counters.seconds / 3600, "best_generation": counters.best,
                "hardware": hardware(self.device, self.plan),
                "widths": list(self.learner.net.widths), "imitated": counters.imitated,
                "reinforced": counters.reinforced,
                "last": last.to_json()}


def hardware(device: torch.device, plan: Plan) -> dict[str, Any]:
    """Where the run learns and plays: the learner's device, the actors, the machine's CPUs."""
    import platform

    learner = torch.cuda.get_device_name(device) if device.type == "cuda" else "CPU"
    return {"learner": f"{device.type} ({learner})", "machine": platform.machine(),
            "cpus": os.cpu_count(), "actors": f"{plan.backend}, jobs {plan.jobs}",
            "torch": torch.__version__}


@contextlib.contextmanager
def only_run(out: Path) -> Iterator[None]:
    """The folder held by this run alone (``LOCK``, locked while it trains): a second run on the
    same folder is refused, not left to write the same checkpoint and history. Where the system
    has no ``fcntl`` (Windows), nothing is locked."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    out.mkdir(parents=True, exist_ok=True)
    with (out / LOCK).open("a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise LudothequeError(f"another run is training in {out}: wait for it to end, or "
                                  "choose another --out") from None
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def train(plan: Plan, reporter: Reporter | None = None) -> Counters:
    """Run generations until ``plan``'s budget is spent; the folder's counters."""
    with only_run(plan.out):
        return _train(plan, reporter)


def _train(plan: Plan, reporter: Reporter | None) -> Counters:
    heard = reporter if reporter is not None else Silent()
    run = Run(plan)
    began = time.monotonic()
    played = 0
    if plan.imitate > 0 and run.counters.generation == 0 and not run.counters.imitated:
        run.imitation(heard)
    while run.counters.generation == 0 and run.counters.reinforced < plan.reinforce:
        if plan.hours is not None and time.monotonic() - began >= plan.hours * 3600:
            return run.counters
        run.reinforcement(heard)
    while plan.generations is None or played < plan.generations:
        if plan.hours is not None and time.monotonic() - began >= plan.hours * 3600:
            break
        run.generation(heard)
        played += 1
    return run.counters
