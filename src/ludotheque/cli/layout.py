"""Rich layouts of what a game's renderer says: tables, the board, the score sheet, events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from weakref import WeakKeyDictionary

from rich import box
from rich.console import Console, RenderableType
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..renderers import Table as TableData


def rich_table(data: TableData, title: str | None = None, first_bold: bool = True) -> Table:
    headers, rows = data
    table = Table(title=title, box=box.ROUNDED, show_lines=False, title_justify="left",
                  header_style="bold")
    # the players' names on one line each when they are short enough: a wrapped name costs a line
    names = max((Text.from_markup(row[0]).cell_len for row in rows if row), default=0)
    for index, header in enumerate(headers):
        table.add_column(header, style="bold" if first_bold and index == 0 else None,
                         overflow="fold", no_wrap=index == 0 and names <= 30)
    for row in rows:
        table.add_row(*row)
    return table


def board_parts(board: tuple[TableData, list[str]], title: str | None = None) -> list[RenderableType]:
    """The board as what the console prints: its table, then its lines indented (their wrapped
    part too)."""
    data, lines = board
    return [rich_table(data, title), *(indented(line) for line in lines)]


def indented(markup: str, indent: int = 2) -> Padding:
    """A line of markup indented, its wrapped part too (never back at column 0)."""
    return Padding(Text.from_markup(markup), (0, 0, 0, indent), expand=False)


#: The lines each part was found to take, by console, then by the part's id and the width:
#: fitting a turn's screen measures the same parts again and again (the board's lines against
#: each layout, a list grown a line at a time): rendered each time, they took two thirds of the
#: game's CPU (40 turns of Gargon in tests/cli/test_terminal_80x24.py: 7.3 s, 5.0 s measured
#: once). Each entry keeps its part, so that its id is not another's while it is kept; the
#: entries are dropped when there are too many.
_MEASURED: WeakKeyDictionary[Console, dict[tuple[int, int], tuple[RenderableType, int]]] = WeakKeyDictionary()
_MEASURED_MAX = 4096


def height(console: Console, parts: Sequence[RenderableType]) -> int:
    """How many lines ``parts`` take on ``console`` (wrapped at its width), each part rendered
    once (a part must not change once measured)."""
    options = console.options
    measured = _MEASURED.setdefault(console, {})
    total = 0
    for part in parts:
        key = (id(part), options.max_width)
        known = measured.get(key)
        if known is None or known[0] is not part:
            if len(measured) >= _MEASURED_MAX:
                measured.clear()
            known = measured[key] = (part, len(console.render_lines(part, options, pad=False)))
        total += known[1]
    return total


def print_board(console: Console, board: tuple[TableData, list[str]], title: str | None = None) -> None:
    for part in board_parts(board, title):
        console.print(part)


def print_events(console: Console, texts: Sequence[str], title: str | None = None,
                 indent: str = "  ") -> None:
    if title and texts:
        console.print(f"[bold]{title}[/]")
    for text in texts:
        console.print(f"{indent}• {text}")


def choice_lines(console: Console, labels: Sequence[str], first: int = 1) -> list[Text]:
    """Numbered choices (from ``first``) in as many columns as fit (hand-made: Rich's Columns is
    slow for the hundred-odd plays a first player may have); a label wider than the console
    keeps a line of its own and wraps."""
    texts = [Text.from_markup(f"[dim]{i:>3}[/] {label}") for i, label in enumerate(labels, first)]
    width = max((t.cell_len for t in texts), default=0) + 2
    per_line = max(1, console.width // width)
    lines = []
    for start in range(0, len(texts), per_line):
        line = Text()
        for text in texts[start:start + per_line]:
            line.append_text(text)
            line.append(" " * (width - text.cell_len))
        line.rstrip()
        lines.append(line)
    return lines


def print_choices(console: Console, labels: Sequence[str]) -> None:
    for line in choice_lines(console, labels):
        console.print(line)


def print_scores(console: Console, sheet: TableData, end: Mapping[str, Any], title: str) -> None:
    """The score sheet, then who won and why (``end``: ``renderers.end_words``), and for the
    player's seat whether it won."""
    table = rich_table(sheet, title)
    table.show_lines = True
    console.print(table)
    console.print(f"[bold green]{escape(end['winners'])}[/]")
    if end["reason"]:
        console.print(escape(_capital(end["reason"])))
    if end["outcome"]:
        console.print(f"[bold]{escape(end['outcome'])}[/]")


def _capital(text: str) -> str:
    """A reason (a clause in the web's "who — why") as a sentence of its own."""
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!")) else ".")
