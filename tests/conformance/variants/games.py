"""The games of the family as data (docs/VARIANTS.md): one `Variant` value a game, holding the
numbers every rule reads, and the names its tiles are written with."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from tests.conformance.reference import COUNT, Malformed, Tile

# A deal of Moon used in examples: three hands of seven and the widow.
MOON_EXAMPLE = [
    ["0-0", "1-1", "1-2", "1-3", "1-4", "1-5", "1-6"],
    ["2-2", "2-3", "2-4", "2-5", "2-6", "3-3", "3-4"],
    ["3-5", "3-6", "4-4", "4-5", "4-6", "5-5", "5-6"],
    ["6-6"],
]

WATER = {"dip": (3, 2), "dive": (4, 3), "plunge": (5, 4)}  # V-GEEZER-WATER: doubles, least marks
LOW_LEADS = ((3, 7), (2, 8))  # V-BIG-LEAD-LOW


# ---------------------------------------------------------------------------------------------
# The games


@dataclass(frozen=True)
class Variant:
    """One game of the family: the numbers every rule reads."""

    name: str
    top: int  # a double-N set (V-GEN-SET)
    removed: frozenset[Tile]
    copies: int  # 1, or 2 in 72 and 84
    seats: int
    hand_size: int  # also the number of tricks
    leftover: int  # widow or boneyard tiles (V-GEN-DEAL)
    teams: int | None  # team of a seat is seat % teams; None: each for oneself (V-GEN-SEATS)
    counters: dict[Tile, int]
    trick_value: int
    points_bids: tuple[int, ...]  # Moon's number bids count tricks
    marks_bids: bool
    scored_in: str  # "marks" or "points"
    target: int

    def faces(self) -> list[Tile]:
        return [
            (a, b)
            for a in range(self.top + 1)
            for b in range(a, self.top + 1)
            if (a, b) not in self.removed
        ]

    def full_set(self) -> Counter[Tile]:
        return Counter({face: self.copies for face in self.faces()})

    def suits(self) -> set[int]:
        """V-GEN-SUITS: the numbers present in the set."""
        return {end for face in self.faces() for end in face}

    def sides(self) -> int:
        return self.teams if self.teams is not None else self.seats

    def side_of(self, seat: int) -> int:
        return seat % self.teams if self.teams is not None else seat

    def partner_of(self, seat: int) -> int:
        """The declarer's partner in a game of two teams of two (Geezer's water bids)."""
        assert self.teams == 2 and self.seats == 4
        return (seat + 2) % 4

    def total_points(self) -> int:
        """V-GEN-POINTS: tricks times their value plus every counter of the set."""
        counted = sum(self.counters.get(face, 0) * n for face, n in self.full_set().items())
        return self.hand_size * self.trick_value + counted


def _multiples_of_five(top: int) -> dict[Tile, int]:
    """V-140-POINTS: every tile whose pips total 5, 10 or 15 is worth that total."""
    return {
        (a, b): a + b for a in range(top + 1) for b in range(a, top + 1) if a + b in (5, 10, 15)
    }


VARIANTS: dict[str, Variant] = {
    # V-MOON-TABLE, V-MOON-SET, V-MOON-DEAL, V-MOON-POINTS, V-MOON-AUCTION, V-MOON-GAME
    "moon": Variant(
        name="moon",
        top=6,
        removed=frozenset((0, b) for b in range(1, 7)),
        copies=1,
        seats=3,
        hand_size=7,
        leftover=1,
        teams=None,
        counters={},
        trick_value=1,
        points_bids=tuple(range(4, 8)),
        marks_bids=False,
        scored_in="points",
        target=21,
    ),
    # V-THREE-TABLE, V-THREE-SET, V-THREE-POINTS, V-THREE-AUCTION, V-THREE-GAME
    "three": Variant(
        name="three",
        top=6,
        removed=frozenset({(0, 1)}),
        copies=1,
        seats=3,
        hand_size=9,
        leftover=0,
        teams=None,
        counters=dict(COUNT),
        trick_value=1,
        points_bids=tuple(range(30, 44)),
        marks_bids=True,
        scored_in="marks",
        target=7,
    ),
    # V-BIG-TABLE, V-BIG-SET, V-BIG-POINTS, V-BIG-AUCTION, V-BIG-GAME
    "big": Variant(
        name="big",
        top=8,
        removed=frozenset(),
        copies=1,
        seats=4,
        hand_size=11,
        leftover=1,
        teams=2,
        counters={**COUNT, (3, 7): 10, (2, 8): 10},
        trick_value=1,
        points_bids=tuple(range(42, 66)),
        marks_bids=True,
        scored_in="points",
        target=400,
    ),
    # V-140-TABLE, V-140-SET, V-140-POINTS, V-140-AUCTION, V-140-GAME
    "140": Variant(
        name="140",
        top=9,
        removed=frozenset(),
        copies=1,
        seats=6,
        hand_size=9,
        leftover=1,
        teams=3,
        counters=_multiples_of_five(9),
        trick_value=5,
        points_bids=tuple(range(100, 136, 5)),
        marks_bids=True,
        scored_in="points",
        target=500,
    ),
    # V-GEEZER-TABLE, V-GEEZER-SET, V-GEEZER-POINTS, V-GEEZER-AUCTION, V-GEEZER-SCORE
    "geezer": Variant(
        name="geezer",
        top=7,
        removed=frozenset(),
        copies=1,
        seats=4,
        hand_size=9,
        leftover=0,
        teams=2,
        counters={**COUNT, (3, 7): 10},
        trick_value=1,
        points_bids=tuple(range(39, 54)),
        marks_bids=True,
        scored_in="marks",
        target=7,
    ),
    # V-72-TABLE, V-72-SET, V-72-POINTS, V-72-AUCTION, V-72-SCORE
    "72": Variant(
        name="72",
        top=6,
        removed=frozenset((0, b) for b in range(7)),
        copies=2,
        seats=4,
        hand_size=10,
        leftover=2,
        teams=2,
        counters={(1, 4): 5, (2, 3): 5, (4, 6): 10, (5, 5): 10},
        trick_value=1,
        points_bids=tuple(range(40, 70)),
        marks_bids=True,
        scored_in="marks",
        target=7,
    ),
    # V-84-TABLE, V-84-SET, V-84-POINTS, V-84-AUCTION, V-84-SCORE
    "84": Variant(
        name="84",
        top=6,
        removed=frozenset(),
        copies=2,
        seats=8,
        hand_size=7,
        leftover=0,
        teams=2,
        counters=dict(COUNT),
        trick_value=2,
        points_bids=tuple(range(60, 84)),
        marks_bids=True,
        scored_in="marks",
        target=7,
    ),
}


# ---------------------------------------------------------------------------------------------
# Tile names


def parse_variant_tile(variant: Variant, name: Any) -> Tile:
    """`"a-b"` with 0 <= a, b <= N, either end first; anything else is malformed. A name the
    variant removed from its set is still a name (REPLAY.md "Variants": held by nobody)."""
    if not isinstance(name, str):
        raise Malformed(f"a tile must be written 'a-b', not {name!r}")
    digits = {str(n) for n in range(variant.top + 1)}
    parts = name.split("-")
    if len(parts) != 2 or parts[0] not in digits or parts[1] not in digits:
        raise Malformed(f"unknown tile {name!r} for a double-{variant.top} set")
    a, b = int(parts[0]), int(parts[1])
    return (min(a, b), max(a, b))
