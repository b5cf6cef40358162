"""Turn timers (a table option) and the bot that takes over a seat whose player ran out of time or
left ("zombie"), until the player comes back by reopening their link.

A table's clock is ``{"mode": "move" | "game" | "days", "seconds": N, "away": A}``: with ``move``,
each turn of a person gets N seconds; with ``game``, each person has N seconds for the whole game,
spent while they are to act. A person to act who runs out of time, or whose page has been gone for
A seconds, is replaced by a random bot that plays their turns; their next hello (the link opened
again, or "take my seat back") gives the seat back, with at least a move's worth of time.

``days`` is a turn-based table, for a game over days: each move has N seconds, from an hour to
two weeks, and nobody is replaced for being away (people close the page and come back when it
is their turn: "My games" and the tab's title tell them); only a move whose time ran out is
played by the bot, as above, until its player opens their link again.

The clocks run in the memory of each process holding the table, and each action stores with it
the time each seat has left and the (wall-clock) moment the next turn started: a restarted server,
or another process reading the table, goes on from there. A clock is a clock: the time the
server was down counts for the seat to act, which gets a bot if it ran out meanwhile (until its
player comes back). What the bot plays is stored like any action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import ApiError
from .words import Phrase

MODES = ("move", "game", "days")
MIN_SECONDS, MAX_SECONDS = 5, 86_400
#: A turn-based table's time for a move: an hour to two weeks.
MIN_DAYS_SECONDS, MAX_DAYS_SECONDS = 3_600, 14 * 86_400
MIN_AWAY, DEFAULT_AWAY = 5, 60
#: Seconds a player who takes their seat back gets at least (a game clock may be empty).
BACK_SECONDS = 30


@dataclass(frozen=True)
class Clock:
    mode: str
    seconds: int
    away: int = DEFAULT_AWAY

    def to_json(self) -> dict[str, Any]:
        return {"mode": self.mode, "seconds": self.seconds, "away": self.away}


def _whole(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ApiError(400, "bad_clock", problem=Phrase("clock_range", {
            "what": Phrase(f"clock_{name}"), "low": low, "high": high}))
    return value


def parse_clock(value: Any) -> Clock | None:
    """A table's clock from its JSON (None, or mode "none": no clock); ApiError ``bad_clock``."""
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) - {"mode", "seconds", "away"}:
        raise ApiError(400, "bad_clock", problem='send {"mode": "move" or "game", "seconds": N, "away": N}')
    mode = value.get("mode")
    if mode == "none":
        return None
    if mode not in MODES:
        raise ApiError(400, "bad_clock", problem='mode is "none", "move", "game" or "days"')
    if mode == "days":  # turn-based: nobody is replaced for being away
        if value.get("away", 0) != 0:  # (0, as a stored clock says)
            raise ApiError(400, "bad_clock", problem='a turn-based table ("days") has no "away"')
        return Clock(mode, _whole(value.get("seconds"), "seconds", MIN_DAYS_SECONDS, MAX_DAYS_SECONDS), 0)
    seconds = _whole(value.get("seconds"), "seconds", MIN_SECONDS, MAX_SECONDS)
    away = _whole(value.get("away", DEFAULT_AWAY), "away", MIN_AWAY, MAX_SECONDS)
    return Clock(mode, seconds, away)


@dataclass
class SeatClocks:
    """The time each seat has left, and since when each person to act has been gone."""

    clock: Clock
    players: int
    now: float
    bank: list[float] = field(default_factory=list)
    revision: int = -1  # of the position whose turn runs
    to_act: int | None = None
    started: float = 0.0
    away_since: dict[int, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.bank = [float(self.clock.seconds)] * self.players
        self.started = self.now

    def _paid(self, now: float) -> list[float]:
        """Each seat's time left once the seat to act has paid for its turn until ``now``."""
        bank = list(self.bank)
        if self.clock.mode == "game" and self.to_act is not None and 0 <= self.to_act < self.players:
            bank[self.to_act] = max(0.0, bank[self.to_act] - (now - self.started))
        return bank

    def turn(self, revision: int, to_act: int | None, now: float) -> None:
        """A new position (``revision``): the seat that was to act pays for its time; the next
        one's turn starts."""
        if revision == self.revision:
            return
        self.bank = self._paid(now)
        self.revision, self.to_act, self.started = revision, to_act, now

    def saved(self, now: float, wall: float) -> dict[str, Any]:
        """What the store keeps with an action played ``now`` (``wall``: the same moment by the
        wall clock, which every process shares): the time left, and when the next turn starts."""
        return state_to_store(self._paid(now), now, now, wall)

    def snapshot(self) -> tuple[list[float], float]:
        """The clocks as the current turn stands: each seat's time left, and when it began."""
        return list(self.bank), self.started

    def resume(self, revision: int, to_act: int | None, snapshot: tuple[list[float], float]) -> None:
        """Back to a turn of ``snapshot`` (its move was taken back): the turn goes on from when it
        began, so taking a move back never buys time."""
        self.bank, self.started = list(snapshot[0]), snapshot[1]
        self.revision, self.to_act = revision, to_act

    def restore(self, saved: Any, now: float, wall: float) -> None:
        """Go on from what the store kept (ignored if it is not what ``saved`` writes)."""
        if not isinstance(saved, dict):
            return
        bank, since = saved.get("bank"), saved.get("since")
        if (isinstance(bank, list) and len(bank) == self.players and isinstance(since, (int, float))
                and all(isinstance(x, (int, float)) for x in bank)):
            self.bank = [max(0.0, float(x)) for x in bank]
            self.started = now - max(0.0, wall - float(since))

    def left(self, now: float) -> list[float]:
        """Seconds left for each seat (the seat to act's counting down)."""
        if self.clock.mode != "game":  # (a move's own time)
            out = [float(self.clock.seconds)] * self.players
        else:
            out = list(self.bank)
        seat = self.to_act
        if seat is not None and 0 <= seat < self.players:
            out[seat] = max(0.0, out[seat] - (now - self.started))
        return out

    def tick(self, revision: int, to_act: int | None, humans: set[int], connected: frozenset[int],
             now: float) -> int | None:
        """The seat to hand to a bot now (out of time, or gone too long), if any."""
        self.turn(revision, to_act, now)
        for seat in list(self.away_since):
            if seat in connected:
                del self.away_since[seat]
        if to_act is None or to_act not in humans:
            return None
        if to_act not in connected:
            self.away_since.setdefault(to_act, now)
        gone_too_long = self.clock.away > 0 and now - self.away_since.get(to_act, now) >= self.clock.away
        if self.left(now)[to_act] <= 0 or gone_too_long:
            return to_act
        return None

    def back(self, seat: int, now: float) -> None:
        """The player takes the seat back: a fresh turn, with at least BACK_SECONDS."""
        self.away_since.pop(seat, None)
        if seat == self.to_act:
            self.turn(self.revision, self.to_act, now)  # nothing to pay: the bot played meanwhile
            self.started = now
        if self.clock.mode == "game":
            self.bank[seat] = max(self.bank[seat], float(min(BACK_SECONDS, self.clock.seconds)))


def state_to_store(bank: list[float], started: float, now: float, wall: float) -> dict[str, Any]:
    """A clock's state as the store keeps it: each seat's time left, and when (by the wall clock,
    ``wall`` being ``now``) the current turn began."""
    return {"bank": [round(x, 2) for x in bank], "since": wall - (now - started)}
