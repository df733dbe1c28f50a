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

**The call.** Each legal call is worth the chance of winning the game it leaves
(:mod:`.stakes`): early in a game the call worth most marks on average, near its end the one
the score asks for. The lowest points bid is the one worth most of the points bids; a marks bid
is weighed with its marks. The trump named after is the one the bid was worth most under
(:func:`best_trump`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..actions import Action, Bid, BidKind, Pass
from ..dominoes import mask_of
from ..observation import Observation
from ..trumps import Trump
from . import strong_classic
from .bid_features import LEVELS, Earlier, features
from .bid_model import BLEND, WEIGHTS
from .stakes import Stakes, pass_worth
from .strong_classic import Outlook, at_the_bid


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
    stakes = Stakes.of(observation)
    weighed = []
    lowest_points = True
    for action in observation.legal:
        if isinstance(action, Pass):
            weighed.append(Weighed(action, pass_worth(observation, stakes)))
        elif isinstance(action, Bid) and action.kind is BidKind.PLAIN:
            if not action.is_marks:
                if not lowest_points:
                    continue  # a higher points bid is worth less: the same marks, less likely
                lowest_points = False
            best = max(found, key=lambda c: c.of(action))
            p = best.of(action)
            marks = max(1, action.marks)
            weighed.append(Weighed(action, stakes.bid(p, marks), best.trump, p))
    return sorted(weighed, key=lambda w: -w.worth)


def best_trump(observation: Observation, bid: Bid, model: Model = SHIPPED) -> Chances:
    """The trump ``bid`` is likeliest to be made under, as the hand stood at the bid."""
    return max(chances(at_the_bid(observation), model), key=lambda c: c.of(bid))
