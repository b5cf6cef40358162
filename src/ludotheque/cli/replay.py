"""``ludotheque replay FILE [--json]``: check a game record and show or summarise where it leads.

The JSON form is a contract for tools outside the project (issue 2, section 5): exactly one
object on stdout, ``ok`` false with the first refused action or the file's fault, exit 1.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from ..core.errors import LudothequeError
from ..core.game import State, start_log
from ..core.record import GameRecord, ReplayStepError, replay_steps
from ..renderers import GameRenderer, end_words, hand_words, renderer_for
from .common import check_lang, emit_json, fail, numbers, out
from .words import colon, say

if TYPE_CHECKING:
    from rich.console import Console


def load_record(file: str) -> GameRecord:
    """The record in ``file`` (``-``: standard input); RecordError when unreadable or malformed."""
    if file == "-":
        return GameRecord.loads(sys.stdin.read())
    return GameRecord.load(file)


def result_json(state: State) -> dict[str, Any]:
    """Where a replay ends, in the contract's terms."""
    obj: dict[str, Any] = {"ok": True, "terminal": state.is_terminal, "to_act": state.to_act,
                           "legal": [] if state.is_terminal else state.legal_texts()}
    if state.is_terminal:
        obj["scores"] = numbers(state.scores())
        obj["winners"] = state.winners()
        if state.how_ended():
            obj["ending"] = state.how_ended()
    return obj


def replay_json(file: str) -> None:
    try:
        record = load_record(file)
        state = record.start()
    except LudothequeError as exc:
        emit_json({"ok": False, "error": {"message": str(exc)}})
        raise SystemExit(1) from None
    try:
        for _ in replay_steps(state, record.actions):
            pass
    except ReplayStepError as exc:
        emit_json({"ok": False, "error": exc.error.to_json()})
        raise SystemExit(1) from None
    emit_json(result_json(state))


def replay_text(file: str, lang: str) -> None:
    """The game move by move: each action, then what the rules did, in words."""
    console = out()
    try:
        record = load_record(file)
        state = record.start()
    except LudothequeError as exc:
        fail(str(exc))
    renderer = renderer_for(state.game)
    spec = state.game.spec
    origin = say("seeded", lang, seed=record.seed) if record.setup is None else say("from_setup", lang)
    console.rule(f"[bold]{say('record', lang, game=spec.name, players=state.players, origin=origin)}")
    console.print(f"[bold]{say('start', lang)}[/]")
    for seat in range(state.players):
        hand = hand_words(renderer, state.observe(seat), lang, markup=True)
        console.print(f"  {renderer.seat_name(seat, lang)}{colon(lang)}{hand}")
    log = start_log(state)
    seen, actor = 0, state.to_act
    try:
        for index, action in replay_steps(state, record.actions):
            _print_step(console, renderer, lang, index, actor, action, state, log, seen)
            seen, actor = len(log or ()), state.to_act
    except ReplayStepError as exc:
        error = exc.error
        fail(say("refused", lang, index=error.index, action=error.action, message=error.message))
    _print_end(console, renderer, lang, state, record)


def _print_step(console: Console, renderer: GameRenderer, lang: str, index: int, actor: int | None,
                action: int, state: State, log: list[Any] | None, seen: int) -> None:
    who = renderer.seat_name(actor, lang) if actor is not None and actor >= 0 else "—"
    from .layout import print_events

    label = renderer.action_label(action, None, lang, markup=True)
    console.print(f"[dim]{index:>4}.[/] [bold]{who}[/]{colon(lang)}{label}")
    texts = [renderer.describe_event(e, lang, markup=True) for e in (log or [])[seen:]]
    print_events(console, texts, indent="        ")


def _print_end(console: Console, renderer: GameRenderer, lang: str, state: State,
               record: GameRecord) -> None:
    if not state.is_terminal:
        seat = state.to_act
        name = renderer.seat_name(seat, lang) if seat is not None and seat >= 0 else str(seat)
        observation = state.observe(seat if seat is not None and seat >= 0 else None)
        legal = [renderer.action_label(a, observation, lang, markup=True) for a in state.legal_actions()]
        shown = ", ".join(legal[:8]) + (f" … ({say('in_all', lang, n=len(legal))})" if len(legal) > 8 else "")
        console.print(say("not_over", lang, name=name, legal=shown))
        return
    from rich.markup import escape

    from .layout import print_scores

    final = state.observe(None)
    print_scores(console, renderer.score_sheet(final, lang, markup=True),
                 end_words(renderer, state, final, None, lang), say("scores", lang))
    recorded = record.result
    if isinstance(recorded, dict):
        mine = {"scores": state.scores(), "winners": state.winners()}
        if mine == {"scores": recorded.get("scores"), "winners": recorded.get("winners")}:
            console.print(f"[dim]{say('result_same', lang)}[/]")
        else:
            console.print(f"[bold yellow]{escape(say('result_differs', lang, recorded=recorded))}[/]")


def replay(file: str, json_out: bool = False, lang: str | None = None) -> None:
    """Replay a game record: move by move in words, or as one JSON object with --json."""
    if json_out:
        try:
            replay_json(file)
        except SystemExit:
            raise
        except Exception as exc:  # noqa: BLE001 - the JSON contract promises no traceback
            emit_json({"ok": False, "error": {"message": f"internal error: {exc!r}"}})
            raise SystemExit(1) from None
        return
    replay_text(file, check_lang(lang))

