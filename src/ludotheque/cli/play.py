"""``ludotheque play GAME``: you against bots in the terminal.

The screen is built from the human's observation and the public event log only, so it cannot
show a hidden value; the state is used for what the rules decide (legal actions, refusals).
Works with piped input: each line is one answer, and the end of input ends the session cleanly.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.rule import Rule
from rich.text import Text

from ..bots.registry import make_bot
from ..core.bot import Bot, ask
from ..core.errors import LudothequeError, NotationError
from ..core.game import CHANCE, Action, sample_chance, start_log
from ..core.record import RecordedGame
from ..core.registry import get_game
from ..renderers import (
    GameRenderer,
    confirmation,
    describe,
    end_words,
    group_choices,
    input_help,
    renderer_for,
    typed_notation,
)
from ..sim.match import bot_seed, chance_seed
from .common import check_lang, fail, game_options, out, parse_bot_list
from .layout import choice_lines, height, indented, print_board, print_events, print_scores, rich_table
from .screen import box_height, events_box, fit_lines
from .typed import label_match
from .words import bot_word, say


class _Leave(Exception):
    """The player left (quit, end of input or Ctrl-C): ``message`` says which."""

    def __init__(self, message: str, code: int = 0) -> None:
        super().__init__(message)
        self.code = code


class Session:
    """One terminal game: the recorded game, the human's seat, the bots and the screen."""

    def __init__(self, console: Console, renderer: GameRenderer, game: RecordedGame, seat: int,
                 bots: dict[int, Bot], lang: str, save: str | None, seed_chosen: bool = False) -> None:
        self.console, self.renderer, self.game = console, renderer, game
        self.seed_chosen = seed_chosen
        self.state = game.state
        self.seat, self.bots, self.lang, self.save_path = seat, bots, lang, save
        self.log = start_log(self.state)
        self.seen = 0
        # The log in words as the player reads it, described as each action is applied: the
        # player's observations around it let its own draws show what it drew.
        self.texts: list[str] = []
        self.shown = 0
        self.view = self.state.observe(seat)
        self.pages: list[Text] = []  # the numbered choices, line by line, and the next page
        self.page = 0
        self.map_page = 0
        self.numbered = False  # whether the player has seen the choices numbered
        self.answered = 0  # the log's length when the player last chose: later events are new
        self.new_from = 0
        self.observation: object = self.view
        self.legal: list[Action] = []
        self.labels: list[str] = []
        self.board_options: dict[str, bool] = {}  # how the game's words shorten its table
        self.chance = random.Random(chance_seed(game.record.seed or 0))
        you = say("you", lang)
        # seats by their short names (the table's first column stays narrow); which bot plays
        # which seat is said once, under the title
        self.names = [you if s == seat else renderer.seat_name(s, lang) for s in range(self.state.players)]

    # -- the game loop ------------------------------------------------------------------------
    def run(self) -> int:
        """Play to the end (or until the player leaves); returns the exit code."""
        spec = self.state.game.spec
        # The seed rebuilds every hidden card: show it up front only when the player chose it.
        key = "title_seed" if self.seed_chosen else "title"
        title = say(key, self.lang, game=spec.name, seat=self.seat + 1, players=self.state.players,
                    seed=self.game.record.seed)
        self.console.rule(f"[bold]{title}")
        self.console.print(f"[dim]{escape(self.bots_line())}[/]")
        try:
            while not self.state.is_terminal:
                to_act = self.state.to_act
                if to_act == self.seat:
                    self.human_turn()
                elif to_act == CHANCE:
                    self.apply(sample_chance(self.state, self.chance), trusted=True)
                elif to_act is not None:
                    self.bot_turn(to_act)
        except KeyboardInterrupt:
            return self.leave(_Leave(say("interrupted", self.lang), 130))
        except _Leave as leave:
            return self.leave(leave)
        self.show_end()
        if not self.seed_chosen:
            self.console.print(f"[dim]{say('seed_was', self.lang, seed=self.game.record.seed)}[/]")
        self.offer_save()
        return 0

    def bots_line(self) -> str:
        """``Bots: random (Seat 2, Seat 4), heuristic (Seat 3)``."""
        seats: dict[str, list[str]] = {}
        for seat, bot in sorted(self.bots.items()):
            seats.setdefault(bot_word(bot.name, self.lang), []).append(self.names[seat])
        kinds = ", ".join(f"{kind} ({', '.join(names)})" for kind, names in seats.items())
        return say("bots_line", self.lang, bots=kinds)

    def leave(self, leave: _Leave) -> int:
        """The player left before the end: say why, offer to keep the unfinished record."""
        self.console.print()
        self.console.print(f"[bold yellow]{escape(str(leave))}[/]")
        self.offer_save()
        return leave.code

    def bot_turn(self, seat: int) -> None:
        self.apply(ask(self.bots[seat], self.state, seat), trusted=True)

    def apply(self, action: Action, trusted: bool = False) -> None:
        """Apply ``action`` and put what it logged into words, as the player reads it."""
        if trusted:
            self.game.apply_trusted(action)
        else:
            self.game.apply(action)
        events = (self.log or [])[self.seen:]
        self.seen = len(self.log or [])
        if not events:
            return
        before, self.view = self.view, self.state.observe(self.seat)
        # Events name the seats shortly (the board says which are bots).
        self.texts += [describe(self.renderer, e, self.lang, None, self.seat, markup=True,
                                seen=(before, self.view)) for e in events]

    def human_turn(self) -> None:
        observation = self.state.observe(self.seat)
        legal = self.state.legal_actions()
        labels = [self.renderer.action_label(a, observation, self.lang, markup=True, names=self.names)
                  for a in legal]
        if len(legal) == 1:  # a forced choice: played at once, and said so
            forced = say("forced", self.lang, action=labels[0])
            self.console.print(f"[dim]{forced}[/]")
            self.texts.append(forced)
            self.apply(legal[0])
            self.answered = len(self.texts)
            return
        self.observation, self.legal, self.labels = observation, legal, labels
        self.pages = choice_lines(self.console, labels)
        self.page = 0
        self.numbered = False
        self.new_from = self.answered
        self.console.print()
        if self.screen_height() is None:
            self.show_events()
        self.draw()
        self.shown = len(self.texts)
        action = self.ask(legal)
        while not self.confirmed(action, labels[legal.index(action)]):
            self.refuse(say("confirm_no", self.lang))  # (on a terminal, the screen again)
            action = self.ask(legal)
        self.console.print(f"[bold]{say('chosen', self.lang, action=labels[legal.index(action)])}[/]")
        self.apply(action)
        self.show_events(title=False)  # what the action did, at once (what it drew included)
        self.answered = len(self.texts)

    def screen_height(self) -> int | None:
        """The terminal's height when the screen must fit it (a terminal, or LINES set), else
        None: piped output gets every choice."""
        if self.console.is_terminal or os.environ.get("LINES"):
            return max(self.console.height, 12)
        return None

    def draw(self, notice: str | None = None) -> None:
        """The turn's screen: on a terminal, fitted to its height (the box of the last events,
        the banner, the table with its top, the prompt and the choices, the question's line
        left free); piped, everything. ``notice``: why the last answer was refused."""
        for part in self.screen_parts(notice):
            self.console.print(part)

    def screen_parts(self, notice: str | None) -> list[RenderableType]:
        observation, legal = self.observation, self.legal
        rows = self.screen_height()
        rule = Rule(f"[bold]{say('your_turn', self.lang)}[/]")
        self.board_options = {}
        data, board_lines = self.renderer.board(observation, self.lang, self.names, markup=True)
        table = rich_table(data)
        if rows is not None and _accepts(self.renderer.board, "compact") and height(
                self.console, [table]) > len(data[1]) + 4:  # a cell wraps: the game's shorter table
            short, short_lines = self.renderer.board(observation, self.lang, self.names, markup=True,
                                                     compact=True)  # type: ignore[call-arg]
            if height(self.console, [rich_table(short)]) < height(self.console, [table]):
                self.board_options = {"compact": True}
                data, board_lines, table = short, short_lines, rich_table(short)
        lines: list[RenderableType] = [indented(line) for line in board_lines]
        prompt_text = f"[bold]» {escape(self.renderer.prompt(observation, self.lang))}[/]"
        default = self.default_action()
        if default is not None:
            label = self.labels[legal.index(default)]
            prompt_text += f" [dim]({say('enter_default', self.lang, action=label)})[/]"
        prompt = indented(prompt_text, 0)
        notes: list[RenderableType] = [Text(notice, style="red")] if notice else []
        header = Text.from_markup(f"[dim]{say('choices', self.lang)}[/]")
        if rows is None:
            self.numbered = True
            return [rule, table, *lines, prompt, header, *self.pages, *notes]
        fixed = height(self.console, [rule, table, prompt, *notes])
        free = rows - 1 - fixed  # the last line is the question's
        box_min = box_height(self.console, self.texts)  # at least the last event
        choices: list[RenderableType] = [header, *self.pages]
        if height(self.console, lines) + height(self.console, choices) + box_min > free:
            choices = list(self.pages)  # the numbered list without its heading
        groups, hint = self.compact_parts()
        if height(self.console, lines) + height(self.console, choices) + box_min <= free:
            self.numbered = True
        elif height(self.console, choices) <= height(self.console, [hint]) + 2:
            # a few choices: numbered, in no more lines than grouped; the board gives way
            self.numbered = True
            lines = self.shrunk_lines(observation, free - height(self.console, choices) - box_min)
        else:
            # the board's lines first (Drakon's map), then as many groups as fit, at the least a
            # line saying how many there are
            least = height(self.console, [hint]) + 1
            room = free - least - box_min
            if height(self.console, lines) > room:
                lines = self.shrunk_lines(observation, room)
            choices = self.fitted_groups(groups, hint, free - height(self.console, lines) - box_min)
        left = free - height(self.console, [*lines, *choices])
        box_ = events_box(self.console, self.texts, say("happened", self.lang), min(left, 12),
                          self.new_from)
        return [*([box_] if box_ is not None else []), rule, table, *lines, prompt, *choices, *notes]

    def default_action(self) -> Action | None:
        """The action an empty answer plays, when the game's words name one (Drakon's "end
        the turn" after the move, the hero's ability unused)."""
        choose = getattr(self.renderer, "default_action", None)
        if choose is None:
            return None
        action = choose(self.observation, self.legal)
        return action if action in self.legal else None

    def shrunk_lines(self, observation: object, rows: int) -> list[RenderableType]:
        """The board's lines in at most ``rows`` screen lines: the game's own shorter board when
        its words offer one (``board(..., rows=)``), else the first lines and a note."""
        lines: list[RenderableType]
        if _accepts(self.renderer.board, "rows"):
            _, short = self.renderer.board(observation, self.lang, self.names, markup=True,  # type: ignore[call-arg]
                                           rows=max(rows, 0))
            lines = [indented(line) for line in short]
        else:
            _, full = self.renderer.board(observation, self.lang, self.names, markup=True,
                                          **self.board_options)
            lines = [indented(line) for line in full]
        return fit_lines(self.console, lines, rows, say("elided", self.lang))

    def compact_parts(self) -> tuple[list[Text], Text]:
        """The choices grouped as the game's words group them, and how to type or number them."""
        groups = [Text.from_markup(f"  {group}")
                  for group in group_choices(self.renderer, self.legal, self.observation, self.lang)]
        example = self.example(self.legal[-1], self.observation)
        hint = Text.from_markup(
            f"[dim]{escape(say('compact', self.lang, n=len(self.legal), example=example))}[/]")
        return groups, hint

    def fitted_groups(self, groups: list[Text], hint: Text, rows: int) -> list[RenderableType]:
        """As many groups as fit in ``rows`` lines with the hint (a line says how many are left)."""
        budget = rows - height(self.console, [hint])
        shown: list[RenderableType] = []
        for index, group in enumerate(groups):
            rest = len(groups) - index - 1
            if height(self.console, [*shown, group]) + (1 if rest else 0) > budget:
                more = say("more_groups", self.lang, n=len(groups) - index)
                shown.append(Text.from_markup(f"[dim]  … {more}[/]"))
                break
            shown.append(group)
        return [*shown, hint]

    def example(self, action: Action, observation: object) -> str:
        """An action as the player may type it: its label when the game reads it back (French
        words included), else its notation."""
        typed = getattr(self.renderer, "typed_text", None)
        label = Text.from_markup(self.renderer.action_label(action, observation, self.lang)).plain
        if typed is not None:
            label = str(typed(action, self.lang))
        try:
            if self.state.game.parse_action(typed_notation(self.renderer, label, self.lang)) == action:
                return label
        except NotationError:
            pass
        if self.label_action(label) == action:
            return label
        return self.state.game.action_to_text(action)

    def more(self) -> None:
        """The next page of the numbered choices (after the last, the first again)."""
        screen = self.screen_height() or len(self.pages) + 2
        size = max(1, screen - 2)
        if self.page * size >= len(self.pages):
            self.page = 0
        start = self.page * size
        for line in self.pages[start:start + size]:
            self.console.print(line)
        self.numbered = True
        self.page += 1
        left = max(0, len(self.pages) - start - size)
        self.console.print(f"[dim]{say('more_left' if left else 'more_end', self.lang, n=left)}[/]")

    def show_map(self) -> bool:
        """The next page of the whole map, for a game whose words draw one (Drakon's dungeon);
        False for the others."""
        pages_of = getattr(self.renderer, "map_pages", None)
        if pages_of is None:
            return False
        rows = (self.screen_height() or 10_000) - 2
        pages = pages_of(self.observation, self.lang, True, rows)
        if self.map_page >= len(pages):
            self.map_page = 0
        for line in pages[self.map_page]:
            self.console.print(indented(line))
        self.map_page += 1
        key = "map_left" if self.map_page < len(pages) else "map_end"
        self.console.print(f"[dim]{say(key, self.lang, page=self.map_page, pages=len(pages))}[/]")
        return True

    def show_board(self) -> None:
        """The whole table, unabridged (the turn's screen may shorten its lines)."""
        print_board(self.console, self.renderer.board(self.observation, self.lang, self.names, markup=True))

    def label_action(self, text: str) -> Action | None:
        """The legal action whose label (in either language, as listed) is ``text``."""
        return label_match(text, self.legal, self.label_texts)

    def label_texts(self, action: Action, lang: str) -> str:
        return Text.from_markup(self.renderer.action_label(action, self.observation, lang, markup=True,
                                                           names=self.names)).plain

    def refuse(self, problem: str) -> None:
        """A refused answer: on a terminal the screen again with the reason under it (nothing
        scrolls away); piped, the reason alone."""
        if self.screen_height() is None:
            self.console.print(f"[red]{escape(problem)}[/]")
        else:
            self.console.print()
            self.draw(problem)

    def ask(self, legal: list[Action]) -> Action:
        """Read answers until one names a legal action; each wrong one explains itself."""
        self.map_page = 0
        while True:
            try:
                text = self.console.input(f"[bold cyan]{say('ask', self.lang)}[/]").strip()
            except EOFError:
                raise _Leave(say("eof", self.lang)) from None
            problem = None
            word = text.lower()
            if not text:
                default = self.default_action()
                if default is not None:
                    return default
                problem = say("empty_input", self.lang, example=self.example(legal[0], self.observation))
            elif word in ("help", "h", "?", "aide"):
                self.console.print(say("help", self.lang))
                hint = input_help(self.renderer, self.lang)
                if hint:
                    self.console.print(escape(hint))
                continue
            elif word in ("more", "plus", "+", "m"):
                self.more()
                continue
            elif word in ("map", "carte", "plan") and self.show_map():
                continue
            elif word in ("board", "table", "plateau"):
                self.show_board()
                continue
            elif word in ("quit", "q", "exit", "quitter"):
                raise _Leave(say("quit", self.lang))
            elif text.isdigit():
                number = int(text)
                if not self.numbered:
                    problem = say("not_numbered", self.lang)
                elif 1 <= number <= len(legal):
                    return legal[number - 1]
                else:
                    problem = say("out_of_range", self.lang, n=number, max=len(legal))
            else:
                listed = self.label_action(text)
                if listed is not None:
                    return listed
                try:
                    action = self.state.game.parse_action(typed_notation(self.renderer, text, self.lang))
                except NotationError as exc:
                    hint = input_help(self.renderer, self.lang) if self.lang != "en" else None
                    problem = say("malformed", self.lang, reason=hint or exc)
                else:
                    reason = self.state.refusal(action, self.lang)
                    if reason is None:
                        return action
                    problem = say("illegal", self.lang, reason=reason)
            self.refuse(problem)

    def confirmed(self, action: Action, label: str) -> bool:
        """An action that can make the player lose (a call that eliminates them if it fails) is
        played only once they read its warning and answer yes; any other at once."""
        warning = confirmation(self.renderer, action, self.observation, self.lang)
        if warning is None:
            return True
        self.console.print(f"[bold yellow]{escape(warning)}[/]")
        question = say("confirm_ask", self.lang, action=Text.from_markup(label).plain)
        try:
            answer = self.console.input(f"[bold cyan]{escape(question)}[/]").strip().lower()
        except EOFError:
            raise _Leave(say("eof", self.lang)) from None
        return answer in ("yes", "y", "oui", "o")

    # -- what the player sees -----------------------------------------------------------------
    def show_events(self, title: bool = True) -> None:
        texts, self.shown = self.texts[self.shown:], len(self.texts)
        print_events(self.console, texts, say("happened", self.lang) if title else None)

    def show_end(self) -> None:
        self.console.print()
        self.show_events()
        final = self.state.observe(self.seat)
        self.console.rule(f"[bold]{say('game_over', self.lang)}[/]")
        print_board(self.console, self.renderer.board(final, self.lang, self.names, markup=True),
                    say("final_table", self.lang))
        print_scores(self.console, self.renderer.score_sheet(final, self.lang, self.names, markup=True),
                     end_words(self.renderer, self.state, final, self.seat, self.lang, self.names),
                     say("scores", self.lang))

    # -- the record -----------------------------------------------------------------------------
    def offer_save(self) -> None:
        path = self.save_path
        if path is None and sys.stdin.isatty():
            try:
                path = self.console.input(say("save_ask", self.lang)).strip() or None
            except (EOFError, KeyboardInterrupt):
                path = None
        if path is None:
            self.console.print(f"[dim]{say('save_hint', self.lang)}[/]")
            return
        try:
            Path(path).write_text(self.game.record.dumps() + "\n", encoding="utf-8")
        except OSError as exc:
            fail(say("cannot_write", self.lang, path=path, reason=exc.strerror or exc), lang=self.lang)
        self.console.print(say("saved", self.lang, path=path))


