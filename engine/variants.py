"""The games of the 42 family as values: one immutable :class:`Variant` per game.

A variant states its numbers once — the set, the seats and sides, hand size and leftover, the
counters and trick value, the auction, the leftover step and the scoring (VARIANTS.md, V-…;
docs/VARIANTS.md in the project's words) — and the rules path reads them back from it, as
OpenSpiel's parameterised games do. 42 (RULES.md) is one variant among eight, the default.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property, lru_cache

from .actions import NameTrump
from .dominoes import FACES, Domino, mask_of, tile_of
from .seats import FOUR_SEATS, Seating, Team
from .trumps import TrickTables, Trump, trick_tables


class AuctionKind(Enum):
    ONE_ROUND = "one_round"
    """Each player speaks once, from the left of the dealer (R-AUCTION)."""
    ROUND_AND_ROUND = "round_and_round"
    """Turns go round until all but the highest bidder have passed (V-BIG-AUCTION)."""


class LeftoverStep(Enum):
    """What the declarer does with the leftover (V-GEN-DEAL), if the game has one."""

    NONE = "none"
    SWAP_ONE = "swap_one"
    """Before trump: take the leftover, discard one tile face down (V-MOON-WIDOW,
    V-140-BONEYARD)."""
    TAKE_OR_LEAVE = "take_or_leave"
    """Before trump: take the tile (and discard one) or leave it (V-BIG-LEFTOVER)."""
    AFTER_TRUMP = "after_trump"
    """After trump: take the widow, discard as many tiles as it held (V-72-WIDOW)."""


class Scoring(Enum):
    MARKS = "marks"
    """Contracts are worth marks; R-EARLY-END ends a hand as soon as it is decided (R-AWARD)."""
    POINTS = "points"
    """Every trick is played and the points are scored (H-POINTS, V-BIG-SCORE)."""
    TEAM_POINTS = "team_points"
    """Every trick is played; a set declaring team scores minus its bid (V-140-SCORE)."""
    MOON = "moon"
    """Tricks each for oneself; a set declarer scores minus the bid (V-MOON-SCORE)."""

    @property
    def in_points(self) -> bool:
        """Whether the game's totals are points (``score``) rather than marks."""
        return self is not Scoring.MARKS

    @property
    def below_zero(self) -> bool:
        """Whether a set declarer's score may go below zero (V-MOON-SCORE, V-140-SCORE)."""
        return self is Scoring.MOON or self is Scoring.TEAM_POINTS


