"""Rules of thumb for the house rules (HOUSE-RULES.md), shared by every computer player.

Splash and Plunge are bid on the doubles that the rules ask for (H-SPLASH, H-PLUNGE), and so are
Geezer's water bids (V-GEEZER-WATER); Nello is
bid and declared with a hand of low tiles (H-NELLO), and played by a declarer who ducks every
trick; under Sevens the rules leave few choices, and the first of them is as good as any.
"""

from __future__ import annotations

from ..actions import Action, Bid, BidKind, NameTrump, Play
from ..dominoes import Domino
from ..observation import Observation
from ..trumps import LED, POWER, Trump, trick_model
from .knowledge import trick_winner

SPLASH_STRENGTH = 5.5
PLUNGE_STRENGTH = 6.0
NELLO_HIGHEST_END = 4


def nello_hand(hand: tuple[Domino, ...]) -> bool:
    """A hand that can duck seven tricks: no tile with a five or a six, and no double above
    [2|2] (a double may be high in its suit)."""
    return all(t.high <= NELLO_HIGHEST_END for t in hand) and not any(
        t.is_double and t.high > 2 for t in hand)


def house_call(observation: Observation, strength: float) -> Action | None:
    """A Splash, Plunge or Nello bid when the hand calls for one and the table plays it."""
    seat, high = observation.seat, observation.high_bid
    side_of = observation.variant.seating.side_of
    if seat is None or (high is not None and side_of[high.declarer] == side_of[seat]):
        return None
    special = {a.kind: a for a in observation.legal
               if isinstance(a, Bid) and a.kind is not BidKind.PLAIN and not a.kind.is_moon}
    for kind, enough in ((BidKind.PLUNGE, PLUNGE_STRENGTH), (BidKind.DIVE, PLUNGE_STRENGTH),
                         (BidKind.SPLASH, SPLASH_STRENGTH), (BidKind.DIP, SPLASH_STRENGTH)):
        if kind in special and strength >= enough:
            return special[kind]
    if observation.options.nello and nello_hand(observation.hand):
        marks = [a for a in observation.legal
                 if isinstance(a, Bid) and a.kind is BidKind.PLAIN and a.marks]
        return marks[0] if marks else None
    return None


def house_trump(observation: Observation) -> Action | None:
    """Nello, with one pile face up, when it is offered and the hand can duck every trick."""
    if nello_hand(observation.hand):
        for action in observation.legal:
            if isinstance(action, NameTrump) and action.trump is Trump.NELLO:
                return action
    return None


def house_play(observation: Observation) -> Action | None:
    """The Nello declarer ducks: the highest tile that loses the trick, or the lowest lead."""
    contract = observation.contract
    if (observation.trump is not Trump.NELLO or contract is None
            or contract.declarer != observation.seat):
        return None
    model = trick_model(Trump.NELLO, observation.options)
    tiles = [a.tile for a in observation.legal if isinstance(a, Play)]
    if not observation.trick:
        return Play(min(tiles, key=lambda t: (POWER[model][LED[model][t]][t], t.pips)))
    led = LED[model][observation.trick[0][1]]
    _, best = trick_winner(model, observation.trick)
    losing = [t for t in tiles if POWER[model][led][t] < best]
    pick = max(losing, key=lambda t: (POWER[model][led][t], t.pips)) if losing else min(
        tiles, key=lambda t: POWER[model][led][t])
    return Play(pick)