def _accepts(function: object, name: str) -> bool:
    """Whether ``function`` takes a parameter ``name`` (an optional part of a game's words)."""
    import inspect

    try:
        return name in inspect.signature(function).parameters  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False


def _bots_for(game_id: str, names: list[str], seats: list[int], seed: int,
              lang: str = "en") -> dict[int, Bot]:
    if len(names) == 1:
        names = names * len(seats)
    if len(names) != len(seats):
        fail(say("bots_count", lang, n=len(seats), seats=", ".join(map(str, seats)), got=len(names)),
             lang=lang)
    return {seat: make_bot(game_id, name, bot_seed(seed, seat)) for seat, name in zip(seats, names,
                                                                                        strict=True)}


def play(game_id: str, players: int | None = None, seat: int = 0, bots: str = "heuristic",
         variant: str | None = None, seed: int | None = None, first_player: int | None = None,
         lang: str | None = None, save: str | None = None, option: list[str] | None = None) -> None:
    """Play against bots in the terminal."""
    language = check_lang(lang)
    try:
        game = get_game(game_id)
        renderer = renderer_for(game)
        options = game_options(option, players=players, variant=variant, first_player=first_player)
        recorded = RecordedGame.start(game.id, options, seed)
        n = recorded.state.players
        if not 0 <= seat < n:
            fail(say("bad_seat", language, last=n - 1, seat=seat), lang=language)
        assert recorded.record.seed is not None
        others = [s for s in range(n) if s != seat]
        seat_bots = _bots_for(game.id, parse_bot_list(bots), others, recorded.record.seed, language)
        for s, bot in seat_bots.items():
            bot.reset(game, recorded.state.options, s)
        session = Session(out(), renderer, recorded, seat, seat_bots, language, save,
                          seed_chosen=seed is not None)
        code = session.run()
    except LudothequeError as exc:
        fail(str(exc), lang=language)
    if code:
        raise SystemExit(code)
