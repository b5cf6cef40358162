"""Gargon's rules as functions over a GargonState (see docs/rules/gargon.md for the citations).

Hot path: ``legal_actions``, ``sample_action`` and ``apply`` are what random playouts and
searches call; they work on the per-colour value lists directly and build action codes without
intermediate objects.
"""

# mypyc: compile

from __future__ import annotations

from itertools import combinations
from random import Random
from typing import Final

from ...core.draws import randbelow, shuffle
from .actions import BATTLE, DRAW, PASS, PLAY, RADIX, RADIX2, STOP, checked_play_cards, play_cards
from .components import COMPONENTS, HIDDEN, NUM_COLOURS
from .events import Event
from .messages import message_with
from .state import FIGHT, LOSER_DRAW, OVER, PASS_DRAW, PLACE, GargonState, Hand

MAX_DRAWS_PER_PASS: Final = 3
ALL_COLOURS: Final = (1 << NUM_COLOURS) - 1

#: The shapes a first player may set: counts per colour, largest first (000: "rapport").
SHAPES: Final = ((1,), (2,), (1, 1), (2, 1), (1, 1, 1))


def shape_of(cards: list[int]) -> tuple[int, ...]:
    """How many cards of each colour, largest first: ``(2, 1)`` for two reds and a blue."""
    count = len(cards)
    if count <= 3:  # a play (a board asks for every play of the hand: told without sorting)
        distinct = count
        if count >= 2:  # the colours told apart by comparing them (no set made)
            first, second = cards[0] >> 4, cards[1] >> 4
            if count == 2:
                distinct = 1 if first == second else 2
            else:
                third = cards[2] >> 4
                distinct = 1 + (second != first) + (third != first and third != second)
        return _SHAPE_BY_COUNT[count][distinct]
    counts: dict[int, int] = {}
    for card in cards:
        counts[card >> 4] = counts.get(card >> 4, 0) + 1
    return tuple(sorted(counts.values(), reverse=True))


#: The shape of 0 to 3 cards by how many cards and how many distinct colours they hold.
_SHAPE_BY_COUNT: Final[list[list[tuple[int, ...]]]] = [
    [()], [(), (1,)], [(), (2,), (1, 1)], [(), (3,), (2, 1), (1, 1, 1)]]
_SHAPE_TEXTS: Final = {shape: "+".join(str(n) for n in shape) for row in _SHAPE_BY_COUNT for shape in row}


def shape_text(shape: tuple[int, ...]) -> str:
    """``2+1``."""
    text = _SHAPE_TEXTS.get(shape)
    return "+".join(str(n) for n in shape) if text is None else text


# -- legal actions ------------------------------------------------------------------------

def _distinct(values: list[int]) -> int:
    """How many distinct values a colour's list holds (descending, only 0 can repeat)."""
    size = len(values)
    return size - 1 if size > 1 and values[size - 2] == 0 else size


class _Parts:
    """What a play is built from, per colour of ``hand`` allowed by the mask: the distinct
    values (as rank + 1, see ``actions``) and the distinct pairs (as ``r1 * RADIX + r2``).

    A colour's values are kept in descending order and only 0 can repeat (``_distinct``)."""

    __slots__ = ("colours", "singles", "pairs")

    def __init__(self, hand: Hand, allowed: int, want_pairs: bool) -> None:
        self.singles: list[list[int]] = [[] for _ in range(NUM_COLOURS)]
        self.pairs: list[list[int]] = [[] for _ in range(NUM_COLOURS)]
        self.colours: list[int] = []
        for colour in range(NUM_COLOURS):
            values = hand[colour]
            if not values or not allowed >> colour & 1:
                continue
            self.colours.append(colour)
            zero = colour * 16 + 16  # rank + 1 of the colour's 0
            size = _distinct(values)
            ranks = [zero - v for v in values[:size]]
            self.singles[colour] = ranks
            if want_pairs:
                two = [a * RADIX + b for a, b in combinations(ranks, 2)]
                if size < len(values):  # both 0s
                    two.append(zero * RADIX + zero)
                self.pairs[colour] = two


