"""Seats and sides as plain numbers, and the table shapes that give them meaning.

A :class:`Seat` is a number, clockwise from 0; a :class:`Team` is a side's number, from 0. Neither
knows who sits next to whom, who partners whom or what a seat is called: that is the table's
shape, a :class:`Seating` (R-SEATS for 42's four seats; V-GEN-SEATS, V-140-TABLE, V-84-TABLE for
the variants' three, six and eight), so no arithmetic on a seat's number can be right at one
table and wrong at another.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

MOST_SEATS = 8


class Seat(int):
    """A seat at the table, numbered clockwise from 0.

    >>> Seat(2), Seat(2) == 2, FOUR_SEATS.next_of[Seat(3)]
    (Seat(2), True, Seat(0))
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Seat({int(self)})"


class Team(int):
    """A side, numbered from 0: a team, or a player each for oneself (V-GEN-SEATS). In 42,
    team 0 is seats 0 and 2 (North–South) and team 1 seats 1 and 3 (East–West)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Team({int(self)})"


ALL_SEATS: tuple[Seat, ...] = tuple(Seat(s) for s in range(MOST_SEATS))
"""Every seat number a table may have, each one value shared by every table."""
ALL_TEAMS: tuple[Team, ...] = tuple(Team(s) for s in range(MOST_SEATS))


class Naming(Enum):
    """How a table's seats and sides are called (the bot says them in the reader's language)."""

    COMPASS = "compass"
    """42's four seats: North, East, South, West; sides North–South and East–West (R-SEATS)."""
    NUMBERED = "numbered"
    """Each for oneself: Seat 1, Seat 2, …; a side is its one seat (V-GEN-SEATS)."""
    COLOURED = "coloured"
    """Six or eight seats: each team a colour, its seats numbered within it ("Red 2")."""


@dataclass(frozen=True, slots=True)
class Seating:
    """One table shape: ``side_of[s]`` is seat *s*'s side. The tuples are precomputed because
    the rules read them on every play.

    >>> moon = Seating.each_for_oneself(3)
    >>> moon.next_of[2], moon.side_count, moon.has_teams, moon.naming.value
    (Seat(0), 3, False, 'numbered')
    >>> Seating.teams_of(6, 3).members[1], Seating.teams_of(6, 3).place(Seat(4))
    ((Seat(1), Seat(4)), 2)
    """

    side_of: tuple[Team, ...]
    has_teams: bool
    count: int = field(init=False, compare=False)
    seats: tuple[Seat, ...] = field(init=False, compare=False)
    next_of: tuple[Seat, ...] = field(init=False, compare=False)
    sides: tuple[Team, ...] = field(init=False, compare=False)
    side_count: int = field(init=False, compare=False)
    members: tuple[tuple[Seat, ...], ...] = field(init=False, compare=False)
    """The seats of each side."""
    naming: Naming = field(init=False, compare=False)

    def __post_init__(self) -> None:
        count = len(self.side_of)
        seats = ALL_SEATS[:count]
        sides = ALL_TEAMS[:max(self.side_of) + 1]
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "next_of", tuple(seats[(s + 1) % count] for s in seats))
        object.__setattr__(self, "sides", sides)
        object.__setattr__(self, "side_count", len(sides))
        object.__setattr__(self, "members", tuple(
            tuple(s for s in seats if self.side_of[s] == side) for side in sides))
        naming = (Naming.NUMBERED if not self.has_teams else
                  Naming.COMPASS if count == 4 and len(sides) == 2 else Naming.COLOURED)
        object.__setattr__(self, "naming", naming)

    @classmethod
    def teams_of(cls, count: int, teams: int) -> Seating:
        """``count`` seats in ``teams`` teams seated alternately: seat *s* is on team *s* mod
        ``teams`` (R-SEATS, V-140-TABLE, V-84-TABLE)."""
        return cls(tuple(ALL_TEAMS[s % teams] for s in range(count)), True)

    @classmethod
    def each_for_oneself(cls, count: int) -> Seating:
        """Every seat its own side (V-GEN-SEATS)."""
        return cls(ALL_TEAMS[:count], False)

    def after(self, seat: int, steps: int) -> Seat:
        """The seat ``steps`` places clockwise from ``seat``."""
        return self.seats[(seat + steps) % self.count]

    def other_side(self, side: int) -> Team:
        """The one opposing side of a two-sided game."""
        assert self.side_count == 2, "only two sides have one other side"
        return self.sides[1 - side]

    def partners(self, seat: int) -> tuple[Seat, ...]:
        """The other seats of ``seat``'s side."""
        return tuple(s for s in self.members[self.side_of[seat]] if s != seat)

    def partner(self, seat: int) -> Seat:
        """``seat``'s one partner, at a table of teams of two (R-SEATS: opposite)."""
        partners = self.partners(seat)
        assert len(partners) == 1, "only a team of two has one partner"
        return partners[0]

    def place(self, seat: int) -> int:
        """``seat``'s number within its side, from 1 (how a coloured seat is called)."""
        return self.members[self.side_of[seat]].index(seat) + 1


FOUR_SEATS = Seating.teams_of(4, 2)
"""42's table (R-SEATS): partners opposite, team 0 the even seats."""

SEATS: tuple[Seat, ...] = FOUR_SEATS.seats
"""42's four seats."""
TEAMS: tuple[Team, ...] = FOUR_SEATS.sides
"""42's two teams."""

_ENGLISH = ("North", "East", "South", "West")


def seat_title(seat: int) -> str:
    """How the engine's own English messages name a seat (a refusal's ``message``, the reasons
    of REPLAY.md, logs): 42's compass names for seats 0-3 and "Seat n" beyond, at every table,
    so that stored replays read the same. Players read seats as their table names them
    (:attr:`Seating.naming`, in the bot's catalogs).

    >>> seat_title(1), seat_title(5)
    ('East', 'Seat 6')
    """
    return _ENGLISH[seat] if seat < 4 else f"Seat {seat + 1}"
