"""What a game is played to, worked out once from its variant and its house rules.

The totals a game keeps are marks (R-GAME: the first side to 7) or points (H-POINTS: the
250-point game; V-MOON-GAME, V-BIG-GAME, V-140-GAME), and every reader of a game — the rules,
the computer players, the bot's messages — asks :func:`goal_of` rather than working it out again.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .options import Options
from .seats import Team
from .variants import Variant

POINTS_TO_WIN = 250
"""H-POINTS: the 250-point game."""


@dataclass(frozen=True, slots=True)
class Goal:
    """Marks or points, and the total that wins.

    >>> from engine.options import DEFAULT_OPTIONS, Options
    >>> from engine.variants import FORTY_TWO, MOON
    >>> goal_of(FORTY_TWO, DEFAULT_OPTIONS), goal_of(FORTY_TWO, Options(points_game=True))
    (Goal(in_points=False, target=7), Goal(in_points=True, target=250))
    >>> goal_of(MOON, DEFAULT_OPTIONS)
    Goal(in_points=True, target=21)
    """

    in_points: bool
    target: int


@cache
def goal_of(variant: Variant, options: Options) -> Goal:
    """The goal of a game of ``variant`` with these house rules, worked out once for each."""
    if options.points_game:
        return Goal(True, POINTS_TO_WIN)
    return Goal(variant.scoring.in_points, variant.target)


@dataclass(frozen=True, slots=True)
class Standing:
    """How a game stands: each side's total (in the game's :class:`Goal`) and the winner, once
    there is one (a team, or a player each for oneself)."""

    goal: Goal
    totals: tuple[int, ...]
    winner: Team | None
