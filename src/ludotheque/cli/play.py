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

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from ..bots.registry import make_bot
from ..core.bot import Bot, ask
from ..core.errors import LudothequeError, NotationError
from ..core.game import CHANCE, Action, sample_chance, start_log
from ..core.record import RecordedGame
from ..core.registry import get_game
from ..renderers import (
    GameRenderer,
    describe,
    group_choices,
    hand_words,
    input_help,
    renderer_for,
    typed_notation,
)
from ..sim.match import bot_seed, chance_seed
from .common import check_lang, fail, game_options, out, parse_bot_list
from .layout import board_parts, choice_lines, height, print_board, print_events, print_scores
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
        self.chance = random.Random(chance_seed(game.record.seed or 0))
        you = say("you", lang)
        self.names = [
            you if s == seat else say("bot_name", lang, name=renderer.seat_name(s, lang),
                                      bot=bot_word(bots[s].name, lang))
            for s in range(self.state.players)
        ]

    # -- the game loop ------------------------------------------------------------------------
    def run(self) -> int:
        """Play to the end (or until the player leaves); returns the exit code."""
        spec = self.state.game.spec
        # The seed rebuilds every hidden card: show it up front only when the player chose it.
        key = "title_seed" if self.seed_chosen else "title"
        title = say(key, self.lang, game=spec.name, seat=self.seat + 1, players=self.state.players,
                    seed=self.game.record.seed)
        self.console.rule(f"[bold]{title}")
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
        self.console.print()
        self.show_events()
        self.console.rule(f"[bold]{say('your_turn', self.lang)}[/]")
        board = board_parts(self.renderer.board(observation, self.lang, self.names, markup=True))
        prompt = Text.from_markup(f"[bold]» {self.renderer.prompt(observation, self.lang)}[/]")
        legal = self.state.legal_actions()
        labels = [self.renderer.action_label(a, observation, self.lang, markup=True, names=self.names)
                  for a in legal]
        self.pages = choice_lines(self.console, labels)
        self.page = 0
        for part in board:
            self.console.print(part)
        screen = self.screen_height()
        above = 1 + height(self.console, board)  # the rule and the board
        if screen is None or above + 1 + 1 + len(self.pages) + 1 <= screen:
            self.console.print(prompt)
            self.console.print(f"[dim]{say('choices', self.lang)}[/]")
            for line in self.pages:
                self.console.print(line)
        else:
            self.compact(observation, legal, prompt, screen, above)
        action = self.ask(legal)
        self.console.print(f"[bold]{say('chosen', self.lang, action=labels[legal.index(action)])}[/]")
        self.apply(action)
        self.show_events(title=False)  # what the action did, at once (what it drew included)

    def screen_height(self) -> int | None:
        """The terminal's height when the screen must fit it (a terminal, or LINES set), else
        None: piped output gets every choice."""
        if self.console.is_terminal or os.environ.get("LINES"):
            return max(self.console.height, 12)
        return None

    def compact(self, observation: object, legal: list[Action], prompt: Text, screen: int,
                above: int) -> None:
        """Too many choices for the screen: the player's hand, the prompt, the choices grouped as
        the game's words group them (as many groups as fit), and how to see them numbered."""
        bottom: list[Text] = []
        hand = hand_words(self.renderer, observation, self.lang, markup=True)
        if hand:  # the board may scroll up: the hand again, just above the prompt
            bottom.append(Text.from_markup(f"{say('your_hand', self.lang)}{hand}"))
        bottom.append(prompt)
        example = self.example(legal[-1], observation)
        hint = Text.from_markup(f"[dim]{escape(say('compact', self.lang, n=len(legal), example=example))}[/]")
        budget = screen - height(self.console, [*bottom, hint]) - 1
        groups = group_choices(self.renderer, legal, observation, self.lang)
        shown: list[Text] = []
        for index, group in enumerate(groups):
            text = Text.from_markup(f"  {group}")
            need = height(self.console, [text])
            rest = len(groups) - index - 1
            if height(self.console, shown) + need + (1 if rest else 0) > budget:
                more = say("more_groups", self.lang, n=len(groups) - index)
                shown.append(Text.from_markup(f"[dim]  … {more}[/]"))
                break
            shown.append(text)
        for line in [*bottom, *shown, hint]:
            self.console.print(line)

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
        self.page += 1
        left = max(0, len(self.pages) - start - size)
        self.console.print(f"[dim]{say('more_left' if left else 'more_end', self.lang, n=left)}[/]")

    def ask(self, legal: list[Action]) -> Action:
        """Read answers until one names a legal action; each wrong one explains itself."""
        while True:
            try:
                text = self.console.input(f"[bold cyan]{say('ask', self.lang)}[/]").strip()
            except EOFError:
                raise _Leave(say("eof", self.lang)) from None
            problem = None
            if not text:
                example = self.state.game.action_to_text(legal[0])
                problem = say("empty_input", self.lang, example=example)
            elif text.lower() in ("help", "h", "?", "aide"):
                self.console.print(say("help", self.lang))
                hint = input_help(self.renderer, self.lang)
                if hint:
                    self.console.print(escape(hint))
                continue
            elif text.lower() in ("more", "plus", "+", "m"):
                self.more()
                continue
            elif text.lower() in ("quit", "q", "exit", "quitter"):
                raise _Leave(say("quit", self.lang))
            elif text.isdigit():
                number = int(text)
                if 1 <= number <= len(legal):
                    return legal[number - 1]
                problem = say("out_of_range", self.lang, n=number, max=len(legal))
            else:
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
            self.console.print(f"[red]{escape(problem)}[/]")

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
                     self.renderer.winners_text(final, self.lang, self.names), say("scores", self.lang))

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
