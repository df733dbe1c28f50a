"""The closed set of actions a seat can take, each with one short text form and its parser.

The same text travels in component custom ids, in storage and in logs of actions (which hold no
hidden tile: an action's text names a tile only once it has been played).

>>> [str(a) for a in (Pass(), Bid(points=31), Bid(marks=2), NameTrump(Trump.FIVES, piles=1))]
['pass', 'bid:31', 'bid:2m', 'trump:5:1']
>>> parse_action("play:6-4") == Play(Domino.parse("4-6"))
True

The variants add bids (V-MOON-AUCTION, V-GEEZER-WATER), the leftover step and discards
(V-BIG-LEFTOVER, V-MOON-WIDOW, V-140-BONEYARD, V-72-WIDOW) and the Big Game's low lead:

>>> [str(a) for a in (Bid(kind=BidKind.MOON), Bid(marks=2, kind=BidKind.DIP), Leftover(True))]
['bid:moon', 'bid:2m:dip', 'leftover:take']
>>> str(Discard((Domino.parse("5-6"), Domino.parse("1-2"))).canonical)
'discard:1-2,5-6'
>>> str(Play(Domino.parse("3-7", top=8), low=True))
'play:3-7:low'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .dominoes import Domino
from .trumps import Trump


class BidKind(Enum):
    """A bid is plain, or one of the special bids: the house rules' (H-SPLASH, H-PLUNGE), Moon's
    (V-MOON-AUCTION) and Geezer's water bids (V-GEEZER-WATER: dip, dive and its plunge)."""

    PLAIN = "plain"
    SPLASH = "splash"
    PLUNGE = "plunge"
    MOON = "moon"
    OVER_MOON = "over_moon"
    DIP = "dip"
    DIVE = "dive"

    @property
    def is_moon(self) -> bool:
        return self is BidKind.MOON or self is BidKind.OVER_MOON


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline to bid (R-AUCTION); it exists only in the auction (R-PASS-ONLY-IN-AUCTION)."""

    def __str__(self) -> str:
        return "pass"

    @property
    def title(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Bid:
    """A points bid of 30-41 (R-BID-POINTS) or a marks bid (R-BID-MARKS); exactly one is set,
    except for Moon's moon and over the moon, which have neither (V-MOON-AUCTION)."""

    points: int = 0
    marks: int = 0
    kind: BidKind = BidKind.PLAIN

    @property
    def is_marks(self) -> bool:
        return self.marks > 0

    def __str__(self) -> str:
        if self.kind.is_moon:
            return f"bid:{self.kind.value}"
        if not self.marks:
            return f"bid:{self.points}"
        suffix = "" if self.kind is BidKind.PLAIN else f":{self.kind.value}"
        return f"bid:{self.marks}m{suffix}"

    @property
    def title(self) -> str:
        if self.kind.is_moon:
            return self.kind.value.replace("_", " ").capitalize()
        if not self.marks:
            return f"{self.points}"
        marks = f"{self.marks} mark" + ("" if self.marks == 1 else "s")
        return marks if self.kind is BidKind.PLAIN else f"{self.kind.value.capitalize()} ({marks})"


@dataclass(frozen=True, slots=True)
class NameTrump:
    """The declarer's trump (R-TRUMP-CHOICE) and, on a marks contract only, the piles (R-PILES)."""

    trump: Trump
    piles: int | None = None

    def __str__(self) -> str:
        piles = "" if self.piles is None else f":{self.piles}"
        return f"trump:{self.trump.code}{piles}"

    @property
    def title(self) -> str:
        if self.piles is None:
            return self.trump.title
        return f"{self.trump.title}, {self.piles} pile" + ("" if self.piles == 1 else "s")


@dataclass(frozen=True, slots=True)
class Play:
    """Play one tile to the trick; of two copies of a face, the one dealt first (R-ORDER).
    ``low``: a Big Game lead that calls the tile's lower end (V-BIG-LEAD-LOW)."""

    tile: Domino
    low: bool = False

    def __str__(self) -> str:
        return f"play:{self.tile}:low" if self.low else f"play:{self.tile}"

    @property
    def title(self) -> str:
        return f"{self.tile.label} (leading {self.tile.low}s)" if self.low else self.tile.label


@dataclass(frozen=True, slots=True)
class Leftover:
    """The Big Game declarer takes the leftover tile or leaves it (V-BIG-LEFTOVER)."""

    take: bool

    def __str__(self) -> str:
        return "leftover:take" if self.take else "leftover:leave"

    @property
    def title(self) -> str:
        return "take the leftover" if self.take else "leave the leftover"


@dataclass(frozen=True, slots=True)
class Discard:
    """Tiles the declarer lays face down after taking the leftover (V-GEN-DISCARD), in the
    order given; :attr:`canonical` is the one order the rules list them in. In a review,
    ``hidden`` counts the tiles not shown (R-REVIEW)."""

    tiles: tuple[Domino, ...]
    hidden: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", tuple(t.face for t in self.tiles))

    @property
    def canonical(self) -> Discard:
        """The same discard with its tiles in set order, as ``legal_actions()`` lists it."""
        return Discard(tuple(sorted(self.tiles)), self.hidden)

    def __str__(self) -> str:
        return "discard:" + ",".join([*(str(t) for t in self.tiles), *("?" * self.hidden)])

    @property
    def title(self) -> str:
        face_down = f"{self.hidden} face down" if self.hidden else ""
        return "discard " + " ".join([*(t.label for t in self.tiles), face_down]).strip()


Action = Pass | Bid | NameTrump | Play | Leftover | Discard


def parse_action(text: str, top: int = 6) -> Action:
    """The exact inverse of ``str(action)`` for a double-``top`` set (42's by default); raises
    ``ValueError`` on anything else, so one action has one text in storage and custom ids (a
    tile may be written either end first)."""
    action = _read_action(text, top)
    if action is None or text not in _texts(action):
        raise ValueError(f"unknown action {text!r}")
    return action


def _texts(action: Action) -> tuple[str, ...]:
    if isinstance(action, Play):
        low = ":low" if action.low else ""
        return (str(action), f"play:{action.tile.high}-{action.tile.low}{low}")
    return (str(action),)


def _read_action(text: str, top: int) -> Action | None:
    kind, _, rest = text.partition(":")
    try:
        if kind == "pass":
            return Pass()
        if kind == "play":
            tile, _, low = rest.partition(":")
            return Play(Domino.parse(tile, top), low=low == "low")
        if kind == "trump":
            trump, _, piles = rest.partition(":")
            return NameTrump(Trump.parse(trump, top), int(piles) if piles else None)
        if kind == "bid":
            return _read_bid(rest)
        if kind == "leftover" and rest in ("take", "leave"):
            return Leftover(rest == "take")
        if kind == "discard" and rest:
            return Discard(tuple(Domino.parse(tile, top) for tile in rest.split(",")))
    except ValueError:
        pass
    return None


def _read_bid(rest: str) -> Bid:
    amount, _, special = rest.partition(":")
    if amount in (BidKind.MOON.value, BidKind.OVER_MOON.value) and not special:
        return Bid(kind=BidKind(amount))
    if amount.endswith("m"):
        bid_kind = BidKind(special) if special else BidKind.PLAIN
        if bid_kind.is_moon:
            raise ValueError("a moon bid has no marks")
        return Bid(marks=int(amount[:-1]), kind=bid_kind)
    return Bid(points=int(amount))
