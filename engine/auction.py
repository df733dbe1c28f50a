"""What may be bid and named: the auction (R-AUCTION, R-BID-POINTS, R-BID-MARKS) and the trump
choice (R-TRUMP-CHOICE, R-PILES), with the house rules that add to them (H-FORCED-BID, H-SPLASH,
H-PLUNGE, H-NELLO, H-SEVENS). The answers are cached: they depend on a few small facts only.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from .actions import Action, Bid, BidKind, NameTrump, Pass
from .errors import IllegalBid, RuleError
from .options import Options
from .trumps import STANDARD_TRUMPS, Trump

if TYPE_CHECKING:
    from .hand import HandState

MIN_POINTS_BID = 30
MAX_POINTS_BID = 41
SPLASH_DOUBLES = 3
PLUNGE_DOUBLES = 4
PLUNGE_MARKS = 4


def _doubles_held(state: HandState) -> int:
    assert state.to_act is not None
    return sum(1 for tile in state.hand_of(state.to_act) if tile.is_double)


def _must_bid(state: HandState) -> bool:
    """H-FORCED-BID: the dealer may not pass after three passes."""
    return state.options.forced_bid and len(state.calls) == 3 and state.bid is None


def auction_actions(state: HandState) -> tuple[Action, ...]:
    """The legal calls of the seat to act, pass first, then points bids, then marks bids."""
    setup = state.setup
    options = setup.options
    high = setup.bid.bid if setup.bid is not None else None
    if not (options.splash or options.plunge or options.forced_bid):
        key = (high.points, high.marks) if high is not None else (0, 0)
        found = _PLAIN_AUCTION.get(key)
        if found is None:
            found = _PLAIN_AUCTION[key] = _auction_actions(high, False, 0, options)
        return found
    doubles = _doubles_held(state) if options.splash or options.plunge else 0
    return _auction_actions(high, _must_bid(state), doubles, options)


_PLAIN_AUCTION: dict[tuple[int, int], tuple[Action, ...]] = {}


@lru_cache(maxsize=4096)
def _auction_actions(high: Bid | None, must_bid: bool, doubles: int,
                     options: Options) -> tuple[Action, ...]:
    actions: list[Action] = [] if must_bid else [Pass()]
    high_points = high.points if high is not None else 0
    high_marks = high.marks if high is not None else 0
    if not high_marks:
        lowest = max(MIN_POINTS_BID, high_points + 1)
        actions.extend(Bid(points=p) for p in range(lowest, MAX_POINTS_BID + 1))
        actions.extend((Bid(marks=1), Bid(marks=2)))
    else:
        actions.append(Bid(marks=high_marks + 1))
    if options.splash and doubles >= SPLASH_DOUBLES:
        actions.append(Bid(marks=max(options.splash_marks, high_marks + 1), kind=BidKind.SPLASH))
    if options.plunge and doubles >= PLUNGE_DOUBLES:
        actions.append(Bid(marks=max(PLUNGE_MARKS, high_marks + 1), kind=BidKind.PLUNGE))
    return tuple(actions)


def bid_refusal(state: HandState, action: Action) -> RuleError:
    """The reason a call outside :func:`auction_actions` is refused, said to its author."""
    if isinstance(action, Pass):
        return IllegalBid("After three passes the dealer must bid.")
    assert isinstance(action, Bid)
    high = state.bid.bid if state.bid is not None else None
    high_marks = high.marks if high is not None else 0
    if action.kind is not BidKind.PLAIN:
        name = action.kind.value.capitalize()
        enabled = state.options.splash if action.kind is BidKind.SPLASH else state.options.plunge
        if not enabled:
            return IllegalBid(f"{name} is not played at this table.", kind=action.kind.value)
        need = SPLASH_DOUBLES if action.kind is BidKind.SPLASH else PLUNGE_DOUBLES
        if _doubles_held(state) < need:
            return IllegalBid(f"{name} needs at least {need} doubles in your hand.",
                              kind=action.kind.value, doubles=need)
        return IllegalBid(f"A {name} bid here is worth a different number of marks.",
                          kind=action.kind.value)
    if action.marks:
        if high_marks:
            return IllegalBid(f"The next marks bid must be exactly {high_marks + 1} marks.",
                              marks=high_marks + 1)
        return IllegalBid("The first marks bid is 1 or 2 marks.")
    if high_marks:
        return IllegalBid("A marks bid stands: only a higher marks bid or a pass.")
    if not MIN_POINTS_BID <= action.points <= MAX_POINTS_BID:
        return IllegalBid("A points bid is 30 to 41.")
    return IllegalBid(f"Bid more than {high.points if high else 0}.",
                      points=high.points if high else 0)


def trump_actions(state: HandState) -> tuple[Action, ...]:
    """The declarer's (or, after Splash or Plunge, the partner's) choices of trump and piles."""
    contract = state.setup.contract
    assert contract is not None
    options = state.setup.options
    if not (options.nello or options.sevens):
        return _trump_actions(contract.bid.marks > 0, ())
    extra: list[Trump] = []
    if contract.is_marks and contract.bid.kind is BidKind.PLAIN:
        if options.nello and (not options.nello_dealer_only or _dealer_only_nello(state)):
            extra.append(Trump.NELLO)
        if options.sevens:
            extra.append(Trump.SEVENS)
    return _trump_actions(contract.is_marks, tuple(extra))


@lru_cache(maxsize=16)
def _trump_actions(is_marks: bool, extra: tuple[Trump, ...]) -> tuple[Action, ...]:
    piles: tuple[int | None, ...] = (1, 2) if is_marks else (None,)
    return tuple(NameTrump(trump, pile) for trump in (*STANDARD_TRUMPS, *extra) for pile in piles)


def _dealer_only_nello(state: HandState) -> bool:
    """H-NELLO's variant: the dealer, after three passes, on a 1-mark contract."""
    contract = state.contract
    assert contract is not None
    return (contract.declarer == state.deal.dealer and contract.bid.marks == 1
            and all(isinstance(call.action, Pass) for call in state.calls[:3]))
