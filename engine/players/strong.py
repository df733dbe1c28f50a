"""The strong computer player: it samples the unseen tiles and solves each sample exactly.

Perfect-information Monte Carlo: every decision deals the tiles this seat has not seen in ways
consistent with what it has (:mod:`engine.players.knowledge`), asks the solver
(:mod:`engine.players.solver`) of each deal whether the contract is still made after each
candidate action, and takes the action that keeps (or sets) the contract in the most deals. The
question is always the contract, never the points: a hand of 42 is worth its marks only.

- Bidding: for the trumps the hand is strongest in, how often the hand, leading as declarer,
  makes the lowest bid it could make (and, for a marks bid, every trick).
- Trump: the same question for each plausible trump, on more deals, at the bid that won.
- Play: the candidate tiles against the same deals; ties go to the rules of thumb of
  :mod:`engine.players.rules`.

Each decision has a node budget: few deals while the whole hand is still to be played, many
once the search is cheap. Budgets are in nodes, not seconds, so a decision is a function of the
observation and the random generator alone, and replays.
"""

from __future__ import annotations

import random

from ..actions import Action, Bid, NameTrump, Pass, Play
from ..dominoes import TILES, Domino, mask_of
from ..hand import Phase
from ..observation import Observation
from ..trumps import Trump
from . import rules
from .knowledge import deal_tiles, play_facts, sample_hands
from .solver import DealSolver, OutOfBudget, distinct_trumps

# ----- budgets ---------------------------------------------------------------------------------

#: Deals sampled for a play, by the tiles the seat still holds (the tricks left).
PLAY_SAMPLES = {7: 6, 6: 10, 5: 16, 4: 24, 3: 30, 2: 30, 1: 1}
#: Nodes a play may search, by the same.
PLAY_NODES = {7: 60_000, 6: 60_000, 5: 50_000, 4: 40_000, 3: 40_000, 2: 40_000, 1: 1}
#: Deals after which a play stops sampling if no candidate has made a difference in any.
SETTLED_AFTER = 4
#: Deals and nodes for a bid, per trump considered.
BID_SAMPLES = 8
BID_NODES = 40_000
BID_TRUMPS = 2
#: Deals and nodes for naming trump, per trump considered.
TRUMP_SAMPLES = 12
TRUMP_NODES = 50_000
TRUMP_CHOICES = 3
#: A hand weaker than this under every trump (rules.suit_strength) passes without simulating.
SCREEN_STRENGTH = 3.0
#: How often the sampled deals must make a bid for the hand to bid it.
BID_CONFIDENCE = 0.75
MARKS_CONFIDENCE = 0.9


def decide(observation: Observation, rng: random.Random) -> Action:
    """The strong player's action for the seat of ``observation``."""
    if not observation.legal:
        raise ValueError("it is not this seat's turn: there is nothing to decide")
    if len(observation.legal) == 1:
        return observation.legal[0]
    if observation.phase is Phase.AUCTION:
        return _bid(observation, rng)
    if observation.phase is Phase.TRUMP:
        return _name_trump(observation, rng)
    return _play(observation, rng)


# ----- simulation from the declarer's seat ------------------------------------------------------

def _make_rates(observation: Observation, trump: Trump, needs: tuple[int, ...], samples: int,
                nodes: int, rng: random.Random) -> list[float]:
    """For each points target of ``needs``, the share of sampled deals in which this seat,
    declaring ``trump`` and leading, takes at least that many points."""
    seat = observation.seat
    assert seat is not None
    mine = mask_of(observation.hand)
    unseen = [t for t in range(28) if not mine >> t & 1]
    others = {s: 7 for s in range(4) if s != seat}
    barred = dict.fromkeys(others, 0)
    made = [0] * len(needs)
    done = 0
    budget = nodes
    for _ in range(samples):
        hands = deal_tiles(unseen, others, barred, mine, seat, rng)
        if hands is None:
            break
        solver = DealSolver(hands, int(trump), seat & 1, node_limit=budget)
        try:
            results = []
            for need in needs:
                results.append(solver.reach(seat, (), need))
                if not results[-1]:
                    results.extend([False] * (len(needs) - len(results)))
                    break
        except OutOfBudget:
            break
        budget -= solver.nodes
        done += 1
        for i, result in enumerate(results):
            made[i] += result
    if done == 0:
        return [0.0] * len(needs)
    return [m / done for m in made]


