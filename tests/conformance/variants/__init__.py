"""The other games of the 42 family, read a second time from docs/VARIANTS.md and the "Variants"
section of docs/REPLAY.md, to check the engine's `python -m engine.replay` against.

Like `reference`, it is plain on purpose: one `Variant` value holds a game's numbers (set, seats,
sides, hand size, leftover, counters, trick value, bid range, scoring), and one `VariantHand`
follows a hand through the auction, the leftover step, trump, play and scoring, with the few
places where the games differ written out by name. Input the documents call malformed raises
`Malformed`; input they leave open raises `Unspecified`; an illegal action raises `Refused`.
Readings of unclear text carry a comment starting "Reading" with the V-id.

The rooms: `games` (each game as data, and its tile names), `tricks` (following and winning),
`validation` (whether a document is well formed), `hand` (`VariantHand`, the hand's state
machine) and `replay` (a document in, its output out).

>>> out = replay_variant({"variant": "moon", "dealer": 0, "hands": MOON_EXAMPLE[:3],
...                       "leftover": MOON_EXAMPLE[3], "actions": [
...     {"seat": 1, "action": "pass"}, {"seat": 2, "action": "pass"},
...     {"seat": 0, "action": "pass"}]})
>>> out["outcome"], out["score"]
({'redeal': True, 'score': [0, 0, 0], 'next_dealer': 1}, [0, 0, 0])
"""

from tests.conformance.variants.games import (
    LOW_LEADS,
    MOON_EXAMPLE,
    VARIANTS,
    WATER,
    Variant,
    parse_variant_tile,
)
from tests.conformance.variants.hand import VariantHand
from tests.conformance.variants.replay import new_variant_hand, replay_variant

__all__ = [
    "LOW_LEADS",
    "MOON_EXAMPLE",
    "VARIANTS",
    "WATER",
    "Variant",
    "VariantHand",
    "new_variant_hand",
    "parse_variant_tile",
    "replay_variant",
]
