"""When a hand ends and what it is worth: R-EARLY-END, R-AWARD; the 250-point game (H-POINTS);
the variants' contracts and scores (V-THREE-CONTRACT, V-THREE-AWARD, V-MOON-END, V-MOON-SCORE,
V-BIG-SCORE, V-140-SCORE, V-72-SCORE). Points and marks are per side (V-GEN-SEATS).
"""

from __future__ import annotations

from functools import lru_cache

from ..actions import Bid
from ..goal import goal_of
from ..options import Options
from ..records import Contract, HandResult, Trick
from ..trumps import Trump
from ..variants import Scoring, Variant
from .fields import EarlyEnd, Setup

_MARKS, _NELLO = Scoring.MARKS, Trump.NELLO


def all_passed(variant: Variant, options: Options) -> HandResult:
    """R-ALLPASS (V-MOON-ALLPASS): nobody scores; one zero per side."""
    zeros = (0,) * variant.seating.side_count
    in_points = goal_of(variant, options).in_points
    return HandResult(redeal=True, made=False, marks=zeros, score=zeros if in_points else None)


def early_end(variant: Variant, options: Options, contract: Contract | None,
              trump: Trump) -> EarlyEnd | None:
    """The numbers of a contract that ends as soon as it is decided: a marks-scored game
    (R-EARLY-END), but for Nello and the 250-point game, which play on (H-NELLO, H-POINTS)."""
    if variant.scoring is not _MARKS or trump is _NELLO or options.points_game:
        return None
    assert contract is not None
    key = (variant, contract.declarer, contract.bid.points)
    found = _EARLY.get(key)
    if found is None:
        side_of = variant.seating.side_of
        need = key[2]
        found = _EARLY[key] = EarlyEnd(side_of[contract.declarer], need,
                                       variant.total_points - need, variant.hand_size, side_of)
    return found


_EARLY: dict[tuple[Variant, int, int], EarlyEnd] = {}
"""Every contract's numbers, by variant, declarer and points bid: a handful per variant."""


def decide(setup: Setup, points: tuple[int, ...],
           tricks: tuple[Trick, ...]) -> HandResult | None:
    """The result once the hand is decided, else None: as soon as the captured tiles alone
    settle a marks-scored contract (R-EARLY-END), after every trick in games scored in points."""
    early = setup.early
    if early is not None:  # on the hot path of play: R-CONTRACT-POINTS, R-CONTRACT-MARKS
        side, need, spare, size, side_of = early
        if need:
            taken = points[side]
            if taken < need and sum(points) - taken <= spare:
                return None
            made = taken >= need
        else:
            if not tricks:  # V-72-WIDOW: a discard before the first trick
                return None
            made = side_of[tricks[-1].winner] == side
            if made and len(tricks) < size:
                return None
        return _award(setup.deal.variant, setup.contract, made)
    variant = setup.deal.variant
    contract = setup.contract
    assert contract is not None
    settled = _settled_at_the_end(variant, setup, points, tricks)
    if settled is None:
        return None
    made = settled
    kind = variant.scoring
    if kind is Scoring.MARKS and not setup.options.points_game:
        return _award(variant, contract, made)  # Nello
    if kind is Scoring.MOON:
        return _moon_result(variant, contract, points, made)
    return _points_result(variant, contract, points, made)


def _settled_at_the_end(variant: Variant, setup: Setup, points: tuple[int, ...],
                        tricks: tuple[Trick, ...]) -> bool | None:
    """H-NELLO: the declarer must take no trick. V-MOON-END: a moon ends at the first trick the
    declarer does not take. Otherwise (H-POINTS, V-BIG-SCORE, V-140-SCORE, V-MOON-END) every
    trick is played."""
    contract = setup.contract
    assert contract is not None
    complete = len(tricks) == variant.hand_size
    side_of = variant.seating.side_of
    if setup.trump is Trump.NELLO or contract.bid.kind.is_moon:
        lost = (tricks[-1].winner == contract.declarer if setup.trump is Trump.NELLO
                else tricks[-1].winner != contract.declarer)
        if lost:
            return False
        return True if complete else None
    if not complete:
        return None
    side = side_of[contract.declarer]
    if contract.is_marks:
        return all(side_of[trick.winner] == side for trick in tricks)
    return points[side] >= contract.bid.points


@lru_cache(maxsize=1024)
def _award(variant: Variant, contract: Contract, made: bool) -> HandResult:
    """R-AWARD: made, the declarers receive the contract's marks; set, every other side does
    (the defenders of three-hand 42 each, V-THREE-AWARD)."""
    side = variant.seating.side_of[contract.declarer]
    marks = tuple((contract.marks if (s == side) is made else 0)
                  for s in variant.seating.sides)
    return HandResult(False, made, marks)


def _points_result(variant: Variant, contract: Contract, points: tuple[int, ...],
                   made: bool) -> HandResult:
    """H-POINTS, V-BIG-SCORE: made, each side scores what it took (a marks bid: the hand's
    total × n to the declarers); set, the declarers 0 and the defenders the bid plus what they
    took. V-140-SCORE: set, the declarers score minus the bid, and the defenders what they
    took."""
    side = variant.seating.side_of[contract.declarer]
    value = contract_value(variant, contract.bid)
    score = list(points)
    if made:
        if contract.is_marks:
            score[side] = value
    elif variant.scoring is Scoring.TEAM_POINTS:
        score[side] = -value
    else:
        score[side] = 0
        for other in variant.seating.sides:
            if other != side:
                score[other] += value
    return HandResult(False, made, (0,) * len(score), tuple(score))


_MOON_VALUE = {"moon": 21, "over_moon": 42}


def contract_value(variant: Variant, bid: Bid) -> int:
    """What a contract is worth to a score kept in points, made or set: a points bid its
    points, a marks bid the hand's total per mark (H-POINTS, V-BIG-SCORE, V-140-SCORE), a moon
    21 and over the moon 42 (V-MOON-SCORE)."""
    if bid.kind.is_moon:
        return _MOON_VALUE[bid.kind.value]
    return bid.points or variant.total_points * bid.marks


def _moon_result(variant: Variant, contract: Contract, points: tuple[int, ...],
                 made: bool) -> HandResult:
    """V-MOON-SCORE: a bid of n scores the tricks taken if at least n, else −n; a moon ±21,
    over the moon ±42; the others score the tricks they took."""
    side = variant.seating.side_of[contract.declarer]
    score = list(points)
    bid = contract.bid
    if bid.kind.is_moon:
        value = contract_value(variant, bid)
        score[side] = value if made else -value
    elif not made:
        score[side] = -bid.points
    return HandResult(False, made, (0,) * len(score), tuple(score))
