"""Kagoun's rules as functions over ``KagounState`` (docs/rules/kagoun.md).

A round is a queue of tasks ``(kind, seat, arg)``: draws, announcements, defences, resolutions,
choices made during a resolution, the victory check. ``advance`` runs the automatic tasks and
stops at the first one that needs a seat's decision (``to_act`` = that seat) or chance
(``to_act`` = CHANCE); ``legal_actions`` lists what that task allows and ``apply`` carries it out.
"""

# mypyc: compile

from __future__ import annotations

from random import Random
from typing import Final

from ...core.draws import randbelow
from ...core.game import CHANCE
from . import chain as chains
from . import memory
from .actions import (
    CAPTURE,
    CARD,
    CLEAR,
    CONSOLIDATE,
    DEFEND,
    DISCARD,
    DROP,
    KAGOUN,
    PASS,
    RIGHT,
    SCRAP,
    STEAL,
    STOP,
    TAKE_FROM,
    chain_action,
    chain_parts,
    link,
    unlink,
)
from .components import DEFEND as DEFEND_POWER
from .components import DRAW as DRAW_POWER
from .components import HAND_LIMIT, MAX_PAIRS, POWER_NAMES, REPLAY, TAKE, WIN_POINTS, card_name
from .events import Event
from .messages import message
from .notation import line_text
from .scoring import chain_score
from .state import NO_ATTACK, KagounState

# -- tasks ----------------------------------------------------------------------------------
T_DRAW: Final = 0  # seat (or RIVER) draws one card from the pile: chance
T_ANNOUNCE: Final = 1  # arg 1: the extra action given by Replay
T_DEFEND: Final = 2  # arg: the target of the steal
T_RESOLVE: Final = 3  # arg 1: resolve the extra action given by Replay
T_CONSOLIDATE: Final = 4  # arg 1: the second card of a new chain
T_SCRAP: Final = 5  # give up a pair (failed consolidation, or a fourth pair)
T_DISCARD: Final = 6  # arg: cards dropped so far
T_DROPDOWN: Final = 7  # drop cards down to the hand limit
T_TAKE: Final = 8  # choose the seat robbed by Take
T_TAKEN: Final = 9  # arg: the seat robbed; chance picks the card
T_CHECK: Final = 10
T_CLEAR: Final = 11  # an eliminated seat discards a river card
T_ROUND: Final = 12
T_REARRANGE: Final = 13  # lay the chain again after a won chain-end defence (state.loose)
RIVER: Final = -1

TASK_NAMES: Final = ("draw", "announce", "defend", "resolve", "consolidate", "scrap", "discard",
                     "dropdown", "take", "taken", "check", "clear", "round", "rearrange")

# -- announcements ----------------------------------------------------------------------------
A_CAPTURE: Final = 1
A_STEAL: Final = 2
A_CONSOLIDATE: Final = 3
A_DISCARD: Final = 4
A_PASS: Final = 5
ANNOUNCED_NAMES: Final = ("", "capture", "steal", "consolidate", "discard", "pass")

_CHANCE_TASKS: Final = (T_DRAW, T_TAKEN)


def _say(state: KagounState, kind: str, seat: int = -1, *args: str) -> None:
    """Log a public event when a front end keeps the log (``state.log`` is a list)."""
    if state.log is not None:
        state.log.append(Event(kind, seat, args))


# -- what the table shows -----------------------------------------------------------------------

def steal_targets(state: KagounState, victim: int) -> list[tuple[int, int]]:
    """(card, line) a thief may aim at in front of ``victim``: the extremities of his pairs and
    the lines of his chain's end cards, less what is protected (perfect pairs, OQ 18(a); Defend,
    OQ 39(a)), stolen this round (OQ 25(c)), or the other card of a pair already aimed at
    (OQ 26(a))."""
    deck = state.deck
    out: list[tuple[int, int]] = []
    for upper, u, lower, ln in state.pairs[victim]:
        if upper // 2 == lower // 2 or DEFEND_POWER in deck.fired(upper, u, lower, ln):
            continue
        aimed = [(c, line) for c, line in state.aimed if c == upper or c == lower]
        for option in ((lower, ln), (upper, 1 - u)):
            if option[0] not in state.stolen and (not aimed or option in aimed):
                out.append(option)
    chain = state.chains[victim]
    if chain:
        ends = [chain[0][0]] if len(chain) == 1 else [chain[0][0], chain[-1][0]]
        for card in ends:
            if deck.power[card] != DEFEND_POWER and card not in state.stolen:
                out += [(card, 0), (card, 1)]
    return out


