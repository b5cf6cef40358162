"""``ludotheque tournament GAME --bots a,b,c``: every seat arrangement played equally often, then
each bot's rating, win share and head-to-head results, as plain-text tables (or one JSON object),
and a plot on request. The work is done by ``sim.tournament``; this module only words it."""

from __future__ import annotations

import math
import time
from pathlib import Path

from ..core.errors import LudothequeError
from ..core.registry import get_game
from ..sim import tournament as tour
from ..sim.stats import finite
from .common import check_lang, emit_json, fail, game_options, parse_bot_list, run_seed_for
from .progress import rate_digits
from .simulate import _write_records, progress_bar
from .text_table import text_table
from .tournament_words import decimal, interval, percent, word
from .words import bot_word

PLOT_KINDS = (".png", ".svg")
SHOWN_LINEUPS = 6  # on the plan's line; --json lists them all


def standings_table(result: tour.Outcome, lang: str) -> str:
    headers = [word(key, lang) for key in ("rank", "bot", "games", "wins", "win_share", "interval")]
    headers += ["μ", "σ", word("rating", lang)]
    rows = [[str(place), bot_word(s.bot, lang), str(s.games), decimal(s.wins, 1, lang),
             percent(s.win_share, lang), interval(s.interval, lang), decimal(s.rating.mu, 1, lang),
             decimal(s.rating.sigma, 2, lang), decimal(s.rating.ordinal, 1, lang)]
            for place, s in enumerate(result.standings, start=1)]
    return text_table(word("standings", lang), headers, rows, left=(1,))


def pairs_table(result: tour.Outcome, lang: str) -> str:
    headers = [word(key, lang) for key in ("bot", "vs", "games", "ahead", "behind", "tied", "ahead_share",
                                           "interval")]
    rows = [[bot_word(p.bot, lang), bot_word(p.other, lang), str(p.games), str(p.ahead), str(p.behind),
             str(p.tied), percent(p.share, lang), interval(p.interval, lang)] for p in result.pairs]
    return text_table(word("pairs", lang), headers, rows, left=(0, 1))


def _check_plot(path: str | None, lang: str) -> None:
    if path is not None and Path(path).suffix.lower() not in PLOT_KINDS:
        fail(word("bad_plot", lang, path=path), lang=lang)


def tournament(game_id: str, bots: str, games: int = 100, players: int | None = None, seed: int | None = None,
               jobs: int = 1, out_file: str | None = None, plot_file: str | None = None,
               json_out: bool = False, option: list[str] | None = None, variant: str | None = None,
               lang: str | None = None, backend: str = "local", address: str | None = None) -> None:
    """Play a tournament between bots; print ratings, win shares and head-to-head results."""
    language = check_lang(lang)
    run_seed = run_seed_for(games, jobs, seed, language)
    _check_plot(plot_file, language)
    names = parse_bot_list(bots)
    try:
        game = get_game(game_id)
        options = game_options(option, players=players, variant=variant)
        laid = tour.plan(game.id, options, names, games)
    except tour.BotListError as exc:
        twice = ", ".join(bot_word(name, language) for name in exc.twice)
        fail(word("twice", language, names=twice) if twice else word("two_bots", language), lang=language)
    except LudothequeError as exc:
        fail(str(exc), lang=language)
    if not json_out:
        _print_plan(game.spec.name, laid, games, run_seed, jobs, language)
    began = time.perf_counter()
    try:
        with progress_bar(laid.games, word("progress", language), word("per_second", language)) as advance:
            results = tour.play(game.id, options, laid, run_seed, jobs=jobs,
                                keep_records=out_file is not None, progress=advance, backend=backend,
                                address=address)
        figures = tour.outcome(results, names)
    except LudothequeError as exc:
        fail(str(exc), lang=language)
    except KeyboardInterrupt:
        fail(word("interrupted", language), 130, lang=language)
    elapsed = time.perf_counter() - began
    if out_file is not None:
        _write_records(out_file, results)
    if plot_file is not None:
        from .tournament_plot import save_plot

        try:
            title = word("plot_title", language, game=game.spec.name, games=len(results))
            save_plot(figures, laid.even_share, plot_file, title, language)
        except OSError as exc:
            fail(word("cannot_write", language, path=plot_file, reason=exc.strerror or exc), lang=language)
    if json_out:
        emit_json(finite({"game": game.id, "options": options, "players": laid.players, "bots": names,
                           "seed": run_seed, "jobs": jobs, "games_asked": games, "games": len(results),
                           "rounds": laid.rounds, "lineups": [list(lineup) for lineup in laid.lineups],
                           "elapsed": elapsed, "even_share": laid.even_share,
                           **figures.to_json()}))
        return
    print(standings_table(figures, language))
    print(pairs_table(figures, language))
    rate = len(results) / elapsed if elapsed > 0 else math.inf
    print(word("speed", language, games=len(results), seconds=decimal(elapsed, 2, language),
               rate=decimal(rate, max(1, rate_digits(rate)), language)))
    if out_file is not None:
        print(word("written", language, path=out_file))
    if plot_file is not None:
        print(word("plotted", language, path=plot_file))


def _print_plan(name: str, laid: tour.Plan, asked: int, seed: int, jobs: int, lang: str) -> None:
    print(word("header", lang, game=name, players=laid.players, games=laid.games,
               rounds=word("round" if laid.rounds == 1 else "rounds", lang, n=laid.rounds),
               lineups=len(laid.lineups), seed=seed, jobs=jobs))
    if laid.games != asked:
        print(word("rounded", lang, asked=asked))
    shown = [", ".join(bot_word(b, lang) for b in lineup) for lineup in laid.lineups[:SHOWN_LINEUPS]]
    more = len(laid.lineups) - SHOWN_LINEUPS
    print(word("lineups", lang), " · ".join(shown) + (f" · … (+{more})" if more > 0 else ""))
    print(word("even", lang, share=percent(laid.even_share, lang)) + "\n", flush=True)

