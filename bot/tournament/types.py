"""The values every format shares: who plays (:data:`Entrant`), a meeting or a bye
(:class:`Match`), one game's marks (:class:`Game`) and how a match ended (:class:`Result`).

A format's state is its entrants and the results recorded so far; the matches it offers next are
computed from them, so a result names the :class:`Match` it ends and a stale or foreign result is
refused instead of silently changing the draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TypeAlias

Entrant: TypeAlias = int
"""A team or, in individual (whist) play, a player: the caller's id for it. Formats take entrants
in seed order (the strongest first) and never look inside the number."""


class Stage(Enum):
    """Which part of a tournament a match belongs to: it is part of a match's identity, since
    two teams may meet twice in a double elimination (once in each bracket)."""

    WINNERS = "winners"
    """Double elimination: both teams unbeaten."""
    LOSERS = "losers"
    """Double elimination: both teams with one match lost."""
    CROSS = "cross"
    """Double elimination: an unbeaten team against a team with one loss before the final, the
    rare meeting that spares a team a second bye (docs/TOURNAMENTS.md)."""
    FINAL = "final"
    """Double elimination: the grand final, the last two teams."""
    RESET = "reset"
    """Double elimination: the grand final again, when the unbeaten team lost the first."""
    KNOCKOUT = "knockout"
    """Single elimination."""
    POOL = "pool"
    """A round-robin pool."""
    SWISS = "swiss"
    """A Swiss round."""
    PROGRESSIVE = "progressive"
    """A table of individual progressive play: two partnerships of the round."""


@dataclass(frozen=True, slots=True)
class Match:
    """Two entrants meeting, or a bye (``second is None``): ``first`` moves on without playing.

    ``round`` counts from 1 within the stage's format; ``slot`` orders the matches of a round
    (table numbers), from 0. ``first`` is the higher seed or rank of the two, or the unbeaten
    team of a double elimination's cross match or final."""

    stage: Stage
    round: int
    slot: int
    first: Entrant
    second: Entrant | None = None

    @property
    def bye(self) -> bool:
        return self.second is None

    @property
    def sides(self) -> tuple[Entrant, ...]:
        """The entrants in the match: one for a bye, else two."""
        return (self.first,) if self.second is None else (self.first, self.second)

    def other(self, entrant: Entrant) -> Entrant | None:
        """The opponent of ``entrant`` (None for a bye)."""
        if entrant == self.first:
            return self.second
        if entrant == self.second:
            return self.first
        raise ValueError(f"entrant {entrant} is not in {self}")


@dataclass(frozen=True, slots=True)
class Game:
    """One game's marks: ``first`` for the match's first side, ``second`` for the other."""

    first: int
    second: int

    def __post_init__(self) -> None:
        if self.first < 0 or self.second < 0:
            raise ValueError(f"marks are never negative: {self}")


@dataclass(frozen=True, slots=True)
class Result:
    """How a match ended: its winner and, when known, each game's marks (a format that only
    needs the winner accepts a result without games). ``forfeit`` marks a match not played."""

    match: Match
    winner: Entrant
    games: tuple[Game, ...] = ()
    forfeit: bool = False

    def __post_init__(self) -> None:
        if self.winner not in self.match.sides:
            raise ValueError(f"the winner {self.winner} is not in {self.match}")

    @property
    def loser(self) -> Entrant | None:
        """The side that lost (None for a bye)."""
        return self.match.other(self.winner)

    def marks(self, entrant: Entrant, cap: int | None = None) -> tuple[int, int]:
        """Marks for and against ``entrant`` over the games, each game's counted up to ``cap``
        when given (pools count at most 7 a game, so a last hand bid high weighs no more than
        the game it ends)."""
        own_first = entrant == self.match.first
        if not own_first and entrant != self.match.second:
            raise ValueError(f"entrant {entrant} is not in {self.match}")
        scored = against = 0
        for game in self.games:
            mine, theirs = (game.first, game.second) if own_first else (game.second, game.first)
            scored += mine if cap is None else min(mine, cap)
            against += theirs if cap is None else min(theirs, cap)
        return scored, against