def _owner_of_target(state: KagounState, target: int, line: int) -> int:
    for seat in range(state.n):
        if state.active[seat] and (target, line) in steal_targets(state, seat):
            return seat
    return -1


def can_attack(state: KagounState, seat: int) -> bool:
    """A hand card to lay and room for a pair (OQ 29(a): three pairs at most)."""
    return bool(state.hands[seat]) and len(state.pairs[seat]) < MAX_PAIRS


def _announcements(state: KagounState, seat: int, extra: bool) -> list[int]:
    out: list[int] = []
    if not extra and not state.called[seat]:
        out.append(KAGOUN)
    hand = state.hands[seat]
    if can_attack(state, seat):
        for card in hand:
            for u in (0, 1):
                for target in state.river:
                    out += [link(CAPTURE, card, u, target, 0), link(CAPTURE, card, u, target, 1)]
        for victim in range(state.n):
            if victim == seat or not state.active[victim]:
                continue
            for target, ln in steal_targets(state, victim):
                out += [link(STEAL, card, u, target, ln) for card in hand for u in (0, 1)]
    if state.pairs[seat]:
        out.append(CONSOLIDATE)
    if hand:
        out.append(DISCARD)
    if len(out) == (0 if extra or state.called[seat] else 1):
        out.append(PASS)
    return out


