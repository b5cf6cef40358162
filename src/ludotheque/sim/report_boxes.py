"""The balance report's boxes: each components file a report played (``--components``), with
what it changes from the box the package ships and its totals against the published box, as a
section of the page, in English and French. The numbers come from the game's ``report.box``
(``cli/report.py`` puts them in the report's ``components``); the labels of their keys from its
``report.box_words``."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..core.words import say

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "Boxes played",
        "explain": "What each components file changes from the box the package ships, and its "
                   "totals against the published box.",
        "file": "{path} (SHA-256 {sha})",
        "what": "", "shipped": "the package's box", "published": "the published box",
        "same": "Nothing differs from the box the package ships.",
        "differ": "{name} does not hold what the published box holds: {totals}. Its figures are "
                  "not those of the published game.",
        "total": "{label} {box} (published: {published})",
        "first": "the box {name}",
        "every": "Every variant column plays on the box {name}.",
    },
    "fr": {
        "title": "Boîtes jouées",
        "explain": "Ce que chaque fichier de matériel change à la boîte fournie avec le "
                   "programme, et ses totaux face à la boîte publiée.",
        "file": "{path} (SHA-256 {sha})",
        "what": "", "shipped": "la boîte fournie", "published": "la boîte publiée",
        "same": "Rien ne diffère de la boîte fournie avec le programme.",
        "differ": "{name} ne contient pas ce que contient la boîte publiée : {totals}. Ses "
                  "figures ne sont pas celles du jeu publié.",
        "total": "{label} {box} (boîte publiée : {published})",
        "first": "la boîte {name}",
        "every": "Chaque colonne de variante joue sur la boîte {name}.",
    },
}


def _word(key: str, lang: str, **params: object) -> str:
    return say(WORDS, key, lang, **params)


def first_column(report: Mapping[str, Any], lang: str) -> str | None:
    """What the first column plays when it is a box of the player's ("the box mine"), else None."""
    boxes = report.get("components") or []
    return _word("first", lang, name=boxes[0]["name"]) if boxes else None


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    top = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(v)}</td>" for v in row) + "</tr>"
                   for row in rows)
    return f"<table><tr>{top}</tr>{body}</table>"


def _box(box: Mapping[str, Any], labels: Mapping[str, str], lang: str) -> str:
    name = box["name"]
    out = (f"<h3>{html.escape(name)}</h3><p>"
           f"{html.escape(_word('file', lang, path=box['path'], sha=box['sha256']))}</p>")
    differences = box.get("differences")
    if differences is None:  # a game that cannot compare its boxes
        return out
    totals = differences["totals"]
    differ = [t for t in totals if t["box"] != t["published"]]
    if differ:
        said = "; ".join(_word("total", lang, label=labels.get(t["key"], t["key"]), box=t["box"],
                               published=t["published"]) for t in differ)
        out += f'<p class="warning">⚠ {html.escape(_word("differ", lang, name=name, totals=said))}</p>'
    if differences["rows"]:
        out += _table([_word("what", lang), _word("shipped", lang), name],
                      [[labels.get(r["key"], r["key"]), str(r["shipped"]), str(r["box"])]
                       for r in differences["rows"]])
    else:
        out += f"<p>{html.escape(_word('same', lang))}</p>"
    return out + _table([_word("what", lang), _word("published", lang), name],
                        [[labels.get(t["key"], t["key"]), str(t["published"]), str(t["box"])]
                         for t in totals])


def boxes_section(report: Mapping[str, Any], labels: Mapping[str, str], lang: str) -> str:
    """The page's section on the boxes played ("" when the report played the package's)."""
    boxes = report.get("components") or []
    if not boxes:
        return ""
    every = _word("every", lang, name=boxes[0]["name"]) if len(report["variants"]) > len(boxes) else ""
    return (f'<section id="boxes"><h2>{html.escape(_word("title", lang))}</h2>'
            f'<p class="explain">{html.escape(_word("explain", lang))} {html.escape(every)}</p>'
            + "".join(_box(box, labels, lang) for box in boxes) + "</section>")
