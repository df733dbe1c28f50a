"""What a picture shows, and nothing more: frozen, hashable values that key the picture cache.

A scene knows no engine type, so it describes any table of the 42 family: 3, 4, 6 or 8 seats,
any number of sides (teams, or each for oneself), tiles of sets up to double-nine. Its words are
already in the reader's language; the renderer only draws them. Everything here is public for
the scene's viewer, since :mod:`.adapt` copies it from that viewer's observation.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

MAX_PIPS = 9
"""The highest end a tile may have: double-nine sets."""
MAX_HAND = 12
"""The most tiles a hand holds: 72's declarer with the widow, before discarding two."""


@dataclass(frozen=True, slots=True)
class Tile:
    """A face, high end first, with the marks that make trumps and count tiles stand out."""

    high: int
    low: int
    trump: bool = False
    count: int = 0
    """The points it is worth when captured; 0 for a tile that is not a counter."""

    def __post_init__(self) -> None:
        if not 0 <= self.low <= self.high <= MAX_PIPS:
            raise ValueError(f"a tile is high|low with 0 <= low <= high <= {MAX_PIPS}, not "
                             f"{self.high}|{self.low}")

    @property
    def label(self) -> str:
        """The way players write it: ``[6|4]``."""
        return f"[{self.high}|{self.low}]"


class Look(Enum):
    """How the sides are told apart around the table."""

    COMPASS = "compass"
    """42's four seats: two colours, partners opposite, as players know the table."""
    TEAMS = "teams"
    """Six or eight seats in teams: red, blue and green (sides 0, 1, 2), each side also with
    its own shape, so a colour-blind player tells them apart."""
    PLAYERS = "players"
    """Each for oneself: a colour and a shape per player, no teams."""


@dataclass(frozen=True, slots=True)
class TileGroup:
    """Tiles shown together under one word: 72's discarded trumps on the table, or in a
    player's own hand picture the leftover they looked at and their own discards."""

    label: str
    tiles: tuple[Tile, ...]
    dim: bool = False
    """Greyed, as tiles out of play are (discards)."""


@dataclass(frozen=True, slots=True)
class SeatPlace:
    """One seat as drawn around the table."""

    name: str
    """Who sits there, as the table shows them."""
    subtitle: str
    """The seat's own name: ``"North"``."""
    side: int
    """Index into :attr:`TableScene.sides`: the side whose colour the seat wears."""
    dealer: str = ""
    """The word for the dealer at the seat that dealt (``"dealer"``), else ``""``."""
    note: str = ""
    """A short word by the seat: its call in the auction, "to play", "sits out"."""
    turn: bool = False
    played: Tile | None = None
    """Its tile in the trick in progress, or in the completed trick still on the table."""
    won: bool = False
    """Its tile won the completed trick still on the table (R-SEE-TABLE): it is marked."""
    winning: bool = False
    """Its tile takes the trick in progress unless a later one beats it (R-WIN): it is marked
    otherwise than a won trick's, since the trick may still change hands."""


@dataclass(frozen=True, slots=True)
class SideRow:
    """One side's line of the score board: its score and the captured tiles it may show."""

    title: str
    score: str
    """The game score in words: ``"4 marks"``."""
    points: str
    """Hand points in words, or ``""`` when the faces do not show them (R-SEE-MARKS)."""
    groups: tuple[tuple[Tile, ...], ...]
    """Captured tiles face up, each group sorted (R-SEE-POINTS, R-SEE-ANON): one group for a
    points contract, one per face-up pile for a marks contract (R-SEE-MARKS)."""
    covered: int = 0
    """Tricks this side holds face down."""
    covered_text: str = ""
    marks: int | None = None
    """The game score in a game kept in marks, which the board draws as players keep it, in
    tally strokes; ``None`` in a game kept in points."""


@dataclass(frozen=True, slots=True)
class TableScene:
    """The public table: seats clockwise from the first one drawn (the top, or the top left at
    six and eight), then the score board."""

    seats: tuple[SeatPlace, ...]
    sides: tuple[SideRow, ...]
    headline: str
    """Hand number, contract and trump in words."""
    status: str = ""
    """What the declarers still need and what sets them, or what a marks contract asks."""
    banner: str = ""
    """How the hand or the game ended, drawn across the table when set."""
    trick: str = ""
    """The trick's name (``"Trick 4"``), shown while one is being played."""
    lead: str = ""
    """Who led the trick in progress and what it calls for (R-LED-SUIT): ``"East led fives"``."""
    winning: str = ""
    """Who is winning the trick in progress (R-WIN): ``"South is winning"``."""
    legend: tuple[str, str] = ("", "")
    """The words for the trump and count marks, shown when the scene has such tiles."""
    look: Look = Look.COMPASS
    dealt: int = 28
    """The tiles a hand deals in all, so the most the score board may have to show."""
    discards: TileGroup | None = None
    """Discards the rules show face up to everyone (72's discarded trumps, V-72-WIDOW)."""

    def __post_init__(self) -> None:
        if len(self.seats) not in (3, 4, 6, 8):
            raise ValueError("a table has 3, 4, 6 or 8 seats")
        if any(not 0 <= seat.side < len(self.sides) for seat in self.seats):
            raise ValueError("every seat belongs to one of the scene's sides")

    @property
    def tiles_on_table(self) -> bool:
        return any(seat.played is not None for seat in self.seats)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every face the scene shows."""
        played = tuple(seat.played for seat in self.seats if seat.played is not None)
        discards = self.discards.tiles if self.discards is not None else ()
        return played + tuple(tile for side in self.sides for group in side.groups
                              for tile in group) + discards


@dataclass(frozen=True, slots=True)
class HandScene:
    """One player's own hand for their private panel, in dealt order (R-ORDER): up to 12
    tiles (72's declarer holds the widow for a moment), and what only its owner may see
    besides: the leftover they looked at, their own face-down discards (V-GEN-DISCARD)."""

    title: str
    status: str
    tiles: tuple[Tile, ...]
    playable: tuple[bool, ...] | None
    """Per tile, whether it may be played now; ``None`` when it is not this player's turn to
    play, so no tile is marked either way."""
    legend: tuple[str, str, str] = ("", "", "")
    """The words for the trump, count and playable marks."""
    drawn: tuple[bool, ...] | None = None
    """Per tile, whether it came from the leftover, while the owner chooses a discard."""
    drawn_label: str = ""
    aside: tuple[TileGroup, ...] = ()
    """The owner's tiles out of the hand: the leftover they saw and left, their discards."""

    def __post_init__(self) -> None:
        if self.playable is not None and len(self.playable) != len(self.tiles):
            raise ValueError("one playable flag per tile")
        if self.drawn is not None and len(self.drawn) != len(self.tiles):
            raise ValueError("one drawn flag per tile")
        if len(self.tiles) > MAX_HAND:
            raise ValueError(f"a hand picture holds up to {MAX_HAND} tiles")
