"""The value types a hand is told in: calls, the contract, completed tricks and the result.

They are named tuples because a hand creates many of them on the hot path of play.
"""

from __future__ import annotations

from typing import NamedTuple

from .actions import Action, Bid, BidKind
from .dominoes import Domino
from .seats import Seat, Team


class Call(NamedTuple):
    """One action with its author, as the auction record and the review show it (R-REVIEW)."""

    seat: Seat
    action: Action


class Contract(NamedTuple):
    """The winning bid (R-DECLARER, R-CONTRACT-POINTS, R-CONTRACT-MARKS)."""

    declarer: Seat
    bid: Bid

    @property
    def team(self) -> Team:
        return self.declarer.team

    @property
    def is_marks(self) -> bool:
        return self.bid.marks > 0

    @property
    def marks(self) -> int:
        """What the contract is worth in marks: a points bid is worth 1."""
        return self.bid.marks or 1

    @property
    def names_trump(self) -> Seat:
        """Who names trump and leads: the declarer, or the partner after Splash or Plunge."""
        return self.declarer.partner if self.bid.kind is not BidKind.PLAIN else self.declarer


class Trick(NamedTuple):
    """A completed trick: its plays in order, its winner and its points (R-POINTS)."""

    leader: Seat
    plays: tuple[tuple[Seat, Domino], ...]
    winner: Seat
    points: int

    @property
    def tiles(self) -> tuple[Domino, ...]:
        return tuple(tile for _, tile in self.plays)


class HandResult(NamedTuple):
    """How a hand ended (R-AWARD, R-ALLPASS); ``score`` only in the 250-point game (H-POINTS)."""

    redeal: bool
    made: bool
    marks: tuple[int, int]
    score: tuple[int, int] | None = None
