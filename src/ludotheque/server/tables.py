"""A table in memory: the game with its record, its seats and tokens, its bots, and who watches it.

The server is the only authority. An action is checked (token, revision, turn, rules), stored, and
only then applied and announced, so what anyone has been told is always in the database. The
*revision* names one position: it grows by one at every action and every move taken back, and
never comes back (the JSON API calls it ``version``); the *step* is the number of actions played,
which an undo takes back; the *rules version* is the version of the game's rules the table was
created with, kept for its whole life.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import random
import secrets
import time
from collections.abc import Sequence
from typing import Any

from ..bots.registry import make_bot
from ..core.bot import Bot
from ..core.errors import LudothequeError, UnknownGameError
from ..core.game import CHANCE, Action, sample_chance, start_log
from ..core.record import GameRecord, RecordedGame
from ..core.registry import get_game
from ..core.seeds import KeyedRandom, is_key, stream_seed
from ..renderers import GameRenderer, renderer_for
from ..sim.match import bot_seed, chance_seed
from .clocks import SeatClocks, parse_clock
from .errors import ApiError
from .forced import only_choice
from .limits import MessageRate
from .store import SeatRow, StoreError, TableRow
from .undo import LastMove, refusal
from .updates import Updates
from .views import build_view, describe_log, seat_names
from .watchers import Watcher
from .words import say


def new_token() -> str:
    """An unguessable seat token (256 random bits)."""
    return secrets.token_urlsafe(32)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def rematch_token(old_token: str, new_table: str) -> str:
    """A seat's token at the rematch table, derived from its token here: only its holder can get
    it, and the server needs to keep no secret to hand it over."""
    digest = hmac.new(old_token.encode(), f"rematch:{new_table}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


#: The letters of a table id: plain letters and digits only (an id never starts with "-" or "_",
#: and reads well in a URL, a log or a message).
ID_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def new_table_id() -> str:
    """12 letters and digits: 71 random bits, enough that nobody guesses a table's id."""
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(12))


def parse_seats(kinds: Sequence[str], game_id: str) -> list[SeatRow]:
    """``["human", "bot:heuristic"]`` to seat rows (raises ApiError for unknown kinds or bots)."""
    rows = []
    for seat, kind in enumerate(kinds):
        if kind == "human":
            rows.append(SeatRow(seat, "human"))
        elif kind.startswith("bot:"):
            name = kind[4:]
            try:
                make_bot(game_id, name)
            except LudothequeError as exc:
                raise ApiError(400, "unknown_bot", problem=str(exc)) from None
            rows.append(SeatRow(seat, "bot", name))
        else:
            raise ApiError(400, "bad_seats",
                           problem=f'seat {seat}: {kind!r} is neither "human" nor "bot:<name>"')
    return rows


