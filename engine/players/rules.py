"""A casual player's rules of thumb: the yardstick the strong player is measured against.

It bids on the trumps and doubles it holds, names its longest suit, leads doubles and high
trumps, follows cheaply, and gives count to a partner who is winning the trick. It looks only at
its own tiles and the table, never further ahead than the trick in progress. In every variant
it reads the counters and ranges of the game (VARIANTS.md): it keeps counters when it discards,
takes a leftover that makes its hand stronger, and in a game each for oneself it treats the
other defenders as partners for the hand (V-GEN-SEATS).
"""

from __future__ import annotations

import random

from ..actions import Action, Bid, BidKind, Discard, Leftover, NameTrump, Pass, Play
from ..dominoes import Domino
from ..hand import Phase
from ..observation import Observation
from ..trumps import SPECIAL_SUIT, Trump
from ..variants import Variant
from .house import house_call, house_play, house_trump
from .knowledge import PlayFacts, play_facts, trick_winner

#: The strength at which a hand opens the bidding, and the points per strength above it.
OPENING_STRENGTH = 5
POINTS_PER_STRENGTH = 2
#: The strength that bids every trick: two marks, or a moon.
MARKS_STRENGTH = 8.5


def decide(observation: Observation, rng: random.Random) -> Action:
    """The rule-based choice; ``rng`` only breaks ties between tiles of equal merit."""
    legal = observation.legal
    if not legal:
        raise ValueError("it is not this seat's turn: there is nothing to decide")
    if observation.phase is Phase.AUCTION:
        return _bid(observation)
    if observation.phase is Phase.TRUMP:
        return house_trump(observation) or _name_trump(observation)
    if observation.phase is Phase.LEFTOVER:
        return _leftover(observation)
    if observation.phase is Phase.DISCARD:
        return discard(observation)
    ducked = house_play(observation)
    if ducked is not None:
        return ducked
    ranked = rank_plays(observation)
    if ranked:
        return ranked[0]
    return legal[rng.randrange(len(legal))]


# ----- the auction and trump -------------------------------------------------------------------

def suit_strength(hand: tuple[Domino, ...], trump: int, top: int = 6) -> float:
    """Trumps held (the double counts one more) plus off-trump doubles, as a casual player
    counts them; doubles as trump count the doubles (the highest double one more)."""
    if trump == Trump.DOUBLES:
        doubles = [t for t in hand if t.is_double]
        return len(doubles) + (1 if any(t.high == top for t in doubles) else 0)
    suit = Trump(trump).suit
    trumps = [t for t in hand if suit is not None and t.has(suit)]
    strength = float(len(trumps))
    if any(t.is_double for t in trumps):
        strength += 1
    strength += sum(1 for t in hand if t.is_double and t not in trumps) * 0.5
    return strength


def trump_choices(variant: Variant) -> tuple[Trump, ...]:
    """The trumps bid on: every suit of the set, and doubles (no trump is never chosen)."""
    return tuple(t for t in variant.trumps if t is not Trump.NONE)


def best_trump(hand: tuple[Domino, ...], variant: Variant | None = None) -> tuple[Trump, float]:
    """The trump this hand is strongest in (ties: the higher suit)."""
    choices = trump_choices(variant) if variant is not None else (
        *(Trump(s) for s in range(7)), Trump.DOUBLES)
    top = variant.top if variant is not None else 6
    strengths = [(suit_strength(hand, t, top), int(t), t) for t in choices]
    strength, _, trump = max(strengths)
    return trump, strength


def _scaled(observation: Observation, strength: float) -> float:
    """A strength in 42's terms: trumps held per trump a hand of 42 holds on average."""
    variant = observation.variant
    share = variant.hand_size / (len(variant.suits) + 1)
    return strength * (7 / 8) / share


def _bid(observation: Observation) -> Action:
    return legal_call(_wanted_call(observation), observation.legal)


def legal_call(wanted: Action, legal: tuple[Action, ...]) -> Action:
    """``wanted``, or, when the dealer may not pass (H-FORCED-BID), the lowest legal bid."""
    if wanted in legal:
        return wanted
    bids = [a for a in legal if isinstance(a, Bid) and a.kind is BidKind.PLAIN]
    return bids[0] if bids else legal[0]


