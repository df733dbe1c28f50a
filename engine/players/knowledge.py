"""What one seat knows during play, read off its observation, and deals consistent with it.

Everything here comes from an :class:`~engine.observation.Observation`: the seat's own tiles,
the tiles it has seen (the trick in progress, and the captured tiles the table shows: all of them
on a points contract, R-SEE-POINTS, the last one or two tricks on a marks contract, R-SEE-MARKS),
the hand sizes, and the voids the trick in progress shows (a seat that did not follow the led
suit holds none of it, R-FOLLOW). Who played what in a completed trick is not shown
(R-SEE-ANON), so voids shown in earlier tricks are not known here.

A *sample* is one way the unseen tiles could lie: each other seat gets as many as it holds,
none of the suits it is known to be void in; on a marks contract the tiles of the covered tricks
are among the unseen, so the tiles left over are the ones taken to have been played.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from ..actions import Pass
from ..dominoes import DOUBLES_MASK, TILES, Domino, mask_of
from ..hand import Phase
from ..observation import Observation
from ..trumps import Trump, winning_play
from ..variants import FORTY_TWO, Variant

_SAMPLE_TRIES = 60


@dataclass(frozen=True, slots=True)
class PlayFacts:
    """The public facts of a hand in play, as the seat ``seat`` sees them."""

    seat: int
    model: int
    """The trick model (``int(trump)`` for the standard trumps)."""
    leader: int
    """Who led the trick in progress (the seat to act when it is still to be led)."""
    trick: tuple[tuple[int, int], ...]
    mine: int
    """This seat's tiles, as a mask."""
    unseen: int
    """Tiles this seat has not seen: in the other hands, in covered tricks, left over or
    discarded by another seat."""
    sizes: tuple[int, ...]
    barred: tuple[int, ...]
    """Per seat, the tiles it cannot hold: the suits it showed void in this trick."""
    team: int
    """The declarers' side."""
    marks: bool
    """A contract that takes every trick (a marks contract, or a moon)."""
    need: int
    """Points contract: the points the declarers still need, the trick in progress included.
    Marks contract: 0 (every point in play is needed; a sample tells how many that is)."""
    variant: Variant = FORTY_TWO
    allies: tuple[bool, ...] = (True, False, True, False)
    """Per seat, whether it plays for the declarers (V-GEN-SEATS: the defenders of a game each
    for oneself defend together)."""
    led_suit: int = 0
    """The suit of the trick in progress (V-BIG-LEAD-LOW), when it has been led."""

    @property
    def ours(self) -> bool:
        """Whether this seat is one of the declarers."""
        return self.allies[self.seat]

    def together(self, one: int, other: int) -> bool:
        """Whether two seats play on the same side of this hand."""
        return self.allies[one] == self.allies[other]


def allies_of(variant: Variant, declarer: int) -> tuple[bool, ...]:
    """Per seat, whether it plays for the declarer's side this hand."""
    side_of = variant.seating.side_of
    return tuple(side_of[s] == side_of[declarer] for s in variant.seating.seats)


def play_facts(observation: Observation) -> PlayFacts | None:
    """The facts of the hand in play, or ``None`` outside play or under a house-rule trump
    (Nello, Sevens) that the players do not model."""
    contract = observation.contract
    trump = observation.trump
    seat = observation.seat
    variant = observation.variant
    if (observation.phase is not Phase.PLAY or contract is None or trump is None
            or seat is None or trump not in variant.trumps or observation.sitting_out is not None):
        return None
    model = int(trump)
    tables = variant.tables
    trick = tuple((int(s), int(t)) for s, t in observation.trick)
    leader = trick[0][0] if trick else int(seat)
    mine = mask_of(observation.hand)
    seen = (mine | mask_of(t for _, t in trick) | mask_of(observation.discards)
            | mask_of(observation.leftover) | mask_of(observation.face_up_discards))
    for pile in observation.captured:
        seen |= mask_of(pile.tiles)
    if observation.last_trick is not None:
        seen |= mask_of(observation.last_trick.tiles)
    barred = [0] * variant.seating.count
    suit = 0
    if trick:
        suit = tables.led[model][trick[0][1]]
        if observation.low_lead:
            suit = Domino(trick[0][1]).low
        suit_mask = tables.follow[model][suit]
        for s, t in trick[1:]:
            if not suit_mask >> t & 1:
                barred[s] |= suit_mask
    side = variant.seating.side_of[contract.declarer]
    if contract.takes_every_trick or observation.points is None:
        need = 0
    else:
        need = contract.bid.points - observation.points[side]
    return PlayFacts(
        seat=int(seat), model=model, leader=leader, trick=trick, mine=mine,
        unseen=variant.set_mask & ~seen, sizes=observation.hand_sizes, barred=tuple(barred),
        team=int(side), marks=contract.takes_every_trick, need=need, variant=variant,
        allies=allies_of(variant, contract.declarer), led_suit=suit)


def trick_winner(model: int, trick: tuple[tuple[int, int], ...],
                 variant: Variant = FORTY_TWO, suit: int | None = None) -> tuple[int, int]:
    """The seat winning the trick in progress so far and its power (R-WIN)."""
    tables = variant.tables
    return winning_play(
        tables.power[model][tables.led[model][trick[0][1]] if suit is None else suit], trick)


def trick_points(trick: tuple[tuple[int, int], ...], variant: Variant = FORTY_TWO) -> int:
    return sum(variant.count[t] for _, t in trick)


