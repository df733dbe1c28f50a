"""The strong computer player: sampled deals solved exactly, played as a partner expects.

It is :mod:`engine.players.strong_classic` (kept under its own name so the two can be measured
against each other) searching **twice as many deals** for a play, with **a partner's tie-breaks**
(:mod:`engine.players.courtesy`): among the tiles right in about as many solved deals as the
best, the one a human partner expects (count to a partner's certain trick, the cheapest winner
last to play, a trump back to a partner who declared). It bids 42 on the classic player's
chances, but from the chance each turn of the auction was measured to need at the table
(:data:`BID_FROM`), and bids two marks when the score makes them worth more
(:func:`call_to_the_score`). Every other decision is the classic player's.

:func:`calibrated` is the same player with **the calibrated bidder** of 42
(:mod:`engine.players.bidding`): each bid's chance under each trump from a model fitted to
solved hands of real auctions, blended with the classic player's playouts and fitted to this
player's own contracts at the table; the call that leaves the best chance of winning the game
(the expected marks early on, the score near the end), and the trump the bid was worth most
under. It is measured against the classic player with ``python -m engine.arena --duplicate``
and becomes the strong player's bidder once it beats it; so far it does not (docs/PLAYERS.md).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ..actions import Action, Bid, BidKind, NameTrump, Pass
from ..dominoes import mask_of
from ..hand import Phase
from ..observation import Observation
from ..trumps import Trump
from ..variants import FORTY_TWO
from . import rules, strong_classic
from .bid_features import SCREEN, trumps_by_strength
from .bidding import SHIPPED, Chances, Model, best_trump, weigh_calls
from .courtesy import expectation
from .house import house_trump
from .nello import decide_nello
from .stakes import Stakes, pass_worth
from .strong_classic import PlayChoice, Turn, turn_of


def decide(observation: Observation, rng: random.Random, *, quick: bool = False) -> Action:
    """The strong player's action for the seat of ``observation``: the classic player's auction
    and trump, and its play with a partner's tie-breaks; with ``quick``, one found in a
    fraction of the time (:func:`strong_classic.decide_quickly`)."""
    return _decide(observation, rng, quick, calibrated_bids=False)


def calibrated(observation: Observation, rng: random.Random, *, quick: bool = False) -> Action:
    """:func:`decide` with the calibrated bidder (:func:`calibrated_call`) in 42's auction, and
    the trump named on its model: not yet the strong player's (see docs/PLAYERS.md)."""
    return _decide(observation, rng, quick, calibrated_bids=True)


def _decide(observation: Observation, rng: random.Random, quick: bool,
            calibrated_bids: bool) -> Action:
    if not observation.legal:
        raise ValueError("it is not this seat's turn: there is nothing to decide")
    if len(observation.legal) == 1:
        return observation.legal[0]
    if quick:
        return strong_classic.decide_quickly(observation, rng)
    if observation.variant is not FORTY_TWO or observation.goal.in_points:
        return strong_classic.decide(observation, rng)
    if observation.phase is Phase.AUCTION:
        return (calibrated_call(observation) if calibrated_bids
                else auction_call(observation)).action
    if observation.phase is Phase.TRUMP and calibrated_bids:
        return name_trump(observation, rng)
    if observation.phase is Phase.PLAY:
        return decide_nello(observation, rng) or play(observation, rng).action
    return strong_classic.decide(observation, rng)


# ----- the auction ----------------------------------------------------------------------------

#: The chance a points bid needs at each turn, measured at the table: where bidding and passing
#: were worth the same marks over the hands of ``python -m engine.tools.bidding passes --deals
#: 8000 --seed E1`` (docs/PLAYERS.md).
BID_FROM: Mapping[Turn, float] = MappingProxyType({
    Turn.FIRST: 0.47, Turn.SECOND: 0.59, Turn.THIRD: 0.51, Turn.LAST: 0.57, Turn.OVER: 0.50})


#: The chance of taking every trick on a bid of two marks at the table: logistic in (1, the
#: share of the playouts of the trump the hand sweeps best in that took every trick, the hand's
#: strength in it), fitted on opening bids of two marks played out by this player (``python -m
#: engine.tools.bidding sweeps --deals 12000 --seed M1``). The share alone is too hopeful: at
#: 0.5, about a third are made.
SWEEP_MODEL = (-2.1896, 2.99, 0.0364)


def sweep_chance(outlook: strong_classic.Outlook) -> float:
    """The chance of taking every trick (R-CONTRACT-MARKS) declaring ``outlook``'s trump."""
    return sweep_chance_of(outlook.share(42), outlook.strength)


def sweep_chance_of(share: float, strength: float) -> float:
    """:func:`sweep_chance` for the share of playouts that took every trick and the strength."""
    bias, per_share, per_strength = SWEEP_MODEL
    return 1.0 / (1.0 + math.exp(-(bias + per_share * share + per_strength * strength)))


