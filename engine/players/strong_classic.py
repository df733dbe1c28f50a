"""The strong computer player before the calibrated bidder, kept as
``engine.players.strong_classic:decide`` so that :mod:`engine.players.strong` can be measured
against it (``python -m engine.arena --duplicate``), and the sampling and solving both build on.

Every decision deals the tiles this seat has not seen in ways consistent with what it has seen
(:mod:`engine.players.knowledge`): the hand sizes, the voids shown in the trick in progress, and,
softly, the auction — a bidder is likely to hold a strong suit, the declarer one in trump, a
passer rather not.

- **Bidding in 42 by expected marks.** For each trump the hand is strongest in, playouts of
  sampled deals consistent with the auction (:mod:`engine.players.rollout`) say how often the
  hand, declaring that trump and leading, makes each bid in ordinary play; with the hand's
  strength, that gives the chance of making the bid (:data:`MAKE_MODEL`, calibrated on hands
  played out by this player). A points bid is worth ``2p - 1`` marks, and it is made when that
  beats what passing is worth: nothing after three passes (R-ALLPASS) or over an opponent's
  bid, and, opening, a margin (the chance model is optimistic below about 0.6): the chance a
  bid needs at each turn is :data:`BID_FROM`. A marks bid also needs the solver to take every
  trick in every sampled deal. Another player may weigh the same chances its own way
  (:func:`auction_call`'s ``choose``).
- **The bid and the trump agree.** The deals behind a bid are drawn from a generator seeded by
  the hand and the calls before the bid, so when the bidder names trump it meets the very same
  deals and names the trump its bid was made on.
- **Play**: perfect-information Monte Carlo. The solver (:mod:`engine.players.solver`) tells,
  for each sampled deal and each candidate tile, whether the contract is still made after it;
  the tile that keeps (or sets) the contract in the most deals is played. The question is
  always the contract, never the points: a hand of 42 is worth its marks only. The first plays
  of a hand get a larger node budget, the solver learns its order of tiles from its cut-offs
  (:class:`solver.DealSolver`), and a play whose budget runs out before enough deals are
  solved is chosen by sampled playouts of the rest of the hand (:mod:`engine.players.playouts`)
  instead; so are the ties between the tiles right in the most solved deals, in the opening
  tricks (later ones go to the rules of thumb's order).
- **The 250-point game** (H-POINTS) is played for points: every play is valued by what the
  rest of the hand is worth to this seat's side in points, contract included.
- **Nello** (H-NELLO) is played on solved sampled deals (:mod:`engine.players.nello`).
- **Moon** bids, takes the widow and names trump on sampled playouts (:mod:`engine.players.moon`).

Every decision has a budget in nodes (tiles tried by the solver), so a decision costs a bounded
time and is a function of the observation and the random generator alone. The other games of
the family (VARIANTS.md) bid, take the leftover and name trump by the rules of thumb, and play by
sampled playouts within a budget (:mod:`engine.players.playouts`): their hands are too big for
the exact solver within the time a decision may take.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from types import MappingProxyType

from ..actions import Action, Bid, BidKind, NameTrump, Pass, Play
from ..dominoes import TILES, mask_of
from ..hand import Phase
from ..observation import Observation
from ..trumps import Trump
from ..variants import FORTY_TWO, MOON
from . import moon, rules
from .bid_features import SCREEN
from .courtesy import Expectation
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
from .nello import decide_nello
from .playouts import decide_play, playout_scores
from .rollout import playout
from .solver import DealSolver, OutOfBudget, distinct_trumps

# ----- budgets ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PlayBudget:
    """Deals sampled for a play and nodes it may search, by the tiles the seat still holds."""

    samples: Mapping[int, int]
    nodes: Mapping[int, int]

    def times(self, factor: int) -> PlayBudget:
        """This budget with ``factor`` times the deals and nodes for every play but the last
        (which has no choice)."""
        return PlayBudget(_scaled(self.samples, factor), _scaled(self.nodes, factor))


def _scaled(by_left: Mapping[int, int], factor: int) -> Mapping[int, int]:
    return MappingProxyType({left: n * factor if left > 1 else n for left, n in by_left.items()})


#: This player's budget for a play.
PLAY_BUDGET = PlayBudget(
    MappingProxyType({7: 10, 6: 12, 5: 16, 4: 24, 3: 30, 2: 30, 1: 1}),
    MappingProxyType({7: 400_000, 6: 160_000, 5: 60_000, 4: 40_000, 3: 30_000, 2: 30_000,
                      1: 1}))
#: Deals after which a play stops sampling if no candidate has made a difference in any.
SETTLED_AFTER = 4
#: A play with fewer deals solved than this (and not settled by them) goes to playouts.
FEWEST_SOLVED = 4
#: With this many tiles or more in hand (the opening tricks), only the candidates playouts
#: value most are solved, and ties between the best go to playouts.
SHORTLIST_FROM = 6
SHORTLIST = 3
#: In the opening tricks no choice is settled before this many deals are solved.
OPENING_DEALS = 8
#: Playouts per trump for a bid, and for the trump named after it (the same deals).
PROSPECT_PLAYOUTS = 96
#: Trumps considered: the strongest few by :func:`knowledge.strength`.
TRUMPS_CONSIDERED = 3
#: Deals the solver must sweep (every trick, R-CONTRACT-MARKS) before a marks bid, and nodes.
MARKS_DEALS = 8
MARKS_NODES = 40_000

# ----- bidding ---------------------------------------------------------------------------------

#: The chance of making a points bid: logistic in (1, strength, share of playouts that make it,
#: points above 30), fitted on hands this player declared against the rules of thumb.
MAKE_MODEL = (-1.23, 0.17, 1.80, -0.08)
#: A marks bid needs this share of playouts to take every trick, and this strength.
MARKS_PLAYOUTS = 0.7
MARKS_STRENGTH = 6.0


class Turn(Enum):
    """Where a seat stands in 42's auction when it weighs a points bid against a pass."""

    FIRST = "first"
    """No call before: it opens the auction."""
    SECOND = "second"
    """One pass before it (an opponent's)."""
    THIRD = "third"
    """Two passes before it (its partner's among them)."""
    LAST = "last"
    """Three passes before it: a pass throws the hand in (R-ALLPASS)."""
    OVER = "over"
    """An opponent holds the bid: a pass lets them play it."""