def _plays(hand: Hand, shapes: tuple[tuple[int, ...], ...], allowed: int) -> list[int]:
    """Every play of the given shapes from ``hand``, using only colours in the mask ``allowed``,
    in a fixed order: by shape, then colours in order, then values (``_nth_play`` walks the
    same order)."""
    parts = _Parts(hand, allowed, any(shape[0] == 2 for shape in shapes))
    colours, singles, pairs = parts.colours, parts.singles, parts.pairs
    out: list[int] = []
    for shape in shapes:
        if shape == (1,):
            out += [PLAY + r * RADIX2 for c in colours for r in singles[c]]
        elif shape == (2,):
            out += [PLAY + p * RADIX for c in colours for p in pairs[c]]
        elif shape == (1, 1):
            for a, b in combinations(colours, 2):
                out += [PLAY + (ra * RADIX + rb) * RADIX for ra in singles[a] for rb in singles[b]]
        elif shape == (2, 1):
            for a in colours:
                if not pairs[a]:
                    continue
                for b in colours:
                    if a < b:  # pair colour first in canonical order
                        out += [PLAY + p * RADIX + rb for p in pairs[a] for rb in singles[b]]
                    elif a > b:
                        out += [PLAY + rb * RADIX2 + p for p in pairs[a] for rb in singles[b]]
        else:  # (1, 1, 1)
            for a, b, c in combinations(colours, 3):
                out += [
                    PLAY + (ra * RADIX + rb) * RADIX + rc
                    for ra in singles[a] for rb in singles[b] for rc in singles[c]
                ]
    return out


def _single(hand: Hand, colour: int, index: int) -> int:
    """Rank + 1 of the ``index``-th distinct value of ``colour``, as ``_Parts.singles``."""
    return colour * 16 + 16 - hand[colour][index]


def _pair(hand: Hand, colour: int, index: int) -> int:
    """The ``index``-th distinct pair of ``colour``, as ``_Parts.pairs``: pairs of distinct values
    in ``combinations`` order, then the two 0s."""
    values = hand[colour]
    size = _distinct(values)
    first = 0
    while first < size - 1 and index >= size - 1 - first:
        index -= size - 1 - first
        first += 1
    if first == size - 1:  # past the pairs of distinct values: both 0s
        zero = colour * 16 + 16
        return zero * RADIX + zero
    return _single(hand, colour, first) * RADIX + _single(hand, colour, first + 1 + index)


class _Sizes:
    """How many distinct values (``singles``) and pairs (``pairs``) each allowed colour of a hand
    offers: enough to count plays and find the k-th without building any."""

    __slots__ = ("colours", "singles", "pairs")

    def __init__(self, hand: Hand, allowed: int) -> None:
        self.colours: list[int] = []
        self.singles: list[int] = [0] * NUM_COLOURS
        self.pairs: list[int] = [0] * NUM_COLOURS
        for colour in range(NUM_COLOURS):
            values = hand[colour]
            if not values or not allowed >> colour & 1:
                continue
            self.colours.append(colour)
            size = _distinct(values)
            self.singles[colour] = size
            self.pairs[colour] = size * (size - 1) // 2 + (len(values) - size)  # + both 0s


#: Each shape as a small int, so that hot loops compare (and key caches by) ints.
SHAPE_CODES: Final = {(1,): 1, (2,): 2, (1, 1): 11, (2, 1): 21, (1, 1, 1): 111}


def _count_plays(sizes: _Sizes, shapes: tuple[tuple[int, ...], ...]) -> int:
    """``len(_plays(...))`` without building the list."""
    colours, singles, pairs = sizes.colours, sizes.singles, sizes.pairs
    n = len(colours)
    all_singles = sum(singles)
    total = 0
    for shape_ in shapes:
        shape = SHAPE_CODES[shape_]
        for ia in range(n):
            a = colours[ia]
            if shape == 1:
                total += singles[a]
            elif shape == 2:
                total += pairs[a]
            elif shape == 21:
                total += pairs[a] * (all_singles - singles[a])
            else:
                for ib in range(ia + 1, n):
                    b = colours[ib]
                    if shape == 11:
                        total += singles[a] * singles[b]
                    else:  # 111
                        for ic in range(ib + 1, n):
                            total += singles[a] * singles[b] * singles[colours[ic]]
    return total


