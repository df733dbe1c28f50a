"""The closed set of actions a seat can take, each with one short text form and its parser.

The same text travels in component custom ids, in storage and in logs of actions (which hold no
hidden tile: an action's text names a tile only once it has been played).

>>> [str(a) for a in (Pass(), Bid(points=31), Bid(marks=2), NameTrump(Trump.FIVES, piles=1))]
['pass', 'bid:31', 'bid:2m', 'trump:5:1']
>>> parse_action("play:6-4") == Play(Domino.parse("4-6"))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .dominoes import Domino
from .trumps import Trump


class BidKind(Enum):
    """A marks bid is plain, or one of the house rules' special bids (H-SPLASH, H-PLUNGE)."""

    PLAIN = "plain"
    SPLASH = "splash"
    PLUNGE = "plunge"


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
    """A points bid of 30-41 (R-BID-POINTS) or a marks bid (R-BID-MARKS); exactly one is set."""

    points: int = 0
    marks: int = 0
    kind: BidKind = BidKind.PLAIN

    @property
    def is_marks(self) -> bool:
        return self.marks > 0

    def __str__(self) -> str:
        if not self.marks:
            return f"bid:{self.points}"
        suffix = "" if self.kind is BidKind.PLAIN else f":{self.kind.value}"
        return f"bid:{self.marks}m{suffix}"

    @property
    def title(self) -> str:
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
    """Play one tile to the trick."""

    tile: Domino

    def __str__(self) -> str:
        return f"play:{self.tile}"

    @property
    def title(self) -> str:
        return self.tile.label


Action = Pass | Bid | NameTrump | Play


def parse_action(text: str) -> Action:
    """The exact inverse of ``str(action)``; raises ``ValueError`` on anything else, so one
    action has one text in storage and custom ids (a tile may be written either end first)."""
    action = _read_action(text)
    if action is None or text not in _texts(action):
        raise ValueError(f"unknown action {text!r}")
    return action


def _texts(action: Action) -> tuple[str, ...]:
    if isinstance(action, Play):
        return (str(action), f"play:{action.tile.high}-{action.tile.low}")
    return (str(action),)


def _read_action(text: str) -> Action | None:
    kind, _, rest = text.partition(":")
    try:
        if kind == "pass":
            return Pass()
        if kind == "play":
            return Play(Domino.parse(rest))
        if kind == "trump":
            trump, _, piles = rest.partition(":")
            return NameTrump(Trump.parse(trump), int(piles) if piles else None)
        if kind == "bid":
            amount, _, special = rest.partition(":")
            if amount.endswith("m"):
                bid_kind = BidKind(special) if special else BidKind.PLAIN
                return Bid(marks=int(amount[:-1]), kind=bid_kind)
            return Bid(points=int(amount))
    except ValueError:
        pass
    return None
