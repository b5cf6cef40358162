"""What ``ludotheque train`` shows while it runs: on a terminal, a bar for the phase under way
(imitation, self-play, training, gate) with games/s, positions/s and the running losses; a line for each
generation once checkpointed (on a terminal above the bar, elsewhere on standard output, so a
log file holds the run's history). Rich is loaded only for the bar."""

from __future__ import annotations

import math
import sys
import time
from typing import TYPE_CHECKING, Any, TextIO

from .progress import rate_text

if TYPE_CHECKING:  # the loop imports torch: without it, the command says what to install
    from ..learn.loop import Counters, Generation

PHASES = {"en": {"imitation": "imitation", "reinforcement": "against the heuristic", "self-play": "self-play",
                 "training": "training", "gate": "gate"},
          "fr": {"imitation": "imitation", "reinforcement": "contre l'heuristique", "self-play": "auto-jeu",
                 "training": "entraînement", "gate": "épreuve"}}
LINES = {
    "en": {"phase": "generation {n} · {phase}", "games": "games/s", "positions": "positions/s",
           "steps": "steps/s", "losses": "loss: policy {p:.3f}, value {v:.3f}",
           "line": "generation {n}: {games} games, {positions} positions ({rate} positions/s), "
                   "loss: policy {p:.3f}, value {v:.3f}; {gate}; {seconds:.0f} s",
           "promoted": "gate {share} of {games} games (fair {fair:.0%}): promoted",
           "kept": "gate {share} of {games} games (fair {fair:.0%}): best kept",
           "ungated": "promoted without a gate",
           "imitated": "the heuristic imitated: generation 1 trains on from it",
           "reinforced": "won {share} of {games} games against the heuristic (fair {fair:.0%})"},
    "fr": {"phase": "génération {n} · {phase}", "games": "parties/s", "positions": "positions/s",
           "steps": "pas/s", "losses": "perte : politique {p:.3f}, valeur {v:.3f}",
           "line": "génération {n} : {games} parties, {positions} positions ({rate} positions/s), "
                   "perte : politique {p:.3f}, valeur {v:.3f} ; {gate} ; {seconds:.0f} s",
           "promoted": "épreuve {share} sur {games} parties (part juste {fair:.0%}) : promu",
           "kept": "épreuve {share} sur {games} parties (part juste {fair:.0%}) : le meilleur reste",
           "ungated": "promu sans épreuve",
           "imitated": "l'heuristique imitée : la génération 1 repart de là",
           "reinforced": "{share} des {games} parties gagnées contre l'heuristique (part juste {fair:.0%})"},
}
#: Losses shown on the bar: the mean of the last steps, so that it moves smoothly.
SMOOTHING = 0.9


def generation_line(result: Generation, lang: str = "en") -> str:
    """A generation's figures in one line, in ``lang``."""
    words = LINES[lang]
    gate = result.gate
    if result.phase == "reinforcement":
        verdict = words["reinforced"].format(share=f"{gate.share:.0%}", games=gate.games, fair=gate.fair)
    elif result.generation == 0:
        verdict = words["imitated"]
    elif gate.games == 0:
        verdict = words["ungated"]
    else:
        verdict = words["promoted" if gate.promoted else "kept"].format(
            share=f"{gate.share:.0%}", games=gate.games, fair=gate.fair)
    rate = result.positions / result.seconds if result.seconds > 0 else math.inf
    return words["line"].format(n=result.generation, games=result.games, positions=result.positions,
                                rate=rate_text(rate), p=result.losses.policy, v=result.losses.value,
                                gate=verdict, seconds=result.seconds)


class TrainingProgress:
    """The run's reporter (``learn.loop.Reporter``), used as a context manager around the run."""

    def __init__(self, lang: str = "en", stream: TextIO | None = None) -> None:
        self.lang = lang
        self.stream = sys.stderr if stream is None else stream
        self.generation = 1
        self.phase = ""
        self.done = self.positions = 0
        self.began = time.monotonic()
        self.policy = self.value = math.nan
        self._bar: Any = None
        self._task: Any = None

    def __enter__(self) -> TrainingProgress:
        if self.stream.isatty():
            self._bar = _rich_bar(self.stream)
            self._bar.__enter__()
            self._task = self._bar.add_task("", total=1, figures="")
        return self

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.__exit__(*exc)

    def begin(self, generation: int, phase: str, total: int) -> None:
        self.generation, self.phase = generation, phase
        self.done = self.positions = 0
        self.began = time.monotonic()
        if self._bar is not None:
            label = LINES[self.lang]["phase"].format(n=generation, phase=PHASES[self.lang][phase])
            self._bar.reset(self._task, total=total, description=label, figures="")
            self._bar.refresh()  # the new phase shows at once, not at the next tick

    def advance(self, done: int, positions: int = 0) -> None:
        self.done += done
        self.positions += positions
        if self._bar is not None:
            self._bar.update(self._task, advance=done, figures=self.figures())

    def losses(self, policy: float, value: float) -> None:
        if math.isnan(self.policy):
            self.policy, self.value = policy, value
        else:
            self.policy = SMOOTHING * self.policy + (1 - SMOOTHING) * policy
            self.value = SMOOTHING * self.value + (1 - SMOOTHING) * value

    def figures(self) -> str:
        """The phase's rates (games/s and positions/s, or steps/s) and the running losses."""
        words = LINES[self.lang]
        elapsed = max(time.monotonic() - self.began, 1e-9)
        if self.phase == "training":
            shown = [f"{rate_text(self.done / elapsed)} {words['steps']}"]
        else:
            shown = [f"{rate_text(self.done / elapsed)} {words['games']}"]
            if self.phase in ("self-play", "imitation", "reinforcement"):
                shown.append(f"{rate_text(self.positions / elapsed)} {words['positions']}")
        if not math.isnan(self.policy):
            shown.append(words["losses"].format(p=self.policy, v=self.value))
        return " · ".join(shown)

    def finished(self, generation: Generation, counters: Counters) -> None:
        line = generation_line(generation, self.lang)
        if self._bar is not None:
            self._bar.console.print(line, highlight=False, soft_wrap=True)
        else:
            print(line, flush=True)
        self.generation = generation.generation + 1


def _rich_bar(stream: TextIO) -> Any:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TextColumn("{task.fields[figures]}", style="progress.data.speed"),
                    TimeRemainingColumn(), console=Console(file=stream, highlight=False),
                    transient=True)
