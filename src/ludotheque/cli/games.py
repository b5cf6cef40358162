"""``ludotheque games``: the registered games with their players, options and bots, in a block per
game that fits a terminal 80 columns wide, in English or French."""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from rich.table import Table

from ..bots.registry import bot_factory, bot_names
from ..core.registry import game_ids, get_game
from ..core.spec import OptionSpec
from .common import check_lang, out
from .words import bot_help, bot_word, say


def _value(value: Any, lang: str) -> str:
    """An option's value as a player types it: ``yes``/``no`` for booleans."""
    if isinstance(value, bool):
        return say("yes" if value else "no", lang)
    return str(value)


def option_line(option: OptionSpec, lang: str = "en") -> tuple[str, str]:
    """``first_player = drawn at random``, and what the option does (with its choices): no
    ``None`` for an option left to chance or to the game."""
    if option.default is None:
        key = "drawn_at_random" if option.name == "first_player" else "game_default"
        default = say(key, lang)
    else:
        default = _value(option.default, lang)
    text = option.help
    if option.choices:
        text += f" ({' | '.join(_value(c, lang) for c in option.choices)})"
    return f"{option.name} = {default}", text


def games(lang: str | None = None) -> None:
    """List the registered games with their players, options and bots."""
    language = check_lang(lang)
    console = out()
    for number, game_id in enumerate(game_ids()):
        game = get_game(game_id)
        spec = game.spec
        if number:
            console.print()
        players = say("players_range", language, low=spec.min_players, high=spec.max_players)
        console.rule(f"[bold]{escape(spec.id)}[/] — {escape(spec.name)} · {players}", align="left")
        console.print(escape(game.describe(language)))
        options = Table.grid(padding=(0, 2))
        options.add_column(style="bold", overflow="fold", max_width=34)
        options.add_column(overflow="fold")
        for option in spec.options:
            name, text = option_line(option, language)
            options.add_row(escape(name), escape(text))
        console.print(f"[bold]{say('options_head', language)}[/]")
        console.print(options)
        bots = Table.grid(padding=(0, 2))
        bots.add_column(style="bold")
        bots.add_column(overflow="fold")
        for name in bot_names(game_id):
            doc = bot_factory(game_id, name).__doc__
            shown = bot_word(name, language)
            label = name if shown == name else f"{name} ({shown})"
            bots.add_row(escape(label), escape(bot_help(name, language, doc)))
        console.print(f"[bold]{say('bots_head', language)}[/]")
        console.print(bots)