@dataclass(frozen=True, eq=False)
class Variant:
    """One game of the family. The numbers are the rules' (V-GEN); derived tables are built
    from them once. There is one value per game (pickled by name), so a variant is equal only
    to itself and hashes as fast as an object does: the rules use it as a cache key.

    >>> FORTY_TWO.total_points, BIG_GAME.total_points, ONE_FORTY.total_points
    (42, 66, 140)
    >>> len(SEVENTY_TWO.tiles), SEVENTY_TWO.leftover, MOON.seating.count
    (42, 2, 3)
    """

    name: str
    top: int
    """The set is double-``top`` (V-GEN-SET)."""
    removed: frozenset[Domino]
    copies: int
    seating: Seating
    hand_size: int
    counters: tuple[tuple[Domino, int], ...]
    trick_value: int
    auction: AuctionKind
    points_bids: range
    """Points bids allowed (Moon's count tricks), in steps of the range's step."""
    marks_bids: bool
    leftover_step: LeftoverStep
    scoring: Scoring
    target: int
    """Marks (or points) that win the game (R-GAME, H-POINTS, V-…-GAME)."""
    one_mark_above: int | None = None
    """Geezer's ladder: a 1-mark bid ranks just above this points bid (V-GEEZER-AUCTION)."""
    moon_bids: bool = False
    water_bids: bool = False
    lead_low: frozenset[Domino] = frozenset()
    """Tiles whose leader may call their lower end (V-BIG-LEAD-LOW)."""
    house_rules: bool = False
    """Whether a table may add HOUSE-RULES.md's options (only standard 42 does)."""
    declarers_first: bool = True
    """Of several sides reaching the target in one hand, the declarers win (not V-THREE-GAME)."""

    tiles: tuple[Domino, ...] = field(init=False, compare=False, repr=False)
    """Every tile of the set, a second copy as a tile of its own (V-GEN-SET)."""
    set_mask: int = field(init=False, compare=False, repr=False)
    doubles_mask: int = field(init=False, compare=False, repr=False)
    count: tuple[int, ...] = field(init=False, compare=False, repr=False)
    """Counter value of each tile number (V-GEN-POINTS)."""
    total_points: int = field(init=False, compare=False, repr=False)
    """The points of a hand played to its last trick (V-GEN-POINTS)."""
    trick_facts: tuple[tuple[int, ...], int, tuple[Team, ...]] = field(
        init=False, compare=False, repr=False)
    """``(count, trick_value, side_of)``: what scoring a trick reads, in one look-up."""
    plain_plays: bool = field(init=False, compare=False, repr=False)
    """One play per tile held, none announced: no second copies, no low leads."""
    no_points: tuple[int, ...] = field(init=False, compare=False, repr=False)
    """Zero for each side, as a hand starts."""
    no_discards: tuple[tuple[Domino, ...], ...] = field(init=False, compare=False, repr=False)
    suits: tuple[int, ...] = field(init=False, compare=False, repr=False)
    """The numbers present in the set (V-GEN-SUITS; 72 has no blanks)."""
    trumps: tuple[Trump, ...] = field(init=False, compare=False, repr=False)
    """The trumps a declarer may name without house rules (R-TRUMP-CHOICE, V-GEN-SUITS)."""
    trump_calls: tuple[tuple[NameTrump, ...], tuple[NameTrump, ...]] = field(
        init=False, compare=False, repr=False)
    """Every way to name them, on a points contract and on a marks contract (R-PILES)."""

    def __post_init__(self) -> None:
        faces = [Domino.of(a, b, self.top) for b in range(self.top + 1) for a in range(b + 1)]
        kept = [f for f in faces if f not in self.removed]
        tiles = tuple(tile_of(f + copy * FACES) for copy in range(self.copies) for f in kept)
        values = dict(self.counters)
        count = tuple(values.get(tile_of(n).face, 0) if tile_of(n) in tiles else 0
                      for n in range(2 * FACES))
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "set_mask", mask_of(tiles))
        object.__setattr__(self, "doubles_mask", mask_of(t for t in tiles if t.is_double))
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "total_points",
                           self.hand_size * self.trick_value + sum(count[t] for t in tiles))
        object.__setattr__(self, "trick_facts", (count, self.trick_value, self.seating.side_of))
        object.__setattr__(self, "plain_plays", self.copies == 1 and not self.lead_low)
        object.__setattr__(self, "no_points", (0,) * self.seating.side_count)
        object.__setattr__(self, "no_discards", ((),) * self.seating.count)
        suits = tuple(s for s in range(self.top + 1) if any(t.has(s) for t in tiles))
        object.__setattr__(self, "suits", suits)
        trumps = (*(Trump.of_suit(s) for s in suits), Trump.DOUBLES, Trump.NONE)
        object.__setattr__(self, "trumps", trumps)
        object.__setattr__(self, "trump_calls", (trump_calls(trumps, False),
                                                 trump_calls(trumps, True)))

    @cached_property
    def tables(self) -> TrickTables:
        """The set's trick tables, built the first time a trick of this game is played: they
        take tens of milliseconds a game, which a process playing only 42 (a worker thinking
        for a computer player, the bot at start-up) need not spend on the other seven."""
        return trick_tables(frozenset(self.tiles))

    def __str__(self) -> str:
        return self.name

    def __reduce__(self) -> tuple[object, tuple[str]]:
        """Pickled by name, so an observation sent to another process still names the very
        variant it came from (``observation.variant is FORTY_TWO`` holds there too)."""
        return (variant_named, (self.name,))

    @property
    def leftover(self) -> int:
        """Tiles left after the deal (V-GEN-DEAL): widow or boneyard."""
        return len(self.tiles) - self.seating.count * self.hand_size

    def is_counter(self, tile: int) -> bool:
        return self.count[tile] > 0


@lru_cache(maxsize=64)
def trump_calls(trumps: tuple[Trump, ...], is_marks: bool,
                extra: tuple[Trump, ...] = ()) -> tuple[NameTrump, ...]:
    """Each trump with the piles a contract asks for (R-PILES)."""
    piles: tuple[int | None, ...] = (1, 2) if is_marks else (None,)
    return tuple(NameTrump(trump, pile) for trump in (*trumps, *extra) for pile in piles)


def _faces(text: str, top: int = 9) -> tuple[Domino, ...]:
    return tuple(Domino.parse(word, top) for word in text.split())


def _counters(*groups: tuple[str, int]) -> tuple[tuple[Domino, int], ...]:
    return tuple((face, value) for text, value in groups for face in _faces(text))


def _removed(faces: Iterable[Domino]) -> frozenset[Domino]:
    return frozenset(faces)


_R_POINTS = _counters(("0-5 1-4 2-3", 5), ("4-6 5-5", 10))

FORTY_TWO = Variant(
    name="42", top=6, removed=frozenset(), copies=1, seating=FOUR_SEATS, hand_size=7,
    counters=_R_POINTS, trick_value=1, auction=AuctionKind.ONE_ROUND,
    points_bids=range(30, 42), marks_bids=True, leftover_step=LeftoverStep.NONE,
    scoring=Scoring.MARKS, target=7, house_rules=True)
"""Texas 42 as RULES.md states it (R-SET, R-SEATS, R-POINTS, R-AUCTION, R-GAME)."""

MOON = Variant(
    name="moon", top=6, removed=_removed(_faces("0-1 0-2 0-3 0-4 0-5 0-6")), copies=1,
    seating=Seating.each_for_oneself(3), hand_size=7, counters=(), trick_value=1,
    auction=AuctionKind.ONE_ROUND, points_bids=range(4, 8), marks_bids=False,
    leftover_step=LeftoverStep.SWAP_ONE, scoring=Scoring.MOON, target=21, moon_bids=True)
