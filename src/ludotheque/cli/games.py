"""``ludotheque games``: the registered games with their players, options and bots."""

from __future__ import annotations

from rich import box
from rich.table import Table

from ..bots.registry import bot_names
from ..core.registry import game_ids, get_game
from .common import out


def games() -> None:
    """List the registered games with their players, options and bots."""
    table = Table(box=box.ROUNDED, show_lines=True)
    for header in ("game", "players", "options", "bots"):
        table.add_column(header, overflow="fold")
    for game_id in game_ids():
        spec = get_game(game_id).spec
        options = []
        for option in spec.options:
            allowed = f" ({' | '.join(map(str, option.choices))})" if option.choices else ""
            options.append(f"{option.name}={option.default}{allowed}: {option.help}")
        table.add_row(f"[bold]{spec.id}[/]\n{spec.name}\n{spec.description}",
                      f"{spec.min_players}–{spec.max_players}", "\n".join(options),
                      ", ".join(bot_names(game_id)))
    out().print(table)
