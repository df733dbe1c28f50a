"""The strong computer player as it first shipped, kept as ``engine.players.strong_classic:decide``
so that :mod:`engine.players.strong` can be measured against it: it samples the unseen tiles and
solves each sample exactly.

Every decision deals the tiles this seat has not seen in ways consistent with what it has seen
(:mod:`engine.players.knowledge`): the hand sizes, the voids shown in the trick in progress, and,
softly, the auction — a bidder is likely to hold a strong suit, the declarer one in trump, a
passer rather not.

- **Bidding** and **trump**: for each trump the hand is strongest in, playouts of sampled deals
  (:mod:`engine.players.rollout`) say how often the hand, declaring that trump and leading,
  makes each bid in ordinary play; with the hand's strength, that gives the chance of making
  the bid, calibrated on hands played out by this player. It bids when that chance is good
  enough, and names the trump with the best chance. A marks bid also needs the solver to take
  every trick in every sampled deal.
- **Play**: perfect-information Monte Carlo. The solver (:mod:`engine.players.solver`) tells,
  for each sampled deal and each candidate tile, whether the contract is still made after it;
  the tile that keeps (or sets) the contract in the most deals is played, ties going to the
  rules of thumb of :mod:`engine.players.rules`. The question is always the contract, never the
  points: a hand of 42 is worth its marks only.

Every decision has a budget in nodes (tiles tried by the solver), small while the whole hand
is still to be played and larger once the search is cheap, so a decision costs a bounded time
and is a function of the observation and the random generator alone.

The other games of the family (VARIANTS.md) bid, take the leftover and name trump by the rules
of thumb, and play by sampled playouts within a budget (:mod:`engine.players.playouts`): their
hands are too big for the exact solver within the time a decision may take.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..actions import Action, Bid, BidKind, NameTrump, Pass, Play
from ..dominoes import TILES, mask_of
from ..hand import Phase
from ..observation import Observation
from ..trumps import Trump
from ..variants import FORTY_TWO
from . import rules
from .house import house_call, house_trump
from .knowledge import (
    AuctionEvidence,
    PlayFacts,
    deal_tiles,
    play_facts,
    sample_hands,
    strength,
    weighted_sample,
)
from .playouts import decide_play
from .rollout import playout
from .solver import DealSolver, OutOfBudget, distinct_trumps

# ----- budgets ---------------------------------------------------------------------------------

#: Deals sampled for a play, by the tiles the seat still holds (the tricks left).
PLAY_SAMPLES = {7: 6, 6: 10, 5: 16, 4: 24, 3: 30, 2: 30, 1: 1}
#: Nodes a play may search, by the same.
PLAY_NODES = {7: 25_000, 6: 25_000, 5: 30_000, 4: 30_000, 3: 30_000, 2: 30_000, 1: 1}
#: Deals after which a play stops sampling if no candidate has made a difference in any.
SETTLED_AFTER = 4
#: Playouts per trump considered, when bidding and when naming trump.
BID_PLAYOUTS = 48
TRUMP_PLAYOUTS = 96
#: Trumps considered: the strongest few by :func:`knowledge.strength`.
TRUMPS_CONSIDERED = 3
#: Deals the solver must sweep (every trick, R-CONTRACT-MARKS) before a marks bid, and nodes.
MARKS_DEALS = 8
MARKS_NODES = 40_000

# ----- bidding ---------------------------------------------------------------------------------

#: The chance of making a points bid: logistic in (1, strength, share of playouts that make it,
#: points above 30), fitted on hands this player declared against the rules of thumb.
MAKE_MODEL = (-1.23, 0.17, 1.80, -0.08)
#: A hand weaker than this under every trump passes without simulating.
SCREEN_STRENGTH = 3.0
#: Bid when the chance of making the lowest legal bid is at least this: opening the auction,
#: over an opponent's bid, and as the last to speak after three passes.
BID_CHANCE = 0.62
OVERCALL_CHANCE = 0.5
LAST_CHANCE = 0.5
#: A marks bid needs this share of playouts to take every trick, and this strength.
MARKS_PLAYOUTS = 0.7
MARKS_STRENGTH = 6.0


def decide(observation: Observation, rng: random.Random) -> Action:
    """The strong player's action for the seat of ``observation``."""
    if not observation.legal:
        raise ValueError("it is not this seat's turn: there is nothing to decide")
    if len(observation.legal) == 1:
        return observation.legal[0]
    if observation.variant is not FORTY_TWO:
        if observation.phase is Phase.PLAY:
            return decide_play(observation, rng)  # within a budget of tiles played out
        return rules.decide(observation, rng)
    if observation.phase is Phase.AUCTION:
        special = house_call(observation, max(
            rules.suit_strength(observation.hand, t) for t in _BID_TRUMPS))
        return rules.legal_call(special or _call(observation, rng), observation.legal)
    if observation.phase is Phase.TRUMP:
        return _name_trump(observation, rng)
    return _play(observation, rng)


