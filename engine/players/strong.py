"""The strong computer player: sampled deals of the unseen tiles, solved exactly where it fits.

It is :mod:`engine.players.strong_classic` (kept under its own name so the two can be measured
against each other) with these changes:

- **Bidding in 42 by expected marks.** For each legal bid the chance of making it is read off
  playouts of sampled deals consistent with the auction (:func:`strong_classic.outlooks`, twice
  as many as the classic player's); a points bid is worth ``2p - 1`` marks (made: one mark;
  set: one to the other side), and it is made when that beats what passing is worth: nothing
  after three passes (R-ALLPASS) or over an opponent's bid, and, opening, the margin the chance
  model needs against strong defence (it is optimistic below about 0.6: bidding on lower
  chances was measured to lose marks). The lowest legal bid is made.
- **The bid and the trump agree.** The deals behind a bid are drawn from a generator seeded by
  the hand and the calls before the bid, so when the bidder names trump it meets the very same
  deals and names the trump its bid was made on.
- **The opening tricks searched.** The first plays of a hand get a larger node budget, the
  solver learns its order of tiles from its cut-offs (:class:`solver.DealSolver`), and a play
  whose budget runs out before enough deals are solved is chosen by sampled playouts of the
  rest of the hand (:mod:`engine.players.playouts`) instead of the first rule of thumb; so are
  the ties between the tiles right in the most solved deals.
- **The 250-point game** (H-POINTS) is played for points: every play is valued by what the
  rest of the hand is worth to this seat's side in points, contract included.
- **Nello** (H-NELLO) is played on solved sampled deals (:mod:`engine.players.nello`).
- **Moon** bids, takes the widow and names trump on sampled playouts (:mod:`engine.players.moon`).

Everything else — the other variants, Sevens — is the classic player's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ..actions import Action, Bid, BidKind, NameTrump, Pass, Play
from ..dominoes import TILES, mask_of
from ..hand import Phase
from ..observation import Observation
from ..variants import FORTY_TWO, MOON
from . import moon, rules, strong_classic
from .house import house_call, house_trump
from .knowledge import play_facts, strength
from .nello import decide_nello
from .playouts import decide_play, playout_scores
from .strong_classic import (
    BID_PLAYOUTS,
    MARKS_DEALS,
    MARKS_NODES,
    MARKS_PLAYOUTS,
    MARKS_STRENGTH,
    SCREEN_STRENGTH,
    Outlook,
    PlaySearch,
    outlooks,
    play_candidates,
    search_play,
    sweeps,
)

# ----- budgets ---------------------------------------------------------------------------------

#: Deals sampled for a play and nodes it may search, by the tiles the seat still holds.
PLAY_SAMPLES = {7: 10, 6: 12, 5: 16, 4: 24, 3: 30, 2: 30, 1: 1}
PLAY_NODES = {7: 400_000, 6: 160_000, 5: 60_000, 4: 40_000, 3: 30_000, 2: 30_000, 1: 1}
#: A play with fewer deals solved than this (and not settled by them) goes to playouts.
FEWEST_SOLVED = 4
#: With this many tiles or more in hand (the opening tricks), only the candidates playouts
#: value most are solved, and ties between the best go to playouts.
SHORTLIST_FROM = 6
SHORTLIST = 3
#: In the opening tricks no choice is settled before this many deals are solved.
OPENING_DEALS = 8
#: Playouts per trump for a bid, and for the trump named after it (the same deals).
PROSPECT_PLAYOUTS = BID_PLAYOUTS * 2

# ----- bidding ---------------------------------------------------------------------------------

#: What passing is worth, in marks: after three passes (the hand is thrown in), over an
#: opponent's bid, and opening the auction. Against strong defence the chance model is
#: optimistic below about 0.6, so opening asks for a chance of 0.62 (``2p - 1 > 0.24``).
PASS_LAST = 0.0
PASS_OVER = 0.0
PASS_OPEN = 0.24


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
        return strong_classic.decide(observation, rng)
    if observation.phase is Phase.AUCTION:
        return auction_call(observation).action
    if observation.phase is Phase.TRUMP:
        return _name_trump(observation, rng)
    if observation.phase is Phase.PLAY:
        return decide_nello(observation, rng) or play(observation, rng).action
    return strong_classic.decide(observation, rng)


def decide_quickly(observation: Observation, rng: random.Random) -> Action:
    """A move without the solver or the auction's playouts, for a caller that is behind with its
    thinking: a play by sampled playouts within their budget of tiles (what this player falls
    back on when too few deals are solved), any other decision by the rules of thumb. At the
    first trick, where a full decision takes about 80 ms of CPU on average (up to 450), this
    takes about 10 (under 30)."""
    if observation.phase is Phase.PLAY:
        return decide_play(observation, rng, in_points=observation.goal.in_points)
    return rules.decide(observation, rng)


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
    seat = observation.seat
    assert seat is not None
    calls = observation.auction
    if observation.phase is not Phase.AUCTION:
        last = max(i for i, c in enumerate(calls) if c.seat == seat and isinstance(c.action, Bid))
        calls = calls[:last]
        observation = replace(observation, auction=calls, contract=None, trump=None,
                              phase=Phase.AUCTION)
    seed = f"{sorted(int(t) for t in observation.hand)}|{[str(c.action) for c in calls]}"
    return outlooks(observation, random.Random(seed), PROSPECT_PLAYOUTS)


def auction_call(observation: Observation) -> Call:
    """The call for 42's auction: a house-rule bid the hand calls for (Splash, Plunge, Nello),
    else the call worth most (:func:`call`), and a bid when the dealer may not pass."""
    special = house_call(observation, max(
        rules.suit_strength(observation.hand, t) for t in rules.trump_choices(FORTY_TWO)))
    if special is not None:
        return Call(special, None)
    found = call(observation)
    action = rules.legal_call(found.action, observation.legal)
    return found if action == found.action else Call(action, None)


def call(observation: Observation) -> Call:
    """The call worth most in expected marks (see the module's docstring)."""
    seat = observation.seat
    assert seat is not None
    high = observation.high_bid
    side_of = observation.variant.seating.side_of
    if high is not None and side_of[high.declarer] == side_of[seat]:
        return Call(Pass(), None)  # the partner holds the bid: never bid against them
    mine = mask_of(observation.hand)
    if max(strength(mine, t) for t in range(8)) < SCREEN_STRENGTH:
        return Call(Pass(), None)
    found = prospects(observation)
    marks_bids = [a for a in observation.legal
                  if isinstance(a, Bid) and a.is_marks and a.kind is BidKind.PLAIN]
    sweeper = max(found, key=lambda o: (o.share(42), o.strength))
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
    chance = best.chance(lowest)
    if 2 * chance - 1 <= _pass_worth(observation):
        return Call(Pass(), None)
    return Call(points_bids[0], best)


def _pass_worth(observation: Observation) -> float:
    """What passing is worth in marks, from where the auction stands."""
    if observation.high_bid is not None:
        return PASS_OVER  # passing lets the opponents play their bid
    if len(observation.auction) == 3:
        return PASS_LAST  # passing throws the hand in (R-ALLPASS)
    return PASS_OPEN


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
        return strong_classic.decide(observation, rng)  # a forced or special contract
    found = prospects(observation)
    if contract.is_marks:
        best = max(found, key=lambda o: (o.share(42), o.strength))
    else:
        best = max(found, key=lambda o: (o.chance(contract.bid.points), o.strength))
    choice = NameTrump(best.trump, 1 if contract.is_marks else None)
    return choice if choice in observation.legal else strong_classic.decide(observation, rng)


# ----- play -----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PlayChoice:
    """A play and how it was found: the solver's search (``None`` when there was no choice to
    search), and whether playouts chose it because too few deals were solved."""

    action: Action
    search: PlaySearch | None
    by_playouts: bool


def play(observation: Observation, rng: random.Random) -> PlayChoice:
    """The play for 42: solved sampled deals, or playouts when too few could be solved in the
    budget; in the 250-point game, playouts valued in points (every point counts)."""
    facts = play_facts(observation)
    if facts is None:
        return PlayChoice(strong_classic.decide(observation, rng), None, False)
    if observation.goal.in_points:
        return PlayChoice(decide_play(observation, rng, in_points=True), None, True)
    candidates = play_candidates(observation, facts)
    if len(candidates) == 1:
        return PlayChoice(Play(TILES[candidates[0]]), None, False)
    left = len(observation.hand)
    opening = left >= SHORTLIST_FROM
    valued: dict[Play, int] | None = None
    if opening and len(candidates) > SHORTLIST:
        valued = playout_scores(observation, rng, [Play(TILES[t]) for t in candidates])
        candidates = _shortlist(candidates, valued)
    found = search_play(observation, facts, candidates, rng, PLAY_SAMPLES.get(left, 1),
                        PLAY_NODES.get(left, 1), learn_order=True,
                        settle_from=OPENING_DEALS if opening else 0)
    if found.solved < FEWEST_SOLVED and not found.settled:
        return PlayChoice(decide_play(observation, rng), found, True)
    if opening:
        return PlayChoice(_untied(observation, found, valued, rng), found, False)
    return PlayChoice(found.best, found, False)


def _shortlist(candidates: list[int], valued: dict[Play, int]) -> list[int]:
    """The few candidates that sampled playouts value most, in the rules of thumb's order: so
    many fewer tiles to solve that most deals are solved within the budget."""
    kept = sorted(valued, key=lambda p: -valued[p])[:SHORTLIST]  # stable: ties keep the order
    return [t for t in candidates if Play(TILES[t]) in kept]


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


__all__ = ["Call", "PlayChoice", "auction_call", "call", "decide", "decide_quickly", "play",
           "prospects"]