def _nth_announcement(state: KagounState, seat: int, extra: bool, index: int) -> int:
    """``_announcements(state, seat, extra)[index]`` without listing them (what random playouts
    and searches draw); -1 when ``index`` is past the end (the caller counted them)."""
    if not extra and not state.called[seat]:
        if index == 0:
            return KAGOUN
        index -= 1
    hand = state.hands[seat]
    if can_attack(state, seat):
        river = state.river
        captures = len(hand) * 4 * len(river)
        if index < captures:  # (card, u, target, line) with the line varying fastest
            code, ln = divmod(index, 2)
            code, target = divmod(code, len(river))
            card, u = divmod(code, 2)
            return link(CAPTURE, hand[card], u, river[target], ln)
        index -= captures
        per_target = 2 * len(hand)
        for victim in range(state.n):
            if victim == seat or not state.active[victim]:
                continue
            targets = steal_targets(state, victim)
            if index < per_target * len(targets):
                target, ln = targets[index // per_target]
                card, u = divmod(index % per_target, 2)
                return link(STEAL, hand[card], u, target, ln)
            index -= per_target * len(targets)
    for action, offered in ((CONSOLIDATE, bool(state.pairs[seat])), (DISCARD, bool(hand))):
        if offered:
            if index == 0:
                return action
            index -= 1
    return PASS if index == 0 else -1


def _count_announcements(state: KagounState, seat: int, extra: bool) -> int:
    """``len(_announcements(state, seat, extra))``, counted."""
    hand = state.hands[seat]
    count = 0 if extra or state.called[seat] else 1
    choices = 0
    if can_attack(state, seat):
        choices += len(hand) * 4 * len(state.river)
        for victim in range(state.n):
            if victim != seat and state.active[victim]:
                choices += 2 * len(hand) * len(steal_targets(state, victim))
    choices += int(bool(state.pairs[seat])) + int(bool(hand))
    return count + (choices if choices else 1)  # PASS when nothing else is offered


def sample_action(state: KagounState, rng: Random) -> int:
    """``legal[randbelow(rng, len(legal))]`` for ``legal = legal_actions(state)``, the same action
    from the same generator, without listing an announcement's hundreds of pairings."""
    if state.to_act is None or not state.tasks:
        raise ValueError("no action to draw: the game is over")
    kind, seat, arg = state.tasks[0]
    if kind != T_ANNOUNCE:
        legal = task_legal(state, state.tasks[0])
        return legal[randbelow(rng, len(legal))]
    extra = arg == 1
    return _nth_announcement(state, seat, extra, randbelow(rng, _count_announcements(state, seat, extra)))


def _consolidations(state: KagounState, seat: int) -> list[int]:
    deck = state.deck
    chain = state.chains[seat]
    uppers = [p[0] for p in state.pairs[seat]]
    out: list[int] = []
    if chain:
        for card in uppers:
            out += [chain_action(card, side, turned)
                    for side, turned in chains.placements(deck, chain, card)]
        return sorted(out)
    for card in uppers:  # a new chain needs two fitting cards (003 Consolider; OQ 30)
        for turned in (0, 1):
            start = [(card, turned)]
            if any(chains.placements(deck, start, other) for other in uppers if other != card):
                out.append(chain_action(card, RIGHT, turned))
    return out


def _pending(state: KagounState) -> tuple[int, int, int]:
    """The head task."""
    return state.tasks[0]


def task_legal(state: KagounState, task: tuple[int, int, int]) -> list[int]:
    """What the task allows now (empty: the task has nothing to ask and is skipped)."""
    kind, seat, arg = task
    if kind == T_DRAW:
        source = state.pile if state.pile else state.discard
        return [CARD + c for c in source]
    if kind == T_TAKEN:
        return [CARD + c for c in state.hands[arg]]
    if kind == T_ANNOUNCE:
        return _announcements(state, seat, arg == 1)
    if kind == T_DEFEND:
        hand = state.hands[seat]
        lines = [ln for t, ln in steal_targets(state, seat) if t == arg]
        if any(d[0] == arg for d in state.defences):
            return []  # one defence card for every thief on a target (OQ 21)
        return [link(DEFEND, card, u, arg, ln) for card in hand for u in (0, 1) for ln in lines]
    if kind == T_CONSOLIDATE:
        return _consolidations(state, seat)
    if kind == T_SCRAP:
        return [SCRAP + p[0] for p in state.pairs[seat]]
    if kind == T_DISCARD:
        if not state.hands[seat] or arg >= HAND_LIMIT:
            return []
        return [DROP + c for c in state.hands[seat]] + ([STOP] if arg else [])
    if kind == T_DROPDOWN:
        hand = state.hands[seat]
        return [DROP + c for c in hand] if len(hand) > HAND_LIMIT else []
    if kind == T_TAKE:
        return [TAKE_FROM + v for v in range(state.n)
                if v != seat and state.active[v] and state.hands[v]]
    if kind == T_CLEAR:
        return [CLEAR + c for c in state.river]
    if kind == T_REARRANGE:
        return _relays(state, seat) if state.loose else []
    return []


def _relays(state: KagounState, seat: int) -> list[int]:
    """Where the player may lay a card of ``state.loose`` in his chain after a won chain-end
    defence (OQ 33): under ``ends`` the defence card at either end, turned or not; under
    ``free`` the whole chain is laid again left to right, each card so that the chain keeps as
    many cards as can fit."""
    deck, chain = state.deck, state.chains[seat]
    if state.options["reconsolidation"] == "ends":
        card = state.loose[0]
        return sorted(chain_action(card, side, turned)
                      for side, turned in chains.placements(deck, chain, card))
    return [chain_action(card, RIGHT, turned)
            for card, turned in chains.next_links(deck, chain, state.loose)]


def legal_actions(state: KagounState) -> list[int]:
    if state.to_act is None or not state.tasks:
        return []
    return task_legal(state, _pending(state))


def chance_outcomes(state: KagounState) -> list[tuple[int, float]]:
    if state.to_act != CHANCE:
        return []
    legal = legal_actions(state)
    return [(action, 1.0 / len(legal)) for action in legal]


def sample_chance(state: KagounState, rng: Random) -> int:
    """What the protocol's ``State.sample_chance`` draws from ``chance_outcomes``, the same card
    from the same generator, without listing the outcomes: every card is equally likely."""
    kind, seat, arg = state.tasks[0] if state.to_act == CHANCE else (-1, 0, 0)
    if kind == T_DRAW:
        source = state.pile if state.pile else state.discard
    elif kind == T_TAKEN:
        source = state.hands[arg]
    else:
        raise ValueError("not a chance node: no chance outcomes")
    share, point, total = 1.0 / len(source), rng.random(), 0.0
    for card in source:
        total += share
        if point < total:
            return CARD + card
    return CARD + source[-1]


def refusal(state: KagounState, action: int, lang: str = "en") -> str | None:
    if state.to_act is None:
        return message("over", lang)
    if action in legal_actions(state):
        return None
    kind = _pending(state)[0]
    return message("not_now", lang, now=message("now_" + TASK_NAMES[kind], lang))


# -- moving cards -----------------------------------------------------------------------------

def _draw_source(state: KagounState) -> list[int]:
    """The pile, refilled from the discard when empty (OQ 7(a))."""
    if not state.pile and state.discard:
        memory.reshuffled(state, state.discard)
        state.pile = state.discard
        state.discard = []
        _say(state, "reshuffle")
    return state.pile


def _remove_pair_with(state: KagounState, seat: int, card: int) -> tuple[int, int, int, int]:
    pairs = state.pairs[seat]
    for index, pair in enumerate(pairs):
        if pair[0] == card or pair[2] == card:
            del pairs[index]
            return pair
    raise ValueError(f"no pair of seat {seat} holds card {card}")


def _fire(state: KagounState, seat: int, upper: int, u: int, lower: int, ln: int) -> None:
    """Compulsory powers of a new pair ``upper``'s line ``u`` beside ``lower``'s line ``ln``, in
    the order Draw, Take, Replay (OQ 35, 36, 38)."""
    deck = state.deck
    powers = deck.fired(upper, u, lower, ln)
    front: list[tuple[int, int, int]] = []
    for power in powers:
        _say(state, "power", seat, POWER_NAMES[power])
    for power in powers:
        if power == DRAW_POWER:
            front += [(T_DRAW, seat, 0), (T_DRAW, seat, 0), (T_DROPDOWN, seat, 0)]
    for power in powers:
        if power == TAKE:
            front.append((T_TAKE, seat, 0))
    for card, end in ((upper, u), (lower, ln)):
        if deck.power[card] == REPLAY and deck.power_end[card] == end:
            # OQ 36: a card's Replay gives one seat one action a round (``replay_limit=card``),
            # the only limit a loop of won defences firing the same icons needs; or one a seat
            # and round (``seat``, OQ 36(b): "seconde")
            key = (-1 if state.options["replay_limit"] == "seat" else card, seat)
            if key not in state.replays:
                state.replays.append(key)
                front.append((T_ANNOUNCE, seat, 1))
    if len(state.pairs[seat]) > MAX_PAIRS:
        front.insert(0, (T_SCRAP, seat, 0))
    state.tasks[0:0] = front


# -- conflicts ------------------------------------------------------------------------------------

def _attacks_on(state: KagounState, target: int) -> list[tuple[int, int, int, int, int, int]]:
    """Unresolved attacks on ``target`` as (seat, kind, card, u, ln, victim), in turn order; marks them
    resolved (a conflict is settled once, at its earliest attacker's turn, OQ 10(a))."""
    out = []
    for k in range(state.n):
        seat = (state.first + k) % state.n
        for slots in (state.announced, state.extra):
            kind, card, u, t, ln, victim = slots[seat]
            if kind in (A_CAPTURE, A_STEAL) and t == target:
                out.append((seat, kind, card, u, ln, victim))
                slots[seat] = NO_ATTACK
    return out


def _settle(state: KagounState, target: int) -> None:
    deck = state.deck
    attacks = _attacks_on(state, target)
    if not attacks:
        return
    stealing = attacks[0][1] == A_STEAL
    defence = next((d for d in state.defences if d[0] == target), None)
    if defence is not None:
        state.defences.remove(defence)
    state.aimed = [aim for aim in state.aimed if aim[0] != target]  # its pair is free again
    victim = attacks[0][5]
    lines_ok = set(steal_targets(state, victim)) if stealing else set()
    if stealing:
        where_ok = state.active[victim] and any(t == target for t, _ in lines_ok)
    else:
        where_ok = target in state.river
    if not where_ok:  # the target moved (OQ 10): every card laid beside it is lost
        if state.log is not None:
            _say(state, "moved", -1, card_name(target))
        state.discard += [a[2] for a in attacks]
        if defence is not None:
            state.discard.append(defence[2])
        return
    # valid attackers: (strength, perfect, seat, card, u, ln)
    valid = []
    for seat, _, card, u, ln, _ in attacks:
        if (not stealing or (target, ln) in lines_ok) and deck.valid(card, u, target, ln):
            valid.append((deck.strength(card, u, target, ln), card // 2 == target // 2,
                          seat, card, u, ln))
            if state.log is not None:
                _say(state, "reveal", seat, line_text(card, u), line_text(target, ln),
                     str(deck.strength(card, u, target, ln)))
        else:
            state.discard.append(card)  # a bad pairing loses at once (003 Principe)
            if state.log is not None:
                _say(state, "reveal", seat, line_text(card, u), line_text(target, ln), "")
    defended = defence is not None
    defence_ok = (defence is not None and (target, defence[4]) in lines_ok
                  and deck.valid(defence[2], defence[3], target, defence[4]))
    if defence is not None:
        _, d_seat, d_card, d_u, d_ln = defence
        if state.log is not None:
            _say(state, "reveal", d_seat, line_text(d_card, d_u), line_text(target, d_ln),
                 str(deck.strength(d_card, d_u, target, d_ln)) if defence_ok else "")
    winner = None
    if any(v[1] for v in valid):
        winner = next(v for v in valid if v[1])
    elif defence is not None and defence_ok and defence[2] // 2 == target // 2:
        winner = None  # a perfect defence beats every attacker
    elif valid:
        best = max(v[0] for v in valid)
        top = [v for v in valid if v[0] == best]
        beats_defence = not defence_ok or (defence is not None
                                           and best > deck.strength(defence[2], defence[3],
                                                                    target, defence[4]))
        if beats_defence:
            if len(top) == 1:
                winner = top[0]
            elif not defended and state.options["capture_ties"] == "first":
                winner = top[0]  # OQ 16(b): the tied attacker earliest in turn order
    for v in valid:
        if winner is None or v[2:4] != winner[2:4]:  # compare values: compiled tuples are unboxed
            state.discard.append(v[3])
    if winner is not None:
        _, _, seat, card, u, ln = winner
        if stealing:
            _take_from_victim(state, victim, target)
            state.stolen.append(target)
        else:
            state.river.remove(target)
        if defence is not None:
            state.discard.append(defence[2])
        state.pairs[seat].append((card, u, target, ln))
        if state.log is not None:
            _say(state, "win", seat, line_text(card, u), line_text(target, ln))
        _fire(state, seat, card, u, target, ln)
        return
    if defence is None:
        if state.log is not None:
            _say(state, "nobody", -1, card_name(target))
        return
    if not stealing or not defence_ok:
        state.discard.append(defence[2])
        return
    _defended(state, victim, target, defence[2], defence[3], defence[4])


def _take_from_victim(state: KagounState, victim: int, target: int) -> None:
    """A stolen card leaves its pair (the other card is discarded) or its chain."""
    chain = state.chains[victim]
    for index, (card, _) in enumerate(chain):
        if card == target:
            del chain[index]
            return
    upper, _, lower, _ = _remove_pair_with(state, victim, target)
    state.discard.append(lower if upper == target else upper)


def _defended(state: KagounState, victim: int, target: int, card: int, u: int, ln: int) -> None:
    """A won (or tied) defence: the pair is rebuilt around the target with the defence card on
    top (OQ 24(a)); at a chain end the defence card takes the target's place and the player lays
    his chain again (OQ 28, 33), before the new powers fire."""
    deck = state.deck
    chain = state.chains[victim]
    if any(c == target for c, _ in chain):
        index = next(i for i, (c, _) in enumerate(chain) if c == target)
        del chain[index]
        state.discard.append(target)
        if state.options["reconsolidation_choice"] == "player":
            if state.log is not None:
                _say(state, "substitute", victim, card_name(card), card_name(target))
            if state.options["reconsolidation"] == "free":
                state.loose = [c for c, _ in chain] + [card]
                chain.clear()
            else:
                state.loose = [card]
            _fire(state, victim, card, u, target, ln)
            state.tasks.insert(0, (T_REARRANGE, victim, 0))  # laid before the powers fire
            return
        if state.options["reconsolidation"] == "free":  # OQ 33(a): the whole chain rebuilt
            kept = chains.rearranged(deck, [c for c, _ in chain] + [card])
            left_out = [c for c, _ in chain] + [card]
            for c, _ in kept:
                left_out.remove(c)
            chain[:] = kept
            state.discard += left_out  # what no longer fits is discarded (003 Voler)
            if state.log is not None:
                _say(state, "rearrange", victim, card_name(card), card_name(target),
                     " ".join(card_name(c) for c in left_out))
        elif chains.place_end(deck, chain, card):
            if state.log is not None:
                _say(state, "substitute", victim, card_name(card), card_name(target))
        else:
            state.discard.append(card)  # it fits nowhere: discarded (003 Voler)
            if state.log is not None:
                _say(state, "substitute", victim, "", card_name(target))
        _fire(state, victim, card, u, target, ln)
        return
    upper, _, lower, _ = _remove_pair_with(state, victim, target)
    state.discard.append(lower if upper == target else upper)
    state.pairs[victim].append((card, u, target, ln))
    if state.log is not None:
        _say(state, "rebuild", victim, line_text(card, u), line_text(target, ln))
    _fire(state, victim, card, u, target, ln)


def _relay(state: KagounState, seat: int, action: int) -> None:
    """One card of ``state.loose`` laid in the chain."""
    card, side, turned = chain_parts(action)
    chains.add(state.chains[seat], card, side, turned)
    state.loose.remove(card)
    if state.log is not None:
        _say(state, "relay", seat, card_name(card) + ("~" if turned else ""),
             "right" if side == RIGHT else "left")


def _relaid(state: KagounState, seat: int) -> None:
    """The chain is laid (no card left, or none can follow): the cards that fit nowhere are
    discarded (003 Voler)."""
    if state.loose:
        if state.log is not None:
            _say(state, "misfit", seat, " ".join(card_name(c) for c in state.loose))
    state.discard += state.loose
    state.loose = []
    state.tasks.pop(0)


# -- the round --------------------------------------------------------------------------------------

def start_round(state: KagounState) -> None:
    """Refill, then announcements, resolutions and the check (003 Tour de jeu)."""
    n = state.n
    state.round += 1
    state.called = [False] * n
    state.announced = [NO_ATTACK] * n
    state.extra = [NO_ATTACK] * n
    state.defences = []
    state.stolen = []
    state.aimed = []
    state.replays = []
    seats = state.seats_in()
    if state.log is not None:
        _say(state, "round", state.first, str(state.round))
    tasks = [(T_DRAW, RIVER, 0)] * max(0, len(seats) - len(state.river))
    for seat in seats:
        tasks += [(T_DRAW, seat, 0)] * max(0, HAND_LIMIT - len(state.hands[seat]))
    tasks += [(T_ANNOUNCE, seat, 0) for seat in seats]
    tasks += [(T_RESOLVE, seat, 0) for seat in seats]
    tasks.append((T_CHECK, 0, 0))
    state.tasks = tasks
    advance(state)


def _resolve(state: KagounState, seat: int, extra: int) -> None:
    slots = state.extra if extra else state.announced
    kind, _, _, target, _, _ = slots[seat]
    if kind in (A_CAPTURE, A_STEAL):
        _settle(state, target)
        return
    slots[seat] = NO_ATTACK
    if kind == A_CONSOLIDATE:
        state.tasks.insert(0, (T_CONSOLIDATE, seat, 0))
    elif kind == A_DISCARD:
        state.tasks.insert(0, (T_DISCARD, seat, 0))


def _ranked(state: KagounState, seats: list[int]) -> list[int]:
    """``seats`` by points, best first; ties to the seat nearest the first player (OQ 40(a))."""
    order = [(state.first + k) % state.n for k in range(state.n)]
    return sorted(seats, key=lambda s: (-chain_score(state.deck, state.chains[s]), order.index(s)))


def _end(state: KagounState, winner: int, how: str) -> None:
    """The game is over: ``winner`` won (-1: nobody, a draw) in the way ``how`` names."""
    _say(state, "over", winner, how)
    state.winner = winner
    state.ending = how
    state.tasks = []
    state.to_act = None


def _check(state: KagounState) -> None:
    """Callers only: the best with at least 10 wins; callers under 10 are out (003 Contrôle)."""
    callers = [s for s in state.seats_in() if state.called[s]]
    if not callers:
        state.tasks.insert(0, (T_ROUND, 0, 0))
        return
    points = {s: chain_score(state.deck, state.chains[s]) for s in callers}
    qualified = [s for s in callers if points[s] >= WIN_POINTS]
    if qualified:
        _end(state, _ranked(state, qualified)[0], "kagoun")
        return
    remaining = [s for s in state.seats_in() if s not in callers]
    if len(remaining) == 1:
        _end(state, remaining[0], "ko")
        return
    if not remaining:  # everyone out at once: 003 gives no winner (OQ 42)
        if state.options["stalemate"] == "draw":
            _end(state, -1, "all_out")
        else:  # house rule: the best of them is the last one standing
            _end(state, _ranked(state, callers)[0], "ko")
        return
    for seat in callers:  # out: his cards are discarded (OQ 41(a)), then a river card
        if state.log is not None:
            _say(state, "out", seat, str(points[seat]))
        state.active[seat] = False
        state.discard += state.hands[seat]
        for upper, _, lower, _ in state.pairs[seat]:
            state.discard += [upper, lower]
        state.discard += [card for card, _ in state.chains[seat]]
        state.hands[seat], state.pairs[seat], state.chains[seat] = [], [], []
    state.tasks[0:0] = [(T_CLEAR, seat, 0) for seat in callers] + [(T_ROUND, 0, 0)]


def _next_round(state: KagounState) -> None:
    cap = state.options["max_rounds"]
    if cap and state.round >= cap:  # a safety cap, not 003: nobody called (OQ 43)
        best = _ranked(state, state.seats_in())[0]
        _end(state, best if state.options["stalemate"] == "most_points" else -1, "rounds")
        return
    n = state.n  # the first-player card passes to the next seat still in (OQ 9)
    state.first = next((state.first + k) % n for k in range(1, n + 1) if state.active[(state.first + k) % n])
    start_round(state)


def advance(state: KagounState) -> None:
    """Run automatic tasks until a decision or a chance draw is needed."""
    while state.tasks:
        task = state.tasks[0]
        kind, seat, arg = task
        if kind == T_RESOLVE:
            state.tasks.pop(0)
            _resolve(state, seat, arg)
            continue
        if kind == T_CHECK:
            state.tasks.pop(0)
            _check(state)
            continue
        if kind == T_ROUND:
            state.tasks.pop(0)
            _next_round(state)
            return
        if kind == T_DRAW:
            _draw_source(state)
        if kind == T_CONSOLIDATE and arg == 0 and not task_legal(state, task):
            state.tasks[0] = (T_SCRAP, seat, 0)  # announced but impossible (003 Consolider)
            continue
        if kind == T_REARRANGE:
            legal = task_legal(state, task)
            if len(legal) == 1:  # only one way left: it is no choice, the card lays itself
                _relay(state, seat, legal[0])
                continue
            if not legal:
                _relaid(state, seat)
                continue
        if kind == T_DISCARD and not task_legal(state, task):
            state.tasks[0:1] = [(T_DRAW, seat, 0)] * arg  # draw as many as were dropped
            continue
        if kind != T_ANNOUNCE and not task_legal(state, task):  # an announcement offers at least PASS
            state.tasks.pop(0)
            continue
        state.to_act = CHANCE if kind in _CHANCE_TASKS else seat
        return
    state.to_act = None


def apply(state: KagounState, action: int) -> None:
    """Carry out a legal action for the head task, then advance."""
    kind, seat, arg = state.tasks[0]
    if kind == T_DRAW:
        card = action - CARD
        state.pile.remove(card)
        if seat == RIVER:
            state.river.append(card)
            if state.log is not None:
                _say(state, "river", -1, card_name(card))
        else:
            state.hands[seat].append(card)
            _say(state, "draw", seat)
        state.tasks.pop(0)
    elif kind == T_TAKEN:
        card = action - CARD
        state.hands[arg].remove(card)
        state.hands[seat].append(card)
        memory.taken(state, seat, arg, card)
        if state.log is not None:
            _say(state, "take", seat, str(arg))
        state.tasks.pop(0)
    elif kind == T_ANNOUNCE:
        _announce(state, seat, arg, action)
    elif kind == T_DEFEND:
        _, card, u, target, ln = unlink(action)
        state.hands[seat].remove(card)
        state.defences.append((target, seat, card, u, ln))
        if state.log is not None:
            _say(state, "defend", seat, card_name(target))
        state.tasks.pop(0)
    elif kind == T_CONSOLIDATE:
        _consolidate(state, seat, arg, action)
    elif kind == T_SCRAP:
        upper, _, lower, _ = _remove_pair_with(state, seat, action - SCRAP)
        state.discard += [upper, lower]
        if state.log is not None:
            _say(state, "scrap", seat, card_name(upper), card_name(lower))
        state.tasks.pop(0)
    elif kind in (T_DISCARD, T_DROPDOWN):
        if action == STOP:
            _say(state, "stop", seat)
            state.tasks[0:1] = [(T_DRAW, seat, 0)] * arg
        else:
            state.hands[seat].remove(action - DROP)
            state.discard.append(action - DROP)
            if state.log is not None:
                _say(state, "drop", seat, card_name(action - DROP))
            if kind == T_DISCARD:
                state.tasks[0] = (T_DISCARD, seat, arg + 1)
    elif kind == T_TAKE:
        if state.log is not None:
            _say(state, "rob", seat, str(action - TAKE_FROM))
        state.tasks[0:1] = [(T_TAKEN, seat, action - TAKE_FROM), (T_DROPDOWN, seat, 0)]
    elif kind == T_REARRANGE:
        _relay(state, seat, action)
    elif kind == T_CLEAR:
        state.river.remove(action - CLEAR)
        state.discard.append(action - CLEAR)
        if state.log is not None:
            _say(state, "clear", seat, card_name(action - CLEAR))
        state.tasks.pop(0)
    advance(state)


def _announce(state: KagounState, seat: int, extra: int, action: int) -> None:
    if action == KAGOUN:
        state.called[seat] = True  # the announcement itself still follows
        _say(state, "call", seat)
        return
    state.tasks.pop(0)
    slots = state.extra if extra else state.announced
    if action < DEFEND:
        base, card, u, target, ln = unlink(action)
        state.hands[seat].remove(card)
        victim = -1
        if base == STEAL:
            victim = _owner_of_target(state, target, ln)
            state.aimed.append((target, ln))
            if state.hands[victim]:  # compulsory defence, laid at once (OQ 20(a), 21)
                state.tasks.insert(0, (T_DEFEND, victim, target))
        slots[seat] = (A_CAPTURE if base == CAPTURE else A_STEAL, card, u, target, ln, victim)
        if state.log is not None:
            _say(state, "announce", seat, ANNOUNCED_NAMES[slots[seat][0]], line_text(target, ln))
    else:
        kind = {CONSOLIDATE: A_CONSOLIDATE, DISCARD: A_DISCARD, PASS: A_PASS}[action]
        slots[seat] = (kind, -1, 0, -1, 0, -1)
        _say(state, "announce", seat, ANNOUNCED_NAMES[kind], "")
    if extra:  # an action given by Replay is resolved at once (OQ 36)
        at = 1 if state.tasks and state.tasks[0][0] == T_DEFEND else 0
        state.tasks.insert(at, (T_RESOLVE, seat, 1))


def _consolidate(state: KagounState, seat: int, second: int, action: int) -> None:
    card, side, turned = chain_parts(action)
    upper, _, lower, _ = _remove_pair_with(state, seat, card)
    state.discard.append(lower)  # the lower card of a consolidated pair is discarded
    chain = state.chains[seat]
    started = bool(chain)
    chains.add(chain, card, side, turned)
    if state.log is not None:
        _say(state, "chain", seat, card_name(card) + ("~" if turned else ""), card_name(lower))
    if not started and not second:
        state.tasks[0] = (T_CONSOLIDATE, seat, 1)
    else:
        state.tasks.pop(0)

