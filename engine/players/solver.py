"""Exact play of one deal whose four hands are all known: alpha-beta over bit masks.

The computer players sample the hidden hands and hand each sample to this solver, so it answers
the one question that decides a hand of 42: can the declarers still take the points they need
(R-CONTRACT-POINTS), or every trick (R-CONTRACT-MARKS)? A yes/no search cuts far more than one
that counts points, and a transposition table keyed by the tiles left and the leader keeps, for
each position met at the start of a trick, the bounds proved on the points still to be won, so
that later questions about the same deal, at other thresholds, start from what is known.

The order tiles are tried in decides how much is cut. Each hand's tiles start in the order of
the rules of thumb (high leads, cheap winners, count to a winning partner); then a tile that
refuted a position (made it, for the side it plays for) is tried first the next time that hand
meets the same choice — the same tiles to play from, the same trumps alive, the same state of
the trick — which is usually where it refutes again (the history of cut-offs of game-tree
search). The answers never change, only the work: at the opening lead about 40% fewer nodes.

Hands are four 28-bit masks; the trick tables of :mod:`engine.trumps` (``FOLLOW``, ``LED``,
``POWER``) make a play a few list look-ups. Work is counted in nodes (tiles tried) and stops with
:class:`OutOfBudget` past the limit, so a decision costs a bounded time.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..dominoes import COUNT
from ..trumps import FOLLOW, LED, MODEL_COUNT, POWER, SPECIAL_SUIT

TOTAL_POINTS = 42
_COUNT_MASK = sum(1 << t for t in range(28) if COUNT[t])


def _fill_count_table() -> dict[int, int]:
    tiles = [t for t in range(28) if COUNT[t]]
    table: dict[int, int] = {}
    for pattern in range(1 << len(tiles)):
        mask = 0
        value = 0
        for i, tile in enumerate(tiles):
            if pattern >> i & 1:
                mask |= 1 << tile
                value += COUNT[tile]
        table[mask] = value
    return table


_COUNT_OF = _fill_count_table()


def count_in(mask: int) -> int:
    """The count (R-POINTS) held in the tiles of ``mask``."""
    return _COUNT_OF[mask & _COUNT_MASK]


def points_left(hands: Sequence[int]) -> int:
    """Hand points still to be won by whole tricks from hands of equal size: tricks plus count."""
    remaining = hands[0] | hands[1] | hands[2] | hands[3]
    return (remaining.bit_count() >> 2) + count_in(remaining)


def _follow_order(tiles: list[int], strengths: tuple[int, ...], best: int,
                  partner_wins: bool) -> list[int]:
    """Tiles worth trying first when following: count to a partner who is winning the trick;
    against an opponent, the cheapest tile that wins it, then the cheapest that does not."""
    if partner_wins:
        return sorted(tiles, key=lambda t: (-COUNT[t], strengths[t]))
    return sorted(tiles, key=lambda t: (strengths[t] <= best, COUNT[t] if strengths[t] <= best
                                        else strengths[t], strengths[t]))


_TRUMP_ORDER = tuple(
    tuple(sorted((t for t in range(28) if FOLLOW[m][SPECIAL_SUIT] >> t & 1),
                 key=lambda t, m=m: POWER[m][SPECIAL_SUIT][t], reverse=True))  # type: ignore[misc]
    for m in range(MODEL_COUNT))
"""Per trick model, its trumps from the highest down."""


def distinct_trumps(moves: Sequence[int], playable: int, alive: int,
                    model: int) -> list[int]:
    """:func:`_distinct` for the trick model ``model``."""
    if (playable & alive & FOLLOW[model][SPECIAL_SUIT]).bit_count() < 2:
        return list(moves)
    return _distinct(moves, playable, alive & FOLLOW[model][SPECIAL_SUIT], _TRUMP_ORDER[model])


def _distinct(moves: Sequence[int], playable: int, alive: int,
              order: tuple[int, ...]) -> list[int]:
    """``moves`` less the trumps that change nothing: of two trumps of one hand that are next to
    each other among the trumps still alive, with the same count, only the higher is tried."""
    dropped = 0
    previous = -1
    for t in order:
        if not alive >> t & 1:
            continue
        if playable >> t & 1 and previous >= 0 and COUNT[t] == COUNT[previous]:
            dropped |= 1 << t
        previous = t if playable >> t & 1 else -1
    return [t for t in moves if not dropped >> t & 1] if dropped else list(moves)


def _beaten_by(model: int, tile: int) -> int:
    """The tiles that beat ``tile`` led, once no seat but the leader's holds a trump: higher
    trumps for a trump, higher tiles of its suit for any other (R-RANK, R-WIN)."""
    suit = LED[model][tile]
    strengths = POWER[model][suit]
    trumps = FOLLOW[model][SPECIAL_SUIT]
    beaters = sum(1 << t for t in range(28) if strengths[t] > strengths[tile])
    return beaters if suit == SPECIAL_SUIT else beaters & ~trumps


_BEATEN_BY = tuple(tuple(_beaten_by(m, t) for t in range(28)) for m in range(MODEL_COUNT))


class OutOfBudget(Exception):
    """The search tried more tiles than it was allowed."""


def _bits(mask: int) -> list[int]:
    tiles = []
    while mask:
        low = mask & -mask
        tiles.append(low.bit_length() - 1)
        mask ^= low
    return tiles


class DealSolver:
    """Perfect-information play of one deal under one trick model, for one side's contract.

    ``team`` is the side whose points are counted (the declarers, R-DECLARER). ``hands`` are the
    tiles each seat holds now; the trick in progress, if any, is passed to each question.
    ``learn_order=False`` keeps every hand's first order of tiles (the classic player's search:
    the same answers, found with more nodes).

    One trick left, North leading [6|6]: with sixes trump it takes the trick and 25 in count;
    with fives trump East's [5|5] takes it.

    >>> from engine.dominoes import Domino
    >>> hands = [1 << Domino.parse(t) for t in ("6-6", "5-5", "4-6", "0-5")]
    >>> DealSolver(hands, model=6, team=0).best_points(leader=0, trick=())
    26
    >>> DealSolver(hands, model=5, team=0).reach(leader=0, trick=(), need=1)
    False
    """

    def __init__(self, hands: Sequence[int], model: int, team: int,
                 node_limit: int = 1 << 60, learn_order: bool = True) -> None:
        self.hands = list(hands)
        self.model = model
        self.team = team
        self.node_limit = node_limit
        self.learn_order = learn_order
        self.nodes = 0
        self.table: dict[int, tuple[int, int]] = {}
        self._lead_orders: dict[int, list[int]] = {}
        self._follow_orders: dict[int, list[int]] = {}

    # ----- questions ----------------------------------------------------------------------------

    def reach(self, leader: int, trick: Sequence[tuple[int, int]], need: int) -> bool:
        """Whether ``team`` can take at least ``need`` of the points still to be won, the trick in
        progress (led by ``leader``, its plays ``trick``) included, against any defence."""
        return self._run(leader, trick, None, need)

    def reach_after(self, leader: int, trick: Sequence[tuple[int, int]], tile: int,
                    need: int) -> bool:
        """:meth:`reach` once the seat to act has played ``tile`` to the trick in progress."""
        return self._run(leader, trick, tile, need)

    def best_points(self, leader: int, trick: Sequence[tuple[int, int]],
                    tile: int | None = None) -> int:
        """The exact points ``team`` takes from here with best play by both sides (after
        ``tile``, if given): a binary search of yes/no questions that share the table."""
        low, high = 0, self.points_in_play(trick)
        while low < high:  # invariant: value >= low, value <= high
            middle = (low + high + 1) >> 1
            if self._run(leader, trick, tile, middle):
                low = middle
            else:
                high = middle - 1
        return low

    def points_in_play(self, trick: Sequence[tuple[int, int]]) -> int:
        """All the points still to be won: the trick in progress and the tricks after it."""
        hands = self.hands
        remaining = hands[0] | hands[1] | hands[2] | hands[3]
        tricks = (remaining.bit_count() + len(trick) + 3) >> 2
        return tricks + count_in(remaining) + sum(COUNT[t] for _, t in trick)

    # ----- the search ---------------------------------------------------------------------------

    def _run(self, leader: int, trick: Sequence[tuple[int, int]], tile: int | None,
             need: int) -> bool:
        hands = self.hands
        model = self.model
        team = self.team
        follow = FOLLOW[model]
        led = LED[model]
        power = POWER[model]
        table = self.table
        limit = self.node_limit
        nodes = self.nodes
        lead_power = [power[led[t]][t] for t in range(28)]
        count = COUNT
        trumps = follow[SPECIAL_SUIT]
        beaten_by = _BEATEN_BY[model]
        trump_order = _TRUMP_ORDER[model]
        lead_orders = self._lead_orders
        follow_orders = self._follow_orders
        learn = self.learn_order

        def start(leader: int, need: int) -> bool:
            """At a trick's start: can ``team`` take ``need`` of the points left?"""
            if need <= 0:
                return True
            h0, h1, h2, h3 = hands
            remaining = h0 | h1 | h2 | h3
            left = remaining.bit_count() >> 2
            if need > left + _COUNT_OF[remaining & _COUNT_MASK]:
                return False
            if left == 1:
                return last_trick(leader) >= need
            key = remaining << 2 | leader
            bounds = table.get(key)
            if bounds is not None:
                low, high = bounds
                if need <= low:
                    return True
                if need > high:
                    return False
            else:
                low, high = 0, TOTAL_POINTS
                if laydown(leader, remaining):  # the leader's side takes every trick left
                    everything = left + _COUNT_OF[remaining & _COUNT_MASK]
                    table[key] = ((everything, everything) if leader & 1 == team
                                  else (0, 0))
                    return leader & 1 == team
            made = lead(leader, need, remaining & trumps)
            if made:
                table[key] = (need, high)
            else:
                table[key] = (low, need - 1)
            return made

        def laydown(leader: int, remaining: int) -> bool:
            """Whether the leader can win every trick left by leading from the top: each of
            its tiles beats every tile outside its hand that could beat it, and its trumps draw
            every other seat's trumps before it leads anything else (R-FOLLOW, R-WIN)."""
            hand = hands[leader]
            outside = remaining ^ hand
            held_trumps = hand & trumps
            if hand != held_trumps:
                most = held_trumps.bit_count()
                for seat in (leader + 1 & 3, leader + 2 & 3, leader + 3 & 3):
                    if (hands[seat] & trumps).bit_count() > most:
                        return False
            return all(not outside & beaten_by[t] for t in _bits(hand))

        def last_trick(leader: int) -> int:
            """The points ``team`` takes in the last trick, each seat holding one tile."""
            first = hands[leader]
            t = first.bit_length() - 1
            suit = led[t]
            strengths = power[suit]
            best = strengths[t]
            winner = leader
            points = 1 + count[t]
            for step in (1, 2, 3):
                seat = (leader + step) & 3
                t = hands[seat].bit_length() - 1
                points += count[t]
                if strengths[t] > best:
                    best = strengths[t]
                    winner = seat
            return points if winner & 1 == team else 0

        def lead(seat: int, need: int, alive: int) -> bool:
            nonlocal nodes
            hand = hands[seat]
            ours = seat & 1 == team
            key = alive << 28 | hand
            moves = lead_orders.get(key)
            if moves is None:
                moves = sorted(_bits(hand), key=lead_power.__getitem__, reverse=True)
                if (hand & alive).bit_count() > 1:
                    moves = _distinct(moves, hand, alive, trump_order)
                lead_orders[key] = moves
            for i, t in enumerate(moves):
                nodes += 1
                if nodes > limit:
                    raise OutOfBudget
                hands[seat] = hand ^ (1 << t)
                suit = led[t]
                made = follow_(seat + 1 & 3, 1, suit, power[suit][t], seat, count[t] + 1, need,
                               alive)
                hands[seat] = hand
                if made is ours:
                    if i and learn:
                        moves.insert(0, moves.pop(i))
                    return made
            return not ours

        def follow_(seat: int, k: int, suit: int, best: int, winner: int, points: int,
                    need: int, alive: int) -> bool:
            nonlocal nodes
            hand = hands[seat]
            ours = seat & 1 == team
            playable = hand & follow[suit] or hand
            strengths = power[suit]
            key = (((alive << 28 | playable) << 4 | suit) << 9 | best) << 1 | (
                winner & 1 == seat & 1)
            moves = follow_orders.get(key)
            if moves is None:
                moves = _follow_order(_bits(playable), strengths, best, winner & 1 == seat & 1)
                if (playable & alive).bit_count() > 1:
                    moves = _distinct(moves, playable, alive, trump_order)
                follow_orders[key] = moves
            for i, t in enumerate(moves):
                nodes += 1
                if nodes > limit:
                    raise OutOfBudget
                strength = strengths[t]
                if strength > best:
                    new_best, new_winner = strength, seat
                else:
                    new_best, new_winner = best, winner
                hands[seat] = hand ^ (1 << t)
                if k == 3:
                    taken = points + count[t]
                    made = start(new_winner, need - taken if new_winner & 1 == team else need)
                else:
                    made = follow_(seat + 1 & 3, k + 1, suit, new_best, new_winner,
                                   points + count[t], need, alive)
                hands[seat] = hand
                if made is ours:
                    if i and learn:
                        moves.insert(0, moves.pop(i))
                    return made
            return not ours

        saved = list(hands)
        try:
            if not trick and tile is None:
                return start(leader, need)
            plays = list(trick)
            if tile is not None:
                seat = (leader + len(plays)) & 3
                hands[seat] ^= 1 << tile
                plays.append((seat, tile))
            first = plays[0][1]
            suit = led[first]
            strengths = power[suit]
            best, winner = strengths[first], leader
            points = 1
            on_table = 0
            for seat, t in plays:
                on_table |= 1 << t
                points += count[t]
                if strengths[t] > best:
                    best, winner = strengths[t], seat
            if len(plays) == 4:
                return start(winner, need - points if winner & 1 == team else need)
            alive = (hands[0] | hands[1] | hands[2] | hands[3] | on_table) & trumps
            return follow_((leader + len(plays)) & 3, len(plays), suit, best, winner,
                           points, need, alive)
        finally:
            hands[:] = saved  # as they were, even when the budget ran out mid-search
            self.nodes = nodes
