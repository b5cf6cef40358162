"""The ``ludotheque`` command: one Typer app; each verb lives in its own module.

A user's mistake ends with a message and a non-zero exit, never a traceback: commands catch the
library's LudothequeError, and Typer reports usage errors itself.
"""

from __future__ import annotations

import typer
from rich import box
from rich.table import Table

from ..bots.registry import bot_names
from ..core.registry import game_ids, get_game
from .common import out
from .play import play
from .replay import replay
from .serve import serve
from .simulate import simulate

app = typer.Typer(
    name="ludotheque",
    help="Ludothèque: Gargon (and soon Drakon and Kagoun) — play, replay, simulate and serve the web table.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


@app.command("games")
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


app.command("play")(play)
app.command("replay")(replay)
app.command("simulate")(simulate)
app.command("serve")(serve)


def run() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    run()