"""V-MOON-TABLE, V-MOON-SET, V-MOON-DEAL, V-MOON-POINTS, V-MOON-AUCTION, V-MOON-GAME."""

THREE_HAND = Variant(
    name="three", top=6, removed=_removed(_faces("0-1")), copies=1,
    seating=Seating.each_for_oneself(3), hand_size=9, counters=_R_POINTS, trick_value=1,
    auction=AuctionKind.ONE_ROUND, points_bids=range(30, 44), marks_bids=True,
    leftover_step=LeftoverStep.NONE, scoring=Scoring.MARKS, target=7, declarers_first=False)
"""V-THREE-TABLE, V-THREE-SET, V-THREE-POINTS, V-THREE-AUCTION, V-THREE-GAME."""

BIG_GAME = Variant(
    name="big", top=8, removed=frozenset(), copies=1, seating=FOUR_SEATS, hand_size=11,
    counters=_counters(("0-5 1-4 2-3", 5), ("4-6 5-5 3-7 2-8", 10)), trick_value=1,
    auction=AuctionKind.ROUND_AND_ROUND, points_bids=range(42, 66), marks_bids=True,
    leftover_step=LeftoverStep.TAKE_OR_LEAVE, scoring=Scoring.POINTS, target=400,
    lead_low=frozenset(_faces("3-7 2-8")))
"""V-BIG-TABLE, V-BIG-SET, V-BIG-POINTS, V-BIG-AUCTION, V-BIG-LEAD-LOW, V-BIG-GAME."""

ONE_FORTY = Variant(
    name="140", top=9, removed=frozenset(), copies=1, seating=Seating.teams_of(6, 3),
    hand_size=9, counters=_counters(("0-5 1-4 2-3", 5), ("1-9 2-8 3-7 4-6 5-5", 10),
                                    ("6-9 7-8", 15)),
    trick_value=5, auction=AuctionKind.ONE_ROUND, points_bids=range(100, 136, 5),
    marks_bids=True, leftover_step=LeftoverStep.SWAP_ONE, scoring=Scoring.TEAM_POINTS,
    target=500)
"""V-140-TABLE, V-140-SET, V-140-POINTS, V-140-AUCTION, V-140-BONEYARD, V-140-GAME."""

GEEZER = Variant(
    name="geezer", top=7, removed=frozenset(), copies=1, seating=FOUR_SEATS, hand_size=9,
    counters=_counters(("0-5 1-4 2-3", 5), ("4-6 5-5 3-7", 10)), trick_value=1,
    auction=AuctionKind.ONE_ROUND, points_bids=range(39, 54), marks_bids=True,
    leftover_step=LeftoverStep.NONE, scoring=Scoring.MARKS, target=7, one_mark_above=45,
    water_bids=True)
"""V-GEEZER-TABLE, V-GEEZER-SET, V-GEEZER-POINTS, V-GEEZER-AUCTION, V-GEEZER-WATER."""

SEVENTY_TWO = Variant(
    name="72", top=6, removed=_removed(f for f in _faces(
        "0-0 0-1 0-2 0-3 0-4 0-5 0-6")), copies=2, seating=FOUR_SEATS, hand_size=10,
    counters=_counters(("1-4 2-3", 5), ("4-6 5-5", 10)), trick_value=1,
    auction=AuctionKind.ONE_ROUND, points_bids=range(40, 70), marks_bids=True,
    leftover_step=LeftoverStep.AFTER_TRUMP, scoring=Scoring.MARKS, target=7)
"""V-72-TABLE, V-72-SET, V-72-POINTS, V-72-AUCTION, V-72-WIDOW, V-72-SCORE."""

EIGHTY_FOUR = Variant(
    name="84", top=6, removed=frozenset(), copies=2, seating=Seating.teams_of(8, 2),
    hand_size=7, counters=_R_POINTS, trick_value=2, auction=AuctionKind.ONE_ROUND,
    points_bids=range(60, 84), marks_bids=True, leftover_step=LeftoverStep.NONE,
    scoring=Scoring.MARKS, target=7)
"""V-84-TABLE, V-84-SET, V-84-POINTS, V-84-AUCTION, V-84-SCORE."""

VARIANTS: dict[str, Variant] = {v.name: v for v in (
    FORTY_TWO, MOON, THREE_HAND, BIG_GAME, ONE_FORTY, GEEZER, SEVENTY_TWO, EIGHTY_FOUR)}
"""Every game by its name, as REPLAY.md and storage write it."""


def variant_named(name: str) -> Variant:
    """The variant called ``name`` (``"42"``, ``"moon"``, …); ``ValueError`` otherwise."""
    found = VARIANTS.get(name)
    if found is None:
        raise ValueError(f"unknown variant {name!r}: one of {', '.join(VARIANTS)}")
    return found
