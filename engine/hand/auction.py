"""What may be bid and named: the auction (R-AUCTION, R-BID-POINTS, R-BID-MARKS; V-BIG-AUCTION,
V-MOON-AUCTION, V-GEEZER-AUCTION, V-GEEZER-WATER and each variant's ranges) and the trump choice
(R-TRUMP-CHOICE, R-PILES), with the house rules that add to them (H-FORCED-BID, H-SPLASH,
H-PLUNGE, H-NELLO, H-SEVENS). The answers are cached: they depend on a few small facts only.
"""

from __future__ import annotations

from functools import lru_cache

from ..actions import Action, Bid, BidKind, Pass
from ..errors import IllegalBid, RuleError
from ..options import Options
from ..records import Call, Contract
from ..seats import Seat, Seating
from ..trumps import Trump
from ..variants import Variant, trump_calls
from .fields import HandFields

SPLASH_DOUBLES = 3
PLUNGE_DOUBLES = 4
PLUNGE_MARKS = 4
#: V-GEEZER-WATER: doubles needed and the least marks, for dip, dive and plunge.
WATER = {BidKind.DIP: (3, 2), BidKind.DIVE: (4, 3), BidKind.PLUNGE: (5, 4)}


def _doubles_held(state: HandFields) -> int:
    assert state.to_act is not None
    return sum(1 for tile in state.hand_of(state.to_act) if tile.is_double)


def _must_bid(state: HandFields) -> bool:
    """H-FORCED-BID: the dealer may not pass after three passes."""
    return state.options.forced_bid and len(state.calls) == 3 and state.bid is None


def next_caller_round_and_round(seating: Seating, calls: tuple[Call, ...],
                                bid: Contract | None) -> Seat | None:
    """V-BIG-AUCTION: the next seat that has not passed, or None once all but the highest
    bidder have passed (or all have). One round (R-AUCTION) needs no more than a count."""
    passed = {call.seat for call in calls if isinstance(call.action, Pass)}
    if len(passed) >= seating.count - (0 if bid is None else 1):
        return None
    seat = seating.next_of[calls[-1].seat]
    while seat in passed:
        seat = seating.next_of[seat]
    return seat


def auction_actions(state: HandFields) -> tuple[Action, ...]:
    """The legal calls of the seat to act, pass first, then points bids, then marks bids."""
    setup = state.setup
    options = setup.options
    variant = setup.deal.variant
    high = state.bid.bid if state.bid is not None else None
    if variant.house_rules and not (options.splash or options.plunge or options.forced_bid):
        key = (high.points, high.marks) if high is not None else (0, 0)
        found = _PLAIN_AUCTION.get(key)
        if found is None:
            found = _PLAIN_AUCTION[key] = _auction_actions(variant, high, False, 0, options,
                                                           _Ladder(0, 0, False))
        return found
    if not variant.house_rules:  # a variant: no options, a ladder of its own
        ladder = _Ladder.of(state.calls)
        doubles = _doubles_held(state) if variant.water_bids else 0
        bid_key = (high.points, high.marks, high.kind.value) if high is not None else None
        variant_key = (variant.name, bid_key, ladder, doubles)
        found = _VARIANT_AUCTION.get(variant_key)
        if found is None:
            found = _VARIANT_AUCTION[variant_key] = _auction_actions(
                variant, high, False, doubles, options, ladder)
        return found
    doubles = _doubles_held(state) if options.splash or options.plunge else 0
    return _auction_actions(variant, high, _must_bid(state), doubles, options,
                            _Ladder.of(state.calls))


_PLAIN_AUCTION: dict[tuple[int, int], tuple[Action, ...]] = {}
"""42's calls without house rules, by the high bid: they depend on nothing else."""
_VARIANT_AUCTION: dict[tuple[object, ...], tuple[Action, ...]] = {}
"""A variant's calls, by the high bid, the ladder so far and the doubles held (water bids)."""


class _Ladder(tuple[int, int, bool]):
    """The highest points bid and marks bid made so far, and whether a moon was bid."""

    __slots__ = ()

    def __new__(cls, points: int, marks: int, moon: bool) -> _Ladder:
        return tuple.__new__(cls, (points, marks, moon))

    @classmethod
    def of(cls, calls: tuple[Call, ...]) -> _Ladder:
        bids = [call.action for call in calls if isinstance(call.action, Bid)]
        return cls(max((b.points for b in bids), default=0),
                   max((b.marks for b in bids), default=0),
                   any(b.kind is BidKind.MOON for b in bids))


def rank(variant: Variant, bid: Bid) -> float:
    """A bid's place on the variant's ladder: a bid must rank above the standing one. Marks
    beat every points bid (R-BID-MARKS) except Geezer's 1 mark, which ranks between 45 and 46
    (V-GEEZER-AUCTION); a moon beats every number, over the moon beats a moon (V-MOON-AUCTION)."""
    top = variant.points_bids[-1]
    if bid.kind is BidKind.MOON:
        return top + 1
    if bid.kind is BidKind.OVER_MOON:
        return top + 2
    if not bid.marks:
        return bid.points
    if bid.marks == 1 and variant.one_mark_above is not None:
        return variant.one_mark_above + 0.5
    return top + bid.marks


