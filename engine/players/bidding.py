"""The calibrated bidder of 42: each bid's chance from a fitted model, and the call worth most.

**Chances.** For a hand, the calls before it and each trump it is strongest in, the chance of
taking at least each level a bid can name (30 to 41 points; 42, every trick, for a marks bid,
R-CONTRACT-MARKS) is read off :mod:`engine.players.bid_model`, fitted by ``python -m
engine.tools.bidding``: logistic regressions on :mod:`.bid_features` of hands from real
auctions solved with every hand face up, blended with the share of playouts of deals
consistent with the auction that took the level (the classic player's
:func:`strong_classic.prospects`) and the hand's strength, the blend fitted to the strong
player's own contracts at the table. The model's part takes about a fifth of a millisecond;
the playouts a few milliseconds.

**The call.** Each legal call is worth the chance of winning the game it leaves (R-GAME),
counted as if each later hand gave a mark to either side alike: a bid is made (its marks to
this side) or set (to the others, R-SET); a pass leaves the contract to whoever bids after,
who makes it as often as a contract usually is made, or throws the hand in (R-ALLPASS). Early
in a game this is the bid worth most marks on average; near its end it bids to the score (at
6 marks to 6, a set is no worse than letting the others make). The lowest points bid is the
one worth most of the points bids; a marks bid is weighed with its marks. The trump named
after is the one the bid was worth most under (:func:`best_trump`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ..actions import Action, Bid, BidKind, Pass
from ..dominoes import mask_of
from ..observation import Observation
from ..trumps import Trump
from . import strong_classic
from .bid_features import LEVELS, Earlier, features
from .bid_model import BLEND, WEIGHTS
from .strong_classic import Outlook, at_the_bid

#: How often a contract is made at the table (the strong player's own, when its model was
#: corrected: 303 of 500), and how likely each seat still to call is to bid (the last to bid
#: declares): what a pass leaves to the others.
CONTRACTS_MADE = 0.6
OTHERS_BID = 0.45


@dataclass(frozen=True, slots=True)
class Chances:
    """One trump's chance of taking at least each level of :data:`LEVELS`."""

    trump: Trump
    by_level: tuple[float, ...]

    def of(self, bid: Bid) -> float:
        """The chance of making ``bid`` declaring this trump (R-CONTRACT-*)."""
        level = 42 if bid.is_marks else bid.points
        return self.by_level[LEVELS.index(level)]


@dataclass(frozen=True, slots=True)
class Model:
    """Per level, the weights of the solved log-odds (in the order of
    :data:`bid_features.NAMES`), and the blend that reads the chance at the table from them,
    the share of playouts that took the level, and the hand's strength."""

    weights: dict[int, tuple[float, ...]]
    blend: tuple[float, float, float, float]
    """Log-odds at the table: bias, per share of playouts, per solved log-odds, per strength."""

    def solved_log_odds(self, x: Sequence[float], level: int) -> float:
        return sum(w * v for w, v in zip(self.weights[level], x, strict=True))

    def chance(self, inputs: Sequence[float]) -> float:
        """The chance at the table for :func:`blend_inputs`."""
        z = sum(w * v for w, v in zip(self.blend, inputs, strict=True))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


SHIPPED = Model(WEIGHTS, BLEND)
"""The model :mod:`engine.players.bid_model` holds."""


def blend_inputs(model: Model, x: Sequence[float], level: int,
                 outlook: Outlook) -> tuple[float, float, float, float]:
    """What the blend weighs for one trump and level: 1, the share of playouts that took the
    level, the solved log-odds, and the strength."""
    return (1.0, outlook.share(level), model.solved_log_odds(x, level), outlook.strength)


def chances(observation: Observation, model: Model = SHIPPED) -> list[Chances]:
    """Per trump the hand is strongest in, its chances, from the observation of the seat in the
    auction: the solved log-odds of its tiles and the calls before, blended with playouts of
    deals consistent with the auction (:func:`strong_classic.prospects`: drawn the same at the
    bid and when naming trump after it)."""
    hand = mask_of(observation.hand)
    earlier = earlier_calls(observation)
    found = []
    for outlook in strong_classic.prospects(observation):
        x = features(hand, int(outlook.trump), earlier)
        levels = []
        lowest = 1.0
        for level in LEVELS:  # a higher level is never likelier
            lowest = min(lowest, model.chance(blend_inputs(model, x, level, outlook)))
            levels.append(lowest)
        found.append(Chances(outlook.trump, tuple(levels)))
    return found