class LiveTable:
    """A table rebuilt from its row and its actions (a fresh table, or one read back from the store).

    Raises ApiError ``old_rules`` when the table was created with rules this program no longer
    plays, and ``no_game`` when this program does not have its game at all."""

    def __init__(self, row: TableRow, moves: Sequence[str]) -> None:
        self.row = row
        try:
            game = get_game(row.game)
        except UnknownGameError:
            raise ApiError(409, "no_game", game=row.game) from None
        #: the options under which this program plays the table's rules (a table made under
        #: older rules plays on under them where the game keeps them as options)
        self.options = dict(row.options)
        if row.rules_version != game.spec.version:
            try:
                self.options = game.options_of_version(row.rules_version or 0, row.options)
            except LudothequeError:
                raise ApiError(409, "old_rules", game=game.spec.name, stored=row.rules_version,
                               current=game.spec.version) from None
        self.renderer: GameRenderer = renderer_for(game)
        self.humans = [s.seat for s in row.seats if s.kind == "human"]
        self.clocks: SeatClocks | None = None
        self.play_from_start(moves)
        self.revision = row.revision  # of the position ``moves`` lead to (store.load reads them together)
        self.lock = asyncio.Lock()
        self.watchers: set[Watcher] = set()
        self.updates = Updates(self)
        self.view_epoch = 0  # moves when the views change without the position (names, rematch table)
        self.presence_epoch = 0
        self.remote_presence: dict[str, tuple[frozenset[int], float]] = {}  # other process -> seats, when
        self.heard: dict[int, str] = {}  # actions other processes played, by step, not applied yet
        self.shown_presence: frozenset[int] = frozenset()
        self.rename_rates: dict[int, MessageRate] = {}  # each seat's renames (limits.rename_rate)
        self.bot_task: asyncio.Task[None] | None = None
        self.used = time.monotonic()
        clock = parse_clock(row.clock) if row.clock else None
        self.clocks = SeatClocks(clock, len(row.seats), time.monotonic()) if clock else None
        if self.clocks is not None:
            self.clocks.turn(self.revision, self.clock_seat, time.monotonic())
            self.clocks.restore(row.clock_state, time.monotonic(), time.time())
        self.zombies: dict[int, Bot] = {}  # people's seats a bot plays for, until they come back
        #: at a table without a clock: since when each person's page has been gone, the seat to
        #: act gone long enough that the others may hand it to a bot, and what pages were told
        self.gone_since: dict[int, float] = {}
        self.gone: frozenset[int] = frozenset()
        self.told_absence: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        self.seat_bots()

    def play_from_start(self, moves: Sequence[str]) -> None:
        """The game dealt again from the table's seed and played up to ``moves`` (at creation,
        when read back from the store, and when a move is taken back)."""
        game = get_game(self.row.game)
        state = self.first_position(game)
        log = start_log(state)
        self.log: list[Any] = [] if log is None else log
        # the options as resolved say every rule played, so the record is of the current version
        record = GameRecord(game.id, dict(state.options), seed=self.row.seed, version=game.spec.version)
        self.game = RecordedGame(state, record)
        #: what each person's own hand gained, by seat: (the number of public events by then, the
        #: seat's observations before and after): the log tells them, and only them, the values
        self.gains: dict[int, list[tuple[int, Any, Any]]] = {}
        #: where moves may be taken back: the last action not forced and the forced ones since
        #: (an undo takes them all back: see undo.py)
        self.trail: list[LastMove] = []
        #: the first event of each forced move, by the seat it was played for: that seat's log
        #: marks it (only theirs while the game goes on: having had one choice may tell of a hand)
        self.forced_events: dict[int, set[int]] = {}
        self.only = only_choice(state, self.humans)
        self._replay(moves)
        self.lines: dict[tuple[int | None, str], list[str]] = {}  # the log in words, per reader
        self.described: dict[tuple[int | None, str], tuple[int, int]] = {}  # (events, gains) in lines

    def first_position(self, game: Any) -> Any:
        """The deal, from the table's seed (a guided first game starts from its own set-up)."""
        return game.new_state(self.options, self.row.seed)

    def seat_bots(self) -> None:
        """The table's bots, starting from the position now."""
        self.bots: dict[int, Bot] = {}
        for s in self.row.seats:
            if s.kind == "bot" and s.bot is not None:
                # a resumed bot starts a new stream: the record, not the bot, is what must replay
                bot = make_bot(self.row.game, s.bot, f"{self.bot_seed(s.seat)}:{self.step}")
                bot.reset(self.state.game, self.state.options, s.seat)
                self.bots[s.seat] = bot

    def bot_seed(self, seat: int) -> int:
        """The seed of ``seat``'s bot streams: one-way from the table's seed (its key's own
        stream, at a table dealt from a key), so a bot's moves tell nothing of the deal."""
        seed = self.row.seed
        return stream_seed(seed, "bot", seat) if is_key(seed) else bot_seed(seed, seat)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def state(self) -> Any:
        return self.game.state

    @property
    def step(self) -> int:
        """The number of actions played (an undo takes one back: the revision names positions)."""
        return self.game.moves

    def zombie(self, seat: int) -> None:
        """A random bot plays for ``seat`` until its player comes back."""
        bot = make_bot(self.row.game, "random", f"{self.bot_seed(seat)}:zombie:{self.step}")
        bot.reset(self.state.game, self.state.options, seat)
        self.zombies[seat] = bot

    def clock_message(self, now: float) -> dict[str, Any]:
        """What the pages show of the clocks (each seat's seconds left; ``mode`` "none" and no
        ``left`` without a clock), who a bot plays for, and who is ``gone`` (a seat to act gone
        so long that the others may hand it to a bot)."""
        clock = {"mode": "none", "left": None} if self.clocks is None else {
            **self.clocks.clock.to_json(), "left": [round(x, 1) for x in self.clocks.left(now)]}
        return {"type": "clock", **clock, "version": self.revision,
                "to_act": self.clock_seat if not self.finished else None,
                "zombies": sorted(self.zombies), "gone": sorted(self.gone)}

    def absence_changed(self) -> bool:
        """At a table without a clock: whether who a bot plays for, or who is gone, changed since
        the pages were told (they are told only then)."""
        shown = (tuple(sorted(self.zombies)), tuple(sorted(self.gone)))
        if shown == self.told_absence:
            return False
        self.told_absence = shown
        return True

    def chance_outcome(self) -> Action:
        """At a chance node, the outcome drawn from a stream of the table's seed and step, so
        that any process, before or after a restart, draws the same; at a table dealt from a key,
        the key's stream, which nobody without the key can foresee (core/seeds.py)."""
        seed = self.row.seed
        rng = (KeyedRandom(seed, "chance", self.step) if is_key(seed)
               else random.Random(f"{chance_seed(seed)}:{self.step}"))
        return sample_chance(self.state, rng)

    @property
    def finished(self) -> bool:
        return bool(self.state.is_terminal)

    @property
    def bot_to_act(self) -> bool:
        """Whether the table makes the next move itself: a bot's, a chance outcome, or a person's
        only legal action (forced.py)."""
        to_act = self.state.to_act
        return (to_act == CHANCE or to_act in self.bots or to_act in self.zombies
                or self.forced_move is not None)

    @property
    def bots_moving(self) -> bool:
        """Whether a task of this process is moving the table's bots now."""
        return self.bot_task is not None and not self.bot_task.done()

    @property
    def busy(self) -> bool:
        """Someone watches it, an action is being played or its bots are moving: never evicted."""
        return bool(self.watchers) or self.lock.locked() or self.bots_moving

    @property
    def forced_move(self) -> Action | None:
        """The only legal action of the person to act, which the table plays for them (None when
        they have a choice, or a bot plays for them anyway)."""
        return None if self.state.to_act in self.zombies else self.only

    def forced_in(self, state: Any) -> bool:
        """Whether a person of this table is to act in ``state`` with one legal action."""
        return only_choice(state, self.humans) is not None

    @property
    def clock_seat(self) -> int | None:
        """The seat whose clock runs: the seat to act, but nobody while the table plays a forced
        move (it costs its person no time)."""
        return None if self.only is not None else self.state.to_act

    def extend(self, moves: Sequence[str]) -> None:
        """Play actions other processes played after our revision (each one a new revision)."""
        self._replay(moves)
        self.revision += len(moves)

    def apply(self, action: Action) -> None:
        """Play ``action``, just stored from our revision: the table is at the next one."""
        self._play(action)
        self.revision += 1

    def _replay(self, moves: Sequence[str]) -> None:
        """Play actions read from the store, checked by the rules (they are data)."""
        try:
            for text in moves:
                self._play(self.state.game.parse_action(text), check=True)
        except LudothequeError as exc:
            raise StoreError(f"table {self.row.id}: its stored actions do not replay: {exc}") from None

    def _play(self, action: Action, check: bool = False) -> None:
        """Play ``action`` (checked against the rules first when ``check``: it comes from the
        store), noting what it put in each person's own hand."""
        state = self.state
        before = {seat: state.observe(seat) for seat in self.humans}
        forced, events, mover = self.only is not None, len(self.log), state.to_act
        if self.row.undo:  # (the clocks as the mover's turn stood, for a move played here)
            clock = None if check or self.clocks is None else self.clocks.snapshot()
            move = LastMove(state.clone(), action, state.to_act, self.step, clock, forced)
            self.trail = [*self.trail, move] if forced else [move]
        if check:
            self.game.apply(action)
        else:
            self.game.apply_trusted(action)
        if forced and len(self.log) > events:
            self.forced_events.setdefault(mover, set()).add(events)
        self.only = only_choice(state, self.humans)
        for seat, seen in before.items():
            now = state.observe(seat)
            if self.renderer.new_in_hand(seen, now, "en") is not None:  # kept only when it gained
                self.gains.setdefault(seat, []).append((len(self.log), seen, now))

    def undo_refusal(self, seat: int | None) -> str | None:
        """Why ``seat`` may not take back the last action now (an error code), or None."""
        return refusal(self.trail, seat, self.row.undo, self.finished, self.row.seed)

    def check_undo(self, seat: int | None, version: int) -> None:
        """``seat`` may take back the last action, chosen on the view of revision ``version``
        (else ApiError)."""
        if seat is None:
            raise ApiError(403, "bad_token")
        self.check_revision(version)
        code = self.undo_refusal(seat)
        if code is not None:
            raise ApiError(409, code)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token opens; None for no token (a spectator). Raises ApiError for a bad one."""
        if token is None:
            return None
        digest = token_digest(token)
        for s in self.row.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                return s.seat
        raise ApiError(403, "bad_token")

    def check_revision(self, version: int) -> None:
        """A choice made on the view of revision ``version`` is made on this position (else 409
        ``stale``: a later one, or one a move taken back did away with)."""
        if version != self.revision:
            raise ApiError(409, "stale", version=version, current=self.revision)

    def check(self, seat: int, text: str, version: int, lang: str) -> Action:
        """The action ``seat`` asks for on the view of revision ``version``, if everything allows it
        now (else ApiError; nothing changes)."""
        state = self.state
        if state.is_terminal:
            raise ApiError(409, "game_over")
        self.check_revision(version)
        if state.to_act != seat:
            to_act = state.to_act
            name = (say("chance", lang) if to_act == CHANCE
                    else seat_names(self.renderer, self.row.seats, lang)[to_act])
            raise ApiError(409, "not_your_turn", name=name)
        try:
            action: Action = state.game.parse_action(text)
            reason = state.refusal(action, lang)
        except (LudothequeError, ValueError) as exc:
            reason = str(exc)
        if reason is not None:
            raise ApiError(422, "illegal", legal=state.legal_texts(), reason=reason)
        return action

    # -- who is here --------------------------------------------------------------------------
    def local_seats(self) -> frozenset[int]:
        return frozenset(w.seat for w in self.watchers if w.seat is not None)

    def connected(self) -> frozenset[int]:
        """Seats with a socket open here or, as far as we heard, in another process."""
        seats = set(self.local_seats())
        for remote, _ in self.remote_presence.values():
            seats |= remote
        return frozenset(seats)

    # -- what watchers see --------------------------------------------------------------------
    def forget_lines(self) -> None:
        """The log is described again from its first event (the seats' names changed)."""
        self.lines.clear()
        self.described.clear()

    def log_lines(self, seat: int | None, lang: str) -> list[str]:
        """The log in ``seat``'s words, described once per event (events never change)."""
        key = (seat, lang)
        lines = self.lines.setdefault(key, [])
        events, gained = self.described.get(key, (0, 0))
        gains = self.gains.get(seat, []) if seat is not None else []
        if events == len(self.log) and gained == len(gains):
            return lines
        while events < len(self.log) or gained < len(gains):
            # the public events up to the next gain, then what that gain put in this seat's hand
            upto = gains[gained][0] if gained < len(gains) else len(self.log)
            lines += describe_log(self.renderer, self.row.seats, self.log[events:upto], seat, lang,
                                  self.forced_events.get(seat, ()) if seat is not None else (), events)
            events = upto
            if gained < len(gains):
                _, before, after = gains[gained]
                news = self.renderer.new_in_hand(before, after, lang)
                if news:
                    lines.append(news)
                gained += 1
        self.described[key] = (events, gained)
        return lines

    def view_parts(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The view of ``seat`` without its log and presence (see views.py)."""
        view = build_view(self.state, self.renderer, self.row.seats, seat, lang)
        view.update(version=self.revision, table=self.id, game=self.row.game,
                    game_name=self.state.game.spec.name, rules_version=self.row.rules_version,
                    next_id=self.row.next_id, undo=self._undo_view(seat, lang), hints=self.row.hints)
        return view

    def _undo_view(self, seat: int | None, lang: str) -> dict[str, Any] | None:
        """For the seat that played the last action, at a table that allows taking moves back:
        whether it may, and why not in words (None for everyone else)."""
        trail = self.trail
        if not self.row.undo or seat is None or not trail or trail[-1].seat != seat or self.finished:
            return None
        code = self.undo_refusal(seat)
        if code == "undo_forced":  # a move played for them, with nothing of theirs before it
            return None
        return {"allowed": code is None, "reason": None if code is None else say(code, lang)}

    def view(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The whole view of ``seat`` now (shared with every reader of that seat and language)."""
        return self.updates.whole((seat, lang))[0]

    def summary(self) -> dict[str, Any]:
        return summary(self.row, self.revision, self.state.to_act, self.finished)


def summary(row: TableRow, revision: int, to_act: int | None, terminal: bool) -> dict[str, Any]:
    """A table as the lobby lists it: public facts only (``version`` is the revision)."""
    return {
        "id": row.id, "game": row.game, "rules_version": row.rules_version, "players": len(row.seats),
        "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name} for s in row.seats],
        "version": revision, "to_act": to_act, "terminal": terminal, "created": row.created,
        "spectator_url": f"/t/{row.id}", "replay_url": f"/t/{row.id}/replay", "next_id": row.next_id,
        "clock": row.clock, "undo": row.undo, "hints": row.hints,
    }
