"""A balance report as one self-contained HTML page: each figure of ``sim/report.py`` drawn by
matplotlib as inline SVG (no file, script or font fetched), the variants side by side, with a
table of its numbers and a warning where it rests on too few games. Words in English or French:
the report's own (``report_words.py``) and the game's (its ``report`` module)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core.words import language
from .report import TOO_FEW_GAMES, WIDEST_MARGIN
from .report_boxes import boxes_section, first_column
from .report_words import FIGURES, word
from .svg import figure_svg

Words = Mapping[str, tuple[str, str, Mapping[str, str]]]

#: Figures every game has, first and in this order; the game's own follow.
GENERIC = ("seat_advantage", "turn_order", "bots", "length_actions", "length_rounds", "scores")

_STYLE = """
body{font-family:system-ui,sans-serif;max-width:980px;margin:2em auto;padding:0 1em;color:#222}
h1{font-size:1.6em} h2{font-size:1.25em;margin-top:2em;border-bottom:1px solid #ccc}
.explain{color:#444} .warning{background:#fff3cd;border:1px solid #e0b400;padding:.5em .8em;
border-radius:4px} figure{margin:0} figure svg{max-width:100%;height:auto}
table{border-collapse:collapse;margin:.6em 0;font-size:.9em} td,th{border:1px solid #ddd;
padding:.2em .6em;text-align:right} th:first-child,td:first-child{text-align:left}
nav li{display:inline;margin-right:1em}
.tests{font-size:.9em;color:#333} .not-significant{color:#777;font-style:italic}
.significant{font-weight:600} footer{margin-top:3em;color:#666;font-size:.85em}
"""


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}"


def _share(value: float | None, low: float | None, high: float | None) -> str:
    """``27.5 % (21.0–34.2)``: a share and its Wilson interval (a dash for a seat a variant does
    not have)."""
    return "—" if value is None else f"{_pct(value)} % ({_pct(low)}–{_pct(high)})"


def _p(value: float) -> str:
    return "< 0.001" if value < 0.001 else f"{value:.3f}"


def _num(value: float | None) -> str:
    if value is None:
        return "—"
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.2f}"


def _num2(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


class _Page:
    def __init__(self, report: Mapping[str, Any], game_words: Words, lang: str,
                 bots: Sequence[str]) -> None:
        self.report, self.lang, self.bots = report, lang, bots
        self.json_file: str | None = None
        self.box_words: Mapping[str, str] = {}
        self.bot_names = dict(zip(report["bots"], bots, strict=False))
        self.columns = [self._column_name(v) for v in report["variants"]]
        self.words: dict[str, tuple[str, str, dict[str, str]]] = {
            name: (title, explain, {}) for name, (title, explain) in FIGURES[lang].items()}
        self.words.update({name: (title, explain, dict(labels))
                           for name, (title, explain, labels) in game_words.items()})

    def _column_name(self, variant: Mapping[str, Any]) -> str:
        if variant.get("box"):  # a components file of the player's, named after it
            return str(variant["box"])
        if not variant["options"]:
            return word("base", self.lang)
        return " ".join(f"{k}={v}" for k, v in variant["options"].items())

    def title(self, name: str) -> str:
        """A figure's title (a figure the game gives no words for is shown by its name)."""
        return self.words[name][0] if name in self.words else name

    def label(self, name: str, key: str) -> str:
        return self.words.get(name, ("", "", {}))[2].get(key, key)

    # -- plots ---------------------------------------------------------------------------------
    def _numbers(self, ax: Any, x: bool = True) -> None:
        """Axis numbers with a decimal comma in French (``x``: the x axis has numbers too)."""
        if self.lang == "fr":
            from matplotlib.ticker import FuncFormatter

            french = FuncFormatter(lambda value, _: f"{value:g}".replace(".", ","))
            ax.yaxis.set_major_formatter(french)
            if x:
                ax.xaxis.set_major_formatter(french)

    def _bars(self, name: str, keys: Sequence[str], values: Callable[[Mapping[str, Any], str], float],
              errors: Callable[[Mapping[str, Any], str], tuple[float, float]] | None, ylabel: str,
              fair: Sequence[float] = ()) -> str:
        """Bars per key, a column beside the other; ``errors``: each bar's interval (low, high)."""
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(8, 3.4))
        columns = len(self.columns)
        width = 0.8 / columns
        for c, variant in enumerate(self.report["variants"]):
            figure = variant["figures"][name]
            xs = [k + (c - (columns - 1) / 2) * width for k in range(len(keys))]
            heights = [values(figure, key) for key in keys]
            bounds = [] if errors is None else [errors(figure, key) for key in keys]
            yerr = None if errors is None else [  # distances below and above each bar
                [max(0.0, h - low) for h, (low, _) in zip(heights, bounds, strict=True)],
                [max(0.0, high - h) for h, (_, high) in zip(heights, bounds, strict=True)]]
            ax.bar(xs, heights, width, yerr=yerr, capsize=3, label=self.columns[c])
        for share in sorted(set(fair)):  # a fair share for each number of players
            ax.axhline(share, linestyle="--", color="#555", linewidth=1)
        labels = [self.label(name, k) for k in keys]
        slanted = sum(len(label) + 2 for label in labels) > 70  # they would not fit side by side
        ax.set_xticks(range(len(keys)), labels, rotation=30 if slanted else 0,
                      ha="right" if slanted else "center")
        ax.set_ylabel(ylabel)
        self._numbers(ax, x=False)
        if columns > 1:
            ax.legend(fontsize="small")
        return figure_svg(fig, name)

    def _outcome_bars(self, name: str, keys: Sequence[str]) -> str:
        """Per key, each column's mean per winner (solid) beside its mean per other player
        (hatched, paler), in the column's colour."""
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(8, 3.4))
        series = len(self.columns) * 2
        width = 0.8 / series
        for c, variant in enumerate(self.report["variants"]):
            figure = variant["figures"][name]
            colour = f"C{c}"
            for g, group in enumerate(("winners", "others")):
                at = 2 * c + g
                xs = [k + (at - (series - 1) / 2) * width for k in range(len(keys))]
                heights = [figure[group]["per_seat"].get(k) or 0.0 for k in keys]
                ax.bar(xs, heights, width, color=colour, alpha=1.0 if g == 0 else 0.45,
                       hatch="" if g == 0 else "//",
                       label=f"{self.columns[c]}: {word(group, self.lang)}")
        labels = [self.label(name, k) for k in keys]
        slanted = sum(len(label) + 2 for label in labels) > 70
        ax.set_xticks(range(len(keys)), labels, rotation=30 if slanted else 0,
                      ha="right" if slanted else "center")
        ax.set_ylabel(word("per_player", self.lang))
        self._numbers(ax, x=False)
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1))  # beside the bars
        return figure_svg(fig, name)

    def _histograms(self, name: str, pick: Callable[[Mapping[str, Any]], Mapping[str, Any]]) -> str:
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(8, 3.2))
        for c, variant in enumerate(self.report["variants"]):
            hist = pick(variant["figures"][name])
            total = sum(hist["counts"]) or 1
            if hist["counts"]:
                ax.stairs([n / total for n in hist["counts"]], hist["edges"], label=self.columns[c],
                          linewidth=1.6)
        ax.set_xlabel(self.title(name))
        ax.set_ylabel(word("share", self.lang))
        self._numbers(ax)
        if len(self.columns) > 1:
            ax.legend(fontsize="small")
        return figure_svg(fig, name)

    # -- tables --------------------------------------------------------------------------------
    def _table(self, head: str, rows: Sequence[tuple[str, Sequence[str]]]) -> str:
        cells = "".join(f"<th>{html.escape(c)}</th>" for c in self.columns)
        comma = self.lang == "fr"  # 27,5 % in French
        body = "".join(f"<tr><td>{html.escape(r)}</td>" + "".join(
            f"<td>{html.escape(v.replace('.', ',') if comma else v)}</td>" for v in vs) + "</tr>"
            for r, vs in rows)
        return f"<table><tr><th>{html.escape(head)}</th>{cells}</tr>{body}</table>"

    def _row_labels(self, name: str, keys: Sequence[str]) -> None:
        """Labels of a win-share figure's rows: seats, turn positions, bots in the page's words."""
        labels = self.words.setdefault(name, (name, "", {}))[2]
        for k in keys:
            if name == "turn_order":
                labels.setdefault(k, word("turns", self.lang).split(",")[int(k)])
            elif name == "bots":
                labels.setdefault(k, self.bot_names.get(k, k))
            else:
                labels.setdefault(k, word("seat", self.lang, seat=k))

    def _wins(self, name: str, figures: Sequence[Mapping[str, Any]]) -> tuple[str, str, list[str]]:
        keys: list[str] = []
        for f in figures:  # variants may seat different numbers of players
            keys += [r["key"] for r in f["rows"] if r["key"] not in keys]
        self._row_labels(name, keys)

        def row(f: Mapping[str, Any], k: str) -> Mapping[str, Any] | None:
            return next((r for r in f["rows"] if r["key"] == k), None)

        def rate(f: Mapping[str, Any], k: str) -> float:
            found = row(f, k)
            return 0.0 if found is None or found["win_rate"] is None else float(found["win_rate"])

        def bounds(f: Mapping[str, Any], k: str) -> tuple[float, float]:
            found = row(f, k)
            if found is None or found["low"] is None:
                return 0.0, 0.0
            return float(found["low"]), float(found["high"])

        def cell(f: Mapping[str, Any], k: str) -> str:
            found = row(f, k)
            return "—" if found is None else _share(found["win_rate"], found["low"], found["high"])

        plot = self._bars(name, keys, rate, bounds, word("win_share", self.lang),
                          [f["fair_share"] for f in figures if f["fair_share"] is not None])
        table = self._table(word("win_rate", self.lang),
                            [(self.label(name, k), [cell(f, k) for f in figures]) for k in keys])
        return plot, table, keys

    def _fair_tests(self, figures: Sequence[Mapping[str, Any]]) -> str:
        """Each column's chi-square test against a fair share, marked significant or not."""
        items = []
        for column, f in zip(self.columns, figures, strict=True):
            test = f.get("test")
            if not test or test["p"] is None:
                continue
            verdict = word("significant" if test["significant"] else "not_significant", self.lang)
            text = word("fair_test", self.lang, column=column, chi2=f"{test['chi2']:.2f}",
                        df=test["df"], p=_p(test["p"]), verdict=verdict)
            mark = "significant" if test["significant"] else "not-significant"
            items.append(f'<li class="{mark}">{html.escape(self._decimal(text))}</li>')
        return f'<ul class="tests">{"".join(items)}</ul>' if items else ""

    def _decimal(self, text: str) -> str:
        """Decimal commas in French (in the test's sentences; tables do it themselves)."""
        return re.sub(r"(\d)\.(\d)", r"\1,\2", text) if self.lang == "fr" else text

    def _versus_table(self, name: str, figures: Sequence[Mapping[str, Any]], percent: bool) -> str:
        """Each variant column against the base game: per row the difference with its 95%
        interval and p-value, marked "not significant" where p >= 0.05."""
        tested = [f.get("versus_base") for f in figures[1:]]
        if not any(tested):
            return ""
        keys: list[str] = []
        for tests in tested:
            keys += [k for k in tests or {} if k not in keys]
        scale = 100 if percent else 1

        def cell(tests: Mapping[str, Any] | None, k: str) -> str:
            test = (tests or {}).get(k)
            if test is None or test["difference"] is None:
                return "—"
            verdict = word("significant" if test["significant"] else "not_significant", self.lang)
            return word("versus", self.lang, difference=f"{scale * test['difference']:+.1f}",
                        low=f"{scale * test['low']:+.1f}", high=f"{scale * test['high']:+.1f}",
                        p=_p(test["p"]), verdict=verdict)

        rows = [(self.label(name, k) if k != "mean" else word("mean", self.lang),
                 ["—"] + [cell(tests, k) for tests in tested]) for k in keys]
        head = word("difference_points" if percent else "difference", self.lang)
        box = self.report["variants"][0].get("box")
        if box:  # the first column is a box of the player's, not the base game
            head = word("versus_box_points" if percent else "versus_box", self.lang, box=box)
        table = self._table(head, rows)
        quiet = word("not_significant", self.lang)  # each cell ends with its verdict
        return table.replace(f"{quiet}</td>", f'<span class="not-significant">{quiet}</span></td>')

    def _figure(self, name: str) -> str:
        variants = self.report["variants"]
        figures = [v["figures"][name] for v in variants]
        kind = figures[0]["kind"]
        lang = self.lang
        keys: list[str] = []
        tests = ""
        if kind == "wins":
            plot, table, keys = self._wins(name, figures)
            tests = self._fair_tests(figures) + self._versus_table(name, figures, percent=True)
        elif kind == "by_outcome":
            for f in figures:
                keys += [k for k in f["winners"]["totals"] if k not in keys]
            plot = self._outcome_bars(name, keys)

            def means(f: Mapping[str, Any], k: str) -> str:
                won, other = (f[g]["per_seat"].get(k) for g in ("winners", "others"))
                return "—" if won is None and other is None else f"{_num2(won)} / {_num2(other)}"

            table = self._table(word("winners_others", lang),
                                [(self.label(name, k), [means(f, k) for f in figures]) for k in keys])
        elif kind in ("shares", "counts"):
            for f in figures:
                keys += [k for k in (f["shares"] if kind == "shares" else f["totals"]) if k not in keys]
            order = list(self.words.get(name, ("", "", {}))[2])  # the game's order, where it gives one
            keys.sort(key=lambda k: order.index(k) if k in order else len(order))
            if kind == "shares":
                def share(f: Mapping[str, Any], k: str) -> float:
                    return float(f["shares"].get(k, {}).get("share", 0.0))

                def bounds(f: Mapping[str, Any], k: str) -> tuple[float, float]:
                    found = f["shares"].get(k, {})
                    return float(found.get("low") or 0.0), float(found.get("high") or 0.0)

                def cell(f: Mapping[str, Any], k: str) -> str:
                    found = f["shares"].get(k)
                    return "—" if found is None else _share(found["share"], found["low"], found["high"])

                plot = self._bars(name, keys, share, bounds, word("share", lang))
                rows = [(self.label(name, k), [cell(f, k) for f in figures]) for k in keys]
                table = self._table(word("share", lang), rows)
                tests = self._versus_table(name, figures, percent=True)
            else:
                def mean(f: Mapping[str, Any], k: str) -> float:
                    return float(f["per_game"].get(k, 0.0))

                plot = self._bars(name, keys, mean, None, word("per_game", lang))
                rows = [(self.label(name, k), [f"{mean(f, k):.2f}" for f in figures]) for k in keys]
                table = self._table(word("per_game", lang), rows)
        else:
            per_seat = kind == "per_seat"
            plot = self._histograms(name, lambda f: f["histogram"])
            stats = ("mean", "sd", "min", "median", "max")
            rows = [(word(s, lang), [_num(f["all" if per_seat else "distribution"][s]) for f in figures])
                    for s in stats]
            if per_seat:
                rows += [(f"{word('mean', lang)}, {word('seat', lang, seat=s)}",
                          [_num(f["seats"][s]["mean"]) if s < len(f["seats"]) else "—" for f in figures])
                         for s in range(max(len(f["seats"]) for f in figures))]
            table = self._table("", rows)
            tests = self._versus_table(name, figures, percent=False)
        title, explain, _ = self.words.get(name, (name, "", {}))
        warn = [self.columns[c] for c, f in enumerate(figures) if f["too_few"]]
        warning = "" if not warn else '<p class="warning">⚠ {}</p>'.format(html.escape(word(
            "too_few", lang, columns=", ".join(warn), games=TOO_FEW_GAMES,
            points=round(100 * WIDEST_MARGIN))))
        return (f'<section id="{html.escape(name)}"><h2>{html.escape(title)}</h2>'
                f'<p class="explain">{html.escape(explain)}</p>{warning}<figure>{plot}</figure>'
                f"{table}{tests}</section>")

    def render(self) -> str:
        import matplotlib

        matplotlib.use("Agg")
        matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text: searchable, small
        report, lang = self.report, self.lang
        present = report["variants"][0]["figures"]
        names = [n for n in GENERIC if n in present]
        names += [n for n in self.words if n in present and n not in names]
        names += [n for n in present if n not in names]
        title = word("title", lang, game=report["name"])
        intro = word("intro", lang, games=report["games"], bots=", ".join(self.bots),
                     players=self._players(), seed=report["seed"],
                     first=first_column(report, lang) or word("as_it_comes", lang))
        footer = word("footer_json", lang, path=self.json_file) if self.json_file else word(
            "footer", lang)
        nav = "".join(f'<li><a href="#{n}">{html.escape(self.title(n))}</a></li>'
                      for n in names)
        sections = "".join(self._figure(n) for n in names)
        if report.get("sweep"):  # its columns are its values; the trends first, what it is run for
            from .sweep_page import sweep_intro, sweep_section

            intro = sweep_intro(report, ", ".join(self.bots), self.columns[0], lang)
            entry, trends = sweep_section(self, report["sweep"])
            nav, sections = entry + nav, trends + sections
        return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
                f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>"
                f"<h1>{html.escape(title)}</h1><p>{html.escape(intro)}</p>"
                f"{boxes_section(report, self.box_words, lang)}"
                f'<nav><strong>{html.escape(word("contents", lang))}</strong><ul>{nav}</ul></nav>'
                f"{sections}<footer>{html.escape(footer)}</footer></body></html>\n")

    def _players(self) -> str:
        """``4 players``, or ``3 to 4 players`` when the columns seat different numbers."""
        seated = sorted({len(v["figures"]["seat_advantage"]["rows"]) for v in self.report["variants"]}
                        or {self.report["players"]})
        if len(seated) == 1:
            return word("players", self.lang, n=seated[0])
        return word("players_differ", self.lang, low=seated[0], high=seated[-1])


def render_page(report: Mapping[str, Any], game_words: Words, lang: str,
                bots: Sequence[str] | None = None, json_file: str | None = None,
                box_words: Mapping[str, str] | None = None) -> str:
    """The HTML page of ``report`` (as ``cli/report.py`` builds it) in ``lang``; ``bots``: the
    bots' names in that language (default: as the report names them); ``json_file``: where its
    numbers were written (the footer names it; none promised without); ``box_words``: the
    labels of the rows of the boxes' differences (the game's ``report.box_words``)."""
    lang = language(lang)
    page = _Page(report, game_words, lang, bots or report["bots"])
    page.json_file, page.box_words = json_file, box_words or {}
    return page.render()
