"""A table in play: the game with its record, its seats and tokens, its bots and who is watching.

The server is the only authority. An action is checked (token, version, turn, rules), stored, and
only then applied and announced, so what anyone has been told is always in the database.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket

from ..bots.registry import make_bot
from ..core.bot import Bot, Decision
from ..core.errors import LudothequeError, NotationError
from ..core.game import CHANCE, Action, sample_chance, start_log
from ..core.record import GameRecord, RecordedGame
from ..core.registry import get_game
from ..renderers import GameRenderer, renderer_for
from ..sim.match import bot_seed, chance_seed
from .errors import ApiError
from .store import SeatRow, StoreError, TableRow
from .views import build_view, describe_log
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


def new_table_id() -> str:
    return secrets.token_urlsafe(9)


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


@dataclass(eq=False)
class Subscriber:
    """One open websocket: whose eyes it has (a seat or None) and in which language."""

    socket: WebSocket
    seat: int | None
    lang: str
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def send(self, text: str) -> None:
        async with self.lock:
            await asyncio.wait_for(self.socket.send_text(text), timeout=10)


class LiveTable:
    """A table rebuilt from its row and its actions (a fresh table, or one read back after a restart)."""

    def __init__(self, row: TableRow, moves: Sequence[str]) -> None:
        self.row = row
        game = get_game(row.game)
        self.renderer: GameRenderer = renderer_for(game)
        state = game.new_state(row.options, row.seed)
        log = start_log(state)
        self.log: list[Any] = [] if log is None else log
        record = GameRecord(game.id, dict(state.options), seed=row.seed, version=game.spec.version)
        self.game = RecordedGame(state, record)
        try:
            for text in moves:
                self.game.apply_text(text)
        except LudothequeError as exc:
            raise StoreError(f"table {row.id}: its stored actions do not replay: {exc}") from None
        self.lines: dict[tuple[int | None, str], list[str]] = {}  # the log in words, per reader
        self.lock = asyncio.Lock()
        self.subscribers: set[Subscriber] = set()
        self.bot_task: asyncio.Task[None] | None = None
        self.bots: dict[int, Bot] = {}
        for s in row.seats:
            if s.kind == "bot" and s.bot is not None:
                # a resumed bot starts a new stream: the record, not the bot, is what must replay
                bot = make_bot(row.game, s.bot, f"{bot_seed(row.seed, s.seat)}:{self.version}")
                bot.reset(game, state.options, s.seat)
                self.bots[s.seat] = bot

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def state(self) -> Any:
        return self.game.state

    @property
    def version(self) -> int:
        """The number of actions played: every action names the version it was chosen on."""
        return self.game.moves

    def automatic(self) -> bool:
        """Whether the next move is not a person's: a bot's, or a chance outcome."""
        to_act = self.state.to_act
        return to_act is not None and (to_act == CHANCE or to_act in self.bots)

    def automatic_move(self) -> Action | None:
        """The bot's move (None if it chose an illegal one), or a chance outcome drawn from a
        stream of the table's seed and version, so that a restarted server draws the same."""
        state, seat = self.state, self.state.to_act
        if seat == CHANCE:
            return sample_chance(state, random.Random(f"{chance_seed(self.row.seed)}:{self.version}"))
        decision = Decision(state, seat)
        action = self.bots[seat].choose(decision)
        legal = decision.is_legal(action)
        decision.close()
        return action if legal else None

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token opens; None for no token (a spectator). Raises ApiError for a bad one."""
        if token is None:
            return None
        digest = token_digest(token)
        for s in self.row.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                return s.seat
        raise ApiError(403, "bad_token")

    def check(self, seat: int, text: str, version: int, lang: str) -> Action:
        """The action ``seat`` asks for, if everything allows it now (else ApiError; nothing changes)."""
        state = self.state
        if state.is_terminal:
            raise ApiError(409, "game_over")
        if version != self.version:
            raise ApiError(409, "stale", version=version, current=self.version)
        if state.to_act != seat:
            to_act = state.to_act
            name = say("chance", lang) if to_act == CHANCE else self.renderer.seat_name(to_act, lang)
            raise ApiError(409, "not_your_turn", name=name)
        legal = state.legal_texts()
        try:
            action: Action = state.game.parse_action(text)
        except NotationError as exc:
            raise ApiError(422, "illegal", legal=legal, reason=str(exc)) from None
        reason = state.refusal(action, lang)
        if reason is not None:
            raise ApiError(422, "illegal", legal=legal, reason=reason)
        return action

    def connected_seats(self) -> set[int]:
        return {s.seat for s in self.subscribers if s.seat is not None}

    def log_lines(self, seat: int | None, lang: str) -> list[str]:
        """The log in ``seat``'s words, described once per event (events never change)."""
        lines = self.lines.setdefault((seat, lang), [])
        if len(lines) < len(self.log):
            lines += describe_log(self.renderer, self.row.seats, self.log[len(lines):], seat, lang)
        return list(lines)

    def view(self, seat: int | None, lang: str) -> dict[str, Any]:
        view = build_view(self.state, self.renderer, self.row.seats, self.log_lines(seat, lang), seat, lang,
                          self.connected_seats())
        view.update(version=self.version, table=self.id, game=self.row.game,
                    game_name=self.state.game.spec.name, next_id=self.row.next_id)
        return view

    def summary(self) -> dict[str, Any]:
        return summary(self.row, self.version, self.state.to_act, self.state.is_terminal)


def summary(row: TableRow, version: int, to_act: int | None, terminal: bool) -> dict[str, Any]:
    """A table as the lobby lists it: public facts only."""
    return {
        "id": row.id, "game": row.game, "players": len(row.seats),
        "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot} for s in row.seats],
        "version": version, "to_act": to_act, "terminal": terminal, "created": row.created,
        "spectator_url": f"/t/{row.id}", "replay_url": f"/t/{row.id}/replay", "next_id": row.next_id,
    }
