"""A casual player's rules of thumb: the yardstick the strong player is measured against.

It bids on the trumps and doubles it holds, names its longest suit, leads doubles and high
trumps, follows cheaply, and gives count to a partner who is winning the trick. It looks only at
its own tiles and the table, never further ahead than the trick in progress.
"""

from __future__ import annotations

import random

from ..actions import Action, Bid, BidKind, NameTrump, Pass, Play
from ..dominoes import COUNT, TILES, Domino
from ..hand import Phase
from ..observation import Observation
from ..trumps import FOLLOW, LED, POWER, SPECIAL_SUIT, Trump
from .house import house_call, house_play, house_trump
from .knowledge import PlayFacts, play_facts, trick_winner

MIN_BID = 30


def decide(observation: Observation, rng: random.Random) -> Action:
    """The rule-based choice; ``rng`` only breaks ties between tiles of equal merit."""
    legal = observation.legal
    if not legal:
        raise ValueError("it is not this seat's turn: there is nothing to decide")
    if observation.phase is Phase.AUCTION:
        return _bid(observation)
    if observation.phase is Phase.TRUMP:
        return house_trump(observation) or _name_trump(observation)
    ducked = house_play(observation)
    if ducked is not None:
        return ducked
    ranked = rank_plays(observation)
    if ranked:
        return Play(ranked[0])
    return legal[rng.randrange(len(legal))]


# ----- the auction and trump -------------------------------------------------------------------

def suit_strength(hand: tuple[Domino, ...], trump: int) -> float:
    """Trumps held (the double counts one more) plus off-trump doubles, as a casual player
    counts them; doubles as trump count the doubles."""
    if trump == Trump.DOUBLES:
        doubles = [t for t in hand if t.is_double]
        return len(doubles) + (1 if TILES[27] in doubles else 0)
    trumps = [t for t in hand if t.has(trump)]
    strength = float(len(trumps))
    if any(t.is_double for t in trumps):
        strength += 1
    strength += sum(1 for t in hand if t.is_double and not t.has(trump)) * 0.5
    return strength


def best_trump(hand: tuple[Domino, ...]) -> tuple[Trump, float]:
    """The trump this hand is strongest in (ties: the higher suit)."""
    choices = [Trump(s) for s in range(7)] + [Trump.DOUBLES]
    strengths = [(suit_strength(hand, t), int(t), t) for t in choices]
    strength, _, trump = max(strengths)
    return trump, strength


def _bid(observation: Observation) -> Action:
    return legal_call(_wanted_call(observation), observation.legal)


def legal_call(wanted: Action, legal: tuple[Action, ...]) -> Action:
    """``wanted``, or, when the dealer may not pass (H-FORCED-BID), the lowest legal bid."""
    if wanted in legal:
        return wanted
    bids = [a for a in legal if isinstance(a, Bid) and a.kind is BidKind.PLAIN]
    return bids[0] if bids else legal[0]


def _wanted_call(observation: Observation) -> Action:
    _, strength = best_trump(observation.hand)
    special = house_call(observation, strength)
    if special is not None:
        return special
    high = observation.high_bid
    seat = observation.seat
    if high is not None and seat is not None and high.team == seat.team:
        return Pass()  # do not bid over a partner
    if strength < 5:
        return Pass()
    value = MIN_BID + int((strength - 5) * 2)
    if strength >= 8.5:
        wanted: Bid = Bid(marks=2)
    else:
        wanted = Bid(points=min(value, 36))
    for action in observation.legal:
        if isinstance(action, Bid) and not action.is_marks and not wanted.is_marks:
            if action.points <= wanted.points:
                return action  # the lowest legal bid this hand supports
            return Pass()
        if isinstance(action, Bid) and action.is_marks and wanted.is_marks:
            return action
    return Pass()


def _name_trump(observation: Observation) -> Action:
    trump, _ = best_trump(observation.hand)
    for action in observation.legal:
        if isinstance(action, NameTrump) and action.trump is trump and action.piles != 1:
            return action
    return observation.legal[0]


# ----- play -----------------------------------------------------------------------------------

def rank_plays(observation: Observation) -> list[Domino]:
    """The legal tiles, best first by these rules of thumb; empty outside play or under a
    house-rule trump."""
    facts = play_facts(observation)
    if facts is None:
        return []
    tiles = [a.tile for a in observation.legal if isinstance(a, Play)]
    if not facts.trick:
        return sorted(tiles, key=lambda t: _lead_merit(facts, t), reverse=True)
    return sorted(tiles, key=lambda t: _follow_merit(facts, t), reverse=True)


def _lead_merit(facts: PlayFacts, tile: Domino) -> tuple[int, int]:
    """Declarers lead high trumps while trumps are out; anyone leads a trump nobody else can
    hold, and doubles; otherwise a low tile without count. Defenders keep their trumps."""
    model = facts.model
    suit = LED[model][tile]
    strength = POWER[model][suit][tile]
    if suit == SPECIAL_SUIT:  # a trump
        out = FOLLOW[model][suit] & facts.unseen
        if not out:
            return (2, strength)
        return (3, strength) if facts.ours else (-1, -strength)
    if tile.is_double:
        return (2, strength)
    return (0, -COUNT[tile] * 10 - strength)


def _follow_merit(facts: PlayFacts, tile: Domino) -> tuple[int, int]:
    """Give count to a winning partner; otherwise win as cheaply as can be, or lose cheaply."""
    model = facts.model
    winner, best = trick_winner(model, facts.trick)
    strength = POWER[model][LED[model][facts.trick[0][1]]][tile]
    partner_wins = winner & 1 == facts.seat & 1
    if partner_wins:
        return (1, COUNT[tile] * 100 - strength) if strength <= best else (0, -strength)
    if strength > best:
        return (2, COUNT[tile] * 100 - strength)
    return (0, -COUNT[tile] * 100 - strength)