# ----- the hand as declarer ---------------------------------------------------------------------

_BID_TRUMPS = (*(Trump(s) for s in range(7)), Trump.DOUBLES)


class Outlook:
    """How one hand fares as declarer under one trump, leading: its strength and the points of
    playouts of sampled deals."""

    def __init__(self, trump: Trump, strength: float, points: Sequence[int]) -> None:
        self.trump = trump
        self.strength = strength
        self.points = sorted(points)

    def share(self, need: int) -> float:
        """The share of playouts that took at least ``need`` points."""
        below = 0
        for p in self.points:
            if p >= need:
                break
            below += 1
        return 1.0 - below / len(self.points) if self.points else 0.0

    def chance(self, bid: int) -> float:
        """The chance of making a points bid of ``bid`` (R-CONTRACT-POINTS)."""
        bias, per_strength, per_share, per_point = MAKE_MODEL
        x = (bias + per_strength * self.strength + per_share * self.share(bid)
             + per_point * (bid - 30))
        return 1.0 / (1.0 + math.exp(-x))


def outlooks(observation: Observation, rng: random.Random, playouts: int,
             count: int = TRUMPS_CONSIDERED) -> list[Outlook]:
    """The outlook of the ``count`` trumps this hand is strongest in, strongest first."""
    seat = observation.seat
    assert seat is not None
    mine = mask_of(observation.hand)
    ranked = sorted(_BID_TRUMPS, key=lambda t: strength(mine, t), reverse=True)[:count]
    unseen = [t for t in range(28) if not mine >> t & 1]
    others = {s: 7 for s in range(4) if s != seat}
    barred = dict.fromkeys(others, 0)
    evidence = AuctionEvidence.of(observation)
    every_seat = 0b1111
    deals = []
    for _ in range(playouts):
        deal = weighted_sample(
            lambda: deal_tiles(unseen, others, barred, mine, seat, rng),
            lambda hands: evidence.weight(hands, every_seat), rng)
        if deal is not None:
            deals.append(deal)
    return [Outlook(trump, strength(mine, trump),
                    [playout(hands, int(trump), seat, seat & 1) for hands in deals])
            for trump in ranked]


def sweeps(observation: Observation, trump: Trump, deals: int, nodes: int,
           rng: random.Random, learn_order: bool = False) -> bool:
    """Whether the solver takes every trick (R-CONTRACT-MARKS) for this hand declaring
    ``trump`` in each of ``deals`` sampled deals, within ``nodes`` (``learn_order``: see
    :class:`DealSolver`)."""
    seat = observation.seat
    assert seat is not None
    mine = mask_of(observation.hand)
    unseen = [t for t in range(28) if not mine >> t & 1]
    others = {s: 7 for s in range(4) if s != seat}
    budget = nodes
    for _ in range(deals):
        hands = deal_tiles(unseen, others, dict.fromkeys(others, 0), mine, seat, rng)
        if hands is None:
            return False
        solver = DealSolver(hands, int(trump), seat & 1, node_limit=budget,
                            learn_order=learn_order)
        try:
            if not solver.reach(seat, (), solver.points_in_play(())):
                return False
        except OutOfBudget:
            return False
        budget -= solver.nodes
    return True


