"""What the seat to act may choose, as a board reads it: each legal action with its notation, its
words and its *parts* (what it is and what it uses, as the observation names them), and the
moves a board lets a player try that the rules refuse, each with its parts and the rules' reason.
A board picks actions by their parts and never parses notation or repeats a rule.

A game declares its parts through its words (``Game.words()``), all optional:

- ``action_parts(action, observation) -> dict``: ``{"kind": ..., ...}`` for any action the seat
  may be offered, from that seat's observation only (the ids the observation uses: ``"R14"``,
  ``"M1"``, ``[1, 0]``);
- ``tried_actions(observation) -> Iterable[Action]``: the actions a board lets the seat to act
  try (Gargon's selections of one to three cards of its hand), legal or not; those the rules
  refuse are sent with ``state.refusal(action, lang)``. Bounded by what a board offers.
- ``stands_alone(action) -> bool``, with ``action_parts``: whether the action's notation, words
  and parts depend on nothing but the action (and the reader's language): such an entry is made
  once and copied (Drakon's placements, about 120 at each of its decisions, most listed at the
  one before).

Without them an action's kind is its notation's first word and nothing is refused.
"""

# mypyc: compile

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .core.game import Action, State
from .core.words import said_once
from .renderers import GameRenderer

Entry = dict[str, Any]


def action_parts(renderer: GameRenderer, state: State, action: Action, observation: Any) -> Entry:
    """The parts of ``action`` as the game's words declare them (at least its ``kind``)."""
    return dict(_declared(renderer, state)(action, observation))


def _declared(renderer: GameRenderer, state: State) -> Callable[[Action, Any], Mapping[str, Any]]:
    """How the game's words give an action's parts (read-only: callers copy them), looked up once
    for a decision's many actions."""
    declare: Callable[[Action, Any], Mapping[str, Any]] | None = getattr(renderer, "action_parts", None)
    if declare is not None:
        return declare
    text = state.game.action_to_text
    return lambda action, _observation: {"kind": text(action).split(" ", 1)[0]}


def legal_entries(state: State, renderer: GameRenderer, observation: Any, lang: str,
                  names: Sequence[str] | None = None, legal: Sequence[Action] | None = None) -> list[Entry]:
    """The legal actions of the seat to act (``legal``, when the caller has them): ``{"action":
    notation (what a client sends back), "label": words in ``lang``, "kind": ..., its other
    parts}``, and ``"confirm"``: the warning to confirm first, for an action that can make the
    seat lose (a failing call)."""
    parts, warn = _declared(renderer, state), getattr(renderer, "confirm_text", None)
    text, label = state.game.action_to_text, renderer.action_label
    alone: Callable[[Action], bool] | None = getattr(renderer, "stands_alone", None)
    entries = []
    for a in state.legal_actions() if legal is None else legal:
        if alone is not None and alone(a):
            entry = dict(_entry_alone(text, label, parts, a, lang))
        else:
            entry = _entry(text, label, parts, a, observation, lang, names)
        warning = None if warn is None else warn(a, observation, lang)
        if warning:
            entry["confirm"] = warning
        entries.append(entry)
    return entries


def _entry(text: Callable[[Action], str], label: Callable[..., str],
           parts: Callable[[Action, Any], Mapping[str, Any]], action: Action, observation: Any, lang: str,
           names: Sequence[str] | None) -> Entry:
    """``{"action": notation, "label": words, **parts}`` (markup and names given positionally: a
    compiled label parses no keywords)."""
    entry = {"action": text(action), "label": label(action, observation, lang, False, names)}
    entry.update(parts(action, observation))
    return entry


@said_once
def _entry_alone(text: Callable[[Action], str], label: Callable[..., str],
                 parts: Callable[[Action, Any], Mapping[str, Any]], action: Action, lang: str) -> Entry:
    """The entry of an action that stands alone, made once (shared: read-only, callers copy it)."""
    return _entry(text, label, parts, action, None, lang, None)


def refused_entries(state: State, renderer: GameRenderer, observation: Any, seat: int | None,
                    lang: str, legal: Sequence[Action] | None = None) -> list[Entry]:
    """For the seat to act viewing its own seat (else nothing): the moves its board lets it try
    that the rules refuse, ``{"kind": ..., its other parts, "reason": the rules' words in
    ``lang``}``. Built from the seat's observation (the rules' reasons for those moves depend on
    nothing it cannot see); ``legal``: the legal actions, when the caller has them."""
    tried = getattr(renderer, "tried_actions", None)
    if tried is None or seat is None or state.to_act != seat:
        return []
    allowed = set(state.legal_actions() if legal is None else legal)
    parts = _declared(renderer, state)
    out = []
    for action in tried(observation):
        if action in allowed:
            continue
        reason = state.refusal(action, lang)
        if reason is not None:
            entry = dict(parts(action, observation))
            entry["reason"] = reason
            out.append(entry)
    return out
