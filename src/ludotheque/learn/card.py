"""A training folder's card: what its best network is and how it was made (the commands, games,
positions, hours, hardware, the last generation's losses and gate), as ``card.json`` for tools
and ``card.md`` for people, in English and French."""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..core.game import Game

#: Each line of the card's table: its fact's key and its label in each language.
LINES = (
    ("generations", "Generations", "Générations"),
    ("best_generation", "Best network from generation", "Meilleur réseau de la génération"),
    ("imitated", "Heuristic games imitated first", "Parties de l'heuristique imitées d'abord"),
    ("reinforced", "Then games against the heuristic, learnt from",
     "Puis parties contre l'heuristique, apprises"),
    ("games", "Self-play games", "Parties d'auto-apprentissage"),
    ("positions", "Positions learnt from", "Positions apprises"),
    ("steps", "Training steps", "Pas d'entraînement"),
    ("hours", "Hours", "Heures"),
    ("widths", "Hidden widths", "Largeurs cachées"),
    ("hardware", "Hardware", "Matériel"),
)
TITLES = {"en": ("Training card", "Commands", "Last generation: policy loss {p:.3f}, value loss "
                 "{v:.3f}; gate {share} over {games} games (fair {fair:.0%})"),
          "fr": ("Fiche d'entraînement", "Commandes", "Dernière génération : perte de politique "
                 "{p:.3f}, de valeur {v:.3f} ; épreuve {share} sur {games} parties (part juste "
                 "{fair:.0%})")}


def _shown(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3f}"
    if isinstance(value, Mapping):
        return ", ".join(f"{key} {item}" for key, item in value.items())
    if isinstance(value, list):
        return " × ".join(str(item) for item in value)
    return str(value)


def card_markdown(game: Game, options: Mapping[str, Any], facts: Mapping[str, Any]) -> str:
    """The card for people: a section in each language."""
    last = facts["last"]
    gate = last["gate"]
    share = "—" if gate["games"] == 0 or math.isnan(gate["share"]) else f"{gate['share']:.0%}"
    lines: list[str] = []
    for lang, column in (("en", 1), ("fr", 2)):
        title, commands, summary = TITLES[lang]
        lines += [f"# {game.spec.name}: {title} ({lang})", "",
                  f"`{json.dumps(dict(options), ensure_ascii=False, sort_keys=True)}`", "",
                  "| | |", "| --- | --- |"]
        lines += [f"| {line[column]} | {_shown(facts[line[0]])} |" for line in LINES]
        lines += ["", f"{commands}:", ""] + [f"    {command}" for command in facts["commands"]]
        lines += ["", summary.format(p=last["policy_loss"], v=last["value_loss"], share=share,
                                     games=gate["games"], fair=gate["fair"]), ""]
    return "\n".join(lines)


def write_card(out: Path, game: Game, options: Mapping[str, Any], facts: Mapping[str, Any]) -> None:
    """``card.json`` and ``card.md`` in ``out`` (each written whole, then renamed)."""
    whole = {"game": game.spec.id, "options": dict(options), **facts}
    texts = {"card.json": json.dumps(whole, indent=2, ensure_ascii=False, default=str) + "\n",
             "card.md": card_markdown(game, options, facts)}
    for name, text in texts.items():
        partial = out / f"{name}.partial"
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, out / name)
