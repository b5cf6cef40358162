"""A game as a table plays it: the position with its record, the public log, what each person's
own hand gained (the log tells them, and only them, the values), the forced moves, the trail of
moves that may be taken back, and each person's observation now.

Each action is applied once and each person's seat observed once per action: the observation
after one action is the one before the next, and the views are built from it (views.py). A live
table (table.py), a tutorial (tutorials.py) and a replay read it; nothing here knows of sockets,
stores or clocks.

Forced moves: a person's decision with one legal action is no decision, so the table plays it
for them after the bot delay (a pause to follow it by), by the same path as a bot's move, and the
log says so ("(forced)"). Whether a move was forced depends only on the position it was played
from (a person to act, one legal action: ``only_choice``), never on who clicked it: a restarted
server, another process and a replay all agree.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from ..core.errors import LudothequeError
from ..core.game import Action, State, start_log
from ..core.record import GameRecord, RecordedGame
from ..renderers import GameRenderer
from .store import StoreError
from .undo import LastMove, refusal


def only_choice(state: State, humans: Collection[int]) -> Action | None:
    """The only legal action of the person (one of ``humans``) to act, if they have only one."""
    if state.to_act not in humans:  # a bot, chance, or the game is over
        return None
    legal = state.legal_actions()
    return legal[0] if len(legal) == 1 else None


class PlayedGame:
    """The game of one table from its first position (``first_position()``) on."""

    def __init__(self, first_position: Callable[[], State], renderer: GameRenderer, humans: Sequence[int],
                 seed: int, undo: bool, moves: Sequence[str] = ()) -> None:
        self.first_position, self.renderer, self.humans = first_position, renderer, list(humans)
        self.seed, self.undo = seed, undo  # the table's seed; whether moves may be taken back
        self.play_from_start(moves)

    def play_from_start(self, moves: Sequence[str]) -> None:
        """The game dealt again and played up to ``moves`` (at creation, when read back from the
        store, when a move is taken back, and when a write was lost)."""
        state = self.first_position()
        game = state.game
        log = start_log(state)
        self.log: list[Any] = [] if log is None else log
        # the options as resolved say every rule played, so the record is of the current version
        record = GameRecord(game.id, dict(state.options), seed=self.seed, version=game.spec.version)
        self.game = RecordedGame(state, record)
        #: what each person's own hand gained, by seat: (the number of public events by then, the
        #: seat's observations before and after)
        self.gains: dict[int, list[tuple[int, Any, Any]]] = {}
        #: where moves may be taken back: the last action not forced and the forced ones since
        #: (an undo takes them all back: see undo.py)
        self.trail: list[LastMove] = []
        #: the first event of each forced move, by the seat it was played for: that seat's log
        #: marks it (only theirs while the game goes on: having had one choice may tell of a hand)
        self.forced_events: dict[int, set[int]] = {}
        self.only = only_choice(state, self.humans)
        self.seen: dict[int, Any] = {seat: state.observe(seat) for seat in self.humans}
        self.replay(moves)

    @property
    def state(self) -> Any:
        return self.game.state

    @property
    def step(self) -> int:
        """The number of actions played."""
        return self.game.moves

    @property
    def finished(self) -> bool:
        return bool(self.state.is_terminal)

    def replay(self, moves: Sequence[str]) -> None:
        """Play actions read from the store, checked by the rules (they are data)."""
        try:
            for text in moves:
                self.play(self.state.game.parse_action(text), check=True)
        except LudothequeError as exc:
            raise StoreError(f"its stored actions do not replay: {exc}") from None

    def play(self, action: Action, check: bool = False,
             clock: tuple[list[float], float] | None = None) -> None:
        """Play ``action`` (checked against the rules first when ``check``), noting what it put in
        each person's own hand; ``clock``: the turn timer as the mover's turn stood (undo.py)."""
        state = self.state
        forced, events, mover = self.only is not None, len(self.log), state.to_act
        if self.undo:
            move = LastMove(state.clone(), action, mover, self.step, clock, forced)
            self.trail = [*self.trail, move] if forced else [move]
        if check:
            self.game.apply(action)
        else:
            self.game.apply_trusted(action)
        if forced and len(self.log) > events:
            self.forced_events.setdefault(mover, set()).add(events)
        self.only = only_choice(state, self.humans)
        new_in_hand = self.renderer.new_in_hand
        for seat, seen in self.seen.items():
            now = self.seen[seat] = state.observe(seat)
            if new_in_hand(seen, now, "en") is not None:  # kept only when it gained
                self.gains.setdefault(seat, []).append((len(self.log), seen, now))

    def take_back(self, count: int) -> None:
        """The last ``count`` actions undone (a lost write, or an undo): played again without them."""
        self.play_from_start(self.game.record.actions[:-count] if count else self.game.record.actions)

    def observation(self, seat: int | None) -> Any:
        """``seat``'s observation now (a person's as last seen; a bot's or the spectator's anew)."""
        seen = self.seen.get(seat) if seat is not None else None
        return seen if seen is not None else self.state.observe(seat)

    def undo_refusal(self, seat: int | None) -> str | None:
        """Why ``seat`` may not take back the last action now (an error code), or None."""
        return refusal(self.trail, seat, self.undo, self.finished, self.seed)

    def undo_wait(self, people: Collection[int], wait: float, now: float) -> float:
        """Seconds the table's bots still wait before answering the last move, which one of
        ``people`` (at their seat) may take back (``wait`` seconds after it); 0 when none."""
        if not self.undo or not self.trail or self.trail[-1].seat not in people:
            return 0.0
        last = self.trail[-1]
        if self.undo_refusal(last.seat) is not None:
            return 0.0
        return max(0.0, last.at + wait - now)
