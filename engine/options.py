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
    """Which house rules a table plays; part of a stored game, since they change what is legal."""

    nello: bool = False
    nello_doubles: NelloDoubles = NelloDoubles.HIGH
    nello_dealer_only: bool = False
    splash: bool = False
    splash_marks: int = 3
    plunge: bool = False
    sevens: bool = False
    forced_bid: bool = False
    points_game: bool = False

    def __post_init__(self) -> None:
        if self.splash_marks not in (2, 3):
            raise ValueError("a Splash is worth 2 or 3 marks")
        if self.points_game and (self.nello or self.splash or self.plunge or self.sevens):
            raise ValueError("the 250-point game is played without Nello, Splash, Plunge and "
                             "Sevens (H-POINTS)")

    @property
    def names(self) -> tuple[str, ...]:
        """The house rules in force, by their short names (empty for the default game)."""
        flags = (("nello", self.nello), ("splash", self.splash), ("plunge", self.plunge),
                 ("sevens", self.sevens), ("forced_bid", self.forced_bid),
                 ("points_game", self.points_game))
        return tuple(name for name, on in flags if on)


DEFAULT_OPTIONS = Options()
