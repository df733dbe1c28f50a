"""One tournament, whatever its format: the formats' modules behind one face, so that the bot
stores a tournament as its plan, its entrants and the results recorded in order, and gets the
draw back by replaying them (:func:`replayed`) instead of storing anything derived.

>>> plan = Plan(Format.DOUBLE_ELIMINATION, games_to_win=1)
>>> draw = begin(plan, (1, 2, 3, 4))
>>> [match.sides for match in playable(draw)]
[(1, 4), (2, 3)]
>>> result = league.match_result(playable(draw)[0], [Game(7, 3)], 1)
>>> replayed(plan, (1, 2, 3, 4), [result]) == record(draw, result)
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from . import double_elimination, league, progressive, round_robin, single_elimination, swiss
from .double_elimination import DoubleElimination
from .progressive import Progressive
from .round_robin import RoundRobin
from .single_elimination import Knockout
from .swiss import Swiss
from .types import Entrant, Game, Match, Result

__all__ = ["Draw", "Format", "Game", "Plan", "begin", "finished", "placings",
           "playable", "record", "replayed"]


class Format(Enum):
    """The formats a tournament may take (docs/TOURNAMENTS.md); the value is stored."""

    DOUBLE_ELIMINATION = "double"
    POOLS = "pools"
    """Round-robin pools of four, their top two into a single elimination."""
    SINGLE_ELIMINATION = "single"
    SWISS = "swiss"
    PROGRESSIVE = "whist"
    """Individual progressive play: players, not teams, partners rotating round by round."""

    @property
    def least(self) -> int:
        """The fewest entrants (teams, or players in progressive play) it is played with."""
        return 4 if self in (Format.POOLS, Format.PROGRESSIVE) else 2

    @property
    def individual(self) -> bool:
        """Whether its entrants are players (everyone signs up alone) rather than teams."""
        return self is Format.PROGRESSIVE


@dataclass(frozen=True, slots=True)
class Plan:
    """What the draw depends on besides the entrants: the format, the games a side needs to win
    a match (1, or 2 of 3), the Swiss rounds (about log₂ of the teams if left out) and the
    seed of a Swiss first round's order."""

    format: Format
    games_to_win: int = league.GAMES_TO_WIN
    swiss_rounds: int | None = None
    seed: int | None = None

    def __post_init__(self) -> None:
        if self.games_to_win not in (1, 2):
            raise ValueError(f"a match is one game or best of three, not {self.games_to_win}")

    def rounds_for(self, teams: int) -> int:
        """The Swiss rounds for ``teams`` teams."""
        if self.swiss_rounds is not None:
            return self.swiss_rounds
        return max(1, math.ceil(math.log2(teams)))


Phase = DoubleElimination | RoundRobin | Knockout | Swiss | Progressive


@dataclass(frozen=True, slots=True)
class Draw:
    """A tournament's draw: its plan, and the phase in play (pools are followed by their
    knockout, kept in ``knockout`` once the pools are over)."""

    plan: Plan
    phase: Phase
    knockout: Knockout | None = None

    @property
    def current(self) -> Phase:
        """The part being played: the knockout once there is one, else the phase."""
        return self.knockout if self.knockout is not None else self.phase


def begin(plan: Plan, entrants: Sequence[Entrant]) -> Draw:
    """The draw of a new tournament between ``entrants``, the strongest first.

    Raises ValueError when the format cannot be played with that many."""
    if len(entrants) < plan.format.least:
        raise ValueError(f"{plan.format.value} needs {plan.format.least} teams or more")
    match plan.format:
        case Format.DOUBLE_ELIMINATION:
            return Draw(plan, double_elimination.start(entrants))
        case Format.POOLS:
            return Draw(plan, round_robin.start(entrants, games_to_win=plan.games_to_win))
        case Format.SINGLE_ELIMINATION:
            return Draw(plan, single_elimination.start(entrants))
        case Format.SWISS:
            return Draw(plan, swiss.start(entrants, plan.rounds_for(len(entrants)), plan.seed))
        case Format.PROGRESSIVE:
            return Draw(plan, progressive.start(entrants))


def playable(draw: Draw) -> tuple[Match, ...]:
    """The matches to play now (byes are scored by the format and never played)."""
    current = draw.current
    if isinstance(current, DoubleElimination):
        return double_elimination.next_matches(current)
    if isinstance(current, RoundRobin):
        return round_robin.next_matches(current)
    if isinstance(current, Knockout):
        return single_elimination.next_matches(current)
    if isinstance(current, Progressive):
        return progressive.next_matches(current)
    return swiss.next_matches(current)


def record(draw: Draw, result: Result) -> Draw:
    """The draw after ``result``; raises ValueError for a match not to be played now."""
    current = draw.current
    if isinstance(current, Knockout):
        return Draw(draw.plan, draw.phase, single_elimination.record(current, result))
    if isinstance(current, DoubleElimination):
        return Draw(draw.plan, double_elimination.record(current, result))
    if isinstance(current, Swiss):
        return Draw(draw.plan, swiss.record(current, result))
    if isinstance(current, Progressive):
        return Draw(draw.plan, progressive.record(current, result))
    pools = round_robin.record(current, result)
    if round_robin.finished(pools):
        return Draw(draw.plan, pools, round_robin.knockout(pools))
    return Draw(draw.plan, pools)


def replayed(plan: Plan, entrants: Sequence[Entrant], results: Sequence[Result]) -> Draw:
    """The draw of a stored tournament: begun again, every stored result recorded in order
    (the last few draws are kept: a tournament is read again at each step)."""
    return _replayed(plan, tuple(entrants), tuple(results))


@lru_cache(maxsize=64)
def _replayed(plan: Plan, entrants: tuple[Entrant, ...], results: tuple[Result, ...]) -> Draw:
    draw = begin(plan, entrants)
    for result in results:
        draw = record(draw, result)
    return draw


def finished(draw: Draw) -> bool:
    current = draw.current
    if isinstance(current, DoubleElimination):
        return double_elimination.finished(current)
    if isinstance(current, RoundRobin):
        return False  # the pools are followed by their knockout
    if isinstance(current, Knockout):
        return single_elimination.finished(current)
    if isinstance(current, Progressive):
        return progressive.finished(current)
    return swiss.finished(current)


def placings(draw: Draw) -> tuple[tuple[Entrant, ...], ...]:
    """The final places, best first (entrants sharing a place together), once finished."""
    current = draw.current
    if isinstance(current, DoubleElimination):
        return double_elimination.placings(current)
    if isinstance(current, Knockout):
        return single_elimination.placings(current)
    if isinstance(current, Swiss):
        if not swiss.finished(current):
            raise ValueError("the tournament is not over")
        return tuple((line.entrant,) for line in swiss.standings(current))
    if isinstance(current, Progressive) and progressive.finished(current):
        return tuple((line.player,) for line in progressive.standings(current))
    raise ValueError("the tournament is not over")