def sample_hands(facts: PlayFacts, rng: random.Random) -> list[int] | None:
    """One deal of the unseen tiles consistent with the facts, as four masks (this seat's own
    included); ``None`` if none was found (the facts contradict each other)."""
    others = [s for s in range(len(facts.sizes)) if s != facts.seat]
    tiles = [t for t in range(facts.unseen.bit_length()) if facts.unseen >> t & 1]
    return deal_tiles(tiles, {s: facts.sizes[s] for s in others},
                      {s: facts.barred[s] for s in others}, facts.mine, facts.seat, rng)


def deal_tiles(tiles: list[int], sizes: dict[int, int], barred: dict[int, int], mine: int,
               seat: int, rng: random.Random) -> list[int] | None:
    """Give each seat of ``sizes`` that many of ``tiles``, none it is barred from; the tiles
    left over (there are some only on a marks contract) are dropped. Close to uniform: each
    tile goes to a seat with room in proportion to the room left, the most constrained first."""
    spare = len(tiles) - sum(sizes.values())
    if spare < 0:
        return None
    seats = list(sizes)
    for _ in range(_SAMPLE_TRIES):
        rng.shuffle(tiles)
        order = sorted(tiles, key=lambda t: sum(1 for s in seats if barred[s] >> t & 1),
                       reverse=True)
        room = dict(sizes)
        hands = [0] * (max(*sizes, seat) + 1)  # one mask per seat
        hands[seat] = mine
        dropped = 0
        failed = False
        for tile in order:
            open_seats = [s for s in seats if room[s] and not barred[s] >> tile & 1]
            total = sum(room[s] for s in open_seats) + (spare - dropped)
            if total == 0:
                failed = True
                break
            pick = rng.randrange(total)
            for s in open_seats:
                pick -= room[s]
                if pick < 0:
                    hands[s] |= 1 << tile
                    room[s] -= 1
                    break
            else:
                dropped += 1
        if not failed and not any(room.values()):
            return hands
    return None


# ----- what the auction says -------------------------------------------------------------------

SUIT_MASKS: tuple[int, ...] = tuple(mask_of(t for t in TILES if t.has(s)) for s in range(7))
_SIX_SIX = 1 << 27

#: Bidders are taken to hold a hand about this strong, passers one weaker than this.
BIDDER_STRENGTH = 4.5
PASSER_STRENGTH = 5.0
_STEEPNESS = 2.0


def strength(mask: int, trump: int) -> float:
    """Trumps held, one more for the trump double, half a point per other double: the rough
    count a player bids on (the same as :func:`engine.players.rules.suit_strength`)."""
    if trump == Trump.DOUBLES:
        return (mask & DOUBLES_MASK).bit_count() + (1.0 if mask & _SIX_SIX else 0.0)
    suit = SUIT_MASKS[trump]
    double = DOUBLES_MASK & suit
    value = float((mask & suit).bit_count()) + (1.0 if mask & double else 0.0)
    return value + 0.5 * (mask & DOUBLES_MASK & ~suit).bit_count()


def best_strength(mask: int) -> float:
    return max(strength(mask, trump) for trump in _BID_TRUMPS)


_BID_TRUMPS = (*range(7), int(Trump.DOUBLES))


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


@dataclass(frozen=True, slots=True)
class AuctionEvidence:
    """Per seat, what its calls suggest: ``(bid, trump)`` for a bid (with the trump it named, if
    it is the declarer and trump is known), ``(False, None)`` for a telling pass — one made
    when its partner did not hold the high bid."""

    calls: tuple[tuple[int, bool, int | None], ...]

    @classmethod
    def of(cls, observation: Observation) -> AuctionEvidence:
        found: list[tuple[int, bool, int | None]] = []
        high_team: int | None = None
        contract = observation.contract
        trump = observation.trump
        for call in observation.auction:
            seat = int(call.seat)
            if seat == observation.seat:
                continue
            if isinstance(call.action, Pass):
                if high_team != seat & 1:
                    found.append((seat, False, None))
                continue
            named = None
            if (contract is not None and contract.declarer == seat and trump is not None
                    and int(trump) in _BID_TRUMPS):
                named = int(trump)
            found.append((seat, True, named))
            high_team = seat & 1
        return cls(tuple(found))

    def weight(self, hands: list[int], complete: int) -> float:
        """How likely the calls are with ``hands`` (1 at most); only seats in the bit set
        ``complete`` (whose hands are still close to what they held in the auction) count."""
        weight = 1.0
        for seat, bid, trump in self.calls:
            if not complete >> seat & 1:
                continue
            hand = hands[seat]
            if bid:
                held = strength(hand, trump) if trump is not None else best_strength(hand)
                weight *= _logistic(_STEEPNESS * (held - BIDDER_STRENGTH))
            else:
                weight *= 1.0 - 0.8 * _logistic(_STEEPNESS * (best_strength(hand)
                                                              - PASSER_STRENGTH))
        return weight


def weighted_sample(draw: Callable[[], list[int] | None], weigh: Callable[[list[int]], float],
                    rng: random.Random, tries: int = 24) -> list[int] | None:
    """A deal drawn by ``draw`` and kept with probability ``weigh(deal)`` (rejection sampling);
    after ``tries`` refusals, the likeliest deal seen."""
    best: tuple[float, list[int]] | None = None
    for _ in range(tries):
        hands = draw()
        if hands is None:
            return None
        weight = weigh(hands)
        if rng.random() < weight:
            return hands
        if best is None or weight > best[0]:
            best = (weight, hands)
    return best[1] if best is not None else None
