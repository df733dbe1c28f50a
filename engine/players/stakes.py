"""What a call in 42's auction is worth at the score: the chance of winning the game it leaves.

Every later hand is counted as a mark to either side alike, so the chance of winning is a
function of the marks each side still needs (R-GAME, :func:`win_chance`). A bid is made (its
marks to the bidding side) or set (to the others, R-SET); a pass leaves the high bid to its
holder, or, with no bid yet, the contract to whoever bids after, who makes it as often as a
contract usually is made, or the hand is thrown in (R-ALLPASS).

That chance moves by as much for a mark won as for a mark lost, at every score: so a choice
between calls that stake one mark (a points bid, a pass, an opponent's points bid) is the same
at 6 marks to 6 as at 0 to 0, the one worth most marks on average. The score changes a call
only when more than one mark is at stake: a marks bid of two marks or more. Behind 0 marks to
5, two marks at 0.6 are worth more than one at 0.9.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..observation import Observation

#: How often a contract is made at the table (the strong player's own: 303 of 500), and how
#: likely each seat still to call is to bid (the last to bid declares): what a pass leaves to
#: the others.
CONTRACTS_MADE = 0.6
OTHERS_BID = 0.45


@cache
def win_chance(need: int, they_need: int) -> float:
    """The chance of reaching the target first needing ``need`` marks against ``they_need``,
    when each hand gives a mark to either side alike."""
    if need <= 0:
        return 1.0
    if they_need <= 0:
        return 0.0
    return (win_chance(need - 1, they_need) + win_chance(need, they_need - 1)) / 2


@dataclass(frozen=True, slots=True)
class Stakes:
    """The marks each side has and the target (R-GAME); a game for points counts marks evenly
    (H-POINTS: there the chance of winning is not the marks')."""

    ours: int
    theirs: int
    target: int | None

    @classmethod
    def of(cls, observation: Observation) -> Stakes:
        """The stakes of the seat of ``observation``."""
        seat = observation.seat
        assert seat is not None
        side = observation.variant.seating.side_of[seat]
        marks = observation.marks
        target = None if observation.goal.in_points else observation.goal.target
        return cls(marks[side], marks[1 - side], target)

    def after(self, ours: int, theirs: int) -> float:
        """What the game is worth to this side once ``ours`` and ``theirs`` marks are added."""
        if self.target is None:
            return 0.5 + (ours - theirs) / 20
        return win_chance(self.target - self.ours - ours, self.target - self.theirs - theirs)

    def bid(self, chance: float, marks: int) -> float:
        """A bid of ``marks`` this side makes with ``chance``."""
        return chance * self.after(marks, 0) + (1 - chance) * self.after(0, marks)

    def contract(self, ours: bool, marks: int) -> float:
        """A contract of ``marks`` played by this side (``ours``) or the other, made as often as
        contracts usually are."""
        made = CONTRACTS_MADE if ours else 1 - CONTRACTS_MADE
        return self.bid(made, marks)


def pass_worth(observation: Observation, stakes: Stakes) -> float:
    """A pass: the high bid's holder plays it; with no bid yet, whoever bids after does, or the
    hand is thrown in."""
    seat = observation.seat
    assert seat is not None
    seating = observation.variant.seating
    high = observation.high_bid
    if high is not None:
        ours = seating.side_of[high.declarer] == seating.side_of[seat]
        return stakes.contract(ours, max(1, high.bid.marks))
    after = seating.count - 1 - len(observation.auction)
    worth = 0.0
    left = 1.0
    for step in range(after, 0, -1):  # the last to call first: the last bid declares
        seat_after = (seat + step) % seating.count
        ours = seating.side_of[seat_after] == seating.side_of[seat]
        worth += left * OTHERS_BID * stakes.contract(ours, 1)
        left *= 1 - OTHERS_BID
    return worth + left * stakes.after(0, 0)


__all__ = ["CONTRACTS_MADE", "OTHERS_BID", "Stakes", "pass_worth", "win_chance"]