#: The chance a points bid needs to be made rather than a pass, by the seat's turn. A bid is
#: worth ``2p - 1`` marks; a pass is worth nothing after three passes or over an opponent's
#: bid, and against strong defence the chance model is optimistic below about 0.6, so opening
#: asks for 0.62.
BID_FROM: Mapping[Turn, float] = MappingProxyType({
    Turn.FIRST: 0.62, Turn.SECOND: 0.62, Turn.THIRD: 0.62, Turn.LAST: 0.5, Turn.OVER: 0.5})


def decide(observation: Observation, rng: random.Random, *, quick: bool = False) -> Action:
    """The strong player's action for the seat of ``observation``; with ``quick``, one found
    in a fraction of the time (:func:`decide_quickly`)."""
    if not observation.legal:
        raise ValueError("it is not this seat's turn: there is nothing to decide")
    if len(observation.legal) == 1:
        return observation.legal[0]
    if quick:
        return decide_quickly(observation, rng)
    variant = observation.variant
    if variant is MOON and observation.phase is not Phase.PLAY:
        return moon.decide(observation, rng) or rules.decide(observation, rng)
    if variant is not FORTY_TWO:
        return _variant_decide(observation, rng)
    if observation.phase is Phase.AUCTION:
        return auction_call(observation).action
    if observation.phase is Phase.TRUMP:
        return _name_trump(observation, rng)
    if observation.phase is Phase.PLAY:
        return decide_nello(observation, rng) or play(observation, rng).action
    return rules.decide(observation, rng)


def decide_quickly(observation: Observation, rng: random.Random) -> Action:
    """A move without the solver or the auction's playouts, for a caller that is behind with its
    thinking: a play by sampled playouts within their budget of tiles (what this player falls
    back on when too few deals are solved), any other decision by the rules of thumb. At the
    first trick, where a full decision takes about 80 ms of CPU on average (up to 450), this
    takes about 10 (under 30)."""
    if observation.phase is Phase.PLAY:
        return decide_play(observation, rng, in_points=observation.goal.in_points)
    return rules.decide(observation, rng)


def _variant_decide(observation: Observation, rng: random.Random) -> Action:
    """The other games of the family: playouts within a budget for play, else rules of thumb."""
    if observation.phase is Phase.PLAY:
        return decide_play(observation, rng)
    return rules.decide(observation, rng)


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

@dataclass(frozen=True, slots=True)
class Call:
    """A call and the trump it is made on (``None`` for a pass)."""

    action: Action
    outlook: Outlook | None


def prospects(observation: Observation) -> list[Outlook]:
    """How this hand fares as declarer under its strongest trumps, from playouts of deals drawn
    from a generator seeded by the hand and the calls before this seat's last bid (all the calls
    so far, in the auction): the same deals when bidding and when naming trump."""
    observation = at_the_bid(observation)
    seed = (f"{sorted(int(t) for t in observation.hand)}|"
            f"{[str(c.action) for c in observation.auction]}")
    return outlooks(observation, random.Random(seed), PROSPECT_PLAYOUTS)