def _candidate_trumps(hand: tuple[Domino, ...], count: int) -> list[tuple[float, Trump]]:
    choices = [Trump(s) for s in range(7)] + [Trump.DOUBLES]
    ranked = sorted(((rules.suit_strength(hand, t), t) for t in choices), reverse=True)
    return ranked[:count]


# ----- the auction ----------------------------------------------------------------------------

def _bid(observation: Observation, rng: random.Random) -> Action:
    seat = observation.seat
    assert seat is not None
    return rules.legal_call(_wanted_call(observation, rng), observation.legal)


def _wanted_call(observation: Observation, rng: random.Random) -> Action:
    seat = observation.seat
    assert seat is not None
    high = observation.high_bid
    if high is not None and high.team == seat.team:
        return Pass()
    candidates = [(s, t) for s, t in _candidate_trumps(observation.hand, BID_TRUMPS)
                  if s >= SCREEN_STRENGTH]
    if not candidates:
        return Pass()
    points_bids = [a for a in observation.legal if isinstance(a, Bid) and not a.is_marks]
    marks_bids = [a for a in observation.legal if isinstance(a, Bid) and a.is_marks]
    lowest = points_bids[0].points if points_bids else None
    best_points = best_all = 0.0
    for _, trump in candidates:
        needs = (lowest, 42) if lowest is not None else (42,)
        rates = _make_rates(observation, trump, needs, BID_SAMPLES, BID_NODES, rng)
        best_all = max(best_all, rates[-1])
        if lowest is not None:
            best_points = max(best_points, rates[0])
    if marks_bids and best_all >= MARKS_CONFIDENCE:
        return max(marks_bids, key=lambda b: b.marks) if best_all >= 0.99 else marks_bids[0]
    if points_bids and best_points >= BID_CONFIDENCE:
        return points_bids[0]
    return Pass()


def _name_trump(observation: Observation, rng: random.Random) -> Action:
    contract = observation.contract
    assert contract is not None
    need = 42 if contract.is_marks else contract.bid.points
    best: tuple[float, float, Trump] | None = None
    for strength, trump in _candidate_trumps(observation.hand, TRUMP_CHOICES):
        rate = _make_rates(observation, trump, (need,), TRUMP_SAMPLES, TRUMP_NODES, rng)[0]
        if best is None or (rate, strength) > best[:2]:
            best = (rate, strength, trump)
    assert best is not None
    piles = 1 if contract.is_marks else None
    choice = NameTrump(best[2], piles)
    return choice if choice in observation.legal else rules.decide(observation, rng)


# ----- play -----------------------------------------------------------------------------------

def _play(observation: Observation, rng: random.Random) -> Action:
    facts = play_facts(observation)
    if facts is None:
        return rules.decide(observation, rng)
    ranked = rules.rank_plays(observation)
    alive = facts.mine | facts.unseen | mask_of(t for _, t in facts.trick)
    candidates = distinct_trumps(ranked, mask_of(ranked), alive, facts.model)
    if len(candidates) == 1:
        return Play(TILES[candidates[0]])
    left = len(observation.hand)
    samples = PLAY_SAMPLES.get(left, 1)
    budget = PLAY_NODES.get(left, 1)
    scores = dict.fromkeys(candidates, 0)
    done = 0
    while done < samples:
        hands = sample_hands(facts, rng)
        if hands is None:
            break
        solver = DealSolver(hands, facts.model, facts.team, node_limit=budget)
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
        if _settled(sorted(scores.values(), reverse=True), done, samples):
            break
    best = max(scores.values())
    return Play(TILES[next(t for t in candidates if scores[t] == best)])


def _settled(ordered: list[int], done: int, samples: int) -> bool:
    """Whether more deals cannot change the choice: the leader cannot be caught, or every
    candidate has had the same result in every deal so far (the contract no longer depends on
    this tile), which the rules of thumb then settle."""
    if ordered[0] - ordered[1] > samples - done:
        return True
    return done >= SETTLED_AFTER and ordered[0] == ordered[-1] and ordered[0] in (0, done)


__all__ = ["decide"]
