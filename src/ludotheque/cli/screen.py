"""The pieces of a turn's screen that must fit the terminal's height: the box of the last events
and the board's lines shortened with a note. ``play`` puts them together."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.text import Text

from .layout import height, indented


def _event(text: str, old: bool) -> Text:
    line = Text.from_markup(f"• {text}")
    if old:
        line.stylize("dim")
    return line


def events_box(console: Console, texts: Sequence[str], title: str, rows: int,
               new_from: int = 0) -> Panel | None:
    """The last events that fit in ``rows`` lines, borders included, in a box titled ``title``:
    the oldest first, those before index ``new_from`` (seen at the last turn) dimmed. None when
    there is no event or not even one fits."""
    inner = console.options.update(width=max(10, console.width - 4))
    chosen: list[Text] = []
    used = 2  # the top and bottom borders
    for index in range(len(texts) - 1, -1, -1):
        line = _event(texts[index], index < new_from)
        need = len(console.render_lines(line, inner, pad=False))
        if used + need > rows:
            break
        chosen.insert(0, line)
        used += need
    if not chosen:
        return None
    body = Text("\n").join(chosen)
    return Panel(body, title=f"[bold]{title}[/]", title_align="left", box=box.ROUNDED, padding=(0, 1))


def box_height(console: Console, texts: Sequence[str], count: int = 1) -> int:
    """The lines a box of the last ``count`` events takes (0 without events)."""
    if not texts:
        return 0
    inner = console.options.update(width=max(10, console.width - 4))
    return 2 + sum(len(console.render_lines(_event(text, False), inner, pad=False))
                   for text in texts[-count:])


def fit_lines(console: Console, lines: Sequence[RenderableType], rows: int,
              elided: str) -> list[RenderableType]:
    """The first of ``lines`` that fit in ``rows`` screen lines; when some are left out, the
    last line says so (``elided``)."""
    if height(console, lines) <= rows:
        return list(lines)
    kept: list[RenderableType] = []
    note = indented(f"[dim]{elided}[/]")
    for line in lines:
        if height(console, [*kept, line, note]) > rows:
            break
        kept.append(line)
    return [*kept, note] if rows >= 1 else []