def likeliest_sweep(found: Sequence[Outlook]) -> Outlook:
    """The outlook whose playouts took every trick most often (a marks bid's trump)."""
    return max(found, key=lambda o: (o.share(42), o.strength))


def at_the_bid(observation: Observation) -> Observation:
    """The observation as it was at this seat's last bid (the same during the auction)."""
    if observation.phase is Phase.AUCTION:
        return observation
    seat = observation.seat
    calls = observation.auction
    last = max(i for i, c in enumerate(calls) if c.seat == seat and isinstance(c.action, Bid))
    return replace(observation, auction=calls[:last], contract=None, trump=None,
                   phase=Phase.AUCTION)


@dataclass(frozen=True, slots=True)
class Choice:
    """A points bid to weigh against a pass: the lowest the seat may make, its chance of being
    made (:meth:`Outlook.chance`) and the outlook of the trump it would be made on; and the
    outlook of the trump the hand is likeliest to take every trick in (a marks bid's)."""

    bid: Bid
    chance: float
    outlook: Outlook
    sweeper: Outlook

    def call(self, bid_from: float) -> Call:
        """The bid when its chance is above ``bid_from``, else a pass."""
        return Call(self.bid, self.outlook) if self.chance > bid_from else Call(Pass(), None)


def special_call(observation: Observation) -> Action | None:
    """The house-rule bid the hand calls for (Splash, Plunge, Nello), if any."""
    return house_call(observation, max(
        rules.suit_strength(observation.hand, t) for t in rules.trump_choices(FORTY_TWO)))


def call(observation: Observation) -> Call:
    """The call worth most in expected marks: the lowest points bid when its chance is above
    what :data:`BID_FROM` asks at the seat's turn, else a pass (or a call :func:`weigh`
    settles)."""
    found = weigh(observation)
    if isinstance(found, Call):
        return found
    return found.call(BID_FROM[turn_of(observation)])


#: How a player makes its call of 42's auction once no house-rule bid is called for.
Choose = Callable[[Observation], Call]


def auction_call(observation: Observation, choose: Choose = call) -> Call:
    """The call for 42's auction: a house-rule bid the hand calls for (Splash, Plunge, Nello),
    else the call ``choose`` makes (the classic :func:`call`), and a bid when the dealer may
    not pass."""
    special = special_call(observation)
    if special is not None:
        return Call(special, None)
    found = choose(observation)
    action = rules.legal_call(found.action, observation.legal)
    return found if action == found.action else Call(action, None)


def turn_of(observation: Observation) -> Turn:
    """The seat's turn in the auction (:class:`Turn`)."""
    if observation.high_bid is not None:
        return Turn.OVER
    return (Turn.FIRST, Turn.SECOND, Turn.THIRD, Turn.LAST)[min(3, len(observation.auction))]


def weigh(observation: Observation) -> Call | Choice:
    """The call, when the chance of a points bid does not decide it (the partner holds the bid,
    a hand too weak to simulate, a marks bid, no points bid left); else the points bid to weigh
    against a pass."""
    seat = observation.seat
    assert seat is not None
    high = observation.high_bid
    side_of = observation.variant.seating.side_of
    if high is not None and side_of[high.declarer] == side_of[seat]:
        return Call(Pass(), None)  # the partner holds the bid: never bid against them
    mine = mask_of(observation.hand)
    if max(strength(mine, t) for t in range(8)) < SCREEN:  # not worth simulating
        return Call(Pass(), None)
    found = prospects(observation)
    marks_bids = [a for a in observation.legal
                  if isinstance(a, Bid) and a.is_marks and a.kind is BidKind.PLAIN]
    sweeper = likeliest_sweep(found)
    if (marks_bids and sweeper.strength >= MARKS_STRENGTH
            and sweeper.share(42) >= MARKS_PLAYOUTS
            and sweeps(observation, sweeper.trump, MARKS_DEALS, MARKS_NODES,
                       random.Random(str(mine)), learn_order=True)):
        return Call(max(marks_bids, key=lambda b: b.marks), sweeper)
    points_bids = [a for a in observation.legal
                   if isinstance(a, Bid) and not a.is_marks and a.kind is BidKind.PLAIN]
    if not points_bids:
        return Call(Pass(), None)
    lowest = points_bids[0].points
    best = max(found, key=lambda o: (o.chance(lowest), o.strength))
    return Choice(points_bids[0], best.chance(lowest), best, sweeper)


