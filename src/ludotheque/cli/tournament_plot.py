"""The tournament's plot: each bot's rating and win share with their 95% intervals, side by side,
best bot on top; PNG or SVG by the file's extension. Matplotlib (the ``report`` extra) is
imported only here, when a plot is asked for, and draws off screen (Agg)."""

from __future__ import annotations

from ..core.errors import LudothequeError
from ..sim.tournament import Outcome
from .tournament_words import decimal, percent, word
from .words import bot_word

Z95 = 1.96


def save_plot(figures: Outcome, even_share: float, path: str, title: str, lang: str) -> None:
    try:
        import matplotlib
    except ImportError:
        raise LudothequeError("plots need matplotlib: pip install 'ludotheque[report]'") from None
    matplotlib.use("Agg")
    from matplotlib import pyplot
    from matplotlib.ticker import PercentFormatter

    standings = list(reversed(figures.standings))  # the best bot at the top
    names = [bot_word(s.bot, lang) for s in standings]
    rows = range(len(standings))
    decimal_sign = "," if lang == "fr" else "."
    figure, (left, right) = pyplot.subplots(1, 2, figsize=(10, 1.6 + 0.55 * len(standings)), sharey=True,
                                            layout="constrained")
    try:
        mus = [s.rating.mu for s in standings]
        left.errorbar(mus, rows, xerr=[Z95 * s.rating.sigma for s in standings], fmt="o", capsize=4,
                      color="tab:blue")
        left.set_yticks(list(rows), names)
        left.set_title(word("plot_rating", lang), fontsize=10)
        shares = [s.win_share for s in standings]
        lows = [s.win_share - s.interval[0] for s in standings]
        highs = [s.interval[1] - s.win_share for s in standings]
        right.errorbar(shares, rows, xerr=[lows, highs], fmt="o", capsize=4, color="tab:green")
        right.axvline(even_share, color="grey", linestyle="--", linewidth=1, label=word("plot_even", lang))
        right.set_xlim(-0.04, 1.04)
        right.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=0,
                                                         symbol="\u202f%" if lang == "fr" else "%"))
        right.set_title(word("plot_share", lang), fontsize=10)
        right.legend(loc="best", fontsize=8)
        for row, share in zip(rows, shares, strict=True):
            right.annotate(percent(share, lang), (share, row), textcoords="offset points", xytext=(0, 7),
                           ha="center", fontsize=8)
        for row, mu in zip(rows, mus, strict=True):
            left.annotate(decimal(mu, 1, lang), (mu, row), textcoords="offset points", xytext=(0, 7),
                          ha="center", fontsize=8)
        for axes in (left, right):
            axes.grid(axis="x", alpha=0.3)
            axes.set_ylim(-0.6, len(standings) - 0.4)
        if decimal_sign == ",":
            left.xaxis.set_major_formatter(lambda value, _: f"{value:g}".replace(".", ","))
        figure.suptitle(title)
        figure.savefig(path)
    finally:
        pyplot.close(figure)
