"""A sweep's section of the report page: per figure (how games end, length, seat and turn
advantage) a line per row against the swept value, its 95% interval as a band."""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any, Protocol

from .svg import figure_svg
from .sweep_words import sweep_word


class _Page(Protocol):
    """What of the report's page (report_page.py) the sweep's section draws with."""

    lang: str

    def label(self, name: str, key: str) -> str: ...
    def title(self, name: str) -> str: ...
    def _row_labels(self, name: str, keys: list[str]) -> Any: ...
    def _numbers(self, ax: Any) -> None: ...

#: The section's anchor on the page.
ANCHOR = "sweep"


def _plot(page: _Page, name: str, trend: Mapping[str, Any], option: str) -> str:
    import matplotlib.pyplot as plt

    lang = page.lang
    if trend["kind"] == "wins":
        page._row_labels(name, list(trend["series"]))
    fig, ax = plt.subplots(figsize=(8, 3.2))
    for n, (key, points) in enumerate(trend["series"].items()):
        xs = [p["value"] for p in points]
        ys = [p["y"] for p in points]
        label = sweep_word("mean", lang) if trend["kind"] == "mean" else page.label(name, key)
        ax.plot(xs, [float("nan") if y is None else y for y in ys], marker="o", color=f"C{n % 10}",
                label=label)
        ax.fill_between(xs, [float("nan") if p["low"] is None else p["low"] for p in points],
                        [float("nan") if p["high"] is None else p["high"] for p in points],
                        color=f"C{n % 10}", alpha=0.15, linewidth=0)
    fair = trend.get("fair", [])
    if fair:  # dashed, as on the win-share bars (a step where the number of players changes)
        ax.plot([p["value"] for p in fair], [p["y"] for p in fair], linestyle="--", color="#555",
                linewidth=1, drawstyle="steps-mid")
    values = sorted({p["value"] for points in trend["series"].values() for p in points})
    ax.set_xticks(values)  # the values played, and no others
    ax.set_xlabel(option)
    ax.set_ylabel(sweep_word({"wins": "win_share", "shares": "share"}.get(trend["kind"], "mean"), lang))
    page._numbers(ax)
    if trend["kind"] != "mean":
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1))
    return figure_svg(fig, f"{ANCHOR}-{name}")


def sweep_section(page: _Page, sweep: Mapping[str, Any]) -> tuple[str, str]:
    """The section's entry in the contents and the section itself."""
    option, lang = sweep["option"], page.lang
    title = sweep_word("title", lang, option=option)
    plots = "".join(
        f"<h3>{html.escape(page.title(name))}</h3><figure>{_plot(page, name, trend, option)}</figure>"
        for name, trend in sweep["trends"].items())
    section = (f'<section id="{ANCHOR}"><h2>{html.escape(title)}</h2><p class="explain">'
               f'{html.escape(sweep_word("explain", lang, option=option))}</p>{plots}</section>')
    return f'<li><a href="#{ANCHOR}">{html.escape(title)}</a></li>', section


def sweep_intro(report: Mapping[str, Any], bots: str, first: str, lang: str) -> str:
    """The page's first words for a sweep: its columns are the option's values (``first`` is
    the first column's name: the tests' base game)."""
    sweep = report["sweep"]
    values = sweep["values"]
    players = f"{values[0]}–{values[-1]}" if sweep["option"] == "players" else report["players"]
    return sweep_word("intro", lang, games=report["games"], bots=bots, players=players,
                      seed=report["seed"], option=sweep["option"],
                      values=", ".join(map(str, values)), first=first)
