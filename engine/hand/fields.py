"""What a hand holds at one moment, and how it is read: the fields of the state machine
(:class:`~engine.hand.machine.HandState` adds the rules path), and what changes at most once a
hand (:class:`Setup`). The auction, the leftover step and the scoring read these, so they need
nothing of the machine that calls them."""

from __future__ import annotations

from typing import NamedTuple, Self

from ..deal import Deal
from ..dominoes import Domino
from ..options import Options
from ..records import Call, Contract, HandResult, Trick
from ..seats import Seat, Team
from ..trumps import Trump
from ..variants import Variant
from .phase import Phase


class EarlyEnd(NamedTuple):
    """What R-EARLY-END compares after each trick, worked out once when trump is named."""

    side: Team
    """The declaring side."""
    need: int
    """The points bid; 0 on a marks contract, which needs every trick (R-CONTRACT-MARKS)."""
    spare: int
    """The points the defenders may take before a points contract is set."""
    tricks: int
    side_of: tuple[Team, ...]


class Setup(NamedTuple):
    """What changes at most once a hand: the deal, the options, the leftover step, contract and
    trump (the calls of the auction are the state's own, so a call copies no setup).

    ``contract`` is set once the auction is over. ``hands``
    and ``masks`` are each seat's tiles, the deal's until a declarer takes the leftover;
    ``discards`` each seat's face-down discards. ``led``, ``follow`` and ``power`` are the
    rows of the trick tables for the trump named; ``trick_size`` is the plays to a trick and
    ``next_of`` the seat after each (the variant's, read here on the hot path).
    """

    deal: Deal
    options: Options
    contract: Contract | None = None
    trump: Trump | None = None
    piles: int | None = None
    model: int = Trump.NONE
    sitting_out: Seat | None = None
    hands: tuple[tuple[Domino, ...], ...] = ()
    masks: tuple[int, ...] = ()
    discards: tuple[tuple[Domino, ...], ...] = ()
    took_leftover: bool | None = None
    led: tuple[int, ...] = ()
    follow: tuple[int, ...] = ()
    power: tuple[tuple[int, ...], ...] = ()
    trick_size: int = 4
    next_of: tuple[Seat, ...] = ()
    callers: int = 4
    """Calls in a one-round auction (R-AUCTION); 0 when it goes round and round."""
    facts: tuple[tuple[int, ...], int, tuple[Team, ...]] = ((), 0, ())
    """The variant's counters by tile, trick value and side of each seat."""
    early: EarlyEnd | None = None
    """Once trump is named, the contract's numbers for R-EARLY-END, if it ends early."""

    @property
    def variant(self) -> Variant:
        return self.deal.variant


class HandFields(NamedTuple):
    """The state of a hand, field by field, with the ways to read it."""

    setup: Setup
    phase: Phase
    to_act: Seat | None
    leader: Seat
    trick: tuple[tuple[Seat, Domino], ...]
    tricks: tuple[Trick, ...]
    points: tuple[int, ...]
    held: int
    result: HandResult | None
    suit: int
    """The suit the trick in progress was led in (R-LED-SUIT, V-BIG-LEAD-LOW)."""
    calls: tuple[Call, ...]
    """The auction so far, in order."""
    bid: Contract | None
    """The highest bid so far, during the auction and after it."""

    @property
    def deal(self) -> Deal:
        return self.setup.deal

    @property
    def variant(self) -> Variant:
        return self.setup.deal.variant

    @property
    def options(self) -> Options:
        return self.setup.options

    @property
    def contract(self) -> Contract | None:
        return self.setup.contract

    @property
    def trump(self) -> Trump | None:
        return self.setup.trump

    @property
    def piles(self) -> int | None:
        return self.setup.piles

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def hand_of(self, seat: Seat) -> tuple[Domino, ...]:
        """The tiles ``seat`` still holds, in dealt order (R-ORDER), a leftover taken last."""
        held = self.held
        return tuple([t for t in self.setup.hands[seat] if held >> t & 1])

    def discards_of(self, seat: Seat) -> tuple[Domino, ...]:
        """The tiles ``seat`` laid face down (V-GEN-DISCARD)."""
        return self.setup.discards[seat]

    def _with(self, setup: Setup, phase: Phase, to_act: Seat | None,
              result: HandResult | None = None) -> Self:
        """The same hand with another setup, phase and seat to act (and result)."""
        return tuple.__new__(type(self), (setup, phase, to_act, self.leader, self.trick,
                                          self.tricks, self.points, self.held, result,
                                          self.suit, self.calls, self.bid))
