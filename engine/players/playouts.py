"""Play for the variants by sampled playouts: each candidate tile is tried in deals of the unseen
tiles consistent with what this seat has seen, and the rest of the hand is played out by rules of
thumb; the tile that most often wins the contract for this seat's side is played.

An exact solve of the Big Game's eleven-tile hands, 140's six hands or 84's eight is too big for
the time a decision may take, so the work is counted in tiles played out and capped per decision
(:data:`PLAY_BUDGET`): a decision costs a bounded time and depends only on the observation and the
random generator. Bidding, the leftover step and trump follow :mod:`engine.players.rules`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Action, Play
from ..dominoes import FACES
from ..observation import Observation
from ..trumps import SPECIAL_SUIT
from ..variants import Variant
from . import rules
from .knowledge import PlayFacts, play_facts, sample_hands
from .rollout import follow_cheaply, tiles_in

#: Tiles played out per decision, over every candidate and sampled deal.
PLAY_BUDGET = 12_000
#: Deals sampled per decision at most, and at least.
MOST_DEALS = 32
FEWEST_DEALS = 2
#: A contract won is worth this many of the side's points when candidates are compared.
CONTRACT_WEIGHT = 1000


def decide_play(observation: Observation, rng: random.Random, in_points: bool = False) -> Action:
    """The play that wins the contract for this seat's side in the most sampled playouts; with
    ``in_points`` (H-POINTS), the play worth the most points to this seat's side."""
    ranked = rules.rank_plays(observation)
    if len(ranked) <= 1:
        return ranked[0] if ranked else rules.decide(observation, rng)
    scores = playout_scores(observation, rng, ranked, in_points)
    best = max(scores.values())
    return next(play for play in ranked if scores[play] == best)  # ties: the rules of thumb


