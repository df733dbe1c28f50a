"""When a hand ends and what it is worth: R-EARLY-END, R-AWARD; the 250-point game (H-POINTS)."""

from __future__ import annotations

from .options import Options
from .records import Contract, HandResult, Trick
from .trumps import Trump

TOTAL_POINTS = 42
TRICKS_PER_HAND = 7


def decide(contract: Contract, trump: Trump | None, points: tuple[int, int],
           tricks: tuple[Trick, ...], options: Options) -> HandResult | None:
    """The result once the captured tiles alone settle the contract (R-EARLY-END), else None."""
    made = _settled(contract, trump, points, tricks, options)
    if made is None:
        return None
    if options.points_game:
        return _points_game_result(contract, points, made)
    marks = [0, 0]
    marks[contract.team if made else contract.team.other] = contract.marks  # R-AWARD
    return _result(made, (marks[0], marks[1]))


def _settled(contract: Contract, trump: Trump | None, points: tuple[int, int],
             tricks: tuple[Trick, ...], options: Options) -> bool | None:
    """True once made, False once impossible, None while undecided."""
    team = contract.team
    last = tricks[-1]
    complete = len(tricks) == TRICKS_PER_HAND
    if options.points_game and not complete:
        return None  # H-POINTS: every hand runs to its seventh trick
    if trump is Trump.NELLO:  # H-NELLO: the declarer must take no trick
        if last.winner == contract.declarer:
            return False
        return True if complete else None
    if contract.is_marks:  # R-CONTRACT-MARKS: all seven tricks
        if options.points_game:
            return all(trick.winner.team == team for trick in tricks)
        if last.winner.team != team:
            return False
        return True if complete else None
    bid = contract.bid.points  # R-CONTRACT-POINTS
    if points[team] >= bid:
        return True
    if points[team.other] > TOTAL_POINTS - bid:
        return False
    return None


def _points_game_result(contract: Contract, points: tuple[int, int], made: bool) -> HandResult:
    """H-POINTS: made, each side scores what it took (a marks bid: 42 × n to the declarers);
    set, the declarers 0 and the defenders the bid plus what they took."""
    team = contract.team
    value = contract.bid.points or TOTAL_POINTS * contract.bid.marks
    score = [0, 0]
    if made:
        score[team] = points[team] if not contract.is_marks else value
        score[team.other] = points[team.other]
    else:
        score[team.other] = value + points[team.other]
    return _result(made, (0, 0), (score[0], score[1]))


def _result(made: bool, marks: tuple[int, int],
            score: tuple[int, int] | None = None) -> HandResult:
    return HandResult(redeal=False, made=made, marks=marks, score=score)
