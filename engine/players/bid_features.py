"""What the calibrated bidder reads of a hand declaring a trump, and of the calls before it.

A hand's worth as declarer under a trump comes down to a few counts a player makes at a glance
(its trumps and their top, its other doubles, the count it holds and how much of it is exposed,
its voids); the calls before it say what the other hands hold (an opponent who bid is strong, a
partner who passed is not). :func:`features` turns both into the numbers
:mod:`engine.players.bid_model` weighs, the same at fitting and at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..dominoes import COUNT, DOUBLES_MASK
from ..trumps import POWER, SPECIAL_SUIT, Trump
from .knowledge import SUIT_MASKS, strength

#: A hand weaker than this under every trump (:func:`knowledge.strength`) is not worth asking.
SCREEN = 3.0
#: The trumps bid on in 42: the seven suits and the doubles.
BID_TRUMPS = (*range(7), int(Trump.DOUBLES))
#: The levels a bid names: the points bids, and 42 for a marks bid (every trick).
LEVELS = tuple(range(30, 43))
#: Tile number to count (R-POINTS) for the 28 tiles.
_COUNT = COUNT[:28]
#: Per trump, its tiles from the highest down.
_TRUMPS_DOWN = {
    trump: sorted((t for t in range(28) if (SUIT_MASKS[trump] if trump < 7 else DOUBLES_MASK)
                   >> t & 1), key=lambda t, m=trump: -POWER[m][SPECIAL_SUIT][t])  # type: ignore[misc]
    for trump in BID_TRUMPS}

NAMES = ("bias", "trumps", "trumps squared", "top trump", "top three trumps", "other doubles",
         "count", "exposed count", "voids", "doubles trump", "highest opposing bid",
         "an opponent bid", "opponents passed", "partner passed", "partner bid")
"""What each feature is, in order (the model's data lists its weights under these names)."""


class Earlier(NamedTuple):
    """A call before this hand's: whether the partner made it, and its level (0 for a pass,
    a points bid's points, 42 for each mark of a marks bid)."""

    by_partner: bool
    level: int


def trumps_by_strength(hand: int) -> list[tuple[int, float]]:
    """The trumps of 42 with this hand's strength in each, strongest first (ties: the order of
    :data:`BID_TRUMPS`)."""
    ranked = [(trump, strength(hand, trump)) for trump in BID_TRUMPS]
    return sorted(ranked, key=lambda pair: -pair[1])


def features(hand: int, trump: int, earlier: Sequence[Earlier]) -> tuple[float, ...]:
    """The numbers :data:`NAMES` describes, for ``hand`` (a mask of tile numbers) declaring
    ``trump`` after the calls ``earlier``."""
    trumps = SUIT_MASKS[trump] if trump < 7 else DOUBLES_MASK
    held = hand & trumps
    count = exposed = 0
    for t in range(28):
        if hand >> t & 1 and _COUNT[t]:
            count += _COUNT[t]
            if not (trumps | DOUBLES_MASK) >> t & 1:
                exposed += _COUNT[t]
    off = hand & ~trumps & ~DOUBLES_MASK
    voids = sum(1 for s in range(7) if s != trump and not off & SUIT_MASKS[s])
    top = _TRUMPS_DOWN[trump]
    n = held.bit_count()
    opposing = [e.level for e in earlier if not e.by_partner and e.level]
    return (1.0, float(n), n * n / 7, float(hand >> top[0] & 1),
            float(sum(hand >> t & 1 for t in top[:3])),
            float((hand & DOUBLES_MASK & ~trumps).bit_count()), count / 5, exposed / 5,
            float(voids), float(trump == Trump.DOUBLES),
            (min(max(opposing), 42) - 30) / 10 if opposing else 0.0, float(bool(opposing)),
            float(sum(1 for e in earlier if not e.by_partner and not e.level)),
            float(any(e.by_partner and not e.level for e in earlier)),
            float(any(e.by_partner and e.level for e in earlier)))