# ----- the auction ----------------------------------------------------------------------------

def _call(observation: Observation, rng: random.Random) -> Action:
    """Bid the lowest legal bid when it is likely enough to be made (R-BID-POINTS); a marks bid
    (R-BID-MARKS) only with a hand that takes every trick."""
    seat = observation.seat
    assert seat is not None
    high = observation.high_bid
    side_of = observation.variant.seating.side_of
    if high is not None and side_of[high.declarer] == side_of[seat]:
        return Pass()  # the partner holds the bid: never bid against them
    points_bids = [a for a in observation.legal
                   if isinstance(a, Bid) and not a.is_marks and a.kind is BidKind.PLAIN]
    marks_bids = [a for a in observation.legal
                  if isinstance(a, Bid) and a.is_marks and a.kind is BidKind.PLAIN]
    mine = mask_of(observation.hand)
    if max(strength(mine, t) for t in _BID_TRUMPS) < SCREEN_STRENGTH:
        return Pass()
    found = outlooks(observation, rng, BID_PLAYOUTS)
    best = max(found, key=lambda o: (o.share(42), o.strength))
    if (marks_bids and best.strength >= MARKS_STRENGTH and best.share(42) >= MARKS_PLAYOUTS
            and sweeps(observation, best.trump, MARKS_DEALS, MARKS_NODES, rng)):
        return max(marks_bids, key=lambda b: b.marks)  # 2 marks when it opens them
    if not points_bids:
        return Pass()
    lowest = points_bids[0].points
    if max(o.chance(lowest) for o in found) >= _needed_chance(observation):
        return points_bids[0]
    return Pass()


def _needed_chance(observation: Observation) -> float:
    """How likely a bid must be to make it worth bidding, from where the auction stands."""
    seat = observation.seat
    assert seat is not None
    high = observation.high_bid
    if high is not None:
        return OVERCALL_CHANCE  # passing lets the opponents play their bid
    if len(observation.auction) == 3:
        return LAST_CHANCE  # passing throws the hand in (R-ALLPASS)
    return BID_CHANCE


def _name_trump(observation: Observation, rng: random.Random) -> Action:
    """The trump (R-TRUMP-CHOICE) with the best chance of making the contract; on a marks
    contract one pile face up (R-PILES), which shows the defenders least."""
    contract = observation.contract
    assert contract is not None
    nello = house_trump(observation)
    if nello is not None:
        return nello
    found = outlooks(observation, rng, TRUMP_PLAYOUTS)
    if contract.is_marks:
        best = max(found, key=lambda o: (o.share(42), o.strength))
    else:
        bid = contract.bid.points
        best = max(found, key=lambda o: (o.chance(bid), o.strength))
    choice = NameTrump(best.trump, 1 if contract.is_marks else None)
    return choice if choice in observation.legal else rules.decide(observation, rng)


# ----- play -----------------------------------------------------------------------------------

def _play(observation: Observation, rng: random.Random) -> Action:
    facts = play_facts(observation)
    if facts is None:
        return rules.decide(observation, rng)
    candidates = play_candidates(observation, facts)
    if len(candidates) == 1:
        return Play(TILES[candidates[0]])
    left = len(observation.hand)
    found = search_play(observation, facts, candidates, rng, PLAY_SAMPLES.get(left, 1),
                        PLAY_NODES.get(left, 1))
    return found.best


