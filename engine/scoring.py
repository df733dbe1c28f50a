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
    if options.points_game or trump is Trump.NELLO:
        made = _settled_by_house_rules(contract, trump, points, tricks, options)
    else:
        made = _settled(contract, points, tricks)
    if made is None:
        return None
    if options.points_game:
        return _points_game_result(contract, points, made)
    marks = [0, 0]
    marks[contract.declarer & 1 if made else 1 - (contract.declarer & 1)] = contract.marks
    return HandResult(False, made, (marks[0], marks[1]))  # R-AWARD


def _settled(contract: Contract, points: tuple[int, int],
             tricks: tuple[Trick, ...]) -> bool | None:
    """True once made, False once impossible, None while undecided (on the hot path of play)."""
    team = contract.declarer & 1
    bid = contract.bid
    if bid.marks:  # R-CONTRACT-MARKS: all seven tricks
        if tricks[-1].winner & 1 != team:
            return False
        return True if len(tricks) == TRICKS_PER_HAND else None
    if points[team] >= bid.points:  # R-CONTRACT-POINTS
        return True
    if points[1 - team] > TOTAL_POINTS - bid.points:
        return False
    return None


def _settled_by_house_rules(contract: Contract, trump: Trump | None, points: tuple[int, int],
                            tricks: tuple[Trick, ...], options: Options) -> bool | None:
    """H-NELLO: the declarer must take no trick. H-POINTS: every hand runs seven tricks."""
    complete = len(tricks) == TRICKS_PER_HAND
    if trump is Trump.NELLO:
        if tricks[-1].winner == contract.declarer:
            return False
        return True if complete else None
    if not complete:
        return None
    if contract.is_marks:
        return all(trick.winner.team == contract.team for trick in tricks)
    return points[contract.team] >= contract.bid.points


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
    return HandResult(False, made, (0, 0), (score[0], score[1]))