def _wanted_call(observation: Observation) -> Action:
    _, raw = best_trump(observation.hand, observation.variant)
    strength = _scaled(observation, raw)
    special = house_call(observation, strength)
    if special is not None:
        return special
    high = observation.high_bid
    seat = observation.seat
    variant = observation.variant
    if high is not None and seat is not None and variant.seating.has_teams and (
            variant.seating.side_of[high.declarer] == variant.seating.side_of[seat]):
        return Pass()  # do not bid over a partner
    if strength < OPENING_STRENGTH:
        return Pass()
    bids = variant.points_bids
    span = bids[-1] - bids[0]  # 42's 30 to 41 is 11 points
    steps = int((strength - OPENING_STRENGTH) * POINTS_PER_STRENGTH * span / 11)
    value = bids[0] + steps // bids.step * bids.step
    if strength >= MARKS_STRENGTH and variant.moon_bids:
        moon = [a for a in observation.legal if isinstance(a, Bid) and a.kind.is_moon]
        if moon:
            return moon[0]  # V-MOON-AUCTION: all seven tricks, or over a moon
    if strength >= MARKS_STRENGTH and variant.marks_bids:
        wanted: Bid = Bid(marks=2)
    else:
        wanted = Bid(points=min(value, bids[0] + span * 6 // 11))  # 36 in 42
    for action in observation.legal:
        if isinstance(action, Bid) and action.kind is BidKind.PLAIN and not action.is_marks and (
                not wanted.is_marks):
            if action.points <= wanted.points:
                return action  # the lowest legal bid this hand supports
            return Pass()
        if isinstance(action, Bid) and action.is_marks and wanted.is_marks:
            return action
    return Pass()


def _name_trump(observation: Observation) -> Action:
    trump, _ = best_trump(observation.hand, observation.variant)
    for action in observation.legal:
        if isinstance(action, NameTrump) and action.trump is trump and action.piles != 1:
            return action
    return observation.legal[0]


# ----- the leftover --------------------------------------------------------------------------

def _leftover(observation: Observation) -> Action:
    """V-BIG-LEFTOVER: take the tile when it makes the hand stronger (a counter must be)."""
    variant = observation.variant
    _, now = best_trump(observation.hand, variant)
    _, then = best_trump((*observation.hand, *observation.leftover), variant)
    take = Leftover(True)
    return take if then > now or Leftover(False) not in observation.legal else Leftover(False)


def discard(observation: Observation) -> Action:
    """Lay down what the hand needs least: never a counter when another tile will do, nor a
    trump (V-MOON-WIDOW, V-BIG-LEFTOVER, V-140-BONEYARD, V-72-WIDOW)."""
    variant = observation.variant
    trump = observation.trump
    if trump is None:
        trump, _ = best_trump(observation.hand, variant)
    suit = trump.suit

    def cost(tile: Domino) -> tuple[int, int, int]:
        trumps = (suit is not None and tile.has(suit)) or (
            trump is Trump.DOUBLES and tile.is_double)
        return (variant.count[tile], int(trumps), tile.pips + (3 if tile.is_double else 0))

    choices = [a for a in observation.legal if isinstance(a, Discard)]
    return min(choices, key=lambda a: [sum(c) for c in zip(*map(cost, a.tiles), strict=True)])


# ----- play -----------------------------------------------------------------------------------

def rank_plays(observation: Observation) -> list[Play]:
    """The legal plays, best first by these rules of thumb; empty outside play or under a
    house-rule trump."""
    facts = play_facts(observation)
    if facts is None:
        return []
    plays = [a for a in observation.legal if isinstance(a, Play)]
    if not facts.trick:
        return sorted(plays, key=lambda p: _lead_merit(facts, p), reverse=True)
    return sorted(plays, key=lambda p: _follow_merit(facts, p.tile), reverse=True)


def worth(facts: PlayFacts, tile: Domino) -> tuple[int, int, int, int, int]:
    """What a tile is worth keeping: its count, then its control (a trump, a double, its pips,
    its higher end). No two tiles of a set are worth the same, so plays of equal merit are
    ordered by what they are, never by where they sit in the hand."""
    model = facts.model
    trump = facts.variant.tables.follow[model][SPECIAL_SUIT] >> tile & 1
    return (facts.variant.count[tile], trump, int(tile.is_double), tile.pips, tile.high)


def _lead_merit(facts: PlayFacts, play: Play) -> tuple[int, int, tuple[int, ...]]:
    """Declarers lead high trumps while trumps are out; anyone leads a trump nobody else can
    hold, and doubles (the one worth most first); otherwise a low tile without count (the one
    worth least). Defenders keep their trumps."""
    model = facts.model
    tables = facts.variant.tables
    tile = play.tile
    suit = tile.low if play.low else tables.led[model][tile]
    strength = tables.power[model][suit][tile]
    kept = worth(facts, tile)
    shed = tuple(-w for w in kept)
    if suit == SPECIAL_SUIT:  # a trump
        out = tables.follow[model][suit] & facts.unseen
        if not out:
            return (2, strength, kept)
        return (3, strength, kept) if facts.ours else (-1, -strength, shed)
    if tile.is_double:
        return (2, strength, kept)
    return (0, -facts.variant.count[tile] * 10 - strength - (1 if play.low else 0), shed)


def _follow_merit(facts: PlayFacts, tile: Domino) -> tuple[int, int, tuple[int, ...]]:
    """Give count to a winning partner; otherwise win as cheaply as can be, or lose cheaply;
    between tiles that do it equally, part with the one worth least (:func:`worth`)."""
    model = facts.model
    variant = facts.variant
    winner, best = trick_winner(model, facts.trick, variant, facts.led_suit)
    strength = variant.tables.power[model][facts.led_suit][tile]
    count = variant.count[tile]
    shed = tuple(-w for w in worth(facts, tile))
    if facts.together(winner, facts.seat):
        return (1, count * 100 - strength, shed) if strength <= best else (0, -strength, shed)
    if strength > best:
        return (2, count * 100 - strength, shed)
    return (0, -count * 100 - strength, shed)
