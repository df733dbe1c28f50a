"""What a bid promises and what it is worth, in its own game's numbers, for whoever puts it in
words: the points (or tricks) it must take out of what a hand deals, or every trick; whether the
declarer plays with a side or alone; who names trump; and, in a game kept in points, what a
contract of every trick adds to a score. Nothing here is a rule of its own: each number is the
variant's (V-GEN-POINTS, V-GEN-SEATS) or the scoring's (H-POINTS, V-MOON-SCORE, V-BIG-SCORE,
V-140-SCORE), and a bid's place on the ladder is the auction's (:func:`bid_rank`).

>>> from engine.actions import BidKind
>>> from engine.goal import goal_of
>>> from engine.options import DEFAULT_OPTIONS
>>> from engine.variants import BIG_GAME, MOON
>>> terms = terms_of(BIG_GAME, goal_of(BIG_GAME, DEFAULT_OPTIONS), Bid(points=43))
>>> terms.least, terms.out_of, terms.in_tricks, terms.alone
(43, 66, False, False)
>>> terms = terms_of(MOON, goal_of(MOON, DEFAULT_OPTIONS), Bid(points=5))
>>> terms.least, terms.out_of, terms.in_tricks, terms.alone
(5, 7, True, True)
>>> terms_of(MOON, goal_of(MOON, DEFAULT_OPTIONS), Bid(kind=BidKind.OVER_MOON)).worth
42
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Bid
from .goal import Goal
from .hand.auction import rank
from .hand.scoring import contract_value
from .records import PARTNER_NAMES
from .variants import Variant


@dataclass(frozen=True, slots=True)
class Terms:
    """One bid's promise, in its game's numbers."""

    least: int
    """A points bid: the least the declarer's side must take, in points or, where a hand's
    points are its tricks, in tricks (:attr:`in_tricks`); 0 for a bid of every trick."""
    out_of: int
    """What a hand deals: its points (V-GEN-POINTS), or its tricks (:attr:`in_tricks`)."""
    in_tricks: bool
    """Tiles count nothing and each trick is one point, so the numbers are tricks
    (V-MOON-POINTS)."""
    tricks: int
    """The tricks of a hand: all of them, for a bid of every trick (R-CONTRACT-MARKS)."""
    every_trick: bool
    """A marks bid or a moon: every trick (R-CONTRACT-MARKS, V-MOON-AUCTION)."""
    alone: bool
    """Each for oneself: the declarer plays alone against everybody else (V-GEN-SEATS)."""
    partner_leads: bool
    """The declarer's partner names trump and leads (H-SPLASH, H-PLUNGE, V-GEEZER-WATER)."""
    worth: int | None
    """In a game kept in points, what a bid of every trick scores made (and costs set): the
    hand's total per mark (H-POINTS, V-BIG-SCORE, V-140-SCORE), a moon 21 and over the moon 42
    (V-MOON-SCORE); ``None`` otherwise, where the marks say it or the points taken do."""


def terms_of(variant: Variant, goal: Goal, bid: Bid) -> Terms:
    """What ``bid`` promises in a game of ``variant`` played to ``goal``
    (:func:`engine.goal_of`)."""
    every = bid.is_marks or bid.kind.is_moon
    in_tricks = not variant.counters and variant.trick_value == 1
    return Terms(
        least=0 if every else bid.points,
        out_of=variant.hand_size if in_tricks else variant.total_points,
        in_tricks=in_tricks, tricks=variant.hand_size, every_trick=every,
        alone=not variant.seating.has_teams, partner_leads=bid.kind in PARTNER_NAMES,
        worth=contract_value(variant, bid) if every and goal.in_points else None)


def bid_rank(variant: Variant, bid: Bid) -> float:
    """``bid``'s place on ``variant``'s ladder, lowest first: a bid must rank above the one
    standing (R-BID-MARKS; Geezer's 1 mark between 45 and 46, V-GEEZER-AUCTION; a moon above
    every number, V-MOON-AUCTION)."""
    return rank(variant, bid)

