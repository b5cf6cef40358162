"""Tables in plain text, drawn as Rich's simple-head box draws them, for commands that print
data without loading Rich (40 ms of start-up for ``simulate``)."""

from __future__ import annotations

from collections.abc import Collection, Sequence


def text_table(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]],
               left: Collection[int] = (0,)) -> str:
    """``title``, the headers, a rule, then the rows; columns in ``left`` align left, the
    others right."""
    widths = [max([len(headers[i]), *(len(row[i]) for row in rows)]) for i in range(len(headers))]

    def line(cells: Sequence[str]) -> str:
        parts = [cell.ljust(width) if i in left else cell.rjust(width)
                 for i, (cell, width) in enumerate(zip(cells, widths, strict=True))]
        return ("  " + "  ".join(parts)).rstrip()

    rule = "  " + "─" * (sum(widths) + 2 * (len(widths) - 1))
    return "\n".join([title, line(headers), rule, *(line(row) for row in rows)]) + "\n"
