"""Table options: the house rules of HOUSE-RULES.md, all off by default (the game is RULES.md)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class NelloDoubles(Enum):
    """Where doubles rank in Nello (H-NELLO)."""

    HIGH = "high"
    LOW = "low"
    OWN_SUIT = "own_suit"


@dataclass(frozen=True, slots=True)
class Options:
    nello: bool = False
    nello_doubles: NelloDoubles = NelloDoubles.HIGH
    nello_dealer_only: bool = False
    splash: bool = False
    splash_marks: int = 3
    plunge: bool = False
    sevens: bool = False
    forced_bid: bool = False
    points_game: bool = False


DEFAULT_OPTIONS = Options()
