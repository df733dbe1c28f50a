"""The strong player's auction, widow and trump for Moon (V-MOON-*), from sampled playouts.

In Moon a made bid scores the tricks taken, not the bid (V-MOON-SCORE), so a higher number only
serves to win the auction, and winning it is worth a lot: the declarer takes the widow, names
trump and leads. A moon is worth 21, which from a score of zero or more ends the game in the
declarer's favour (V-MOON-GAME). So the hand is valued as declarer: deals of the unseen tiles
are sampled, the widow (one of them) joins the hand, the strongest trump is named, the weakest
tile laid down, and the hand played out by rules of thumb (:func:`playouts.whole_hand`). The
tricks taken say what each legal call is worth on average, and the call worth most is made;
passing is worth the tricks a defender takes. With the widow in hand, each discard and trump
is tried on sampled deals in the same way, for the contract the declarer holds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Action, Bid, BidKind, Discard, NameTrump, Pass
from ..dominoes import Domino, mask_of, tile_of
from ..hand import Phase
from ..observation import Observation
from ..trumps import SPECIAL_SUIT, Trump
from ..variants import Variant
from .knowledge import allies_of, deal_tiles
from .playouts import whole_hand
from .rules import suit_strength, trump_choices

#: Deals sampled to value the hand in the auction, and per discard and trump with the widow.
AUCTION_DEALS = 96
SWAP_DEALS = 40
#: Trumps tried per discard, the strongest by :func:`rules.suit_strength`.
TRUMPS_TRIED = 3
#: What passing is worth: about the tricks a defender takes.
DEFENDER_TRICKS = 1.6
#: Added to an outcome that takes the declarer to the target: the game is won (V-MOON-GAME).
GAME_WON = 12.0
_MOON_VALUE = {BidKind.MOON: 21, BidKind.OVER_MOON: 42}


def decide(observation: Observation, rng: random.Random) -> Action | None:
    """The call, discard or trump for Moon's auction and widow; ``None`` in play."""
    if observation.phase is Phase.AUCTION:
        return _call(observation, rng)
    if observation.phase is Phase.DISCARD:
        discard, _ = _best_setup(observation, rng)
        return discard
    if observation.phase is Phase.TRUMP:
        _, trump = _best_setup(observation, rng)
        return trump
    return None


# ----- the auction ----------------------------------------------------------------------------

def _call(observation: Observation, rng: random.Random) -> Action:
    seat = observation.seat
    assert seat is not None
    variant = observation.variant
    mine = mask_of(observation.hand)
    unseen = [t for t in variant.tiles if not mine >> t & 1]
    others = {int(s): variant.hand_size for s in variant.seating.seats if s != seat}
    allies = allies_of(variant, seat)
    tricks = []
    for _ in range(AUCTION_DEALS):
        hands = deal_tiles([int(t) for t in unseen], others, dict.fromkeys(others, 0), mine,
                           seat, rng)
        if hands is None:
            break
        dealt = 0
        for s in others:
            dealt |= hands[s]
        widow = variant.set_mask & ~mine & ~dealt
        eight = mine | widow
        trump = _strongest(variant, eight)
        hands[seat] = eight & ~(1 << _weakest(variant, eight, trump))
        taken, _ = whole_hand(variant, int(trump), hands, seat, allies)
        tricks.append(taken // variant.trick_value)
    if not tricks:
        return Pass()
    score = observation.score[variant.seating.side_of[seat]]
    values = {action: _worth(action, tricks, score, variant.target)
              for action in observation.legal}
    best = max(values, key=lambda a: values[a])
    return best if values[best] > values.get(Pass(), DEFENDER_TRICKS) else Pass()


def _worth(action: Action, tricks: Sequence[int], score: int, target: int) -> float:
    """The average score a call brings, over the tricks the sampled hands took as declarer."""
    if not isinstance(action, Bid):
        return DEFENDER_TRICKS
    total = 0.0
    for taken in tricks:
        if action.kind.is_moon:
            value = _MOON_VALUE[action.kind]
            gain = value if taken == 7 else -value
        else:
            gain = taken if taken >= action.points else -action.points
        total += gain + (GAME_WON if gain > 0 and score + gain >= target else 0.0)
    return total / len(tricks)


# ----- the widow and trump --------------------------------------------------------------------

def _best_setup(observation: Observation, rng: random.Random) -> tuple[Action, Action]:
    """The discard and trump worth most for the contract held, on the same sampled deals."""
    seat = observation.seat
    contract = observation.contract
    assert seat is not None and contract is not None
    variant = observation.variant
    held = mask_of(observation.hand)
    gone = held | mask_of(observation.discards)
    unseen = [int(t) for t in variant.tiles if not gone >> t & 1]
    others = {int(s): variant.hand_size for s in variant.seating.seats if s != seat}
    allies = allies_of(variant, seat)
    deals = [d for d in (deal_tiles(unseen, others, dict.fromkeys(others, 0), held, seat, rng)
                         for _ in range(SWAP_DEALS)) if d is not None]
    discards: list[Discard | None] = [a for a in observation.legal if isinstance(a, Discard)]
    if not discards:
        discards.append(None)  # trump only: the discard is made
    best: tuple[float, Action, Action] | None = None
    for discard in discards:
        hand = held if discard is None else held & ~mask_of(discard.tiles)
        for trump in _strongest_few(variant, hand):
            value = 0.0
            for hands in deals:
                trial = list(hands)
                trial[seat] = hand
                taken, _ = whole_hand(variant, int(trump), trial, seat, allies)
                tricks = taken // variant.trick_value
                bid = contract.bid
                if bid.kind.is_moon:
                    value += tricks == 7
                else:
                    value += tricks if tricks >= bid.points else -bid.points
            if best is None or value > best[0]:
                best = (value, discard or Pass(), NameTrump(trump))
    assert best is not None
    _, discard_choice, trump_choice = best
    if trump_choice not in observation.legal and observation.phase is Phase.TRUMP:
        trump_choice = next(a for a in observation.legal if isinstance(a, NameTrump))
    return discard_choice, trump_choice


def _tiles(mask: int) -> tuple[Domino, ...]:
    return tuple(tile_of(t) for t in range(mask.bit_length()) if mask >> t & 1)


def _strongest_few(variant: Variant, mask: int) -> list[Trump]:
    hand = _tiles(mask)
    return sorted(trump_choices(variant), key=lambda t: suit_strength(hand, t, variant.top),
                  reverse=True)[:TRUMPS_TRIED]


def _strongest(variant: Variant, mask: int) -> Trump:
    return _strongest_few(variant, mask)[0]


def _weakest(variant: Variant, mask: int, trump: Trump) -> int:
    """The tile the hand needs least under ``trump``: no trump, no double, the fewest pips."""
    trumps = variant.tables.follow[int(trump)][SPECIAL_SUIT]
    return min(_tiles(mask), key=lambda t: (bool(trumps >> t & 1), t.is_double, t.pips))