def _nth_play(hand: Hand, sizes: _Sizes, shapes: tuple[tuple[int, ...], ...], k: int) -> int:
    """``_plays(...)[k]`` without building the list (``k`` below ``_count_plays``), walking the
    same blocks in the same order."""
    colours, singles, pairs = sizes.colours, sizes.singles, sizes.pairs
    n = len(colours)
    for shape_ in shapes:
        shape = SHAPE_CODES[shape_]
        for ia in range(n):
            a = colours[ia]
            if shape == 1:
                if k < singles[a]:
                    return PLAY + _single(hand, a, k) * RADIX2
                k -= singles[a]
            elif shape == 2:
                if k < pairs[a]:
                    return PLAY + _pair(hand, a, k) * RADIX
                k -= pairs[a]
            elif shape == 21:
                for b in colours:
                    size = pairs[a] * singles[b] if b != a else 0
                    if k < size:
                        pair, rb = _pair(hand, a, k // singles[b]), _single(hand, b, k % singles[b])
                        return PLAY + pair * RADIX + rb if a < b else PLAY + rb * RADIX2 + pair
                    k -= size
            else:
                for ib in range(ia + 1, n):
                    b = colours[ib]
                    if shape == 11:
                        size = singles[a] * singles[b]
                        if k < size:
                            ra, rb = _single(hand, a, k // singles[b]), _single(hand, b, k % singles[b])
                            return PLAY + (ra * RADIX + rb) * RADIX
                        k -= size
                        continue
                    for ic in range(ib + 1, n):  # 111
                        c = colours[ic]
                        size = singles[a] * singles[b] * singles[c]
                        if k < size:
                            ra = _single(hand, a, k // (singles[b] * singles[c]))
                            rb = _single(hand, b, k // singles[c] % singles[b])
                            return PLAY + (ra * RADIX + rb) * RADIX + _single(hand, c, k % singles[c])
                        k -= size
    raise IndexError(f"no play {k} past the end")


def _placing(state: GargonState) -> tuple[tuple[tuple[int, ...], ...], int, bool]:
    """The shapes the seat to place may play, the colours it may use, and whether it may pass."""
    if state.placed == 0:  # the first player must play, any shape
        return SHAPES, ALL_COLOURS, False
    allowed = state.round_colours if state.to_act == state.last_seat else ALL_COLOURS
    return (state.shape,), allowed, True


def legal_actions(state: GargonState) -> list[int]:
    phase = state.phase
    seat = state.to_act
    if phase == PLACE:
        assert seat is not None
        shapes, allowed, may_pass = _placing(state)
        plays = _plays(state.hands[seat], shapes, allowed)
        return [PASS] + plays if may_pass else plays
    if phase == FIGHT:
        assert seat is not None
        in_play = state.in_play[seat]
        return [BATTLE + c for c in range(NUM_COLOURS) if in_play[c]]
    if phase == PASS_DRAW or phase == LOSER_DRAW:
        draws = [DRAW + p for p in (0, 1) if state.piles[p]]
        if phase == PASS_DRAW and state.drawn:
            draws.append(STOP)
        return draws
    return []


def sample_action(state: GargonState, rng: Random) -> int:
    """``legal[rng.randrange(len(legal))]`` for ``legal = legal_actions(state)``, the same action
    from the same generator, but without listing a placing seat's hundreds of plays: they are
    counted by shape and colour, and the drawn one is decoded."""
    seat = state.to_act
    if state.phase != PLACE or seat is None:
        legal = legal_actions(state)
        return legal[randbelow(rng, len(legal))]
    shapes, allowed, may_pass = _placing(state)
    hand = state.hands[seat]
    sizes = _Sizes(hand, allowed)
    count = _count_plays(sizes, shapes)
    k = randbelow(rng, count + 1 if may_pass else count)
    if may_pass:
        if k == 0:
            return PASS
        k -= 1
    return _nth_play(hand, sizes, shapes, k)


def refusal(state: GargonState, action: int, lang: str = "en") -> str | None:
    """Why ``action`` is refused now, in the game's words and ``lang``; None when it is legal."""
    found = _refusal(state, action)
    if found is None:
        return None
    key, params = found
    return message_with(key, lang, params)


Refusal = tuple[str, dict[str, object]]


def _refusal(state: GargonState, action: int) -> Refusal | None:
    phase = state.phase
    if phase == OVER:
        return "over", {}
    if action >= PLAY:
        cards = checked_play_cards(action)
        if not cards:
            return "unknown_action", {}
        if phase != PLACE:
            return "no_play_now", {"now": _now(state)}
        seat = state.to_act
        assert seat is not None
        hand = state.hands[seat]
        for card in cards:  # (at most three: a card named twice is looked at twice)
            if hand[card >> 4].count(card & 15) < cards.count(card):
                return "not_in_hand", {"card": card}  # named in the reader's language
        shape = shape_of(cards)
        if state.placed == 0:
            return None if shape in SHAPES else ("three_of_colour", {})
        if shape != state.shape:
            return "follow_shape", {"shape": shape_text(state.shape), "played": shape_text(shape)}
        if seat == state.last_seat and any(
            not state.round_colours >> (c >> 4) & 1 for c in cards
        ):
            played = tuple(c for c in range(NUM_COLOURS) if state.round_colours >> c & 1)
            return "last_seat_colours", {"colours": played}
        return None
    if action == PASS:
        if phase != PLACE:
            return "no_pass_now", {"now": _now(state)}
        return ("first_must_play", {}) if state.placed == 0 else None
    if action == STOP:
        if phase != PASS_DRAW:
            return "stop_not_passing", {}
        return None if state.drawn else ("stop_before_draw", {})
    if DRAW <= action < DRAW + 2:
        if phase not in (PASS_DRAW, LOSER_DRAW):
            return "no_draw_now", {"now": _now(state)}
        return None if state.piles[action - DRAW] else ("pile_empty", {"pile": action - DRAW + 1})
    if BATTLE <= action < BATTLE + NUM_COLOURS:
        if phase != FIGHT:
            return "no_battle_now", {"now": _now(state)}
        seat = state.to_act
        assert seat is not None
        if not state.in_play[seat][action - BATTLE]:
            return "colour_not_in_play", {"colour": action - BATTLE}
        return None
    return "unknown_action", {}


def _now(state: GargonState) -> str:
    """What the seat to act should do, as a message reference resolved in the player's language."""
    if state.phase == PLACE:
        return "@now_play_or_pass" if state.placed else "@now_play"
    if state.phase == PASS_DRAW:
        return "@now_draw_or_stop" if state.drawn else "@now_draw"
    if state.phase == FIGHT:
        return "@now_battle"
    return "@now_loser_draw"


# -- applying actions ---------------------------------------------------------------------

def apply(state: GargonState, action: int) -> None:
    """Apply a legal action and let the rules run until the next decision."""
    seat = state.to_act
    assert seat is not None
    log = state.log
    if action >= PLAY:
        cards = play_cards(action)
        hand, table = state.hands[seat], state.in_play[seat]
        for card in cards:
            colour, value = card >> 4, card & 15
            hand[colour].remove(value)
            table[colour].append(value)
            table[colour].sort(reverse=True)
            state.round_colours |= 1 << colour
        if state.placed == 0:
            state.shape = shape_of(cards)
        if log is not None:
            log.append(Event("play", seat, cards=tuple(HIDDEN + (c >> 4) for c in cards)))
        _next_placer(state)
    elif action == PASS:
        state.passed[seat] = True
        if log is not None:
            log.append(Event("pass", seat))
        if state.piles[0] or state.piles[1]:
            state.phase = PASS_DRAW
            state.drawn = 0
        else:
            _next_placer(state)
    elif action == STOP:
        if log is not None:
            log.append(Event("stop", seat))
        _next_placer(state)
    elif action < BATTLE:  # a draw
        _draw(state, seat, action - DRAW)
        if state.phase == PASS_DRAW:
            state.drawn += 1
            if state.drawn == MAX_DRAWS_PER_PASS or not (state.piles[0] or state.piles[1]):
                _next_placer(state)
        else:  # a fight's loser
            pending = state.pending
            pending.pop(0)
            if pending and (state.piles[0] or state.piles[1]):
                state.to_act = pending[0]
            else:
                pending.clear()
                _resolve(state, state.fight_colour)
    else:  # battle
        colour = action - BATTLE
        state.chooser = seat
        if log is not None:
            log.append(Event("battle", seat, colour=colour))
        _clash_zeros(state, colour)
        _resolve(state, colour)


def _draw(state: GargonState, seat: int, pile: int) -> None:
    card = state.piles[pile].pop()
    values = state.hands[seat][card >> 4]
    values.append(card & 15)
    values.sort(reverse=True)
    if not state.piles[pile]:
        state.final_round = True  # 000: the round in progress is played out, then the game ends
    if state.log is not None:
        state.log.append(Event("draw", seat, colour=card >> 4, pile=pile))


def _next_placer(state: GargonState) -> None:
    state.placed += 1
    if state.placed < state.n:
        state.phase = PLACE
        state.to_act = (state.first + state.placed) % state.n
        return
    if state.log is not None:
        revealed = [(s, c * 16 + v) for s in range(state.n)
                    for c, values in enumerate(state.in_play[s]) for v in values]
        state.log.append(Event("reveal", cards=tuple(card for _, card in revealed),
                               seats=tuple(s for s, _ in revealed)))
    state.chooser = state.first
    _next_chooser(state, state.first)


def _next_chooser(state: GargonState, start: int) -> None:
    """From ``start`` clockwise, the first seat with cards in play chooses the next colour."""
    n = state.n
    for step in range(n):
        seat = (start + step) % n
        if any(state.in_play[seat]):
            state.phase = FIGHT
            state.to_act = seat
            return
    _end_round(state)


def _clash_zeros(state: GargonState, colour: int) -> None:
    """000: two 0s of one colour in front of two different players are both discarded."""
    owners = [s for s in range(state.n) if 0 in state.in_play[s][colour]]
    if len(owners) == 2:
        for seat in owners:
            state.in_play[seat][colour].remove(0)
            state.discard.append(colour * 16)
        if state.log is not None:
            state.log.append(Event("clash", colour=colour, seats=tuple(owners),
                                    cards=(colour * 16, colour * 16)))


def _resolve(state: GargonState, colour: int) -> None:
    """Fight ``colour`` until none of it is in play, stopping when a loser has to draw."""
    n, first, log = state.n, state.first, state.log
    while True:
        owners = [(first + k) % n for k in range(n) if state.in_play[(first + k) % n][colour]]
        if not owners:
            break
        if len(owners) == 1:  # cases A and C: alone in the colour, the owner wins it all
            seat = owners[0]
            values = state.in_play[seat][colour]
            won = state.won[seat][colour]
            won += values
            won.sort(reverse=True)  # won piles keep values descending, like every zone
            if log is not None:
                log.append(Event("win", seat, colour=colour,
                                  cards=tuple(colour * 16 + v for v in values)))
            state.in_play[seat][colour] = []
            break
        # case B: each owner's highest card fights; the highest value wins it
        fighters = [state.in_play[s][colour].pop(0) for s in owners]
        best = max(fighters)
        winner = owners[fighters.index(best)]
        won = state.won[winner][colour]
        won.append(best)
        won.sort(reverse=True)
        losers: list[int] = []
        for index, seat in enumerate(owners):
            if seat != winner:
                losers.append(seat)
                state.discard.append(colour * 16 + fighters[index])
        if log is not None:
            log.append(Event("fight", winner, colour=colour, seats=tuple(owners),
                              cards=tuple(colour * 16 + v for v in fighters)))
        if state.piles[0] or state.piles[1]:  # losers draw, in order from the first player
            state.pending = losers
            state.fight_colour = colour
            state.phase = LOSER_DRAW
            state.to_act = losers[0]
            return
    state.fight_colour = -1
    _next_chooser(state, state.chooser)


def _end_round(state: GargonState) -> None:
    n = state.n
    state.placed = 0
    state.shape = ()
    state.round_colours = 0
    state.passed = [False] * n
    state.drawn = 0
    first = None if state.final_round else _first_holder(state, state.first + 1)
    if first is None:
        _game_over(state)
        return
    state.round += 1
    if state.log is not None:
        state.log.append(Event("round", first))
    start_round(state, first)


def _first_holder(state: GargonState, start: int) -> int | None:
    """From ``start`` clockwise (all the way round), the first seat with a card in hand."""
    for step in range(state.n):
        seat = (start + step) % state.n
        if any(state.hands[seat]):
            return seat
    return None


def _game_over(state: GargonState) -> None:
    state.phase = OVER
    state.to_act = None
    if state.log is not None:
        state.log.append(Event("over"))


def start_round(state: GargonState, first: int) -> None:
    state.first = first
    state.placed = 0
    state.phase = PLACE
    state.to_act = first


def deal(state: GargonState, rng: Random, first: int | None) -> None:
    """000: the shuffled deck deals each seat its hand, the rest makes two piles of equal size;
    the first player is ``first``, or drawn (the rulebook: the youngest)."""
    deck = list(COMPONENTS.deck)
    shuffle(rng, deck)
    n, size = state.n, COMPONENTS.hand_size
    for seat in range(n):
        hand = state.hands[seat]
        for card in deck[seat * size:(seat + 1) * size]:
            hand[card >> 4].append(card & 15)
        for values in hand:
            values.sort(reverse=True)
    rest = deck[n * size:]
    half = len(rest) // 2
    state.piles = [rest[:half], rest[half:]]  # top of each pile is its last card
    begin(state, randbelow(rng, n) if first is None else first)


def begin(state: GargonState, first: int) -> None:
    """Start the game's first round with ``first`` (or the next seat holding a card)."""
    state.round = 1
    if not (state.piles[0] and state.piles[1]):
        state.final_round = True  # 000: a pile already empty means this round is the last
    holder = _first_holder(state, first)
    if holder is None:
        state.first = first
        _game_over(state)
    else:
        start_round(state, holder)
