"""What a browser is sent: a *view* built from one seat's observation (or the spectator's) and the
public event log, in the reader's language. Nothing else of a state ever leaves the server.

A view is built in parts: ``build_view`` gives everything but the log and who is connected (the
part that changes with each action), the log is described line by line as it grows, and
``changes`` says what differs between two views, so that an update carries only that.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from ..choices import legal_entries, refused_entries
from ..core.game import State
from ..renderers import GameRenderer
from .store import SeatRow
from .words import say, web_prompt


def bot_name(bot: str | None, lang: str) -> str:
    """``Random bot``, ``Robot heuristique``: a bot's name in words."""
    if bot in ("random", "heuristic", "ismcts", "ismcts-hard"):
        return say(f"bot_{bot}", lang)
    return say("bot_other", lang, bot=bot or "")


def seat_names(renderer: GameRenderer, seats: Sequence[SeatRow], lang: str) -> list[str]:
    """Each seat's name as players read it: the name its player chose, else ``Seat 1`` (seats
    are numbered from 1 for people, from 0 in the API); a bot's name (``Random bot``, numbered
    ``Random bot 2`` when several bots of a kind sit at the table)."""
    names = []
    kinds = [s.bot for s in seats if s.kind == "bot"]
    counted: dict[str | None, int] = {}
    for s in seats:
        if s.name:
            names.append(s.name)
        elif s.kind == "bot":
            counted[s.bot] = counted.get(s.bot, 0) + 1
            name = bot_name(s.bot, lang)
            names.append(f"{name} {counted[s.bot]}" if kinds.count(s.bot) > 1 else name)
        else:
            names.append(say("seat", lang, n=s.seat + 1))
    return names


def describe_log(renderer: GameRenderer, seats: Sequence[SeatRow], events: Sequence[Any], seat: int | None,
                 lang: str, forced: Collection[int] = (), first: int = 0) -> list[str]:
    """Public events in words, as ``seat`` reads them (second person for its own moves); the
    events numbered in ``forced`` (``events`` starting at number ``first``) are a person's only
    choice, played for them, and say so."""
    names = seat_names(renderer, seats, lang)
    lines = [renderer.describe_event(e, lang, names, seat) for e in events]
    for index in range(len(lines)):
        if first + index in forced:
            lines[index] = say("forced_move", lang, line=lines[index])
    return lines


def build_view(state: State, renderer: GameRenderer, seats: Sequence[SeatRow], seat: int | None,
               lang: str) -> dict[str, Any]:
    """The view of ``seat`` (None: a spectator) without its log and without who is connected;
    the table-level fields are added by the caller."""
    observation = state.observe(seat)
    names = seat_names(renderer, seats, lang)
    to_act = state.to_act
    legal: list[dict[str, Any]] = []
    if seat is not None and to_act == seat:
        prompt = web_prompt(renderer.prompt(observation, lang))
        legal = legal_entries(state, renderer, observation, lang, names)
    elif to_act is None:
        prompt = say("over", lang)
    else:
        prompt = say("waiting", lang, name=names[to_act] if 0 <= to_act < len(names) else say("chance", lang))
    scores = None
    if state.is_terminal:
        headers, rows = renderer.score_sheet(observation, lang, names)
        scores = {"headers": headers, "rows": rows, "totals": state.scores(),
                  "winners": renderer.winners_text(observation, lang, names)}
    return {
        "type": "view",
        "seat": seat,
        "lang": lang,
        "players": state.players,
        "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": names[s.seat], "named": bool(s.name)}
                  for s in seats],
        "to_act": to_act,
        "terminal": state.is_terminal,
        "prompt": prompt,
        "observation": observation.to_json(),
        "legal": legal,
        "refused": refused_entries(state, renderer, observation, seat, lang),
        "legend": renderer.legend(lang),
        "scores": scores,
    }


def whole_view(view: dict[str, Any], log: list[str], connected: Collection[int]) -> dict[str, Any]:
    """A view as a page draws it from scratch: with the whole log and each seat's presence."""
    seats = [{**s, "connected": s["kind"] == "bot" or s["seat"] in connected} for s in view["seats"]]
    return {**view, "seats": seats, "log": log}


def changes(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any] | None:
    """The fields of ``new`` that differ from ``old`` (for the observation, its fields that differ,
    under ``"observation"``), or None when ``new`` has other fields and needs sending whole."""
    if old.keys() != new.keys():
        return None
    out: dict[str, Any] = {}
    for key, value in new.items():
        before = old[key]
        if value == before:
            continue
        if key == "observation" and isinstance(value, dict) and isinstance(before, dict):
            if value.keys() != before.keys():
                return None
            out[key] = {k: v for k, v in value.items() if before[k] != v}
        else:
            out[key] = value
    return out