def play_candidates(observation: Observation, facts: PlayFacts) -> list[int]:
    """The tiles worth trying, in the rules of thumb's order: the legal plays less the trumps
    that change nothing (:func:`solver.distinct_trumps`)."""
    ranked = [play.tile for play in rules.rank_plays(observation)]
    alive = facts.mine | facts.unseen | mask_of(t for _, t in facts.trick)
    return distinct_trumps(ranked, mask_of(ranked), alive, facts.model)


@dataclass(frozen=True, slots=True)
class PlaySearch:
    """What the solver found for one play: per candidate, the sampled deals in which the
    contract goes this seat's way after it."""

    candidates: tuple[int, ...]
    scores: dict[int, int]
    solved: int
    """Deals solved for every candidate before the budget ran out, or the choice was settled."""
    settled: bool
    """Whether the deals solved already decided the choice (:func:`_settled`)."""

    @property
    def tied(self) -> list[Play]:
        """The candidates right in the most deals, in the rules of thumb's order."""
        top = max(self.scores.values())
        return [Play(TILES[t]) for t in self.candidates if self.scores[t] == top]

    @property
    def best(self) -> Play:
        """The candidate right in the most deals; ties go to the rules of thumb's order."""
        return self.tied[0]


def search_play(observation: Observation, facts: PlayFacts, candidates: Sequence[int],
                rng: random.Random, samples: int, nodes: int,
                learn_order: bool = False, settle_from: int = 0) -> PlaySearch:
    """Up to ``samples`` deals solved for each candidate within ``nodes`` tiles tried
    (``learn_order``: see :class:`DealSolver`), the choice settled by fewer when more cannot
    change it, but not before ``settle_from`` deals."""
    budget = nodes
    draw = _sampler(observation, facts, rng)
    scores = dict.fromkeys(candidates, 0)
    done = 0
    settled = False
    while done < samples:
        hands = draw()
        if hands is None:
            break
        solver = DealSolver(hands, facts.model, facts.team, node_limit=budget,
                            learn_order=learn_order)
        need = facts.need
        if facts.marks:
            need = solver.points_in_play(facts.trick)
        try:
            results = [solver.reach_after(facts.leader, facts.trick, tile, need)
                       for tile in candidates]
        except OutOfBudget:
            break
        budget -= solver.nodes
        done += 1
        for tile, made in zip(candidates, results, strict=True):
            scores[tile] += made is facts.ours
        if done >= settle_from and _settled(sorted(scores.values(), reverse=True), done,
                                            samples):
            settled = True
            break
    return PlaySearch(tuple(candidates), scores, done, settled)


def _sampler(observation: Observation, facts: PlayFacts,
             rng: random.Random) -> Callable[[], list[int] | None]:
    """Deals consistent with the facts, weighted by the auction while the hands are still
    about what they were in it (the first two tricks)."""
    evidence = AuctionEvidence.of(observation)
    on_table = [0, 0, 0, 0]
    for seat, tile in facts.trick:
        on_table[seat] |= 1 << tile
    complete = sum(1 << s for s in range(4)
                   if facts.sizes[s] + (1 if on_table[s] else 0) >= 6 and s != facts.seat)

    def weigh(hands: list[int]) -> float:
        return evidence.weight([h | t for h, t in zip(hands, on_table, strict=True)], complete)

    def draw() -> list[int] | None:
        if not complete:
            return sample_hands(facts, rng)
        return weighted_sample(lambda: sample_hands(facts, rng), weigh, rng)

    return draw


def _settled(ordered: list[int], done: int, samples: int) -> bool:
    """Whether more deals cannot change the choice: the leader cannot be caught, or every
    candidate has had the same result in every deal so far (the contract no longer depends on
    this tile), which the rules of thumb then settle."""
    if ordered[0] - ordered[1] > samples - done:
        return True
    return done >= SETTLED_AFTER and ordered[0] == ordered[-1] and ordered[0] in (0, done)


__all__ = ["Outlook", "PlaySearch", "decide", "outlooks", "play_candidates", "search_play",
           "sweeps"]