@lru_cache(maxsize=4096)
def _auction_actions(variant: Variant, high: Bid | None, must_bid: bool, doubles: int,
                     options: Options, ladder: _Ladder) -> tuple[Action, ...]:
    standing = rank(variant, high) if high is not None else 0.0
    high_points, high_marks, mooned = ladder
    if high is not None and not variant.one_mark_above:
        high_points, high_marks = high.points, high.marks  # one ladder (R-BID-MARKS)
    candidates: list[Bid] = [Bid(points=p) for p in variant.points_bids if p > high_points]
    if variant.marks_bids:
        candidates.extend([Bid(marks=high_marks + 1)] if high_marks else
                          [Bid(marks=1), Bid(marks=2)])
    if variant.moon_bids:
        candidates.append(Bid(kind=BidKind.OVER_MOON if mooned else BidKind.MOON))
    if options.splash and doubles >= SPLASH_DOUBLES:
        candidates.append(Bid(marks=max(options.splash_marks, high_marks + 1),
                              kind=BidKind.SPLASH))
    if options.plunge and doubles >= PLUNGE_DOUBLES:
        candidates.append(Bid(marks=max(PLUNGE_MARKS, high_marks + 1), kind=BidKind.PLUNGE))
    if variant.water_bids:
        candidates.extend(Bid(marks=max(least, high_marks + 1), kind=kind)
                          for kind, (need, least) in WATER.items() if doubles >= need)
    legal: list[Action] = [] if must_bid else [Pass()]
    legal.extend(bid for bid in candidates if rank(variant, bid) > standing)
    return tuple(legal)


def bid_refusal(state: HandFields, action: Action) -> RuleError:
    """The reason a call outside :func:`auction_actions` is refused, said to its author."""
    if isinstance(action, Pass):
        return IllegalBid("After three passes the dealer must bid.")
    assert isinstance(action, Bid)
    variant = state.variant
    high = state.bid.bid if state.bid is not None else None
    high_marks = high.marks if high is not None else 0
    if action.kind is not BidKind.PLAIN:
        return _special_refusal(state, action)
    if action.marks:
        if not variant.marks_bids:
            return IllegalBid("This game has no marks bids.")
        ladder = _Ladder.of(state.calls)
        if ladder[1]:
            return IllegalBid(f"The next marks bid must be exactly {ladder[1] + 1} marks.",
                              marks=ladder[1] + 1)
        if action.marks in (1, 2):
            return IllegalBid(f"Bid more than {high.title if high else 0}.")
        return IllegalBid("The first marks bid is 1 or 2 marks.")
    if high is not None and high.kind.is_moon:
        return IllegalBid("A moon stands: only over the moon or a pass.")
    if high_marks and not variant.one_mark_above:
        return IllegalBid("A marks bid stands: only a higher marks bid or a pass.")
    bids = variant.points_bids
    if action.points not in bids:
        step = f" in steps of {bids.step}" if bids.step > 1 else ""
        return IllegalBid(f"A points bid is {bids[0]} to {bids[-1]}{step}.")
    highest = _Ladder.of(state.calls)[0]
    return IllegalBid(f"Bid more than {max(highest, high.points if high else 0)}.",
                      points=max(highest, high.points if high else 0))


def _special_refusal(state: HandFields, action: Bid) -> RuleError:
    """Why a Splash, Plunge, moon or water bid is refused."""
    variant = state.variant
    name = action.kind.value.replace("_", " ").capitalize()
    kind = action.kind.value
    if action.kind.is_moon:
        if not variant.moon_bids:
            return IllegalBid(f"{name} is not a bid in this game.", kind=kind)
        if action.kind is BidKind.OVER_MOON:
            return IllegalBid("Over the moon is bid only over a standing moon.", kind=kind)
        return IllegalBid("A moon stands: only over the moon or a pass.", kind=kind)
    water = variant.water_bids and action.kind in WATER
    options = state.options
    enabled = water or (variant.house_rules and (
        options.splash if action.kind is BidKind.SPLASH else
        options.plunge if action.kind is BidKind.PLUNGE else False))
    if not enabled:
        return IllegalBid(f"{name} is not played at this table.", kind=kind)
    need = WATER[action.kind][0] if water else (
        SPLASH_DOUBLES if action.kind is BidKind.SPLASH else PLUNGE_DOUBLES)
    if _doubles_held(state) < need:
        return IllegalBid(f"{name} needs at least {need} doubles in your hand.",
                          kind=kind, doubles=need)
    return IllegalBid(f"A {name} bid here is worth a different number of marks.", kind=kind)


def trump_actions(state: HandFields) -> tuple[Action, ...]:
    """The declarer's (or, after Splash, Plunge or water, the partner's) choices of trump and
    piles."""
    contract = state.setup.contract
    assert contract is not None
    options = state.setup.options
    variant = state.setup.deal.variant
    if not (options.nello or options.sevens):
        return variant.trump_calls[contract.bid.marks > 0]
    extra: list[Trump] = []
    if contract.is_marks and contract.bid.kind is BidKind.PLAIN:
        if options.nello and (not options.nello_dealer_only or _dealer_only_nello(state)):
            extra.append(Trump.NELLO)
        if options.sevens:
            extra.append(Trump.CLOSEST_TO_SEVEN)
    return trump_calls(variant.trumps, contract.is_marks, tuple(extra))


def _dealer_only_nello(state: HandFields) -> bool:
    """H-NELLO's variant: the dealer, after three passes, on a 1-mark contract."""
    contract = state.contract
    assert contract is not None
    return (contract.declarer == state.deal.dealer and contract.bid.marks == 1
            and all(isinstance(call.action, Pass) for call in state.calls[:3]))