def playout_scores(observation: Observation, rng: random.Random, plays: Sequence[Play],
                   in_points: bool = False) -> dict[Play, int]:
    """Per play, what the rest of the hand is worth to this seat's side (:func:`_value`),
    added up over sampled deals within :data:`PLAY_BUDGET` tiles played out."""
    facts = play_facts(observation)
    scores = dict.fromkeys(plays, 0)
    if facts is None:
        return scores
    left = sum(facts.sizes) + len(facts.trick)
    deals = max(FEWEST_DEALS, min(MOST_DEALS, PLAY_BUDGET // (len(plays) * max(1, left))))
    stakes = _stakes(observation, facts) if in_points else None
    for _ in range(deals):
        hands = sample_hands(facts, rng)
        if hands is None:
            break
        for play in plays:
            scores[play] += _value(facts, hands, play, stakes)
    return scores


def _stakes(observation: Observation, facts: PlayFacts) -> tuple[int, int]:
    """H-POINTS: what the contract is worth (its bid, or the hand's points times its marks) and
    the points the declarers have taken so far."""
    contract = observation.contract
    assert contract is not None
    bid = contract.bid
    value = bid.points or facts.variant.total_points * bid.marks
    return value, 0 if facts.marks else bid.points - facts.need


def _value(facts: PlayFacts, hands: list[int], play: Play,
           stakes: tuple[int, int] | None = None) -> int:
    """What the rest of the hand is worth to this seat's side after ``play``: the contract
    first, then its points; or, with ``stakes`` (the 250-point game), the points it scores."""
    taken, lost_one, mine = playout(facts.variant, facts, hands, play)
    made = not lost_one if facts.marks else taken >= facts.need
    if stakes is not None:
        value, so_far = stakes
        if facts.ours:
            return (value if facts.marks else so_far + mine) if made else 0
        return mine + (0 if made else value)
    won = made if facts.ours else not made
    return CONTRACT_WEIGHT * won + mine


def playout(variant: Variant, facts: PlayFacts, hands: list[int],
            play: Play) -> tuple[int, bool, int]:
    """Play ``play`` then the rest of the hand by rules of thumb: the declarers' points from
    the trick in progress on, whether they lost a trick, and the points of this seat's own
    side (its team, or itself in a game each for oneself, which scores alone)."""
    led = variant.tables.led[facts.model]
    held = list(hands)
    trick = [*facts.trick]
    seat = facts.seat
    tile = play.tile if held[seat] >> play.tile & 1 else play.tile + FACES  # the copy held
    held[seat] &= ~(1 << tile)
    suit = facts.led_suit if trick else play.tile.low if play.low else led[tile]
    trick.append((seat, tile))
    return _finish(variant, facts.model, facts.allies, held, trick, suit,
                   variant.seating.side_of[facts.seat])


def whole_hand(variant: Variant, model: int, hands: list[int], leader: int,
               allies: tuple[bool, ...]) -> tuple[int, bool]:
    """A whole hand of the deal ``hands`` played by rules of thumb, ``leader`` leading: the
    points of the side ``allies`` marks (the declarers, ``leader`` among them), and whether
    they lost a trick. What a hand is worth to its declarer in ordinary play, for bidding."""
    tables = variant.tables
    led, power = tables.led[model], tables.power[model]
    trumps = tables.follow[model][SPECIAL_SUIT]
    held = list(hands)
    out = 0
    for s, hand in enumerate(held):
        if s != leader:
            out |= hand
    tile = _lead(held[leader], led, power, trumps, variant.doubles_mask, allies[leader],
                 out & trumps, variant.count)
    held[leader] ^= 1 << tile
    taken, lost, _ = _finish(variant, model, allies, held, [(leader, tile)], led[tile],
                             variant.seating.side_of[leader])
    return taken, lost


def _finish(variant: Variant, model: int, allies: tuple[bool, ...], held: list[int],
            trick: list[tuple[int, int]], suit: int, own: int) -> tuple[int, bool, int]:
    """The hand played out by rules of thumb from a trick in progress (``held`` is changed):
    the points of the side ``allies`` marks, whether it lost a trick, and the points of the
    side ``own``."""
    tables = variant.tables
    power, led, follow = tables.power[model], tables.led[model], tables.follow[model]
    count = variant.count
    next_of = variant.seating.next_of
    trumps = follow[SPECIAL_SUIT]
    doubles = variant.doubles_mask
    taken = 0
    lost = False
    side_of = variant.seating.side_of
    mine = 0
    size = variant.seating.count
    while True:
        strengths = power[suit]
        winner, best = trick[0][0], strengths[trick[0][1]]
        for s, t in trick[1:]:
            if strengths[t] > best:
                winner, best = s, strengths[t]
        seat = next_of[trick[-1][0]]
        while len(trick) < size:
            tile = follow_cheaply(held[seat], follow[suit], strengths, best,
                                  allies[winner] == allies[seat], count)
            held[seat] ^= 1 << tile
            trick.append((seat, tile))
            if strengths[tile] > best:
                winner, best = seat, strengths[tile]
            seat = next_of[seat]
        points = variant.trick_value + sum(count[t] for _, t in trick)
        if allies[winner]:
            taken += points
        else:
            lost = True
        if side_of[winner] == own:
            mine += points
        leader = winner
        if not held[leader]:
            return taken, lost, mine
        out = 0
        for s in range(size):
            if s != leader:
                out |= held[s]
        tile = _lead(held[leader], led, power, trumps, doubles, allies[leader], out & trumps,
                     count)
        held[leader] ^= 1 << tile
        suit = led[tile]
        trick = [(leader, tile)]


def _lead(hand: int, led: Sequence[int], power: Sequence[Sequence[int]], trumps: int,
          doubles: int, declaring: bool, trumps_out: int, count: Sequence[int]) -> int:
    """As :func:`engine.players.rules.rank_plays` leads: declarers lead high trumps while
    trumps are out; otherwise a double, or a low countless tile."""
    mine = hand & trumps
    if mine and (declaring or not trumps_out):
        return max(tiles_in(mine), key=lambda t: power[SPECIAL_SUIT][t])
    high = hand & doubles & ~trumps
    if high:
        return max(tiles_in(high), key=lambda t: power[led[t]][t])
    return min(tiles_in(hand & ~trumps or hand), key=lambda t: (count[t], power[led[t]][t]))
