"""The value types a hand is told in: calls, the contract, completed tricks and the result.

They are named tuples because a hand creates many of them on the hot path of play.
"""

from __future__ import annotations

from typing import NamedTuple

from .actions import Action, Bid, BidKind
from .dominoes import Domino
from .seats import Seat, Seating


class Call(NamedTuple):
    """One action with its author, as the auction record and the review show it (R-REVIEW)."""

    seat: Seat
    action: Action


class Contract(NamedTuple):
    """The winning bid (R-DECLARER, R-CONTRACT-POINTS, R-CONTRACT-MARKS)."""

    declarer: Seat
    bid: Bid

    @property
    def is_marks(self) -> bool:
        return self.bid.marks > 0

    @property
    def marks(self) -> int:
        """What the contract is worth in marks: a points bid is worth 1."""
        return self.bid.marks or 1

    def names_trump(self, seating: Seating) -> Seat:
        """Who names trump and leads: the declarer, or the partner after Splash or Plunge
        (H-SPLASH, H-PLUNGE) or a water bid (V-GEEZER-WATER), all at tables of teams of two."""
        kind = self.bid.kind
        if kind is BidKind.PLAIN:  # the common case, without hashing an enum
            return self.declarer
        return seating.partner(self.declarer) if kind in PARTNER_NAMES else self.declarer

    @property
    def takes_every_trick(self) -> bool:
        """A marks contract promises every trick (R-CONTRACT-MARKS); so do moon bids."""
        return self.bid.marks > 0 or self.bid.kind.is_moon


PARTNER_NAMES = frozenset({BidKind.SPLASH, BidKind.PLUNGE, BidKind.DIP, BidKind.DIVE})
"""The bids after which the declarer's partner names trump and leads."""


class Trick(NamedTuple):
    """A completed trick: its plays in order, its winner and its points (R-POINTS)."""

    leader: Seat
    plays: tuple[tuple[Seat, Domino], ...]
    winner: Seat
    points: int
    low: bool = False
    """Led by the lower end of [3|7] or [2|8] (V-BIG-LEAD-LOW)."""

    @property
    def tiles(self) -> tuple[Domino, ...]:
        return tuple(tile for _, tile in self.plays)


class HandResult(NamedTuple):
    """How a hand ended (R-AWARD, R-ALLPASS), one number per side; ``score`` only in games
    scored in points (H-POINTS, V-MOON-SCORE, V-BIG-SCORE, V-140-SCORE)."""

    redeal: bool
    made: bool
    marks: tuple[int, ...]
    score: tuple[int, ...] | None = None
