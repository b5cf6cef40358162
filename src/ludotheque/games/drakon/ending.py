"""Drakon's words for how a game ends, in English and French: why the winners won (004 Objectif:
the first to hold the goal's gold wins at once; the Évasion variant then asks for an Escape or a
Teleport room; when nobody can act, or at the turn limit, the most gold wins: docs/rules/drakon.md
Q6-Q9, R-limit), and each purse's coins added up to its gold."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.words import say, seat_name
from .messages import word
from .observe import DrakonObservation

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "why_goal": "the goal of {goal} gold reached first ({n} gold)",
        "why_goal_coins": "the goal of {goal} coins reached first ({n} coins)",
        "why_escape": "escaped from the lair: the goal of {goal} gold reached ({n} gold), then an Escape "
                      "or a Teleport room",
        "why_stuck": "nobody could lay a room or move a hero any more: the most gold wins ({n} gold)",
        "why_limit": "the turn limit was reached: the most gold wins ({n} gold)",
    },
    "fr": {
        "why_goal": "objectif de {goal} pièces d'or atteint en premier (or : {n})",
        "why_goal_coins": "objectif de {goal} pièces atteint en premier ({n} pièces)",
        "why_escape": "évasion de l'antre : objectif de {goal} pièces d'or atteint (or : {n}), puis une "
                      "salle Évasion ou Téléportation",
        "why_stuck": "plus personne ne pouvait poser de salle ni bouger : le plus d'or l'emporte (or : {n})",
        "why_limit": "la limite de tours est atteinte : le plus d'or l'emporte (or : {n})",
    },
}


def _word(key: str, lang: str, **params: object) -> str:
    return say(_WORDS, key, lang, **params)


def end_reason(observation: DrakonObservation, lang: str = "en",
               names: Sequence[str] | None = None) -> str:
    """Why the winners won, with what they hold ("" while the game is on)."""
    obs = observation
    if not obs.winners or not obs.ending:
        return ""
    purse = obs.purse_of[obs.winners[0]]  # (winners share a purse or the same gold)
    key = "why_goal_coins" if obs.ending == "goal" and obs.count_coins else f"why_{obs.ending}"
    held = obs.coins[purse] if key == "why_goal_coins" else obs.gold[purse]
    return _word(key, lang, goal=obs.goal, n=held)


def gold_sum(observation: DrakonObservation, purse: int) -> str:
    """A purse's gold as its coins add up to it (``1 + 2 + 3 = 6``), "0" when empty, "?" when the
    observation does not show it."""
    coins = observation.purse_coins[purse]
    if coins is None:
        return "?"
    values = [str(value + 1) for value, count in enumerate(coins) for _ in range(count)]
    gold = sum((value + 1) * count for value, count in enumerate(coins))
    return f"{' + '.join(values)} = {gold}" if len(values) > 1 else str(gold)


def end_sheet(observation: DrakonObservation, lang: str = "en", names: Sequence[str] | None = None,
              markup: bool = False) -> tuple[list[str], list[list[str]]]:
    """Coins and gold of each seat's purse (where the observation shows them: all at the end),
    and who won."""
    obs = observation
    seats = range(obs.players)
    purses = [obs.purse_of[s] for s in seats]
    winners = set(obs.winners or ())
    gold = [gold_sum(obs, p) for p in purses]
    if markup:
        gold = [f"[bold]{g}[/]" for g in gold]
    return [""] + [seat_name(s, lang, names) for s in seats], [
        [word("coins_row", lang)] + [str(obs.coins[p]) for p in purses],
        [word("gold_row", lang)] + gold,
        [word("result_row", lang)] + [word("won" if s in winners else "lost", lang) for s in seats],
    ]