def _name_trump(observation: Observation, rng: random.Random) -> Action:
    """The trump the bid was made on (the same sampled deals, :func:`prospects`); Nello when the
    hand ducks every trick; on a marks contract one pile face up (R-PILES)."""
    contract = observation.contract
    assert contract is not None
    nello = house_trump(observation)
    if nello is not None:
        return nello
    if not any(c.seat == observation.seat and isinstance(c.action, Bid)
               and c.action.kind is BidKind.PLAIN for c in observation.auction):
        return rules.decide(observation, rng)  # a forced or special contract
    found = prospects(observation)
    if contract.is_marks:
        best = likeliest_sweep(found)
    else:
        best = max(found, key=lambda o: (o.chance(contract.bid.points), o.strength))
    choice = NameTrump(best.trump, 1 if contract.is_marks else None)
    return choice if choice in observation.legal else rules.decide(observation, rng)


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

    def within(self, margin: int) -> list[Play]:
        """The candidates right in at most ``margin`` deals fewer than the best, in the rules
        of thumb's order."""
        top = max(self.scores.values())
        return [Play(TILES[t]) for t in self.candidates if self.scores[t] >= top - margin]

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


# ----- play -----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PlayChoice:
    """A play and how it was found: the solver's search (``None`` when there was no choice to
    search), and whether playouts chose it because too few deals were solved."""

    action: Action
    search: PlaySearch | None
    by_playouts: bool


#: What a player may add to the search (:func:`engine.players.courtesy.expectation`): what a
#: partner expects of the play, if anything.
Expect = Callable[[Observation, PlayFacts], Expectation | None]


def play(observation: Observation, rng: random.Random, expect: Expect | None = None,
         budget: PlayBudget = PLAY_BUDGET) -> PlayChoice:
    """The play for 42: solved sampled deals, or playouts when too few could be solved in the
    ``budget``; in the 250-point game, playouts valued in points (every point counts). With
    ``expect``, the tile a partner expects is searched, and played when it is right in about
    as many deals as the best (:class:`Expectation`)."""
    facts = play_facts(observation)
    if facts is None:
        return PlayChoice(rules.decide(observation, rng), None, False)
    if observation.goal.in_points:
        return PlayChoice(decide_play(observation, rng, in_points=True), None, True)
    candidates = play_candidates(observation, facts)
    if len(candidates) == 1:
        return PlayChoice(Play(TILES[candidates[0]]), None, False)
    left = len(observation.hand)
    opening = left >= SHORTLIST_FROM
    expected = expect(observation, facts) if expect is not None else None
    valued: dict[Play, int] | None = None
    if opening and len(candidates) > SHORTLIST:
        valued = playout_scores(observation, rng, [Play(TILES[t]) for t in candidates])
        candidates = _shortlist(candidates, valued,
                                expected.pick(candidates) if expected is not None else None)
    found = search_play(observation, facts, candidates, rng, budget.samples.get(left, 1),
                        budget.nodes.get(left, 1), learn_order=True,
                        settle_from=OPENING_DEALS if opening else 0)
    if found.solved < FEWEST_SOLVED and not found.settled:
        return PlayChoice(decide_play(observation, rng), found, True)
    if expected is not None:
        near = found.within(expected.margin(found.solved))
        chosen = expected.pick([int(p.tile) for p in near])
        if chosen is not None:
            return PlayChoice(Play(TILES[chosen]), found, False)
    if opening:
        return PlayChoice(_untied(observation, found, valued, rng), found, False)
    return PlayChoice(found.best, found, False)


def _shortlist(candidates: list[int], valued: dict[Play, int],
               expected: int | None = None) -> list[int]:
    """The few candidates that sampled playouts value most, in the rules of thumb's order: so
    many fewer tiles to solve that most deals are solved within the budget; and the tile a
    partner expects, if any."""
    kept = sorted(valued, key=lambda p: -valued[p])[:SHORTLIST]  # stable: ties keep the order
    return [t for t in candidates if Play(TILES[t]) in kept or t == expected]


def _untied(observation: Observation, found: PlaySearch, valued: dict[Play, int] | None,
            rng: random.Random) -> Play:
    """Of the candidates right in the most solved deals, the one sampled playouts value most
    (ties: the rules of thumb's order). Each solved deal only says make or set, against
    defenders who see every tile; in the opening tricks, where the contract is rarely decided
    yet, playouts against defenders who do not tell the tied candidates apart."""
    tied = found.tied
    if len(tied) == 1:
        return tied[0]
    if valued is None:
        valued = playout_scores(observation, rng, tied)
    best = max(valued[p] for p in tied)
    return next(p for p in tied if valued[p] == best)


__all__ = ["BID_FROM", "PLAY_BUDGET", "Call", "Choice", "Choose", "Outlook", "PlayBudget",
           "PlayChoice", "PlaySearch", "Turn",
           "at_the_bid", "auction_call", "call", "decide", "decide_quickly", "likeliest_sweep",
           "outlooks", "play",
           "play_candidates", "prospects", "search_play", "special_call", "sweeps", "turn_of",
           "weigh"]