def earlier_calls(observation: Observation) -> tuple[Earlier, ...]:
    """The calls of the auction so far, as :func:`features` reads them."""
    seat = observation.seat
    assert seat is not None
    partner = observation.variant.seating.partner(seat)
    return tuple(Earlier(call.seat == partner, _level(call.action))
                 for call in observation.auction)


def _level(action: Action) -> int:
    if not isinstance(action, Bid):
        return 0
    return action.points or 42 * action.marks


@dataclass(frozen=True, slots=True)
class Weighed:
    """A call, what it is worth (the chance of winning the game it leaves) and, for a bid, the
    trump it is worth that under and its chance of being made."""

    action: Action
    worth: float
    trump: Trump | None = None
    chance: float | None = None


def weigh_calls(observation: Observation, model: Model = SHIPPED) -> list[Weighed]:
    """The plain legal calls, each with its worth, the best first (ties: the order of legal
    calls)."""
    found = chances(observation, model)
    game = _Game.of(observation)
    weighed = []
    lowest_points = True
    for action in observation.legal:
        if isinstance(action, Pass):
            weighed.append(Weighed(action, _pass_worth(observation, game)))
        elif isinstance(action, Bid) and action.kind is BidKind.PLAIN:
            if not action.is_marks:
                if not lowest_points:
                    continue  # a higher points bid is worth less: the same marks, less likely
                lowest_points = False
            best = max(found, key=lambda c: c.of(action))
            p = best.of(action)
            marks = max(1, action.marks)
            weighed.append(Weighed(action, p * game.after(marks, 0)
                                   + (1 - p) * game.after(0, marks), best.trump, p))
    return sorted(weighed, key=lambda w: -w.worth)


def _pass_worth(observation: Observation, game: _Game) -> float:
    """A pass: the high bid's holder plays it; with no bid yet, whoever bids after does, or
    the hand is thrown in."""
    seat = observation.seat
    assert seat is not None
    seating = observation.variant.seating
    high = observation.high_bid
    if high is not None:
        marks = max(1, high.bid.marks)
        ours = seating.side_of[high.declarer] == seating.side_of[seat]
        return game.contract(ours, marks)
    after = seating.count - 1 - len(observation.auction)
    worth = 0.0
    left = 1.0
    for step in range(after, 0, -1):  # the last to call first: the last bid declares
        seat_after = (seat + step) % seating.count
        ours = seating.side_of[seat_after] == seating.side_of[seat]
        worth += left * OTHERS_BID * game.contract(ours, 1)
        left *= 1 - OTHERS_BID
    return worth + left * game.after(0, 0)


@dataclass(frozen=True, slots=True)
class _Game:
    """The marks each side has and the target (R-GAME); a points game counts marks evenly."""

    ours: int
    theirs: int
    target: int | None

    @classmethod
    def of(cls, observation: Observation) -> _Game:
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

    def contract(self, ours: bool, marks: int) -> float:
        """A contract of ``marks`` played by this side (``ours``) or the other, made as often as
        contracts usually are."""
        made, set_ = (marks, 0), (0, marks)
        if not ours:
            made, set_ = set_, made
        return CONTRACTS_MADE * self.after(*made) + (1 - CONTRACTS_MADE) * self.after(*set_)


@cache
def win_chance(need: int, they_need: int) -> float:
    """The chance of reaching the target first needing ``need`` marks against ``they_need``,
    when each hand gives a mark to either side alike."""
    if need <= 0:
        return 1.0
    if they_need <= 0:
        return 0.0
    return (win_chance(need - 1, they_need) + win_chance(need, they_need - 1)) / 2


def best_trump(observation: Observation, bid: Bid, model: Model = SHIPPED) -> Chances:
    """The trump ``bid`` is likeliest to be made under, as the hand stood at the bid."""
    return max(chances(at_the_bid(observation), model), key=lambda c: c.of(bid))
