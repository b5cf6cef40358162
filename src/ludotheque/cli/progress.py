"""Progress of a long run of games (simulate, tournament, report): on a terminal a bar with
games/s and the time left; elsewhere (a pipe, a log file) a plain line now and then, so that a
log shows the run is alive without filling up. Rich is loaded only for the bar."""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TextIO

#: Called with the number of games just finished; 0 once, when the games begin (after a back end
#: such as Ray has started), so that games/s and the time left count from there.
Advance = Callable[[int], None]
#: Seconds between two plain lines.
LINE_EVERY = 10.0


def rate_digits(rate: float) -> int:
    """Decimals enough to show two significant digits of a slow rate (0.031 games/s, not 0)."""
    if rate >= 10 or rate <= 0:
        return 0
    return max(1, 1 - math.floor(math.log10(rate)))


def rate_text(rate: float) -> str:
    return f"{rate:.{rate_digits(rate)}f}"


def clock_time(seconds: float) -> str:
    """0:01:05: a duration as a terminal bar shows it."""
    whole = max(0, round(seconds))
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


class ProgressLines:
    """One line every ``every`` seconds: games done, games/s since the start, time left (the
    bar's figures, with no other word than ``label`` and ``per_second``, in the player's language)."""

    def __init__(self, total: int, label: str, stream: TextIO, per_second: str = "games/s",
                 every: float = LINE_EVERY, clock: Callable[[], float] = time.monotonic) -> None:
        self.total, self.label, self.stream, self.every, self.clock = total, label, stream, every, clock
        self.per_second = per_second
        self.done = 0
        self.began = self.last = clock()

    def __call__(self, games: int) -> None:
        if not games and not self.done:  # the games begin: the start-up is not playing time
            self.began = self.last = self.clock()
            return
        self.done += games
        now = self.clock()
        if now - self.last < self.every or self.done >= self.total:
            return
        self.last = now
        rate = self.done / (now - self.began) if now > self.began else 0.0
        left = clock_time((self.total - self.done) / rate) if rate > 0 else "-:--:--"
        speed = f"{rate_text(rate)} {self.per_second}"
        self.stream.write(f"{self.label} {self.done}/{self.total} {speed} {left}\n")
        self.stream.flush()


@contextmanager
def progress_bar(total: int, label: str = "simulating", per_second: str = "games/s",
                 stream: TextIO | None = None) -> Iterator[Advance]:
    """What to call as games finish: a bar on a terminal (``stream``: standard error), plain lines
    otherwise; ``label`` and ``per_second`` in the player's language."""
    stream = sys.stderr if stream is None else stream
    if not stream.isatty():
        yield ProgressLines(total, label, stream, per_second)
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TextColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class GamesPerSecond(ProgressColumn):
        def render(self, task: Any) -> Text:
            speed = task.finished_speed or task.speed
            shown = "" if speed is None else f"{rate_text(speed)} {per_second}"
            return Text(shown, style="progress.data.speed")

    console = Console(file=stream, highlight=False)
    with Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), GamesPerSecond(),
                  TimeRemainingColumn(), console=console, transient=True) as bar:
        task = bar.add_task("games", total=total)

        def advance(games: int) -> None:
            if games:
                bar.advance(task, games)
            elif not bar.tasks[0].completed:  # the games begin: time and speed count from here
                bar.reset(task, total=total)

        yield advance