def auction_call(observation: Observation) -> strong_classic.Call:
    """The call for 42's auction (:func:`strong_classic.auction_call`): in a game for marks,
    :func:`call_to_the_score`; the 250-point game (H-POINTS), whose stakes are points, keeps the
    classic call."""
    if observation.goal.in_points:
        return strong_classic.auction_call(observation)
    return strong_classic.auction_call(observation, call_to_the_score)


def call_to_the_score(observation: Observation) -> strong_classic.Call:
    """The lowest points bid when its chance is above what the seat's turn asks
    (:data:`BID_FROM`), else a pass; but two marks when they are worth more at the score
    (:mod:`.stakes`): one mark staked either way is worth the same at every score, two are not.
    Near the end, when the others need one mark and this side more, two marks are worth bidding
    at half the chance of one."""
    found = strong_classic.weigh(observation)
    if isinstance(found, strong_classic.Call):
        return found
    chosen = found.call(BID_FROM[turn_of(observation)])
    two = Bid(marks=2)
    if two not in observation.legal:
        return chosen
    stakes = Stakes.of(observation)
    bids = isinstance(chosen.action, Bid) or Pass() not in observation.legal  # a forced bid
    worth = stakes.bid(found.chance, 1) if bids else pass_worth(observation, stakes)
    if stakes.bid(sweep_chance(found.sweeper), 2) > worth:
        return strong_classic.Call(two, found.sweeper)
    return chosen


@dataclass(frozen=True, slots=True)
class Call:
    """A call and, for a plain bid, its chances under the trump it is made on."""

    action: Action
    chances: Chances | None

    @property
    def trump(self) -> Trump | None:
        """The trump the bid is made on."""
        return self.chances.trump if self.chances is not None else None


def calibrated_call(observation: Observation, model: Model = SHIPPED) -> Call:
    """The call for 42's auction: a house-rule bid the hand calls for (Splash, Plunge, Nello),
    else the call worth most (:func:`call`, on ``model``), and a bid when the dealer may not
    pass."""
    special = strong_classic.special_call(observation)
    if special is not None:
        return Call(special, None)
    found = call(observation, model)
    action = rules.legal_call(found.action, observation.legal)
    return found if action == found.action else Call(action, None)


def call(observation: Observation, model: Model = SHIPPED) -> Call:
    """The call worth most (:func:`bidding.weigh_calls`); never over the partner's bid, and a
    pass for a hand too weak to bid under any trump unless the dealer must bid."""
    seat = observation.seat
    assert seat is not None
    high = observation.high_bid
    side_of = observation.variant.seating.side_of
    if high is not None and side_of[high.declarer] == side_of[seat]:
        return Call(Pass(), None)  # the partner holds the bid: never bid against them
    hand = mask_of(observation.hand)
    if Pass() in observation.legal and trumps_by_strength(hand)[0][1] < SCREEN:
        return Call(Pass(), None)
    weighed = weigh_calls(observation, model)
    if not weighed:
        return Call(Pass(), None)
    best = weighed[0]
    if not isinstance(best.action, Bid):
        return Call(best.action, None)
    return Call(best.action, best_trump(observation, best.action, model))


def bid_made(observation: Observation) -> Bid | None:
    """The plain bid this seat made in the auction, if any."""
    return next((c.action for c in observation.auction if c.seat == observation.seat
                 and isinstance(c.action, Bid) and c.action.kind is BidKind.PLAIN), None)


def name_trump(observation: Observation, rng: random.Random,
               model: Model = SHIPPED) -> Action:
    """The trump the bid was made on (the same model, read as the auction stood then); Nello
    when the hand ducks every trick; on a marks contract one pile face up (R-PILES)."""
    contract = observation.contract
    assert contract is not None
    nello = house_trump(observation)
    if nello is not None:
        return nello
    bid = bid_made(observation)
    if bid is None or contract.bid != bid:
        return strong_classic.decide(observation, rng)  # a forced or special contract
    chances = best_trump(observation, bid, model)
    choice = NameTrump(chances.trump, 1 if contract.is_marks else None)
    return choice if choice in observation.legal else strong_classic.decide(observation, rng)


# ----- play -----------------------------------------------------------------------------------

#: Twice the classic player's deals and nodes for a play: worth 54% of 500 duplicate games
#: against this player with the classic budget (docs/PLAYERS.md), and still well inside the
#: latency budget.
PLAY_BUDGET = strong_classic.PLAY_BUDGET.times(2)


def play(observation: Observation, rng: random.Random) -> PlayChoice:
    """The classic player's play on twice its budget (:data:`PLAY_BUDGET`), its ties broken as
    a partner expects."""
    return strong_classic.play(observation, rng, expectation, PLAY_BUDGET)


__all__ = ["BID_FROM", "PLAY_BUDGET", "SWEEP_MODEL", "Call", "auction_call", "bid_made",
           "calibrated", "calibrated_call", "call", "call_to_the_score", "decide", "name_trump",
           "play", "sweep_chance", "sweep_chance_of"]
