"""The terminal's layout helpers (cli/layout.py): a part's height is what the console prints, and
fitting a screen, which measures the same parts again and again, renders each of them once."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console
from rich.text import Text

from ludotheque.cli.layout import height, indented
from ludotheque.cli.screen import fit_lines


class Counted:
    """A renderable that counts how often it is rendered."""

    def __init__(self, text: str) -> None:
        self.text, self.renders = Text(text), 0

    def __rich_console__(self, console: Console, options: Any) -> Any:
        self.renders += 1
        yield self.text


def console(width: int) -> Console:
    return Console(file=io.StringIO(), width=width, color_system=None)


def printed_lines(on: Console, parts: list[Any]) -> int:
    for part in parts:
        on.print(part)
    file = on.file
    assert isinstance(file, io.StringIO)
    return len(file.getvalue().splitlines())


def test_a_parts_height_is_the_lines_the_console_prints() -> None:
    parts = [Text("short"), indented("a line long enough to wrap " * 4), Text("one\ntwo\nthree")]
    for width in (30, 80):
        assert height(console(width), parts) == printed_lines(console(width), parts)


def test_fitting_lines_renders_each_line_once_per_width() -> None:
    lines = [Counted(f"line {n}") for n in range(30)]
    on = console(40)
    kept = fit_lines(on, lines, 10, "some lines left out")
    assert len(kept) == 10 and kept[:9] == lines[:9]  # nine lines and the note
    assert all(line.renders == 1 for line in lines)  # grown a line at a time, measured once each
    assert height(on, lines[:5]) == 5 and lines[0].renders == 1
    narrower = Console(file=io.StringIO(), width=20, color_system=None)
    assert height(narrower, lines[:1]) == 1 and lines[0].renders == 2  # another console: again
